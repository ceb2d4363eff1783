import AnimEngine

/// Text layers whose font is a file of their dotLottie archive (`f/`, where
/// LottieFiles' tools keep a text's font when the file has no glyphs of it):
/// the file is written beside the script, as an image is, and each line is
/// one of anim's own `text` views in it (shaped by HarfBuzz, drawn from
/// FreeType's outlines: SPEC §18), its baseline where ThorVG puts a text of
/// a loaded font (`updateURLFont`): a line height below the last, aligned
/// left, right or centred on the layer's origin. A paragraph box, small
/// caps and text animators are noted and the text drawn without them.
extension SceneBuilder {
  /// A font file beside the script and the metrics that place its
  /// baseline.
  struct FontText: Sendable {
    var file: String
    var metrics: FontMetrics
  }

  /// The most lines one document of such a text draws (each is a view).
  static let maximumFontTextLines = 1_000

  /// The font file of `document`'s font, from the archive, written beside
  /// the script once; nil when there is none anim can use (noted).
  func fontText(for document: TextLayer.Document) -> FontText? {
    if let known = fontTexts[document.font] { return known }
    let found = readFontText(document.font)
    fontTexts[document.font] = .some(found)
    return found
  }

  private func readFontText(_ name: String) -> FontText? {
    guard let archive, let font = composition.glyphs.font(named: name) else { return nil }
    let fonts = composition.ref.optional("fonts")
    let found: (entry: String, bytes: [UInt8])?
    do {
      found = try archive.font(font, budget: &archiveBudget)
    } catch {
      note(fonts, "the font '\(name)' not read: \(error.message)")
      return nil
    }
    guard let found else { return nil }
    guard let metrics = FontMetrics(found.bytes) else {
      note(
        fonts,
        "the font '\(name)' not read: the archive's \(found.entry) is not a TrueType or OpenType font"
      )
      return nil
    }
    let ext = found.entry.lowercased().hasSuffix(".otf") ? "otf" : "ttf"
    let written = file(
      ImportedImage(
        name: imagePrefix + "_" + FileSafeName.of(font.name, or: "font") + "." + ext,
        content: .bytes(found.bytes), pointer: fonts?.pointer ?? ""))
    return FontText(file: written, metrics: metrics)
  }

  /// The `text` views of one document drawn with `font`: a view per line
  /// (two, the stroke's below, when the stroke is under the fill); `shown`
  /// their alpha over time.
  func fontTextViews(
    _ document: TextLayer.Document, font: FontText, name: String, parent: Int,
    shown: Track<Double>?, ref: JSONRef?
  ) throws(ImportError) {
    // Past a million points a text is not one anyone draws; anim's text
    // would stop the script there (a width past the largest number).
    let tracking = document.tracking * document.size / 1000
    for (what, given, value, least) in [
      ("size", document.size, document.size, Double.leastNonzeroMagnitude),
      ("line height", document.lineHeight, abs(document.lineHeight), 0),
      ("baseline shift", document.shift, abs(document.shift), 0),
      ("tracking", document.tracking, abs(tracking), 0),
      ("stroke width", document.strokeWidth, abs(document.strokeWidth), 0),
    ] where !(value >= least && value <= 1e6) {
      note(ref, "a text of \(what) \(NumberFormat.exact(given)) not imported")
      return
    }
    if document.box != nil {
      note(ref, "a paragraph box of a text in a font file: drawn as point text, unwrapped")
    }
    if document.caps == 2 { note(ref, "small caps drawn as capitals") }
    let text = document.caps != 0 ? document.text.uppercased() : document.text
    let lines = text.split(
      omittingEmptySubsequences: false,
      whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" || $0 == "\u{3}" })
    guard lines.count <= Self.maximumFontTextLines else {
      note(ref, "a text of more than \(Self.maximumFontTextLines) lines not imported")
      return
    }
    let (align, anchorX) =
      document.justify == 1 ? ("right", 1.0) : document.justify == 2 ? ("center", 0.5) : ("left", 0)
    let top = font.metrics.baseline(size: document.size)
    for (k, line) in lines.enumerated() where !line.isEmpty {
      let baseline = Double(k) * document.lineHeight - document.shift
      try Self.layered(document) { (suffix, fill, stroke) throws(ImportError) in
        var view = ScriptView(
          kind: "text", name: "\(name)_\(suffix)\(k == 0 ? "" : "_\(k + 1)")", parent: parent)
        view.settings = [
          ("text", .string(String(line))), ("font", .string(font.file)),
          ("size", .number(document.size)), ("align", .word(align)),
          ("x", .number(0)), ("y", .number(baseline - top)), ("anchor", .point(anchorX, 0)),
        ]
        if tracking != 0 { view.settings.append(("tracking", .number(tracking))) }
        Self.paint(&view, document, fill: fill, stroke: stroke, shown: shown)
        try add(view)
      }
    }
  }
}
