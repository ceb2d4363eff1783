import AnimEngine

/// Writes a recording as Lottie JSON (the Lottie Animation Community's
/// specification 1.0; SPEC §13).
///
/// One shape layer per drawn view, topmost first, named after the view: a
/// rectangle (size, roundness) and a fill (colour, colour alpha), under the
/// layer transform (split position, rotation, scale in percent, opacity in
/// percent, anchor at the layer's origin, which is the view's centre). The
/// background, unless transparent, is a solid bottom layer. Frame k of the
/// file is the recording's time A + k/N.
public enum LottieWriter {
  /// The version string players look for (rlottie draws nothing without one).
  public static let version = "5.7.0"

  /// The Lottie document for `recording` on `stage`, as JSON text.
  public static func text(_ recording: StageRecording, stage: ExportStage) -> String {
    var text = ""
    write(recording, stage: stage) { text += $0 }
    return text
  }

  /// Writes the Lottie document for `recording` on `stage` to `output`, in
  /// pieces of about `chunk` bytes.
  ///
  /// Layer by layer: each layer's tree is made, written and dropped before
  /// the next, and the text goes out as it is made, so memory holds one
  /// layer, not the document (W2's 750 000 keyframes took 1.2 GB as one
  /// tree and its text).
  public static func write(
    _ recording: StageRecording, stage: ExportStage, chunk: Int = 1 << 16,
    to output: (String) -> Void
  ) {
    // A view's opacity taken into its one paint, or its group (SPEC §21.2):
    // groups are precompositions, written as a tree's clips are.
    let (recording, groups) = recording.foldingOpacities()
    let nested = recording.hasTree || groups.contains(.group)
    let frames = max(recording.frameCount, 1)
    // With a tree, the clips' precompositions are known only once the
    // layers are written: `assets` then comes after `layers`.
    var head: [(String, JSONValue)] = [
      ("v", .string(version)),
      ("nm", .string("anim")),
      ("ddd", .integer(0)),
      ("fr", .number(recording.frameRate)),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("w", .integer(stage.pixelWidth)),
      ("h", .integer(stage.pixelHeight)),
    ]
    // Image views' pictures (SPEC §21.4), one asset per file.
    let images = imageAssets(recording, stage: stage)
    var imageAssetList: [JSONValue] = []
    var listed: Set<String> = []
    for i in images.keys.sorted() where listed.insert(images[i]!.id).inserted {
      imageAssetList.append(images[i]!.json)
    }
    // Texts written glyph by glyph (SPEC §23.3) need their precompositions.
    var glyphTexts: [Int: LottieGlyphText] = [:]
    var assets: [JSONValue] = imageAssetList
    if !nested {
      for (i, view) in recording.views.enumerated() {
        guard
          let glyphs = LottieGlyphText(
            view, recording: recording, scale: stage.scale, inTree: false)
        else { continue }
        glyphTexts[i] = glyphs
        assets += glyphs.assets(view, id: "text\(i)", recording: recording)
      }
      head.append(("assets", .array(assets)))
    }
    var out = ""
    JSONValue.writeMembers(head, to: &out, closing: false)
    out += ",\"layers\":["
    if nested {
      let written = writeTree(
        recording, groups: groups, stage: stage, images: images, into: &out, chunk: chunk,
        output: output)
      if let background = stage.background {
        if !recording.views.isEmpty { out += "," }
        backgroundLayer(background, index: written.lastIndex + 1, frames: frames, stage: stage)
          .write(to: &out)
      }
      // The clips' and groups' precompositions (SPEC §17, §21.2), after the
      // layers that use them.
      var assets = ""
      for asset in imageAssetList {
        if !assets.isEmpty { assets += "," }
        asset.write(to: &assets)
      }
      if !assets.isEmpty && !written.assets.isEmpty { assets += "," }
      out += "],\"assets\":[" + assets + written.assets + "]"
      out += markers(recording) + "}"
      output(out)
      return
    }
    let drawn = recording.views.reversed()
    for (i, view) in drawn.enumerated() {
      if i > 0 { out += "," }
      let v = recording.views.count - 1 - i
      shapeLayer(
        view, index: i + 1, recording: recording, stage: stage,
        glyphs: glyphTexts[v].map { ($0, "text\(v)") }
      ).write(to: &out)
      if let asset = images[v] {
        // An image view's picture, beneath its stroke (SPEC §21.4).
        out += ","
        imageLayer(
          view, asset: asset, index: imageLayerIndex(i), parent: i + 1, recording: recording,
          stage: stage, tree: nil
        ).write(to: &out)
      }
      if out.utf8.count >= chunk {
        output(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if let background = stage.background {
      if !drawn.isEmpty { out += "," }
      backgroundLayer(background, index: drawn.count + 1, frames: frames, stage: stage)
        .write(to: &out)
    }
    out += "]" + markers(recording) + "}"
    output(out)
  }

  /// The `ind` of the image layer of the view whose layer is `i + 1`: far
  /// past every view's, matte's and precomposition's.
  static func imageLayerIndex(_ i: Int) -> Int { 1_000_000_000 + i }
  /// `,"markers":[…]` for a recording with plays (SPEC §22): each play heard,
  /// its start and duration in frames from A and its sound's name; nothing
  /// without plays (the document is then as before sound existed).
  static func markers(_ recording: StageRecording) -> String {
    guard !recording.sounds.isEmpty else { return "" }
    let fps = recording.frameRate
    let items = recording.sounds.map {
      JSONValue.object([
        ("tm", .number($0.start * fps)), ("cm", .string($0.name)),
        ("dr", .number($0.duration * fps)),
      ])
    }
    var text = ",\"markers\":"
    JSONValue.array(items).write(to: &text)
    return text
  }

  private static func backgroundLayer(
    _ c: PropertyValue, index: Int, frames: Int, stage: ExportStage
  ) -> JSONValue {
    func hex(_ v: Double) -> String {
      let byte = Int((min(max(v, 0), 1) * 255).rounded())
      let s = String(byte, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    let w = stage.pixelWidth
    let h = stage.pixelHeight
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(1)),
      ("nm", .string("background")),
      ("sr", .integer(1)),
      (
        "ks",
        .object([
          ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("p", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
          ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
          ("o", .object([("a", .integer(0)), ("k", .number(min(max(c[3], 0), 1) * 100))])),
        ])
      ),
      ("ao", .integer(0)),
      ("sw", .integer(w)),
      ("sh", .integer(h)),
      ("sc", .string("#" + hex(c[0]) + hex(c[1]) + hex(c[2]))),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }
}
