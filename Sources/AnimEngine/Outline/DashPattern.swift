#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A dashed stroke's pattern (SPEC §21.3): the lengths of its dashes and
/// gaps, on, off, on, off…, in the units of the stroke's width.
///
/// As SVG's `stroke-dasharray`: a list of odd length is repeated to make it
/// even (`[4, 2, 1]` is `[4, 2, 1, 4, 2, 1]`); an empty list is a solid
/// stroke (no pattern). Every entry is finite and ≥ 0 and at least one is
/// above 0 (anything else is an error, never drawn solid in silence); at
/// most ``maxEntries`` entries.
public struct DashPattern: Sendable, Hashable {
  /// The lengths, even in number (an odd list already repeated).
  public let lengths: [Double]
  /// The entries as the script gave them (`print` writes these).
  public let written: [Double]

  /// The most entries a list may have.
  public static let maxEntries = 64

  /// The most dashes one stroke is drawn with: a pattern that would cut the
  /// stroke into more is drawn solid (a pattern that fine does not show as
  /// dashes, and drawing it would take time and memory without bound:
  /// `[1e-320, 1e-320]` on a 1000-point line is 5·10³²² dashes).
  public static let maxDashes = 100_000

  /// A pattern of `entries`, or an error saying what is wrong with them;
  /// nil for an empty list (a solid stroke).
  public static func make(_ entries: [Double]) throws(EngineError) -> DashPattern? {
    guard !entries.isEmpty else { return nil }
    guard entries.count <= maxEntries else {
      throw EngineError(
        "a dash pattern has at most \(maxEntries) entries, not \(entries.count)")
    }
    for e in entries {
      guard e.isFinite else { throw EngineError("a dash pattern's entries must be finite") }
      guard e >= 0 else {
        throw EngineError(
          "a dash pattern's entries must be ≥ 0, not \(NumberText.format(e))")
      }
    }
    let lengths = entries.count % 2 == 1 ? entries + entries : entries
    // A sum past the largest double is as good as one huge dash: kept, and
    // ``period`` says +∞ (the stroke is then one dash).
    guard lengths.contains(where: { $0 > 0 }) else {
      throw EngineError(
        "a dash pattern needs an entry above 0 (an empty list [] is a solid stroke)")
    }
    return DashPattern(lengths: lengths, written: entries)
  }

  private init(lengths: [Double], written: [Double]) {
    self.lengths = lengths
    self.written = written
  }

  /// The pattern's length: the sum of its entries (> 0; +∞ when it
  /// overflows).
  public var period: Double { lengths.reduce(0, +) }

  /// Every entry multiplied by `factor` (a `shape`'s viewBox scale), or nil
  /// when the result is not a pattern (a factor of 0 or one that overflows).
  public func scaled(by factor: Double) -> DashPattern? {
    guard factor > 0, factor.isFinite else { return nil }
    let scaled = lengths.map { $0 * factor }
    guard scaled.allSatisfy(\.isFinite), scaled.contains(where: { $0 > 0 }) else { return nil }
    return DashPattern(lengths: scaled, written: written.map { $0 * factor })
  }

  /// `offset` as a distance into the pattern, 0 ≤ phase < period: the
  /// pattern is periodic, so an offset of any size (±1e308 included) or a
  /// negative one is the same as its remainder. Non-finite: 0.
  public func phase(_ offset: Double) -> Double {
    let p = period
    guard offset.isFinite, p.isFinite, p > 0 else { return 0 }
    var r = fmod(offset, p)
    if r < 0 { r += p }
    return r >= p ? 0 : r
  }

  /// Whether a stroke `length` long (one subpath) is cut into at most
  /// ``maxDashes`` dashes by this pattern: false means draw it solid.
  public func draws(along length: Double) -> Bool {
    let p = period
    guard length.isFinite, length > 0 else { return true }
    guard p.isFinite else { return true }
    return length / p * Double(lengths.count / 2) <= Double(Self.maxDashes)
  }

  /// The dashes drawn along a stroke `length` long whose pattern starts
  /// `offset` into it (SVG's `stroke-dashoffset`): each an interval of arc
  /// length from the stroke's start, clipped to 0…length, in order (a
  /// zero-length dash is an interval of one point, drawn as its caps).
  /// Nil when there would be more than ``maxDashes`` (drawn solid).
  public func dashes(along length: Double, offset: Double) -> [ClosedRange<Double>]? {
    guard length.isFinite, length >= 0 else { return nil }
    guard draws(along: length) else { return nil }
    var result: [ClosedRange<Double>] = []
    // Position of the pattern's start relative to the stroke's start.
    var at = -phase(offset)
    var i = 0
    while at <= length {
      let size = lengths[i]
      let end = at + size
      if i % 2 == 0, end >= 0 {
        let lower = max(at, 0)
        let upper = min(end, length)
        if lower <= upper { result.append(lower...upper) }
      }
      at = end
      i = (i + 1) % lengths.count
      if at == -Double.infinity || !at.isFinite { break }
    }
    return result
  }
}

/// Every ``DashPattern`` set in this process, interned as ``PaintMixes``
/// are: a view's `dash` lane holds the id (1, 2, …) of its pattern, 0 for
/// a solid stroke. Ids are never reused or removed. Guarded by a lock.
public enum DashPatterns {
  private static let table = InternTable<DashPattern>()

  /// The id of `pattern`, made on first use; 0 for none (solid).
  public static func id(of pattern: DashPattern?) -> Double {
    guard let pattern else { return 0 }
    return table.id(of: pattern)
  }

  /// The pattern of `id`, nil for 0 (solid) or an id never made.
  public static func pattern(_ id: Double) -> DashPattern? {
    table.value(id)
  }
}

/// A stroke's dashes as a renderer sets them (Cairo's `cairo_set_dash`,
/// SVG's `stroke-dasharray` and `stroke-dashoffset`): the pattern's lengths
/// and the phase, 0 ≤ phase < period, at which each subpath of the trimmed
/// piece starts.
public struct StrokeDash: Sendable, Equatable {
  public let lengths: [Double]
  public let phase: Double
}

extension PropertyReading {
  /// The dash pattern of the stroke (SPEC §21.3), nil for a solid one.
  public func dashPattern() -> DashPattern? {
    DashPatterns.pattern(number(.dash))
  }

  /// The dashes the trimmed `piece` (in box points) is stroked with, in
  /// box points (a shape's pattern and offset times its viewBox scale,
  /// ``strokeScale(path:)``); nil when it is stroked solid: no pattern, or
  /// one that would cut it into more than ``DashPattern/maxDashes`` dashes
  /// (measured along the whole piece).
  public func strokeDash(along piece: Outline, path: ShapePath? = nil) -> StrokeDash? {
    guard var pattern = dashPattern() else { return nil }
    var offset = number(.dashOffset)
    if path != nil {
      let scale = strokeScale(path: path)
      guard let scaled = pattern.scaled(by: scale) else { return nil }
      pattern = scaled
      offset *= scale
    }
    guard pattern.draws(along: piece.length) else { return nil }
    return StrokeDash(lengths: pattern.lengths, phase: pattern.phase(offset))
  }
}
