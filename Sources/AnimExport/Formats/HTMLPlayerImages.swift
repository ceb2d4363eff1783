import AnimEngine

/// Image views in the HTML player (SPEC §21.4): the view's element
/// is a group `v{i}` (its transform, stroke and trim channels, inherited)
/// holding the picture, an `<image id="m{i}">` with the file as a `data:`
/// URI stretched onto the rectangle its `fit` places it on (Chromium draws
/// an SVG file's own aspect inside `preserveAspectRatio="slice"`), clipped
/// to the box (`clipPath` `k{i}` of the rectangle `r{i}`), and the box's
/// stroke, a `<path id="s{i}">`. The picture's opacity is the view's alpha
/// (`fill-opacity` does not reach an image); its geometry follows the box,
/// sampled at every frame when the size, anchor or fit moves.
extension HTMLPlayerWriter {
  /// The group of an image view, `initial` its channels' first values.
  static func imageElement(
    _ view: RecordedView, _ i: Int, initial: String, marked: String, recording: StageRecording
  ) -> String {
    let path = pathAttributes(view, shapeChannels(view, PlayerChannel.of(view)))
    let (box, picture) = imageBoxes(view, at: recording.start)
    var out = "<g id=\"v\(i)\"\(marked) style=\"\(initial)\(path.style)\">"
    out += "<clipPath id=\"k\(i)\"><rect id=\"r\(i)\" style=\"\(geometry(box))\"></rect></clipPath>"
    out += "<image id=\"m\(i)\" clip-path=\"url(#k\(i))\" preserveAspectRatio=\"none\" style=\""
    out += geometry(picture) + "opacity:\(JSONValue.format(alpha(view, at: recording.start)))\""
    if let image = view.image { out += " href=\"\(image.dataURI)\"" }
    out += "></image>"
    out += "<path id=\"s\(i)\" \(path.attributes) style=\"fill:none\"></path></g>\n"
    return out
  }

  /// The animations of an image view's picture and stroke path, from its
  /// shape animations (`animations`): `d` moved to the stroke's path, the
  /// picture's box and opacity added.
  static func imageAnimations(
    _ view: RecordedView, _ animations: [JSONValue], recording: StageRecording, span: Double
  ) -> [JSONValue] {
    var out: [JSONValue] = animations.map { animation in
      guard case .object(let members) = animation,
        members.contains(where: {
          if $0.0 == "p", case .string("d") = $0.1 { return true }
          return false
        })
      else { return animation }
      return .object(members + [("e", .string("s"))])
    }
    let boxMoves = [Property.width, .height, .anchorX, .anchorY, .fit].contains {
      !view.track($0).isStatic
    }
    let times = SampledShapes.frameTimes(recording)
    func offset(_ t: Double) -> Double {
      span > 0 ? min(max((t - recording.start) / span, 0), 1) : 0
    }
    if boxMoves {
      let boxes = times.map { imageBoxes(view, at: $0) }
      for (element, pick) in [("r", 0), ("m", 1)] {
        for (lane, css) in ["x", "y", "width", "height"].enumerated() {
          let keys = zip(times, boxes).map { t, both in
            JSONValue.array([
              .number(offset(t)), .string(px((pick == 0 ? both.box : both.picture)[lane])),
              .string("linear"),
            ])
          }
          out.append(
            .object([("p", .string(css)), ("k", .array(keys)), ("e", .string(element))]))
        }
      }
    }
    if !view.track(.alpha).isStatic {
      let keys = times.map { t in
        JSONValue.array([
          .number(offset(t)), .string(JSONValue.format(alpha(view, at: t))), .string("linear"),
        ])
      }
      out.append(.object([("p", .string("opacity")), ("k", .array(keys)), ("e", .string("m"))]))
    }
    return out
  }

  /// The box in the element's space at `t`, its anchor point at the
  /// origin, and the rectangle the picture is stretched onto: each x, y,
  /// width, height (the picture's 0 × 0 when nothing is drawn).
  private static func imageBoxes(_ view: RecordedView, at t: Double) -> (
    box: [Double], picture: [Double]
  ) {
    let w = abs(view.track(.width).value(at: t)[0])
    let h = abs(view.track(.height).value(at: t)[0])
    let x0 = -view.track(.anchorX).value(at: t)[0] * w
    let y0 = -view.track(.anchorY).value(at: t)[0] * h
    let fit = ImageFit(stored: view.track(.fit).value(at: t)[0])
    let box = [x0, y0, w, h]
    guard let image = view.image,
      let placed = fit.placement(
        imageWidth: image.width, imageHeight: image.height, width: w, height: h)
    else { return (box, [x0, y0, 0, 0]) }
    return (box, [x0 + placed.x, y0 + placed.y, placed.width, placed.height])
  }

  /// x, y, width and height as CSS declarations.
  private static func geometry(_ r: [Double]) -> String {
    "x:\(px(r[0]));y:\(px(r[1]));width:\(px(r[2]));height:\(px(r[3]));"
  }

  /// The view's alpha at `t`, clamped as anim draws it.
  private static func alpha(_ view: RecordedView, at t: Double) -> Double {
    min(max(view.track(.alpha).value(at: t)[0], 0), 1)
  }

  private static func px(_ v: Double) -> String { JSONValue.format(v) + "px" }
}
