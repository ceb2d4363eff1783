import AnimEngine

/// A group of views (from `grid`, `group NAME = [...]`, a list of views,
/// or the members of a family, `rect bar[i](…)`).
public struct ViewGroup: Sendable, Equatable {
  public var name: String
  public var members: [ViewID]
  /// For a family (SPEC §23.1), the indices its members were declared with,
  /// in order: `bar[i]` is the member declared as `bar[i]`.
  public var family: FamilyIndices?

  public init(name: String, members: [ViewID], family: FamilyIndices? = nil) {
    self.name = name
    self.members = members
    self.family = family
  }
}

/// The indices of a family's members, in increasing order.
public enum FamilyIndices: Sendable, Equatable {
  /// 0, 1, 2, …: a member's index is its position.
  case dense
  /// Any other whole numbers ≥ 0.
  case sparse([Int])
}

/// Everything a script's expressions evaluate to (SPEC §3).
public enum Value {
  case number(Double)
  case bool(Bool)
  case string(String)
  /// A bare word that is not bound to a value: `in`, `out`, `forever`, `outQuad`.
  case symbol(String)
  case point(Double, Double)
  case color(Color)
  /// A gradient, `linear(…)` or `radial(…)` (SPEC §21.1). (Boxed, as is a
  /// stop: every value is as large as its largest unboxed case.)
  indirect case gradient(Gradient)
  /// A gradient's stop `(offset, colour)`: a pair whose second item is a
  /// colour.
  indirect case stop(Double, Color)
  /// Four numbers `(tl, tr, br, bl)`: a rectangle's corner radii (SPEC
  /// §21.3), the one place a tuple has four items.
  indirect case corners(CornerRadii)
  case view(ViewID)
  case group(ViewGroup)
  case motion(Motion)
  case handle(RunHandle)
  case function(Function)
  case easing(Easing)
  case sort(SortSpec)
  /// `a..<b` or `a...b`.
  case range(Double, Double, inclusive: Bool)
  /// A list literal `[a, b, c]` that is not a group of views.
  case list(ValueList)
  /// A declared sound (`sound NAME("file")`, SPEC §22).
  case sound(DeclaredSound)
  /// A record, `{month: "Jan", sales: 120}` (SPEC §23.1).
  case record(ValueRecord)
  /// The value of something that has none (a `def`, an `on` handler).
  case none

  /// The type's name as diagnostics say it.
  public var typeName: String {
    switch self {
    case .number: return "number"
    case .bool: return "bool"
    case .string: return "string"
    case .symbol: return "symbol"
    case .point: return "point"
    case .color: return "color"
    case .gradient: return "gradient"
    case .stop: return "stop"
    case .corners: return "corner radii"
    case .view: return "view"
    case .group: return "group"
    case .motion: return "motion"
    case .handle: return "run handle"
    case .function: return "function"
    case .easing: return "easing"
    case .sort: return "sort function"
    case .range: return "range"
    case .list: return "list"
    case .sound: return "sound"
    case .record: return "record"
    case .none: return "nothing"
    }
  }
}

/// A function value: a builtin or a `def`.
public final class Function {
  public let name: String
  let body: Body
  enum Body {
    case builtin(Builtin)
    /// A `def`; `file` is the file it was written in (an import's, maybe),
    /// which errors in its body point into.
    case user(parameters: [String], body: Expr, closure: Environment, file: SourceFile)
  }
  init(name: String, body: Body) {
    self.name = name
    self.body = body
  }
}

/// The items of a list value, with how deeply lists (and records) nest in
/// it and how many items it holds in all, kept so that the limits cost
/// nothing to check.
///
/// A list is a value (SPEC §23.1): `ys = xs; ys[0] = 9` leaves `xs` as it
/// was. Copies share their items until one is changed (Swift's arrays copy
/// on write), so `x = [x, x]` in a loop doubles a list's size at each step
/// for a few bytes, and `x = [x]` deepens it by one: printing, comparing or
/// freeing such a list recurses over all of it. A list may hold at most
/// `maximumSize` items, nested lists' and records' items included, and nest
/// at most `maximumDepth` deep.
public struct ValueList: RandomAccessCollection {
  public private(set) var items: [Value]
  /// 1 for a list without lists or records in it.
  public private(set) var depth: Int
  /// Items in all, counting every item of every nested list and record.
  public private(set) var size: Int
  /// How many of its items are groups: a list holding one is a group where
  /// it is indexed (SPEC §20), found without walking a data file's rows.
  public private(set) var groupCount: Int

  /// Most levels of lists and records in lists (the parser's nesting limit).
  public static let maximumDepth = 256
  /// Most items a list holds in all, nested lists' and records' included:
  /// a data file of 10 MB has a million cells and more (SPEC §23.1).
  public static let maximumSize = 10_000_000

  /// A list of `items`, or nil when it would pass one of the limits.
  init?(_ items: [Value]) {
    var depth = 1
    var size = items.count
    var groupCount = 0
    for item in items {
      if case .group = item { groupCount += 1 }
      let (itemDepth, itemSize) = item.nesting
      if itemDepth > 0 {
        depth = Swift.max(depth, itemDepth + 1)
        size += itemSize
      }
    }
    guard depth <= ValueList.maximumDepth, size <= ValueList.maximumSize else { return nil }
    self.items = items
    self.depth = depth
    self.size = size
    self.groupCount = groupCount
  }

  /// Sets item `index` (in range) to `value`; false, changing nothing, when
  /// the list would pass a limit.
  mutating func set(_ index: Int, to value: Value) -> Bool {
    let (oldDepth, oldSize) = items[index].nesting
    let (newDepth, newSize) = value.nesting
    let size = self.size - oldSize + newSize
    guard newDepth + 1 <= ValueList.maximumDepth, size <= ValueList.maximumSize else {
      return false
    }
    if case .group = items[index] { groupCount -= 1 }
    if case .group = value { groupCount += 1 }
    items[index] = value
    self.size = size
    if newDepth + 1 > depth {
      depth = newDepth + 1
    } else if oldDepth + 1 == depth, newDepth < oldDepth {
      // The deepest item may have gone: measure again.
      depth = items.reduce(1) { Swift.max($0, $1.nesting.depth + 1) }
    }
    return true
  }

  public var startIndex: Int { items.startIndex }
  public var endIndex: Int { items.endIndex }
  public subscript(position: Int) -> Value { items[position] }
}

extension Value {
  /// How deeply lists and records nest in this value (0 for any other
  /// value) and how many items they hold in all.
  var nesting: (depth: Int, size: Int) {
    switch self {
    case .list(let list): (list.depth, list.size)
    case .record(let record): (record.depth, record.size)
    default: (0, 0)
    }
  }
}
