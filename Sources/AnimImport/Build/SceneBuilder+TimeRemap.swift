/// Time remapping (`tm`) of a precomposition layer: at its parent's frame F
/// the precomposition shows its frame fr · tm(F), tm in seconds (as ThorVG
/// and lottie-web read it; rlottie rounds it down to a whole frame), a
/// negative tm showing frame 0. Where tm runs straight (keyframes whose
/// ease is a straight line) the precomposition plays on an affine clock,
/// backwards where tm falls; where it holds (a hold keyframe, equal values, before its
/// first keyframe and after its last) it stands still on one frame. Each
/// such stretch is a copy of the precomposition shown only then. Where tm
/// eases (or crosses 0), the stretch is sampled at the script's frames: a
/// held copy a frame, exact at each.
extension SceneBuilder {
  /// One stretch of a remap: shown from `from` to `to` (script seconds)
  /// with the precomposition on `clock`.
  struct RemapWindow {
    var from: Double
    var to: Double
    var clock: TimeMap
    /// What it shows, for the copy's comment.
    var describe: String
    /// The frame it holds, when it stands still.
    var held: Double?
  }

  /// The most views the copies of one layer's eased remap may add (a copy a
  /// frame); past it the remap is noted and the layer drawn without it.
  /// Small: each copy is the whole precomposition, and a script of tens of
  /// thousands of views is slow to import and to run.
  static let maximumSampledViews = 2_000
  /// The most views eased remaps may add to one script, all layers together.
  static let maximumSampledViewsInAll = 5_000

  /// The stretches of the remap at `ref` (on its layer's composition's
  /// `clock`) that fall within `shown`, and whether any was sampled frame
  /// by frame (where tm eases or crosses 0: at each of the script's frames
  /// the frame tm gives then, held until the next); nil, noted, when tm is
  /// not numbers (the precomposition is then drawn on the layer's start
  /// time and stretch, as without a remap).
  func remapWindows(
    _ ref: JSONRef, clock: TimeMap, shown: (Double, Double)
  ) -> (windows: [RemapWindow], sampled: Bool)? {
    guard let tm = try? AnimatedReader.number(ref) else {
      note(ref, "time remapping not imported (not a number or keyframes of numbers)")
      return nil
    }
    noteReading(tm)
    let fr = composition.frameRate
    // The pieces of tm over the parent's frames: (from, to, start value,
    // end value, sampled), each straight (or held when the values are
    // equal) unless sampled.
    var pieces: [(Double, Double, Double, Double, Bool)] = []
    let frames = tm.keyframes
    pieces.append((-.infinity, frames[0].time, tm.first, tm.first, false))
    if frames.count > 1 {
      for k in 0..<(frames.count - 1) {
        let (a, b) = (frames[k].time, frames[k + 1].time)
        guard b > a else { continue }
        let (va, vb) = (frames[k].value, tm.segmentEnd(k))
        if frames[k].hold {
          pieces.append((a, b, va, va, false))
        } else {
          let straight = frames[k].eases[0].isLinear || va == vb
          pieces.append((a, b, va, vb, !straight || (va < 0) != (vb < 0)))
        }
      }
      let last = tm.segmentEnd(frames.count - 2)
      pieces.append((frames[frames.count - 1].time, .infinity, last, last, false))
    } else {
      pieces[0].1 = .infinity
    }
    let values = Track(tm, clock: clock)
    var windows: [RemapWindow] = []
    var sampled = false
    func add(_ window: RemapWindow) {
      // A stretch that goes on as the one before (the same clock, or the
      // same frame held) joins it.
      if let previous = windows.last, previous.to == window.from,
        Self.sameClock(previous.clock, window.clock)
          || (previous.held != nil && previous.held == window.held)
      {
        windows[windows.count - 1].to = window.to
      } else {
        windows.append(window)
      }
    }
    for (a, b, va, vb, sample) in pieces {
      let (from, to) = clock.span(a, b)
      // The piece while its layer is shown.
      guard shownAtSomeFrame(from: max(from, shown.0), to: min(to, shown.1)) else { continue }
      if sample {
        // The frame tm gives at each of the script's frames within, held
        // until the next (from the stretch's start, the first).
        sampled = true
        var t = max(from, shown.0, 0)
        // Every frame up to the last, `end`, inclusive.
        let last = min(to, shown.1)
        while t < last && t <= end {
          var next = ((t * fr).rounded(.down) + 1) / fr
          if next <= t { next = ((t * fr).rounded(.down) + 2) / fr }
          next = min(next, to)
          add(hold(fr * max(values.value(at: t), 0), from: t, to: next, clock: clock))
          t = next
          // A copy a frame at least: past the views they may add, no more.
          if windows.count > Self.maximumSampledViews {
            noteTooManyCopies(ref)
            return nil
          }
        }
      } else if va == vb || max(va, 0) == max(vb, 0) {
        add(hold(fr * max(va, 0), from: from, to: to, clock: clock))
      } else {
        // Frame f plays at the parent's frame a + (f/fr − va)·(b − a)/(vb − va)
        // (backwards where vb < va: a clock of negative scale).
        let slope = (b - a) / (vb - va)
        add(
          RemapWindow(
            from: from, to: to,
            clock: TimeMap(
              offset: clock.seconds(a - va * slope), scale: clock.scale * slope / fr,
              until: clock.until, rate: clock.rate),
            describe:
              "plays frames \(NumberFormat.exact(fr * va))–\(NumberFormat.exact(fr * vb)) over frames \(NumberFormat.exact(a))–\(NumberFormat.exact(b))"
          ))
      }
    }
    return (windows, sampled)
  }

  /// A stretch from `from` to `to` standing still on `frame`: a clock on
  /// which the frame is at the stretch's start (or 0), stopped there.
  func hold(_ frame: Double, from: Double, to: Double, clock: TimeMap) -> RemapWindow {
    let start = max(from, 0)
    return RemapWindow(
      from: from, to: to,
      clock: TimeMap(
        offset: start - abs(clock.scale) * frame, scale: abs(clock.scale),
        until: min(start, clock.until), rate: clock.rate),
      describe: "holds frame \(NumberFormat.exact(frame))", held: frame)
  }

  /// Whether two clocks place every frame alike, to rounding.
  static func sameClock(_ x: TimeMap, _ y: TimeMap) -> Bool {
    func near(_ p: Double, _ q: Double) -> Bool {
      p == q || abs(p - q) <= 1e-12 * max(abs(p), abs(q))
    }
    return near(x.offset, y.offset) && near(x.scale, y.scale) && x.until == y.until
  }
}

extension SceneBuilder {
  /// Draws each stretch of a remap by a copy of `precomp` shown only then;
  /// false (nothing added, noted) when sampled copies would pass
  /// ``maximumSampledViews``, or ``maximumSampledViewsInAll`` with those of
  /// the layers before.
  func buildRemapped(
    _ precomp: Composition.Precomp, remap: JSONRef, windows: [RemapWindow], sampled: Bool,
    name: String, parent: Int, clock: TimeMap, size: (Double, Double), depth: Int
  ) throws(ImportError) -> Bool {
    // What the builder was before the copies: put back if they are refused.
    let (savedModel, savedMorphTargets, savedGroups) = (model, morphTargetCount, pendingGroups)
    let viewsBefore = model.views.count
    for (k, window) in windows.enumerated() {
      let copy = try transformView(
        .identity(remap), name: "\(name)_remap_\(k + 1)", parent: parent, clock: clock,
        box: size, opacity: (from: window.from, to: window.to),
        comment: "Time remap (\(remap.pointer)): \(window.describe)")
      try buildComposition(
        precomp.layers, clock: window.clock, parent: copy, size: size, depth: depth + 1,
        where: precomp.ref)
      guard sampled else { continue }
      // The copies to come cost as much as this one: refused before they
      // are made when they would pass the limits.
      let expected = (model.views.count - viewsBefore) / (k + 1) * windows.count
      if expected > Self.maximumSampledViews
        || sampledViews + expected > Self.maximumSampledViewsInAll
      {
        (model, morphTargetCount, pendingGroups) = (savedModel, savedMorphTargets, savedGroups)
        noteTooManyCopies(remap)
        return false
      }
    }
    if sampled { sampledViews += model.views.count - viewsBefore }
    return true
  }

  /// Notes an eased remap whose copies would pass the views they may add.
  private func noteTooManyCopies(_ remap: JSONRef) {
    note(
      remap,
      "time remapping that eases, drawn a copy a frame, past \(Self.maximumSampledViews) views (\(Self.maximumSampledViewsInAll) in all): not imported (drawn without it)"
    )
  }
}
