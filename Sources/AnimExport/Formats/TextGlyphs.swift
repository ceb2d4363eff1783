import AnimEngine

/// A text's drawings as glyphs written once and placed many times (SPEC
/// §23.3): a counting number shows dozens of strings made of a dozen glyphs,
/// so the exporters write each distinct glyph once (Lottie: a
/// precomposition per glyph; the HTML player: a `<symbol>`) and each drawing
/// as where its glyphs go.
struct TextGlyphs {
  /// One glyph placed in a drawing: which glyph, and where its letter's box
  /// has its top-left corner in the drawing's box.
  struct Placement: Equatable {
    var glyph: Int
    var x: Double
    var y: Double
  }

  /// The distinct glyphs at the text's size, each in its letter's box
  /// ((0, 0) the box's top-left corner).
  let glyphs: [Outline]
  /// Each glyph's letter (its cluster), for the names of what is written.
  let letters: [String]
  /// The distinct drawings, in the order first shown.
  let drawings: [TextView]
  /// Each drawing's glyphs, letter after letter (a space places none).
  let placements: [[Placement]]
  /// Each run of the text as (first frame, drawing index).
  let runs: [(frame: Int, drawing: Int)]

  /// The glyphs of `view`, a text that shows more than one drawing and
  /// draws its own glyphs (not its letters); nil for any other view, which
  /// is written as before, one outline per drawing.
  static func of(_ view: RecordedView) -> TextGlyphs? {
    guard view.kind == .text else { return nil }
    var drawings: [TextView] = []
    var runs: [(frame: Int, drawing: Int)] = []
    for run in view.textRuns {
      let j = drawings.firstIndex(of: run.text) ?? drawings.count
      if j == drawings.count { drawings.append(run.text) }
      runs.append((run.frame, j))
    }
    guard drawings.count > 1 else { return nil }
    var glyphs: [Outline] = []
    var letters: [String] = []
    var index: [Outline: Int] = [:]
    var placements: [[Placement]] = []
    for drawing in drawings {
      guard !drawing.drawnAsLetters, drawing.context == nil, let shape = try? drawing.shape()
      else { return nil }
      let boxes = shape.letterBoxes(
        size: drawing.size, tracking: drawing.tracking, align: drawing.align)
      var placed: [Placement] = []
      // Only the letters `shown` draws (SPEC §23.2).
      for (letter, box) in zip(shape.letters, boxes).prefix(max(drawing.letterLimit, 0))
      where !letter.outline.subpaths.isEmpty {
        let size = drawing.size
        let glyph = letter.outline.mapped { $0 * size }
        let g: Int
        if let known = index[glyph] {
          g = known
        } else {
          g = glyphs.count
          glyphs.append(glyph)
          letters.append(letter.text)
          index[glyph] = g
        }
        placed.append(Placement(glyph: g, x: box.x, y: box.y))
      }
      placements.append(placed)
    }
    return TextGlyphs(
      glyphs: glyphs, letters: letters, drawings: drawings, placements: placements, runs: runs)
  }

  /// The drawing shown at each frame from its run's first frame to the
  /// next run's (`frames` in all).
  func drawing(atFrame frame: Int) -> Int {
    var shown = runs.first?.drawing ?? 0
    for run in runs where run.frame <= frame { shown = run.drawing }
    return shown
  }
}
