import AnimEngine
import AnimRender
import AnimStage

/// Where a chart draws: lines, rectangles and text in pixels (y down). The
/// SVG writer and the Cairo canvas implement it, so both formats draw the
/// same chart.
public protocol ChartSink: AnyObject {
  /// A polyline through `points`.
  func line(_ points: [(Double, Double)], color: Color, width: Double, dashed: Bool)
  /// A filled rectangle.
  func rect(x: Double, y: Double, width: Double, height: Double, fill: Color)
  /// Text whose baseline starts (`anchor` start), centres (middle) or ends at (x, y).
  func text(_ string: String, x: Double, y: Double, size: Double, color: Color, anchor: TextAnchor)
}

/// How text sits on its point.
public enum TextAnchor: String, Sendable {
  case start, middle, end
}
