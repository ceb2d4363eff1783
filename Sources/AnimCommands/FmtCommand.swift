import AnimConsole
import AnimFiles
import AnimLanguage
import AnimTestRunner
import ArgumentParser
import Foundation

/// `anim fmt [--check] [PATH...]`: rewrites scripts in the one canonical
/// layout (`SourceFormatter`); with no path or `-`, formats standard input
/// to standard output.
struct FmtCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fmt",
    abstract: "Rewrite scripts in the canonical layout.",
    discussion: """
      Folders are searched for .anim files. With no PATH, or with -, formats \
      standard input to standard output. A script named on the command line \
      that has a syntax error is reported and left as it is (exit 65); one \
      found in a folder is skipped, and counted in a note on standard error \
      (test folders hold scripts that are broken on purpose).
      """)

  @Flag(help: "Change nothing: list the files that would change, and exit 1 if any would.")
  var check = false

  @ArgumentParser.Argument(help: "Files or folders to format.", completion: .file())
  var paths: [String] = []

  func run() throws {
    var worst = ExitStatus.success
    var changed = false
    if paths.isEmpty || paths == ["-"] {
      let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
      let source = SourceFile(path: "<stdin>", bytes: bytes)
      if let text = format(source, worst: &worst) {
        if check {
          if Array(text.utf8) != bytes {
            Terminal.writeLine("<stdin>")
            changed = true
          }
        } else {
          Terminal.write(text)
        }
      }
      try finish(worst: worst, changed: changed)
      return
    }
    let files: [String]
    do throws(DiscoveryError) {
      files = try TestDiscovery(paths: paths.filter { $0 != "-" }).files()
    } catch {
      switch error {
      case .missing(let path):
        Terminal.writeError("anim: \(path): no such file or directory")
        throw ExitCode(ExitStatus.noInput)
      case .unreadable(let path, let reason):
        Terminal.writeError("anim: \(path): cannot read directory: \(reason)")
        throw ExitCode(ExitStatus.ioError)
      }
    }
    var named = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        named.insert(path)
      }
    }
    var skipped = 0
    for path in files {
      let bytes: [UInt8]
      do {
        bytes = try ScriptRunner.readFile(path)
      } catch {
        Terminal.writeError("anim: \(FileError(path: path, error: error))")
        worst = max(worst, ExitStatus.ioError)
        continue
      }
      let source = SourceFile(path: path, bytes: bytes)
      if !named.contains(path),
        Parser.parse(source).diagnostics.contains(where: { $0.severity == .error })
      {
        skipped += 1
        continue
      }
      guard let text = format(source, worst: &worst), Array(text.utf8) != bytes else { continue }
      changed = true
      if check {
        Terminal.writeLine(path)
        continue
      }
      do {
        try AtomicFile.write(text, to: path)
      } catch {
        Terminal.writeError("anim: cannot write \(error)")
        worst = max(worst, ExitStatus.ioError)
      }
    }
    if skipped > 0 {
      Terminal.writeError(
        "anim: skipped \(skipped) script\(skipped == 1 ? "" : "s") with syntax errors "
          + "found in folders (name a file to see its errors)")
    }
    try finish(worst: worst, changed: changed)
  }

  /// The script in the layout, or nil after reporting why it cannot be formatted.
  private func format(_ source: SourceFile, worst: inout Int32) -> String? {
    do throws(SourceFormatter.Failure) {
      return try SourceFormatter.format(source)
    } catch {
      switch error {
      case .syntaxErrors(let diagnostics):
        Terminal.report(diagnostics, in: source)
        worst = max(worst, ExitStatus.dataError)
      case .internalError(let message):
        Terminal.writeError("anim: internal error: \(message); the file is left as it was")
        worst = max(worst, ExitStatus.software)
      }
    }
    return nil
  }

  private func finish(worst: Int32, changed: Bool) throws {
    Terminal.flush()
    if worst != ExitStatus.success { throw ExitCode(worst) }
    if check && changed { throw ExitCode(ExitStatus.failure) }
  }
}
