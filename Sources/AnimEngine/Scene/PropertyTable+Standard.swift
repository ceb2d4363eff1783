// The properties anim's views have: the one place their names, defaults,
// ranges and descriptions are written (SPEC §4, §12.1, §16.1). The order is
// `print`'s: SPEC §4's properties first (always printed), then the others in
// SPEC §16.1's order, each printed only when it is not its default.

extension PropertyTable {
  /// The table anim runs with.
  public static let standard = PropertyTable(
    [
      PropertyDeclaration(
        "x", .number, role: .transform, summary: "the centre's x, in points", printing: .always,
        letters: .box),
      PropertyDeclaration(
        "y", .number, role: .transform, summary: "the centre's y, in points (y grows downwards)",
        printing: .always, letters: .box),
      PropertyDeclaration(
        "width", .number, default: PropertyValue(100, 0, 0, 0), role: .geometry,
        summary: "the width, in points",
        printing: .always, accepted: .nonNegative, letters: .box),
      PropertyDeclaration(
        "height", .number, default: PropertyValue(100, 0, 0, 0), role: .geometry,
        summary: "the height, in points",
        printing: .always, accepted: .nonNegative, letters: .box),
      PropertyDeclaration(
        "alpha", .number, default: PropertyValue(1, 0, 0, 0), role: .paint,
        summary:
          "the opacity of its fill and stroke, each apart (its descendants' multiplied by it), 0…1",
        printing: .always, accepted: .unit, drawClamp: .range(0, 1)),
      PropertyDeclaration(
        "rotation", .number, role: .transform, summary: "the rotation, in degrees, clockwise",
        printing: .always),
      PropertyDeclaration(
        "scaleX", .number, default: PropertyValue(1, 0, 0, 0), role: .transform,
        summary: "the horizontal scale",
        printing: .always),
      PropertyDeclaration(
        "scaleY", .number, default: PropertyValue(1, 0, 0, 0), role: .transform,
        summary: "the vertical scale",
        printing: .always),
      PropertyDeclaration(
        "color", .paint, default: PropertyValue(1, 1, 1, 1), role: .paint,
        summary: "the fill: a colour or a gradient, linear(…) or radial(…)",
        // An image has no fill colour of its own (SPEC §21.4).
        kinds: ["view", "rect", "ellipse", "polygon", "star", "shape", "layer", "text"],
        printing: .always, letters: .follows),
      // Corner radii (SPEC §21.3): one per corner, `cornerRadius` the alias
      // that sets all four; drawn scaled down together as CSS does
      // (``CornerRadii``), each shown as its default when drawn at 0.
      PropertyDeclaration(
        "cornerTopLeft", .number, role: .geometry,
        summary: "the top-left corner's radius, in points",
        kinds: ["view", "rect"], drawClamp: .halfSmallerSide),
      PropertyDeclaration(
        "cornerTopRight", .number, role: .geometry,
        summary: "the top-right corner's radius, in points",
        kinds: ["view", "rect"], drawClamp: .halfSmallerSide),
      PropertyDeclaration(
        "cornerBottomRight", .number, role: .geometry,
        summary: "the bottom-right corner's radius, in points",
        kinds: ["view", "rect"], drawClamp: .halfSmallerSide),
      PropertyDeclaration(
        "cornerBottomLeft", .number, role: .geometry,
        summary: "the bottom-left corner's radius, in points",
        kinds: ["view", "rect"], drawClamp: .halfSmallerSide),
      PropertyDeclaration(
        "anchorX", .number, default: PropertyValue(0.5, 0, 0, 0),
        role: .transform, summary: "the box's point placed at (x, y), 0 left … 1 right"),
      PropertyDeclaration(
        "anchorY", .number, default: PropertyValue(0.5, 0, 0, 0),
        role: .transform, summary: "the box's point placed at (x, y), 0 top … 1 bottom"),
      PropertyDeclaration(
        "stroke", .paint, role: .paint,
        summary: "the stroke: a colour or a gradient (transparent: no stroke)",
        appliesWhen: .stroked, letters: .follows),
      PropertyDeclaration(
        "strokeWidth", .number, default: PropertyValue(2, 0, 0, 0),
        role: .paint,
        summary: "the stroke width, in the view's local points (a shape's: viewBox units)",
        drawClamp: .atLeastZero, appliesWhen: .stroked, letters: .follows),
      PropertyDeclaration(
        "lineCap", .choice(["butt", "round", "square"]),
        role: .paint, summary: "the stroke's ends: butt, round or square", appliesWhen: .stroked,
        letters: .follows),
      PropertyDeclaration(
        "lineJoin", .choice(["miter", "round", "bevel"]),
        role: .paint, summary: "the stroke's corners: miter (limit 4), round or bevel",
        appliesWhen: .stroked, letters: .follows),
      // SPEC §21.3: which parts of a shape's path its fill covers.
      PropertyDeclaration(
        "fillRule", .choice(FillRule.allCases.map(\.rawValue)), role: .paint,
        summary: "where a shape's fill covers its crossing or nested subpaths: nonzero or evenodd",
        kinds: ["shape"]),
      PropertyDeclaration(
        "trimStart", .number, role: .paint,
        summary: "where the stroke starts, a fraction of the outline",
        drawClamp: .range(0, 1), appliesWhen: .stroked, letters: .trimShare),
      PropertyDeclaration(
        "trimEnd", .number, default: PropertyValue(1, 0, 0, 0),
        role: .paint, summary: "where the stroke ends, a fraction of the outline",
        drawClamp: .range(0, 1), appliesWhen: .stroked, letters: .trimShare),
      PropertyDeclaration(
        "trimOffset", .number, role: .paint,
        summary: "shifts the stroked piece along the outline, a fraction", appliesWhen: .stroked,
        letters: .trimShare),
      // Dashes (SPEC §21.3): in the stroke width's units, after the trim.
      PropertyDeclaration(
        "dash", .dash, role: .paint,
        summary: "the stroke's dash pattern [on, off, …] in strokeWidth's units ([]: solid)",
        access: [.readable, .settable], appliesWhen: .stroked, letters: .follows),
      PropertyDeclaration(
        "dashOffset", .number, role: .paint,
        summary: "how far into the dash pattern the stroke starts, in strokeWidth's units",
        appliesWhen: .stroked, letters: .follows),
      PropertyDeclaration(
        "sides", .number, default: PropertyValue(5, 0, 0, 0),
        role: .geometry,
        summary: "a polygon's number of vertices (whole, at least 3; fixed at declaration)",
        access: [.readable, .settable], kinds: ["polygon"]),
      PropertyDeclaration(
        "points", .number, default: PropertyValue(5, 0, 0, 0),
        role: .geometry,
        summary: "a star's number of outer vertices (whole, at least 3; fixed at declaration)",
        access: [.readable, .settable], kinds: ["star"]),
      PropertyDeclaration(
        "innerRadius", .number, default: PropertyValue(0.5, 0, 0, 0),
        role: .geometry,
        summary: "a star's inner vertices, as a fraction of the outer ellipse (0 < r ≤ 1)",
        kinds: ["star"], drawClamp: .range(0.000001, 1)),
      PropertyDeclaration(
        "d", .string, role: .geometry, summary: "a shape's SVG path data (fixed at declaration)",
        access: [.readable], kinds: ["shape"]),
      // Images (SPEC §21.4): the picture and how it fills the box, both
      // paint (how the box is painted); the outline is the box itself.
      PropertyDeclaration(
        "src", .string, role: .paint,
        summary:
          "an image's PNG, JPEG or SVG file, relative to the script's folder (fixed at declaration)",
        access: [.readable], kinds: ["image"], printing: .always),
      PropertyDeclaration(
        "fit", .choice(ImageFit.words), role: .paint,
        summary:
          "how an image fills its box: fill (stretched), contain or cover (aspect kept, centred)",
        access: [.readable, .settable], kinds: ["image"]),
      // Text (SPEC §18).
      PropertyDeclaration(
        "text", .string, role: .text, summary: "the string shown (set at once, never interpolated)",
        defaultObject: .string(""), access: [.readable, .settable], kinds: ["text"],
        printing: .always),
      PropertyDeclaration(
        "font", .string,
        role: .text, summary: "a family name fontconfig has, or a path to a .ttf/.otf file",
        defaultObject: .string("DejaVu Sans"), access: [.readable, .settable], kinds: ["text"],
        letters: .follows),
      // Fonts by weight and style (SPEC §21.5): settable, not animatable
      // (a change picks another face and lays the text out again).
      PropertyDeclaration(
        "weight", .number, default: PropertyValue(FontRequest.normalWeight, 0, 0, 0),
        role: .text,
        summary: "the font weight, 100…900, normal (400) or bold (700), as CSS font-weight",
        access: [.readable, .settable], kinds: ["text"],
        accepted: .within(FontRequest.weights),
        namedValues: [("normal", FontRequest.normalWeight), ("bold", FontRequest.boldWeight)],
        letters: .follows),
      PropertyDeclaration(
        "italic", .boolean, role: .text, summary: "true: the family's italic (or oblique) face",
        access: [.readable, .settable], kinds: ["text"], letters: .follows),
      PropertyDeclaration(
        "face", .string, role: .text,
        summary: "the face drawn: fontconfig's choice for font, weight and italic (read only)",
        access: [.readable], kinds: ["text"]),
      PropertyDeclaration(
        "size", .number, default: PropertyValue(32, 0, 0, 0),
        role: .text, summary: "the font size, in points (greater than 0; drawn at least 0)",
        kinds: ["text"],
        printing: .always, accepted: .positive, drawClamp: .range(0, .infinity), letters: .follows),
      PropertyDeclaration(
        "align", .choice(["left", "center", "right"]), default: PropertyValue(1, 0, 0, 0),
        role: .text, summary: "each line's alignment in the box: left, center or right",
        access: [.readable, .settable], kinds: ["text"]),
      PropertyDeclaration(
        "tracking", .number,
        role: .text, summary: "extra advance after each letter, in points (CSS letter-spacing)",
        kinds: ["text"]),
      PropertyDeclaration(
        "value", .number, role: .text, summary: "the number a number text shows", kinds: ["text"]),
      PropertyDeclaration(
        "digits", .number, role: .text, summary: "the decimals a number text shows (0…20)",
        access: [.readable, .settable], kinds: ["text"], accepted: .nonNegative),
      PropertyDeclaration(
        "grouping", .choice(["false", "true"]), default: PropertyValue(1, 0, 0, 0),
        role: .text, summary: "whether a number text puts a comma every three digits",
        access: [.readable, .settable], kinds: ["text"]),
      PropertyDeclaration(
        "prefix", .string, role: .text, summary: "what a number text shows before the number",
        defaultObject: .string(""), access: [.readable, .settable], kinds: ["text"]),
      PropertyDeclaration(
        "suffix", .string, role: .text, summary: "what a number text shows after the number",
        defaultObject: .string(""), access: [.readable, .settable], kinds: ["text"]),
      // Text that types itself (SPEC §23.2).
      PropertyDeclaration(
        "shown", .number, default: PropertyValue(Double(TextView.allLetters), 0, 0, 0),
        role: .text,
        summary: "how many of a text's letters are drawn, in reading order (default all)",
        kinds: ["text"], accepted: .nonNegative),
      PropertyDeclaration(
        "scrambleProgress", .number, default: PropertyValue(1, 0, 0, 0), role: .text,
        summary:
          "how far a scramble has got: letter k of n shows random letters until (k + 1)/n (1: none)",
        kinds: ["text"], drawClamp: .range(0, 1)),
      PropertyDeclaration(
        "scrambleSeed", .number, role: .text,
        summary: "the seed a scramble's random letters come from", kinds: ["text"]),
      PropertyDeclaration(
        "outline", .outline,
        role: .geometry,
        summary: "the view the outline was morphed into (none: the kind's own outline)",
        access: [.readable], kinds: ["view", "rect", "ellipse", "polygon", "star", "shape"]),
      // Trees (SPEC §17).
      PropertyDeclaration(
        "clip", .boolean,
        role: .tree,
        summary: "true: the view's descendants are drawn only inside its filled outline",
        access: [.readable, .settable]),
      // The look (SPEC §21.2): how the group picture is composited.
      PropertyDeclaration(
        "opacity", .number, default: PropertyValue(1, 0, 0, 0), role: .compositing,
        summary: "the opacity of the view and its descendants drawn as one picture, 0…1",
        accepted: .unit, drawClamp: .range(0, 1)),
      PropertyDeclaration(
        "blur", .number, role: .compositing,
        summary: "the Gaussian blur of the view's group picture: σ in its own points, 0…250",
        accepted: .within(Composition.sigmaRange), drawClamp: .range(0, Composition.maxSigma)),
      PropertyDeclaration(
        "shadowColor", .color, default: PropertyValue(0, 0, 0, 0), role: .compositing,
        summary: "the drop shadow's colour (transparent: no shadow)"),
      PropertyDeclaration(
        "shadowX", .number, role: .compositing,
        summary: "the drop shadow's offset to the right, in the view's own points",
        appliesWhen: .shadowed),
      PropertyDeclaration(
        "shadowY", .number, default: PropertyValue(4, 0, 0, 0), role: .compositing,
        summary: "the drop shadow's offset downwards, in the view's own points",
        appliesWhen: .shadowed),
      PropertyDeclaration(
        "shadowBlur", .number, default: PropertyValue(4, 0, 0, 0), role: .compositing,
        summary: "the drop shadow's blur: σ in the view's own points, 0…250",
        accepted: .within(Composition.sigmaRange), drawClamp: .range(0, Composition.maxSigma),
        appliesWhen: .shadowed),
      PropertyDeclaration(
        "blend", .choice(BlendMode.allCases.map(\.name)), role: .compositing,
        summary: "how the group picture meets what is below: normal, multiply, screen, …",
        access: [.readable, .settable]),
    ],
    aliases: [
      PropertyAlias(
        "cornerRadius", CornerRadii.names, form: .shared, settable: true, kinds: ["view", "rect"],
        summary:
          "the corner radius, in points: r sets all four corners, (tl, tr, br, bl) each; reads the top-left"
      ),
      PropertyAlias(
        "shadow", ["shadowX", "shadowY", "shadowBlur", "shadowColor"], form: .parts,
        settable: true,
        summary: "the drop shadow as (x, y, blur, colour): sets all four; reads them as a list"),
      PropertyAlias(
        "scale", ["scaleX", "scaleY"], form: .shared,
        settable: true, summary: "sets scaleX and scaleY; reads scaleX"),
      PropertyAlias(
        "position", ["x", "y"], form: .point,
        settable: false, summary: "the centre as a point (x, y)"),
      PropertyAlias(
        "center", ["x", "y"], form: .point,
        settable: false, documented: false, summary: "the centre as a point (x, y), as position"),
      PropertyAlias(
        "size", ["width", "height"], form: .point,
        settable: false, summary: "the size as a point (width, height)"),
      PropertyAlias(
        "anchor", ["anchorX", "anchorY"], form: .point,
        settable: true, summary: "the anchor as a point (anchorX, anchorY); sets both"),
      // A shape's `points` is not a star's (SPEC §23.1): the name means what
      // the view's kind has (`alias(named:for:)`).
      PropertyAlias(
        "points", ["outline"], form: .pointList, settable: true, kinds: ["shape"],
        summary:
          "a shape's points (x, y) in its viewBox, drawn through as a line or a spline; animated point by point"
      ),
    ])
}

extension Property {
  /// Properties the engine, the language's motions and the renderers name
  /// directly; every other consumer goes through the table.
  public static let x = standard("x")
  public static let y = standard("y")
  public static let width = standard("width")
  public static let height = standard("height")
  public static let alpha = standard("alpha")
  public static let rotation = standard("rotation")
  public static let scaleX = standard("scaleX")
  public static let scaleY = standard("scaleY")
  public static let color = standard("color")
  public static let cornerTopLeft = standard("cornerTopLeft")
  public static let cornerTopRight = standard("cornerTopRight")
  public static let cornerBottomRight = standard("cornerBottomRight")
  public static let cornerBottomLeft = standard("cornerBottomLeft")
  public static let anchorX = standard("anchorX")
  public static let anchorY = standard("anchorY")
  public static let stroke = standard("stroke")
  public static let strokeWidth = standard("strokeWidth")
  public static let lineCap = standard("lineCap")
  public static let lineJoin = standard("lineJoin")
  public static let fillRule = standard("fillRule")
  public static let trimStart = standard("trimStart")
  public static let trimEnd = standard("trimEnd")
  public static let trimOffset = standard("trimOffset")
  public static let dash = standard("dash")
  public static let dashOffset = standard("dashOffset")
  public static let sides = standard("sides")
  public static let points = standard("points")
  public static let innerRadius = standard("innerRadius")
  public static let src = standard("src")
  public static let fit = standard("fit")
  public static let text = standard("text")
  public static let font = standard("font")
  public static let weight = standard("weight")
  public static let italic = standard("italic")
  public static let face = standard("face")
  public static let fontSize = standard("size")
  public static let align = standard("align")
  public static let tracking = standard("tracking")
  public static let value = standard("value")
  public static let digits = standard("digits")
  public static let grouping = standard("grouping")
  public static let prefix = standard("prefix")
  public static let suffix = standard("suffix")
  public static let shown = standard("shown")
  public static let scrambleProgress = standard("scrambleProgress")
  public static let scrambleSeed = standard("scrambleSeed")
  public static let outline = standard("outline")
  public static let clip = standard("clip")
  public static let opacity = standard("opacity")
  public static let blur = standard("blur")
  public static let shadowColor = standard("shadowColor")
  public static let shadowX = standard("shadowX")
  public static let shadowY = standard("shadowY")
  public static let shadowBlur = standard("shadowBlur")
  public static let blend = standard("blend")

  private static func standard(_ name: String) -> Property {
    guard let p = PropertyTable.standard.property(named: name) else {
      preconditionFailure("no property '\(name)' in the standard table")
    }
    return p
  }

}
