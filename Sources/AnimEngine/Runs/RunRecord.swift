/// The states of a run. `running` and `paused` runs are live (in the pool);
/// the others have ended.
public enum RunState: String, Sendable {
  case running, paused, finished, cancelled, cleared

  /// Whether a run in this state is still in the pool.
  public var isLive: Bool { self == .running || self == .paused }
}

/// An event a run emits.
public enum EventKind: Sendable, Equatable, CustomStringConvertible {
  case start
  case done
  /// The boundary into play `iteration` (2, 3, …) of a top-level repeat.
  case `repeat`(iteration: Int)
  case mark(String)

  public var description: String {
    switch self {
    case .start: return "start"
    case .done: return "done"
    case .repeat(let i): return "repeat \(i)"
    case .mark(let name): return "mark \"\(name)\""
    }
  }
}

/// What is known of a run, live or ended: the part that outlives it, so an
/// ended handle can still answer `state`, `time` and `id`.
public final class RunRecord {
  /// `#1`, `#2`, … in the order runs started.
  public let id: Int
  public let motion: Motion
  /// How the run was written (shown by `pool` and the REPL).
  public let label: String
  public internal(set) var state: RunState = .running
  /// Local time reached; frozen when the run ends.
  public internal(set) var localTime: Double = 0
  /// Its playback rate (`h.speed`, SPEC §14.2): 1 unless set; negative plays
  /// backwards. Kept after the run ends.
  public internal(set) var speed: Double = 1
  /// Absolute clock time the run started at.
  public let startTime: Double
  /// The pool slot of the live run (nil once ended).
  var slot: Int?

  init(id: Int, motion: Motion, label: String, startTime: Double) {
    self.id = id
    self.motion = motion
    self.label = label
    self.startTime = startTime
  }

  /// The iteration of a top-level repeat the run is in (1-based), else 1.
  public var iteration: Int {
    guard case .repeating(let body, _) = Self.peel(motion).node, body.duration > 0 else { return 1 }
    let k = (localTime / body.duration).rounded(.down)
    return k >= 9e15 ? Int.max : Int(k) + 1
  }

  static func peel(_ m: Motion) -> Motion {
    switch m.node {
    case .bound(let inner, _), .speed(let inner, _): return peel(inner)
    default: return m
    }
  }
}

/// Which events a listener wants.
public enum EventFilter: Sendable, Equatable {
  case start, done, `repeat`, mark(String)

  func matches(_ kind: EventKind) -> Bool {
    switch (self, kind) {
    case (.start, .start), (.done, .done), (.repeat, .repeat): return true
    case (.mark(let a), .mark(let b)): return a == b
    default: return false
    }
  }
}

/// An event as delivered: which run, what, and when (absolute time).
public struct RunEvent {
  public var time: Double
  public var kind: EventKind
  public var record: RunRecord
  public var handle: RunHandle
}

/// A handler attached to a run handle.
public struct RunListener {
  public var filter: EventFilter
  public var action: (RunEvent) throws -> Void
  public init(filter: EventFilter, action: @escaping (RunEvent) throws -> Void) {
    self.filter = filter
    self.action = action
  }
}

/// A run that finished, as `reverse h` needs it: its stepper, event track,
/// rate and the local time it ended at.
struct FinishedPlay {
  let stepper: Stepper
  let events: Cursor?
  let rate: Double
  let local: Double
}

/// What a script holds after `h = run m`: a reference to the run's record
/// (generation-checked through it: an ended record never reaches a live run).
/// `restart h` points the handle at the new run; its listeners stay.
public final class RunHandle {
  public internal(set) var record: RunRecord
  public internal(set) var listeners: [RunListener] = []
  /// The last run of this handle that finished, kept so that `reverse h`
  /// can play it back from where it ended (SPEC §23.3): its stepper holds
  /// the values each track took its property with. Kept here, on what the
  /// script holds, so that it goes when the script lets go of the handle.
  var finishedPlay: FinishedPlay?

  init(record: RunRecord) { self.record = record }

  /// Adds a handler; handlers fire in the order they were added.
  public func listen(_ listener: RunListener) { listeners.append(listener) }

  var listensToTrackEvents: Bool {
    listeners.contains {
      switch $0.filter {
      case .repeat, .mark: return true
      default: return false
      }
    }
  }
}
