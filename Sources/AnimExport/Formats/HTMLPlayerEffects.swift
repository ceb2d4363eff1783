import AnimEngine

/// The composition stage's filters and blend modes in the HTML player
/// (SPEC §21.2, §21.6): a composed view's group `g{i}` has CSS `filter:
/// blur(…) drop-shadow(…)` and `mix-blend-mode`, which Chromium draws on
/// SVG groups (a `drop-shadow`'s third length is its σ there, as
/// `blur`'s). The group is in the view's parent's space, so the view's own
/// σ and offset are mapped by its own turn and scale: the offset exactly,
/// the σ by √|scaleX·scaleY| (exact for a view scaled alike along both
/// axes; CSS `blur()` has one σ). Filters that change are written at every
/// recorded frame.
extension HTMLPlayerWriter {
  /// The filter and blend of a composed view's group at the recording's
  /// first frame, as CSS declarations (empty when it has neither).
  static func effectStyle(_ view: RecordedView, recording: StageRecording) -> String {
    var style = ""
    if view.isEverFiltered {
      style += ";filter:\(filterText(view, at: recording.start))"
    }
    if view.isEverBlended {
      style += ";mix-blend-mode:\(view.composition(at: recording.start).blend.cssName)"
    }
    return style
  }

  /// The animations of the group's filter and blend (marked `"e": "g"`):
  /// the filter at every frame when any of its inputs moves, the blend
  /// mode at each change, held.
  static func effectAnimations(of view: RecordedView, recording: StageRecording, span: Double)
    -> [JSONValue]
  {
    var out: [JSONValue] = []
    func offset(_ t: Double) -> Double {
      span > 0 ? min(max((t - recording.start) / span, 0), 1) : 0
    }
    if view.isEverFiltered, !view.filterIsStill {
      let keys = recording.frameTimes.map { t -> JSONValue in
        .array([.number(offset(t)), .string(filterText(view, at: t)), .string("linear")])
      }
      out.append(.object([("p", .string("filter")), ("k", .array(keys)), ("e", .string("g"))]))
    }
    let blends = view.track(.blend).keys
    if view.isEverBlended, blends.count > 1 {
      let keys = blends.map { key -> JSONValue in
        .array([
          .number(offset(key.time)),
          .string(BlendMode(index: key.value[0]).cssName),
          .string("steps(1, jump-end)"),
        ])
      }
      out.append(
        .object([("p", .string("mix-blend-mode")), ("k", .array(keys)), ("e", .string("g"))]))
    }
    return out
  }

  /// `blur(…) drop-shadow(…)` of the view at `t`, in its parent's space
  /// (both functions always, so that keyframes interpolate).
  static func filterText(_ view: RecordedView, at t: Double) -> String {
    let c = view.composition(at: t)
    let m = view.ownLinear(at: t)
    let k = abs(m.a * m.d - m.b * m.c).squareRoot()
    let placed = c.placed(by: m)
    func px(_ v: Double) -> String { JSONValue.format(v.isFinite ? v : 0) + "px" }
    let shadow = c.hasShadow ? c.shadowColor : Color(r: 0, g: 0, b: 0, a: 0)
    let rgba =
      [shadow.r, shadow.g, shadow.b].map { JSONValue.format($0 * 255) } + [
        JSONValue.format(shadow.a)
      ]
    return "blur(\(px(c.blur * k))) drop-shadow(\(px(placed.shadowDX)) \(px(placed.shadowDY)) "
      + "\(px(c.hasShadow ? c.shadowBlur * k : 0)) rgba(\(rgba.joined(separator: ","))))"
  }
}
