import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gradient paints in Lottie (SPEC §21.1): a gradient fill `gf` or stroke
/// `gs` in place of `fl` or `st`, its colours sampled at every frame where
/// they change (``PaintSamples``: stops that players, which blend colour
/// and opacity stops apart with straight alpha, draw as anim's
/// premultiplied blend). The points are in the layer's space: the box's
/// unit coordinates times the box and the stage scale. A Lottie radial
/// gradient is a circle in that space: on a box that is not square it is
/// drawn with the box's width as its unit (``warnings(_:)`` says so).
extension LottieWriter {
  /// The members every gradient item has (`o`, `g`, `s`, `e`, `t`, `h`,
  /// `a`) for `track` of `view`, or nil when the track never holds a
  /// gradient.
  static func gradientMembers(
    _ view: RecordedView, _ track: PropertyTrack, ctx: Context, tree: LayerTree?,
    scale k: Double
  ) -> [(String, JSONValue)]? {
    let recording = ctx.recording
    let times = SampledShapes.frameTimes(recording)
    guard let samples = PaintSamples(track, times: times) else { return nil }
    let inBox = tree != nil
    let radial: Bool
    if case .radial = samples.frames[0].geometry { radial = true } else { radial = false }
    var colours: [[Double]] = []
    var starts: [[Double]] = []
    var ends: [[Double]] = []
    // A radial gradient's focal point as Lottie's highlight: `h` its
    // distance from the centre in percent of the radius, `a` its angle in
    // degrees from the line start → end (which runs along +x here).
    var highlights: [[Double]] = []
    var angles: [[Double]] = []
    for (t, frame) in zip(times, samples.frames) {
      colours.append(
        frame.stops.flatMap { [$0.offset, $0.color.r, $0.color.g, $0.color.b] }
          + frame.stops.flatMap { [$0.offset, $0.color.a] })
      let width = abs(view.track(.width).value(at: t)[0])
      let height = abs(view.track(.height).value(at: t)[0])
      let w = width > 0 ? width : 1
      let h = height > 0 ? height : 1
      let (ox, oy) = inBox ? (0.0, 0.0) : (-width / 2 * k, -height / 2 * k)
      func place(_ p: OutlinePoint) -> [Double] { [ox + p.x * w * k, oy + p.y * h * k] }
      switch frame.geometry {
      case .linear(let from, let to):
        // Lottie's lines of one colour are perpendicular in the layer's
        // space, anim's in unit coordinates (SVG's objectBoundingBox): the
        // same gradient of the box's points runs from `from` along
        // (dx/w, dy/h)·|d|² / ((dx/w)² + (dy/h)²).
        let dx = to.x - from.x
        let dy = to.y - from.y
        let gx = dx / w
        let gy = dy / h
        let g2 = gx * gx + gy * gy
        let f = g2 > 0 ? (dx * dx + dy * dy) / g2 : 0
        let start = place(from)
        starts.append(start)
        ends.append([start[0] + gx * f * k, start[1] + gy * f * k])
      case .radial(let center, let r, let focal):
        let c = place(center)
        starts.append(c)
        ends.append([c[0] + r * w * k, c[1]])
        let f = place(Gradient.drawnFocal(center: center, radius: r, focal: focal))
        let (dx, dy) = (f[0] - c[0], f[1] - c[1])
        let rad = r * w * k
        let length = (dx * dx + dy * dy).squareRoot()
        if focal == center || rad <= 0 || length == 0 || !length.isFinite {
          highlights.append([0])
          angles.append([angles.last?[0] ?? 0])
        } else {
          // Within the players' 99 % (``Gradient/focalLimit`` in unit
          // coordinates; a box that is not square may stretch it past).
          highlights.append([min(length / rad, Gradient.focalLimit) * 100])
          var degrees = atan2(dy, dx) * 180 / .pi
          // Unwound from the frame before, so a tween turns the short way.
          if let last = angles.last?[0] {
            degrees += ((last - degrees) / 360).rounded() * 360
          }
          angles.append([degrees])
        }
      }
    }
    let opacity: JSONValue =
      tree.map { ctx.property([LottieTrack($0.worldAlpha, lane: 0) { $0 * 100 }], vector: false) }
      ?? .object([("a", .integer(0)), ("k", .integer(100))])
    let zero: JSONValue = .object([("a", .integer(0)), ("k", .integer(0))])
    return [
      ("o", opacity),
      (
        "g",
        .object([
          ("p", .integer(samples.frames[0].stops.count)),
          ("k", SampledShapes.numbers(colours, vector: true, recording: recording)),
        ])
      ),
      ("s", SampledShapes.numbers(starts, vector: true, recording: recording)),
      ("e", SampledShapes.numbers(ends, vector: true, recording: recording)),
      ("t", .integer(radial ? 2 : 1)),
      (
        "h",
        highlights.isEmpty
          ? zero : SampledShapes.numbers(highlights, vector: false, recording: recording)
      ),
      (
        "a",
        angles.isEmpty ? zero : SampledShapes.numbers(angles, vector: false, recording: recording)
      ),
    ]
  }

  /// A view's gradient fill `gf`, or nil when its colour is never a
  /// gradient.
  static func gradientFill(
    _ view: RecordedView, ctx: Context, tree: LayerTree?, scale k: Double
  ) -> JSONValue? {
    guard
      let members = gradientMembers(view, view.track(.color), ctx: ctx, tree: tree, scale: k)
    else { return nil }
    return .object(
      [("ty", .string("gf")), ("nm", .string("fill"))] + members + [
        ("r", .integer(fillRule(view)))
      ])
  }

  /// A fill's `r` (SPEC §21.3): 1 nonzero, 2 even-odd, the view's rule at
  /// its first keyframe (Lottie's is not animated: a change is a warning).
  static func fillRule(_ view: RecordedView) -> Int {
    view.track(.fillRule).keys.first.map { $0.value[0] == 1 ? 2 : 1 } ?? 1
  }

  /// What the Lottie export cannot draw as anim does, one sentence each
  /// (the CLI prints them as warnings): a radial gradient on a box that is
  /// not square, which Lottie draws as a circle.
  public static func warnings(_ recording: StageRecording) -> [String] {
    var out: [String] = []
    for view in recording.views {
      if !view.track(.fillRule).isStatic {
        out.append(
          "\(view.name).fillRule: Lottie's fill rule cannot change; the file keeps the first (\(fillRule(view) == 2 ? "evenodd" : "nonzero"))"
        )
      }
      for property in [Property.color, .stroke] {
        let track = view.track(property)
        guard PaintSamples.holdsGradient(track) else { continue }
        let elliptical = SampledShapes.frameTimes(recording).contains { t in
          guard case .gradient(let g) = PaintSamples.paint(track, at: t),
            case .radial = g.geometry
          else { return false }
          return abs(view.track(.width).value(at: t)[0]) != abs(view.track(.height).value(at: t)[0])
        }
        if elliptical {
          out.append(
            "\(view.name).\(property.name): a radial gradient on a box that is not square is drawn as a circle in Lottie (its radius a fraction of the box's width)"
          )
        }
      }
    }
    return out
  }
}
