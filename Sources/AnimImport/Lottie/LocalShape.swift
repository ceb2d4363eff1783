import AnimEngine

/// A path, rectangle, ellipse or star as Lottie's path of it at a frame of
/// its layer, for the modifiers read into paths (``RoundCorners``,
/// ``PathModifiers``).
struct LocalShape {
  let path: (Double) -> BezierPath
  /// The times its properties' keyframes are at (none when fixed).
  let times: [Double]

  init?(_ item: ShapeItem) {
    switch item.content {
    case .path(let p):
      times = LocalFrames.keyTimes(p)
      let track = p.isAnimated ? Track(p, clock: LocalFrames.clock) : nil
      path = { t in track?.value(at: t) ?? p.first }
    case .rect(let p, let s, let r):
      times = [p, s].flatMap(LocalFrames.keyTimes) + LocalFrames.keyTimes(r)
      let (position, size) = (LocalFrames.point(p), LocalFrames.point(s))
      let round = LocalFrames.number(r)
      let reversed = item.reversed
      path = { t in
        ShapeGeometry.rect(
          center: position(t), size: size(t), roundness: round(t), reversed: reversed)
      }
    case .ellipse(let p, let s):
      times = [p, s].flatMap(LocalFrames.keyTimes)
      let (position, size) = (LocalFrames.point(p), LocalFrames.point(s))
      let reversed = item.reversed
      path = { t in ShapeGeometry.ellipse(center: position(t), size: size(t), reversed: reversed) }
    case .star(let s):
      let numbers = [
        s.outerRadius, s.innerRadius, s.outerRoundness, s.innerRoundness, s.points, s.rotation,
      ]
      times = LocalFrames.keyTimes(s.position) + numbers.flatMap(LocalFrames.keyTimes)
      let position = LocalFrames.point(s.position)
      let values = numbers.map(LocalFrames.number)
      let (polygon, reversed) = (s.isPolygon, item.reversed)
      path = { t in
        ShapeGeometry.star(
          polygon: polygon, center: position(t), points: values[4](t),
          outerRadius: values[0](t), innerRadius: values[1](t), outerRoundness: values[2](t),
          innerRoundness: values[3](t), rotation: values[5](t), reversed: reversed)
      }
    default:
      return nil
    }
  }
}
