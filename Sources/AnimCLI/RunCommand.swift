import AnimLanguage
import ArgumentParser
import Foundation

/// `anim run FILE...`: runs scripts, each in a fresh scene.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scripts.")

  @ArgumentParser.Argument(help: "The .anim scripts to run, in order.", completion: .file(extensions: ["anim"]))
  var files: [String]

  func run() throws {
    var worst: Int32 = ExitStatus.success
    for path in files {
      guard let source = try SourceLoading.load(path) else {
        worst = max(worst, ExitStatus.noInput)
        continue
      }
      let result = ScriptRunner.run(source, output: Terminal.writeLine)
      Terminal.report(result)
      worst = max(worst, result.exitCode)
    }
    Terminal.flush()
    if worst != ExitStatus.success { throw ExitCode(worst) }
  }
}

/// `anim check FILE...`: parses and resolves only.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Parse and resolve scripts without running them.")

  @ArgumentParser.Argument(help: "The .anim scripts to check.", completion: .file(extensions: ["anim"]))
  var files: [String]

  func run() throws {
    var worst: Int32 = ExitStatus.success
    for path in files {
      guard let source = try SourceLoading.load(path) else {
        worst = max(worst, ExitStatus.noInput)
        continue
      }
      let result = ScriptRunner.check(source)
      Terminal.report(result)
      worst = max(worst, result.exitCode)
    }
    Terminal.flush()
    if worst != ExitStatus.success { throw ExitCode(worst) }
  }
}

/// Reading a script from disk, with the exit codes of SPEC §8.
enum SourceLoading {
  /// The file at `path`, or nil (reported) when it does not exist. An
  /// unreadable file is an I/O error (exit 74).
  static func load(_ path: String) throws -> SourceFile? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      Terminal.writeError("anim: \(path): no such file")
      return nil
    }
    guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
      Terminal.writeError("anim: \(path): cannot read file")
      throw ExitCode(ExitStatus.ioError)
    }
    return SourceFile(path: path, bytes: [UInt8](data))
  }
}
