import AnimEngine

/// Writes a recording as Lottie JSON (the Lottie Animation Community's
/// specification 1.0; SPEC §13).
///
/// One shape layer per drawn view, topmost first, named after the view: a
/// rectangle (size, roundness) and a fill (colour, colour alpha), under the
/// layer transform (split position, rotation, scale in percent, opacity in
/// percent, anchor at the layer's origin, which is the view's centre). The
/// background, unless transparent, is a solid bottom layer. Frame k of the
/// file is the recording's time A + k/N.
public enum LottieWriter {
  /// The version string players look for (rlottie draws nothing without one).
  public static let version = "5.7.0"

  /// The Lottie document for `recording` on `stage`, as JSON text.
  public static func text(_ recording: StageRecording, stage: ExportStage) -> String {
    var text = ""
    write(recording, stage: stage) { text += $0 }
    return text
  }

  /// Writes the Lottie document for `recording` on `stage` to `output`, in
  /// pieces of about `chunk` bytes.
  ///
  /// Layer by layer: each layer's tree is made, written and dropped before
  /// the next, and the text goes out as it is made, so memory holds one
  /// layer, not the document (W2's 750 000 keyframes took 1.2 GB as one
  /// tree and its text).
  public static func write(
    _ recording: StageRecording, stage: ExportStage, chunk: Int = 1 << 16,
    to output: (String) -> Void
  ) {
    let frames = max(recording.frameCount, 1)
    let head: [(String, JSONValue)] = [
      ("v", .string(version)),
      ("nm", .string("anim")),
      ("ddd", .integer(0)),
      ("fr", .number(recording.frameRate)),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("w", .integer(stage.pixelWidth)),
      ("h", .integer(stage.pixelHeight)),
      ("assets", .array([])),
    ]
    var out = ""
    JSONValue.writeMembers(head, to: &out, closing: false)
    out += ",\"layers\":["
    let drawn = recording.views.reversed()
    for (i, view) in drawn.enumerated() {
      if i > 0 { out += "," }
      shapeLayer(view, index: i + 1, recording: recording, stage: stage).write(to: &out)
      if out.utf8.count >= chunk {
        output(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if let background = stage.background {
      if !drawn.isEmpty { out += "," }
      backgroundLayer(background, index: drawn.count + 1, frames: frames, stage: stage)
        .write(to: &out)
    }
    out += "]}"
    output(out)
  }

  private static func shapeLayer(
    _ view: RecordedView, index: Int, recording: StageRecording, stage: ExportStage
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    let k = stage.scale
    func scalar(_ p: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property([LottieTrack(view.track(p), lane: 0, map: map)], vector: false)
    }
    // anim draws alpha clamped to 0…1; players need not clamp an overshoot.
    let opacity = ctx.property(
      [LottieTrack(view.track(.alpha), lane: 0) { $0 * 100 }.clamped(to: 0, 100)], vector: false)
    func pair(_ a: Property, _ b: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property(
        [
          LottieTrack(view.track(a), lane: 0, map: map),
          LottieTrack(view.track(b), lane: 0, map: map),
        ], vector: true)
    }
    let color = view.track(.color)
    let transform: JSONValue = .object([
      ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
      (
        "p",
        .object([
          ("s", .bool(true)),
          ("x", scalar(.x) { stage.pixelX($0) }),
          ("y", scalar(.y) { stage.pixelY($0) }),
        ])
      ),
      ("s", pair(.scaleX, .scaleY) { $0 * 100 }),
      ("r", scalar(.rotation) { $0 }),
      ("o", opacity),
    ])
    let fill: JSONValue = .object([
      ("ty", .string("fl")),
      ("nm", .string("fill")),
      (
        "c",
        ctx.property(
          (0..<3).map { lane in LottieTrack(color, lane: lane) { $0 } }, vector: true)
      ),
      (
        "o",
        ctx.property([LottieTrack(color, lane: 3) { $0 * 100 }.clamped(to: 0, 100)], vector: false)
      ),
      ("r", .integer(1)),
    ])
    let shapes: [JSONValue]
    switch view.kind.outline {
    case .rectangle:
      let outline: [(String, JSONValue)] = [
        ("ty", .string("rc")),
        ("nm", .string("rectangle")),
        ("d", .integer(1)),
        ("p", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
        ("s", pair(.width, .height) { $0 * k }),
        ("r", scalar(.cornerRadius) { max($0, 0) * k }),
      ]
      shapes = [.object(outline), fill]
    case .text:
      shapes = textGroups(view, fill: fill, scale: k)
    }
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(4)),
      ("nm", .string(view.name)),
      ("sr", .integer(1)),
      ("ks", transform),
      ("ao", .integer(0)),
      ("shapes", .array(shapes)),
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }

  /// A text's shapes (SPEC §18): one group per distinct drawing it shows
  /// (a counting number: one per string), its glyph outlines as paths with
  /// the layer's fill, visible (opacity 100, held) for the frames it is
  /// shown and hidden (0) for the others. No text layer: rlottie draws none.
  private static func textGroups(_ view: RecordedView, fill: JSONValue, scale k: Double)
    -> [JSONValue]
  {
    var drawings: [TextView] = []
    var runsOf: [[(first: Int, end: Int)]] = []
    for (n, run) in view.textRuns.enumerated() {
      let end = n + 1 < view.textRuns.count ? view.textRuns[n + 1].frame : Int.max
      if let i = drawings.firstIndex(of: run.text) {
        runsOf[i].append((run.frame, end))
      } else {
        drawings.append(run.text)
        runsOf.append([(run.frame, end)])
      }
    }
    // Groups listed top first: the first drawing is the last group, so
    // groups never overlap in time anyway; order is only for readability.
    return zip(drawings, runsOf).enumerated().map { n, item in
      let (drawing, runs) = item
      var keys: [JSONValue] = []
      func key(_ frame: Int, _ value: Int) {
        keys.append(
          .object([
            ("t", .integer(frame)), ("s", .array([.integer(value)])), ("h", .integer(1)),
          ]))
      }
      if runs[0].first > 0 { key(0, 0) }
      for run in runs {
        key(run.first, 100)
        if run.end != Int.max { key(run.end, 0) }
      }
      let opacity: JSONValue =
        keys.count == 1
        ? .object([("a", .integer(0)), ("k", .integer(100))])
        : .object([("a", .integer(1)), ("k", .array(keys))])
      let zero: JSONValue = .object([
        ("a", .integer(0)), ("k", .array([.integer(0), .integer(0)])),
      ])
      let transform: JSONValue = .object([
        ("ty", .string("tr")),
        ("p", zero), ("a", zero),
        ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
        ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
        ("o", opacity),
      ])
      let paths = LottieShapes.paths(drawing.drawing().outline) { $0 * k }
      return .object([
        ("ty", .string("gr")),
        ("nm", .string("text \(n + 1): \(drawing.shown)")),
        ("it", .array(paths + [fill, transform])),
      ])
    }
  }

  private static func backgroundLayer(
    _ c: PropertyValue, index: Int, frames: Int, stage: ExportStage
  ) -> JSONValue {
    func hex(_ v: Double) -> String {
      let byte = Int((min(max(v, 0), 1) * 255).rounded())
      let s = String(byte, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    let w = stage.pixelWidth
    let h = stage.pixelHeight
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(1)),
      ("nm", .string("background")),
      ("sr", .integer(1)),
      (
        "ks",
        .object([
          ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("p", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
          ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
          ("o", .object([("a", .integer(0)), ("k", .number(min(max(c[3], 0), 1) * 100))])),
        ])
      ),
      ("ao", .integer(0)),
      ("sw", .integer(w)),
      ("sh", .integer(h)),
      ("sc", .string("#" + hex(c[0]) + hex(c[1]) + hex(c[2]))),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }

  /// Frame arithmetic shared by a layer's properties.
  struct Context {
    let recording: StageRecording

    func frame(_ t: Double) -> Double { (t - recording.start) * recording.frameRate }

    /// Frame times strictly inside (t0, t1), in seconds.
    func frameTimes(_ t0: Double, _ t1: Double) -> [Double] {
      let n = recording.frameRate
      let a = recording.start
      var k = ((t0 - a) * n).rounded(.down) + 1
      var out: [Double] = []
      while true {
        let t = a + k / n
        if t >= t1 - 1e-9 * max(1, abs(t1)) { break }
        if t > t0 + 1e-9 * max(1, abs(t0)) { out.append(t) }
        k += 1
      }
      return out
    }

    /// An animatable property from one or more one-dimensional tracks.
    func property(_ tracks: [LottieTrack], vector: Bool) -> JSONValue {
      let keys = LottieTrack.merge(tracks, frameTimes: frameTimes)
      let still = keys.allSatisfy { $0.values == keys[0].values }
      if still {
        let values = keys[0].values
        return .object([
          ("a", .integer(0)),
          ("k", vector ? .array(values.map(JSONValue.number)) : .number(values[0])),
        ])
      }
      // Written straight to text: a tree node per keyframe, value and
      // handle cost more than the numbers (W2 has 750 000 keyframes).
      var out = "{\"a\":1,\"k\":["
      for (i, key) in keys.enumerated() {
        if i > 0 { out += "," }
        out += "{\"t\":"
        out += JSONValue.format(frame(key.time))
        out += ",\"s\":["
        for (j, v) in key.values.enumerated() {
          if j > 0 { out += "," }
          out += JSONValue.format(v)
        }
        out += "]"
        if i + 1 < keys.count {
          switch key.out {
          case .hold:
            out += ",\"h\":1"
          case .curve(let x1, let y1, let x2, let y2):
            out += ",\"o\":{\"x\":[\(JSONValue.format(x1))],\"y\":[\(JSONValue.format(y1))]}"
            out += ",\"i\":{\"x\":[\(JSONValue.format(x2))],\"y\":[\(JSONValue.format(y2))]}"
          }
        }
        out += "}"
      }
      out += "]}"
      return .raw(out)
    }
  }
}
