import AnimEngine

/// A group of views (from `grid`, `group NAME = [...]`, or a list of views).
public struct ViewGroup: Sendable, Equatable {
  public var name: String
  public var members: [ViewID]
  public init(name: String, members: [ViewID]) {
    self.name = name
    self.members = members
  }
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
  /// A gradient, `linear(…)` or `radial(…)` (SPEC §21.1).
  case gradient(Gradient)
  /// A gradient's stop `(offset, colour)`: a pair whose second item is a
  /// colour.
  case stop(Double, Color)
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
    case .view: return "view"
    case .group: return "group"
    case .motion: return "motion"
    case .handle: return "run handle"
    case .function: return "function"
    case .easing: return "easing"
    case .sort: return "sort function"
    case .range: return "range"
    case .list: return "list"
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

/// The items of a list value, with how deeply lists nest in it and how many
/// items it holds in all, kept so that the limits cost nothing to check.
///
/// Lists share their items, so `x = [x, x]` in a loop doubles a list's size
/// at each step for a few bytes, and `x = [x]` deepens it by one: printing,
/// comparing or freeing such a list recurses over all of it. A list may hold
/// at most `maximumSize` items, nested lists' items included, and nest at
/// most `maximumDepth` deep.
public struct ValueList: RandomAccessCollection {
  public let items: [Value]
  /// 1 for a list without lists in it.
  public let depth: Int
  /// Items in all, counting every item of every nested list.
  public let size: Int

  /// Most levels of lists in lists (the parser's nesting limit).
  public static let maximumDepth = 256
  /// Most items a list holds in all, nested lists' items included.
  public static let maximumSize = 1_000_000

  /// A list of `items`, or nil when it would pass one of the limits.
  init?(_ items: [Value]) {
    var depth = 1
    var size = items.count
    for case .list(let inner) in items {
      depth = Swift.max(depth, inner.depth + 1)
      size += inner.size
    }
    guard depth <= ValueList.maximumDepth, size <= ValueList.maximumSize else { return nil }
    self.items = items
    self.depth = depth
    self.size = size
  }

  public var startIndex: Int { items.startIndex }
  public var endIndex: Int { items.endIndex }
  public subscript(position: Int) -> Value { items[position] }
}
