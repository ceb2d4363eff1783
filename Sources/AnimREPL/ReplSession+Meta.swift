import AnimEngine
import AnimFiles
import AnimLanguage
import Foundation

extension ReplSession {
  /// Runs a meta-command line (`:help`, `:load FILE`, …).
  func perform(_ line: String) {
    switch MetaCommand.parse(line) {
    case .failure(let problem):
      self.problem(problem.message, hint: problem.hint, commandLine: line, column: 0)
    case .success(let command):
      perform(command, line: line)
    }
  }

  private func perform(_ command: MetaCommand, line: String) {
    switch command {
    case .help(let topic): help(topic, line: line)
    case .quit: hasQuit = true
    case .load(let path): _ = load(path, commandLine: line)
    case .save(let path): save(path, line: line)
    case .reset:
      startOver()
      output("session reset: t=0, only `view`, no bindings, no runs")
    case .pool: showPool()
    case .timeline(let run): timeline(run, line: line)
    case .show(let name): show(name, line: line)
    case .ast(let text): ast(text)
    case .tokens(let text): tokens(text)
    case .history(let count): showHistory(count)
    case .render(let path): renderFrame(path, line: line)
    case .plot(let argument): plot(argument, line: line)
    case .preview(let stop): stop ? stopPreview() : startPreview(line: line)
    case .play(let path): playMix(path, line: line)
    }
  }

  // MARK: Commands

  private func help(_ topic: String?, line: String) {
    guard let topic else {
      output(HelpText.overview)
      return
    }
    if let text = HelpText.text(for: topic) {
      output(text)
      return
    }
    let known = HelpText.topics + Interpreter.builtinNames
    problem(
      "no help for '\(topic)'",
      hint: Spelling.closest(to: topic, among: known).map { "did you mean '\($0)'?" }
        ?? "topics: " + HelpText.topics.joined(separator: " "),
      commandLine: line)
  }

  private func save(_ path: String, line: String) {
    let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    let text = script
    do {
      try AtomicFile.write(text, to: expanded)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      output("saved \(lines) line\(lines == 1 ? "" : "s") to \(path)")
    } catch {
      problem("cannot write \(error.description)", commandLine: line)
    }
  }

  private func showPool() {
    let clock = interpreter.clock
    let runs = clock.liveRuns
    guard !runs.isEmpty else {
      output("pool: no live runs")
      return
    }
    var rows = [["id", "state", "local", "iteration", "started", "ends", "motion"]]
    for r in runs {
      // Local seconds left at the run's speed (SPEC §14.2): to its end, or
      // to local time 0 playing backwards.
      let left = r.speed > 0 ? (r.motion.duration - r.localTime) / r.speed : r.localTime / -r.speed
      let ends =
        left.isFinite
        ? (r.state == .paused ? "(paused)" : NumberText.format(clock.now + left) + "s")
        : "never"
      rows.append([
        "#\(r.id)", r.state.rawValue, NumberText.format(r.localTime) + "s", "\(r.iteration)",
        NumberText.format(r.startTime) + "s", ends, ValueText.oneLine(r.label),
      ])
    }
    for row in Self.table(rows) { output(row) }
  }

  private func timeline(_ argument: String?, line: String) {
    var entries = runLog.entries
    if let argument {
      guard let entry = runEntry(argument, line: line) else { return }
      entries = [entry]
    }
    let chart = TimelineChart(
      entries: entries, now: interpreter.clock.now, width: terminalWidth(),
      splitLabel: Self.splitLabel)
    for row in chart.render() { output(row) }
  }

  /// The run `#3` or a handle's name refers to.
  private func runEntry(_ argument: String, line: String) -> RunLog.Entry? {
    if argument.hasPrefix("#"), let id = Int(argument.dropFirst()) {
      if let entry = runLog.entry(id: id) { return entry }
      problem("no run #\(id)", commandLine: line)
      return nil
    }
    switch pureValue(argument) {
    case .handle(let h)?:
      runLog.note(h.record, now: nil)
      return runLog.entry(id: h.record.id)
    case let value?:
      problem("'\(argument)' is a \(value.typeName), not a run handle", commandLine: line)
    case nil:
      let handles = interpreter.boundNames.filter {
        if case .handle? = self.value(ofName: $0) { return true } else { return false }
      }
      problem(
        "unknown run '\(argument)'",
        hint: Spelling.closest(to: argument, among: handles).map { "did you mean '\($0)'?" }
          ?? "give a handle's name or a run's id (#1)",
        commandLine: line)
    }
    return nil
  }

  private func show(_ name: String, line: String) {
    let scene = interpreter.scene
    if let id = scene.view(named: name) {
      showView(id)
      return
    }
    switch pureValue(name) {
    case .view(let id)?:
      showView(id)
    case .group(let group)?:
      // A family (SPEC §23.1) says so; its members print under their
      // names, `bar[3]`.
      let views = "\(group.members.count) view\(group.members.count == 1 ? "" : "s")"
      output("\(group.name): \(group.family != nil ? "a family of " : "")\(views)")
      for id in group.members { output("  " + interpreter.describe(.view(id))) }
    case let value?:
      problem("'\(name)' is a \(value.typeName), not a view", commandLine: line)
    case nil:
      problem(
        "unknown view '\(name)'",
        hint: Spelling.closest(to: name, among: scene.names).map { "did you mean '\($0)'?" },
        commandLine: line)
    }
  }

  /// `:show v`: the view's name, then one line per property `print` lists,
  /// names padded to the longest (whole names, never cut), then its place
  /// in the tree (SPEC §17): `parent` when it has one, `children` when it
  /// has any (their names, in declaration order).
  private func showView(_ id: ViewID) {
    let scene = interpreter.scene
    let state = scene.state(of: id)
    output(scene.name(of: id))
    var lines = Formatting.printedFields(of: state, kind: scene.kind(of: id)).map {
      ($0.name, $0.text)
    }
    if let parent = scene.parent(of: id) { lines.append(("parent", scene.name(of: parent))) }
    let children = scene.children(of: id)
    if !children.isEmpty {
      lines.append(("children", children.map { scene.name(of: $0) }.joined(separator: ", ")))
    }
    let width = lines.map(\.0.count).max() ?? 0
    for (label, text) in lines {
      output("  \(label.padding(toLength: width, withPad: " ", startingAt: 0)) \(text)")
    }
  }

  private func ast(_ text: String) {
    let source = SourceFile(path: Self.inputPath, text: text)
    let (expression, diagnostics) = Parser.parseExpression(source)
    if let expression {
      output(expression.description)
      return
    }
    // Not an expression: perhaps statements (`:ast run blink * 2`).
    let parsed = Parser.parse(source)
    if !parsed.hasErrors && !parsed.statements.isEmpty {
      for statement in parsed.statements { output(statement.description) }
      return
    }
    for diagnostic in diagnostics where diagnostic.severity == .error {
      errorOutput(render(diagnostic, in: source))
    }
  }

  private func tokens(_ text: String) {
    let source = SourceFile(path: Self.inputPath, text: text)
    for token in Lexer.tokens(of: source) where token.kind != .endOfFile {
      output("\(token.range.line):\(token.range.column) \(token)")
    }
  }

  private func showHistory(_ count: Int?) {
    let entries = history.entries
    let first = max(0, entries.count - (count ?? entries.count))
    for index in first..<entries.count {
      let number = String(index + 1)
      output(
        String(repeating: " ", count: max(0, 5 - number.count)) + number + "  " + entries[index])
    }
  }

  // MARK: Helpers

  /// The value of `text` when it is a plain name, possibly indexed or with
  /// members (`tiles[2]`, `h`): looking those up changes nothing, unlike a
  /// call (`random()` would advance the seeded generator outside the record
  /// of the session). Nil when it is something else or names nothing.
  func pureValue(_ text: String) -> Value? {
    let source = SourceFile(path: Self.inputPath, text: text)
    guard let expression = Parser.parseExpression(source).0, Self.isPure(expression),
      let root = Self.root(of: expression), interpreter.boundNames.contains(root)
    else { return nil }
    return try? interpreter.evaluate(expression, in: source)
  }

  private static func isPure(_ e: Expr) -> Bool {
    switch e.kind {
    case .identifier, .number, .string: return true
    case .index(let base, let index): return isPure(base) && isPure(index)
    case .member(let base, _): return isPure(base)
    default: return false
    }
  }

  private static func root(of e: Expr) -> String? {
    switch e.kind {
    case .identifier(let name): return name
    case .index(let base, _), .member(let base, _): return root(of: base)
    default: return nil
    }
  }

  /// Splits a run's label at its top-level `+` (or `|`), for `:timeline`'s
  /// part rows: `fade(out, 1) + fade(in, 1)` → `fade(out, 1)`, `fade(in, 1)`.
  static func splitLabel(_ label: String, parallel: Bool) -> [String]? {
    let source = SourceFile(path: inputPath, text: label)
    guard let expression = Parser.parseExpression(source).0 else { return nil }
    let wanted: BinaryOperator = parallel ? .parallel : .add
    var parts: [Expr] = []
    func flatten(_ e: Expr) {
      if case .binary(let op, let left, let right) = e.kind, op == wanted {
        flatten(left)
        flatten(right)
      } else if case .chain(let op, let operands) = e.kind, op == wanted {
        for operand in operands { flatten(operand) }
      } else {
        parts.append(e)
      }
    }
    flatten(expression)
    return parts.count > 1 ? parts.map { source.text(in: $0.range) } : nil
  }

  /// Rows padded into columns (two spaces apart), the last column unpadded.
  static func table(_ rows: [[String]]) -> [String] {
    guard let columns = rows.map(\.count).max(), columns > 0 else { return [] }
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { i, cell in
        i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
      }.joined(separator: "  ")
    }
  }
}
