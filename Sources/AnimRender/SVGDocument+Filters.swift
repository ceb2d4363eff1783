import AnimEngine
import AnimStage

/// The composition stage's filters and blend modes in SVG (SPEC §21.2,
/// §21.6): a filtered group refers to a `<filter>` written just before it
/// (`feGaussianBlur`, then `feDropShadow`, which puts the shadow made from
/// its input beneath it, in sRGB as the canvas blends), and a blended group
/// has `mix-blend-mode` (`add` is `plus-lighter`). The filter's region is
/// the frame, as the canvas's group picture is.
extension SVGDocument {
  /// The `<filter>` to write before a composed view's group and the
  /// group's attributes. `id` names the filter; `filter` gives the lengths
  /// in the group's user space; `region` is the frame in that space
  /// (x, y, width, height).
  static func group(
    _ composition: Composition, id: String, filter: PlacedFilter,
    region: (x: Double, y: Double, width: Double, height: Double)
  ) -> (definition: String, attributes: String) {
    if composition.isOpacityOnly { return ("", groupAttributes(composition)) }
    var attributes = composition.opacity < 1 ? groupAttributes(composition) : ""
    var definition = ""
    if composition.isFiltered {
      definition =
        "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(number(region.x))\" "
        + "y=\"\(number(region.y))\" width=\"\(number(region.width))\" "
        + "height=\"\(number(region.height))\" color-interpolation-filters=\"sRGB\">"
      if composition.blur > 0 {
        definition += "<feGaussianBlur stdDeviation=\"\(deviation(filter.blurX, filter.blurY))\"/>"
      }
      if composition.hasShadow {
        let c = composition.shadowColor
        definition +=
          "<feDropShadow dx=\"\(number(filter.shadowDX))\" dy=\"\(number(filter.shadowDY))\" "
          + "stdDeviation=\"\(deviation(filter.shadowBlurX, filter.shadowBlurY))\" "
          + "flood-color=\"\(hex(c))\" flood-opacity=\"\(number(c.a))\"/>"
      }
      definition += "</filter>\n"
      attributes += " filter=\"url(#\(id))\""
    }
    if composition.blend != .normal {
      attributes += " style=\"mix-blend-mode:\(composition.blend.cssName)\""
    }
    return (definition, attributes)
  }

  /// `stdDeviation`: one number when both axes agree.
  private static func deviation(_ x: Double, _ y: Double) -> String {
    x == y ? number(x) : "\(number(x)) \(number(y))"
  }

  /// The frame (`width` × `height` pixels) in the space that `m` maps to
  /// pixels: the bounding box of its corners mapped back (the whole plane
  /// when `m` cannot be inverted).
  static func frameRegion(_ width: Int, _ height: Int, in m: Affine) -> (
    x: Double, y: Double, width: Double, height: Double
  ) {
    let det = m.a * m.d - m.b * m.c
    guard det != 0, det.isFinite else { return (0, 0, Double(width), Double(height)) }
    var xs: [Double] = []
    var ys: [Double] = []
    for (px, py) in [
      (0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height)),
    ] {
      let dx = px - m.tx
      let dy = py - m.ty
      xs.append((m.d * dx - m.c * dy) / det)
      ys.append((-m.b * dx + m.a * dy) / det)
    }
    let x0 = xs.min()!
    let y0 = ys.min()!
    return (x0, y0, xs.max()! - x0, ys.max()! - y0)
  }
}
