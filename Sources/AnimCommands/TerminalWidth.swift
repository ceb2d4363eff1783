import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How wide the terminal is: the REPL is given this as its `terminalWidth`
/// (for `:timeline`), and completion lists fit it. Terminal queries belong to
/// the executable; AnimREPL knows no terminal.
package enum TerminalWidth {
  /// Used when nothing says otherwise.
  static let fallback = 80

  /// `COLUMNS` when it is a positive number, else the width the terminal on
  /// standard output reports (TIOCGWINSZ), else 80.
  package static func current(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int
  {
    if let text = environment["COLUMNS"],
      let columns = Int(text.trimmingCharacters(in: .whitespaces)),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return fallback
  }
}
