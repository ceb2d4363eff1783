import Foundation

/// A transform's skew (`sk`, along the axis `sa`), drawn as ThorVG draws
/// it (rlottie leaves the axis out). Lottie's transform is
/// T(p)·R(r)·K·S(s)·T(−a), K the skew: a shear by tan(sk) along the axis
/// turned back by sa, K = R(−sa)·H·R(sa) with H = [[1, −tan(sk)], [0, 1]]
/// (y down, R(α) turning clockwise on screen; the signs are ThorVG's
/// pixels, `tests/checkers/test_import_look.py`). anim's views have no
/// skew, but R(r)·K = K′·R(r), K′ the same shear with the axis sa − r,
/// and K′ taken apart
/// as R(φ)·diag(σ₁, σ₂)·R(θ) (``SceneBuilder/decomposed(a:b:c:d:)``) is a
/// view of its own, as a 3D layer's turn is (`SceneBuilder+Turn3D`): the
/// turn view moved by the position, turned by φ and scaled by σ, and the
/// layer's view beneath it with θ added to its rotation. A moving skew,
/// axis or rotation is taken at every frame and held between (the parts
/// of K′ need not move smoothly).
extension SceneBuilder {
  /// The turn view's tracks and the layer's rotation for transform `t`'s
  /// skew, or nil when it has none.
  func skewTurn(_ t: ShapeTransform, clock: TimeMap) -> Turn3D? {
    guard t.skew.isAnimated || t.skew.first != 0 else { return nil }
    let skew = Track(t.skew, clock: clock).fromZero(rate: rate, end: end)
    let axis = Track(t.skewAxis, clock: clock).fromZero(rate: rate, end: end)
    noteReading(t.skewAxis)
    let parts = { (own: Double, t: Double) in
      Self.skewParts(skew: skew.value(at: t), axis: axis.value(at: t) - own)
    }
    if !skew.isAnimated && !axis.isAnimated && !t.rotation.isAnimated {
      let (phi, s1, s2, theta) = parts(t.rotation.first, 0)
      return Turn3D(
        tracks: [
          ("rotation", Track(initial: phi, segments: [])),
          ("scaleX", Track(initial: s1, segments: [])),
          ("scaleY", Track(initial: s2, segments: [])),
        ], rotation: { $0.map { $0 + theta } })
    }
    let own = Track(t.rotation, clock: clock).fromZero(rate: rate, end: end)
    let times = Track.frameTimes(of: [skew, axis, own], rate: rate)
    if times.count >= Track<Double>.maximumFrameTimes {
      noteFrames(t.skew.ref, "a skew", past: "taken at its keyframes")
    }
    let taken = times.map { parts(own.value(at: $0), $0) }
    return Turn3D(
      tracks: [
        ("rotation", Track.held(at: times, taken.map(\.phi))),
        ("scaleX", Track.held(at: times, taken.map(\.s1))),
        ("scaleY", Track.held(at: times, taken.map(\.s2))),
      ],
      rotation: { rotation in
        Track.held(at: times, zip(times, taken).map { rotation.value(at: $0) + $1.theta })
      })
  }

  /// The shear by `skew` degrees along the axis at `axis` degrees,
  /// R(−axis)·[[1, −tan(skew)], [0, 1]]·R(axis), taken apart.
  static func skewParts(skew: Double, axis: Double) -> (
    phi: Double, s1: Double, s2: Double, theta: Double
  ) {
    let (a, b, c, d) = skewMatrix(skew: skew, axis: axis)
    return decomposed(a: a, b: b, c: c, d: d)
  }

  /// Lottie's skew K = R(−axis)·H·R(axis), H = [[1, −tan(skew)], [0, 1]],
  /// as [[a, b], [c, d]] (degrees; acting on column vectors, y down):
  /// with c = cos(−axis), s = sin(−axis) and k = −tan(skew), K is
  /// [[1 − k·c·s, k·c²], [−k·s², 1 + k·c·s]].
  static func skewMatrix(skew: Double, axis: Double) -> (
    a: Double, b: Double, c: Double, d: Double
  ) {
    let k = -tan(skew * .pi / 180)
    let (c, s) = (cos(-axis * .pi / 180), sin(-axis * .pi / 180))
    return (1 - k * c * s, k * c * c, -k * s * s, 1 + k * c * s)
  }

  /// A skew the importer cannot draw (on a group, or beside a 3D turn or
  /// auto-orient): noted.
  func noteSkew(_ t: ShapeTransform, _ why: String) {
    if t.skew.isAnimated || t.skew.first != 0 {
      note(t.skew.ref ?? t.ref, "skew not imported (\(why))")
    }
  }
}
