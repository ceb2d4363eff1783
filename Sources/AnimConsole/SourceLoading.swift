import AnimFiles
import AnimLanguage
import SystemPackage

/// Reading scripts from disk or standard input, with the messages and exit
/// codes of SPEC §8 that every command shares.
public enum SourceLoading {
  /// Where a script comes from.
  public enum Input {
    /// A file; `-` is standard input.
    case path(String)
    /// Text given on the command line (`-e TEXT`), shown as `<-e>` in diagnostics.
    case text(String)
  }

  /// Loads each script in turn, runs `body` on it and reports its result;
  /// throws `ScriptExit` with the worst exit code when one is not 0 (a
  /// missing file counts 66).
  public static func each(
    _ inputs: [Input], reporting: Bool = true, _ body: (SourceFile) -> ScriptResult
  ) throws(ScriptExit) {
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
    if worst != ExitStatus.success { throw ScriptExit(worst) }
  }

  /// The file at `path` (`-`: standard input, named `<stdin>`), or nil
  /// (reported) when it does not exist or is a directory (exit 66). An
  /// unreadable file is an I/O error (`ScriptExit` 74). The messages are
  /// those of every command: `anim: PATH: no such file or directory`,
  /// `anim: PATH: is a directory`.
  public static func load(_ path: String) throws(ScriptExit) -> SourceFile? {
    if path == "-" {
      do { return SourceFile(path: "<stdin>", bytes: try FileBytes.readStandardInput()) } catch {
        Terminal.writeError("anim: \(FileError(path: "<stdin>", error: error))")
        throw ScriptExit(ExitStatus.ioError)
      }
    }
    // Links are followed: a link to nothing does not exist.
    guard let status = try? FilePath(path).stat() else {
      Terminal.writeError("anim: \(path): no such file or directory")
      return nil
    }
    if status.type == .directory {
      Terminal.writeError("anim: \(path): is a directory")
      return nil
    }
    do {
      return SourceFile(path: path, bytes: try ScriptRunner.readFile(path))
    } catch {
      Terminal.writeError("anim: \(FileError(path: path, error: error))")
      throw ScriptExit(ExitStatus.ioError)
    }
  }
}
