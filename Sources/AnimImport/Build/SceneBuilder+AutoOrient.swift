#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Auto-orient (a layer's `ao`): the layer turned to its position's
/// direction of travel. Lottie's transform is then T(p)·R(θ)·R(r)·S(s)·T(−a),
/// θ the direction; the importer writes T(p)·R(θ) as a view of its own,
/// moved along the position's keyframes by `path(d:, orient: true)` (which
/// sets rotation to the direction of travel), and the layer's view beneath
/// it at (0, 0) with its rotation, scale and anchor as usual.
extension SceneBuilder {
  /// The view that moves along `track` (a position's keyframes on the
  /// script's clock) turned to its direction; returns its index, the
  /// parent of the layer's own view.
  func orientedView(
    _ track: Track<[Double]>, uncut: Track<[Double]>, name: String, parent: Int?,
    comment: String?, ref: JSONRef?
  ) throws(ImportError) -> Int {
    if track.segments.contains(where: \.routeCut) {
      note(ref, "a spatial route cut at time 0 drawn straight from there")
    }
    try Self.checkRoutes(track, ref: ref, straight: true)
    var view = ScriptView(kind: "layer", name: "\(name)_orient", parent: parent)
    view.comment = comment
    view.settings = [
      ("x", .number(track.initial[0])), ("y", .number(track.initial[1])),
      ("width", .number(1)), ("height", .number(1)), ("anchor", .point(0, 0)),
    ]
    let angle = Self.startAngle(track, uncut: uncut)
    if angle != 0 { view.settings.append(("rotation", .number(angle))) }
    view.runs = [ScriptRun(parts: Self.orientedParts(track))]
    return try add(view)
  }

  /// The chain along `track` (``MotionChain/parts(_:same:still:part:)``),
  /// each move a `path` turned to its direction; a jump (to another value
  /// than the segment's end, in no time) moved to without turning; where
  /// the position stays still between two keyframes, the direction 0°
  /// there — the angle of no motion, as ThorVG and lottie-web turn it —
  /// until it moves again.
  static func orientedParts(_ track: Track<[Double]>) -> [MotionPart] {
    MotionChain.parts(
      track, same: ==,
      still: { duration in
        [.tween([("rotation", .number(0))], duration: 0, ease: .linear), .wait(duration)]
      }
    ) { segment, to, duration, ease in
      guard duration > 0, segment.to == to else {
        return .tween(
          [("x", .number(to[0])), ("y", .number(to[1]))], duration: duration, ease: ease)
      }
      return .path(d: routeData(segment), duration: duration, ease: ease, orient: true)
    }
  }

  /// The SVG path data of a segment's route: its cubic when it has one,
  /// else the straight line.
  static func routeData(_ segment: Segment<[Double]>) -> String {
    let (a, b) = (segment.from, segment.to)
    let n = NumberFormat.exact
    guard let route = segment.route else {
      return "M\(n(a[0])) \(n(a[1])) L\(n(b[0])) \(n(b[1]))"
    }
    let c1 = [a[0] + route.outTangent[0], a[1] + route.outTangent[1]]
    let c2 = [b[0] + route.inTangent[0], b[1] + route.inTangent[1]]
    return "M\(n(a[0])) \(n(a[1])) C\(n(c1[0])) \(n(c1[1])) \(n(c2[0])) \(n(c2[1])) "
      + "\(n(b[0])) \(n(b[1]))"
  }

  /// The direction, in degrees, at time 0 of `track` (the keyframes cut
  /// to the script's span; `uncut` before the cut): its first segment's at
  /// its start (its route's first handle that is not 0, else the chord), 0
  /// when that goes nowhere — as ThorVG and lottie-web turn a layer before
  /// its position's first keyframe. When every segment lies outside the
  /// span, the direction the keyframes end with (all before time 0) or
  /// start with (all past the end).
  static func startAngle(_ track: Track<[Double]>, uncut: Track<[Double]>) -> Double {
    if let first = track.segments.first { return direction(first, atEnd: false) }
    guard let first = uncut.segments.first, let last = uncut.segments.last else { return 0 }
    return first.start >= 0 ? direction(first, atEnd: false) : direction(last, atEnd: true)
  }

  /// A segment's direction in degrees at its start or end: along its
  /// route's handle there, else the next handle's, else the chord; 0 when
  /// it goes nowhere.
  static func direction(_ segment: Segment<[Double]>, atEnd: Bool) -> Double {
    let (a, b) = (segment.from, segment.to)
    var directions: [[Double]] = []
    if let route = segment.route {
      let c1 = [a[0] + route.outTangent[0], a[1] + route.outTangent[1]]
      let c2 = [b[0] + route.inTangent[0], b[1] + route.inTangent[1]]
      directions =
        atEnd
        ? [[b[0] - c2[0], b[1] - c2[1]], [b[0] - c1[0], b[1] - c1[1]]]
        : [[c1[0] - a[0], c1[1] - a[1]], [c2[0] - a[0], c2[1] - a[1]]]
    }
    directions.append([b[0] - a[0], b[1] - a[1]])
    guard let d = directions.first(where: { $0[0] != 0 || $0[1] != 0 }) else { return 0 }
    return atan2(d[1], d[0]) * 180 / .pi
  }
}
