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
  case list([Value])
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
    case user(parameters: [String], body: Expr, closure: Environment)
  }
  init(name: String, body: Body) {
    self.name = name
    self.body = body
  }
}
