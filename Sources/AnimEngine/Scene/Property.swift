/// A property of a view: an index into `PropertyTable.standard`, with the
/// place its value is stored.
///
/// Every view stores its numbers, choices and colours in one record of
/// `Property.recordWidth` doubles (a number takes one slot, a colour four:
/// r, g, b, a), so the clock can write any of them as a small vector without
/// boxing; strings and outlines are kept beside the record. The scene keeps
/// the records in blocks of views, slot by slot (`RecordLayout`), and reads
/// them by slot through `ViewRecord`. The table's order is the order
/// `print v` lists them (SPEC §4, §16.1).
public struct Property: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The property's position in its table (its declaration order).
  public let index: Int
  /// Offset of its first slot within a view record, or, when `lanes` is 0,
  /// its place among the view's stored objects.
  public let slot: Int
  /// Slots in the record: 1 for numbers and choices, 4 for colours, 0 for
  /// strings and outlines (stored beside the record).
  public let lanes: Int

  init(index: Int, slot: Int, lanes: Int) {
    self.index = index
    self.slot = slot
    self.lanes = lanes
  }

  public static func == (a: Property, b: Property) -> Bool { a.index == b.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// Doubles per view record in the standard table.
  public static let recordWidth = PropertyTable.standard.recordWidth

  /// Every property of the standard table, in print order.
  public static var allCases: [Property] { PropertyTable.standard.properties }

  /// Its declaration in the standard table.
  public var declaration: PropertyDeclaration { PropertyTable.standard.declarations[index] }

  /// How scripts may use it (its declaration's `access`, read in place
  /// rather than through a copy of the whole declaration).
  public var access: PropertyAccess { PropertyTable.standard.declarations[index].access }

  /// Its declaration in `table`.
  public func declaration(in table: PropertyTable) -> PropertyDeclaration {
    table.declarations[index]
  }

  /// The name used in scripts (`view.alpha`).
  public var name: String { declaration.name }

  public var description: String { name }

  /// The property a script name refers to in the standard table, or nil.
  public static func named(_ name: String) -> Property? {
    PropertyTable.standard.property(named: name)
  }
}

/// A property value as the clock moves it: numbers use lane 0, colours all four
/// lanes (r, g, b, a in 0…1).
public typealias PropertyValue = SIMD4<Double>
