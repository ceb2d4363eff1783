/// A record value, `{month: "Jan", sales: 120}` (SPEC §23.1): named fields
/// in the order they were written, read as `r.month` or `r["sales"]`.
///
/// Records are values, as lists are: setting a field of a copy leaves the
/// original as it was. The field names live in a `RecordShape` that records
/// built alike share (every row a `csv()` reads has its header's), so a
/// file's rows cost their values and not their names again; depth and size
/// count toward the limits of the list holding them (`ValueList`).
public struct ValueRecord {
  /// The names of the fields, in order.
  public let shape: RecordShape
  /// The fields' values, in the shape's order.
  public private(set) var values: [Value]
  /// 1 for a record without lists or records in it.
  public private(set) var depth: Int
  /// Fields in all, counting the items of nested lists and records.
  public private(set) var size: Int

  /// A record of `values` named by `shape` (as many as it has names), or
  /// nil when it would pass a limit of `ValueList`.
  init?(shape: RecordShape, values: [Value]) {
    var depth = 1
    var size = values.count
    for value in values {
      let (valueDepth, valueSize) = value.nesting
      if valueDepth > 0 {
        depth = max(depth, valueDepth + 1)
        size += valueSize
      }
    }
    guard depth <= ValueList.maximumDepth, size <= ValueList.maximumSize else { return nil }
    self.shape = shape
    self.values = values
    self.depth = depth
    self.size = size
  }

  /// The field named `name`, if the record has one.
  public subscript(name: String) -> Value? {
    shape.position(of: name).map { values[$0] }
  }

  /// Sets field `position` to `value`; false, changing nothing, when the
  /// record would pass a limit.
  mutating func set(_ position: Int, to value: Value) -> Bool {
    let (oldDepth, oldSize) = values[position].nesting
    let (newDepth, newSize) = value.nesting
    let size = self.size - oldSize + newSize
    guard newDepth + 1 <= ValueList.maximumDepth, size <= ValueList.maximumSize else {
      return false
    }
    values[position] = value
    self.size = size
    if newDepth + 1 > depth {
      depth = newDepth + 1
    } else if oldDepth + 1 == depth, newDepth < oldDepth {
      depth = values.reduce(1) { max($0, $1.nesting.depth + 1) }
    }
    return true
  }

  /// The record with a field `name` added at the end, set to `value`; nil
  /// when it would pass a limit.
  func adding(_ name: String, _ value: Value) -> ValueRecord? {
    ValueRecord(shape: RecordShape(shape.names + [name]), values: values + [value])
  }

  /// The fields as (name, value) pairs, in order.
  public var fields: Zip2Sequence<[String], [Value]> { zip(shape.names, values) }
}

/// The names of a record's fields, in order, shared by records built alike.
public final class RecordShape: Sendable {
  /// The names, in order; no two alike.
  public let names: [String]
  /// Name → position, for records with many fields; a few are scanned.
  private let index: [String: Int]

  /// Records with more fields than this look their names up by hashing.
  private static let indexedFrom = 8

  /// A shape of `names` (distinct).
  public init(_ names: [String]) {
    self.names = names
    var index: [String: Int] = [:]
    if names.count > Self.indexedFrom {
      for (position, name) in names.enumerated() { index[name] = position }
    }
    self.index = index
  }

  /// Where `name` is among the fields.
  public func position(of name: String) -> Int? {
    if names.count > Self.indexedFrom { return index[name] }
    return names.firstIndex(of: name)
  }
}
