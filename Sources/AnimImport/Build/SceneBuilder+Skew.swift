import AnimEngine
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    guard Self.skews(t) else { return nil }
    let skew = Track(t.skew, clock: clock).fromZero(rate: rate, end: end)
    let axis = Track(t.skewAxis, clock: clock).fromZero(rate: rate, end: end)
    noteReading(t.skewAxis)
    let parts = { (own: Double, t: Double) in
      Self.skewParts(skew: skew.value(at: t), axis: axis.value(at: t) - own)
    }
    if !skew.isAnimated && !axis.isAnimated && !t.rotation.isAnimated {
      return .fixed(parts(t.rotation.first, 0))
    }
    let own = Track(t.rotation, clock: clock).fromZero(rate: rate, end: end)
    let times = Track.frameTimes(of: [skew, axis, own], rate: rate)
    if times.count >= Track<Double>.maximumFrameTimes {
      noteFrames(t.skew.ref, "a skew", past: "taken at its keyframes")
    }
    let taken = times.map { parts(own.value(at: $0), $0) }
    return Turn3D(
      tracks: Turn3D.heldTracks(at: times, taken),
      rotation: { rotation in
        Track.held(at: times, zip(times, taken).map { rotation.value(at: $0) + $1.theta })
      })
  }

  /// The shear by `skew` degrees along the axis at `axis` degrees,
  /// R(−axis)·[[1, −tan(skew)], [0, 1]]·R(axis), taken apart.
  static func skewParts(skew: Double, axis: Double) -> Turn3D.Parts {
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
    // Both angles taken within a turn first: tan of a huge angle in
    // radians is NaN (a skew of 1e308°), and 90° is ±1.6e16, not infinite.
    let k = -tan(skew.truncatingRemainder(dividingBy: 180) * .pi / 180)
    let (s, c) = Affine.sinCos(degrees: -axis)
    return (1 - k * c * s, k * c * c, -k * s * s, 1 + k * c * s)
  }

  /// A group's transform T(p)·R(r)·K·S(s)·T(−a) (K the skew along
  /// `axis`, ``skewMatrix(skew:axis:)``) as a map of points: what the
  /// importer bakes into a path under groups (a stroke's pen is not scaled
  /// by them; a gradient is in its paint's group's space; shapes joined
  /// into one outline). Degrees; the scale in percent.
  static func groupAffine(
    position p: [Double], anchor a: [Double], scale s: [Double], rotation: Double,
    skew: Double, axis: Double
  ) -> Affine {
    let (sin, cos) = Affine.sinCos(degrees: rotation)
    let (sx, sy) = (s[0] / 100, s[1] / 100)
    // R(r)·K, columns first: R(r) alone without a skew.
    var (r11, r12, r21, r22) = (cos, -sin, sin, cos)
    if skew != 0 {
      let (k11, k12, k21, k22) = skewMatrix(skew: skew, axis: axis)
      (r11, r12) = (cos * k11 - sin * k21, cos * k12 - sin * k22)
      (r21, r22) = (sin * k11 + cos * k21, sin * k12 + cos * k22)
    }
    let (ma, mb, mc, md) = (r11 * sx, r21 * sx, r12 * sy, r22 * sy)
    return Affine(
      a: ma, b: mb, c: mc, d: md, tx: p[0] - (ma * a[0] + mc * a[1]),
      ty: p[1] - (mb * a[0] + md * a[1]))
  }

  /// Whether transform `t` slants: a skew that moves between different
  /// values, or one that stays at a value that is not a whole number of
  /// half turns (a skew of 180° shears by tan 180° = 0: none; files key a
  /// skew of 0 that never moves).
  static func skews(_ t: ShapeTransform) -> Bool {
    let values = t.skew.keyframes.flatMap { [$0.value] + ($0.end.map { [$0] } ?? []) }
    guard let first = values.first else { return false }
    return values.contains { $0 != first } || first.truncatingRemainder(dividingBy: 180) != 0
  }

  /// A skew the importer does not draw (beside a 3D turn, on an
  /// auto-oriented layer, in a track matte's chain): noted, saying `why`.
  func noteSkew(_ t: ShapeTransform, _ why: String) {
    if Self.skews(t) {
      note(t.skew.ref ?? t.ref, "skew not imported (\(why))")
    }
  }
}
