import AnimLanguage
import ArgumentParser
import Foundation

/// `anim run FILE...`: runs scripts, each in a fresh scene.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scripts.")

  @ArgumentParser.Argument(
    help: "The .anim scripts to run, in order.", completion: .file(extensions: ["anim"]))
  var files: [String]

  @OptionGroup var limits: WorkLimitOption

  func run() throws {
    let limit = limits.workLimit
    try SourceLoading.each(files) {
      ScriptRunner.run($0, output: Terminal.writeLine, workLimit: limit)
    }
  }
}

/// `anim check FILE...`: parses and resolves only.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Parse and resolve scripts without running them.")

  @ArgumentParser.Argument(
    help: "The .anim scripts to check.", completion: .file(extensions: ["anim"]))
  var files: [String]

  func run() throws {
    try SourceLoading.each(files) { ScriptRunner.check($0) }
  }
}

/// Reading a script from disk, with the exit codes of SPEC §8.
enum SourceLoading {
  /// Loads each file in turn, runs `body` on it and reports its result; exits
  /// with the worst exit code (a missing file counts 66).
  static func each(_ paths: [String], _ body: (SourceFile) -> ScriptResult) throws {
    var worst: Int32 = ExitStatus.success
    for path in paths {
      guard let source = try load(path) else {
        worst = max(worst, ExitStatus.noInput)
        continue
      }
      let result = body(source)
      Terminal.report(result)
      worst = max(worst, result.exitCode)
    }
    Terminal.flush()
    if worst != ExitStatus.success { throw ExitCode(worst) }
  }

  /// The file at `path`, or nil (reported) when it does not exist. An
  /// unreadable file is an I/O error (exit 74).
  static func load(_ path: String) throws -> SourceFile? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      Terminal.writeError("anim: \(path): no such file")
      return nil
    }
    guard !isDirectory.boolValue, let bytes = try? ScriptRunner.readFile(path) else {
      Terminal.writeError("anim: \(path): cannot read file")
      throw ExitCode(ExitStatus.ioError)
    }
    return SourceFile(path: path, bytes: bytes)
  }
}
