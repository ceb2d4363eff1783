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
    let channel = PlayerShapeChannel.of(kind: view.kind, path: nil, alphaInStroke: true)
      .first { $0.css == "stroke-dashoffset" }
    guard let channel else { return 0 }
    return channel.value(channel.inputs.map { view.track($0).keys.first?.value ?? .zero })
      .numbers[0]
  }

  /// The outline of a view drawn as a path, about its anchor point, when it
  /// has several subpaths, is trimmed at some time and does not change
  /// (its `d` is not animated); else nil. An outline that changes keeps one
  /// path, whose trim browsers draw per subpath (docs/export.md).
  static func contourOutline(_ view: RecordedView) -> Outline? {
    guard trims(view), !SampledShapes.isMorphed(view) else { return nil }
    let channels = PlayerShapeChannel.of(kind: view.kind, path: view.path, alphaInStroke: true)
    let d = channels[0]
    let inputs = d.inputs.map { view.track($0).keys }
    let first = inputs.map { $0.first?.value ?? .zero }
    guard inputs.allSatisfy({ keys in keys.allSatisfy { $0.value == keys[0].value } }) else {
      return nil
    }
    let outline = PlayerShapeChannel.outline(
      kind: view.kind, path: view.path, geometry: d.inputs, values: first)
    return outline.subpaths.count > 1 ? outline : nil
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

  /// Each distinct drawing of a text view (SPEC §18) as the `<path>`s that
  /// draw it: its glyphs placed about the anchor point, with miter limit 4.
  /// The stroke, its trim and their animations are the text's group's
  /// (``PlayerShapeChannel``s but `d`), which the paths inherit; a text
  /// whose trim shows at some time is drawn as `contourPaths`.
  static func textPaths(_ view: RecordedView) -> [String] {
    let ax = view.track(.anchorX).keys.first?.value[0] ?? 0.5
    let ay = view.track(.anchorY).keys.first?.value[0] ?? 0.5
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
}
