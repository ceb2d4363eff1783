/// Time remapping (`tm`) of a precomposition layer: at its parent's frame F
/// the precomposition shows its frame fr · tm(F), tm in seconds (as ThorVG
/// and lottie-web read it; rlottie rounds it down to a whole frame), a
/// negative tm showing frame 0. Where tm runs straight (keyframes whose
/// ease is a straight line) the precomposition plays on an affine clock,
/// backwards where tm falls; where it holds (a hold keyframe, equal values, before its
/// first keyframe and after its last) it stands still on one frame. Each
/// such stretch is a copy of the precomposition shown only then.
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

  /// The stretches of the remap at `ref` of `layer` (on its composition's
  /// `clock`) that fall within `shown`, or nil, noted, when tm eases or
  /// crosses 0 somewhere (the precomposition is then drawn on the layer's
  /// start time and stretch, as without a remap).
  func remapWindows(
    _ ref: JSONRef, of layer: Layer, clock: TimeMap, shown: (Double, Double)
  ) -> [RemapWindow]? {
    guard let tm = try? AnimatedReader.number(ref) else {
      note(ref, "time remapping not imported (not a number or keyframes of numbers)")
      return nil
    }
    noteExpression(tm)
    let fr = composition.frameRate
    // The pieces of tm over the parent's frames: (from, to, start value,
    // end value), each straight (or held when the values are equal).
    var pieces: [(Double, Double, Double, Double)] = []
    let frames = tm.keyframes
    pieces.append((-.infinity, frames[0].time, tm.first, tm.first))
    if frames.count > 1 {
      for k in 0..<(frames.count - 1) {
        let (a, b) = (frames[k].time, frames[k + 1].time)
        guard b > a else { continue }
        let (va, vb) = (frames[k].value, tm.segmentEnd(k))
        if frames[k].hold {
          pieces.append((a, b, va, va))
        } else if frames[k].eases[0].isLinear || va == vb {
          pieces.append((a, b, va, vb))
        } else {
          note(ref, "time remapping that eases not imported (drawn without it)")
          return nil
        }
      }
      let last = tm.segmentEnd(frames.count - 2)
      pieces.append((frames[frames.count - 1].time, .infinity, last, last))
    } else {
      pieces[0].1 = .infinity
    }
    var windows: [RemapWindow] = []
    for (a, b, va, vb) in pieces {
      let (from, to) = clock.span(a, b)
      guard to > from, to > max(shown.0, 0), from < min(shown.1, end) else { continue }
      var window: RemapWindow
      if va == vb || max(va, 0) == max(vb, 0) {
        // Standing still on frame fr·va from the window's start.
        let frame = fr * max(va, 0)
        let start = max(from, 0)
        window = RemapWindow(
          from: from, to: to,
          clock: TimeMap(
            offset: start - abs(clock.scale) * frame, scale: abs(clock.scale),
            until: min(start, clock.until), rate: clock.rate),
          describe: "holds frame \(NumberFormat.exact(frame))", held: frame)
      } else if va >= 0 && vb >= 0 {
        // Frame f plays at the parent's frame a + (f/fr − va)·(b − a)/(vb − va)
        // (backwards where vb < va: a clock of negative scale).
        let slope = (b - a) / (vb - va)
        window = RemapWindow(
          from: from, to: to,
          clock: TimeMap(
            offset: clock.seconds(a - va * slope), scale: clock.scale * slope / fr,
            until: clock.until, rate: clock.rate),
          describe:
            "plays frames \(NumberFormat.exact(fr * va))–\(NumberFormat.exact(fr * vb)) over frames \(NumberFormat.exact(a))–\(NumberFormat.exact(b))"
        )
      } else {
        note(ref, "time remapping through negative times not imported (drawn without it)")
        return nil
      }
      // A stretch that goes on as the one before (the same clock, or the
      // same frame held) joins it.
      if let previous = windows.last, previous.to == window.from,
        Self.sameClock(previous.clock, window.clock)
          || (previous.held != nil && previous.held == window.held)
      {
        windows[windows.count - 1].to = window.to
        continue
      }
      windows.append(window)
    }
    return windows
  }

  /// Whether two clocks place every frame alike, to rounding.
  static func sameClock(_ x: TimeMap, _ y: TimeMap) -> Bool {
    func near(_ p: Double, _ q: Double) -> Bool {
      p == q || abs(p - q) <= 1e-12 * max(abs(p), abs(q))
    }
    return near(x.offset, y.offset) && near(x.scale, y.scale) && x.until == y.until
  }
}
