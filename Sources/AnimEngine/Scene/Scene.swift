/// Identifies a view of a scene: its index in declaration order.
public typealias ViewID = Int32

/// The model of views that the clock animates.
///
/// Property values live in one flat array (`Property.recordWidth` doubles per
/// view) so that stepping touches contiguous memory and never allocates.
public final class Scene {
  /// Current values, one record per view.
  public internal(set) var values: [Double] = []
  /// View names in declaration order (`tiles[3]` for grid members).
  public private(set) var names: [String] = []
  /// The state each view was declared with; `reset` returns to it.
  public private(set) var declared: [ViewState] = []
  private var index: [String: ViewID] = [:]

  /// The most views a scene holds; past it a declaration is refused rather than
  /// exhausting memory (a 1000×1000 grid is the largest the limit admits).
  public static let maximumViews = 1_000_000

  public init() {}

  /// Number of declared views.
  public var count: Int { names.count }

  /// Declares a view, or redeclares an existing one with a new state.
  @discardableResult
  public func declare(_ name: String, state: ViewState = ViewState()) -> ViewID {
    if let id = index[name] {
      declared[Int(id)] = state
      set(id, state)
      return id
    }
    let id = ViewID(names.count)
    names.append(name)
    declared.append(state)
    values.append(contentsOf: state.record)
    index[name] = id
    return id
  }

  /// The view declared under `name`.
  public func view(named name: String) -> ViewID? { index[name] }

  /// The name of view `id`.
  public func name(of id: ViewID) -> String { names[Int(id)] }

  /// The current state of view `id`.
  public func state(of id: ViewID) -> ViewState {
    let base = Int(id) * Property.recordWidth
    return ViewState(record: values[base..<(base + Property.recordWidth)])
  }

  /// Replaces every property of view `id`.
  public func set(_ id: ViewID, _ state: ViewState) {
    let base = Int(id) * Property.recordWidth
    for (offset, v) in state.record.enumerated() { values[base + offset] = v }
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
    if lanes == 1 { return PropertyValue(values[slot], 0, 0, 0) }
    return PropertyValue(values[slot], values[slot + 1], values[slot + 2], values[slot + 3])
  }

  @inline(__always)
  func write(slot: Int, lanes: Int, _ v: PropertyValue) {
    values[slot] = v[0]
    if lanes == 4 {
      values[slot + 1] = v[1]; values[slot + 2] = v[2]; values[slot + 3] = v[3]
    }
  }

  /// Restores every view to its declared state.
  public func restoreDeclared() {
    for (i, state) in declared.enumerated() { set(ViewID(i), state) }
  }
}
