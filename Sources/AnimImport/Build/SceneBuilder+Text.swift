import AnimEngine

/// Text layers drawn with the file's own glyphs (`chars`): the outlines of
/// the text as one `shape`, laid out as ThorVG lays out a text of local
/// glyphs (rlottie draws no text): each glyph's paths at size / 100 and its
/// advance plus the tracking, lines broken at a carriage return (or, in a
/// paragraph box, before a word or glyph that would pass its width),
/// aligned left, right or centred, a line height apart. A text whose font
/// has no glyphs in the file is drawn in its dotLottie archive's font file
/// (SceneBuilder+FontText), else left out with a note: anim's own `text`
/// draws system fonts, which would not be the designer's.
extension SceneBuilder {
  /// The most vertices one text layer's glyphs may add.
  static let maximumTextVertices = 1_000_000
  /// The most documents of one text drawn (each is a view).
  static let maximumTextDocuments = 10_000

  /// The file's glyphs of `document`'s font by character; nil when it has
  /// none.
  func glyphs(for document: TextLayer.Document) -> (font: Font?, glyphs: [String: Glyph])? {
    composition.glyphs.glyphs(forFont: document.font)
  }

  /// Whether a document can be drawn: the file has glyphs of its font, or
  /// its archive the font's file.
  func isDrawable(_ entry: (frame: Double, document: TextLayer.Document)) -> Bool {
    glyphs(for: entry.document) != nil || fontText(for: entry.document) != nil
  }

  /// Whether a text layer can be drawn; notes why not.
  func canDraw(_ text: Result<TextLayer, ImportError>, layer: Layer) -> Bool {
    switch text {
    case .failure(let error):
      note(layer.ref, "text layer not imported: \(error)")
      return false
    case .success(let text):
      if text.followsPath {
        note(text.ref.optional("p"), "text on a path not imported")
        return false
      }
      guard text.documents.contains(where: isDrawable) else {
        note(
          layer.ref,
          "text layer not imported: the file has no glyph outlines (chars) of its font"
            + " '\(text.documents[0].document.font)'"
            + (archive == nil ? "" : ", and its archive no font file of it"))
        return false
      }
      return true
    }
  }

  /// The text's views under `parent`: each document's glyphs, shown from
  /// its keyframe to the next (a text's documents hold, as the players
  /// switch them).
  func buildText(_ text: TextLayer, parent: Int, name: String, clock: TimeMap)
    throws(ImportError)
  {
    var documents = text.documents.sorted { $0.frame < $1.frame }
    if text.hasAnimators {
      let animatorsRef = text.ref.optional("a")
      if let problem = animatorProblem(text, documents: documents.count) {
        note(animatorsRef, problem + ": the text is drawn without them")
      } else if case .success(let animators) = text.animators,
        let (font, glyphs) = glyphs(for: documents[0].document),
        let layout = TextLayout(
          documents[0].document, ascent: font?.ascent ?? 0, glyphs: glyphs,
          limit: Self.maximumTextVertices)
      {
        if try buildAnimatedText(
          layout, animators: animators, name: name, parent: parent, clock: clock)
        {
          return
        }
        note(
          animatorsRef,
          "text animators over more than \(Self.maximumAnimatedTextWork) characters × frames"
            + " (\(Self.maximumTextAnimatorWork) with each animator counted),"
            + " or moving glyphs past 1e15 points: the text is drawn without them")
      } else {
        note(animatorsRef, "text animators not imported: the text's glyphs are not drawn as such")
      }
    }
    if documents.count > Self.maximumTextDocuments {
      note(
        text.ref.optional("d"),
        "a text of more than \(Self.maximumTextDocuments) documents drawn as its first")
      documents = [documents[0]]
    }
    var drawn: [(document: TextLayer.Document, paths: [BezierPath], font: FontText?)] = []
    var vertices = 0
    for (_, document) in documents {
      guard let (font, glyphs) = glyphs(for: document) else {
        if let file = fontText(for: document) {
          drawn.append((document, [], file))
          continue
        }
        note(
          text.ref.optional("d"), "a text document in a font without glyphs in the file not drawn")
        drawn.append((document, [], nil))
        continue
      }
      guard
        let paths = Self.textOutline(
          document, ascent: font?.ascent ?? 0, glyphs: glyphs,
          limit: Self.maximumTextVertices - vertices)
      else {
        note(text.ref, "a text of more than \(Self.maximumTextVertices) vertices not imported")
        return
      }
      vertices += paths.reduce(0) { $0 + $1.vertices.count }
      guard paths.allSatisfy(Self.isWithinReach) else {
        note(text.ref, "a text whose glyphs reach past 1e15 points not imported")
        return
      }
      drawn.append((document, paths, nil))
    }
    for (k, entry) in drawn.enumerated()
    where entry.font != nil || entry.paths.contains(where: { !$0.segments.isEmpty }) {
      var shown: Track<Double>?
      if drawn.count > 1 {
        // 1 from this document's keyframe to the next one's, else 0 (held:
        // before the first keyframe, the first value).
        func key(_ j: Int, _ value: Double) -> Keyframe<Double> {
          Keyframe(
            time: documents[j].frame, value: value, end: nil, hold: true, eases: Ease.linearOnly)
        }
        var keys = k > 0 ? [key(0, 0)] : []
        keys.append(key(k, 1))
        if k + 1 < documents.count { keys.append(key(k + 1, 0)) }
        shown = Track(Animated(keyframes: keys, ref: nil), clock: clock)
          .fromZero(rate: rate, end: end)
      }
      let named = k == 0 ? name : "\(name)_\(k + 1)"
      if let font = entry.font {
        try fontTextViews(
          entry.document, font: font, name: named, parent: parent, shown: shown,
          ref: text.ref.optional("d"))
      } else {
        try textViews(entry.document, paths: entry.paths, name: named, parent: parent, shown: shown)
      }
    }
  }

  /// Whether every point of `path` lies within 1e15 points.
  static func isWithinReach(_ path: BezierPath) -> Bool {
    func near(_ p: OutlinePoint) -> Bool { abs(p.x) < 1e15 && abs(p.y) < 1e15 }
    return path.vertices.allSatisfy(near) && path.inTangents.allSatisfy(near)
      && path.outTangents.allSatisfy(near)
  }

  /// The views of one document's outlines `paths`: one `shape` filled and
  /// stroked, or the stroke a view of its own below the fill; `shown` their
  /// alpha over time.
  private func textViews(
    _ document: TextLayer.Document, paths: [BezierPath], name: String, parent: Int,
    shown: Track<Double>?
  ) throws(ImportError) {
    let d = PathData.text(paths)
    try Self.layered(document) { (suffix, fill, stroke) throws(ImportError) in
      var view = ScriptView(kind: "shape", name: "\(name)_\(suffix)", parent: parent)
      view.settings = [("d", .string(d)), ("anchor", .point(0, 0))]
      Self.paint(&view, document, fill: fill, stroke: stroke, shown: shown)
      try add(view)
    }
  }

  /// Makes each view of a document's text, `make(suffix, fill, stroke)`:
  /// one filled and stroked (`text`), or the stroke a view of its own
  /// below the fill (`text_stroke`, then `text`) when the file puts it
  /// under.
  static func layered(
    _ document: TextLayer.Document,
    _ make: (String, Bool, Bool) throws(ImportError) -> Void
  ) throws(ImportError) {
    let stroked = document.stroke != nil && document.strokeWidth > 0
    if stroked && !document.strokeOver {
      try make("text_stroke", false, true)
      try make("text", true, false)
    } else {
      try make("text", true, stroked)
    }
  }

  /// A text view's paint: the document's fill (else none) when `fill`,
  /// its stroke when `stroke`, and `shown` as its alpha over time.
  static func paint(
    _ view: inout ScriptView, _ document: TextLayer.Document, fill: Bool, stroke: Bool,
    shown: Track<Double>?
  ) {
    if fill, let color = document.fill {
      view.settings.append(("color", .color(color)))
    } else {
      view.settings.append(("color", .word("transparent")))
    }
    if stroke, let color = document.stroke {
      view.settings += [
        ("stroke", .color(color)), ("strokeWidth", .number(document.strokeWidth)),
        ("lineJoin", .word("round")),
      ]
    }
    if let shown {
      if shown.initial != 1 { view.settings.append(("alpha", .number(shown.initial))) }
      view.runs = MotionChain.runs([("alpha", shown)])
    }
  }

  /// The glyph outlines of `document` in its layer's space (ThorVG's
  /// `updateLocalFont`); nil when they would take more than `limit`
  /// vertices (found before they are made).
  static func textOutline(
    _ document: TextLayer.Document, ascent: Double, glyphs: [String: Glyph], limit: Int
  ) -> [BezierPath]? {
    guard let layout = TextLayout(document, ascent: ascent, glyphs: glyphs, limit: limit)
    else { return nil }
    return layout.placed.flatMap { placed in
      let origin = layout.origin(of: placed)
      let k = layout.scale * placed.capScale
      let affine = Affine(a: k, b: 0, c: 0, d: k, tx: origin.x, ty: origin.y)
      return placed.glyph.paths.map { $0.transformed(affine) }
    }
  }
}
