import AnimEngine
import AnimStage

/// One frame as an SVG document (SPEC §12.3): the background as a rectangle,
/// then each drawn view as a `<rect>` centred on the origin and moved into
/// place by `translate rotate scale`, numbers written exactly (the shortest
/// decimal that reads back as the same double).
public enum SVGDocument {
  /// The SVG text of `scene` drawn on `layout`.
  public static func text(_ scene: Scene, layout: StageLayout) -> String {
    let w = layout.pixelWidth
    let h = layout.pixelHeight
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">

      """
    let bg = layout.background
    if bg.a > 0 {
      out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(hex(bg))\"\(opacity(bg.a))/>\n"
    }
    var close = ""
    if layout.offsetX != 0 || layout.offsetY != 0 {
      out += """
        <clipPath id="stage"><rect x="\(number(layout.offsetX))" y="\(number(layout.offsetY))" \
        width="\(number(layout.world.width * layout.scale))" \
        height="\(number(layout.world.height * layout.scale))"/></clipPath>
        <g clip-path="url(#stage)">

        """
      close = "</g>\n"
    }
    let k = layout.scale
    scene.forEachDrawn { id, kind, s in
      let fill = s.color(.color)
      let alpha = s.drawn(.alpha) * fill.a
      // A text's box is its layout at its size now (SPEC §18).
      let glyphs = kind.outline == .text ? TextView(s) { scene.object(id, $0) }.drawing() : nil
      let vw = glyphs.map(\.width) ?? abs(s.number(.width))
      let vh = glyphs.map(\.height) ?? abs(s.number(.height))
      let sx = s.number(.scaleX) * k
      let sy = s.number(.scaleY) * k
      guard alpha > 0, vw > 0, vh > 0, sx != 0, sy != 0 else { return }
      let (px, py) = layout.pixel(x: s.number(.x), y: s.number(.y))
      let rotation = s.number(.rotation)
      var transform = "translate(\(number(px)) \(number(py)))"
      if rotation != 0 { transform += " rotate(\(number(rotation)))" }
      if sx != 1 || sy != 1 { transform += " scale(\(number(sx)) \(number(sy)))" }
      var shape: String
      switch kind.outline {
      case .rectangle:
        let r = s.drawn(.cornerRadius)
        shape = "<rect x=\"\(number(-vw / 2))\" y=\"\(number(-vh / 2))\" "
        shape += "width=\"\(number(vw))\" height=\"\(number(vh))\""
        if r > 0 { shape += " rx=\"\(number(r))\" ry=\"\(number(r))\"" }
      case .text:
        // The glyphs as one path, filled by the non-zero rule as fonts are.
        shape = "<path d=\"\(glyphs?.outline.svgPathData ?? "")\""
      }
      shape += " fill=\"\(hex(fill))\"\(opacity(alpha)) transform=\"\(transform)\"/>\n"
      out += shape
    }
    return out + close + "</svg>\n"
  }

  /// `#rrggbb` of a colour's channels (8 bits, rounded), without its alpha.
  public static func hex(_ c: Color) -> String {
    func byte(_ v: Double) -> String {
      let n = Int((min(max(v, 0), 1) * 255).rounded())
      let digits = "0123456789abcdef".utf8.map { Character(UnicodeScalar($0)) }
      return String([digits[n / 16], digits[n % 16]])
    }
    return "#" + byte(c.r) + byte(c.g) + byte(c.b)
  }

  private static func opacity(_ a: Double) -> String {
    a >= 1 ? "" : " fill-opacity=\"\(number(a))\""
  }

  /// The shortest decimal that reads back as `v`; integers without `.0`.
  static func number(_ v: Double) -> String {
    if v == 0 { return "0" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }
}
