/// One segment of a track, in script seconds: from `from` at `start` to
/// `to` at `end`, timed by `ease`.
struct Segment<Value: Sendable>: Sendable {
  var start: Double
  var end: Double
  var from: Value
  var to: Value
  var ease: ScriptEase
  /// A position's route, when the keyframes give spatial tangents: the
  /// tangents of the cubic from `from` to `to`.
  var route: (OutlinePointPair)?
  /// A route was left out because the segment was cut (at time 0, or at a
  /// layer's in or out point): it runs straight.
  var routeCut = false
}

/// The tangents of a spatial route (Lottie's `to` and `ti`).
struct OutlinePointPair: Sendable {
  /// `to`: relative to the segment's start.
  var outTangent: [Double]
  /// `ti`: relative to the segment's end.
  var inTangent: [Double]
}

/// A property over time in script seconds: `initial` until the first
/// segment, then segments in time order (a gap holds the last value).
struct Track<Value: Sendable>: Sendable {
  var initial: Value
  var segments: [Segment<Value>]

  var isAnimated: Bool { !segments.isEmpty }

  /// From the first segment's start to the last one's end; nil when the
  /// track does not move.
  var span: ClosedRange<Double>? {
    guard let first = segments.first, let last = segments.last, first.start <= last.end
    else { return nil }
    return first.start...last.end
  }

  /// Every value the track takes at a segment's ends: the initial one,
  /// then each segment's from and to.
  var values: [Value] { [initial] + segments.flatMap { [$0.from, $0.to] } }

  init(initial: Value, segments: [Segment<Value>]) {
    self.initial = initial
    self.segments = segments
  }

  /// The same track with each value transformed.
  func map<T>(_ transform: (Value) -> T) -> Track<T> {
    Track<T>(
      initial: transform(initial),
      segments: segments.map {
        Segment(
          start: $0.start, end: $0.end, from: transform($0.from), to: transform($0.to),
          ease: $0.ease, route: $0.route)
      })
  }
}
