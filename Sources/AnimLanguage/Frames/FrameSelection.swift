import AnimEngine
import AnimSound
import AnimStage

/// Which frames a render or an export takes (SPEC §12.3).
public enum FrameSelection: Sendable, Equatable {
  /// One frame: the scene once the script has run its last statement (a
  /// single image written without `--at`).
  case end
  /// One frame at time T (`--at T`), taken as the clock passes T.
  case at(Double)
  /// A + k/N for k = 0, 1, … while ≤ B. A defaults to 0, N to the script's
  /// frame rate (the last `fps` it ran, 60 unless set), B to the clock's time
  /// when the script ends if the script moved the clock, otherwise to the time
  /// when every run has ended, at most `FrameRunner.defaultEndCap` (10 s).
  case range(from: Double?, to: Double?, fps: Double?)
}

/// One frame as the clock passes it: what an observer of `FrameRunner.play`
/// receives. The scene and clock are live: read them during the call only.
public struct Frame {
  /// 0, 1, 2, … in time order.
  public let index: Int
  /// The frame's time (A + index/N); the clock's `now` is within 1e-9 of it.
  public let time: Double
  /// The scene at `time`, every event of that instant delivered.
  public let scene: Scene
  /// The clock (runs, their states), standing at `time`.
  public let clock: Clock
  /// Whether the script's statements had moved the clock (`step`, `wait`)
  /// by this frame: then a range without an end ends where the script
  /// does, else when its runs do (SPEC §12.3).
  public var scriptMovedClock = false
}

/// What a first run of the script found: the frames to take and the stage.
public struct FramePlan: Sendable {
  /// The frames' times. For `.end` one frame at the script's end time.
  public var schedule: FrameSchedule
  /// B: the time of the range's end (for `.at` and `.end`, the frame's time).
  public var end: Double
  /// The stage the script set last (`stage(...)`).
  public var stage: StageSettings
  /// The union of the drawn bounds of the views over every frame, nil when
  /// no view was drawn; what a stage without a size is fitted to.
  public var drawnBounds: StageRect?
  /// Whether the default end was capped at 10 s (runs still going then);
  /// a render says so on stderr.
  public var capped: Bool
  /// How many views the scene held when the script ended (the most a
  /// recording of it meets, for `anim export`'s limit).
  public var viewCount = 0
  /// `reset`s the script ran before its frames were taken (the frames
  /// before each are discarded).
  var resets: Int
  /// How the clock is stepped on after the script's last statement.
  var stepOn: StepOn
  /// Whether frames were taken while the stage had a size, their drawn
  /// bounds not read: a stage without a size set after them is fitted to
  /// them too (``FrameRunner/survey(output:observer:)`` reads them again).
  var boundsSkipped = false
  /// The plays heard over [A, B], when the script declares a sound and the
  /// frames are a range (SPEC §22): what `anim render` mixes into the
  /// audio track, `-o x.wav`, the HTML player and Lottie markers.
  public var mix: MixPlan?
  /// Whether the script declares a sound (a format without sound says it
  /// leaves it out).
  public var declaresSounds = false

  enum StepOn: Sendable {
    /// Nothing: the frames were all taken during the script (or `.end`).
    case none
    /// To the given time.
    case to(Double)
    /// As the default end is found: settle, capped at 10 s, then to the
    /// time (whether the cap applied).
    case settle(Double, capped: Bool)
  }

  /// The layout of this plan's stage, sized by `sizing`, over `background`
  /// when given (`--background`), else the stage's own.
  public func layout(sizing: StageSizing = .scale(1), background: Color? = nil)
    throws(StageError) -> StageLayout
  {
    try StageLayout.make(stage, fitted: drawnBounds, sizing: sizing, background: background)
  }
}
