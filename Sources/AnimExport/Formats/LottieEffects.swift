import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The composition stage's filters and blend modes in Lottie (SPEC §21.2,
/// §21.6), on a group's precomposition layer: `blur` as the Gaussian Blur
/// effect (`ty` 29), the drop shadow as the Drop Shadow effect (`ty` 25),
/// `blend` as the layer's `bm`. The layer is in its composition's space
/// (the stage's pixels, or a clip's box space in pixels), so the view's σ
/// and offset are mapped there by the view's own turn and scale and its
/// ancestors' within that space, times the stage's scale: the offset
/// exactly, σ by the square root of the map's determinant (exact for views
/// scaled alike along both axes).
///
/// The parameters are chosen so the players draw closest to σ
/// (docs/export.md): lottie-web draws a blur of σ = 0.3 × Blurriness and a
/// shadow of σ = Softness / 4, ThorVG 0.3 × either (drawn smaller than its
/// nominal σ). Blurriness = σ / 0.3 and Softness = 4σ give lottie-web σ
/// exactly; ThorVG then draws within −25 %…+10 % of σ.
extension LottieWriter {
  /// Blurriness per σ (lottie-web's `kBlurrinessToSigma` is 0.3).
  static let blurrinessPerSigma = 1 / 0.3
  /// Softness per σ (lottie-web's shadow σ is Softness / 4).
  static let softnessPerSigma = 4.0

  /// The effects (`ef`) of the group layer of `view`, nil when it has none.
  static func effects(
    _ view: RecordedView, space: CompositionSpace, recording: StageRecording,
    stage: ExportStage, ctx: Context
  ) -> JSONValue? {
    guard view.isEverFiltered else { return nil }
    let chain = ancestors(of: view, within: space, recording: recording)
    let moving = !view.filterIsStill || chain.contains { !$0.filterIsStill }
    let times = moving ? recording.frameTimes : [recording.start]
    // Per frame: σ and shadow values in the layer's space.
    var blur: [Double] = []
    var softness: [Double] = []
    var opacity: [Double] = []
    var direction: [Double] = []
    var distance: [Double] = []
    var color: [[Double]] = []
    for t in times {
      var m = Affine(a: stage.scale, b: 0, c: 0, d: stage.scale, tx: 0, ty: 0)
      for a in chain.reversed() { m = m.concatenating(a.ownLinear(at: t)) }
      m = m.concatenating(view.ownLinear(at: t))
      let c = view.composition(at: t)
      let k = abs(m.a * m.d - m.b * m.c).squareRoot()
      let placed = c.placed(by: m)
      blur.append(finite(c.blur * k * blurrinessPerSigma))
      softness.append(c.hasShadow ? finite(c.shadowBlur * k * softnessPerSigma) : 0)
      opacity.append(c.hasShadow ? c.shadowColor.a * 255 : 0)
      let (dx, dy) = (placed.shadowDX, placed.shadowDY)
      // ThorVG truncates the offset to whole pixels toward zero, in floats:
      // 0.001 px more keeps a whole offset whole there (nothing elsewhere).
      let d = (dx * dx + dy * dy).squareRoot()
      distance.append(d > 0 ? d + 0.001 : 0)
      // Lottie's direction: 0 up, clockwise, in degrees (dx = d·sin θ,
      // dy = −d·cos θ).
      let angle = dx == 0 && dy == 0 ? 180 : atan2Degrees(dx, -dy)
      direction.append(angle)
      color.append([c.shadowColor.r, c.shadowColor.g, c.shadowColor.b, 1])
    }
    func track(_ values: [Double]) -> JSONValue {
      ctx.property(
        [
          LottieTrack(
            keys: zip(times, values).map {
              LottieKey(time: $0, values: [$1], out: LottieKey.linear)
            })
        ], vector: false)
    }
    func colorTrack() -> JSONValue {
      let lanes = (0..<4).map { lane in
        LottieTrack(
          keys: zip(times, color).map {
            LottieKey(time: $0, values: [$1[lane]], out: LottieKey.linear)
          })
      }
      return ctx.property(lanes, vector: true)
    }
    func value(_ ty: Int, _ name: String, _ match: String, _ index: Int, _ v: JSONValue)
      -> JSONValue
    {
      .object([
        ("ty", .integer(ty)), ("nm", .string(name)), ("mn", .string(match)),
        ("ix", .integer(index)), ("v", v),
      ])
    }
    func fixed(_ v: Double) -> JSONValue { .object([("a", .integer(0)), ("k", .number(v))]) }
    var list: [JSONValue] = []
    if view.track(.blur).keys.contains(where: { $0.value[0] > 0 }) {
      let match = "ADBE Gaussian Blur 2"
      list.append(
        .object([
          ("ty", .integer(29)), ("nm", .string("Gaussian Blur")), ("np", .integer(5)),
          ("mn", .string(match)), ("ix", .integer(list.count + 1)), ("en", .integer(1)),
          (
            "ef",
            .array([
              value(0, "Blurriness", match + "-0001", 1, track(blur)),
              value(7, "Blur Dimensions", match + "-0002", 2, fixed(1)),
              value(7, "Repeat Edge Pixels", match + "-0003", 3, fixed(0)),
            ])
          ),
        ]))
    }
    if view.track(.shadowColor).keys.contains(where: { $0.value[3] > 0 }) {
      let match = "ADBE Drop Shadow"
      list.append(
        .object([
          ("ty", .integer(25)), ("nm", .string("Drop Shadow")), ("np", .integer(8)),
          ("mn", .string(match)), ("ix", .integer(list.count + 1)), ("en", .integer(1)),
          // lottie-web clips a Drop Shadow to the layer's box unless the
          // effect gives its own filter region (`fs`).
          (
            "fs",
            .object([
              ("x", .string("-100%")), ("y", .string("-100%")), ("width", .string("300%")),
              ("height", .string("300%")),
            ])
          ),
          (
            "ef",
            .array([
              value(2, "Shadow Color", match + "-0001", 1, colorTrack()),
              value(0, "Opacity", match + "-0002", 2, track(opacity)),
              value(0, "Direction", match + "-0003", 3, track(direction)),
              value(0, "Distance", match + "-0004", 4, track(distance)),
              value(0, "Softness", match + "-0005", 5, track(softness)),
              value(7, "Shadow Only", match + "-0006", 6, fixed(0)),
            ])
          ),
        ]))
    }
    return .array(list)
  }

  /// The Lottie blend mode (`bm`) of the group layer of `view`: its blend
  /// at the first frame (a layer has one; ``effectWarnings(_:)`` says when it
  /// changes). `add` is 16, `colorDodge` … `exclusion` 6 … 11.
  static func blendMode(_ view: RecordedView, recording: StageRecording) -> Int {
    let mode = BlendMode(index: view.track(.blend).value(at: recording.start)[0])
    switch mode {
    case .normal, .multiply, .screen, .overlay, .darken, .lighten: return mode.rawValue
    case .add: return 16
    case .colorDodge: return 6
    case .colorBurn: return 7
    case .hardLight: return 8
    case .softLight: return 9
    case .difference: return 10
    case .exclusion: return 11
    }
  }

  /// The ancestors of `view` whose transforms apply inside `space` (up to,
  /// not including, the space's clip view), innermost first.
  static func ancestors(
    of view: RecordedView, within space: CompositionSpace, recording: StageRecording
  ) -> [RecordedView] {
    var index: [ViewID: Int] = [:]
    for (i, v) in recording.views.enumerated() { index[v.id] = i }
    var out: [RecordedView] = []
    var p = view.parent
    while let id = p, let i = index[id], i != space.clip {
      out.append(recording.views[i])
      p = recording.views[i].parent
    }
    return out
  }

  private static func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }

  /// atan2(y, x) in degrees, 0…360.
  private static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    var d = atan2(y, x) * 180 / Double.pi
    if d < 0 { d += 360 }
    return d
  }
}

extension LottieWriter {
  /// What the recording's Lottie cannot show as anim draws it, one line per
  /// feature naming the players that lack it (SPEC §21.6; docs/export.md
  /// has the table and its sources). Empty for a recording without blur,
  /// shadow or blend.
  public static func effectWarnings(_ recording: StageRecording) -> [String] {
    let views = recording.views
    var out: [String] = []
    if views.contains(where: { $0.track(.blur).keys.contains { $0.value[0] > 0 } }) {
      out.append(
        "blur is a Gaussian Blur effect: rlottie draws no effects (the picture stays sharp); "
          + "ThorVG draws it less blurred (σ × 0.6 at 2 px, × 0.8 from 6 px up), "
          + "lottie-web blurs in linearRGB")
    }
    if views.contains(where: { $0.track(.shadowColor).keys.contains { $0.value[3] > 0 } }) {
      out.append(
        "a drop shadow is a Drop Shadow effect: rlottie draws no effects (no shadow); "
          + "lottie-web makes it from the picture before its blur")
    }
    let blends = views.map { $0.track(.blend).keys.map { BlendMode(index: $0.value[0]) } }
    if blends.contains(where: { $0.contains(.add) }) {
      out.append(
        "blend: add is Lottie's bm 16: lottie-web and rlottie draw it as normal, "
          + "ThorVG up to 20 levels off")
    }
    if blends.contains(where: { $0.contains { $0 != .normal && $0 != .add } }) {
      out.append("blend is the layer's bm: rlottie draws every blend mode as normal")
    }
    if blends.contains(where: { Set($0).count > 1 }) {
      out.append("blend changes during the recording: a Lottie layer has one (its first is kept)")
    }
    return out
  }
}
