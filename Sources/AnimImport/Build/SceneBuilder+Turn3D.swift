#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 3D layer turned about x or y (`rx`, `ry`), drawn as ThorVG and
/// lottie-web draw it: without perspective, its transform
/// T(p)·P·S(s)·T(−a) where P is the upper left 2 × 2 of Rx·Ry·Rz, which
/// is A·Rz with A = [[cos y, 0], [sin x·sin y, cos x]]. The importer writes
/// T(p)·A as a view of its own (the turn), moved by the position, and the
/// layer's view beneath it at (0, 0) with its rotation, scale and anchor as
/// usual. A turn about one axis is a scale of the turn view along it, the
/// cosine of the angle (a card flipping over shows its back mirrored, as
/// the players draw it); a turn about both is A taken apart as
/// R(φ)·diag(σ₁, σ₂)·R(θ), the turn view's rotation φ and scale σ, and θ
/// added to the layer's own rotation. A moving angle is taken at every
/// frame (exact there; straight between frames for one axis, held for
/// both, where the parts of A need not move smoothly).
extension SceneBuilder {
  /// What a 3D layer's turn adds to its transform: the turn view's tracks
  /// (`rotation`, `scaleX`, `scaleY`, on the script's clock) and the
  /// layer's rotation track made from its own (`rz`).
  struct Turn3D {
    var tracks: [(name: String, track: Track<Double>)]
    var rotation: (Track<Double>) -> Track<Double>

    /// The parts R(φ)·diag(s₁, s₂)·R(θ) of a turn's matrix.
    typealias Parts = (phi: Double, s1: Double, s2: Double, theta: Double)

    /// A turn that stands still: the turn view's rotation φ and scale, and
    /// θ added to the layer's rotation.
    static func fixed(_ p: Parts) -> Turn3D {
      Turn3D(
        tracks: [
          ("rotation", Track(initial: p.phi, segments: [])),
          ("scaleX", Track(initial: p.s1, segments: [])),
          ("scaleY", Track(initial: p.s2, segments: [])),
        ], rotation: { $0.map { $0 + p.theta } })
    }

    /// The turn view's tracks taken at `times` (`taken` there), held
    /// between.
    static func heldTracks(at times: [Double], _ taken: [Parts])
      -> [(name: String, track: Track<Double>)]
    {
      [
        ("rotation", Track.held(at: times, taken.map(\.phi))),
        ("scaleX", Track.held(at: times, taken.map(\.s1))),
        ("scaleY", Track.held(at: times, taken.map(\.s2))),
      ]
    }
  }

  /// The turn of transform `t` (a 3D layer's), or nil when it turns about
  /// z only.
  func turn3D(_ t: ShapeTransform, clock: TimeMap) -> Turn3D? {
    if let orientation = t.orientation {
      note(orientation, "3D orientation (or) not imported: turned by rx, ry and rz only")
    }
    // Cut to the animation's span first: frames are taken only there.
    let x = t.turnX.map { Track($0, clock: clock).fromZero(rate: rate, end: end) }
    let y = t.turnY.map { Track($0, clock: clock).fromZero(rate: rate, end: end) }
    guard x != nil || y != nil else { return nil }
    func cosine(_ degrees: Double) -> Double { cos(degrees * .pi / 180) }
    if x == nil || y == nil, let angle = x ?? y {
      // About one axis: a scale along it.
      let (scale, cut) = angle.sampledAtFrames(rate: rate, cosine)
      if cut { noteFrames((t.turnX ?? t.turnY)?.ref, "a 3D turn", past: "taken at its keyframes") }
      return Turn3D(tracks: [(x == nil ? "scaleX" : "scaleY", scale)], rotation: { $0 })
    }
    guard let x, let y else { return nil }
    let parts = { (t: Double) in Self.turnParts(x: x.value(at: t), y: y.value(at: t)) }
    if !x.isAnimated && !y.isAnimated { return .fixed(parts(0)) }
    let times = Track.frameTimes(of: [x, y], rate: rate)
    if times.count >= Track<Double>.maximumFrameTimes {
      noteFrames((t.turnX ?? t.turnY)?.ref, "a 3D turn", past: "taken at its keyframes")
    }
    return Turn3D(
      tracks: Turn3D.heldTracks(at: times, times.map(parts)),
      rotation: { own in
        let all = Track.frameTimes(of: [x, y, own], rate: self.rate)
        return Track.held(at: all, all.map { own.value(at: $0) + parts($0).theta })
      })
  }

  /// A = [[cos y, 0], [sin x·sin y, cos x]] (x, y in degrees) taken apart
  /// as R(φ)·diag(s₁, s₂)·R(θ), the angles in degrees: the closed form of a
  /// 2 × 2 singular value decomposition (s₂ < 0 where A mirrors).
  static func turnParts(x: Double, y: Double) -> Turn3D.Parts {
    let (rx, ry) = (x * .pi / 180, y * .pi / 180)
    return decomposed(a: cos(ry), b: 0, c: sin(rx) * sin(ry), d: cos(rx))
  }

  /// The matrix [[a, b], [c, d]] (acting on column vectors, y down) taken
  /// apart as R(φ)·diag(s₁, s₂)·R(θ), the angles in degrees: the closed
  /// form of a 2 × 2 singular value decomposition (s₂ < 0 where it
  /// mirrors).
  static func decomposed(a: Double, b: Double, c: Double, d: Double) -> Turn3D.Parts {
    let (e, f, g, h) = ((a + d) / 2, (a - d) / 2, (c + b) / 2, (c - b) / 2)
    let q = (e * e + h * h).squareRoot()
    let r = (f * f + g * g).squareRoot()
    let a1 = atan2(g, f)
    let a2 = atan2(h, e)
    return ((a2 + a1) / 2 * 180 / .pi, q + r, q - r, (a2 - a1) / 2 * 180 / .pi)
  }
}

extension Track where Value == Double {
  /// The track through `transform` of its value: a held segment as it is,
  /// any other taken at every frame of `rate` inside it (exact there,
  /// straight between), up to ``maximumFrameTimes`` pieces in all; past
  /// them a segment is one straight piece between its ends, and `cut`.
  func sampledAtFrames(rate: Double, _ transform: (Double) -> Double)
    -> (track: Track<Double>, cut: Bool)
  {
    let (pieces, cut) = Self.sampled(segments, rate: rate, keepingHolds: true)
    let mapped = pieces.map { piece in
      Segment(
        start: piece.start, end: piece.end, from: transform(piece.from), to: transform(piece.to),
        ease: piece.ease == .hold ? .hold : .linear)
    }
    return (Track(initial: transform(initial), segments: mapped), cut)
  }

  /// Every time at which one of `tracks` starts or ends a segment, and
  /// every frame of `rate` inside a segment that is not held: sorted, at
  /// most ``maximumFrameTimes`` (the first ones).
  static func frameTimes(of tracks: [Track<Double>], rate: Double) -> [Double] {
    var times: Set<Double> = []
    for track in tracks {
      for segment in track.segments {
        times.insert(segment.start)
        times.insert(segment.end)
        if case .hold = segment.ease { continue }
        for piece in sampled(segment, rate: rate) { times.insert(piece.start) }
        if times.count > maximumFrameTimes { break }
      }
    }
    return Array(times.filter(\.isFinite).sorted().prefix(maximumFrameTimes))
  }

  /// `values` at `times` (one each), each held until the next: exact at
  /// each time (0 throughout for none).
  static func held(at times: [Double], _ values: [Double]) -> Track<Double> {
    var result = Track(initial: values.first ?? 0, segments: [])
    for k in times.indices.dropLast() where k + 1 < values.count {
      result.segments.append(
        Segment(
          start: times[k], end: times[k + 1], from: values[k], to: values[k + 1], ease: .hold))
    }
    return result
  }
}
