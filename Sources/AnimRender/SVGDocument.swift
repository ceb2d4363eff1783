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
    if scene.hasTree {
      return out + tree(scene, layout: layout) + close + "</svg>\n"
    }
    let k = layout.scale
    let plain = CairoCanvas.flatRectangles
    scene.forEachDrawn { id, kind, s in
      // A composed view (SPEC §21.2) in a group of its own, unless its one
      // paint takes the opacity (as the canvas draws it).
      let composition = Composition(s)
      var opacity = 1.0
      var group = false
      if !composition.isNone {
        if composition.foldsIntoPaint(of: s, hasChildren: false) {
          opacity = composition.opacity
        } else {
          group = true
          let placed = Affine.placing(
            s, scale: k, at: layout.pixel(x: s.number(.x), y: s.number(.y)))
          let filter = composition.placed(by: placed)
          // The frame grown by the filter's reach, as the canvas draws it.
          let m = Double(CairoCanvas.margin(for: filter, width: w, height: h))
          let (definition, attributes) = Self.group(
            composition, id: "fx\(id)", filter: filter,
            region: (-m, -m, Double(w) + 2 * m, Double(h) + 2 * m))
          out += definition + "<g\(attributes)>\n"
        }
      }
      defer { if group { out += "</g>\n" } }
      // Corners of different radii are a path (a `<rect>` has one radius).
      let corners = CornerRadii(of: s).drawn(width: s.number(.width), height: s.number(.height))
      guard plain.admits(kind, s), corners.isUniform else {
        out += outlineElements(
          kind, s, path: scene.paths[id], text: scene.textView(id), image: scene.images[id],
          layout: layout, opacity: opacity)
        return
      }
      let fill = s.color(.color)
      let alpha = s.drawn(.alpha) * fill.a * opacity
      let vw = abs(s.number(.width))
      let vh = abs(s.number(.height))
      let sx = s.number(.scaleX) * k
      let sy = s.number(.scaleY) * k
      guard alpha > 0, vw > 0, vh > 0, sx != 0, sy != 0 else { return }
      let (px, py) = layout.pixel(x: s.number(.x), y: s.number(.y))
      let rotation = s.number(.rotation)
      var transform = "translate(\(number(px)) \(number(py)))"
      if rotation != 0 { transform += " rotate(\(number(rotation)))" }
      if sx != 1 || sy != 1 { transform += " scale(\(number(sx)) \(number(sy)))" }
      let r = corners.topLeft
      var shape = "<rect x=\"\(number(-vw / 2))\" y=\"\(number(-vh / 2))\" "
      shape += "width=\"\(number(vw))\" height=\"\(number(vh))\""
      if r > 0 { shape += " rx=\"\(number(r))\" ry=\"\(number(r))\"" }
      shape += " fill=\"\(hex(fill))\"\(self.opacity(alpha)) transform=\"\(transform)\"/>\n"
      out += shape
    }
    return out + close + "</svg>\n"
  }

  /// A scene with a tree (SPEC §17): one group for the stage (world to
  /// pixels), then per view, in paint order, a `<g>` with its own transform
  /// holding its paths (fill- and stroke-opacity the world opacity times the
  /// colour's, never a group `opacity`, which would composite its children
  /// as one) and its children's groups; a view that clips wraps its
  /// children in `<g clip-path>` whose `clipPath` is its outline in its
  /// own box coordinates. Nesting is written with an explicit stack.
  static func tree(_ scene: Scene, layout: StageLayout) -> String {
    let world = scene.worldFrame()
    let (x0, y0) = layout.pixel(x: 0, y: 0)
    let stage = Affine(a: layout.scale, b: 0, c: 0, d: layout.scale, tx: x0, ty: y0)
    var out = "<g transform=\"matrix(\(number(layout.scale)) 0 0 \(number(layout.scale)) "
    out += "\(number(x0)) \(number(y0)))\">\n"
    // Open views, innermost last, with the closing tags each needs.
    var open: [(id: ViewID, closing: Int)] = []
    for id in scene.treeOrder {
      let parent = scene.parent(of: id)
      while let top = open.last, top.id != parent {
        out += String(repeating: "</g>", count: top.closing) + "\n"
        open.removeLast()
      }
      // A view a host made but the script never used (the default `view`).
      if !scene.isDrawn(id), scene.children(of: id).isEmpty { continue }
      let s = scene.state(of: id)
      let kind = scene.kind(of: id)
      let own = Affine.placing(s)
      // A composed view's group holds it and its descendants (SPEC §21.2),
      // unless it alone, of one paint, takes the opacity.
      let composition = Composition(s)
      var alpha = world.alphas[Int(id)]
      var composed = ""
      if !composition.isNone {
        if composition.foldsIntoPaint(of: s, hasChildren: !scene.children(of: id).isEmpty) {
          alpha *= composition.opacity
        } else {
          // The filter's lengths are the view's own: its group's user space.
          let toPixels = stage.concatenating(world.transforms[Int(id)])
          let (definition, attributes) = group(
            composition, id: "fx\(id)", filter: composition.placed(by: .identity),
            region: frameRegion(
              layout.pixelWidth, layout.pixelHeight,
              margin: CairoCanvas.margin(
                for: composition.placed(by: toPixels), width: layout.pixelWidth,
                height: layout.pixelHeight), in: toPixels))
          out += definition
          composed = attributes
        }
      }
      out += "<g data-view=\"\(attribute(scene.name(of: id)))\" "
      out += "transform=\"matrix(\(matrix(own)))\"\(composed)>\n"
      if scene.isDrawn(id) {
        out += paths(
          kind, s, path: scene.paths[id], text: scene.textView(id), image: scene.images[id],
          alpha: alpha, transform: nil)
      }
      var closing = 1
      if scene.clips(id), !scene.children(of: id).isEmpty {
        let clipID = "clip-\(id)"
        out +=
          "<clipPath id=\"\(clipID)\"><path d=\"\(scene.clipOutline(of: id).svgPathData)\"/>"
        out += "</clipPath>\n<g clip-path=\"url(#\(clipID))\">\n"
        closing = 2
      }
      open.append((id, closing))
    }
    for top in open.reversed() { out += String(repeating: "</g>", count: top.closing) + "\n" }
    return out + "</g>\n"
  }

  /// The six numbers of `matrix(…)`.
  private static func matrix(_ m: Affine) -> String {
    [m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: " ")
  }

  /// A name as an XML attribute value.
  private static func attribute(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }

  /// A view drawn through its outline (SPEC §16): the fill as one `<path>`,
  /// then the trimmed piece of the stroke as another (SVG has no trim), both
  /// under `matrix(…)` = `T(x, y)·R·S·T(−ax·w, −ay·h)` in pixels, so the
  /// stroke width scales with the view as Cairo's does.
  static func outlineElements(
    _ kind: ViewKind, _ s: some PropertyReading, path: ShapePath?, text: TextView?,
    image: ImageSource? = nil, layout: StageLayout, opacity: Double = 1
  ) -> String {
    let k = layout.scale
    let alpha = s.drawn(.alpha) * opacity
    let sx = s.number(.scaleX) * k
    let sy = s.number(.scaleY) * k
    guard alpha > 0, sx != 0, sy != 0, sx.isFinite, sy.isFinite else { return "" }
    let outline = kind.outline.outline(of: s, path: path, text: text)
    guard !outline.subpaths.isEmpty else { return "" }
    let placed = Affine.placing(s, scale: k, at: layout.pixel(x: s.number(.x), y: s.number(.y)))
    return paths(
      kind, s, path: path, image: image, alpha: alpha, transform: matrix(placed), outline: outline)
  }

  /// The attributes of a composed view's group (SPEC §21.2): its opacity.
  static func groupAttributes(_ composition: Composition) -> String {
    " opacity=\"\(number(composition.opacity))\""
  }

  /// A view's fill and stroke paths in its box coordinates, at opacity
  /// `alpha` times each colour's; under `matrix(transform)` when given.
  static func paths(
    _ kind: ViewKind, _ s: some PropertyReading, path: ShapePath?, text: TextView? = nil,
    image: ImageSource? = nil, alpha: Double, transform: String?, outline known: Outline? = nil
  ) -> String {
    guard alpha > 0 else { return "" }
    let outline = known ?? kind.outline.outline(of: s, path: path, text: text)
    guard !outline.subpaths.isEmpty else { return "" }
    let placed = transform.map { " transform=\"matrix(\($0))\"" } ?? ""
    var out = ""
    let fill = s.color(.color)
    let w = abs(s.number(.width))
    let h = abs(s.number(.height))
    if kind.outline == .image {
      // The picture in place of a fill (SPEC §21.4).
      if let image { out += imageElement(image, s, alpha: alpha, placed: placed) }
    } else if let g = s.gradient(.color) {
      let (definition, paint) = gradient(g, width: w, height: h)
      out += definition + "<path d=\"\(outline.svgPathData)\" fill=\"\(paint)\"\(opacity(alpha))"
      out += "\(fillRule(s))\(placed)/>\n"
    } else if fill.a * alpha > 0 {
      out += "<path d=\"\(outline.svgPathData)\" fill=\"\(hex(fill))\"\(opacity(fill.a * alpha))"
      out += "\(fillRule(s))\(placed)/>\n"
    }
    let stroke = s.color(.stroke)
    let width = s.strokeWidth(path: path)
    guard stroke.a * alpha > 0, width > 0 else { return out }
    let piece = outline.trimmed(
      start: s.drawn(.trimStart), end: s.drawn(.trimEnd), offset: s.number(.trimOffset))
    guard !piece.subpaths.isEmpty else { return out }
    let cap = LineCap.allCases[min(max(Int(s.number(.lineCap)), 0), 2)]
    let join = LineJoin.allCases[min(max(Int(s.number(.lineJoin)), 0), 2)]
    var strokePaint = hex(stroke)
    var strokeAlpha = min(max(stroke.a * alpha, 0), 1)
    if let g = s.gradient(.stroke) {
      let (definition, paint) = gradient(g, width: w, height: h)
      out += definition
      strokePaint = paint
      strokeAlpha = min(max(alpha, 0), 1)
    }
    out += "<path d=\"\(piece.svgPathData)\" fill=\"none\" stroke=\"\(strokePaint)\""
    if strokeAlpha < 1 { out += " stroke-opacity=\"\(number(strokeAlpha))\"" }
    out += " stroke-width=\"\(number(width))\" stroke-linecap=\"\(cap.rawValue)\""
    out += " stroke-linejoin=\"\(join.rawValue)\" stroke-miterlimit=\"4\""
    if let dash = s.strokeDash(along: piece, path: path) {
      // SPEC §21.3: the dashes of the piece written (trimmed) above, each
      // subpath from its start, as SVG 2 dashes a path.
      out += " stroke-dasharray=\"\(dash.lengths.map(number).joined(separator: " "))\""
      if dash.phase != 0 { out += " stroke-dashoffset=\"\(number(dash.phase))\"" }
    }
    out += "\(placed)/>\n"
    return out
  }

  /// An image view's picture as `<image>` stretched onto the rectangle
  /// its `fit` places it on (`preserveAspectRatio="none"`: Chromium draws
  /// an SVG file's own aspect inside `slice`), the file embedded as a
  /// `data:` URI; a `cover` picture, reaching past the box, inside a nested
  /// `<svg>` of the box's size, which clips it.
  static func imageElement(
    _ image: ImageSource, _ s: some PropertyReading, alpha: Double, placed: String
  ) -> String {
    let w = abs(s.number(.width))
    let h = abs(s.number(.height))
    let fit = ImageFit(stored: s.number(.fit))
    guard
      let placement = fit.placement(
        imageWidth: image.width, imageHeight: image.height, width: w, height: h)
    else { return "" }
    let shown = placement.clipped(toBoxWidth: w, height: h)
    var picture = "<image x=\"\(number(placement.x))\" y=\"\(number(placement.y))\""
    picture += " width=\"\(number(placement.width))\" height=\"\(number(placement.height))\""
    picture += " preserveAspectRatio=\"none\" href=\"\(image.dataURI)\"/>"
    let opacity = alpha < 1 ? " opacity=\"\(number(min(max(alpha, 0), 1)))\"" : ""
    guard shown != placement else {
      return picture.dropLast(2) + "\(opacity)\(placed)/>\n"
    }
    return "<g\(opacity)\(placed)><svg width=\"\(number(w))\" height=\"\(number(h))\""
      + " overflow=\"hidden\">\(picture)</svg></g>\n"
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

  /// ` fill-rule="evenodd"` for a shape filled even-odd (SPEC §21.3);
  /// nothing for SVG's default, nonzero.
  static func fillRule(_ s: some PropertyReading) -> String {
    FillRule(of: s) == .evenodd ? " fill-rule=\"evenodd\"" : ""
  }

  private static func opacity(_ a: Double) -> String {
    a >= 1 ? "" : " fill-opacity=\"\(number(a))\""
  }

  /// The shortest decimal that reads back as `v`; integers without `.0`;
  /// never `inf` or `nan` (``NumberText/written(_:)``).
  static func number(_ v: Double) -> String {
    NumberText.written(v)
  }
}
