import AnimEngine
import AnimRender
import AnimStage
import Foundation

/// A chart as an SVG document.
public final class SVGChart: ChartSink {
  private var body = ""
  private let width: Double
  private let height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The finished document.
  public var text: String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
    viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif">
    \(body)</svg>

    """
  }

  public func line(_ points: [(Double, Double)], color: Color, width: Double, dashed: Bool) {
    guard !points.isEmpty else { return }
    let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
    let dash = dashed ? " stroke-dasharray=\"4 3\"" : ""
    body +=
      "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(hex(color))\" stroke-width=\"\(n(width))\"\(dash)/>\n"
  }

  public func rect(x: Double, y: Double, width: Double, height: Double, fill: Color) {
    let opacity = fill.a < 1 ? " fill-opacity=\"\(n(fill.a))\"" : ""
    body +=
      "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(hex(fill))\"\(opacity)/>\n"
  }

  public func text(
    _ string: String, x: Double, y: Double, size: Double, color: Color, anchor: TextAnchor
  ) {
    let escaped = string.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    body +=
      "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(hex(color))\" text-anchor=\"\(anchor.rawValue)\">\(escaped)</text>\n"
  }

  private func hex(_ c: Color) -> String {
    String(
      format: "#%02x%02x%02x", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()),
      Int((c.b * 255).rounded()))
  }

  /// Two decimals at most: a chart needs no more.
  private func n(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return NumberText.written(r)
  }
}
