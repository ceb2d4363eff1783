/// Bounds the total work of a script (or of one REPL entry), so that no input
/// runs for hours.
///
/// Every other limit bounds one thing: a loop's length, a trace's rows, the
/// live runs, the events of one instant. Loops nested inside each other, or a
/// handler that restarts its own run for ever, stay within each of them and
/// still never end. The budget counts *steps*, each about what one simple
/// statement costs (60–600 ns in a release build):
///
/// | work | steps |
/// |---|---|
/// | a statement, a loop iteration, a call | 1 |
/// | a handler run (the event delivered, its scope) | 10 |
/// | a `trace` row | 1 |
/// | a segment or event the clock starts (a play walked one by one) | 1 |
/// | a part of a motion a run sets up (charged before the run starts) | 1 |
/// | 100 property values the clock writes, or a track a run starts | 1 |
/// | 1 000 bytes of text joined by `+` or printed | 1 |
/// | 100 members or elements a builtin is given in groups and lists | 1 |
///
/// The default, ``defaultLimit``, is at most a few seconds of work (0.6–6 s
/// for the worst cases in BENCHMARKS.md) and far more than any choreography
/// needs; `--work-limit` on the command line changes it. The clock's share
/// reaches it through `Clock.work` and `Clock.workCeiling`.
struct WorkBudget {
  /// Steps a script may take when nothing else is said: ten million.
  static let defaultLimit = 10_000_000
  /// Steps a handler run costs before its statements: delivering an event
  /// and making the handler's scope cost about ten statements.
  static let handlerSteps = 10

  /// The most steps allowed.
  var limit: Int
  /// Steps taken so far.
  private(set) var spent = 0
  /// The clock's `work` already charged.
  private var clockWorkCharged = 0

  init(limit: Int) { self.limit = limit }

  /// Takes `steps`, plus the clock's work since the last charge; false once
  /// the total passes the limit.
  mutating func take(_ steps: Int, clockWork: Int) -> Bool {
    let fresh = clockWork &- clockWorkCharged
    if fresh >= 100 {
      spent &+= fresh / 100
      clockWorkCharged &+= fresh / 100 * 100
    } else if fresh < 0 {
      clockWorkCharged = clockWork  // the clock was replaced
    }
    spent &+= steps
    return spent <= limit
  }

  /// Starts counting again from zero (the REPL does, before each entry).
  mutating func reset(clockWork: Int) {
    spent = 0
    clockWorkCharged = clockWork
  }

  /// The clock's `work` at which the steps left run out.
  func clockCeiling() -> Int {
    clockWorkCharged &+ max(limit &- spent, 0).multipliedReportingOverflow(by: 100).partialValue
  }
}

extension Interpreter {
  /// Charges `steps` to the work budget (with the clock's work since the last
  /// charge); past the limit, a runtime error at `range`.
  @inline(__always)
  func spend(_ steps: Int, at range: SourceRange) throws {
    if !budget.take(steps, clockWork: clock.work) { throw workLimitReached(at: range) }
    clock.workCeiling = budget.clockCeiling()
  }

  /// Charges the size of `values` that a builtin is given: 1 step per 100
  /// group members or list elements.
  func spend(sizesOf values: [Value], at range: SourceRange) throws {
    var size = 0
    for value in values {
      switch value {
      case .group(let g): size += g.members.count
      case .list(let items): size += items.count
      default: break
      }
    }
    try spend(1 + size / 100, at: range)
  }

  func workLimitReached(at range: SourceRange) -> RuntimeError {
    RuntimeError(
      "work limit reached: more than \(budget.limit) steps",
      at: range,
      hint:
        "a loop, a chain of handlers or a repeat of very short plays that does not end? --work-limit N raises the limit"
    )
  }
}
