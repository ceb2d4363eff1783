import AnimEngine

extension OutlinePicture {
  /// The same picture as an SVG document: the fill as one `<path>` (no
  /// stroke), then the stroke as another, of the trimmed piece only (SVG has
  /// no trim), each from ``Outline/svgPathData`` under
  /// `translate(offset) scale(scale)`, so the stroke width scales as Cairo's
  /// does. Colours as `#rrggbb` with their alpha as an opacity.
  public func svg(
    width: Int, height: Int, scale: Double, offset: OutlinePoint, background: Color
  ) -> String {
    func number(_ v: Double) -> String { Outline.pathNumber(v) }
    func paint(_ attribute: String, _ c: Color) -> String {
      let a = min(max(c.a, 0), 1)
      return " \(attribute)=\"\(SVGDocument.hex(c))\""
        + (a < 1 ? " \(attribute)-opacity=\"\(number(a))\"" : "")
    }
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)">

      """
    if background.a > 0 {
      out += "<rect width=\"\(width)\" height=\"\(height)\"\(paint("fill", background))/>\n"
    }
    let transform =
      "translate(\(number(offset.x)) \(number(offset.y))) scale(\(number(scale)))"
    if let fill {
      out +=
        "<path d=\"\(outline.svgPathData)\"\(paint("fill", fill)) transform=\"\(transform)\"/>\n"
    }
    if let stroke, strokeWidth > 0 {
      let piece = outline.trimmed(start: trim.start, end: trim.end, offset: trim.offset)
      if !piece.subpaths.isEmpty {
        out += "<path d=\"\(piece.svgPathData)\" fill=\"none\"\(paint("stroke", stroke))"
        out += " stroke-width=\"\(number(strokeWidth))\" stroke-linecap=\"\(cap.rawValue)\""
        out += " stroke-linejoin=\"\(join.rawValue)\" stroke-miterlimit=\"4\""
        out += " transform=\"\(transform)\"/>\n"
      }
    }
    return out + "</svg>\n"
  }
}
