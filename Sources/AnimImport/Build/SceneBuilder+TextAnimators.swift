import AnimEngine

/// Text animators (`t.a`) as ThorVG draws them (`updateTextRange`): each
/// character a view of its own glyph, its selector's factor f at every
/// frame moving it towards the animators' values — its position by f·p,
/// its scale by f·(s − 100 %), its turn by f·r (about its glyph's origin on
/// the baseline), its opacity, fill and stroke colour by f of the way, its
/// stroke width to f·sw, the cursor after it by f·t — taken at every frame
/// anything moves and written as runs.
extension SceneBuilder {
  /// The most characters × frames a text's animators are taken at.
  static let maximumAnimatedTextWork = 400_000
  /// The most characters × frames × animators a text's selectors are
  /// worked out at (5 000 characters, 60 frames and 100 animators took 15 s).
  static let maximumTextAnimatorWork = 4_000_000
  /// The most animators of one text drawn.
  static let maximumTextAnimators = 100

  /// Why `animators` cannot be drawn on a text of these documents, or nil.
  func animatorProblem(_ text: TextLayer, documents: Int) -> String? {
    guard case .success(let animators) = text.animators else {
      if case .failure(let error) = text.animators {
        return "text animators not imported: \(error)"
      }
      return nil
    }
    if documents != 1 { return "text animators on a text whose document changes not imported" }
    if animators.count > Self.maximumTextAnimators {
      return "more than \(Self.maximumTextAnimators) text animators not imported"
    }
    if text.grouping != 1 || text.groupAnchor.contains(where: { $0 != 0 }) {
      return "text animators grouped by words or lines, or anchored, not imported"
    }
    for animator in animators {
      if !animator.others.isEmpty {
        return "text animator properties \(animator.others.sorted()) not imported"
      }
      let s = animator.selector
      if s.randomized { return "a text selector in random order not imported" }
      if s.easeHigh.isAnimated || s.easeHigh.first != 0 || s.easeLow.isAnimated
        || s.easeLow.first != 0
      {
        return "a text selector's ease high or low not imported"
      }
    }
    return nil
  }

  /// One view a character of `layout` (its glyph at its place), moving as
  /// `animators` move it; false, with nothing built, past
  /// ``maximumAnimatedTextWork`` or ``maximumTextAnimatorWork`` or where a
  /// value would pass 1e15.
  func buildAnimatedText(
    _ layout: TextLayout, animators: [TextAnimator], name: String, parent: Int, clock: TimeMap
  ) throws(ImportError) -> Bool {
    let document = layout.document
    let drawn = layout.placed.enumerated().filter { !$0.element.glyph.paths.isEmpty }
    /// An animator's values at one time.
    struct Values {
      var start, end, offset, smoothness, amount: Double
      var fill, stroke, position, scale: [Double]?
      var strokeWidth, opacity, rotation, tracking: Double?
    }
    // Each animator's properties on the script's clock.
    struct Tracks {
      var start, end, offset, smoothness, amount: Track<Double>
      var fill, stroke: Track<[Double]>?
      var strokeWidth, opacity, rotation, tracking: Track<Double>?
      var position, scale: Track<[Double]>?

      /// When any of them moves.
      var spans: [ClosedRange<Double>] {
        let numbers: [Track<Double>?] = [
          start, end, offset, smoothness, amount, strokeWidth, opacity, rotation, tracking,
        ]
        let lists: [Track<[Double]>?] = [fill, stroke, position, scale]
        return numbers.compactMap { $0?.span } + lists.compactMap { $0?.span }
      }

      func values(at t: Double) -> Values {
        Values(
          start: start.value(at: t), end: end.value(at: t), offset: offset.value(at: t),
          smoothness: smoothness.value(at: t), amount: amount.value(at: t),
          fill: fill?.value(at: t), stroke: stroke?.value(at: t),
          position: position?.value(at: t, alongRoutes: true), scale: scale?.value(at: t),
          strokeWidth: strokeWidth?.value(at: t), opacity: opacity?.value(at: t),
          rotation: rotation?.value(at: t), tracking: tracking?.value(at: t))
      }
    }
    func number(_ a: Animated<Double>) -> Track<Double> {
      noteReading(a)
      return Track(a, clock: clock).fromZero(rate: rate, end: end)
    }
    func point(_ a: Animated<[Double]>) -> Track<[Double]> {
      noteReading(a)
      return Track(a, clock: clock).fromZero(rate: rate, end: end)
    }
    let tracks = animators.map { a in
      Tracks(
        start: number(a.selector.start), end: number(a.selector.end),
        offset: number(a.selector.offset), smoothness: number(a.selector.smoothness),
        amount: number(a.selector.amount), fill: a.fill.map(point), stroke: a.stroke.map(point),
        strokeWidth: a.strokeWidth.map(number), opacity: a.opacity.map(number),
        rotation: a.rotation.map(number), tracking: a.tracking.map(number),
        position: a.position.map(point), scale: a.scale.map(point))
    }
    let spans = tracks.flatMap(\.spans)
    let frames = spans.isEmpty ? 1 : Self.frameCount(spans, rate: rate, end: end)
    let characterFrames = Double(frames) * Double(max(layout.placed.count, 1))
    guard frames <= Self.maximumTrimmedFillFrames,
      characterFrames <= Double(Self.maximumAnimatedTextWork),
      characterFrames * Double(animators.count) <= Double(Self.maximumTextAnimatorWork)
    else { return false }

    /// One character's look at a time.
    struct Look: Equatable {
      var x, y, scaleX, scaleY, rotation, alpha, strokeWidth: Double
      var fill, stroke: [Double]
    }
    let forms = animators.map(\.selector.form)
    let fill = document.fill ?? [0, 0, 0]
    let stroke = document.stroke ?? [0, 0, 0]
    let strokeWidth = document.stroke != nil ? document.strokeWidth : 0
    /// Every character's look at script time t (ThorVG's order: each
    /// animator in turn, a factor of 0 changing nothing).
    func looks(at t: Double) -> [Look] {
      // Each animator's values, once for all the characters.
      let now = tracks.map { $0.values(at: t) }
      var result: [Look] = []
      // Each glyph's cursor moves by the tracking factors up to its own
      // (ThorVG adds a glyph's before placing it); each line is aligned by
      // its end moved likewise.
      var cursors: [Double] = []
      var lineShifts = Array(repeating: 0.0, count: layout.lineEnds.count)
      var shift = 0.0
      var line = -1
      for placed in layout.placed {
        if placed.line != line {
          line = placed.line
          shift = 0
        }
        var look = Look(
          x: 0, y: 0, scaleX: 1, scaleY: 1, rotation: 0, alpha: 1, strokeWidth: strokeWidth,
          fill: fill, stroke: stroke)
        for (form, value) in zip(forms, now) {
          let f = form.factor(
            start: value.start, end: value.end, offset: value.offset,
            smoothness: value.smoothness, amount: value.amount, count: layout.count,
            index: form.index(of: placed))
          guard abs(f) >= 1.1920929e-07 else { continue }
          if let p = value.position {
            look.x += f * (p.first ?? 0)
            look.y += f * (p.count > 1 ? p[1] : 0)
          }
          if let sc = value.scale {
            look.scaleX *= f * ((sc.first ?? 100) * 0.01 - 1) + 1
            look.scaleY *= f * ((sc.count > 1 ? sc[1] : 100) * 0.01 - 1) + 1
          }
          if let r = value.rotation { look.rotation += f * r }
          if let o = value.opacity {
            look.alpha -= f * (look.alpha - SceneBuilder.fraction(o))
          }
          if let c = value.fill {
            for i in 0..<min(3, c.count) { look.fill[i] += (c[i] - look.fill[i]) * f }
          }
          if let c = value.stroke {
            for i in 0..<min(3, c.count) { look.stroke[i] += (c[i] - look.stroke[i]) * f }
          }
          if let w = value.strokeWidth { look.strokeWidth = f * w }
          if let tracking = value.tracking { shift += f * tracking }
        }
        cursors.append(placed.cursor + shift)
        lineShifts[line] = shift
        result.append(look)
      }
      for (k, placed) in layout.placed.enumerated() {
        var moved = placed
        moved.cursor = cursors[k]
        let origin = layout.origin(
          of: moved, lineEnd: layout.lineEnds[placed.line] + lineShifts[placed.line])
        result[k].x += origin.x
        result[k].y += origin.y
      }
      return result
    }
    let first = looks(at: 0)
    var sampled: [(t: Double, looks: [Look])] = [(0, first)]
    if !spans.isEmpty {
      let start = max(0, spans.map(\.lowerBound).min() ?? 0)
      let last = min(end, spans.map(\.upperBound).max() ?? 0)
      var k = (start * rate).rounded(.down)
      sampled = [(k / rate, looks(at: k / rate))]
      while k / rate < last {
        let t = min((k + 1) / rate, last)
        sampled.append((t, looks(at: t)))
        k += 1
      }
    }
    // Every number written within reach (a 1e308 position or scale of a
    // file is not drawn: NaN and infinities have no script).
    func reachable(_ look: Look) -> Bool {
      ([look.x, look.y, look.scaleX, look.scaleY, look.rotation, look.alpha, look.strokeWidth]
        + look.fill + look.stroke).allSatisfy { abs($0) < 1e15 }
    }
    guard sampled.allSatisfy({ $0.looks.allSatisfy(reachable) }),
      drawn.allSatisfy({ $0.element.glyph.paths.allSatisfy(Self.isWithinReach) })
    else { return false }
    /// Character `c`'s `value` from frame to frame; not animated where it
    /// stays as it starts.
    func track<V: Equatable>(_ c: Int, _ value: (Look) -> V) -> Track<V> {
      var result = Track(initial: value(first[c]), segments: [])
      var moves = false
      for (a, b) in zip(sampled, sampled.dropFirst()) {
        let (from, to) = (value(a.looks[c]), value(b.looks[c]))
        moves = moves || from != result.initial || to != result.initial
        result.segments.append(Segment(start: a.t, end: b.t, from: from, to: to, ease: .linear))
      }
      if !moves { result.segments = [] }
      return result
    }
    let stroked = document.stroke != nil || animators.contains { $0.strokeWidth != nil }
    for (c, placed) in drawn {
      let k = layout.scale * placed.capScale
      let outline = placed.glyph.paths.map {
        $0.transformed(Affine(a: k, b: 0, c: 0, d: k, tx: 0, ty: 0))
      }
      let numbers: [(String, Track<Double>, default: Double)] = [
        ("x", track(c) { $0.x }, 0), ("y", track(c) { $0.y }, 0),
        ("scaleX", track(c) { $0.scaleX }, 1), ("scaleY", track(c) { $0.scaleY }, 1),
        ("rotation", track(c) { $0.rotation }, 0), ("alpha", track(c) { $0.alpha }, 1),
      ]
      func view(_ suffix: String, fill: Bool, stroke: Bool) throws(ImportError) {
        var view = ScriptView(kind: "shape", name: "\(name)_\(suffix)", parent: parent)
        view.settings = [("d", .string(PathData.text(outline))), ("anchor", .point(0, 0))]
        var tracks = numbers.map { (name: $0.0, track: $0.1) }
        for (property, value, fallback) in numbers where value.initial != fallback {
          view.settings.append((property, .number(value.initial)))
        }
        var colors: [ScriptRun] = []
        if fill {
          let color = track(c) { $0.fill }
          view.settings.append(("color", .color(color.initial)))
          colors += colorRuns(color, property: "color")
        } else {
          view.settings.append(("color", .word("transparent")))
        }
        if stroke {
          let color = track(c) { $0.stroke }
          let width = track(c) { $0.strokeWidth }
          view.settings += [
            ("stroke", .color(color.initial)), ("strokeWidth", .number(width.initial)),
            ("lineJoin", .word("round")),
          ]
          colors += colorRuns(color, property: "stroke")
          tracks.append(("strokeWidth", width))
        }
        view.runs = colors + MotionChain.runs(tracks)
        try add(view)
      }
      let suffix = "text_\(c + 1)"
      if stroked && !document.strokeOver {
        try view(suffix + "_stroke", fill: false, stroke: true)
        try view(suffix, fill: true, stroke: false)
      } else {
        try view(suffix, fill: true, stroke: stroked)
      }
    }
    return true
  }
}
