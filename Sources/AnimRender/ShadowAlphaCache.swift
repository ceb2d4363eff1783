/// Drop shadows' blurred alphas already computed, kept by exactly what they
/// were computed from (issue 33: 200 cards alike, at one sub-pixel phase a
/// frame, blur the same alpha 200 times a frame).
///
/// A shadow's blurred alpha (``CairoCanvas/shadowAlpha(_:_:sx:sy:needed:)``)
/// is a function of the picture's alpha (clamped to 0…1), of where the
/// picture lies in the blurred region and that region's size, and of σ
/// along each axis: nothing else is read. An entry holds those inputs — the
/// alpha bit for bit, the geometry relative to the picture — and the
/// result; a shadow whose inputs equal an entry's bit for bit is given the
/// entry's result, which is what computing it again would give, to the
/// bit (the same arithmetic on the same doubles; no fused operation
/// depends on where the memory is).
///
/// Bounded: ``entryCount`` entries, each at most ``mostPixels`` pixels of
/// blurred region (a larger shadow is computed each time, in the filters'
/// own buffer); the least recently used entry is replaced.
final class ShadowAlphaCache {
  /// The geometry and σ of one blurred alpha: σ as drawn along x and y (bit
  /// patterns), the picture's size, its offset in the region, the region's
  /// size.
  struct Key: Equatable {
    var sx: UInt64, sy: UInt64
    var columns: Int, rows: Int
    var left: Int, top: Int
    var width: Int, height: Int
  }

  /// One blurred alpha and what it was computed from.
  final class Entry {
    var key: Key?
    /// The picture's clamped alpha, `columns × rows`, row by row.
    var source: UnsafeMutablePointer<Double>
    var sourceCapacity: Int
    /// The blurred alpha over the region, `width × height`, row by row.
    var alpha: UnsafeMutablePointer<Double>
    var alphaCapacity: Int
    /// When it was last used (a count of lookups).
    var used = 0

    init() {
      source = .allocate(capacity: 1)
      sourceCapacity = 1
      alpha = .allocate(capacity: 1)
      alphaCapacity = 1
    }

    /// Makes ``alpha`` hold at least `count` doubles (contents undefined).
    func reserveAlpha(_ count: Int) {
      guard alphaCapacity < count else { return }
      alpha.deallocate()
      alpha = .allocate(capacity: count)
      alphaCapacity = count
    }

    deinit {
      source.deallocate()
      alpha.deallocate()
    }
  }

  /// How many blurred alphas are kept.
  static let entryCount = 4
  /// The largest blurred region kept, in pixels (2 MB of doubles).
  static let mostPixels = 1 << 18

  private var entries: [Entry] = []
  private var clock = 0
  /// The picture's alpha being looked up, gathered by the caller
  /// (``gather(_:)``); it becomes the source of the entry that replaces
  /// another on a miss.
  private var scratch: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
  private var scratchCapacity = 1
  /// How many shadows were given a kept alpha (for tests and statistics).
  private(set) var hits = 0

  deinit { scratch.deallocate() }

  /// A buffer of at least `count` doubles for the picture's clamped alpha,
  /// row by row, to be filled by the caller before ``find(_:)`` or
  /// ``keep(_:)``.
  func gather(_ count: Int) -> UnsafeMutablePointer<Double> {
    if scratchCapacity < count {
      scratch.deallocate()
      scratch = .allocate(capacity: count)
      scratchCapacity = count
    }
    return scratch
  }

  /// The kept blurred alpha computed for `key` from the alpha now in the
  /// gathered buffer, if one is kept.
  func find(_ key: Key) -> UnsafeMutablePointer<Double>? {
    clock += 1
    let count = key.columns * key.rows
    for entry in entries where entry.key == key {
      // Bit for bit (−0 is not +0, a NaN is itself), so that the result
      // kept is exactly what computing it would give.
      let kept = UnsafeRawPointer(entry.source).assumingMemoryBound(to: UInt64.self)
      let wanted = UnsafeRawPointer(scratch).assumingMemoryBound(to: UInt64.self)
      var i = 0
      while i < count, kept[i] == wanted[i] { i += 1 }
      guard i == count else { continue }
      entry.used = clock
      hits += 1
      return entry.alpha
    }
    return nil
  }

  /// An entry for `key` holding the gathered alpha as its source, its
  /// ``Entry/alpha`` holding `key.width × key.height` doubles for the caller
  /// to compute the blurred alpha into; nil when the region is too large
  /// to keep.
  func keep(_ key: Key) -> Entry? {
    let pixels = key.width * key.height
    guard pixels <= Self.mostPixels else { return nil }
    let entry: Entry
    if entries.count < Self.entryCount {
      entry = Entry()
      entries.append(entry)
    } else {
      entry = entries.min { $0.used < $1.used }!
    }
    // The gathered alpha becomes the entry's source; its old source the
    // next gathering buffer.
    swap(&entry.source, &scratch)
    swap(&entry.sourceCapacity, &scratchCapacity)
    entry.key = key
    entry.used = clock
    entry.reserveAlpha(pixels)
    return entry
  }
}
