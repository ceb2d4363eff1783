import AnimEngine

/// A stroke's dashes in Lottie (SPEC §21.3): the stroke's `d`, its dashes
/// and gaps (`n` "d" and "g") and its offset ("o"), in pixels as the
/// stroke's width is. Lottie's players trim the path first and dash what
/// is left, as anim does (lottie-web: the trim is a path modifier; pinned
/// for ThorVG by tests/checkers/test_dashes.py).
extension LottieWriter {
  /// The `d` member of a view's stroke, or nil for a solid stroke. The
  /// pattern is the first frame's (a `dash` set later in the animation is
  /// not followed: ``dashWarnings(_:)`` says so); the offset is animated.
  static func dashMember(_ view: RecordedView, ctx: Context, scale k: Double) -> (
    String, JSONValue
  )? {
    guard let pattern = Self.dashPattern(view) else { return nil }
    // A shape's pattern is in its viewBox's units (SPEC §21.3), at the
    // first frame's scale.
    let f =
      view.path?.strokeScale(
        width: view.track(.width).keys[0].value[0], height: view.track(.height).keys[0].value[0])
      ?? 1
    func fixed(_ v: Double) -> JSONValue { .object([("a", .integer(0)), ("k", .number(v))]) }
    var entries: [JSONValue] = []
    for (i, length) in pattern.lengths.enumerated() {
      let isDash = i % 2 == 0
      // Named as After Effects names them: dash, gap, dash2, gap2, … —
      // lottie-web draws nothing at all of a file whose stroke has two
      // entries of one name (checked by hand in Chromium, lottie-web 5.13).
      let pair = i / 2 == 0 ? "" : String(i / 2 + 1)
      entries.append(
        .object([
          ("n", .string(isDash ? "d" : "g")), ("nm", .string((isDash ? "dash" : "gap") + pair)),
          ("v", fixed(length * k * f)),
        ]))
    }
    entries.append(
      .object([
        ("n", .string("o")), ("nm", .string("offset")),
        (
          "v",
          ctx.property(
            [LottieTrack(view.track(.dashOffset), lane: 0) { $0 * k * f }], vector: false)
        ),
      ]))
    return ("d", .array(entries))
  }

  /// The view's dash pattern at its first frame, when it is one Lottie is
  /// given: nil for a solid stroke, and for a pattern so fine that anim
  /// draws the stroke solid (judged on the box's perimeter: Lottie's
  /// players measure the path themselves).
  static func dashPattern(_ view: RecordedView) -> DashPattern? {
    guard let first = view.track(.dash).keys.first,
      let pattern = DashPatterns.pattern(first.value[0])
    else { return nil }
    let w = abs(view.track(.width).keys[0].value[0])
    let h = abs(view.track(.height).keys[0].value[0])
    let f = view.path?.strokeScale(width: w, height: h) ?? 1
    return pattern.draws(along: 2 * (w + h) / (f > 0 ? f : 1)) ? pattern : nil
  }

  /// What the Lottie export cannot draw of dashes as anim does, one
  /// sentence each: a pattern set to another during the animation (Lottie
  /// keeps the first).
  public static func dashWarnings(_ recording: StageRecording) -> [String] {
    recording.views.compactMap { view in
      let keys = view.track(.dash).keys
      guard keys.contains(where: { $0.value[0] != keys[0].value[0] }) else { return nil }
      return
        "\(view.name).dash: a dash pattern set during the animation is not followed in Lottie (the first one is kept; dashOffset is animated)"
    }
  }
}
