import AnimCommands
import AnimConsole
import AnimREPL
import CLibedit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a terminal through libedit: the prompt, line editing,
/// history on the arrow keys (and Ctrl-R search), Tab completion from the
/// session, Ctrl-C to drop the line, Ctrl-D on an empty line to leave.
///
/// Ctrl-C never kills the process: a SIGINT handler (installed once, with no
/// SA_RESTART) only sets a flag, and the shim's character reader ends
/// `el_gets` when it sees it, after moving the cursor to the end of the line
/// (which may wrap over several rows), so `^C` and the next prompt go below
/// it. Pressed while a statement runs, Ctrl-C is ignored, and the handler
/// ends the `^C` the terminal echoed with a newline.
final class LibeditLineReader: LineReader {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// Completes the text before the cursor.
  var complete: ((String) -> Completion)?

  /// Why libedit cannot be used (the REPL then reads plain lines), or nil.
  static var unavailableReason: String? {
    anim_libedit_load().map {
      "line editing is off: cannot load libedit.so.2 (apt-get install libedit2): "
        + String(cString: $0)
    }
  }

  /// Opens libedit on the terminal, with `entries` as the history to recall;
  /// nil when libedit cannot start (not installed, or no usable terminal).
  init?(history entries: [String]) {
    let locale = setlocale(LC_CTYPE, "").map { String(cString: $0) }
    if locale == nil || locale == "C" || locale == "POSIX" {
      // Keep UTF-8 editing even in the C locale.
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
    guard let editLine = anim_el_open("anim") else { return nil }
    guard let history = anim_history_open(Int32(LineHistory.maximumEntries)) else {
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.history = history
    for entry in entries { anim_history_enter(history, entry) }
    anim_el_set_history(editLine, history)
    anim_install_sigint_handler()
    anim_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    anim_el_bind_function(
      editLine, "anim-complete", "Complete the word before the cursor",
      { editLine, _ in
        guard let editLine, let data = anim_el_client_data(editLine) else { return UInt8(CC_ERROR) }
        return Unmanaged<LibeditLineReader>.fromOpaque(data).takeUnretainedValue().completeWord(
          editLine)
      }, "^I")
    anim_el_bind_key(editLine, "^R", "em-inc-search-prev")
  }

  deinit {
    el_end(editLine)
    history_end(history)
  }

  func readLine(prompt: String) -> LineInput {
    Terminal.flush()
    _ = anim_take_interrupt()
    anim_el_set_prompt(prompt)
    var count: Int32 = 0
    anim_set_editing(1)
    let line = el_gets(editLine, &count)
    anim_set_editing(0)
    let interrupted = anim_take_interrupt() != 0
    var text = line.map { String(cString: $0) } ?? ""
    // A line ended by Enter runs, even when Ctrl-C came before el_gets
    // returned it: Enter was first.
    if interrupted && !(count > 0 && text.hasSuffix("\n")) {
      Self.write("^C\n")
      return .interrupted
    }
    guard line != nil, count > 0 else {
      Self.write("\n")
      return .endOfInput
    }
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return .line(text)
  }

  func remember(_ line: String) {
    if !line.allSatisfy(\.isWhitespace) { anim_history_enter(history, line) }
  }

  /// Tab: inserts what all candidates share; when that adds nothing and
  /// there is a choice, lists the candidates under the line.
  private func completeWord(_ editLine: OpaquePointer) -> UInt8 {
    guard let complete, let info = el_line(editLine)?.pointee, let buffer = info.buffer,
      let cursor = info.cursor
    else { return UInt8(CC_ERROR) }
    let length = cursor - buffer
    let before = String(
      decoding: UnsafeBufferPointer(
        start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length),
      as: UTF8.self)
    let completion = complete(before)
    guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let prefix = completion.commonPrefix
    if prefix.count > completion.word.count {
      _ = el_insertstr(editLine, String(prefix.dropFirst(completion.word.count)))
      return UInt8(CC_REFRESH)
    }
    if completion.candidates.count == 1 { return UInt8(CC_REFRESH) }
    Self.write("\n" + Self.columns(completion.candidates, width: TerminalWidth.current()) + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// Candidates laid out in columns across `width`.
  static func columns(_ words: [String], width: Int) -> String {
    let cell = (words.map(\.count).max() ?? 0) + 2
    let perLine = max(1, width / cell)
    var lines: [String] = []
    var index = 0
    while index < words.count {
      let row = words[index..<min(index + perLine, words.count)]
      lines.append(
        row.map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
          .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
      index += perLine
    }
    return lines.joined(separator: "\n")
  }

  /// Writes straight to the terminal, after whatever stdio holds.
  private static func write(_ text: String) {
    Terminal.flush()
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return }
      bytes = bytes.dropFirst(n)
    }
  }
}
