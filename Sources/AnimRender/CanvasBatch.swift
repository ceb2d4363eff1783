extension CairoCanvas {
  /// The colour a view is filled with: the exact channels and opacity, and a
  /// key of them rounded to 16 bits that batches views of one look.
  struct Paint: Equatable {
    var key: UInt64
    var r, g, b, a: Double

    init(r: Double, g: Double, b: Double, a: Double) {
      func short(_ v: Double) -> UInt64 { UInt64((min(max(v, 0), 1) * 65535).rounded()) }
      key = short(r) << 48 | short(g) << 32 | short(b) << 16 | short(a)
      self.r = r
      self.g = g
      self.b = b
      self.a = a
    }

    static func == (x: Paint, y: Paint) -> Bool { x.key == y.key }
  }

  /// Consecutive views of one paint (to 16 bits) whose bounds do not
  /// overlap: their shapes are filled into the mask as one path (a few
  /// hundred fills per frame instead of ten thousand for a big grid), then
  /// each member is blended with its own exact colour over its own bounds.
  struct Batch {
    struct Member {
      var paint: Paint
      var bounds: (Double, Double, Double, Double)
    }
    private(set) var members: [Member] = []
    /// Whether every member's shape may have its coverage reused
    /// (``CoverageCache``): filled outlines, turned or rounded rectangles.
    private(set) var reusable = false
    private var key: UInt64 = 0
    private var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0

    /// Whether a view of `paint` within `bounds` may join the batch: the
    /// same paint, no overlap with the members, and a union that stays
    /// mostly covered (the blend walks the members' bounds only).
    func accepts(_ paint: Paint, _ bounds: (Double, Double, Double, Double)) -> Bool {
      guard !members.isEmpty else { return true }
      guard key == paint.key, members.count < 4096 else { return false }
      return bounds.0 >= maxX || bounds.2 <= minX || bounds.1 >= maxY || bounds.3 <= minY
    }

    /// Empties the batch, keeping its storage.
    mutating func reset() { members.removeAll(keepingCapacity: true) }

    mutating func add(
      _ paint: Paint, _ bounds: (Double, Double, Double, Double), reusable: Bool = false
    ) {
      if members.isEmpty {
        self.reusable = reusable
        key = paint.key
        (minX, minY, maxX, maxY) = bounds
      } else {
        minX = min(minX, bounds.0)
        minY = min(minY, bounds.1)
        maxX = max(maxX, bounds.2)
        maxY = max(maxY, bounds.3)
        self.reusable = self.reusable && reusable
      }
      members.append(Member(paint: paint, bounds: bounds))
    }
  }
}
