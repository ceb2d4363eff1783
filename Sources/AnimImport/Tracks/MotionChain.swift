/// Turns tracks into the chain of a `run`: waits over gaps, a zero-length
/// step where a segment starts from another value than the one reached (a
/// jump), and one part per segment.
enum MotionChain {
  /// The chain for `track`, with `part` making the motion that goes to a
  /// value over a duration with an ease, and `still` what stands for a
  /// segment that goes nowhere over a duration (a wait unless given).
  static func parts<Value: Interpolable>(
    _ track: Track<Value>, same: (Value, Value) -> Bool,
    still: ((_ duration: Double) -> [MotionPart])? = nil,
    part: (Segment<Value>, _ to: Value, _ duration: Double, ScriptEase) -> MotionPart
  ) -> [MotionPart] {
    var parts: [MotionPart] = []
    var clock = 0.0
    var current = track.initial
    for segment in track.segments {
      if segment.start > clock {
        parts.append(.wait(segment.start - clock))
        clock = segment.start
      }
      if !same(segment.from, current) {
        parts.append(part(segment, segment.from, 0, .linear))
        current = segment.from
      }
      let duration = max(0, segment.end - clock)
      // A segment that goes nowhere, unless it jumps at its end, is a wait.
      if same(segment.to, current) {
        if duration > 0 { parts += still?(duration) ?? [.wait(duration)] }
      } else {
        parts.append(part(segment, segment.to, duration, segment.ease))
      }
      clock = max(clock, segment.end)
      current = segment.to
    }
    // Merge neighbouring waits.
    var merged: [MotionPart] = []
    for p in parts {
      if case .wait(let b) = p, let last = merged.last, case .wait(let a) = last {
        merged[merged.count - 1] = .wait(a + b)
      } else {
        merged.append(p)
      }
    }
    if case .wait = merged.last { merged.removeLast() }
    return merged
  }

  /// Numeric tracks of one view as runs: tracks with the same timing
  /// (segment times and eases) share one run of `tween`s naming all their
  /// properties; scaleX and scaleY that agree everywhere become `scale`.
  static func runs(_ tracks: [(name: String, track: Track<Double>)]) -> [ScriptRun] {
    var groups: [[(name: String, track: Track<Double>)]] = []
    for entry in tracks where entry.track.isAnimated {
      if let g = groups.firstIndex(where: { sameTiming($0[0].track, entry.track) }) {
        groups[g].append(entry)
      } else {
        groups.append([entry])
      }
    }
    return groups.map { group in
      var names = group.map(\.name)
      var members = group.map(\.track)
      if let sx = names.firstIndex(of: "scaleX"), let sy = names.firstIndex(of: "scaleY"),
        sameValues(members[sx], members[sy])
      {
        names[sx] = "scale"
        names.remove(at: sy)
        members.remove(at: sy)
      }
      let combined = Track<[Double]>(
        initial: members.map(\.initial),
        segments: members[0].segments.indices.map { i in
          let s = members[0].segments[i]
          return Segment(
            start: s.start, end: s.end, from: members.map { $0.segments[i].from },
            to: members.map { $0.segments[i].to }, ease: s.ease)
        })
      let chain = parts(combined, same: ==) { _, to, duration, ease in
        .tween(zip(names, to).map { ($0, .number($1)) }, duration: duration, ease: ease)
      }
      return ScriptRun(parts: chain)
    }
  }

  static func sameTiming<A, B>(_ a: Track<A>, _ b: Track<B>) -> Bool {
    guard a.segments.count == b.segments.count else { return false }
    for (s, t) in zip(a.segments, b.segments)
    where s.start != t.start || s.end != t.end || s.ease != t.ease {
      return false
    }
    return true
  }

  static func sameValues(_ a: Track<Double>, _ b: Track<Double>) -> Bool {
    guard a.initial == b.initial, sameTiming(a, b) else { return false }
    return zip(a.segments, b.segments).allSatisfy { $0.from == $1.from && $0.to == $1.to }
  }
}
