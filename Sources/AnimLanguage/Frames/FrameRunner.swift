import AnimEngine
import AnimSound
import AnimStage

/// Runs a script for a render or an export (SPEC §12.3, §13): as `anim run`
/// would, taking frames as the clock passes their times.
///
/// It works in two passes, because a stage without a size is fitted to every
/// frame's views and an encoder needs the image size before the first frame:
///
/// 1. `survey(output:)` runs the script as `anim run` does (its output
///    printed once, its expectations checked) and finds the frame times, the
///    stage and the union of the drawn bounds over the frames.
/// 2. `play(_:observer:)` runs it again, silently, and hands each frame of
///    the plan to the observer in time order (`Frame`: index, time, scene,
///    clock). Frames a `reset` discarded are never handed over.
///
/// A script is deterministic (random choices are seeded), so both passes see
/// the same scene at the same times. Stopping the clock at frame times changes
/// nothing a script does: stepping in pieces is exact (SPEC §6.1).
public final class FrameRunner {
  /// The longest default range when the script does not move the clock and
  /// some run never ends (or ends later): 10 s.
  public static let defaultEndCap = 10.0

  public let source: SourceFile
  public let selection: FrameSelection
  public var workLimit = Interpreter.defaultWorkLimit
  public var readFile: (String) throws -> [UInt8] = ScriptRunner.readFile
  /// Told the path of every other file the script reads (``Interpreter/noteFileRead``).
  public var noteFileRead: ((String) -> Void)?
  /// Called with every event the clock fires during `play` (a plot's event
  /// ticks); nil for none.
  public var eventObserver: ((RunEvent) -> Void)?
  /// Told, in the play pass, where the clock stands between frames (and at a
  /// frame's instant after the script's statements there): the time, the
  /// scene and the clock. `anim export` records changes that happen between
  /// frames at their own time with it.
  public var instantObserver: ((Double, Scene, Clock) throws -> Void)?
  /// Called once by `play` before the script's first statement, with the
  /// scene and clock it will run on; an error it throws stops `play`.
  public var sceneReady: ((Scene, Clock) throws -> Void)?
  /// Asked at every frame of both passes (and between them): true stops
  /// the run with `Cancelled` (the live preview drops a build a newer save
  /// made useless, SPEC §24).
  public var isCancelled: (() -> Bool)?
  /// Told of every view the play pass declares (see
  /// `Interpreter.viewDeclared`).
  public var viewDeclared: ((ViewID, SourceRange, SourceFile) -> Void)?
  /// Told in the play pass of each `reset` statement, once the clock has
  /// cleared its runs and gone back to 0 (the live preview empties its
  /// timeline, SPEC §24).
  public var clockReset: (() -> Void)?

  /// A run stopped because `isCancelled` said so.
  public struct Cancelled: Error {}

  /// Set by `survey` when the frames passed ``FrameSchedule/maximumFrames``
  /// (the script was stopped there): the first frame's time and the rate,
  /// for the command's usage error. The survey then has no plan.
  public private(set) var tooManyFrames: (start: Double, rate: Double)?

  public init(source: SourceFile, selection: FrameSelection) {
    self.source = source
    self.selection = selection
  }

  /// An error the observer threw, carried out past the interpreter.
  private struct ObserverFailure: Error {
    let error: any Error
  }

  // MARK: Pass 1

  /// Runs the script as `anim run` does, printing through `output`, and finds
  /// the frames. The plan is nil when the script stopped with an error (the
  /// result holds it; nothing should be written).
  public func survey(output: @escaping (String) -> Void) -> (ScriptResult, FramePlan?) {
    let (result, plan, _) = survey(output: output, observer: nil)
    return (result, plan)
  }

  /// `survey`, handing each frame the survey takes to `observer` (and every
  /// event to `eventObserver`, each `reset` to `clockReset`) as `play`
  /// would. `played` is true when those were exactly the plan's frames —
  /// the usual case: frames at the rate the survey guessed (the script's
  /// own, 60 unless it says otherwise, or `fps`), or the one frame of `at`,
  /// no `reset` and no `instantObserver` — so that `play` need not run the
  /// script a second time (the live preview's builds, SPEC §24; `anim
  /// render --at`); else `play` must run.
  public func survey(
    output: @escaping (String) -> Void, observer: ((Frame) throws -> Void)?
  ) -> (ScriptResult, FramePlan?, played: Bool) {
    let guessRate = surveyRate
    let watching = instantObserver == nil ? observer : nil
    var delivered = 0
    var (result, plan) = surveyPass(
      rate: guessRate, output: output, expectations: true,
      observer: watching.map { observe in
        { frame in
          try observe(frame)
          delivered += 1
        }
      })
    guard var found = plan else { return (result, nil, false) }
    // A stage without a size set after frames taken with one: the stage is
    // fitted to every frame's views (SPEC §12.2), those frames' too, read
    // by a second, silent run.
    let refit = found.stage.size == nil && found.boundsSkipped
    if !refit, watching != nil, found.resets == 0, delivered == found.schedule.count {
      switch selection {
      case .range where found.schedule.rate == guessRate: return (result, found, true)
      // The one frame at T, taken once and with no `reset`: a still's
      // frame, which `play` would take the same.
      case .at where delivered == 1: return (result, found, true)
      default: break
      }
    }
    var otherRate = false
    // The script set another frame rate: the frames are at other times.
    if case .range(_, _, nil) = selection, found.schedule.rate != guessRate { otherRate = true }
    if otherRate || refit {
      let (again, replanned) = surveyPass(
        rate: otherRate ? found.schedule.rate : guessRate, output: { _ in }, expectations: false,
        everyBounds: refit)
      guard let replanned else {
        result.errors = again.errors
        return (result, nil, false)
      }
      found = replanned
    }
    return (result, found, false)
  }

  /// The frame rate the survey takes frames at first: `fps` when the
  /// selection gives one, else the rate the script's `fps` statement
  /// writes, else 60 (a script whose clock ends at another rate is
  /// surveyed again at its own).
  public var surveyRate: Double {
    if case .range(_, _, let fps?) = selection { return fps }
    return declaredRate(of: program) ?? 60
  }

  /// The rate a script's last `fps` statement at its top level sets, when
  /// it is written as a number the clock takes: most scripts that set a
  /// rate (every imported Lottie) do so once, and surveying at it spares a
  /// second survey. Only a guess: a script whose clock ends at another rate
  /// (set in a function, by an expression) is surveyed again at that one.
  private func declaredRate(of program: Program) -> Double? {
    var rate: Double?
    for statement in program.statements {
      guard case .fps(let e) = statement.kind else { continue }
      guard case .number(let value, unit: nil) = e.kind, value.isFinite, value > 0,
        value <= Clock.maximumFPS
      else { return nil }
      rate = value
    }
    return rate
  }

  /// The script parsed and checked, once: the survey's passes and every
  /// `play` (on several threads at once, which only read it) share it.
  private var parsed: Program?

  /// The script parsed and checked (``parsed``, made on first use by the
  /// survey, which runs before any `play`).
  private var program: Program {
    if let parsed { return parsed }
    let program = Program(source: source, readFile: readFile)
    parsed = program
    return program
  }

  private func makeInterpreter(output: @escaping (String) -> Void) -> Interpreter {
    let interpreter = Interpreter(file: source, output: output)
    interpreter.readFile = readFile
    interpreter.noteFileRead = noteFileRead
    interpreter.workLimit = workLimit
    return interpreter
  }

  /// One run of the script that finds the plan with frames at `rate`.
  private func surveyPass(
    rate: Double, output: @escaping (String) -> Void, expectations: Bool,
    observer: ((Frame) throws -> Void)? = nil, everyBounds: Bool = false
  ) -> (ScriptResult, FramePlan?) {
    let program = self.program
    var result = ScriptResult()
    result.errors = program.diagnostics.filter { $0.0.severity == .error }
    if !result.errors.isEmpty { return (result, nil) }
    let interpreter = makeInterpreter(output: output)
    var failures: [RuntimeError] = []
    if expectations { interpreter.expectationFailed = { failures.append($0) } }

    let (start, end) = rangeBounds
    let stops = FrameStops(
      start: start, rate: rate, last: end.map { $0 + FrameSchedule.tolerance } ?? .infinity)
    var bounds: StageRect?
    var boundsSkipped = false
    var taken = 0
    let scene = interpreter.scene
    let isCancelled = self.isCancelled
    // The interpreter reports any error a statement meets as its own:
    // whether it was a cancellation is noted here.
    var cancelled = false
    let clock = interpreter.clock
    if observer != nil {
      if let eventObserver { clock.observer = eventObserver }
      if let viewDeclared { interpreter.viewDeclared = viewDeclared }
    }
    var observed: (any Error)?
    stops.onFrame = { [unowned self] k, time in
      if isCancelled?() == true {
        cancelled = true
        throw Cancelled()
      }
      try self.checkDrawable(interpreter, at: time)
      if let observer {
        var frame = Frame(index: k, time: time, scene: scene, clock: clock)
        frame.scriptMovedClock = interpreter.clockMoved
        do { try observer(frame) } catch {
          observed = error
          throw error
        }
      }
      // While the stage has a size the drawn bounds are not read (outlines
      // need not be built for them at every frame), unless `everyBounds`:
      // a later stage without a size needs them.
      if scene.stage.size == nil || everyBounds {
        if let b = DrawnBounds.of(scene) { bounds = bounds?.union(b) ?? b }
      } else {
        boundsSkipped = true
      }
      taken += 1
    }
    let clockReset = observer == nil ? nil : self.clockReset
    stops.onReset = {
      bounds = nil
      boundsSkipped = false
      taken = 0
      clockReset?()
    }
    if case .end = selection {} else { interpreter.clock.stops = stops }
    // As in `play`: the frame callback holds the interpreter, whose clock
    // holds the stops. Unbroken, the survey's whole scene and runs stayed
    // alive through the render (a script of 249 000 views: 1.4 GB kept
    // beside the play's own).
    defer {
      interpreter.clock.stops = nil
      stops.onFrame = { _, _ in }
      stops.onReset = {}
    }

    var plan: FramePlan?
    do {
      try interpreter.execute(program.statements, in: source)
      let stepOn = try stepOnAfterScript(interpreter, stops: stops, surveying: true)
      let resets = stops.resets
      let schedule: FrameSchedule
      var capped = false
      var rangeEnd = interpreter.clock.now
      switch selection {
      case .end:
        try checkDrawable(interpreter, at: interpreter.clock.now)
        bounds = DrawnBounds.of(scene)
        schedule = FrameSchedule(start: interpreter.clock.now, rate: 1, count: 1)
      case .at(let t):
        schedule = FrameSchedule(start: t, rate: 1, count: taken)
        rangeEnd = t
      case .range:
        let scriptRate = interpreter.clock.fps
        let rate = fpsOption ?? scriptRate
        let b: Double
        switch stepOn {
        case .none: b = interpreter.clock.now
        case .to(let t): b = t
        case .settle(let t, let wasCapped):
          b = t
          capped = wasCapped
        }
        let finalB = end ?? b
        rangeEnd = finalB
        if rate != stops.rate {
          // Frames were taken at the guessed rate; `survey` runs again.
          schedule = FrameSchedule(from: start, to: finalB, rate: rate)
        } else {
          schedule = FrameSchedule(start: start, rate: rate, count: taken)
        }
      }
      plan = FramePlan(
        schedule: schedule, end: rangeEnd, stage: scene.stage, drawnBounds: bounds, capped: capped,
        resets: resets, stepOn: stepOn,
        mix: try mixPlan(interpreter, from: start, to: rangeEnd),
        declaresSounds: !interpreter.sounds.isEmpty)
      plan?.viewCount = scene.count
      plan?.boundsSkipped = boundsSkipped
    } catch let error as RuntimeError {
      result.errors = [(error.diagnostic, error.file ?? source)]
    } catch is Cancelled {
      cancelled = true
    } catch {
      let diagnostic = RuntimeError("\(error)", at: endRange).diagnostic
      result.errors = [(diagnostic, source)]
    }
    // No plan and no error: the host that cancelled knows why.
    if cancelled { return (ScriptResult(), nil) }
    if let observed {
      result.errors = [(RuntimeError("\(observed)", at: endRange).diagnostic, source)]
      return (result, nil)
    }
    if stops.tooManyFrames {
      // Not the script's error: the range asked for is too long (a command
      // reports `tooManyFrames` as a usage error; a host that shows
      // diagnostics, the preview, shows this one).
      tooManyFrames = (start, rate)
      let message = FrameSchedule.tooManyFramesMessage(start: start, rate: rate)
      result.errors = [(RuntimeError(message, at: endRange).diagnostic, source)]
      plan = nil
    }
    result.failedExpectations = failures
    return (result, plan)
  }

  /// The plays heard over [A, B] (SPEC §22), for a range of frames of a
  /// script that declares a sound; nil otherwise (a single image ignores
  /// sound, and a script without sounds gets no audio track).
  private func mixPlan(_ interpreter: Interpreter, from a: Double, to b: Double) throws -> MixPlan?
  {
    guard case .range = selection, !interpreter.sounds.isEmpty else { return nil }
    let clock = interpreter.clock
    do {
      let placements = try SoundScore.placements(
        of: clock.soundRuns, from: a, to: b, now: clock.now)
      return MixPlan(
        start: a, end: b, placements: placements, files: interpreter.sounds.map(\.file))
    } catch {
      throw RuntimeError(error.message, at: endRange)
    }
  }

  /// Where the views of the last `play` were declared, by id, for errors
  /// about a view found after the run (an export too large to write).
  private var playedSites = DeclarationSites()

  /// Where view `id` of the last `play` was declared, or nil (a view the
  /// scene made itself, the default view).
  public func declarationSite(of id: ViewID) -> (range: SourceRange, file: SourceFile)? {
    playedSites.site(of: id)
  }

  /// Whether each frame's views must be drawable (``DrawableRange``): a
  /// render's, an export's and a preview's; not a plot's, which draws
  /// numbers, not views.
  public var checksDrawing = true

  /// Stops the survey at a frame that draws a view out of range, with a
  /// runtime error at the view's declaration (SPEC §3: no infinity or NaN
  /// reaches a picture or a file; issue 32).
  private func checkDrawable(_ interpreter: Interpreter, at time: Double) throws {
    guard checksDrawing,
      let violation = DrawableRange.violation(in: interpreter.scene, at: time)
    else { return }
    let site = interpreter.declarationSite(of: violation.view)
    throw RuntimeError(
      violation.message, at: site?.range ?? endRange,
      hint: DrawableRange.Violation.hint, file: site?.file ?? source)
  }

  // MARK: Pass 2

  /// Runs the script again, silently, handing every frame of `plan` to
  /// `observer` in time order. An error the observer throws stops the run
  /// and is rethrown; a script error (which the survey would have met) is
  /// thrown as a `RuntimeError`.
  public func play(_ plan: FramePlan, observer: @escaping (Frame) throws -> Void) throws {
    let program = parsed ?? Program(source: source, readFile: readFile)
    if let first = program.diagnostics.first(where: { $0.0.severity == .error }) {
      throw RuntimeError(first.0.message, at: first.0.range, file: first.1, kind: first.0.kind)
    }
    if isCancelled?() == true { throw Cancelled() }
    let interpreter = makeInterpreter(output: { _ in })
    interpreter.viewDeclared = viewDeclared
    let clock = interpreter.clock
    let scene = interpreter.scene
    defer { playedSites = interpreter.declarationSites }
    try sceneReady?(scene, clock)
    let isCancelled = self.isCancelled
    let schedule = plan.schedule
    var failure: (any Error)?
    var delivered = 0
    let stops = FrameStops(
      start: schedule.start, rate: schedule.rate,
      last: schedule.count > 0 ? schedule.time(schedule.count - 1) : -.infinity,
      resetsToSkip: plan.resets)
    stops.onFrame = { k, time in
      do {
        if isCancelled?() == true { throw Cancelled() }
        try observer(Frame(index: k, time: time, scene: scene, clock: clock))
        delivered += 1
      } catch {
        failure = error
        throw ObserverFailure(error: error)
      }
    }
    if let clockReset { stops.onReset = clockReset }
    if let instantObserver {
      stops.onInstant = { time in
        do { try instantObserver(time, scene, clock) } catch {
          failure = error
          throw ObserverFailure(error: error)
        }
      }
    }
    if case .end = selection {} else { clock.stops = stops }
    // The frame callback holds the clock, which holds the stops: a cycle
    // that kept every played run (and the observer's canvas) alive until the
    // process ended (found by fuzz/: a REPL render leaked its canvas).
    defer {
      clock.stops = nil
      stops.onFrame = { _, _ in }
    }
    if let eventObserver { clock.observer = eventObserver }
    do {
      try interpreter.execute(program.statements, in: source)
      _ = try stepOnAfterScript(interpreter, stops: stops, surveying: false, plan: plan)
      if case .end = selection {
        try observer(Frame(index: 0, time: clock.now, scene: scene, clock: clock))
        delivered = 1
      }
    } catch {
      if let failure { throw failure }
      throw error
    }
    if let failure { throw failure }
    if delivered != schedule.count {
      throw RuntimeError(
        "the second run of the script took \(delivered) frames, the first \(schedule.count)",
        at: endRange)
    }
  }

  // MARK: Stepping on

  private var rangeBounds: (start: Double, end: Double?) {
    switch selection {
    case .end: return (0, nil)
    case .at(let t): return (t, t)
    case .range(let a, let b, _): return (a ?? 0, b)
    }
  }

  private var fpsOption: Double? {
    if case .range(_, _, let fps) = selection { return fps }
    return nil
  }

  /// Where errors of stepping on (after the last statement) are reported:
  /// just after the file's last character that is not white space, on a
  /// line the file has (never the empty line after its final newline).
  private var endRange: SourceRange {
    let bytes = source.bytes
    var end = bytes.count
    while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
    let at = source.location(ofOffset: end)
    return SourceRange(start: end, end: end, line: at.line, column: at.column)
  }

  /// Steps the clock on after the script's last statement, taking the frames
  /// at and after its end; returns how (the play pass repeats it). Moving to
  /// the time the clock already stands at still shows it the frame stops, so
  /// a frame at the script's end (0 for a still scene) is taken.
  private func stepOnAfterScript(
    _ interpreter: Interpreter, stops: FrameStops, surveying: Bool, plan: FramePlan? = nil
  ) throws -> FramePlan.StepOn {
    let clock = interpreter.clock
    if let plan, !surveying {
      switch plan.stepOn {
      case .none: return .none
      case .to(let t):
        if t >= clock.now { try interpreter.clocked(endRange) { try clock.advance(to: t) } }
        return plan.stepOn
      case .settle(let t, _):
        try settleCapped(interpreter, stops: stops)
        if t >= clock.now { try interpreter.clocked(endRange) { try clock.advance(to: t) } }
        return plan.stepOn
      }
    }
    let (_, end) = rangeBounds
    switch selection {
    case .end: return .none
    case .at(let t):
      if t >= clock.now { try interpreter.clocked(endRange) { try clock.advance(to: t) } }
      return .to(t)
    case .range:
      if let end {
        if end >= clock.now { try interpreter.clocked(endRange) { try clock.advance(to: end) } }
        return .to(end)
      }
      if interpreter.clockMoved { return .none }
      let capped = try settleCapped(interpreter, stops: stops)
      // B is when the last run ends; a frame within the tolerance after it
      // is B's frame (SPEC §12.3): durations that sum a hair short of a
      // frame time (0.3333333333333333 + 0.6499999999999999 ends 1e-16
      // before 59/60) lost the last frame. The clock steps on to it; every
      // run has ended, so nothing changes but the frame taken.
      let due = stops.nextFrameTime
      if !capped, due > clock.now, due <= clock.now + FrameSchedule.tolerance {
        try interpreter.clocked(endRange) { try clock.advance(to: due) }
      }
      return .settle(capped ? Self.defaultEndCap : clock.now, capped: capped)
    }
  }

  /// Settles, stopping at 10 s if runs still go then; true when capped.
  @discardableResult
  private func settleCapped(_ interpreter: Interpreter, stops: FrameStops) throws -> Bool {
    let clock = interpreter.clock
    let cap = Self.defaultEndCap
    stops.running = { clock.liveRuns.contains { $0.state == .running } }
    stops.cap = cap
    defer { stops.cap = nil }
    do {
      try interpreter.clocked(endRange) { try clock.settle() }
      // Runs that never end are not waited for by `settle`: they run to the cap.
      if clock.liveRuns.contains(where: { $0.state == .running }) && clock.now < cap {
        stops.cap = nil
        try interpreter.clocked(endRange) { try clock.advance(to: cap) }
        return true
      }
      return clock.now >= cap && clock.liveRuns.contains { $0.state == .running }
    } catch is FrameStops.CapReached {
      return true
    }
  }
}
