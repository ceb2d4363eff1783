import AnimConsole
import AnimEngine
import AnimExport
import AnimImport
import AnimLanguage
import AnimRender
import AnimStage
import CLibFuzzer

#if canImport(Glibc)
  import Glibc
#endif

/// The fuzzer's entry point: one input, as raw bytes, run as a script.
///
/// Each input goes through every stage a user's script can reach: the lexer
/// (`Lexer.tokens`), the expression parser of the REPL's `:ast`, the checker
/// (`ScriptRunner.check`) and the interpreter with its clock (`ScriptRunner.run`),
/// and every diagnostic is rendered with its source line and caret; then the
/// surfaces that replay a script's frames: `anim fmt` (whose output must keep
/// the tokens and be a fixed point), `anim render` (frames drawn with Cairo at
/// t = 0, ½ and the script's end, and the SVG of its end) and `anim export`
/// (the stage recorded at 10 frames a second for a second, written as Lottie
/// and as the HTML player). Output is discarded. Run time is bounded by the interpreter's own limits (see the
/// README's limits table), a work limit of `workLimit` steps instead of the
/// default ten million (so that an input that loops costs milliseconds, not
/// seconds under the sanitizers), and by refusing inputs over
/// `maximumInputSize`: libFuzzer's `-timeout` reports anything that still
/// takes seconds.
///
/// Imports never touch the disk: `FuzzFiles` serves a few small virtual files,
/// including a cycle and a file with a syntax error.
///
/// An input that starts (after white space) with `{` is also a Lottie file
/// for `anim import` (`fuzzImport`): it must be imported or refused with an
/// `ImportError`, and a script it imports must check, be in `anim fmt`'s
/// layout, and run within the work limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // Larger inputs only repeat what small ones reach, and make each run slower.
  guard size <= maximumInputSize else { return -1 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  fuzzImport(bytes)
  let source = SourceFile(path: FuzzFiles.mainPath, bytes: bytes)
  let renderer = DiagnosticRenderer(useColor: false)

  for token in Lexer.tokens(of: source) { _ = token.text }
  _ = Parser.parseExpression(source)

  let checked = ScriptRunner.check(source, readFile: FuzzFiles.read)
  for (diagnostic, file) in checked.errors { _ = renderer.render(diagnostic, in: file) }

  var printed = 0
  let result = ScriptRunner.run(
    source, output: { line in printed &+= line.utf8.count }, readFile: FuzzFiles.read,
    workLimit: workLimit)
  for (diagnostic, file) in result.errors { _ = renderer.render(diagnostic, in: file) }
  for failure in result.failedExpectations {
    _ = renderer.render(failure.diagnostic, in: failure.file ?? source)
  }
  precondition(
    [0, 1, 65, 66, 70, 74].contains(result.exitCode), "unexpected exit code \(result.exitCode)")

  fuzzFormatting(source)
  if checked.errors.isEmpty {
    for selection in [FrameSelection.at(0), .at(0.5), .end] { fuzzRender(source, selection) }
    fuzzExport(source)
  }
  return 0
}

/// `anim import` of a Lottie document, or of a dotLottie (ZIP) archive's
/// first animation with its first theme applied (when it lists one; its
/// slots otherwise come from the document's own): an error is an `ImportError` (the function's typed
/// throw says so); a script it writes checks, is already in `anim fmt`'s
/// layout, and runs (a runtime error is allowed: a file may ask for more
/// views than a scene holds).
func fuzzImport(_ bytes: [UInt8]) {
  var document = bytes
  var archive: DotLottie?
  var theme: [SlotValues] = []
  if DotLottie.isArchive(bytes) {
    do {
      archive = try DotLottie(bytes)
      document = try archive!.animation(nil).bytes
      if let id = archive!.themeIDs.first {
        theme = [try archive!.theme(id, animation: archive!.animationIDs[0])]
      }
    } catch {
      _ = error.description
      return
    }
  }
  guard let first = document.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
    first == UInt8(ascii: "{")
  else { return }
  let result: LottieImporter.Result
  do {
    result = try LottieImporter.importScript(
      document, source: "fuzz.json", archive: archive, slots: theme)
  } catch {
    _ = error.description
    return
  }
  for note in result.notes { _ = note.description }
  // The script reads its images beside it, as `anim import` writes them:
  // decoded ones go into a folder of this process's; one copied from
  // beside the Lottie file has no file here, so such a script is not run.
  var folder = "/anim-fuzz"
  if !result.images.isEmpty {
    folder = ImportedImageFolder.path
    for image in result.images {
      guard case .bytes(let bytes) = image.content else { return }
      ImportedImageFolder.write(bytes, named: image.name)
    }
  }
  let script = SourceFile(path: folder + "/imported.anim", text: result.script)
  let checked = ScriptRunner.check(script, readFile: FuzzFiles.read)
  // A dotLottie's font that FreeType cannot open is refused by `anim
  // import` after the importer (ImportImages): not the importer's defect.
  if !checked.errors.isEmpty && result.images.contains(where: \.isFont) { return }
  precondition(
    checked.errors.isEmpty,
    "an imported script does not check: \(checked.errors.first.map { $0.0.message } ?? "")")
  precondition(
    (try? SourceFormatter.format(script)) == result.script,
    "an imported script is not in anim fmt's layout")
  let run = ScriptRunner.run(
    script, output: { _ in }, readFile: FuzzFiles.read, workLimit: workLimit)
  precondition([0, 70].contains(run.exitCode), "imported script exit code \(run.exitCode)")
}

/// `anim fmt`: a script that parses formats to text with the same tokens
/// (the formatter checks that itself, and fails with `internalError` if not),
/// and formatting that text again changes nothing.
func fuzzFormatting(_ source: SourceFile) {
  let formatted: String
  do { formatted = try SourceFormatter.format(source) } catch {
    if case .internalError(let message) = error { preconditionFailure("fmt: \(message)") }
    return
  }
  let again = try? SourceFormatter.format(SourceFile(path: source.path, text: formatted))
  precondition(again == formatted, "fmt is not idempotent")
}

/// A frame runner for the fuzzed script, reading imports from `FuzzFiles`.
func fuzzRunner(_ source: SourceFile, _ selection: FrameSelection) -> (FrameRunner, FramePlan)? {
  let runner = FrameRunner(source: source, selection: selection)
  runner.workLimit = workLimit
  runner.readFile = FuzzFiles.read
  let (_, plan) = runner.survey(output: { _ in })
  guard let plan, plan.schedule.count > 0 else { return nil }
  return (runner, plan)
}

/// `anim render` of one frame: drawn with Cairo at a small size, converted to
/// RGBA, and the same scene as SVG.
func fuzzRender(_ source: SourceFile, _ selection: FrameSelection) {
  guard let (runner, plan) = fuzzRunner(source, selection),
    let layout = try? plan.layout(sizing: .size(width: 48, height: 36)),
    let canvas = try? CairoCanvas(layout: layout)
  else { return }
  var rgba: [UInt8] = []
  try? runner.play(plan) { frame in
    guard drawnWeight(frame.scene) <= maximumDrawnViews else { throw TooManyViews() }
    canvas.draw(frame.scene)
    canvas.rgba(into: &rgba)
    _ = SVGDocument.text(frame.scene, layout: layout)
  }
  precondition(rgba.isEmpty || rgba.count == 48 * 36 * 4, "a frame of the wrong size")
}

/// `anim export` over the first second at 10 frames a second, as Lottie and
/// as the HTML player.
func fuzzExport(_ source: SourceFile) {
  guard let (runner, plan) = fuzzRunner(source, .range(from: 0, to: 1, fps: 10)),
    let layout = try? plan.layout()
  else { return }
  let recorder = StageRecorder(frameRate: plan.schedule.rate)
  do {
    try runner.play(plan) { frame in
      guard drawnWeight(frame.scene) <= maximumDrawnViews else { throw TooManyViews() }
      recorder.observe(
        frame: frame.index, time: frame.time, scene: frame.scene, clock: frame.clock)
    }
  } catch { return }
  let recording = recorder.recording()
  let stage = ExportStage(
    originX: layout.world.minX, originY: layout.world.minY, pixelWidth: layout.pixelWidth,
    pixelHeight: layout.pixelHeight, scale: layout.scale, background: nil)
  var bytes = 0
  LottieWriter.write(recording, stage: stage) { bytes &+= $0.utf8.count }
  HTMLPlayerWriter.write(recording, stage: stage) { bytes &+= $0.utf8.count }
  precondition(bytes > 0, "an export wrote nothing")
}

/// The largest input run; bigger ones are rejected (libFuzzer drops them from the corpus).
let maximumInputSize = 4096

/// The work each input may do, in the interpreter's steps.
let workLimit = 200_000

/// The most views a frame is drawn or recorded with. The interpreter's work
/// limit does not bound drawing: a seed from tests/ with a grid of 10 100
/// views, drawn three times and recorded for ten frames, took over 10 s under
/// AddressSanitizer and stopped 4 of 15 workers within their first minute,
/// so libFuzzer's 10 s timeout fired on an input that was only large. With
/// this bound a timeout means a hang: beyond it render and export stop at
/// their first frame (the script itself still runs in full).
let maximumDrawnViews = 2_000

/// Stops a render or an export at a frame with more than `maximumDrawnViews`.
struct TooManyViews: Error {}

/// What a frame draws, for `maximumDrawnViews`: its views, a text's letters
/// counted one each (a text of 26 000 letters, exported at ten frames, took
/// 9 s under AddressSanitizer: only large).
func drawnWeight(_ scene: Scene) -> Int {
  var weight = 0
  scene.forEachView { id, kind, _ in
    weight += 1
    if kind == .text, case .string(let text) = scene.state(of: id)[object: .text] {
      weight += text.utf8.count
    }
  }
  return weight
}

/// A folder of this process's for the images an import decodes.
enum ImportedImageFolder {
  static let path: String = {
    let folder = "/tmp/anim-fuzz-images-\(getpid())"
    mkdir(folder, 0o700)
    return folder
  }()

  static func write(_ bytes: [UInt8], named name: String) {
    let file = fopen(path + "/" + name, "wb")
    guard let file else { return }
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
  }
}

/// The files a fuzzed script may import, kept in memory.
enum FuzzFiles {
  static let mainPath = "/anim-fuzz/main.anim"

  static let files: [String: String] = [
    "/anim-fuzz/lib.anim": """
    def pulse(d) = fade(out, d) + fade(in, d)
    view card(x: 10, y: 20)
    grid tiles(cols: 3, rows: 2, size: 10)
    """,
    "/anim-fuzz/a.anim": "import \"b.anim\"\nx = 1\n",
    "/anim-fuzz/b.anim": "import \"a.anim\"\ny = 2\n",
    "/anim-fuzz/bad.anim": "run fade(out, 1 + \n",
    "/anim-fuzz/main.anim": "import \"main.anim\"\n",
  ]

  static func read(_ path: String) throws -> [UInt8] {
    guard let text = files[path] else { throw MissingFile() }
    return Array(text.utf8)
  }

  struct MissingFile: Error {}
}

/// The executable's entry point. SwiftPM links an executable target with its
/// `main` renamed to `<module>_main`; with `-parse-as-library` there is no
/// top-level code, so this function provides it and runs libFuzzer's driver,
/// which reads the command line (`-max_total_time=…`, corpus folders) and calls
/// `LLVMFuzzerTestOneInput` for every input.
@_cdecl("AnimFuzz_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
    guard let data else { return 0 }
    return fuzzOneInput(data, size)
  }
}
