import AnimEngine
import AnimStage

/// The composition stage's filters and blend modes in SVG (SPEC §21.2,
/// §21.6): a filtered group refers to a `<filter>` written just before it
/// (`feGaussianBlur`, then `feDropShadow`, which puts the shadow made from
/// its input beneath it, in sRGB as the canvas blends), and a blended group
/// has `mix-blend-mode` (`add` is `plus-lighter`). The filter's region is
/// the frame grown by the filter's reach (``CairoCanvas/margin(for:width:height:)``), as
/// the canvas's group picture is: SVG's default region, the bounding box
/// grown by 10 %, would cut a large blur, and a frame-sized one what lies
/// just outside the frame and blurs or casts a shadow into it.
extension SVGDocument {
  /// The `<filter>` to write before a composed view's group and the
  /// group's attributes. `id` names the filter; `filter` gives the lengths
  /// in the group's user space; `region` is the frame grown by the
  /// filter's reach in that space (x, y, width, height).
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

  /// The frame (`width` × `height` pixels) grown by `margin` pixels each
  /// side, in the space that `m` maps to pixels: the bounding box of its
  /// corners mapped back (the frame when `m` cannot be inverted).
  static func frameRegion(_ width: Int, _ height: Int, margin: Int, in m: Affine) -> (
    x: Double, y: Double, width: Double, height: Double
  ) {
    let g = Double(margin)
    let det = m.a * m.d - m.b * m.c
    guard det != 0, det.isFinite else {
      return (-g, -g, Double(width) + 2 * g, Double(height) + 2 * g)
    }
    var xs: [Double] = []
    var ys: [Double] = []
    for (px, py) in [
      (-g, -g), (Double(width) + g, -g), (-g, Double(height) + g),
      (Double(width) + g, Double(height) + g),
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
