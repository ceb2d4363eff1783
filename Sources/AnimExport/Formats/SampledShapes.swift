import AnimEngine

/// Properties sampled at every frame, for what no single Lottie keyframe
/// curve (or the HTML player's CSS) follows exactly: an outline that changes over time (a
/// morph, a polygon's, star's or shape's animated size or innerRadius, a
/// trimmed view's size), an animated anchor, a trim whose start passes its
/// end (SPEC §16.3 swaps them; Lottie's `tm` does not). A keyframe at each
/// frame time A + k/N holds the value anim draws then, linear in between;
/// a run of equal frames is one hold.
enum SampledShapes {
  /// The frame times of `recording`, A + k/N for k = 0 ..< frameCount.
  static func frameTimes(_ recording: StageRecording) -> [Double] {
    (0..<max(recording.frameCount, 1)).map {
      recording.start + Double($0) / recording.frameRate
    }
  }

  /// Whether the outline of `view` changes over the recording.
  static func outlineMoves(_ view: RecordedView) -> Bool {
    guard view.kind.outline != .none else { return false }
    return recordedInputs(of: view.kind).contains { !view.track($0).isStatic }
  }

  /// The properties held in the record that a kind's outline is made of
  /// (``ViewKind/outlineInputs(in:)``, a morph's `outline` included).
  static func recordedInputs(of kind: ViewKind) -> [Property] {
    kind.outlineInputs().filter { $0.lanes > 0 }
  }

  /// Whether `view` is ever morphed over the recording.
  static func isMorphed(_ view: RecordedView) -> Bool {
    view.track(.outline).keys.contains { $0.value[0] != 0 }
  }

  /// The view's state at `t` as far as its outline goes.
  static func outlineState(_ view: RecordedView, at t: Double) -> ViewState {
    var state = ViewState()
    for p in recordedInputs(of: view.kind) { state[value: p] = view.track(p).value(at: t) }
    return state
  }

  /// One `sh` item per subpath whose path is keyframed at every frame: the
  /// outline anim draws then, centred on the layer's origin and scaled by
  /// `k`, each subpath subdivided (its curves unchanged) to the most
  /// segments it has at any frame, so every keyframe has the same vertex
  /// count; nil when the number of subpaths changes (it does not: a morph
  /// keeps it).
  static func paths(
    _ view: RecordedView, recording: StageRecording, scale k: Double, inBox: Bool = false
  ) -> [JSONValue]? {
    let times = frameTimes(recording)
    guard
      let outlines = equalized(
        view, at: times,
        place: { w, h, _, _ in
          let (cx, cy) = inBox ? (0, 0) : (w / 2, h / 2)
          return { OutlinePoint(($0.x - cx) * k, ($0.y - cy) * k) }
        })
    else { return nil }
    return (0..<outlines[0].subpaths.count).map { i in
      let shapes = outlines.map { shapeText(Outline([$0.subpaths[i]]).lottiePaths[0]) }
      let ks = keyframes(shapes, times: times, recording: recording)
      return .object([("ty", .string("sh")), ("nm", .string("path")), ("ks", ks)])
    }
  }

  /// The outline anim draws at each of `times`, its points mapped by
  /// `place(w, h, anchorX, anchorY)`, each subpath subdivided (its curves
  /// unchanged) to the most segments it has at any of them, so that every
  /// frame has the same points and commands; nil when the number of
  /// subpaths changes (it does not: a morph keeps it).
  static func equalized(
    _ view: RecordedView, at times: [Double],
    place: (Double, Double, Double, Double) -> (OutlinePoint) -> OutlinePoint
  ) -> [Outline]? {
    var outlines: [Outline] = []
    outlines.reserveCapacity(times.count)
    for t in times {
      let state = outlineState(view, at: t)
      let map = place(
        abs(state[.width]), abs(state[.height]), view.track(.anchorX).value(at: t)[0],
        view.track(.anchorY).value(at: t)[0])
      outlines.append(view.kind.outline.outline(of: state, path: view.path).mapped(map))
    }
    guard let count = outlines.first?.subpaths.count,
      outlines.allSatisfy({ $0.subpaths.count == count })
    else { return nil }
    for i in 0..<count {
      let most = outlines.map { $0.subpaths[i].segments.count }.max() ?? 0
      for j in outlines.indices {
        outlines[j].subpaths[i] = outlines[j].subpaths[i].subdivided(toSegments: most)
      }
    }
    return outlines
  }

  /// A Lottie bezier shape object as JSON text.
  private static func shapeText(_ path: LottiePath) -> String {
    func points(_ list: [OutlinePoint]) -> String {
      "["
        + list.map { "[\(JSONValue.format($0.x)),\(JSONValue.format($0.y))]" }.joined(
          separator: ",") + "]"
    }
    return "{\"i\":\(points(path.inTangents)),\"o\":\(points(path.outTangents)),"
      + "\"v\":\(points(path.vertices)),\"c\":\(path.isClosed)}"
  }

  /// Numbers sampled at every frame as an animatable property (`vector`:
  /// an array value), or a fixed value when they never change.
  static func numbers(_ values: [[Double]], vector: Bool, recording: StageRecording) -> JSONValue {
    if values.allSatisfy({ $0 == values[0] }) {
      return .object([
        ("a", .integer(0)),
        ("k", vector ? .array(values[0].map(JSONValue.number)) : .number(values[0][0])),
      ])
    }
    let texts = values.map { "[" + $0.map(JSONValue.format).joined(separator: ",") + "]" }
    return keyframes(texts, times: frameTimes(recording), recording: recording, wrapped: false)
  }

  /// Keyframes of `values` (JSON texts, one per frame): linear from each
  /// frame to the next, a hold over a run of equal ones. A shape's `s` is an
  /// array holding the shape (`wrapped`); a number's is the array itself.
  static func keyframes(
    _ values: [String], times: [Double], recording: StageRecording, wrapped: Bool = true
  ) -> JSONValue {
    if values.allSatisfy({ $0 == values[0] }) {
      return .raw("{\"a\":0,\"k\":\(values[0])}")
    }
    var out = "{\"a\":1,\"k\":["
    var i = 0
    var first = true
    while i < values.count {
      var j = i
      while j + 1 < values.count && values[j + 1] == values[i] { j += 1 }
      if !first { out += "," }
      first = false
      let frame = (times[i] - recording.start) * recording.frameRate
      out += "{\"t\":\(JSONValue.format(frame)),\"s\":"
      out += wrapped ? "[\(values[i])]" : values[i]
      if j + 1 < values.count {
        if j > i {
          out += ",\"h\":1}"
          // The last equal frame starts the move to the next value.
          let held = (times[j] - recording.start) * recording.frameRate
          out += ",{\"t\":\(JSONValue.format(held)),\"s\":"
          out += wrapped ? "[\(values[j])]" : values[j]
        }
        out += ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}"
      }
      out += "}"
      i = j + 1
    }
    out += "]}"
    return .raw(out)
  }
}
