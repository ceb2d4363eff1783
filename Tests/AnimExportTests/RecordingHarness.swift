import AnimEngine
import AnimExport
import AnimLanguage
import XCTest

/// Runs a script, then steps its clock frame by frame, running `at` scripts
/// at their times, and records the stage as `anim export` does.
struct RecordingHarness {
  let script: String
  var at: [(time: Double, script: String)] = []
  var fps = 60.0
  var end = 2.0
  /// When set, an `at` script due at a frame's own time runs after that
  /// frame is taken, and the recorder then looks at the instant, as
  /// `anim export` does after a `step` that ends there (the frame shows the
  /// scene before the script; SPEC §12.3).
  var afterFrames = false

  private func interpreter() throws -> Interpreter {
    let interpreter = Interpreter(file: SourceFile(path: "t.anim", text: script), output: { _ in })
    try execute(script, in: interpreter)
    return interpreter
  }

  private func execute(_ text: String, in interpreter: Interpreter) throws {
    let source = SourceFile(path: "t.anim", text: text)
    let program = Program(source: source, readFile: { _ in [] })
    // Later chunks use names the first bound: only syntax errors count.
    if let error = program.diagnostics.first(where: { $0.0.kind == .syntax }) {
      throw HarnessError(message: error.0.description)
    }
    try interpreter.execute(program.statements, in: source)
  }

  /// Moves `interpreter` to `t`, running the `at` scripts due on the way
  /// (with `afterFrames`, not those due at `t` itself).
  private func move(_ interpreter: Interpreter, to t: Double, done: inout Int) throws {
    while done < at.count && (afterFrames ? at[done].time < t : at[done].time <= t + 1e-12) {
      try interpreter.clock.advance(to: at[done].time)
      try execute(at[done].script, in: interpreter)
      done += 1
    }
    try interpreter.clock.advance(to: t)
  }

  /// The recording of every declared view over [0, end]; `afterFrame` sees
  /// the recorder after each frame.
  func record(afterFrame: (Int, StageRecorder) -> Void = { _, _ in }) throws -> StageRecording {
    let interpreter = try self.interpreter()
    let scene = interpreter.scene
    let recorder = StageRecorder(frameRate: fps)
    var done = 0
    var k = 0
    while Double(k) / fps <= end + 1e-9 {
      let t = Double(k) / fps
      try move(interpreter, to: t, done: &done)
      recorder.observe(frame: k, time: t, scene: scene, clock: interpreter.clock)
      if afterFrames && done < at.count && at[done].time == t {
        while done < at.count && at[done].time == t {
          try execute(at[done].script, in: interpreter)
          done += 1
        }
        recorder.observe(instant: t, scene: scene, clock: interpreter.clock)
      }
      afterFrame(k, recorder)
      k += 1
    }
    return recorder.recording()
  }

  /// anim's own value of `property` of the view named `name` at `t`.
  func truth(_ name: String, _ property: Property, at t: Double) throws -> PropertyValue {
    let interpreter = try self.interpreter()
    var done = 0
    // Frame by frame as the recording went, then on to t.
    var k = 0
    while Double(k + 1) / fps <= t {
      k += 1
      try move(interpreter, to: Double(k) / fps, done: &done)
    }
    try move(interpreter, to: t, done: &done)
    let scene = interpreter.scene
    return scene.value(scene.view(named: name)!, property)
  }
}

struct HarnessError: Error { let message: String }

/// An HTML player animation's keyframes (`[offset, value, easing]` arrays)
/// as strings, numbers as the writer formats them, for comparing in tests.
func keyframeStrings(_ keys: [JSONValue]) -> [[String]] {
  keys.map { key in
    guard case .array(let parts) = key else { return [] }
    return parts.map { part in
      switch part {
      case .number(let n): return JSONValue.format(n)
      case .string(let s): return s
      default: return "?"
      }
    }
  }
}
