import AnimEngine
import AnimFiles
import AnimLanguage
import AnimSound
import Foundation

/// The REPL's logic: reads lines from a `LineReader`, runs them against one
/// interpreter, and writes through the sinks it is given. It never touches a
/// terminal, so tests drive it with a `ScriptedLineReader`.
///
/// Each entry (one or more lines, until the statement is complete) runs as
/// one `SessionEntry`. An entry that fails (syntax, name or runtime error) prints its
/// diagnostic and leaves the session exactly as it was: the interpreter is
/// rebuilt by replaying every successful entry, with output discarded, into
/// a fresh one (the language is deterministic, so the replay is exact).
public final class ReplSession {
  /// Receives each line of output (without its newline).
  let output: (String) -> Void
  /// Receives diagnostics and warnings (each a block of lines, without a final newline).
  let errorOutput: (String) -> Void
  /// Entered lines, kept in the history file.
  public let history: LineHistory
  let renderer: DiagnosticRenderer
  let terminalWidth: () -> Int
  /// Imported files as first read (a replay must see the same text).
  var files = FileCache()

  /// The interpreter holding the session's state (replaced by `:reset` and
  /// after an error).
  public internal(set) var interpreter: Interpreter
  /// The successful entries, in order: what `:save` writes and a rollback replays.
  var entries: [SessionEntry] = []
  /// Every run started, for `:timeline`.
  var runLog = RunLog()
  /// Lines of an entry not yet complete (shown with the `...> ` prompt).
  private var pending: [String] = []
  /// The report of the entry running now, when it moves the clock.
  var report: StepReport?
  private var warnedAboutHistory = false

  /// Starts the live preview for `:preview` (the host gives it; nil: none).
  public var makePreview: (() throws(SessionPreviewError) -> any SessionPreview)?
  /// Pushes buffered output out (the host's stream); called when a line
  /// must be seen at once even through a pipe (`:preview`'s address).
  public var flushOutput: () -> Void = {}
  /// The live preview, while `:preview` runs.
  var preview: (any SessionPreview)?
  /// Plays a mix through the speakers for `:play` (the host gives it: the
  /// REPL itself never touches a sound device); returns the line to print,
  /// or throws a message (no device, no player). Nil: the session has none.
  public var playSound: ((MixPlan) throws(SoundError) -> String)?

  /// Whether `:quit` was entered.
  public internal(set) var hasQuit = false

  /// The path diagnostics give for typed input.
  public static let inputPath = "<repl>"

  /// The work (in the interpreter's steps) each entry may do; an entry that
  /// does more stops with a runtime error and the session rolls back.
  public var workLimit = Interpreter.defaultWorkLimit {
    didSet { interpreter.workLimit = workLimit }
  }
  /// The prompt for the lines of an unfinished statement.
  public static let continuationPrompt = "...> "

  /// A session with an empty scene at time 0.
  ///
  /// - Parameters:
  ///   - output: receives each line the session prints, without a newline.
  ///   - errorOutput: receives each diagnostic, without a final newline.
  ///   - history: the history entered lines go to (memory only by default).
  ///   - useColor: colour diagnostics with ANSI escapes.
  ///   - terminalWidth: the width `:timeline` fits (the host asks the
  ///     terminal; 80 columns when it does not say).
  public init(
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    history: LineHistory = LineHistory(path: nil), useColor: Bool = false,
    terminalWidth: @escaping () -> Int = { 80 }
  ) {
    self.output = output
    self.errorOutput = errorOutput
    self.history = history
    self.renderer = DiagnosticRenderer(useColor: useColor)
    self.terminalWidth = terminalWidth
    interpreter = Interpreter(file: SourceFile(path: Self.inputPath, text: ""), output: output)
    attach(interpreter)
  }

  // MARK: Reading

  /// The prompt for the next line: the clock (`anim 1.500s> `), or `...> `
  /// inside an unfinished statement.
  public var prompt: String {
    pending.isEmpty ? "anim \(ValueText.time(interpreter.clock.now))> " : Self.continuationPrompt
  }

  /// Reads and runs lines until `:quit` or the end of input.
  public func run(_ reader: LineReader) {
    while !hasQuit {
      let input = reader.readLine(prompt: prompt)
      if case .line(let line) = input {
        reader.remember(line)
        recordHistory(line)
      }
      guard handle(input) else { return }
    }
  }

  /// Runs one input; returns false when the session is over.
  @discardableResult
  public func handle(_ input: LineInput) -> Bool {
    switch input {
    case .line(let line):
      enter(line)
      return !hasQuit
    case .interrupted:
      pending = []
      return true
    case .endOfInput:
      if !pending.isEmpty {
        // The input ended inside a statement: report it as a script would.
        let text = pending.joined(separator: "\n")
        pending = []
        runEntry(text, complete: true)
      }
      return false
    }
  }

  /// One line as typed: a meta-command, part of a statement, or the line that
  /// completes one.
  public func enter(_ line: String) {
    if pending.isEmpty {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix(":") {
        perform(line)
        if preview != nil && !trimmed.hasPrefix(":preview") { updatePreview() }
        return
      }
      if trimmed.isEmpty { return }
      // `help`, `quit` and `exit` typed bare (as in python or a shell) mean
      // the meta-commands, unless the session bound the name to something.
      if ["help", "quit", "exit"].contains(trimmed), value(ofName: trimmed) == nil {
        perform(":" + trimmed)
        return
      }
    }
    pending.append(line)
    let text = pending.joined(separator: "\n")
    let kept = entries.count
    if runEntry(text, complete: false) {
      pending = []
      // A failed entry changed nothing: the page stays as it is.
      if entries.count != kept { updatePreview() }
    }
  }

  private func recordHistory(_ line: String) {
    history.add(line)
    if let failure = history.lastFailure, !warnedAboutHistory {
      warnedAboutHistory = true
      errorOutput("anim: warning: history not saved: \(failure)")
    }
  }

  // MARK: Running

  /// Compiles and runs `text` as one entry. Returns false (keeping the lines
  /// pending) when more lines could complete it and `complete` is false.
  @discardableResult
  private func runEntry(_ text: String, complete: Bool) -> Bool {
    let source = SourceFile(path: Self.inputPath, text: text)
    let program = compile(source)
    if program.isIncomplete && !complete { return false }
    _ = run(program, source: source, loadedAs: nil, echo: true)
    return true
  }

  /// Parses and name-checks `source` against the names bound so far.
  func compile(_ source: SourceFile) -> Program {
    Program(source: source, knownNames: Set(interpreter.boundNames), readFile: files.read)
  }

  /// Runs a compiled entry; on success keeps it, on failure prints the error
  /// and rolls the session back. `echo` shows the value of bare expressions
  /// and the report of the clock's moves (typed input only).
  func run(_ program: Program, source: SourceFile, loadedAs: String?, echo: Bool) -> Bool {
    for (diagnostic, file) in program.diagnostics { errorOutput(render(diagnostic, in: file)) }
    guard program.isValid else { return false }
    let reports = echo && Self.movesClock(program.statements)
    let before = reports ? SceneSnapshot(interpreter.scene) : nil
    report = reports ? StepReport(clock: interpreter.clock) : nil
    defer { report = nil }
    interpreter.resetWork()
    do {
      for statement in program.statements {
        if echo, case .expression(let expression) = statement.kind {
          let value = try interpreter.evaluate(expression, in: source)
          if case .none = value {} else { output(interpreter.describe(value)) }
        } else {
          try interpreter.execute([statement], in: source)
        }
        runLog.refresh(interpreter.clock)
      }
    } catch {
      errorOutput(render(error.diagnostic, in: error.file ?? source))
      rebuild()
      return false
    }
    if let report, let before {
      for line in report.lines(since: before, clock: interpreter.clock) { output(line) }
    }
    entries.append(SessionEntry(source: source, loadedAs: loadedAs))
    return true
  }

  /// Whether running `statements` moves the clock (and so earns a report).
  static func movesClock(_ statements: [Stmt]) -> Bool {
    statements.contains { statement in
      switch statement.kind {
      case .step, .stepFrames, .tick, .stepTo, .stepUntil, .settle, .trace: return true
      case .forLoop(_, _, let body): return movesClock(body)
      case .conditional(let branches, let otherwise):
        return branches.contains { movesClock($0.body) } || movesClock(otherwise ?? [])
      default: return false
      }
    }
  }

  /// Replaces the interpreter with one rebuilt from the successful entries.
  func rebuild() {
    let fresh = Interpreter(file: SourceFile(path: Self.inputPath, text: ""), output: { _ in })
    runLog = RunLog()
    attach(fresh, silent: true)
    for (index, entry) in entries.enumerated() {
      let program = Program(
        source: entry.source, knownNames: Set(fresh.boundNames), readFile: files.read)
      fresh.resetWork()
      do {
        for statement in program.statements {
          try fresh.execute([statement], in: entry.source)
          runLog.refresh(fresh.clock)
        }
      } catch {
        // Replay is deterministic, so this means the input read something
        // outside the session; keep what replayed.
        errorOutput("anim: note: the session could only be rebuilt up to entry \(index + 1)")
        entries.removeSubrange(index...)
        break
      }
    }
    interpreter = fresh
    attach(fresh)
  }

  /// A new interpreter in the session's state, replayed silently from the
  /// successful entries: what `:plot` moves on without moving the session.
  func replicate() -> Interpreter {
    let copy = Interpreter(file: SourceFile(path: Self.inputPath, text: ""), output: { _ in })
    copy.readFile = files.read
    copy.workLimit = workLimit
    for entry in entries {
      let program = Program(
        source: entry.source, knownNames: Set(copy.boundNames), readFile: files.read)
      copy.resetWork()
      try? copy.execute(program.statements, in: entry.source)
    }
    copy.resetWork()
    return copy
  }

  /// Starts over with an empty scene at time 0 (`:reset`).
  func startOver() {
    entries = []
    files = FileCache()
    runLog = RunLog()
    interpreter = Interpreter(file: SourceFile(path: Self.inputPath, text: ""), output: output)
    attach(interpreter)
  }

  /// Connects an interpreter to the session's sinks (or, `silent`, to none:
  /// for a replay), its clock to the run log and the report.
  private func attach(_ interpreter: Interpreter, silent: Bool = false) {
    interpreter.readFile = files.read
    interpreter.workLimit = workLimit
    if silent {
      interpreter.output = { _ in }
      interpreter.expectationFailed = { _ in }
    } else {
      let output = self.output
      interpreter.output = output
      interpreter.expectationFailed = { [unowned self] failure in
        self.errorOutput(
          self.render(
            failure.diagnostic, in: failure.file ?? SourceFile(path: Self.inputPath, text: ""),
            showingSeverity: false))
      }
    }
    interpreter.clock.observer = { [unowned self] event in
      self.runLog.record(event)
      if !silent { self.report?.record(event) }
    }
  }

  /// A diagnostic as text, without the final newline.
  func render(_ diagnostic: Diagnostic, in file: SourceFile, showingSeverity: Bool = true) -> String
  {
    var text = renderer.render(diagnostic, in: file, showingSeverity: showingSeverity)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  // MARK: Files

  /// Runs the script at `path` into the session (`:load`, `anim repl FILE`);
  /// it becomes one entry. Returns whether it ran without error.
  @discardableResult
  public func load(_ path: String) -> Bool {
    load(path, commandLine: nil)
  }

  func load(_ path: String, commandLine: String?) -> Bool {
    let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    let absolute = URL(fileURLWithPath: expanded).standardizedFileURL.path
    // Read afresh (not through the import cache): `:load` again after editing
    // a file runs the new text.
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(absolute)
    } catch {
      let missing = (error as? FileError)?.isMissing ?? false
      problem(
        "cannot load \(path): \(missing ? "no such file" : "not a readable file")",
        commandLine: commandLine)
      return false
    }
    // Diagnostics name the file as the user wrote it; imports resolve
    // against it (the REPL never changes directory).
    let source = SourceFile(path: expanded, bytes: bytes)
    let program = compile(source)
    guard run(program, source: source, loadedAs: path, echo: false) else { return false }
    output("loaded \(path)")
    return true
  }

  /// The session's successful input as a runnable script (`:save`).
  public var script: String {
    "# anim session saved by :save\n" + entries.map(\.scriptText).joined()
  }

  /// Prints a problem with a meta-command: as a diagnostic under the command
  /// line, or (with no line: `anim repl FILE`) as a plain message.
  func problem(_ message: String, hint: String? = nil, commandLine: String?, column: Int? = nil) {
    guard let commandLine else {
      errorOutput("anim: \(message)" + (hint.map { "\n  = hint: \($0)" } ?? ""))
      return
    }
    let file = SourceFile(path: Self.inputPath, text: commandLine)
    let start = Self.argumentOffset(in: commandLine, column: column)
    let range = file.range(from: start, to: max(start + 1, commandLine.utf8.count))
    errorOutput(render(.error(message, at: range, hint: hint, kind: .syntax), in: file))
  }

  /// The byte offset of the command's argument (or of the `:` with none).
  private static func argumentOffset(in line: String, column: Int?) -> Int {
    let bytes = Array(line.utf8)
    var i = bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0
    if column == 0 { return i }
    while i < bytes.count && bytes[i] != UInt8(ascii: " ") { i += 1 }
    while i < bytes.count && bytes[i] == UInt8(ascii: " ") { i += 1 }
    return i < bytes.count ? i : (bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0)
  }

  // MARK: Completion

  /// What Tab offers for the text before the cursor.
  public func completions(for textBeforeCursor: String) -> Completion {
    let completer = Completer(
      boundNames: interpreter.boundNames, viewNames: interpreter.scene.names,
      kind: { [unowned self] name in
        switch self.value(ofName: name) {
        case .view?: return .view
        case .group?: return .group
        case .handle?: return .handle
        default: return .other
        }
      },
      viewKind: { [unowned self] name in
        let scene = self.interpreter.scene
        if let id = scene.view(named: name) { return scene.kind(of: id) }
        if case .view(let id)? = self.value(ofName: name) { return scene.kind(of: id) }
        return nil
      }, runIDs: runLog.entries.map(\.record.id), earlierLines: pending)
    return completer.complete(textBeforeCursor)
  }

  /// The value bound to `name` (looking a name up has no side effects).
  func value(ofName name: String) -> Value? {
    guard interpreter.boundNames.contains(name) else { return nil }
    let source = SourceFile(path: Self.inputPath, text: name)
    let expression = Expr(.identifier(name), range: source.range(from: 0, to: source.bytes.count))
    return try? interpreter.evaluate(expression, in: source)
  }
}
