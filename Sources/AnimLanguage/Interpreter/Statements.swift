import AnimEngine

extension Interpreter {
  /// Runs one statement in `env`.
  func execute(_ statement: Stmt, in env: Environment) throws {
    let range = statement.range
    try spend(1, at: range)
    switch statement.kind {
    case .viewDeclaration(let kind, let name, let index, let arguments, let children):
      try declareView(kind, name, index: index, arguments, children: children, in: env)
    case .gridDeclaration(let name, let arguments):
      try declareGrid(name, arguments, in: env)
    case .soundDeclaration(let name, let path, let pathRange):
      try declareSound(name, path: path, at: pathRange, in: env)
    case .groupDeclaration(let name, let value):
      let group = try groupValue(try evaluate(value, in: env), named: name.name, at: value.range)
      env.assign(name.name, .group(group))
    case .letBinding(let name, let value):
      env.define(name.name, try evaluate(value, in: env))
    case .assignment(let target, let value):
      try assign(target, try evaluate(value, in: env), in: env)
    case .functionDefinition(let name, let parameters, let body):
      capture(env)
      let f = Function(
        name: name.name,
        body: .user(parameters: parameters.map(\.name), body: body, closure: env, file: file))
      env.assign(name.name, .function(f))
    case .forLoop(let variable, let sequence, let body):
      try loop(
        variable.name, over: try evaluate(sequence, in: env), at: sequence.range, body: body,
        in: env)
    case .conditional(let branches, let otherwise):
      try conditional(branches, otherwise: otherwise, in: env)
    case .importFile(let path):
      try importFile(path, at: range)
    case .print(let values):
      var line = ""
      for (index, value) in values.enumerated() {
        if index > 0 { line += " " }
        let shown = try evaluate(value, in: env)
        try checkPrintable(shown, at: value.range)
        line += Formatting.display(shown, scene: scene)
        if line.utf8.count > Formatting.maximumLength { throw Self.lineTooLong(value.range) }
      }
      try spend(line.utf8.count / 1000, at: range)
      output(line)
    case .trace(let values, let interval, let duration):
      try trace(values, every: interval, for: duration, in: env)
    case .expect(let condition, let tolerance):
      try expect(condition, within: tolerance, in: env)
    case .seed(let e):
      let n = try number(e, in: env, "seed")
      guard n.rounded() == n, abs(n) < 9.2e18 else {
        throw RuntimeError("seed must be a whole number from -9.2e18 to 9.2e18", at: e.range)
      }
      random = SplitMix64(seed: UInt64(bitPattern: Int64(n)))
    case .reset:
      clock.reset()
    case .stage(let arguments):
      try setStage(arguments, in: env, at: range)
    case .fps(let e):
      try clocked(range) { try self.clock.setFPS(try self.number(e, in: env, "frame rate")) }
    case .step(let e):
      let d = try number(e, in: env, "step")
      if d < 0 {
        throw RuntimeError("cannot step back in time: step \(NumberText.format(d))", at: e.range)
      }
      try moving(range) { try self.clock.advance(by: d) }
    case .stepFrames(let e):
      let n = try number(e, in: env, "frame count")
      try moving(range) { try self.clock.advance(frames: n) }
    case .tick:
      try moving(range) { try self.clock.advance(frames: 1) }
    case .stepTo(let e):
      let t = try number(e, in: env, "time")
      if t < clock.now {
        throw RuntimeError(
          "cannot step back in time: it is t=\(NumberText.format(clock.now)), asked for \(NumberText.format(t))",
          at: e.range)
      }
      try moving(range) { try self.clock.advance(to: t) }
    case .stepUntil(let e):
      let h = try handle(e, in: env)
      try moving(range) { try self.clock.advance(until: h) }
    case .settle:
      try moving(range) { try self.clock.settle() }
    case .clear(let target):
      try poolVerb(target, in: env, range, all: { self.clock.clearAll() }, one: clock.clear)
    case .cancel(let target):
      try poolVerb(target, in: env, range, all: clock.cancelAll, one: clock.cancel)
    case .finish(let target):
      try poolVerb(target, in: env, range, all: clock.finishAll, one: clock.finish)
    case .pause(let target):
      try poolVerb(
        target, in: env, range,
        all: { for r in self.clock.liveRuns { try self.clock.pause(self.handleFor(r)) } },
        one: clock.pause)
    case .resume(let target):
      try poolVerb(
        target, in: env, range,
        all: { for r in self.clock.liveRuns { try self.clock.resume(self.handleFor(r)) } },
        one: clock.resume)
    case .restart(let e):
      let h = try handle(e, in: env)
      try clocked(range) { try self.clock.restart(h) }
    case .seek(let e, let time):
      let h = try handle(e, in: env)
      let t = try number(time, in: env, "seek time")
      try clocked(range) { try self.clock.seek(h, to: t) }
    case .reverse(let e):
      let h = try handle(e, in: env)
      try clocked(range) { try self.clock.reverse(h) }
    case .flush:
      clock.clearAll()
    case .pool:
      listPool()
    case .handler(let runExpr, let event, let body):
      try addHandler(runExpr, event, body, in: env)
    case .run(let motion, let alias):
      let h = try startRun(motion, in: env)
      if let alias { env.assign(alias.name, .handle(h)) }
    case .expression(let e):
      _ = try evaluate(e, in: env)
    }
  }

  /// `print` or `trace` asked to write more than `Formatting.maximumLength`.
  static func lineTooLong(_ range: SourceRange) -> RuntimeError {
    RuntimeError(
      "the line to print is longer than the limit of \(Formatting.maximumLength) bytes", at: range)
  }

  /// Runs `body`, a statement that moves the clock (`step`, `settle`, …),
  /// with a clock error turned into a runtime error at `range`.
  func moving(_ range: SourceRange, _ body: () throws -> Void) throws {
    clockMoved = true
    try clocked(range, body)
  }

  /// Runs `body` with a clock error turned into a runtime error at `range`.
  func clocked(_ range: SourceRange, _ body: () throws -> Void) throws {
    do { try body() } catch let error as EngineError {
      if error == .workLimitReached { throw workLimitReached(at: range) }
      throw RuntimeError(error.message, at: range)
    }
  }

  /// Starts a run of the motion `e` evaluates to.
  func startRun(_ e: Expr, in env: Environment) throws -> RunHandle {
    let value = try evaluate(e, in: env)
    guard case .motion(let m) = value else {
      throw withMisspeltNameHint(
        RuntimeError("run needs a motion, not \(value.typeName)", at: e.range), operands: [e],
        in: env)
    }
    if m.animatesDefaultView { noteUse(of: .view(clock.defaultView)) }
    try checkNoTextResize(m, on: nil, at: e.range)
    var handle: RunHandle?
    try clocked(e.range) { handle = try self.clock.run(m, label: self.file.text(in: e.range)) }
    return handle!
  }

  private func poolVerb(
    _ target: RunTarget, in env: Environment, _ range: SourceRange, all: () throws -> Void,
    one: (RunHandle) throws -> Void
  ) throws {
    switch target {
    case .all: try clocked(range, all)
    case .run(let e):
      let h = try handle(e, in: env)
      try clocked(range) { try one(h) }
    }
  }

  /// The handle of a live run (for `pause all` and `resume all`).
  func handleFor(_ record: RunRecord) -> RunHandle {
    clock.handle(of: record)!
  }

  func handle(_ e: Expr, in env: Environment) throws -> RunHandle {
    let value = try evaluate(e, in: env)
    guard case .handle(let h) = value else {
      throw RuntimeError("expected a run handle, not \(value.typeName)", at: e.range)
    }
    return h
  }

  func number(_ e: Expr, in env: Environment, _ what: String) throws -> Double {
    let value = try evaluate(e, in: env)
    guard case .number(let v) = value else {
      throw RuntimeError("\(what) must be a number, not \(value.typeName)", at: e.range)
    }
    guard v.isFinite else { throw RuntimeError("\(what) must be finite", at: e.range) }
    return v
  }

  private func listPool() {
    let runs = clock.liveRuns
    if runs.isEmpty {
      output("pool: no live runs")
      return
    }
    for r in runs {
      output(
        "#\(r.id) \(r.label) \(r.state.rawValue) t=\(NumberText.format(r.localTime)) iteration=\(r.iteration)"
      )
    }
  }

  private func addHandler(
    _ runExpr: Expr, _ event: HandlerEvent, _ body: [Stmt], in env: Environment
  ) throws {
    let h = try handle(runExpr, in: env)
    if !h.record.state.isLive {
      throw RuntimeError(
        "cannot add a handler to run #\(h.record.id): it has already ended (\(h.record.state.rawValue))",
        at: runExpr.range)
    }
    let filter: EventFilter
    switch event {
    case .done: filter = .done
    case .start: filter = .start
    case .repeat: filter = .repeat
    case .mark(let name): filter = .mark(name)
    }
    let source = file
    capture(env)
    h.listen(
      RunListener(filter: filter) { [unowned self] _ in
        // `finish` or `cancel` in a done handler runs the next handler
        // inside this one; a chain of them must stop before the stack does.
        if self.handlerNesting >= Self.maximumHandlerNesting || self.stack.isNearlyExhausted {
          var error = RuntimeError(
            "handlers nested more than \(Self.maximumHandlerNesting) deep: a finish or cancel here fires the next handler inside this one",
            at: runExpr.range)
          error.file = source
          throw error
        }
        self.handlerNesting += 1
        defer { self.handlerNesting -= 1 }
        let saved = self.file
        self.file = source
        defer { self.file = saved }
        let scope = Environment(parent: env)
        do {
          try self.spend(WorkBudget.handlerSteps, at: runExpr.range)
          for statement in body { try self.execute(statement, in: scope) }
        } catch var error as RuntimeError {
          if error.file == nil { error.file = source }
          throw error
        }
      })
  }

  /// `if C { … } else if C2 { … } else { … }`: runs the first block whose
  /// condition is true, or the `else` block, each in a scope of its own.
  private func conditional(
    _ branches: [ConditionalBranch], otherwise: [Stmt]?, in env: Environment
  ) throws {
    var chosen = otherwise
    for branch in branches where try condition(branch.condition, in: env, "if") {
      chosen = branch.body
      break
    }
    guard let body = chosen else { return }
    let scope = Environment(parent: env)
    for statement in body { try execute(statement, in: scope) }
  }

  private func loop(
    _ name: String, over value: Value, at range: SourceRange, body: [Stmt], in env: Environment
  ) throws {
    let scope = Environment(parent: env)
    try forEachItem(of: value, at: range) { item in
      scope.define(name, item)
      for statement in body { try execute(statement, in: scope) }
    }
  }

  /// Calls `body` with each item of what a `for` walks (a range's numbers,
  /// a group's views, a list's items), charging a step for each.
  func forEachItem(of value: Value, at range: SourceRange, _ body: (Value) throws -> Void) throws {
    switch value {
    case .range(let a, let b, let inclusive):
      guard a.isFinite && b.isFinite else {
        throw RuntimeError("range bounds must be finite", at: range)
      }
      let count = (inclusive ? (b - a).rounded(.down) + 1 : (b - a).rounded(.up))
      if count > Double(Self.maximumLoopLength) {
        throw RuntimeError(
          "loop of \(Formatting.count(count)) steps is longer than the limit \(Self.maximumLoopLength)",
          at: range)
      }
      if count <= 0 { return }
      for i in 0..<Int(count) {
        try spend(1, at: range)
        try body(.number(a + Double(i)))
      }
    case .group(let g):
      for v in g.members {
        try spend(1, at: range)
        try body(.view(v))
      }
    case .list(let items):
      // A list of views and groups is a group: its views, flattened.
      if let views = try viewsOfList(items, at: range) {
        for v in views {
          try spend(1, at: range)
          try body(.view(v))
        }
      } else {
        for v in items {
          try spend(1, at: range)
          try body(v)
        }
      }
    default:
      throw RuntimeError("cannot loop over a \(value.typeName)", at: range)
    }
  }

  private func trace(
    _ values: [Expr], every interval: Expr, for duration: Expr, in env: Environment
  ) throws {
    let step = try number(interval, in: env, "trace interval")
    let total = try number(duration, in: env, "trace duration")
    guard step > 0 else { throw RuntimeError("trace interval must be > 0", at: interval.range) }
    guard total >= 0 else {
      throw RuntimeError("trace duration must not be negative", at: duration.range)
    }
    let whole = (total / step + 1e-9).rounded(.down)
    if whole + 1 > Double(Self.maximumTraceRows) {
      throw RuntimeError(
        "trace would print \(Formatting.count(whole + 1)) rows (limit \(Self.maximumTraceRows))",
        at: interval.range)
    }
    let start = clock.now
    var times = (0...Int(whole)).map { start + Double($0) * step }
    if abs(times.last! - (start + total)) > 1e-9 * max(1, abs(start + total)) {
      times.append(start + total)
    }
    let labels = values.map { file.text(in: $0.range) }
    for t in times {
      if t > clock.now { try moving(interval.range) { try self.clock.advance(to: t) } }
      let cells = try zip(labels, values).map { label, e in
        "\(label)=\(Formatting.display(try evaluate(e, in: env), scene: scene))"
      }
      let row = (["t=\(NumberText.format(t))"] + cells).joined(separator: " ")
      if row.utf8.count > Formatting.maximumLength { throw Self.lineTooLong(interval.range) }
      try spend(1 + row.utf8.count / 1000, at: interval.range)
      output(row)
    }
  }
}
