/// Identifies a view of a scene: its index in declaration order.
public typealias ViewID = Int32

/// The model of views that the clock animates.
///
/// Property values live in one flat buffer (`Property.recordWidth` doubles per
/// view) that the clock writes through a raw pointer: stepping touches
/// contiguous memory, never allocates, and pays no copy-on-write or
/// exclusivity check per write.
public final class Scene {
  /// The value buffer; reallocated only when a view is declared.
  private(set) var storage: UnsafeMutablePointer<Double>
  private var capacity: Int
  /// View names in declaration order (`tiles[3]` for grid members).
  public private(set) var names: [String] = []
  /// The state each view was declared with; `reset` returns to it.
  public private(set) var declared: [ViewState] = []
  private var index: [String: ViewID] = [:]
  /// The region a renderer draws, as a script's `stage` statement set it.
  /// `reset` keeps it: it belongs to the declarations, not to the clock.
  public var stage = StageSettings()
  /// Views declared but not drawn: a host that makes a default view (`view`)
  /// lists it here until a script uses it (SPEC §12.1). A list, not a set:
  /// it holds that one view at most.
  public var hiddenViews: [ViewID] = []

  /// The most views a scene holds, the default `view` included; past it a
  /// declaration is refused rather than exhausting memory (beside `view`, a
  /// 999×1000 grid is the largest the limit admits).
  public static let maximumViews = 1_000_000

  public init() {
    capacity = 16 * Property.recordWidth
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Number of declared views.
  public var count: Int { names.count }

  /// A copy of every value, one record per view.
  public var values: [Double] {
    Array(UnsafeBufferPointer(start: storage, count: count * Property.recordWidth))
  }

  /// Calls `body` with the current values (one record per view), without copying.
  public func withValues<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: storage, count: count * Property.recordWidth))
  }

  /// Declares a view, or redeclares an existing one with a new state.
  @discardableResult
  public func declare(_ name: String, state: ViewState = ViewState()) -> ViewID {
    if let id = index[name] {
      declared[Int(id)] = state
      set(id, state)
      return id
    }
    let id = ViewID(names.count)
    let needed = (names.count + 1) * Property.recordWidth
    if needed > capacity {
      let grown = UnsafeMutablePointer<Double>.allocate(capacity: capacity * 2)
      grown.update(from: storage, count: names.count * Property.recordWidth)
      storage.deallocate()
      storage = grown
      capacity *= 2
    }
    names.append(name)
    declared.append(state)
    index[name] = id
    set(id, state)
    return id
  }

  /// The view declared under `name`.
  public func view(named name: String) -> ViewID? { index[name] }

  /// The name of view `id`.
  public func name(of id: ViewID) -> String { names[Int(id)] }

  /// The current state of view `id`.
  public func state(of id: ViewID) -> ViewState {
    let base = Int(id) * Property.recordWidth
    return ViewState(
      record: UnsafeBufferPointer(start: storage + base, count: Property.recordWidth))
  }

  /// Replaces every property of view `id`.
  public func set(_ id: ViewID, _ state: ViewState) {
    let base = Int(id) * Property.recordWidth
    for (offset, v) in state.record.enumerated() { storage[base + offset] = v }
  }

  /// The value of one property.
  public func value(_ id: ViewID, _ property: Property) -> PropertyValue {
    read(slot: Self.slot(id, property), lanes: property.lanes)
  }

  /// Sets one property.
  public func setValue(_ id: ViewID, _ property: Property, _ value: PropertyValue) {
    write(slot: Self.slot(id, property), lanes: property.lanes, value)
  }

  /// Index of a property's first slot in `values`.
  @inline(__always)
  static func slot(_ id: ViewID, _ property: Property) -> Int {
    Int(id) * Property.recordWidth + property.slot
  }

  @inline(__always)
  func read(slot: Int, lanes: Int) -> PropertyValue {
    if lanes == 1 { return PropertyValue(storage[slot], 0, 0, 0) }
    return PropertyValue(storage[slot], storage[slot + 1], storage[slot + 2], storage[slot + 3])
  }

  @inline(__always)
  func write(slot: Int, lanes: Int, _ v: PropertyValue) {
    storage[slot] = v[0]
    if lanes == 4 {
      storage[slot + 1] = v[1]; storage[slot + 2] = v[2]; storage[slot + 3] = v[3]
    }
  }

  /// Whether a renderer draws view `id` (declared, and not hidden).
  public func isDrawn(_ id: ViewID) -> Bool {
    hiddenViews.isEmpty || !hiddenViews.contains(id)
  }

  /// Restores every view to its declared state.
  public func restoreDeclared() {
    for (i, state) in declared.enumerated() { set(ViewID(i), state) }
  }
}
