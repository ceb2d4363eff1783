extension NumberText {
  /// A number for a file another program reads (SVG, path data, Lottie and
  /// the HTML player's JSON and CSS, charts): ``exact(_:)``, and never `inf`
  /// or `nan`, which none of those formats can hold (issue 32). Every writer
  /// of numbers into a text format goes through here.
  ///
  /// Nothing anim draws or records reaches it non-finite: property values
  /// are finite (SPEC §3) and drawn geometry is kept within ±1e38 points
  /// (`DrawableRange`). Should a writer's own arithmetic still overflow, the
  /// number is written as property values are held (docs/spec.md, numbers
  /// a motion writes): past the largest double, ±1.7976931348623157e308;
  /// NaN, which has no side to be held at, as 0.
  public static func written(_ value: Double) -> String {
    if value.isFinite { return exact(value) }
    if value.isNaN { return "0" }
    return exact(value > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude)
  }
}
