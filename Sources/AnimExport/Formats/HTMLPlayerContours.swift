import AnimEngine

/// Outlines of several subpaths whose stroke is trimmed, in the HTML player.
///
/// SPEC §16.3 trims an outline as one line, subpath after subpath (a
/// text's contours glyph after glyph, §18), where browsers start a dash
/// pattern again at each subpath: one dash of period 1 over a path of
/// several subpaths would draw a piece of each. So such an outline is drawn
/// as one path for its fill and one path per subpath for its stroke, each
/// with its share of the whole length as its `pathLength` and where it
/// starts along the whole (the lengths of the subpaths before it) as its
/// `data-at`; the page's script adds that to the animated
/// `stroke-dashoffset` for each, so the one dash runs over the subpaths in
/// order. The element is a group that carries the view's transforms, fill
/// and stroke, which the paths inherit.
extension HTMLPlayerWriter {
  /// Whether a view's trim shows at some time of the recording.
  static func trims(_ view: RecordedView) -> Bool {
    view.track(.trimStart).keys.contains { min(max($0.value[0], 0), 1) > 0 }
      || view.track(.trimEnd).keys.contains { min(max($0.value[0], 0), 1) < 1 }
  }

  /// The `stroke-dashoffset` at the recording's first frame.
  static func firstDashOffset(_ view: RecordedView) -> Double {
    let channel = PlayerShapeChannel.of(
      kind: view.kind, path: view.path, alphaInStroke: true, dashed: isDashed(view)
    )
    .first { $0.css == "stroke-dashoffset" }
    guard let channel else { return 0 }
    return channel.value(channel.inputs.map { view.track($0).keys.first?.value ?? .zero })
      .numbers[0]
  }

  /// The outline of a view drawn as a path, about its anchor point at the
  /// first frame, when it has several subpaths and is trimmed at some time;
  /// else nil. `moves` tells whether it changes over time (its `d` is
  /// animated), for which see `movingContours`.
  static func contourOutline(_ view: RecordedView) -> (outline: Outline, moves: Bool)? {
    guard trims(view), !SampledShapes.isMorphed(view) else { return nil }
    let channels = PlayerShapeChannel.of(kind: view.kind, path: view.path, alphaInStroke: true)
    let d = channels[0]
    let inputs = d.inputs.map { view.track($0).keys }
    let first = inputs.map { $0.first?.value ?? .zero }
    let moves = !inputs.allSatisfy { keys in keys.allSatisfy { $0.value == keys[0].value } }
    let outline = PlayerShapeChannel.outline(
      kind: view.kind, path: view.path, geometry: d.inputs, values: first)
    return outline.subpaths.count > 1 ? (outline, moves) : nil
  }

  /// The paths of a trimmed outline of several subpaths that changes over
  /// time (its size, corner or anchor animated): its fill (id `f` + the
  /// view's index), then each subpath's stroke (id `s` + subpath + `_` +
  /// the view's index), each of `pathLength` 1, with the `d`, dash and dash
  /// offset of the first frame; `movingContourAnimations` moves them.
  ///
  /// A subpath's share of the whole length changes with the outline, and
  /// `pathLength` does not animate: so each subpath's dash pattern is the
  /// whole outline's (one dash, period 1) divided by its share, and its
  /// offset the whole's plus where it starts, divided by its share, sampled
  /// at every frame as its `d` is.
  static func movingContourPaths(_ view: RecordedView, _ i: Int, recording: StageRecording)
    -> String
  {
    guard let frames = contourFrames(view, at: [recording.start]), let first = frames.first
    else { return "" }
    var out = "<path id=\"f\(i)\" d=\"\(first.fill)\" style=\"stroke:none\"></path>"
    for (j, subpath) in first.subpaths.enumerated() {
      out += "<path id=\"s\(j)_\(i)\" d=\"\(subpath.d)\" pathLength=\"1\" stroke-miterlimit=\"4\" "
      out += "style=\"fill:none;stroke-dasharray:\(subpath.dash);"
      out += "stroke-dashoffset:\(subpath.offset)\"></path>"
    }
    return out
  }

  /// The animations of `movingContourPaths`, each marked with the element
  /// it moves (`"e"`): the fill's `d`, and each subpath's `d`, dash and
  /// dash offset, a keyframe at every frame, linear in between.
  static func movingContourAnimations(
    _ view: RecordedView, recording: StageRecording, span: Double
  ) -> [JSONValue] {
    let times = SampledShapes.frameTimes(recording)
    guard let frames = contourFrames(view, at: times), let first = frames.first else {
      return []
    }
    func animation(_ css: String, _ element: String, _ values: [String]) -> JSONValue {
      var keys: [JSONValue] = []
      for (k, value) in values.enumerated() {
        // Inside a run of equal frames only its ends are needed.
        if k > 0 && k + 1 < values.count && values[k - 1] == value && values[k + 1] == value {
          continue
        }
        let offset = span > 0 ? min(max((times[k] - recording.start) / span, 0), 1) : 0
        keys.append(.array([.number(offset), .string(value), .string("linear")]))
      }
      if let last = values.last, times.count == 1 || (times.last! - recording.start) < span {
        keys.append(.array([.number(1), .string(last), .string("linear")]))
      }
      return .object([("p", .string(css)), ("k", .array(keys)), ("e", .string(element))])
    }
    var out = [animation("d", "f", frames.map { "path(\"\($0.fill)\")" })]
    for j in first.subpaths.indices {
      let element = "s\(j)_"
      out.append(animation("d", element, frames.map { "path(\"\($0.subpaths[j].d)\")" }))
      out.append(animation("stroke-dasharray", element, frames.map { $0.subpaths[j].dash }))
      out.append(animation("stroke-dashoffset", element, frames.map { $0.subpaths[j].offset }))
    }
    return out
  }

  /// The outline anim draws at each of `times` about its anchor point,
  /// every frame with the same commands, as the fill's path data and each
  /// subpath's path data, dash and dash offset (see `movingContourPaths`).
  /// A subpath of no length strokes nothing (SPEC §16.3): its dash is 0
  /// and lies past its end.
  private static func contourFrames(_ view: RecordedView, at times: [Double]) -> [(
    fill: String, subpaths: [(d: String, dash: String, offset: String)]
  )]? {
    guard
      let outlines = SampledShapes.equalized(
        view, at: times,
        place: { w, h, ax, ay in { OutlinePoint($0.x - ax * w, $0.y - ay * h) } })
    else { return nil }
    let channels = PlayerShapeChannel.of(kind: view.kind, path: nil, alphaInStroke: true)
    guard let dash = channels.first(where: { $0.css == "stroke-dasharray" }),
      let offset = channels.first(where: { $0.css == "stroke-dashoffset" })
    else { return nil }
    return zip(times, outlines).map { t, outline in
      let pattern = dash.value(dash.inputs.map { view.track($0).value(at: t) })
      let start = offset.value(offset.inputs.map { view.track($0).value(at: t) }).numbers[0]
      let measured = MeasuredOutline(outline)
      var at = 0.0
      var subpaths: [(d: String, dash: String, offset: String)] = []
      for (subpath, lengths) in zip(outline.subpaths, measured.lengths) {
        let share = measured.length > 0 ? lengths.reduce(0, +) / measured.length : 0
        let d = Outline([subpath]).svgPathData
        if share <= 0 {
          subpaths.append((d, "0 3", "-1.5"))
        } else if pattern.form == "none" {
          subpaths.append((d, "none", "0"))
        } else {
          let numbers = pattern.numbers.map { JSONValue.format($0 / share) }
          subpaths.append(
            (d, numbers.joined(separator: " "), JSONValue.format((start + at) / share)))
        }
        at += share
      }
      return (outline.svgPathData, subpaths)
    }
  }

  /// The paths of an outline of several subpaths: its fill, then each
  /// subpath's stroke (see the extension's notes); `offset` is the
  /// `stroke-dashoffset` at the first frame. A subpath of no length strokes
  /// nothing, caps included (SPEC §16.3).
  static func contourPaths(_ outline: Outline, offset: Double) -> String {
    // The fill is the whole outline's (a subpath filled alone would fill a
    // letter's counters); the subpaths only stroke.
    let measured = MeasuredOutline(outline)
    var out = "<path d=\"\(outline.svgPathData)\" style=\"stroke:none\"></path>"
    var at = 0.0
    for (subpath, lengths) in zip(outline.subpaths, measured.lengths) {
      let share = measured.length > 0 ? lengths.reduce(0, +) / measured.length : 0
      if share > 0 {
        out += "<path d=\"\(Outline([subpath]).svgPathData)\" "
        out += "pathLength=\"\(JSONValue.format(share))\" data-at=\"\(JSONValue.format(at))\" "
        out += "stroke-miterlimit=\"4\" "
        out += "style=\"fill:none;stroke-dashoffset:\(JSONValue.format(offset + at))\"></path>"
      }
      at += share
    }
    return out
  }

  /// Whether a text's anchor moves during the recording: then its glyphs
  /// are placed from its box's top-left corner, in a group (`a{i}`, or its
  /// clip's path `c{i}`) whose `translate` moves that corner as the
  /// anchor and the box move (``PlayerShapeChannel/boxCorner``).
  static func anchorMoves(_ view: RecordedView) -> Bool {
    !view.track(.anchorX).isStatic || !view.track(.anchorY).isStatic
  }

  /// The style `translate` of the group that moves a text's box corner
  /// (``anchorMoves(_:)``) at the recording's first frame.
  static func firstBoxCorner(_ view: RecordedView) -> String {
    let corner = PlayerShapeChannel.boxCorner
    let value = corner.value(corner.inputs.map { view.track($0).keys.first?.value ?? .zero })
    return "translate:\(corner.text(value))"
  }

  /// The anchor a text's glyphs are placed about: its first, or (0, 0)
  /// when it moves (``anchorMoves(_:)``).
  static func placingAnchor(_ view: RecordedView) -> (x: Double, y: Double) {
    if anchorMoves(view) { return (0, 0) }
    return (
      view.track(.anchorX).keys.first?.value[0] ?? 0.5,
      view.track(.anchorY).keys.first?.value[0] ?? 0.5
    )
  }

  /// Each distinct drawing of a text view (SPEC §18) as the `<path>`s that
  /// draw it: its glyphs placed about the anchor point (``placingAnchor``),
  /// with miter limit 4. The stroke, its trim and their animations are the
  /// text's group's (``PlayerShapeChannel``s but `d`), which the paths
  /// inherit; a text whose trim shows at some time is drawn as
  /// `contourPaths`.
  static func textPaths(_ view: RecordedView) -> [String] {
    let (ax, ay) = placingAnchor(view)
    let trimmed = trims(view)
    let offset = firstDashOffset(view)
    return textDrawings(view).drawings.map { drawing in
      let box = (try? drawing.box()) ?? (width: 0, height: 0)
      let outline = drawing.outline().mapped {
        OutlinePoint($0.x - ax * abs(box.width), $0.y - ay * abs(box.height))
      }
      guard trimmed else {
        return "<path d=\"\(outline.svgPathData)\" stroke-miterlimit=\"4\"></path>"
      }
      return contourPaths(outline, offset: offset)
    }
  }

  /// A text's glyphs as symbols `v{i}g{k}`, each written once (SPEC §23.3),
  /// in their letters' boxes, with miter limit 4; the text's group gives
  /// them its fill, stroke and their animations, as `<use>` passes them on.
  static func glyphSymbols(_ glyphs: TextGlyphs, _ i: Int) -> String {
    var out = "<defs>"
    for (k, glyph) in glyphs.glyphs.enumerated() {
      out += "<symbol id=\"v\(i)g\(k)\" overflow=\"visible\">"
      out += "<path d=\"\(glyph.svgPathData)\" stroke-miterlimit=\"4\"></path></symbol>"
    }
    return out + "</defs>"
  }

  /// Each drawing of a text as the `<use>`s of its glyphs, placed about
  /// the anchor point as ``textPaths(_:)`` places them.
  static func glyphUses(_ glyphs: TextGlyphs, _ view: RecordedView, _ i: Int) -> [String] {
    let (ax, ay) = placingAnchor(view)
    return zip(glyphs.drawings, glyphs.placements).map { drawing, placements in
      let box = (try? drawing.box()) ?? (width: 0, height: 0)
      var out = ""
      for placed in placements {
        let x = Outline.pathNumber(placed.x - ax * abs(box.width))
        let y = Outline.pathNumber(placed.y - ay * abs(box.height))
        out += "<use href=\"#v\(i)g\(placed.glyph)\" x=\"\(x)\" y=\"\(y)\"></use>"
      }
      return out
    }
  }
}
