import AnimEngine

/// Gradient paints in the HTML player (SPEC §21.1): each distinct gradient
/// a view shows is an SVG `<linearGradient>` or `<radialGradient>` in the
/// element's own space (the box's unit coordinates scaled to the box, the
/// anchor point at the origin, as the path is placed), with stops that the
/// browser's straight-alpha blend draws as anim's premultiplied one
/// (``PaintSamples``). The element's `fill` or `stroke` is `url(#…)`,
/// switched at the frames where the gradient changes (held between).
extension HTMLPlayerWriter {
  /// A view's gradient paint: the definitions, the paint at the first
  /// frame and, when it changes, a track whose lane 0 is the index of the
  /// definition in force (held from keyframe to keyframe).
  struct GradientPaint {
    var definitions: String
    var first: String
    var changes: PropertyTrack?
    let prefix: String

    func paint(_ index: Double) -> String { "url(#\(prefix)\(Int(index)))" }
  }

  /// The gradient paint of `property` (`color` or `stroke`) of `view`, or
  /// nil when it never holds a gradient. Its ids are named for the view's
  /// id, so the element and its animations agree.
  static func gradientPaint(
    _ view: RecordedView, _ property: Property, recording: StageRecording
  ) -> GradientPaint? {
    let times = SampledShapes.frameTimes(recording)
    guard let samples = PaintSamples(view.track(property), times: times) else { return nil }
    let prefix = "p\(view.id)\(property == .stroke ? "s" : "f")"
    var indices: [String: Int] = [:]
    var definitions = ""
    var keys = KeyframeList()
    for (t, frame) in zip(times, samples.frames) {
      let width = abs(view.track(.width).value(at: t)[0])
      let height = abs(view.track(.height).value(at: t)[0])
      let ox = -view.track(.anchorX).value(at: t)[0] * width
      let oy = -view.track(.anchorY).value(at: t)[0] * height
      let w = width > 0 ? width : 1
      let h = height > 0 ? height : 1
      var body: String
      let element: String
      switch frame.geometry {
      case .linear(let from, let to):
        element = "linearGradient"
        body = "x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" "
        body += "x2=\"\(number(to.x))\" y2=\"\(number(to.y))\""
      case .radial(let center, let radius, let focal):
        element = "radialGradient"
        body = "cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\""
        if focal != center {
          // As the SVG export writes it: the point anim draws.
          let f = Gradient.drawnFocal(center: center, radius: radius, focal: focal)
          body += " fx=\"\(number(f.x))\" fy=\"\(number(f.y))\""
        }
      }
      body += " gradientUnits=\"userSpaceOnUse\" gradientTransform=\"matrix("
      body += "\(number(w)) 0 0 \(number(h)) \(number(ox)) \(number(oy)))\">"
      for stop in frame.stops {
        body += "<stop offset=\"\(number(stop.offset))\" stop-color=\"\(hex(stop.color))\""
        if stop.color.a < 1 { body += " stop-opacity=\"\(number(stop.color.a))\"" }
        body += "/>"
      }
      body += "</\(element)>"
      let key = element + body
      let index: Int
      if let known = indices[key] {
        index = known
      } else {
        index = indices.count
        indices[key] = index
        definitions += "<\(element) id=\"\(prefix)\(index)\" \(body)"
      }
      if keys.last.map({ Int($0.value[0]) != index }) ?? true {
        keys.append(Keyframe(time: t, value: PropertyValue(Double(index), 0, 0, 0), out: .hold))
      }
    }
    let changes =
      keys.count > 1 ? PropertyTrack(property: property, keys: keys) : nil
    return GradientPaint(
      definitions: "<defs>\(definitions)</defs>", first: "url(#\(prefix)0)", changes: changes,
      prefix: prefix)
  }

  /// The animation switching a gradient paint's `css` (`fill`, `stroke`).
  static func gradientAnimation(
    _ paint: GradientPaint, css: String, recording: StageRecording, span: Double
  ) -> JSONValue? {
    guard let changes = paint.changes else { return nil }
    let keys = keyframes(changes, lanes: [0], start: recording.start, span: span) {
      paint.paint($0[0])
    }
    return .object([("p", .string(css)), ("k", .array(keys))])
  }

  private static func number(_ v: Double) -> String { JSONValue.format(v) }

  private static func hex(_ c: Color) -> String {
    func byte(_ v: Double) -> String {
      let n = Int((min(max(v, 0), 1) * 255).rounded())
      let digits = Array("0123456789abcdef")
      return String([digits[n / 16], digits[n % 16]])
    }
    return "#" + byte(c.r) + byte(c.g) + byte(c.b)
  }
}
