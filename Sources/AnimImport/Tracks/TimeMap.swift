/// Where a composition's frames fall on the script's clock: script time
/// t = offset + scale · frame, in seconds. The main composition's frame
/// `ip` is t = 0 (SPEC §25: frame = ip + t·fr); a precomposition layer with
/// start time `st` and stretch `sr` shows its frame f at its parent's frame
/// st + sr·f.
///
/// A time remap (`tm`) may run a composition's clock backwards (a negative
/// scale); one that holds a frame stops it:
/// from `until` on, everything in it stays as it is then (each track cut
/// there, each layer shown then shown throughout).
struct TimeMap: Sendable, Equatable {
  var offset: Double
  var scale: Double
  /// The script time from which the composition stands still (infinity:
  /// never).
  var until = Double.infinity
  /// The script's frame rate: a track cut at `until` where no curve says
  /// its piece is sampled at its frames.
  var rate: Double

  /// The main composition's clock.
  static func main(inPoint: Double, frameRate: Double) -> TimeMap {
    TimeMap(offset: -inPoint / frameRate, scale: 1 / frameRate, rate: frameRate)
  }

  /// Seconds at `frame` of this composition.
  func seconds(_ frame: Double) -> Double { offset + scale * frame }

  /// The clock of a precomposition shown by a layer of this one (standing
  /// still when this one does).
  func precomp(startTime: Double, stretch: Double) -> TimeMap {
    TimeMap(offset: seconds(startTime), scale: scale * stretch, until: until, rate: rate)
  }

  /// When a layer from frame `inPoint` to `outPoint` is shown, in script
  /// seconds (the other way round on a clock that runs backwards): a layer
  /// still shown when the composition stands still stays shown; one that
  /// starts later is never shown (an empty span).
  func span(_ inPoint: Double, _ outPoint: Double) -> (from: Double, to: Double) {
    var (from, to) = (seconds(inPoint), seconds(outPoint))
    if scale < 0 {
      // Frames [in, out) backwards are the times (out, in]: as [out⁺, in⁺).
      (from, to) = (to.nextUp, from.nextUp)
    }
    if from > until { return (from, from) }
    if to > until { to = .infinity }
    return (from, to)
  }
}
