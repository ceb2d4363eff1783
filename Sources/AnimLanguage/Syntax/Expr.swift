/// An expression node of the syntax tree: what it is (`kind`) and where it is (`range`).
///
/// `description` prints it as an S-expression for the REPL's `:ast`, e.g.
/// `(binary + (call fade out 1) (call fade in 1))`.
public struct Expr: Sendable, Hashable {
  /// The shapes an expression can take.
  ///
  /// Only the cases that hold another expression are `indirect` (boxed), so
  /// the leaves (numbers, strings, names), about half of all nodes, cost no
  /// allocation: this matters for parsing speed.
  public enum Kind: Sendable, Hashable {
    /// A number literal: its value converted to seconds or degrees (`300ms` is
    /// 0.3, `1rad` is 57.2957...) and the unit it was written with, `nil` when bare.
    case number(Double, unit: NumberUnit?)
    /// A string literal with its escapes resolved.
    case string(String)
    /// A string with interpolations, `"total: \(n)"` (SPEC §23.1): its
    /// literal pieces and expressions in order.
    case interpolation([InterpolationPart])
    /// A record literal `{month: "Jan", sales: 120}` (SPEC §23.1).
    case record([RecordField])
    /// `[for x in xs: body]` or `[for x in xs if condition: body]`: a list
    /// of `body` for each item of `sequence` (SPEC §23.1).
    indirect case comprehension(
      variable: Identifier, sequence: Expr, condition: Expr?, body: Expr)
    /// `true` or `false`.
    case bool(Bool)
    /// A name: a variable, a builtin, or a bare symbol such as `in` or `topLeft`
    /// (the interpreter decides which).
    case identifier(String)
    /// `(a, b)` or more elements: a point (two elements) or tuple. `(e)` alone
    /// is only grouping and produces `e` itself.
    case tuple([Expr])
    /// `[a, b, c]`, possibly empty.
    case list([Expr])
    /// `callee(arguments)`, e.g. `move(to: (100, 0), 1, ease: outQuad)`.
    indirect case call(callee: Expr, arguments: [Argument])
    /// `base.name`, e.g. `view.alpha`, `h.state`, `g.count`.
    indirect case member(Expr, name: Identifier)
    /// `base[index]`, e.g. `tiles[3]`.
    indirect case index(Expr, index: Expr)
    /// `-operand`.
    indirect case negate(Expr)
    /// `not operand`: the negation of a boolean (SPEC §20).
    indirect case not(Expr)
    /// `left op right` for every binary operator, including `on`, `|`, ranges,
    /// comparisons and the short-circuit `and` and `or`.
    indirect case binary(BinaryOperator, Expr, Expr)
    /// `a + b + c …` or `a | b | c …`: three or more operands of one `+` or
    /// `|` written one after another, kept flat (SPEC §14.5) so a chain of
    /// 100 000 parts costs neither recursion nor quadratic work. It means the
    /// same as the left-associated binary operators.
    case chain(BinaryOperator, [Expr])
    /// `run motion` or `run motion as name`: starts a run and yields its handle.
    /// Only allowed as the value of `let` or of an assignment (`h = run m`); a
    /// `run` statement is `Stmt.Kind.run`.
    indirect case run(motion: Expr, alias: Identifier?)
  }

  /// What the expression is.
  public var kind: Kind
  /// The source it covers, from its first to its last token.
  public var range: SourceRange

  /// Creates an expression node.
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// A name written in the source, with its range (for declarations, labels,
/// member names and parameters, so diagnostics can point at the name itself).
public struct Identifier: Sendable, Hashable, CustomStringConvertible {
  /// The name as written.
  public var name: String
  /// Where it is written.
  public var range: SourceRange

  /// Creates an identifier.
  public init(_ name: String, range: SourceRange) {
    self.name = name
    self.range = range
  }

  public var description: String { name }
}

/// A piece of an interpolated string: text as written (escapes resolved),
/// or an expression whose value is shown as `print` shows it.
public enum InterpolationPart: Sendable, Hashable {
  case text(String)
  case value(Expr)
}

/// One field of a record literal: `name: value` (the name an identifier or
/// a string).
public struct RecordField: Sendable, Hashable {
  /// The field's name, where it is written.
  public var name: Identifier
  /// Its value.
  public var value: Expr

  /// Creates a field.
  public init(name: Identifier, value: Expr) {
    self.name = name
    self.value = value
  }
}

/// One argument of a call or declaration: `value` or `label: value`.
public struct Argument: Sendable, Hashable {
  /// The label before `:`, if any (`to` in `move(to: (1, 2), 1)`).
  public var label: Identifier?
  /// The argument's value.
  public var value: Expr

  /// Creates an argument.
  public init(label: Identifier?, value: Expr) {
    self.label = label
    self.value = value
  }

  /// From the label (or the value when unlabelled) to the end of the value.
  public var range: SourceRange {
    (label?.range ?? value.range).through(value.range)
  }
}

/// The binary operators, loosest first by precedence group.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
  // Logic, short-circuit: the right operand is evaluated only when the left
  // one does not decide (SPEC §20). `not` sits between `and` and the
  // comparisons; it is a prefix, `Expr.Kind.not`.
  case or = "or"
  case and = "and"
  // Comparison (non-associative: `a < b < c` is an error).
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case approximatelyEqual = "~="
  // Range (non-associative).
  case halfOpenRange = "..<"
  case closedRange = "..."
  // Binding a motion to a target: `m on view`.
  case on = "on"
  // Parallel composition: `a | b`.
  case parallel = "|"
  // Sequence and arithmetic.
  case add = "+"
  case subtract = "-"
  // Repetition and arithmetic.
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  /// The operator as written.
  public var spelling: String { rawValue }

  /// The operator's precedence; a higher value binds tighter.
  public var precedence: Precedence {
    switch self {
    case .or: .or
    case .and: .and
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .approximatelyEqual:
      .comparison
    case .halfOpenRange, .closedRange: .range
    case .on: .on
    case .parallel: .parallel
    case .add, .subtract: .additive
    case .multiply, .divide, .remainder: .multiplicative
    }
  }

  /// Whether the operator is a comparison (what `expect` wants at its top).
  public var isComparison: Bool { precedence == .comparison }

  /// Whether the operator is `and` or `or`, which evaluate their right
  /// operand only when the left one does not decide.
  public var isLogical: Bool { self == .and || self == .or }

  /// Binary operator precedence groups, loosest first. All groups are
  /// left-associative except comparison and range, which do not chain.
  /// `not` binds tighter than `and` and looser than the comparisons.
  public enum Precedence: Int, Sendable, Comparable {
    case or = 1
    case and
    case comparison
    case range
    case on
    case parallel
    case additive
    case multiplicative

    /// Whether two operators of this group may follow each other unparenthesised.
    public var isAssociative: Bool { self != .comparison && self != .range }

    public static func < (lhs: Precedence, rhs: Precedence) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
  }
}
