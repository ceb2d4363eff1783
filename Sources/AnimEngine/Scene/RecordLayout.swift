/// Where the scene keeps each view's record in its buffer: views in blocks
/// of `blockViews`, and within a block each slot of the record (as
/// `PropertyTable` numbers them) for all the block's views side by side —
/// slot 0 of views 0…63, then slot 1 of views 0…63, and so on.
///
/// Why not one record after another: the clock's frame loop writes one or
/// two numbers of many views (W1: every tile's `alpha`). With whole records
/// in a row, consecutive views' alphas lie a record apart (312 bytes for 39
/// slots), so every write lands on a cache line of its own and the lines a
/// frame touches grow with every property the table gains. In blocks, the
/// alphas of eight consecutive views share one 64-byte line whatever the
/// record's width, and a block's are eight lines in a row, which the
/// processor fetches ahead; reading a whole view (a renderer) walks one
/// block of 20 KB. A block holds whole slots of whole views, so an index never
/// depends on how many views the buffer has room for: the scene grows by
/// copying its buffer, and the indices tracks keep stay valid.
///
/// Only the scene, its `ViewRecord` and this type compute indices; everyone
/// else reads and writes by property.
public struct RecordLayout: Sendable, Equatable {
  /// Views per block: a slot of a block is 64 doubles, eight cache lines
  /// in a row. (Blocks of 8 views, one line per slot, measured slower on
  /// W1 under load: bench/record_layout_sim.c, BENCHMARKS.md.)
  public static let blockViews = 64
  /// How far apart, in doubles, the buffer keeps consecutive slots of one
  /// view (the lanes of a colour are consecutive slots).
  public static let slotStride = blockViews
  /// Doubles per view record: the table's record width.
  public let width: Int

  /// The layout of records of `width` doubles.
  public init(width: Int) { self.width = width }

  /// The layout of the standard table's records.
  public static let standard = RecordLayout(width: PropertyTable.standard.recordWidth)

  /// The buffer index of slot `slot` of view `view`.
  @inline(__always)
  public func index(view: Int, slot: Int) -> Int {
    (view / Self.blockViews) &* (width &* Self.blockViews) &+ slot &* Self.slotStride
      &+ view % Self.blockViews
  }

  /// The doubles a buffer needs to hold `views` views (whole blocks).
  public func capacity(views: Int) -> Int {
    (views + Self.blockViews - 1) / Self.blockViews * Self.blockViews * width
  }

  /// The view and slot at buffer index `index` (a view past the scene's
  /// count is the unused rest of the last block).
  public func place(of index: Int) -> (view: Int, slot: Int) {
    let blockSize = width * Self.blockViews
    let block = index / blockSize
    let inBlock = index % blockSize
    return (block * Self.blockViews + inBlock % Self.blockViews, inBlock / Self.blockViews)
  }
}
