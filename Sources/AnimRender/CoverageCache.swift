import AnimEngine
import CCairo

/// Coverage masks Cairo has rasterised, kept by the exact shape rasterised,
/// so that the same shape at another whole-pixel position is copied instead
/// of rasterised again (issue 21: a grid of 2 500 stars trimmed alike
/// rasterises two distinct shapes 2 500 times a frame).
///
/// A shape is Cairo's own path in device space, in its 24.8 fixed-point
/// coordinates (read back with `cairo_copy_path`), taken relative to the
/// whole pixel under its first point, plus for a stroke the matrix's linear
/// part, the width, the cap and the join. Cairo's coverage of such a path
/// came out the same, pixel for pixel, at every whole-pixel offset tried,
/// for fills and for strokes of straight segments with round or bevel
/// joins (`bench/cairo_offsets.c`: 0 of 40 000 random fills of each kind
/// and 0 of 60 000 random such strokes differ). It is not for miter joins
/// (Cairo computes the miter point from absolute coordinates in doubles: 4
/// of 30 000 random strokes came out one level apart at one edge pixel) nor
/// for strokes of curves (2 of 50 000), so those are never looked up here.
struct CoverageCache {
  /// One rasterised shape: the rectangle of its non-zero coverage, relative
  /// to the key's origin pixel, and the 8-bit coverage in it, row by row.
  struct Entry {
    var x0: Int, y0: Int, width: Int, height: Int
    var coverage: [UInt8]
  }

  /// The coverage kept at most, in bytes (with a per-entry allowance): when
  /// it would grow past this, everything is forgotten and kept anew.
  static let byteLimit = 16 << 20

  /// Lookups are judged in rounds of `round` shapes per lane: a round where
  /// fewer than half were found makes the lane rest for `restLength`
  /// shapes. Reading a path back and hashing it costs about a microsecond,
  /// a miss twice that (its coverage is kept); a hit saves a rasterisation
  /// of two to fifteen microseconds. Tiles that each sit at their own
  /// sub-pixel offset (W1's tree drawn at about 0.69 pixel a point, where
  /// under 4 % of the tiles repeat) would pay it on every shape, 30 % more
  /// drawing time; resting, they pay it on 64 shapes in 2 112.
  static let round = 64
  static let restLength = 2048

  private var entries: [[Int64]: Entry] = [:]
  private var bytes = 0
  /// How many shapes were copied instead of rasterised (for tests and
  /// statistics).
  private(set) var reuses = 0
  /// Per lane (0 fills, 1 strokes): lookups and hits in this round, and
  /// shapes left to skip.
  private var looked = [0, 0]
  private var found = [0, 0]
  private var resting = [0, 0]

  /// Whether a shape of `lane` is worth looking up now; when not, it is
  /// counted towards the end of the lane's rest.
  mutating func tries(_ lane: Int) -> Bool {
    guard resting[lane] == 0 else {
      resting[lane] -= 1
      return false
    }
    return true
  }

  /// The shape of `cr`'s current path (read in device space: the caller has
  /// the identity matrix in force), headed by `head` (what else the
  /// coverage depends on), and its origin pixel; nil for an empty path or
  /// coordinates out of Cairo's range.
  static func shape(of cr: OpaquePointer, head: [Int64]) -> Shape? {
    guard let path = cairo_copy_path(cr) else { return nil }
    defer { cairo_path_destroy(path) }
    let count = Int(path.pointee.num_data)
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, count > 1, let data = path.pointee.data
    else { return nil }
    let first = data[1].point
    guard abs(first.x) < 1e7, abs(first.y) < 1e7 else { return nil }
    let ox = Int(first.x.rounded(.down))
    let oy = Int(first.y.rounded(.down))
    var key = head
    key.reserveCapacity(head.count + count * 2)
    var i = 0
    while i < count {
      let header = data[i].header
      let length = Int(header.length)
      guard length > 0 else { return nil }
      key.append(Int64(header.type.rawValue))
      for j in 1..<length {
        let p = data[i + j].point
        // Exact: Cairo hands back its 24.8 fixed-point values as doubles,
        // so the difference and the product are whole 256ths.
        key.append(Int64((p.x - Double(ox)) * 256))
        key.append(Int64((p.y - Double(oy)) * 256))
      }
      i += length
    }
    return Shape(key: key, x: ox, y: oy)
  }

  /// The coverage kept for `key` (its first number is its lane), counted
  /// as a reuse, or a miss.
  mutating func entry(for key: [Int64]) -> Entry? {
    let lane = Int(key[0])
    let entry = entries[key]
    looked[lane] += 1
    if entry != nil {
      found[lane] += 1
      reuses += 1
    }
    if looked[lane] == Self.round {
      if 2 * found[lane] < looked[lane] { resting[lane] = Self.restLength }
      looked[lane] = 0
      found[lane] = 0
    }
    return entry
  }

  /// Keeps `entry` for `key`.
  mutating func store(_ entry: Entry, for key: [Int64]) {
    let size = entry.coverage.count + key.count * 8 + 128
    if bytes + size > Self.byteLimit {
      entries.removeAll(keepingCapacity: true)
      bytes = 0
    }
    entries[key] = entry
    bytes += size
  }

  /// Whether every segment of `outline` is straight: its controls at one
  /// and two thirds of its chord, as ``CubicSegment/line(from:to:)`` puts
  /// them, to within 1e-9 of the chord's extent (a trimmed piece cuts an
  /// edge by de Casteljau's construction, which keeps the thirds only to
  /// within rounding).
  static func isStraight(_ outline: Outline) -> Bool {
    for subpath in outline.subpaths {
      var from = subpath.start
      for s in subpath.segments {
        let d = s.end - from
        let tolerance = 1e-9 * (abs(d.x) + abs(d.y))
        let c1 = s.control1 - (from + d / 3)
        let c2 = s.control2 - (from + 2 * d / 3)
        guard abs(c1.x) <= tolerance, abs(c1.y) <= tolerance, abs(c2.x) <= tolerance,
          abs(c2.y) <= tolerance
        else { return false }
        from = s.end
      }
    }
    return true
  }

  /// A shape whose coverage may be reused: its key and origin pixel.
  struct Shape {
    var key: [Int64]
    var x: Int, y: Int
  }
}
