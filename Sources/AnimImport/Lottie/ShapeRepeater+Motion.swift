#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A repeater whose copies or transform move: each copy's transform is a
/// property of its own over time. Where a copy's property is its
/// repeater's value mapped by a fixed line (its rotation r·k and its
/// position p·k + a, k = o + i, while only one of their values moves; its
/// opacity while only one end moves), it keeps that value's keyframes and
/// eases, exactly; where it depends on several moving values or on a
/// power (the scale s^k while s or the offset moves, the opacity while the
/// count `c` moves), it is the exact value at every frame of its
/// composition, straight between frames (held where a copy appears or
/// leaves).
extension ShapeRepeater {
  /// The most frames a moving repeater is taken at; past it (or past
  /// ``maximumSampledKeyframes`` for all its copies) it is drawn as at its
  /// first keyframes, noted.
  static let maximumSampledFrames = 2_000
  /// The most keyframes one repeater's copies may be given by sampling.
  static let maximumSampledKeyframes = 200_000

  /// The frames (of the repeater's composition) at which a moving property
  /// is taken: every whole frame from the first keyframe of any moving
  /// value to the last one, and those keyframes' own times; nil when there
  /// would be more than ``maximumSampledFrames``.
  var sampleFrames: [Double]? {
    let properties = [copies, offset, rotation, startOpacity, endOpacity]
    let points = [anchor, position, scale]
    let times =
      properties.flatMap(LocalFrames.keyTimes) + points.flatMap(LocalFrames.keyTimes)
    return LocalFrames.frames(times, limit: Self.maximumSampledFrames)
  }

  /// The most copies the repeater shows at any of `frames` (its first
  /// keyframe's count when its count does not move).
  func mostCopies(at frames: [Double]) -> Int {
    guard copies.isAnimated else { return Self.count(copies.first) }
    let track = Track(copies, clock: LocalFrames.clock)
    return frames.reduce(Self.count(copies.first)) { max($0, Self.count(track.value(at: $1))) }
  }

  /// How many copies `c` copies are: truncated, as ThorVG draws them; 0 for
  /// less than 1 or NaN, `Int.max` past any count.
  static func count(_ c: Double) -> Int {
    max(0, Int(exactly: c.rounded(.towardZero)) ?? (c > 0 ? Int.max : 0))
  }

  /// The repeater with each property at its first keyframe.
  var frozen: ShapeRepeater {
    var result = self
    result.copies = Animated(fixed: copies.first, ref: copies.ref)
    result.offset = Animated(fixed: offset.first, ref: offset.ref)
    result.anchor = Animated(fixed: anchor.first, ref: anchor.ref)
    result.position = Animated(fixed: position.first, ref: position.ref)
    result.scale = Animated(fixed: scale.first, ref: scale.ref)
    result.rotation = Animated(fixed: rotation.first, ref: rotation.ref)
    result.startOpacity = Animated(fixed: startOpacity.first, ref: startOpacity.ref)
    result.endOpacity = Animated(fixed: endOpacity.first, ref: endOpacity.ref)
    return result
  }

  /// The transforms of copies 0..<`count` (a group's T(p)·R(r)·S(s)·T(−a),
  /// which is ThorVG's T·S·R for a uniform scale), each property over time
  /// (`frames` the ``sampleFrames``; none when nothing moves).
  func transforms(count: Int, frames: [Double], ref: JSONRef) -> [ShapeTransform] {
    let tracks = Tracks(self)
    return (0..<count).map { transform(copy: $0, frames: frames, tracks: tracks, ref: ref) }
  }

  private func transform(copy i: Int, frames: [Double], tracks: Tracks, ref: JSONRef)
    -> ShapeTransform
  {
    let i = Double(i)
    func sample<V>(hold: Bool = false, _ value: (Double) -> V) -> Animated<V> {
      LocalFrames.animated(frames, frames.map(value), hold: hold, ref: ref)
    }
    func k(_ t: Double) -> Double { tracks.offset(t) + i }
    func power(_ percent: Double, _ k: Double) -> Double { 100 * pow(percent / 100, k) }
    let fixedK = offset.isAnimated ? nil : offset.first + i

    let rotation: Animated<Double>
    if let k = fixedK {
      rotation = (try? self.rotation.map { $0 * k }) ?? Animated(fixed: self.rotation.first * k)
    } else if !self.rotation.isAnimated {
      // r·(o + i): a line of the moving offset.
      let r = self.rotation.first
      rotation = (try? offset.map { r * ($0 + i) }) ?? Animated(fixed: r * (offset.first + i))
    } else {
      rotation = sample { tracks.rotation($0) * k($0) }
    }

    let position: Animated<[Double]>
    if let k = fixedK, !anchor.isAnimated {
      let a = anchor.first
      position = Self.moved(self.position, by: k, plus: a)
    } else if let k = fixedK, !self.position.isAnimated {
      let p = self.position.first
      position = (try? anchor.map { [p[0] * k + $0[0], p[1] * k + $0[1]] }) ?? Animated(fixed: p)
    } else if !self.position.isAnimated && !anchor.isAnimated {
      // p·(o + i) + a: a line of the moving offset.
      let (p, a) = (self.position.first, anchor.first)
      func at(_ o: Double) -> [Double] { [p[0] * (o + i) + a[0], p[1] * (o + i) + a[1]] }
      position = (try? offset.map(at)) ?? Animated(fixed: at(offset.first))
    } else {
      position = sample {
        let (p, a, k) = (tracks.position($0), tracks.anchor($0), k($0))
        return [p[0] * k + a[0], p[1] * k + a[1]]
      }
    }

    let scale: Animated<[Double]>
    if let k = fixedK, !self.scale.isAnimated {
      let s = self.scale.first
      scale = Animated(fixed: [power(s[0], k), power(s[1], k)])
    } else {
      scale = sample {
        let (s, k) = (tracks.scale($0), k($0))
        return [power(s[0], k), power(s[1], k)]
      }
    }

    let opacity: Animated<Double>
    if copies.isAnimated {
      // A copy past the count is not drawn: it jumps in and out at frames.
      opacity = sample(hold: true) {
        let count = Self.count(tracks.copies($0))
        guard Int(i) < count else { return 0 }
        let start = tracks.startOpacity($0)
        return start + (tracks.endOpacity($0) - start) * (i + 1) / Double(count)
      }
    } else {
      // so + (eo − so)·(i + 1)/c; past 0…100 % (or NaN, from ∞ − ∞) it is
      // clamped where it is drawn (SceneBuilder.fraction).
      let n = Double(Self.count(copies.first))
      let (start, end) = (startOpacity.first, endOpacity.first)
      if !endOpacity.isAnimated {
        opacity =
          (try? startOpacity.map { $0 + (end - $0) * (i + 1) / n }) ?? Animated(fixed: start)
      } else if !startOpacity.isAnimated {
        opacity =
          (try? endOpacity.map { start + ($0 - start) * (i + 1) / n }) ?? Animated(fixed: start)
      } else {
        opacity = sample {
          let start = tracks.startOpacity($0)
          return start + (tracks.endOpacity($0) - start) * (i + 1) / n
        }
      }
    }
    return ShapeTransform(
      anchor: anchor, position: position, positionX: nil, positionY: nil, scale: scale,
      rotation: rotation, opacity: opacity, skew: Animated(fixed: 0), ref: ref)
  }

  /// `position` times `k` plus `a`: each keyframe's value and its spatial
  /// tangents (relative to the values, so only scaled).
  static func moved(_ position: Animated<[Double]>, by k: Double, plus a: [Double])
    -> Animated<[Double]>
  {
    var result = position
    func scaled(_ v: [Double]) -> [Double] { v.map { $0 * k } }
    func placed(_ v: [Double]) -> [Double] {
      v.indices.map { v[$0] * k + (a.indices.contains($0) ? a[$0] : 0) }
    }
    for j in result.keyframes.indices {
      result.keyframes[j].value = placed(result.keyframes[j].value)
      result.keyframes[j].end = result.keyframes[j].end.map(placed)
      result.keyframes[j].outTangent = result.keyframes[j].outTangent.map(scaled)
      result.keyframes[j].inTangent = result.keyframes[j].inTangent.map(scaled)
    }
    return result
  }

  /// The repeater's properties as tracks on its own frames, each component
  /// of a point eased by its own keyframe ease.
  private struct Tracks {
    let copies, offset, rotation, startOpacity, endOpacity: (Double) -> Double
    let anchor, position, scale: (Double) -> [Double]

    init(_ r: ShapeRepeater) {
      copies = LocalFrames.number(r.copies)
      offset = LocalFrames.number(r.offset)
      rotation = LocalFrames.number(r.rotation)
      startOpacity = LocalFrames.number(r.startOpacity)
      endOpacity = LocalFrames.number(r.endOpacity)
      anchor = LocalFrames.point(r.anchor)
      position = LocalFrames.point(r.position)
      scale = LocalFrames.point(r.scale)
    }
  }
}
