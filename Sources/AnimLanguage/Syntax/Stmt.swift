import AnimEngine

/// A statement node of the syntax tree: what it is (`kind`) and where it is
/// (`range`, from its first token to its last, used by the REPL and by `expect`).
///
/// `description` prints it as an S-expression, e.g. `(run (binary * blink 100))`.
public struct Stmt: Sendable, Hashable {
  /// The shapes a statement can take.
  public indirect enum Kind: Sendable, Hashable {
    /// `view NAME`, `rect NAME(x: 10, alpha: 1, ...)`: a view of a kind of
    /// `ViewKind.table`; every argument has a label but a text's string,
    /// which may come first (`text title("Hello", size: 32)`). `children` are
    /// the view declarations of a block after it (`layer car(…) { rect body(…) }`),
    /// each a child of this view (SPEC §17).
    case viewDeclaration(
      kind: ViewKind, name: Identifier, index: Expr?, arguments: [Argument], children: [Stmt])
    /// `sound NAME("file")`: a sound from a file ffmpeg decodes, relative to
    /// the script's folder (SPEC §22); `pathRange` is where the string is.
    case soundDeclaration(name: Identifier, path: String, pathRange: SourceRange)
    /// `grid NAME(cols: 5, rows: 5, size: 100, gap: 0)`; every argument has a label.
    case gridDeclaration(name: Identifier, arguments: [Argument])
    /// `stage(width: 400, height: 300, origin: (0, 0), background: black)`;
    /// every argument has a label and is optional.
    case stage(arguments: [Argument])
    /// `group NAME = expr`.
    case groupDeclaration(name: Identifier, value: Expr)
    /// `let NAME = expr` (the value may be a `run` expression).
    case letBinding(name: Identifier, value: Expr)
    /// `target = expr`; the target is an identifier or a chain of members and
    /// indexes rooted at one (`view.alpha`, `tiles[3].x`); the value may be a
    /// `run` expression.
    case assignment(target: Expr, value: Expr)
    /// `def NAME(a, b) = expr`.
    case functionDefinition(name: Identifier, parameters: [Identifier], body: Expr)
    /// `for NAME in expr { ... }`.
    case forLoop(variable: Identifier, sequence: Expr, body: [Stmt])
    /// `if C { ... } else if C2 { ... } else { ... }`: the first branch whose
    /// condition is true runs, else the `else` block if there is one.
    case conditional(branches: [ConditionalBranch], otherwise: [Stmt]?)
    /// `import "path"`.
    case importFile(path: String)
    /// `print a, b, ...` (possibly no values: an empty line).
    case print([Expr])
    /// `trace a, b every interval for duration`.
    case trace(values: [Expr], interval: Expr, duration: Expr)
    /// `expect condition` or `expect condition within tolerance`.
    case expect(condition: Expr, tolerance: Expr?)
    /// `seed n`.
    case seed(Expr)
    /// `reset`.
    case reset
    /// `fps n`.
    case fps(Expr)
    /// `step d` (seconds).
    case step(Expr)
    /// `step n frames` (or `step 1 frame`).
    case stepFrames(Expr)
    /// `tick`: one frame.
    case tick
    /// `step to t`: to an absolute time.
    case stepTo(Expr)
    /// `step until h`: until a run ends.
    case stepUntil(Expr)
    /// `settle`: until every finite run has ended.
    case settle
    /// `clear h` or `clear all`.
    case clear(RunTarget)
    /// `cancel h` or `cancel all`.
    case cancel(RunTarget)
    /// `finish h` or `finish all`.
    case finish(RunTarget)
    /// `pause h` or `pause all`.
    case pause(RunTarget)
    /// `resume h` or `resume all`.
    case resume(RunTarget)
    /// `restart h`.
    case restart(Expr)
    /// `seek h to t`: sets a run's local time (SPEC §14.2).
    case seek(run: Expr, time: Expr)
    /// `reverse h`: plays a run the other way (`h.speed = -h.speed`).
    case reverse(Expr)
    /// `flush` (the same as `clear all`).
    case flush
    /// `pool`: list the live runs.
    case pool
    /// `on run EVENT { ... }`.
    case handler(run: Expr, event: HandlerEvent, body: [Stmt])
    /// `run motion` or `run motion as name`.
    case run(motion: Expr, alias: Identifier?)
    /// Any other expression on its own.
    case expression(Expr)
  }

  /// What the statement is.
  public var kind: Kind
  /// The source it covers, from its first token to its last.
  public var range: SourceRange

  /// Creates a statement node.
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// What `clear`, `cancel`, `finish`, `pause` and `resume` apply to.
public enum RunTarget: Sendable, Hashable {
  /// The word `all`: every live run.
  case all
  /// A run handle expression.
  case run(Expr)
}

/// The event a handler waits for.
public enum HandlerEvent: Sendable, Hashable, CustomStringConvertible {
  /// The run ended (finished or cancelled).
  case done
  /// The run (or a part) started.
  case start
  /// A boundary of the run's top-level repetition passed.
  case `repeat`
  /// `mark "name"`: a `mark("name")` in the motion passed.
  case mark(String)

  /// The event as written: `done`, `start`, `repeat`, `mark "name"`.
  public var description: String {
    switch self {
    case .done: "done"
    case .start: "start"
    case .repeat: "repeat"
    case .mark(let name): "mark \(SyntaxFormat.quoted(name))"
    }
  }
}

/// One `if C { ... }` or `else if C { ... }` of a conditional statement.
public struct ConditionalBranch: Sendable, Hashable {
  /// The condition, which must evaluate to a boolean.
  public var condition: Expr
  /// The block that runs when the condition is true (its own scope).
  public var body: [Stmt]

  /// Creates a branch.
  public init(condition: Expr, body: [Stmt]) {
    self.condition = condition
    self.body = body
  }
}
