import AnimLanguage
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writing to the process's standard streams.
enum Terminal {
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Colour for diagnostics: only on a terminal, never with `NO_COLOR`.
  static var diagnosticColor: Bool {
    DiagnosticRenderer.shouldUseColor(
      isTerminal: isTerminal(fileno(stderr)), environment: ProcessInfo.processInfo.environment)
  }

  /// Writes one line to standard output.
  static func writeLine(_ line: String) {
    var text = line
    text.append("\n")
    fputs(text, stdout)
  }

  /// Writes text to standard error (standard output is flushed first, so the
  /// two stay in order on a terminal).
  static func writeError(_ text: String) {
    fflush(stdout)
    fputs(text.hasSuffix("\n") ? text : text + "\n", stderr)
  }

  /// Prints the diagnostics of a script's result.
  static func report(_ result: ScriptResult) {
    let renderer = DiagnosticRenderer(useColor: diagnosticColor)
    for failure in result.failedExpectations {
      writeError(renderer.render(failure.diagnostic, in: failure.file ?? SourceFile(path: "?", bytes: [])))
    }
    for (diagnostic, file) in result.errors {
      writeError(renderer.render(diagnostic, in: file))
    }
    fflush(stdout)
  }
}
