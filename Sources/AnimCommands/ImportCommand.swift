import AnimConsole
import AnimFiles
import AnimImport
import ArgumentParser
import SystemPackage

/// `anim import FILE.json -o FILE.anim`: a Lottie file as an anim script
/// (SPEC §25), with each feature the script cannot express listed on
/// stderr with its JSON Pointer.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a Lottie file as an anim script.",
    discussion: """
      Writes a script that draws what the Lottie draws: one view per layer (named \
      after it), its shapes, fills, strokes, trims, masks and mattes as views, and \
      every animated property as runs with the file's own easing (cubicBezier), holds \
      (steps(1)) and motion paths. Each feature the script cannot express is listed \
      on stderr, one line each with its JSON Pointer; --strict makes any of them an \
      error (exit 65). A file that is not a Lottie document anim can read (bad JSON, \
      wrong types, precompositions that contain themselves, over 100 MB, over \
      1 000 000 layers once precompositions are expanded) is an error naming where \
      (exit 65). Image assets are written beside the script as NAME_ID.png (embedded \
      ones decoded, external ones copied from beside the Lottie file); a file with \
      images needs -o. A dotLottie file (.lottie, a ZIP archive) is read too: its \
      manifest's first animation, or the one --animation names, with its images \
      from the archive; --theme applies one of its themes (the colours, numbers, \
      gradients, images or texts its rules give the animation's slots). --slots \
      applies slot values from a JSON file ({"ID": {"p": value}}) to any Lottie \
      file, as an app sets them.

      Examples:
        anim import loader.json -o loader.anim
        anim import badge.json -o badge.anim --strict
        anim import hamster.lottie -o hamster.anim
        anim import toggle.lottie -o toggle-dark.anim --theme dark
      """)

  @ArgumentParser.Argument(help: "The Lottie file (- for standard input).")
  var file: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "Where to write the script (standard output when left out).",
      valueName: "out"))
  var output: String?

  @Flag(help: "Refuse the file (exit 65) if anything in it cannot be expressed.")
  var strict = false

  @Option(
    help: ArgumentHelp(
      "Which animation of a dotLottie file to import (its manifest's first when left out).",
      valueName: "id"))
  var animation: String?

  @Option(
    help: ArgumentHelp(
      "A theme of the dotLottie file to apply (none when left out).", valueName: "id"))
  var theme: String?

  @Option(
    help: ArgumentHelp(
      "A JSON file of slot values to apply over the file's own and a theme's ({\"ID\": {\"p\": value}}).",
      valueName: "file"))
  var slots: String?

  func run() throws {
    let name = file == "-" ? "<stdin>" : file
    let bytes = try Self.input(file, what: "file", limit: LottieImporter.maximumFileSize)
    let (document, archive, entry, themed) = try Self.unpacked(
      bytes, name: name, animation: animation, theme: theme)
    let given = try slots.map { try [Self.slotValues($0)] } ?? []
    // Diagnostics point into the archive's animation: `FILE/a/ID.json`.
    let named = entry.map { name + "/" + $0 } ?? name
    let source = Self.baseName(name) + (entry.map { "/" + $0 } ?? "")
    let result: LottieImporter.Result
    do {
      result = try LottieImporter.importScript(
        document, source: source, imagePrefix: ImportImages.prefix(of: output),
        archive: archive, slots: given + (themed.map { [$0] } ?? []))
    } catch {
      Terminal.writeError(
        "\(named): \(error.pointer.isEmpty ? "" : "\(error.pointer): ")error: \(error.message)")
      throw ExitCode(ExitStatus.dataError)
    }
    let kind = strict ? "error" : "warning"
    // The archive's own (state machines, themes) at its manifest, then the
    // animation's.
    let manifestNotes = archive?.notes ?? []
    for note in manifestNotes {
      Terminal.writeError("\(name)/manifest.json: \(note.pointer): \(kind): \(note.message)")
    }
    for note in result.notes {
      Terminal.writeError(
        "\(named): \(note.pointer.isEmpty ? "" : "\(note.pointer): ")\(kind): \(note.message)")
    }
    let noted = manifestNotes.count + result.notes.count
    if strict && noted > 0 {
      Terminal.writeError(
        "\(named): error: \(noted) feature\(noted == 1 ? "" : "s") "
          + "cannot be expressed (--strict); nothing written")
      throw ExitCode(ExitStatus.dataError)
    }
    if !result.images.isEmpty {
      guard let output else {
        Terminal.writeError(
          "anim import: \(named) holds images (\(result.images.count)): give -o FILE.anim, and "
            + "they are written beside the script")
        throw ExitCode(ExitStatus.usage)
      }
      try ImportImages.write(
        result.images, input: file == "-" ? nil : file, name: named, output: output)
    }
    guard let output else {
      Terminal.write(result.script)
      Terminal.flush()
      return
    }
    do {
      try AtomicFile.write(result.script, to: output)
    } catch {
      Terminal.writeError("anim import: cannot write \(error.description)")
      throw ExitCode(ExitStatus.ioError)
    }
  }

  /// The Lottie document of `bytes`: the bytes themselves, or the
  /// animation of a dotLottie archive (with the archive, for its images,
  /// the animation's entry in it: `a/ID.json`, and the slots of the
  /// `theme` chosen). Says why and throws exit 65 when the archive or the
  /// theme cannot be read; --animation or --theme on a plain Lottie file
  /// is a usage error.
  static func unpacked(_ bytes: [UInt8], name: String, animation: String?, theme: String?)
    throws -> ([UInt8], DotLottie?, String?, SlotValues?)
  {
    guard DotLottie.isArchive(bytes) else {
      for (option, given, what) in [
        ("--animation", animation, "chooses an animation"), ("--theme", theme, "applies a theme"),
      ] where given != nil {
        Terminal.writeError(
          "anim import: \(option) \(what) of a dotLottie file; \(name) is not one")
        throw ExitCode(ExitStatus.usage)
      }
      return (bytes, nil, nil, nil)
    }
    do {
      let archive = try DotLottie(bytes)
      let (entry, document) = try archive.animation(animation)
      if animation == nil && archive.animationIDs.count > 1 {
        let others = archive.animationIDs.dropFirst().prefix(20).joined(separator: ", ")
        Terminal.writeError(
          "\(name): note: \(archive.animationIDs.count) animations; imported "
            + "'\(archive.animationIDs[0])' (the others: \(others)\(archive.animationIDs.count > 21 ? ", …" : "")); "
            + "choose one with --animation ID")
      }
      if theme == nil && !archive.themeIDs.isEmpty {
        let count = archive.themeIDs.count
        let listed = archive.themeIDs.prefix(20).joined(separator: ", ")
        Terminal.writeError(
          "\(name): note: \(count) theme\(count == 1 ? "" : "s") (\(listed)\(count > 20 ? ", …" : "")), "
            + "none applied; apply one with --theme ID")
      }
      let slots = try theme.map { (id) throws(ImportError) in
        try archive.theme(id, animation: animation ?? archive.animationIDs[0])
      }
      return (document, archive, entry, slots)
    } catch {
      Terminal.writeError("\(name): error: \(error.message)")
      throw ExitCode(ExitStatus.dataError)
    }
  }

  /// The slot values of the file at `path` (`--slots`), at most 10 MB.
  static func slotValues(_ path: String) throws -> SlotValues {
    SlotValues(
      origin: "slots \(path): ", json: try input(path, what: "slots file", limit: 10_000_000))
  }

  /// The bytes of the file at `path` (`-`: standard input), at most
  /// `limit`, or why not: missing or a directory exit 66, larger than
  /// `limit` 65 (a `what` larger than the limit), unreadable 74.
  static func input(_ path: String, what: String, limit: Int) throws -> [UInt8] {
    let name = path == "-" ? "<stdin>" : path
    let tooLarge = "\(name): error: the \(what) is larger than the limit of \(limit / 1_000_000) MB"
    let bytes: [UInt8]
    do {
      if path == "-" {
        bytes = try FileBytes.readStandardInput()
      } else {
        guard let status = try? FilePath(path).stat() else {
          Terminal.writeError("anim: \(path): no such file or directory")
          throw ExitCode(ExitStatus.noInput)
        }
        if status.type == .directory {
          Terminal.writeError("anim: \(path): is a directory")
          throw ExitCode(ExitStatus.noInput)
        }
        if status.type == .regular && Int(status.size) > limit {
          Terminal.writeError(tooLarge + " (\(status.size) bytes)")
          throw ExitCode(ExitStatus.dataError)
        }
        bytes = try FileBytes.read(path)
      }
    } catch let exit as ExitCode {
      throw exit
    } catch is FileBytes.TooLarge {
      Terminal.writeError(tooLarge)
      throw ExitCode(ExitStatus.dataError)
    } catch {
      Terminal.writeError("anim: \(FileError(path: name, error: error))")
      throw ExitCode(ExitStatus.ioError)
    }
    guard bytes.count <= limit else {
      Terminal.writeError(tooLarge + " (\(bytes.count) bytes)")
      throw ExitCode(ExitStatus.dataError)
    }
    return bytes
  }

  static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
