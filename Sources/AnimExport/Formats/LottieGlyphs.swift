import AnimEngine

/// A text that shows several drawings (a counting number) written with each
/// glyph once (SPEC §23.3): one precomposition per glyph (a shape layer:
/// its outline, fill and stroke), and the text's layer a precomposition of
/// glyph slots, a precomposition layer per (letter's place, glyph) shown
/// (opacity 100, held) on the frames that place shows that glyph. The
/// text's transform and opacity stay its layer's, which a precomposition
/// layer applies to what it composes.
///
/// Used for a text at the root (not in a tree) whose paint, stroke,
/// anchor and trim do not change; any other text is written as before,
/// one group per drawing (`LottieWriter.textGroups`).
struct LottieGlyphText {
  let glyphs: TextGlyphs
  /// The text precomposition's size in pixels, its layer's origin (the
  /// view's layer-space origin) at its centre.
  let width: Double
  let height: Double
  /// The margin around each glyph in its precomposition (a stroke's reach).
  let margin: Double
  let scale: Double

  /// The glyph text of `view`, or nil when it is written as before.
  init?(_ view: RecordedView, recording: StageRecording, scale k: Double, inTree: Bool) {
    guard !inTree, view.kind == .text else { return nil }
    let still: [Property] = [
      .color, .stroke, .strokeWidth, .lineCap, .lineJoin, .anchorX, .anchorY, .trimStart,
      .trimEnd, .trimOffset,
    ]
    // A dashed text's stroke is written as every other view's (its `d`).
    guard still.allSatisfy({ view.track($0).isStatic }), LottieWriter.dashPattern(view) == nil,
      min(max(view.track(.trimStart).keys[0].value[0], 0), 1) == 0,
      min(max(view.track(.trimEnd).keys[0].value[0], 0), 1) == 1,
      let glyphs = TextGlyphs.of(view)
    else { return nil }
    self.glyphs = glyphs
    scale = k
    let stroke = view.track(.stroke).keys[0].value
    let strokeWidth = max(view.track(.strokeWidth).keys[0].value[0], 0)
    // A miter reaches 4 half widths past the outline (SPEC §16.2).
    margin = (stroke[3] > 0 ? strokeWidth * Outline.miterLimit / 2 : 0) * k + 2
    var reach = (x: 0.0, y: 0.0)
    for (drawing, placements) in zip(glyphs.drawings, glyphs.placements) {
      let box = (try? drawing.box()) ?? (width: 0, height: 0)
      for placed in placements {
        guard let b = glyphs.glyphs[placed.glyph].bounds() else { continue }
        for x in [b.minimum.x, b.maximum.x] {
          reach.x = max(reach.x, abs(placed.x + x - box.width / 2) * k)
        }
        for y in [b.minimum.y, b.maximum.y] {
          reach.y = max(reach.y, abs(placed.y + y - box.height / 2) * k)
        }
      }
    }
    width = ((reach.x + margin) * 2).rounded(.up)
    height = ((reach.y + margin) * 2).rounded(.up)
  }

  /// The glyph's bounds in its letter's box, or a point for an empty one.
  private func glyphBounds(_ g: Int) -> OutlineBounds {
    glyphs.glyphs[g].bounds()
      ?? OutlineBounds(minimum: OutlinePoint(0, 0), maximum: OutlinePoint(0, 0))
  }

  /// The assets: each glyph's precomposition (`{id}g{k}`), then the text's
  /// (`id`).
  func assets(_ view: RecordedView, id: String, recording: StageRecording) -> [JSONValue] {
    let frames = max(recording.frameCount, 1)
    var out: [JSONValue] = []
    for g in glyphs.glyphs.indices {
      out.append(glyphAsset(view, g, id: "\(id)g\(g)", frames: frames))
    }
    out.append(
      .object([("id", .string(id)), ("layers", .array(slotLayers(id: id, frames: frames)))]))
    return out
  }

  /// Glyph `g`'s precomposition: one shape layer of its outline, shifted so
  /// that its bounds and a margin lie in the precomposition, with the
  /// text's fill and stroke.
  private func glyphAsset(_ view: RecordedView, _ g: Int, id: String, frames: Int) -> JSONValue {
    let b = glyphBounds(g)
    let k = scale
    let paths = LottieShapes.paths(glyphs.glyphs[g]) {
      OutlinePoint(($0.x - b.minimum.x) * k + margin, ($0.y - b.minimum.y) * k + margin)
    }
    let color = view.track(.color).keys[0].value
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    func rgb(_ c: PropertyValue) -> JSONValue {
      fixed(.array((0..<3).map { .number(c[$0]) }))
    }
    var items: [JSONValue] = []
    let stroke = view.track(.stroke).keys[0].value
    let strokeWidth = view.track(.strokeWidth).keys[0].value[0]
    let fill: JSONValue = .object([
      ("ty", .string("fl")), ("nm", .string("fill")), ("c", rgb(color)),
      ("o", fixed(.number(min(max(color[3], 0), 1) * 100))), ("r", .integer(1)),
    ])
    if stroke[3] > 0 && strokeWidth > 0 {
      let cap = LineCap.allCases[min(max(Int(view.track(.lineCap).keys[0].value[0]), 0), 2)]
      let join = LineJoin.allCases[min(max(Int(view.track(.lineJoin).keys[0].value[0]), 0), 2)]
      let line: JSONValue = .object([
        ("ty", .string("st")), ("nm", .string("stroke")), ("c", rgb(stroke)),
        ("o", fixed(.number(min(max(stroke[3], 0), 1) * 100))),
        ("w", fixed(.number(strokeWidth * k))),
        ("lc", .integer(LottieShapes.lineCap(cap))), ("lj", .integer(LottieShapes.lineJoin(join))),
        ("ml", .integer(4)),
      ])
      items = [
        LottieWriter.group("stroke", paths + [line]), LottieWriter.group("fill", paths + [fill]),
      ]
    } else {
      items = paths + [fill]
    }
    let layer: JSONValue = .object([
      ("ddd", .integer(0)), ("ind", .integer(1)), ("ty", .integer(4)),
      ("nm", .string("glyph \(g): \(glyphs.letters[g])")), ("sr", .integer(1)),
      ("ks", Self.identity()), ("ao", .integer(0)), ("shapes", .array(items)),
      ("ip", .integer(0)), ("op", .integer(frames)), ("st", .integer(0)), ("bm", .integer(0)),
    ])
    return .object([("id", .string(id)), ("layers", .array([layer]))])
  }

  /// A transform that changes nothing.
  static func identity() -> JSONValue {
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    return .object([
      ("a", fixed(.array([.integer(0), .integer(0)]))),
      ("p", fixed(.array([.integer(0), .integer(0)]))),
      ("s", fixed(.array([.integer(100), .integer(100)]))),
      ("r", fixed(.integer(0))),
      ("o", fixed(.integer(100))),
    ])
  }

  /// The text's glyph slots: a layer per (letter's place, glyph), placed
  /// at its letter's box in the text's precomposition and shown while its
  /// place shows its glyph.
  private func slotLayers(id: String, frames: Int) -> [JSONValue] {
    struct Slot {
      var place: Int
      var glyph: Int
      var opacity: [(frame: Int, value: Int)] = []
      var position: [(frame: Int, x: Double, y: Double)] = []
      var shown = false
    }
    var slots: [Slot] = []
    var slotIndex: [Int: Int] = [:]  // place * glyph count + glyph
    let count = glyphs.glyphs.count
    let k = scale
    for run in glyphs.runs {
      let drawing = glyphs.drawings[run.drawing]
      let box = (try? drawing.box()) ?? (width: 0, height: 0)
      var shownNow: Set<Int> = []
      for (place, placed) in glyphs.placements[run.drawing].enumerated() {
        let key = place * count + placed.glyph
        let s: Int
        if let known = slotIndex[key] {
          s = known
        } else {
          s = slots.count
          slots.append(Slot(place: place, glyph: placed.glyph))
          slotIndex[key] = s
        }
        shownNow.insert(s)
        let b = glyphBounds(placed.glyph)
        let x = width / 2 + (placed.x - box.width / 2) * k + b.minimum.x * k - margin
        let y = height / 2 + (placed.y - box.height / 2) * k + b.minimum.y * k - margin
        if slots[s].position.last.map({ $0.x != x || $0.y != y }) ?? true {
          slots[s].position.append((run.frame, x, y))
        }
        if !slots[s].shown {
          slots[s].opacity.append((run.frame, 100))
          slots[s].shown = true
        }
      }
      for s in slots.indices where slots[s].shown && !shownNow.contains(s) {
        slots[s].opacity.append((run.frame, 0))
        slots[s].shown = false
      }
    }
    func held(_ keys: [(frame: Int, values: [Double])]) -> JSONValue {
      if keys.count == 1 {
        let v = keys[0].values
        return .object([
          ("a", .integer(0)), ("k", v.count == 1 ? .number(v[0]) : .array(v.map { .number($0) })),
        ])
      }
      return .object([
        ("a", .integer(1)),
        (
          "k",
          .array(
            keys.map { key in
              .object([
                ("t", .integer(key.frame)), ("s", .array(key.values.map { .number($0) })),
                ("h", .integer(1)),
              ])
            })
        ),
      ])
    }
    return slots.enumerated().map { n, slot in
      var opacity = slot.opacity.map { (frame: $0.frame, values: [Double($0.value)]) }
      // Hidden before the first frame it is shown.
      if let first = opacity.first, first.frame > 0 { opacity.insert((0, [0]), at: 0) }
      let ks: JSONValue = .object([
        ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
        (
          "p",
          .object([
            ("s", .bool(true)),
            ("x", held(slot.position.map { ($0.frame, [$0.x]) })),
            ("y", held(slot.position.map { ($0.frame, [$0.y]) })),
          ])
        ),
        ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
        ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
        ("o", held(opacity)),
      ])
      let b = glyphBounds(slot.glyph)
      return .object([
        ("ddd", .integer(0)), ("ind", .integer(n + 1)), ("ty", .integer(0)),
        ("nm", .string("letter \(slot.place + 1): \(glyphs.letters[slot.glyph])")),
        ("refId", .string("\(id)g\(slot.glyph)")), ("sr", .integer(1)), ("ks", ks),
        ("ao", .integer(0)),
        ("w", .number(((b.maximum.x - b.minimum.x) * k + 2 * margin).rounded(.up))),
        ("h", .number(((b.maximum.y - b.minimum.y) * k + 2 * margin).rounded(.up))),
        ("ip", .integer(0)), ("op", .integer(frames)), ("st", .integer(0)), ("bm", .integer(0)),
      ])
    }
  }
}
