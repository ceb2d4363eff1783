/// The stepper's side of the recorder's query (`Clock.forEachSegmentInForce`):
/// the segment each track writes, read without changing anything.
extension Stepper {
  /// Calls `body` with the segment in force on each track that writes, at
  /// run-local time `local`, its times made absolute by `absolute` (the run
  /// plays at `rate` local seconds per clock second).
  func forEachSegmentInForce(
    atLocal local: Double, paused: Bool, rate: Double, absolute: (Double) -> Double,
    _ body: (SegmentInForce) -> Void
  ) {
    // A run at another rate or playing backwards: its segments' shapes no
    // longer follow clock time as written; the recorder samples them.
    let retimed = rate != 1
    for i in 0..<trackCount {
      // Read in place: copying a `Track` retains and releases its cursor.
      let track = tracks + i
      guard track.pointee.alive, track.pointee.claimed else { continue }
      let hot = inForce[i]
      if hot.fromAlikePlays && !retimed {
        // Alike plays supply the part in force; the cursor is behind.
        guard hot.kind == .linear || hot.kind == .eased else { continue }
        let duration = hot.invDuration.isFinite ? 1 / hot.invDuration : 0
        let easing = hot.kind == .eased ? curves[i].easing : .linear
        let velocity =
          local >= hot.endLimit || duration == 0
          ? 0 : (hot.b - hot.a) * easing.derivative(at: (local - hot.start) / duration) / duration
        body(
          SegmentInForce(
            view: track.pointee.key.view, property: track.pointee.key.property,
            start: absolute(hot.start),
            duration: duration, from: PropertyValue(hot.a, 0, 0, 0),
            to: PropertyValue(hot.b, 0, 0, 0), easing: easing, shape: .eased,
            velocity: velocity.isFinite ? velocity : 0, paused: paused))
        continue
      }
      guard let segment = track.pointee.resolver.current else { continue }
      let start =
        retimed ? min(absolute(segment.start), absolute(segment.end)) : absolute(segment.start)
      let length = retimed ? segment.duration / abs(rate) : segment.duration
      var shape: SegmentInForce.Shape
      var easing = segment.easing
      switch segment.form {
      case .number: shape = .eased
      case .hold, .event:
        shape = .eased
        easing = .linear
      case .color(let space): shape = .color(space)
      case .spring, .wideSpring: shape = .spring
      case .composite, .path, .paint: shape = .other
      }
      if retimed { shape = .other }
      let velocity = track.pointee.resolver.velocity(at: local)
      body(
        SegmentInForce(
          view: track.pointee.key.view, property: track.pointee.key.property, start: start,
          duration: length, from: segment.a,
          to: segment.b,
          easing: easing, shape: shape, velocity: velocity.isFinite ? velocity : 0,
          paused: paused))
    }
  }
}
