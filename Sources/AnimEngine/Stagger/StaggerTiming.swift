/// How far apart a stagger's members start.
public enum StaggerTiming: Sendable, Equatable, Hashable {
  /// Seconds between one step and the next (`each:`). Continuous and
  /// weighted sorts ignore it: their `duration` sets the spread.
  case each(Double)
  /// Seconds from the first start to the last (`total:`): the offsets are
  /// rescaled so the member that starts last starts at exactly this time.
  case total(Double)
}
