/// The values of every property of one view: the record the scene stores
/// (numbers, choices and colours, laid out by `PropertyTable`) and the
/// objects kept beside it (strings, outlines).
public struct ViewState: Sendable, Equatable, PropertyReading {
  /// The record, `Property.recordWidth` doubles.
  public private(set) var record: [Double]
  /// The stored objects, `PropertyTable.objectWidth` of them.
  public private(set) var objects: [PropertyObject]

  /// Every property at its default.
  public init() { self = ViewState.defaults }

  /// Every property of `table` at its default.
  public init(table: PropertyTable) {
    var record = [Double](repeating: 0, count: table.recordWidth)
    var objects = [PropertyObject](repeating: .none, count: table.objectWidth)
    for p in table.properties {
      let d = table.declarations[p.index]
      if p.lanes == 0 {
        objects[p.slot] = d.defaultObject
      } else {
        for lane in 0..<p.lanes { record[p.slot + lane] = d.defaultValue[lane] }
      }
    }
    self.record = record
    self.objects = objects
  }

  private static let defaults = ViewState(table: .standard)

  /// The state held in one record read in place and its objects.
  init(record: ViewRecord, objects: ArraySlice<PropertyObject>) {
    self.record = (0..<Property.recordWidth).map { record.recordValue(at: $0) }
    self.objects = Array(objects)
  }

  /// The state of a record copied out (`Property.recordWidth` doubles) and
  /// its objects.
  init(record: [Double], objects: ArraySlice<PropertyObject>) {
    self.record = record
    self.objects = Array(objects)
  }

  /// A number or choice property (lane 0 of a colour).
  public subscript(_ property: Property) -> Double {
    get { record[property.slot] }
    set { record[property.slot] = newValue }
  }

  /// A property held in the record, as the clock moves it (all four lanes
  /// of a colour; lane 0 of a number).
  public subscript(value property: Property) -> PropertyValue {
    get {
      property.lanes == 4
        ? PropertyValue(
          record[property.slot], record[property.slot + 1], record[property.slot + 2],
          record[property.slot + 3])
        : PropertyValue(record[property.slot], 0, 0, 0)
    }
    set {
      for lane in 0..<property.lanes { record[property.slot + lane] = newValue[lane] }
    }
  }

  /// A colour property.
  public subscript(color property: Property) -> Color {
    get {
      Color(
        r: record[property.slot], g: record[property.slot + 1], b: record[property.slot + 2],
        a: record[property.slot + 3])
    }
    set { self[value: property] = PropertyValue(newValue.r, newValue.g, newValue.b, newValue.a) }
  }

  public func recordValue(at slot: Int) -> Double { record[slot] }

  /// A string or outline property.
  public subscript(object property: Property) -> PropertyObject {
    get { objects[property.slot] }
    set { objects[property.slot] = newValue }
  }

  /// Whether `property` holds its declared default.
  public func isDefault(_ property: Property) -> Bool {
    let d = property.declaration
    if property.lanes == 0 { return self[object: property] == d.defaultObject }
    let v = self[value: property]
    for lane in 0..<property.lanes where v[lane] != d.defaultValue[lane] { return false }
    return true
  }

  /// The view's frame as (minX, minY, width, height); `x` and `y` are its centre.
  public var frame: (x: Double, y: Double, width: Double, height: Double) {
    let w = self[.width]
    let h = self[.height]
    return (self[.x] - w / 2, self[.y] - h / 2, w, h)
  }
}

/// Read access to a view's record by property: a `ViewState`, or a
/// `ViewRecord` that reads the scene's buffer in place (what renderers use
/// per frame, without copying).
public protocol PropertyReading {
  /// The double at `slot` of the record.
  func recordValue(at slot: Int) -> Double
}

extension PropertyReading {
  /// A number or choice property (lane 0 of a colour). Inlinable, as the
  /// other readers here: the renderers call them for every view of every
  /// frame, and a generic call across modules is not specialized.
  @inlinable
  public func number(_ property: Property) -> Double { recordValue(at: property.slot) }

  /// A number as a renderer draws it: clamped as its declaration says
  /// (alpha to 0…1, a corner radius to half the smaller side).
  @inline(__always)
  public func drawn(_ property: Property) -> Double {
    property.declaration.drawClamp.apply(
      number(property), width: number(.width), height: number(.height))
  }

  /// The gradient a paint property holds (SPEC §21.1), nil for a colour.
  @inlinable
  public func gradient(_ property: Property) -> Gradient? {
    let s = property.slot
    guard recordValue(at: s + Paint.markerLane) == .infinity else { return nil }
    guard
      case .gradient(let g) = Paint(
        PropertyValue(recordValue(at: s), recordValue(at: s + 1), 0, .infinity))
    else { return nil }
    return g
  }

  /// A colour property (a paint property holding a gradient reads as
  /// its lanes: test ``gradient(_:)`` first).
  @inlinable
  public func color(_ property: Property) -> Color {
    let s = property.slot
    return Color(
      r: recordValue(at: s), g: recordValue(at: s + 1), b: recordValue(at: s + 2),
      a: recordValue(at: s + 3))
  }
}

/// One view's record read in place in the scene's buffer: valid only inside
/// the `Scene.forEachDrawn` call that gives it.
public struct ViewRecord: PropertyReading {
  /// The view's slot 0; slot k is `RecordLayout.slotStride · k` further.
  let base: UnsafePointer<Double>

  @inline(__always)
  public func recordValue(at slot: Int) -> Double { base[slot &* RecordLayout.slotStride] }
}
