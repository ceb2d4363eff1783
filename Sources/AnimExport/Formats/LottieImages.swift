import AnimEngine

/// Image views in Lottie (SPEC §21.4): each picture an image asset
/// (`assets[]`, `p` a `data:image/png;base64,…` URI, `e: 1`), drawn by an
/// image layer (`ty: 2`) parented to the view's own layer, which keeps the
/// view's transform and its stroke. The image layer's position and scale
/// place the picture by the view's `fit` in its box; a mask clips a
/// `cover` picture to the box. Layer parenting passes on no opacity, so the
/// image layer carries the view's alpha (its world opacity in a tree).
extension LottieWriter {
  /// One picture embedded for the recording.
  struct ImageAsset {
    /// Its `id` in `assets`.
    let id: String
    /// Its PNG's size in pixels.
    let width: Int
    let height: Int
    /// The asset as JSON.
    let json: JSONValue
  }

  /// The pictures of the recording's image views, one asset per distinct
  /// file, by view index; an SVG rasterised at twice the largest size it
  /// is drawn at (SPEC §21.4).
  static func imageAssets(_ recording: StageRecording, stage: ExportStage) -> [Int: ImageAsset] {
    var byView: [Int: ImageAsset] = [:]
    var made: [ObjectIdentifier: ImageAsset] = [:]
    for (i, view) in recording.views.enumerated() {
      guard let source = view.image else { continue }
      let key = ObjectIdentifier(source)
      if let asset = made[key], !source.isVector {
        byView[i] = asset
        continue
      }
      var pw = source.pixelWidth
      var ph = source.pixelHeight
      if source.isVector {
        // The largest size drawn, in pixels, times 2.
        func largest(_ p: Property) -> Double {
          view.track(p).keys.map { abs($0.value[0]) }.max() ?? 0
        }
        let fit = ImageFit(stored: view.track(.fit).keys[0].value[0])
        let s = stage.scale * 2
        let w = largest(.width) * max(largest(.scaleX), 1e-9) * s
        let h = largest(.height) * max(largest(.scaleY), 1e-9) * s
        let placed = fit.placement(
          imageWidth: source.width, imageHeight: source.height, width: max(w, 1), height: max(h, 1))
        pw = Int(min((placed?.width ?? 1).rounded(.up), 16384))
        ph = Int(min((placed?.height ?? 1).rounded(.up), 16384))
      }
      guard let png = ImageRasters.png(of: source, width: pw, height: ph) else { continue }
      let size = ImageRasters.pngSize(png) ?? (pw, ph)
      let id = "image_\(made.count)"
      let asset = ImageAsset(
        id: id, width: size.0, height: size.1,
        json: .object([
          ("id", .string(id)), ("w", .integer(size.0)), ("h", .integer(size.1)),
          ("u", .string("")),
          ("p", .string("data:image/png;base64," + Base64.encode(png))),
          ("e", .integer(1)),
        ]))
      made[key] = asset
      byView[i] = asset
    }
    return byView
  }

  /// The image layer of `view` (its asset `asset`), index `index`, child of
  /// the view's layer `parent`: in that layer's space the box is centred on
  /// its origin, or (`inBox`, in a tree) has its top-left corner there.
  static func imageLayer(
    _ view: RecordedView, asset: ImageAsset, index: Int, parent: Int, recording: StageRecording,
    stage: ExportStage, tree: LayerTree?
  ) -> JSONValue {
    let k = stage.scale
    let source = view.image!
    let times = SampledShapes.frameTimes(recording)
    let aw = Double(asset.width)
    let ah = Double(asset.height)
    // Per frame: the placement in the layer's space and the shown part in
    // the asset's pixels.
    var positions: [[Double]] = []
    var scales: [[Double]] = []
    var masks: [String] = []
    var clipped = false
    for t in times {
      let w = abs(view.track(.width).value(at: t)[0])
      let h = abs(view.track(.height).value(at: t)[0])
      let fit = ImageFit(stored: view.track(.fit).value(at: t)[0])
      let ox = tree != nil ? 0 : -w / 2
      let oy = tree != nil ? 0 : -h / 2
      guard
        let placed = fit.placement(
          imageWidth: source.width, imageHeight: source.height, width: w, height: h)
      else {
        positions.append([ox * k, oy * k])
        scales.append([0, 0])
        masks.append(rectangleText(0, 0, 0, 0))
        continue
      }
      positions.append([(ox + placed.x) * k, (oy + placed.y) * k])
      scales.append([placed.width / aw * k * 100, placed.height / ah * k * 100])
      let shown = placed.clipped(toBoxWidth: w, height: h)
      if shown != placed { clipped = true }
      let sx = aw / placed.width
      let sy = ah / placed.height
      masks.append(
        rectangleText(
          (shown.x - placed.x) * sx, (shown.y - placed.y) * sy,
          (shown.x - placed.x + shown.width) * sx, (shown.y - placed.y + shown.height) * sy))
    }
    let opacity =
      tree.map { LottieTrack($0.worldAlpha, lane: 0) { $0 * 100 } }
      ?? LottieTrack(view.track(.alpha), lane: 0) { $0 * 100 }
    let ctx = Context(recording: recording)
    var members: [(String, JSONValue)] = [
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(2)),
      ("nm", .string(view.name + " image")),
      ("refId", .string(asset.id)),
      ("sr", .integer(1)),
      ("parent", .integer(parent)),
      (
        "ks",
        .object([
          ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("p", SampledShapes.numbers(positions, vector: true, recording: recording)),
          ("s", SampledShapes.numbers(scales, vector: true, recording: recording)),
          ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
          ("o", ctx.property([opacity.clamped(to: 0, 100)], vector: false)),
        ])
      ),
      ("ao", .integer(0)),
    ]
    if clipped {
      // The box, in the asset's pixels: what a `cover` picture shows.
      members.append(("hasMask", .bool(true)))
      members.append(
        (
          "masksProperties",
          .array([
            .object([
              ("inv", .bool(false)), ("mode", .string("a")),
              ("pt", SampledShapes.keyframes(masks, times: times, recording: recording)),
              ("o", .object([("a", .integer(0)), ("k", .integer(100))])),
              ("x", .object([("a", .integer(0)), ("k", .integer(0))])),
              ("nm", .string("box")),
            ])
          ])
        ))
    }
    members += [
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ]
    return .object(members)
  }

  /// A closed rectangle from (x0, y0) to (x1, y1) as a Lottie path's text.
  private static func rectangleText(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
    -> String
  {
    let f = JSONValue.format
    let zero = "[[0,0],[0,0],[0,0],[0,0]]"
    return "{\"i\":\(zero),\"o\":\(zero),\"v\":[[\(f(x0)),\(f(y0))],[\(f(x1)),\(f(y0))],"
      + "[\(f(x1)),\(f(y1))],[\(f(x0)),\(f(y1))]],\"c\":true}"
  }
}
