import AnimEngine

/// A text document's glyphs placed as ThorVG places local glyphs
/// (`updateLocalFont`): each glyph at size / 100, advancing by its width
/// plus the tracking (`tr` / 10), a line broken at a carriage return and, in
/// a paragraph box, before a word (or a glyph) that would pass its width;
/// each line aligned on the box (or the layer's origin) and a line height
/// below the last. Characters are counted as ThorVG counts them for text
/// animators' selectors.
struct TextLayout {
  /// One glyph and where it is.
  struct Placed {
    var glyph: Glyph
    /// Small caps draw a lower-case letter as its capital at 70 %.
    var capScale: Double
    /// Its line, and its cursor along the line in the glyphs' units.
    var line: Int
    var cursor: Double
    /// ThorVG's counts: the UTF-8 bytes of the characters before it (line
    /// breaks not counted), and the spaces up to it.
    var index: Int
    var spaces: Int
  }

  let document: TextLayer.Document
  let ascent: Double
  /// Size / 100.
  let scale: Double
  private(set) var placed: [Placed] = []
  /// Each line's cursor at its end (what it is aligned by).
  private(set) var lineEnds: [Double] = []
  /// ThorVG's count of the characters: the text's UTF-8 bytes.
  let count: Int

  /// nil when the glyphs would take more than `limit` vertices.
  init?(_ document: TextLayer.Document, ascent: Double, glyphs: [String: Glyph], limit: Int) {
    self.document = document
    self.ascent = ascent
    scale = document.size / 100
    count = document.text.utf8.count
    let tracking = document.tracking * 0.1
    let boxWidth = document.box?.width ?? 0
    let characters = Array(document.text)
    func isBreak(_ c: Character) -> Bool { c == "\r" || c == "\r\n" || c == "\u{3}" }
    func glyph(_ c: Character) -> (Glyph, Double)? {
      if document.caps != 0, c.isASCII, c.isLowercase,
        let capital = glyphs[String(c).uppercased()]
      {
        return (capital, document.caps == 2 ? 0.7 : 1)
      }
      return glyphs[String(c)].map { ($0, 1) }
    }
    /// How far a glyph (at its scale) moves the cursor; 0 for none.
    func advance(_ found: (Glyph, Double)?) -> Double {
      found.map { ($0.0.width + tracking) * $0.1 } ?? 0
    }
    func nextWordWidth(from start: Int) -> Double {
      var width = 0.0
      var k = start
      while k < characters.count, characters[k] != " ", !isBreak(characters[k]) {
        width += advance(glyph(characters[k]))
        k += 1
      }
      return width
    }
    var cursor = 0.0
    var line = 0
    var vertices = 0
    var index = 0
    var spaces = 0
    func finishLine() {
      lineEnds.append(cursor)
      cursor = 0
      line += 1
    }
    var i = 0
    while i < characters.count {
      let c = characters[i]
      if isBreak(c) {
        finishLine()
        i += 1
        continue
      }
      let found = glyph(c)
      let step = advance(found)
      if c == " " {
        if boxWidth > 0, (cursor + step + nextWordWidth(from: i + 1)) * scale >= boxWidth {
          finishLine()
          i += 1
          continue
        }
        spaces += 1
      }
      if let (g, capScale) = found {
        if boxWidth > 0, cursor > 0, (cursor + step) * scale > boxWidth {
          // (A space wrapped here is counted again when met again, as
          // ThorVG counts it.)
          finishLine()
          continue
        }
        vertices += g.vertexCount
        guard vertices <= limit else { return nil }
        placed.append(
          Placed(
            glyph: g, capScale: capScale, line: line, cursor: cursor, index: index, spaces: spaces
          ))
        cursor += step
        index += String(c).utf8.count
      } else {
        index += 1
      }
      i += 1
    }
    finishLine()
  }

  /// Where `placed`'s glyph starts in the layer's space (its baseline's
  /// left end), its line ending at `lineEnd` (its own by default).
  func origin(of placed: Placed, lineEnd: Double? = nil) -> OutlinePoint {
    let justify = document.justify == 1 ? 1.0 : document.justify == 2 ? 0.5 : 0
    let boxWidth = document.box?.width ?? 0
    var top = ascent * scale
    if top > (document.box?.height ?? 0) { top = document.box?.height ?? 0 }
    let end = lineEnd ?? lineEnds[placed.line]
    let x0 = (document.box?.x ?? 0) + justify * (boxWidth - end * scale)
    let y0 =
      (document.box?.y ?? 0) + top - document.shift + Double(placed.line) * document.lineHeight
    return OutlinePoint(x0 + scale * placed.cursor, y0)
  }
}
