import AnimEngine

extension LottieWriter {
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
