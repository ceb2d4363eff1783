import AnimConsole
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
        for (diagnostic, file) in result.warnings + result.errors {
          Terminal.writeLine(DiagnosticJSON.line(diagnostic, in: file))
        }
      }
      return result
    }
  }
}
