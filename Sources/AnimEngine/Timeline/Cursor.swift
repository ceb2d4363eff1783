#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks a projected track in time order, starting each segment as the clock
/// reaches it. Cursors are built once per run and reset (not rebuilt) for each
/// play of a repeat, so stepping allocates nothing per frame.
class Cursor {
  /// Run-local start time of the next segment; `.infinity` when none is left.
  var nextStart: Double = .infinity

  /// Starts the next segment, fixing its values through `r`; the segment is
  /// then `r.current` (nothing is copied out: this runs at every segment start).
  func pop(_ r: inout Resolver) {}

  /// Rewinds to the first segment, as if this part started at `base`.
  func reset(base: Double) {}

  /// The alike plays of the repeat in progress, once known (see `AlikePlays`).
  func alikePlays() -> AlikePlays? { nil }

  /// Skips whole plays that end before `t` when they are known to be alike
  /// (`AlikePlays`), so skipping them changes no value; returns the number
  /// of segments skipped (on the event track: events passed unseen).
  func skipAlikePlays(to t: Double, _ r: inout Resolver) -> Int { 0 }

  /// Builds the cursor of `node` placed at `base`, its times multiplied by
  /// `scale` (1 / the product of enclosing speeds).
  static func make(_ node: TrackNode, base: Double, scale: Double, events: Bool) -> Cursor {
    switch node {
    case .leaf(let leaf):
      return LeafCursor(leaf, base: base, scale: scale)
    case .group(let children):
      let cursors = children.map {
        (
          offset: $0.offset * scale,
          cursor: make($0.node, base: base + $0.offset * scale, scale: scale, events: events)
        )
      }
      let group = GroupCursor(cursors, base: base)
      // A `reverse(m)` after m reads the values m's play started from.
      for (k, child) in children.enumerated() {
        guard case .reversed(_, _, let retracing?) = child.node,
          let composite = cursors[k].cursor as? CompositeCursor,
          let j = cursors.indices.first(where: {
            $0 != k && cursors[$0].offset == retracing * scale
          })
        else { continue }
        composite.retraced = group.remember(child: j)
      }
      return group
    case .repeating(let body, let period, let count, let emitsRepeat):
      return RepeatCursor(
        body: make(body, base: base, scale: scale, events: events), period: period * scale,
        count: count, emitsRepeat: emitsRepeat, base: base,
        knownPlay: events || emitsRepeat ? nil : KnownPlay(body, scale: scale))
    case .speed(let body, let k):
      return make(body, base: base, scale: scale / k, events: events)
    case .reversed(let body, let d, _):
      return CompositeCursor(
        body: body, duration: d, mode: .reversed, base: base, scale: scale, events: events)
    case .yoyo(let body, let d):
      return CompositeCursor(
        body: body, duration: d, mode: .yoyo, base: base, scale: scale, events: events)
    case .eased(let body, let e, let d):
      return CompositeCursor(
        body: body, duration: d, mode: .eased(e), base: base, scale: scale, events: events)
    case .prepared(let body, let delay):
      return PreparedCursor(
        make(body, base: base + delay * scale, scale: scale, events: events), delay: delay * scale,
        base: base)
    }
  }
}

/// The value and velocity a track had when a play started (for a
/// `reverse` that retraces it, SPEC §23.3); nil before it starts.
final class PlayStart {
  var value: PropertyValue?
  var velocity = 0.0
}

/// How far apart two computations of one instant may be: times built by adding
/// offsets (0.1 + 0.2, base + k·period) differ from the same instant reached by
/// stepping in their last bits. 1e-12 of the time, thousands of ulps, yet
/// small enough that far into a long repeat (t = 5e8 s) it is still well under
/// a frame. (Not swift-numerics' `isApproximatelyEqual`: this scales by one
/// given time, not the larger of two values, and is mostly used one-sided.)
@inline(__always)
func tolerance(_ t: Double) -> Double { 1e-12 * max(1, abs(t)) }

/// Whether an instant `start` has been reached at time `t`.
@inline(__always)
func reached(_ start: Double, _ t: Double) -> Bool {
  start <= t + tolerance(t)
}

final class LeafCursor: Cursor {
  let leaf: TrackLeaf
  let scale: Double
  var base: Double

  init(_ leaf: TrackLeaf, base: Double, scale: Double) {
    self.leaf = leaf
    self.scale = scale
    self.base = base
    super.init()
    nextStart = base
  }

  override func pop(_ r: inout Resolver) {
    nextStart = .infinity
    r.resolve(leaf, start: base, duration: leaf.duration * scale, timeScale: scale)
  }

  override func reset(base: Double) {
    self.base = base
    nextStart = base
  }
}

/// Children at offsets, merged by start time. At one start the later child
/// starts last, so it takes the property over (the right operand of `|` wins).
///
/// A small group scans its children for the next start; a large one (a chain
/// of thousands of parts, SPEC §14.5) keeps them in a binary heap ordered by
/// (next start, index), so each segment start costs O(log n), not O(n).
final class GroupCursor: Cursor {
  var children: [(offset: Double, cursor: Cursor)]
  /// Children with a segment left, as a min-heap on (next start, index);
  /// used when the group has more than `scanLimit` children.
  private var heap: [Int] = []
  private let usesHeap: Bool

  /// Most children a group scans linearly; past it, the heap pays for itself.
  static let scanLimit = 8

  init(_ children: [(offset: Double, cursor: Cursor)], base: Double) {
    self.children = children
    usesHeap = children.count > Self.scanLimit
    super.init()
    if usesHeap { rebuildHeap() }
    refresh()
  }

  private func next() -> Int? {
    if usesHeap { return heap.first }
    if children.count == 1 { return children[0].cursor.nextStart < .infinity ? 0 : nil }
    var best: Int?
    for i in children.indices where children[i].cursor.nextStart < .infinity {
      if best == nil || children[i].cursor.nextStart < children[best!].cursor.nextStart { best = i }
    }
    return best
  }

  private func refresh() {
    nextStart = next().map { children[$0].cursor.nextStart } ?? .infinity
  }

  /// The start of child `j`'s play, kept for a `reverse` that retraces it.
  func remember(child j: Int) -> PlayStart {
    if let box = remembered[j] { return box }
    let box = PlayStart()
    remembered[j] = box
    started = [Bool](repeating: false, count: children.count)
    return box
  }

  /// The children whose start values are kept (see `remember(child:)`).
  private var remembered: [Int: PlayStart] = [:]
  /// Which of them started in this play of the group.
  private var started: [Bool] = []

  override func pop(_ r: inout Resolver) {
    guard let i = next() else { return }
    if let box = remembered[i], !started[i] {
      started[i] = true
      let t = children[i].cursor.nextStart
      box.value = r.value(at: t)
      box.velocity = r.velocity(at: t)
    }
    children[i].cursor.pop(&r)
    if usesHeap {
      if children[i].cursor.nextStart < .infinity {
        siftDown(0)
      } else {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
      }
    }
    refresh()
  }

  override func reset(base: Double) {
    for child in children { child.cursor.reset(base: base + child.offset) }
    if !remembered.isEmpty {
      started = [Bool](repeating: false, count: children.count)
      for box in remembered.values { box.value = nil }
    }
    if usesHeap { rebuildHeap() }
    refresh()
  }

  // MARK: Heap

  @inline(__always)
  private func before(_ x: Int, _ y: Int) -> Bool {
    let a = children[x].cursor.nextStart
    let b = children[y].cursor.nextStart
    return a < b || (a == b && x < y)
  }

  private func rebuildHeap() {
    heap = children.indices.filter { children[$0].cursor.nextStart < .infinity }
    var i = heap.count / 2
    while i > 0 {
      i -= 1
      siftDown(i)
    }
  }

  private func siftDown(_ start: Int) {
    var i = start
    let n = heap.count
    while true {
      let l = 2 * i + 1
      guard l < n else { return }
      var m = l
      if l + 1 < n && before(heap[l + 1], heap[l]) { m = l + 1 }
      guard before(heap[m], heap[i]) else { return }
      heap.swapAt(i, m)
      i = m
    }
  }

  /// The one child with segments left when every other has played all of
  /// its own (or the lone child): only its alike plays may be skipped, since
  /// a sibling still to start could read its start value from a skipped
  /// segment. `fade(out, 1) + fade(in, 1) * forever` skips once the fade out
  /// has started.
  private var soleLiveChild: Cursor? {
    if children.count == 1 { return children[0].cursor }
    if usesHeap { return heap.count == 1 ? children[heap[0]].cursor : nil }
    var live: Cursor?
    for child in children where child.cursor.nextStart < .infinity {
      if live != nil { return nil }
      live = child.cursor
    }
    return live
  }

  override func alikePlays() -> AlikePlays? { soleLiveChild?.alikePlays() }

  override func skipAlikePlays(to t: Double, _ r: inout Resolver) -> Int {
    guard let child = soleLiveChild else { return 0 }
    let skipped = child.skipAlikePlays(to: t, &r)
    if usesHeap && skipped > 0 { rebuildHeap() }
    refresh()
    return skipped
  }
}
