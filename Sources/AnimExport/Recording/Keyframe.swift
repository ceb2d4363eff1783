import AnimEngine

/// How a track moves from one keyframe to the next.
public enum KeyInterpolation: Equatable, Sendable {
  /// The value stays until the next keyframe, then jumps to it.
  case hold
  /// Straight to the next keyframe's value.
  case linear
  /// Along a cubic Bézier easing, handles normalised to the interval's box
  /// (CSS `cubic-bezier(x1, y1, x2, y2)`, a Lottie keyframe's `o` and `i`).
  case bezier(Double, Double, Double, Double)
  /// Between two sampled frames: a player interpolates, with the keyframes'
  /// slopes as tangents where the format has them.
  case sampled
}

/// One keyframe of a recorded track: the value at `time` and how the track
/// leaves it.
public struct Keyframe: Equatable, Sendable {
  /// Absolute time in seconds.
  public var time: Double
  /// The value (numbers in lane 0; colours r, g, b, a in 0…1).
  public var value: PropertyValue
  /// How the track moves on to the next keyframe (unused on the last).
  public var out: KeyInterpolation
  /// Rate of change of lane 0 at `time` (units per second), for sampled
  /// keyframes; NaN when unknown.
  public var slope: Double

  public init(time: Double, value: PropertyValue, out: KeyInterpolation, slope: Double = .nan) {
    self.time = time
    self.value = value
    self.out = out
    self.slope = slope
  }
}

/// The keyframes of one property of one view over the recorded range.
public struct PropertyTrack: Sendable {
  public let property: Property
  public var keys: KeyframeList

  /// Whether every keyframe holds the same value (the HTML player writes no
  /// animation for such a track).
  public var isStatic: Bool { keys.allSatisfy { $0.value == keys[0].value } }

  /// The value a player computes at absolute time `t` (linear between
  /// sampled keyframes): what the tests compare with anim's own values.
  public func value(at t: Double) -> PropertyValue {
    guard let first = keys.first else { return .zero }
    if t <= first.time { return first.value }
    var lo = 0
    var hi = keys.count - 1
    if t >= keys[hi].time { return keys[hi].value }
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= t { lo = mid } else { hi = mid }
    }
    let a = keys[lo]
    let b = keys[hi]
    let x = (t - a.time) / (b.time - a.time)
    let e: Double
    switch a.out {
    case .hold: e = 0
    case .linear, .sampled: e = x
    case .bezier(let x1, let y1, let x2, let y2):
      e = BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1)).value(atX: x)
    }
    return a.value + (b.value - a.value) * e
  }
}

/// A drawn view and its tracks (every property of the table: those that
/// changed as keyframe lists, the others as the value they held).
public struct RecordedView: Sendable {
  public let id: ViewID
  /// The view's name (`tiles[3]` for a grid member).
  public let name: String
  /// The view's kind: the outline a writer draws.
  public let kind: ViewKind
  /// The tracks of the properties something happened to.
  var tracks: [PropertyTrack]
  /// The others.
  let held: HeldTracks
  /// A `shape`'s parsed path data and viewBox; nil for other kinds.
  public var path: ShapePath? = nil
  /// An `image`'s picture (SPEC §21.4); nil for other kinds.
  public var image: ImageSource? = nil
  /// A text's drawings (SPEC §18): each from the frame it is first shown
  /// until the next run's frame; empty for other kinds.
  public var textRuns: [(frame: Int, text: TextView)] = []
  /// The view's parent (SPEC §17), nil at the root.
  public var parent: ViewID? = nil

  /// The track of `property`.
  public func track(_ property: Property) -> PropertyTrack {
    tracks.first { $0.property == property } ?? held.track(property)
  }
}

/// What the stage showed over [start, end]: every drawn view's tracks.
public struct StageRecording: Sendable {
  /// First frame time (A).
  public var start: Double
  /// Last frame time.
  public var end: Double
  /// Frames per second (N).
  public var frameRate: Double
  /// Frames taken: A + k/N for k = 0 ..< frameCount.
  public var frameCount: Int
  /// Drawn views in painting order (the first is the bottom one).
  public var views: [RecordedView]
  /// Where plays are heard in the range (SPEC §22), in time order: Lottie
  /// carries no sound, so each becomes a marker an app can play it by.
  public var sounds: [SoundMarker] = []
}

/// A play heard in a recording (SPEC §22): from `start` seconds after A, for
/// `duration` seconds, the sound the script named `name`.
public struct SoundMarker: Sendable, Equatable {
  public var start: Double
  public var duration: Double
  public var name: String

  public init(start: Double, duration: Double, name: String) {
    self.start = start
    self.duration = duration
    self.name = name
  }
}
