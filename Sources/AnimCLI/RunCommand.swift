import AnimFiles
import AnimLanguage
import ArgumentParser
import Foundation

/// `anim run FILE...` (also `anim FILE`, `anim -e TEXT`): runs scripts, each
/// in a fresh scene; `-` is standard input.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scripts.",
    discussion: "`anim FILE` is `anim run FILE`, and `anim -e TEXT` is `anim run -e TEXT`.")

  @ArgumentParser.Argument(
    help: "The .anim scripts to run, in order; - is standard input.",
    completion: .file(extensions: ["anim"]))
  var files: [String] = []

  @Option(
    name: [.customShort("e"), .customLong("eval")],
    help: ArgumentHelp("Run TEXT as a script (before any FILE).", valueName: "TEXT"))
  var text: String?

  @Flag(help: "Run again whenever a script or a file it imports changes (until Ctrl-C).")
  var watch = false

  @OptionGroup var limits: WorkLimitOption

  func validate() throws {
    if files.isEmpty && text == nil {
      throw ValidationError("give a script to run: FILE, - for standard input, or -e TEXT")
    }
    if watch && files.contains("-") {
      throw ValidationError("--watch cannot watch standard input")
    }
  }

  func run() throws {
    let limit = limits.workLimit
    var sources: [SourceLoading.Input] = files.map { .path($0) }
    if let text { sources.insert(.text(text), at: 0) }
    guard watch else {
      try Self.run(sources, workLimit: limit)
      return
    }
    Watcher.run { reads in
      // Every file the scripts read (imports included) is watched.
      for file in files { reads.record(file) }
      _ = try? SourceLoading.each(sources) {
        ScriptRunner.run(
          $0, output: Terminal.writeLine,
          readFile: { path in
            reads.record(path)
            return try ScriptRunner.readFile(path)
          }, workLimit: limit)
      }
    }
  }

  /// Runs `sources` in order, each in a fresh scene.
  static func run(_ sources: [SourceLoading.Input], workLimit: Int) throws {
    try SourceLoading.each(sources) {
      ScriptRunner.run($0, output: Terminal.writeLine, workLimit: workLimit)
    }
  }

  /// The files of `anim run FILE...` when the command line is exactly that,
  /// with no option: the common case, which needs no argument parser.
  static func plainFiles(_ arguments: [String]) -> [String]? {
    guard arguments.count > 1, arguments[0] == "run" else { return nil }
    let files = arguments.dropFirst()
    guard files.allSatisfy({ $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
    return Array(files)
  }

  /// `anim run FILE...` without ArgumentParser, whose reflection over the
  /// commands' properties (protocol-conformance lookups through the whole
  /// static binary) took about a third of a one-line script's start-up (W6).
  /// Exits with the code the parsed command would give.
  static func runWithoutParsing(_ files: [String]) -> Never {
    do {
      try run(files.map { .path($0) }, workLimit: Interpreter.defaultWorkLimit)
    } catch let code as ExitCode {
      Foundation.exit(code.rawValue)
    } catch {
      Anim.exit(withError: error)
    }
    Foundation.exit(ExitStatus.success)
  }
}

/// `anim check FILE...`: parses and resolves only.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Parse and resolve scripts without running them.")

  @ArgumentParser.Argument(
    help: "The .anim scripts to check; - is standard input.",
    completion: .file(extensions: ["anim"]))
  var files: [String]

  @Flag(help: "Write each diagnostic to standard output as one JSON object per line.")
  var json = false

  func run() throws {
    let json = self.json
    try SourceLoading.each(files.map { .path($0) }, reporting: !json) { source in
      let result = ScriptRunner.check(source)
      if json {
        for (diagnostic, file) in result.errors {
          Terminal.writeLine(DiagnosticJSON.line(diagnostic, in: file))
        }
      }
      return result
    }
  }
}

/// Reading a script from disk, with the exit codes of SPEC §8.
enum SourceLoading {
  /// Where a script comes from.
  enum Input {
    /// A file; `-` is standard input.
    case path(String)
    /// Text given on the command line (`-e TEXT`), shown as `<-e>` in diagnostics.
    case text(String)
  }

  /// Loads each script in turn, runs `body` on it and reports its result;
  /// exits with the worst exit code (a missing file counts 66).
  static func each(
    _ inputs: [Input], reporting: Bool = true, _ body: (SourceFile) -> ScriptResult
  ) throws {
    var worst: Int32 = ExitStatus.success
    for input in inputs {
      let source: SourceFile
      switch input {
      case .text(let text):
        source = SourceFile(path: "<-e>", text: text)
      case .path(let path):
        guard let loaded = try load(path) else {
          worst = max(worst, ExitStatus.noInput)
          continue
        }
        source = loaded
      }
      let result = body(source)
      if reporting { Terminal.report(result) }
      worst = max(worst, result.exitCode)
    }
    Terminal.flush()
    if worst != ExitStatus.success { throw ExitCode(worst) }
  }

  /// The file at `path` (`-`: standard input, named `<stdin>`), or nil
  /// (reported) when it does not exist or is a directory (exit 66). An
  /// unreadable file is an I/O error (exit 74). The messages are those of every command:
  /// `anim: PATH: no such file or directory`, `anim: PATH: is a directory`.
  static func load(_ path: String) throws -> SourceFile? {
    if path == "-" {
      let data = FileHandle.standardInput.readDataToEndOfFile()
      return SourceFile(path: "<stdin>", bytes: [UInt8](data))
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      Terminal.writeError("anim: \(path): no such file or directory")
      return nil
    }
    if isDirectory.boolValue {
      Terminal.writeError("anim: \(path): is a directory")
      return nil
    }
    do {
      return SourceFile(path: path, bytes: try ScriptRunner.readFile(path))
    } catch {
      Terminal.writeError("anim: \(FileError(path: path, error: error))")
      throw ExitCode(ExitStatus.ioError)
    }
  }
}
