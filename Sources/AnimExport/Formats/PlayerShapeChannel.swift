import AnimEngine

/// A value of a ``PlayerShapeChannel``: its numbers (what the browser
/// interpolates) and its form (what must match for it to interpolate: the
/// path's commands, `none` against a dash list, a keyword).
struct ShapeValue: Equatable {
  var form: String
  var numbers: [Double]
}

/// One CSS property of a view drawn as a `<path>` (SPEC §16) that is not one
/// recorded lane's value but a function of several properties: the outline's
/// path data (`d`), the trim as a dash pattern, the stroke's width, colour,
/// opacity, cap and join. The table of what the player draws of a shape
/// beside ``PlayerChannel``'s position, rotation, scale and fill.
///
/// Each is followed over time by ``DerivedKeyframes``: wherever one input
/// moves along an exact curve and the value is affine in it (the outline
/// points in the width, the dash in `trimEnd`), the input's own keyframes
/// and easing; elsewhere the value at every frame. The outline is a value
/// like any other here, so an outline that changes over time by itself (a
/// morph's path keyframes) is one more input of `d`.
struct PlayerShapeChannel {
  /// The CSS property.
  let css: String
  /// The recorded properties it is made of, in the order `value` takes them.
  let inputs: [Property]
  /// The value for the inputs' values.
  let value: ([PropertyValue]) -> ShapeValue
  /// The CSS text of a value.
  let text: (ShapeValue) -> String
  /// Whether the value is a colour (red, green, blue, alpha), which a
  /// browser interpolates premultiplied where anim blends each channel
  /// straight: the two agree unless red, green or blue change with alpha.
  var isColour = false

  /// The channels of a view of `kind` (a `shape` reads `path`) drawn as a
  /// path, its anchor point at the element's origin. `alphaInStroke`: the
  /// view's alpha is its stroke's opacity too (false when the element's
  /// `opacity` carries it; see ``PlayerChannel``).
  /// `dashed`: the view's stroke is dashed at some time (SPEC §21.3), and
  /// the trim's channels are ``dashed(kind:path:geometry:alphaInStroke:)``.
  static func of(kind: ViewKind, path: ShapePath?, alphaInStroke: Bool, dashed: Bool = false)
    -> [PlayerShapeChannel]
  {
    // The outline's inputs, placed by the anchor; a morph's outline is
    // sampled at every frame apart (`HTMLPlayerWriter.pathAnimation`).
    let geometry: [Property] =
      [.anchorX, .anchorY] + SampledShapes.recordedInputs(of: kind).filter { $0 != .outline }
    let all = undashed(kind: kind, path: path, alphaInStroke: alphaInStroke, geometry: geometry)
    guard dashed else { return all }
    let trims = Self.dashed(
      kind: kind, path: path, geometry: geometry, alphaInStroke: alphaInStroke)
    return all.map { channel in trims.first { $0.css == channel.css } ?? channel }
  }

  private static func undashed(
    kind: ViewKind, path: ShapePath?, alphaInStroke: Bool, geometry: [Property]
  ) -> [PlayerShapeChannel] {
    [
      PlayerShapeChannel(
        css: "d", inputs: geometry,
        value: { values in
          let outline = Self.outline(kind: kind, path: path, geometry: geometry, values: values)
          var form = ""
          var numbers: [Double] = []
          for subpath in outline.subpaths {
            form += "M"
            numbers += [subpath.start.x, subpath.start.y]
            for s in subpath.segments {
              form += "C"
              numbers += [s.control1.x, s.control1.y, s.control2.x, s.control2.y, s.end.x, s.end.y]
            }
            if subpath.isClosed { form += "Z" }
          }
          return ShapeValue(form: form, numbers: numbers)
        },
        text: { "path(\"\(pathData($0))\")" }),
      // The stroked piece as one dash of a pattern (the element's
      // pathLength is 1): SPEC §16.3's clamp, swap and wrap-around. With an
      // offset the period is the whole outline, so a piece past the end
      // continues from the start. Without one the piece lies within the
      // outline and its gap is a whole outline long, so no neighbouring
      // dash touches either end: a dash ending exactly at the start (a
      // piece reaching the end) or starting exactly at the end (one from
      // the start) would be drawn by the browser as a round cap's dot (an
      // empty piece draws nothing: its stroke-opacity is 0, below). The
      // whole outline is stroked undashed, joined at its start as anim
      // strokes it.
      PlayerShapeChannel(
        css: "stroke-dasharray", inputs: [.trimStart, .trimEnd, .trimOffset],
        value: { values in
          let length = Self.trimLength(values[0][0], values[1][0])
          if length >= 1 { return ShapeValue(form: "none", numbers: []) }
          return ShapeValue(
            form: "dash", numbers: [length, values[2][0] == 0 ? 1 : 1 - length])
        },
        text: {
          $0.form == "none" ? "none" : $0.numbers.map(JSONValue.format).joined(separator: " ")
        }),
      PlayerShapeChannel(
        css: "stroke-dashoffset", inputs: [.trimStart, .trimEnd, .trimOffset],
        value: { values in
          let s = min(max(values[0][0], 0), 1)
          let e = min(max(values[1][0], 0), 1)
          return ShapeValue(form: "", numbers: [-(min(s, e) + values[2][0])])
        },
        text: { JSONValue.format($0.numbers[0]) }),
      strokeWidth(path: path),
      // The view's alpha (unless the element's opacity carries it), and 0
      // for a zero-length piece, which draws nothing, caps included (SPEC
      // §16.3), where SVG would draw a round cap's dot.
      PlayerShapeChannel(
        css: "stroke-opacity", inputs: [.alpha, .trimStart, .trimEnd],
        value: { values in
          let visible = Self.trimLength(values[1][0], values[2][0]) > 0
          let alpha = alphaInStroke ? values[0][0] : 1
          return ShapeValue(form: "", numbers: [visible ? alpha : 0])
        },
        text: { JSONValue.format($0.numbers[0]) }),
      PlayerShapeChannel(
        css: "stroke", inputs: [.stroke],
        value: { ShapeValue(form: "", numbers: [$0[0][0], $0[0][1], $0[0][2], $0[0][3]]) },
        text: {
          let n = $0.numbers
          return "rgb(\(byte(n[0])) \(byte(n[1])) \(byte(n[2])) / \(JSONValue.format(n[3])))"
        }, isColour: true),
      PlayerShapeChannel(
        css: "stroke-linecap", inputs: [.lineCap],
        value: {
          ShapeValue(form: choice(LineCap.allCases.map(\.rawValue), $0[0][0]), numbers: [])
        },
        text: { $0.form }),
      PlayerShapeChannel(
        css: "stroke-linejoin", inputs: [.lineJoin],
        value: {
          ShapeValue(form: choice(LineJoin.allCases.map(\.rawValue), $0[0][0]), numbers: [])
        },
        text: { $0.form }),
    ]
  }

  /// The stroke's width in the element's box points: a shape's
  /// `strokeWidth` is in its viewBox's units (SPEC §21.3), so it is times
  /// the viewBox scale for the box's size at each time.
  static func strokeWidth(path: ShapePath?) -> PlayerShapeChannel {
    guard let path else {
      return PlayerShapeChannel(
        css: "stroke-width", inputs: [.strokeWidth],
        value: { ShapeValue(form: "", numbers: [max($0[0][0], 0)]) },
        text: { JSONValue.format($0.numbers[0]) })
    }
    return PlayerShapeChannel(
      css: "stroke-width", inputs: [.strokeWidth, .width, .height],
      value: { values in
        let f = path.strokeScale(width: values[1][0], height: values[2][0])
        return ShapeValue(form: "", numbers: [max(values[0][0], 0) * f])
      },
      text: { JSONValue.format($0.numbers[0]) })
  }

  /// A shape's `fill-rule` (SPEC §21.3), for a view filled even-odd at some
  /// time (every other path keeps SVG's default, nonzero, unwritten).
  static var fillRule: PlayerShapeChannel {
    PlayerShapeChannel(
      css: "fill-rule", inputs: [.fillRule],
      value: {
        ShapeValue(form: choice(FillRule.allCases.map(\.rawValue), $0[0][0]), numbers: [])
      },
      text: { $0.form })
  }

  /// The CSS `translate` of the group that holds a view's children in the
  /// HTML player (SPEC §17): the box's top-left corner moved onto the view's
  /// origin, its anchor point, (−anchorX·|w|, −anchorY·|h|), so a child's
  /// x, y are in the parent's box as the anchor and size move.
  static var boxCorner: PlayerShapeChannel {
    PlayerShapeChannel(
      css: "translate", inputs: [.width, .height, .anchorX, .anchorY],
      value: { values in
        ShapeValue(
          form: "",
          numbers: [-values[2][0] * abs(values[0][0]), -values[3][0] * abs(values[1][0])])
      },
      text: { JSONValue.format($0.numbers[0]) + "px " + JSONValue.format($0.numbers[1]) + "px" })
  }

  /// The stroked fraction of the outline: |e − s| with both clamped to 0…1.
  static func trimLength(_ start: Double, _ end: Double) -> Double {
    abs(min(max(end, 0), 1) - min(max(start, 0), 1))
  }

  /// The outline of the view for the values of `geometry`, moved so that its
  /// anchor point is at the origin.
  static func outline(
    kind: ViewKind, path: ShapePath?, geometry: [Property], values: [PropertyValue]
  ) -> Outline {
    var state = ViewState()
    for (p, v) in zip(geometry, values) { state[value: p] = v }
    let ax = state[.anchorX] * abs(state[.width])
    let ay = state[.anchorY] * abs(state[.height])
    return kind.outline.outline(of: state, path: path).mapped { OutlinePoint($0.x - ax, $0.y - ay) }
  }

  /// SVG path data of a `d` value: the numbers written as the outline's own
  /// text writes them (``Outline/pathNumber(_:)``).
  static func pathData(_ value: ShapeValue) -> String {
    var text = ""
    var i = 0
    func take(_ n: Int) {
      for k in 0..<n {
        if k > 0 { text += " " }
        text += Outline.pathNumber(value.numbers[i])
        i += 1
      }
    }
    for c in value.form {
      if !text.isEmpty { text += " " }
      text.append(c)
      switch c {
      case "M": take(2)
      case "C": take(6)
      default: break
      }
    }
    return text
  }

  private static func choice(_ names: [String], _ v: Double) -> String {
    names[min(max(Int(v), 0), names.count - 1)]
  }

  private static func byte(_ v: Double) -> String {
    JSONValue.format((min(max(v, 0), 1) * 255 * 1000).rounded() / 1000)
  }
}
