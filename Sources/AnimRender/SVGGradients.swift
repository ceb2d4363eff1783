import AnimEngine

/// Gradients in SVG (SPEC §21.1): a `<linearGradient>` or
/// `<radialGradient>` in the view's box coordinates (`userSpaceOnUse`, the
/// path's own space) under `gradientTransform` scaling unit coordinates to
/// the box, so a radius is a fraction of the width along x and of the
/// height along y, as anim draws it. Its stops are
/// ``Gradient/straightStops(tolerance:)``: SVG blends stops with straight
/// alpha, anim with premultiplied alpha.
extension SVGDocument {
  /// The definition of `gradient` on a box `width` × `height` and the
  /// paint that refers to it (`url(#…)`). The id is a hash of the
  /// definition, so the same gradient on the same box shares one id.
  static func gradient(_ gradient: Gradient, width: Double, height: Double) -> (
    definition: String, paint: String
  ) {
    let w = width > 0 ? width : 1
    let h = height > 0 ? height : 1
    var body = ""
    switch gradient.geometry {
    case .linear(let from, let to):
      body += "x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" "
      body += "x2=\"\(number(to.x))\" y2=\"\(number(to.y))\""
    case .radial(let center, let radius, let focal):
      body += "cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\""
      if focal != center {
        // The point anim draws (inside the circle), so that browsers
        // following SVG 1.1 (a point outside moved onto the circle) and
        // SVG 2 (a cone drawn) both draw anim's gradient.
        let f = Gradient.drawnFocal(center: center, radius: radius, focal: focal)
        body += " fx=\"\(number(f.x))\" fy=\"\(number(f.y))\""
      }
    }
    body += " gradientUnits=\"userSpaceOnUse\""
    body += " gradientTransform=\"matrix(\(number(w)) 0 0 \(number(h)) 0 0)\">"
    for stop in gradient.straightStops() {
      body += "<stop offset=\"\(number(stop.offset))\" stop-color=\"\(hex(stop.color))\""
      if stop.color.a < 1 { body += " stop-opacity=\"\(number(stop.color.a))\"" }
      body += "/>"
    }
    let element = gradient.kindName == "linear" ? "linearGradient" : "radialGradient"
    // FNV-1a of the definition: the same gradient on the same box, one id.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (element + body).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let id = "g" + String(hash, radix: 16)
    return (
      "<defs><\(element) id=\"\(id)\" \(body)</\(element)></defs>\n", "url(#\(id))"
    )
  }
}
