/// Identifies a view of a scene: its index in declaration order.
public typealias ViewID = Int32

/// The model of views that the clock animates.
///
/// Property values live in one flat buffer (`Property.recordWidth` doubles per
/// view, laid out by `RecordLayout`) that the clock writes through a raw
/// pointer: stepping touches dense memory, never allocates, and pays no
/// copy-on-write or exclusivity check per write.
public final class Scene {
  /// The value buffer, laid out by `layout`; reallocated only when a view
  /// is declared.
  private(set) var buffer: UnsafeMutablePointer<Double>
  /// Views the buffer has room for (whole blocks).
  private var capacity: Int
  /// Where each view's record lives in `buffer`.
  public let layout = RecordLayout.standard
  /// View names in declaration order (`tiles[3]` for grid members).
  public private(set) var names: [String] = []
  /// The state each view was declared with; `reset` returns to it.
  public private(set) var declared: [ViewState] = []
  /// The kind of each view, in declaration order.
  public private(set) var kinds: [ViewKind] = []
  /// The string and outline values (`PropertyTable.objectWidth` per view),
  /// kept beside the record: the clock never writes them.
  private(set) var objects: [PropertyObject] = []
  private var index: [String: ViewID] = [:]
  /// The `text` views, whose boxes `layOutTexts` keeps live (SPEC §18).
  private var textViews: [ViewID] = []
  /// How many views are of kind `text`, letters included.
  private var textKindCount = 0
  /// Whether any view is a `text` (a letter included): known without
  /// reading every view's kind, which every run asks.
  public var hasTexts: Bool { textKindCount > 0 }
  /// The region a renderer draws, as a script's `stage` statement set it.
  /// `reset` keeps it: it belongs to the declarations, not to the clock.
  public var stage = StageSettings()
  /// Views declared but not drawn: a host that makes a default view (`view`)
  /// lists it here until a script uses it (SPEC §12.1). A list, not a set:
  /// it holds that one view at most.
  public var hiddenViews: [ViewID] = []
  /// Each `shape`'s parsed path data in its viewBox, set at its declaration
  /// (`d` and `viewBox` are fixed there; the box stretches the path).
  public private(set) var paths: [ViewID: ShapePath] = [:]
  /// Each view's parent (SPEC §17), or -1 for a view at the root.
  var parentIndex: [ViewID] = []
  /// Each view's children, in declaration order.
  var childIndex: [[ViewID]] = []
  /// Each view's depth in the tree: 0 at the root.
  var depthIndex: [Int32] = []
  /// The views in paint order (SPEC §17), made again after the tree changes.
  var cachedTreeOrder: [ViewID]?
  /// Whether any view has a parent: renderers draw a flat scene without
  /// composing transforms.
  public internal(set) var hasTree = false
  /// The texts' letters (SPEC §18), made when a script first reads them.
  var letterBook = LetterBook()
  /// A problem a motion met while the clock wrote it, until the clock
  /// throws it (``report(_:)``).
  var pendingProblem: EngineError?
  /// Told which views stopped being letters (their text's string changed),
  /// so the clock stops the runs writing them.
  var onRetire: (([ViewID]) -> Void)?

  /// Each `image` view's picture (SPEC §21.4), read at its declaration
  /// (`src` is fixed there; the box and `fit` place it).
  public private(set) var images: [ViewID: ImageSource] = [:]

  /// Sets (or, with nil, removes) the path a `shape` view draws.
  public func setPath(_ path: ShapePath?, of id: ViewID) { paths[id] = path }

  /// Sets (or, with nil, removes) the picture an `image` view draws.
  public func setImage(_ image: ImageSource?, of id: ViewID) { images[id] = image }

  /// The most views a scene holds, the default `view` included; past it a
  /// declaration is refused rather than exhausting memory (beside `view`, a
  /// 999×1000 grid is the largest the limit admits).
  public static let maximumViews = 1_000_000

  public init() {
    capacity = RecordLayout.blockViews
    buffer = Self.allocate(layout.capacity(views: capacity))
  }

  /// A copy of `other` as it stands: its values, strings, paths, pictures,
  /// tree and letters, with no link to a clock (``drawingCopy()``).
  private init(copying other: Scene) {
    capacity = other.capacity
    buffer = Self.allocate(layout.capacity(views: capacity))
    take(other)
  }

  /// Makes this scene (a copy, linked to no clock) `other` as it stands:
  /// its values copied into this buffer, which holds at least as many
  /// views, the rest shared until either side changes it.
  private func take(_ other: Scene) {
    buffer.update(from: other.buffer, count: layout.capacity(views: other.count))
    names = other.names
    declared = other.declared
    kinds = other.kinds
    textKindCount = other.textKindCount
    objects = other.objects
    index = other.index
    textViews = other.textViews
    stage = other.stage
    hiddenViews = other.hiddenViews
    paths = other.paths
    parentIndex = other.parentIndex
    childIndex = other.childIndex
    depthIndex = other.depthIndex
    cachedTreeOrder = other.cachedTreeOrder
    hasTree = other.hasTree
    letterBook = other.letterBook
    images = other.images
  }

  /// A copy of the scene as it stands now, that a renderer may draw on
  /// another thread while this scene steps on (`anim render --jobs`):
  /// texts laid out and the paint order made first, so that the copy
  /// draws exactly what this scene would draw now. Its array storage is
  /// shared until either side changes it; its values are copied (the
  /// views' records, ``valueBytes(views:)``).
  public func drawingCopy() -> Scene {
    if !textViews.isEmpty { layOutTexts() }
    if hasTree { _ = treeOrder }
    return Scene(copying: self)
  }

  /// A ``drawingCopy()`` made in `old`, an earlier drawing copy no one else
  /// holds, when its buffer has room for this scene's views (no memory
  /// taken, zeroed and faulted in again at every frame: a renderer keeping
  /// the last scene it drew makes one a frame), else a new one.
  public func drawingCopy(reusing old: Scene?) -> Scene {
    guard let old, old !== self, old.capacity >= count else { return drawingCopy() }
    if !textViews.isEmpty { layOutTexts() }
    if hasTree { _ = treeOrder }
    old.take(self)
    return old
  }

  /// Whether drawing this scene gives exactly what drawing `other` gives:
  /// the same views of the same kinds, values the same bit for bit, the
  /// same strings and outlines, paths, pictures, tree, hidden views and
  /// stage — all that a ``drawingCopy()`` takes but the names and declared
  /// states, which are not drawn (and what follows from the rest: the paint
  /// order, the letters). A renderer that keeps a copy of the last scene it
  /// drew need not draw one that draws alike (``FrameCanvas``: a hold
  /// costs a comparison, not a frame).
  public func drawsAlike(_ other: Scene) -> Bool {
    if !textViews.isEmpty { layOutTexts() }
    if !other.textViews.isEmpty { other.layOutTexts() }
    guard count == other.count, kinds == other.kinds, hasTree == other.hasTree,
      stage == other.stage, hiddenViews == other.hiddenViews,
      parentIndex == other.parentIndex, childIndex == other.childIndex,
      objects == other.objects, paths == other.paths, images == other.images
    else { return false }
    // Bit patterns (NaN is NaN; −0 and +0, which a renderer may tell
    // apart, are not alike), a chunk at a time to stop at the first that
    // differs: a scene in motion differs early.
    let n = layout.capacity(views: count)
    return buffer.withMemoryRebound(to: UInt64.self, capacity: n) { mine in
      other.buffer.withMemoryRebound(to: UInt64.self, capacity: n) { theirs in
        var start = 0
        while start < n {
          let end = min(start + 256, n)
          var differ: UInt64 = 0
          for i in start..<end { differ |= mine[i] ^ theirs[i] }
          if differ != 0 { return false }
          start = end
        }
        return true
      }
    }
  }

  /// The bytes of the values of a scene of `views` views: what a
  /// ``drawingCopy()`` of it copies.
  public static func valueBytes(views: Int) -> Int {
    RecordLayout.standard.capacity(views: max(views, 1)) * MemoryLayout<Double>.stride
  }

  deinit { UnsafeMutableRawPointer(buffer).deallocate() }

  /// A zeroed buffer of `count` doubles, each block on its own cache lines
  /// (freed as raw memory, as it was allocated).
  private static func allocate(_ count: Int) -> UnsafeMutablePointer<Double> {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: count * MemoryLayout<Double>.stride, alignment: 64)
    return raw.initializeMemory(as: Double.self, repeating: 0, count: count)
  }

  /// Number of declared views.
  public var count: Int { names.count }

  /// A copy of every value, one record after another (`Property.recordWidth`
  /// doubles per view, in declaration order).
  public var values: [Double] {
    if !textViews.isEmpty { layOutTexts() }
    var result: [Double] = []
    result.reserveCapacity(count * layout.width)
    for id in 0..<count {
      let view = record(of: ViewID(id))
      for slot in 0..<layout.width { result.append(view.recordValue(at: slot)) }
    }
    return result
  }

  /// Calls `body` with the scene's buffer read in place, without copying:
  /// `layout.capacity(views: count)` doubles laid out by `layout` (the
  /// unused rest of the last block holds zeros).
  public func withBuffer<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
    if !textViews.isEmpty { layOutTexts() }
    return try body(UnsafeBufferPointer(start: buffer, count: layout.capacity(views: count)))
  }

  /// Declares a view of `kind`, or redeclares an existing one with a new
  /// kind and state.
  @discardableResult
  public func declare(_ name: String, kind: ViewKind = .view, state: ViewState = ViewState())
    -> ViewID
  {
    if let id = index[name] {
      declared[Int(id)] = state
      if kinds[Int(id)] == .text { textKindCount -= 1 }
      if kind == .text { textKindCount += 1 }
      kinds[Int(id)] = kind
      textViews.removeAll { $0 == id }
      if kind == .text { textViews.append(id) }
      set(id, state)
      if !letterBook.isEmpty { redeclaredLetters(of: id) }
      return id
    }
    let id = appendView(name, kind: kind, state: state)
    if kind == .text { textViews.append(id) }
    index[name] = id
    return id
  }

  /// Adds a view at the end: room in the buffer, no parent, no children,
  /// its state set.
  private func appendView(_ name: String, kind: ViewKind, state: ViewState) -> ViewID {
    let id = ViewID(names.count)
    makeRoomForAView()
    names.append(name)
    parentIndex.append(-1)
    childIndex.append([])
    depthIndex.append(0)
    cachedTreeOrder = nil
    declared.append(state)
    kinds.append(kind)
    if kind == .text { textKindCount += 1 }
    objects.append(contentsOf: state.objects)
    set(id, state)
    return id
  }

  /// Grows the buffer when it is full, before a view is declared.
  private func makeRoomForAView() {
    guard names.count == capacity else { return }
    // Indices do not depend on the capacity: the buffer is copied as is.
    let grown = Self.allocate(layout.capacity(views: capacity * 2))
    grown.update(from: buffer, count: layout.capacity(views: capacity))
    UnsafeMutableRawPointer(buffer).deallocate()
    buffer = grown
    capacity *= 2
  }

  /// Declares one letter of a text (SPEC §18): a `text` view named
  /// `name` that no script can name (letters are reached through their
  /// text's `letters`), laid out by its text rather than by itself.
  func declareLetter(_ name: String, state: ViewState) -> ViewID {
    appendView(name, kind: .text, state: state)
  }

  /// The view declared under `name`.
  public func view(named name: String) -> ViewID? { index[name] }

  /// The name of view `id`.
  public func name(of id: ViewID) -> String { names[Int(id)] }

  /// The kind of view `id`.
  public func kind(of id: ViewID) -> ViewKind { kinds[Int(id)] }

  /// The current state of view `id`.
  public func state(of id: ViewID) -> ViewState {
    // A letter's followed properties as its text gives them now (SPEC §18).
    if !letterBook.isEmpty, let owner = letterBook.owners[id] {
      followLetters(of: owner.text, only: owner.index)
    }
    let objectBase = Int(id) * PropertyTable.standard.objectWidth
    var state = ViewState(
      record: record(of: id),
      objects: objects[objectBase..<objectBase + PropertyTable.standard.objectWidth])
    if kinds[Int(id)] == .text, !isLetter(id), let box = try? TextView(state).box() {
      // A text's box is its layout at its size now (SPEC §18): read-only,
      // and live while its size or tracking animates.
      state[.width] = box.width
      state[.height] = box.height
    }
    return state
  }

  /// What text view `id` shows and how it is laid out now, for drawing its
  /// outline; nil for a view of another kind.
  public func textView(_ id: ViewID) -> TextView? {
    guard kinds[Int(id)] == .text else { return nil }
    var text = ownTextView(id)
    if !letterBook.isEmpty {
      text.context = letterContext(of: id)
      text.drawnAsLetters = hasLetters(id)
      // A letter past its text's `shown` is not drawn (SPEC §23.2).
      if let owner = letterBook.owners[id], owner.index >= ownTextView(owner.text).letterLimit {
        text.letterLimit = 0
      }
    }
    return text
  }

  /// What text view `id` shows, read from its record alone (not whether
  /// it has letters or is one).
  func ownTextView(_ id: ViewID) -> TextView {
    let objectBase = Int(id) * PropertyTable.standard.objectWidth
    return TextView(record(of: id)) {
      objects[objectBase + $0.slot]
    }
  }

  /// Sets the string text view `id` shows (a scramble's target when it
  /// starts, SPEC §23.2).
  public func setText(of id: ViewID, to text: String) {
    guard kinds[Int(id)] == .text else { return }
    setObject(id, .text, .string(text))
  }

  /// The value a motion that takes slot `slot` over starts from: what the
  /// scene holds, but a text's `shown` at "all" (its default) is the number
  /// of its letters (SPEC §23.2).
  func motionStart(slot: Int, lanes: Int) -> PropertyValue {
    let value = read(slot: slot, lanes: lanes)
    let place = layout.place(of: slot)
    guard place.slot == Property.shown.slot, kinds[place.view] == .text,
      value[0] >= Double(TextView.allLetters)
    else { return value }
    let text = ownTextView(ViewID(place.view))
    let count = TextShaping.shapeOrEmpty(text.shown, font: text.request).letters.count
    return PropertyValue(min(value[0], Double(count)), 0, 0, 0)
  }

  /// Sets one string or outline property of view `id`.
  func setObject(_ id: ViewID, _ property: Property, _ value: PropertyObject) {
    objects[Int(id) * PropertyTable.standard.objectWidth + property.slot] = value
  }

  /// Writes each text's box, laid out at its size, tracking and string now,
  /// into its record's width and height (SPEC §18: read-only, so nothing
  /// else writes them): what reads records in place (`forEachDrawn`, the
  /// renderers' anchors and drawn bounds) sees the live box.
  public func layOutTexts() {
    for id in textViews {
      let objectBase = Int(id) * PropertyTable.standard.objectWidth
      let text = TextView(record(of: id)) { objects[objectBase + $0.slot] }
      guard let box = try? text.box() else { continue }
      buffer[Self.slot(id, .width)] = box.width
      buffer[Self.slot(id, .height)] = box.height
    }
    if !letterBook.isEmpty { followLetters() }
  }

  /// Replaces every property of view `id`.
  public func set(_ id: ViewID, _ state: ViewState) {
    for (slot, v) in state.record.enumerated() {
      buffer[layout.index(view: Int(id), slot: slot)] = v
    }
    let objectBase = Int(id) * PropertyTable.standard.objectWidth
    for (offset, v) in state.objects.enumerated() { objects[objectBase + offset] = v }
  }

  /// A string or outline property of view `id`, as it is now.
  public func object(_ id: ViewID, _ property: Property) -> PropertyObject {
    objects[Int(id) * PropertyTable.standard.objectWidth + property.slot]
  }

  /// The value of one property held in the record.
  public func value(_ id: ViewID, _ property: Property) -> PropertyValue {
    read(slot: Self.slot(id, property), lanes: property.lanes)
  }

  /// Every view's values at one moment (a copy), to compare with later.
  public struct Snapshot: Sendable {
    /// Every record, one after another (`Scene.values`).
    private let values: [Double]
    private let objects: [PropertyObject]
    /// The number of views then.
    public let count: Int

    /// The state view `id` had then (`id` < `count`).
    public func state(of id: ViewID) -> ViewState {
      let width = Property.recordWidth
      let objectWidth = PropertyTable.standard.objectWidth
      let i = Int(id)
      return ViewState(
        record: Array(values[i * width..<(i + 1) * width]),
        objects: objects[i * objectWidth..<(i + 1) * objectWidth])
    }

    init(values: [Double], objects: [PropertyObject], count: Int) {
      self.values = values
      self.objects = objects
      self.count = count
    }
  }

  /// A copy of every view's values.
  public func snapshot() -> Snapshot {
    layOutTexts()
    return Snapshot(values: values, objects: objects, count: count)
  }

  /// Calls `body` with each view a renderer draws, in declaration order: its
  /// id, kind, and record read in place (valid only during the call).
  @inline(__always)
  public func forEachDrawn(_ body: (ViewID, ViewKind, ViewRecord) throws -> Void) rethrows {
    if !textViews.isEmpty { layOutTexts() }
    for i in 0..<count where isDrawn(ViewID(i)) {
      try body(ViewID(i), kinds[i], record(of: ViewID(i)))
    }
  }

  /// Calls `body` with every view, hidden ones included, as `forEachDrawn`.
  @inline(__always)
  public func forEachView(_ body: (ViewID, ViewKind, ViewRecord) throws -> Void) rethrows {
    if !textViews.isEmpty { layOutTexts() }
    for i in 0..<count {
      try body(ViewID(i), kinds[i], record(of: ViewID(i)))
    }
  }

  /// Index in `buffer` of a property's first slot (its lane 0) of view `id`;
  /// lane k is `RecordLayout.slotStride · k` further.
  @inline(__always)
  static func slot(_ id: ViewID, _ property: Property) -> Int {
    RecordLayout.standard.index(view: Int(id), slot: property.slot)
  }

  /// The lanes of a property whose lane 0 is at `slot` in `buffer`.
  @inline(__always)
  func read(slot: Int, lanes: Int) -> PropertyValue {
    if lanes == 1 { return PropertyValue(buffer[slot], 0, 0, 0) }
    let s = RecordLayout.slotStride
    return PropertyValue(buffer[slot], buffer[slot + s], buffer[slot + 2 * s], buffer[slot + 3 * s])
  }

  /// Writes the lanes of a property whose lane 0 is at `slot` in `buffer`.
  @inline(__always)
  func write(slot: Int, lanes: Int, _ v: PropertyValue) {
    buffer[slot] = v[0]
    if lanes == 4 {
      let s = RecordLayout.slotStride
      buffer[slot + s] = v[1]; buffer[slot + 2 * s] = v[2]; buffer[slot + 3 * s] = v[3]
    }
  }

  /// Whether a renderer draws view `id` (declared, and not hidden).
  public func isDrawn(_ id: ViewID) -> Bool {
    (hiddenViews.isEmpty || !hiddenViews.contains(id)) && !isRetired(id)
  }

  /// Restores every view to its declared state.
  public func restoreDeclared() {
    for (i, state) in declared.enumerated() { set(ViewID(i), state) }
    forgetLetterWrites()
  }
}
