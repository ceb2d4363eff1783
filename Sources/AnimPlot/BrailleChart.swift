import AnimEngine
import Foundation

/// A line chart in Unicode braille (the REPL's `:plot`): each character cell
/// holds 2 × 4 dots, so a chart `columns` wide shows `2·columns` samples.
public enum BrailleChart {
  /// The bits of the dots of a braille cell, by (column, row).
  private static let dots: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

  /// The chart of `values` (one per dot column, left to right) as `rows`
  /// lines of `(values.count + 1) / 2` characters, with the value axis
  /// labelled at the top and bottom rows: `   100 ┤⠀⣀⠔⠊` …
  public static func lines(_ values: [Double], rows: Int, label width: Int = 8) -> [String] {
    let finite = values.filter(\.isFinite)
    var low = finite.min() ?? 0
    var high = finite.max() ?? 1
    if !(high > low) {
      low -= 0.5
      high += 0.5
    }
    let columns = (values.count + 1) / 2
    let height = rows * 4
    var cells = [[UInt32]](repeating: [UInt32](repeating: 0, count: columns), count: rows)
    var previous: Int?
    for (i, v) in values.enumerated() where v.isFinite {
      let level = Int(((v - low) / (high - low) * Double(height - 1)).rounded())
      let y = height - 1 - min(max(level, 0), height - 1)
      // A vertical run up or down to the previous sample's level, so a
      // steep stretch reads as a line rather than scattered dots.
      let span = previous.map { min($0, y)...max($0, y) } ?? y...y
      for yy in span { cells[yy / 4][i / 2] |= dots[i % 2][yy % 4] }
      previous = y
    }
    return (0..<rows).map { r in
      let axis: String
      if r == 0 {
        axis = pad(number(high), width) + " ┤"
      } else if r == rows - 1 {
        axis = pad(number(low), width) + " ┤"
      } else {
        axis = String(repeating: " ", count: width) + " │"
      }
      let text = String(String.UnicodeScalarView(cells[r].map { UnicodeScalar(0x2800 + $0)! }))
      return axis + text
    }
  }

  /// The time axis under a chart: `└────` then the start and end times.
  public static func timeAxis(columns: Int, start: String, end: String, label width: Int = 8)
    -> [String]
  {
    let indent = String(repeating: " ", count: width) + " "
    let gap = max(1, columns + 1 - start.count - end.count)
    return [
      indent + "└" + String(repeating: "─", count: columns),
      indent + start + String(repeating: " ", count: gap) + end,
    ]
  }

  private static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
  }

  /// As scripts print numbers: SPEC §3's one formatter.
  static func number(_ v: Double) -> String { NumberText.format(v) }
}
