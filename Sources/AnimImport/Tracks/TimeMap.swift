/// Where a composition's frames fall on the script's clock: script time
/// t = offset + scale · frame, in seconds. The main composition's frame
/// `ip` is t = 0 (SPEC §25: frame = ip + t·fr); a precomposition layer with
/// start time `st` and stretch `sr` shows its frame f at its parent's frame
/// st + sr·f.
struct TimeMap: Sendable, Equatable {
  var offset: Double
  var scale: Double

  /// The main composition's clock.
  static func main(inPoint: Double, frameRate: Double) -> TimeMap {
    TimeMap(offset: -inPoint / frameRate, scale: 1 / frameRate)
  }

  /// Seconds at `frame` of this composition.
  func seconds(_ frame: Double) -> Double { offset + scale * frame }

  /// The clock of a precomposition shown by a layer of this one.
  func precomp(startTime: Double, stretch: Double) -> TimeMap {
    TimeMap(offset: seconds(startTime), scale: scale * stretch)
  }
}
