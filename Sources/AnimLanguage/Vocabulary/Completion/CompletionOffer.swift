import AnimEngine

/// One thing that may be written at the cursor, as the completion engine
/// offers it: the language server sends it as a `CompletionItem`, the REPL
/// as a Tab candidate.
public struct CompletionOffer: Equatable, Sendable {
  /// What the offer is, for an editor's icon.
  public enum Kind: Sendable {
    case keyword, function, variable, property, field, value, constant, event, color
    /// A `.anim` file or a folder inside `import "`: the language server
    /// offers them from the files beside the document, never the engine.
    case file, folder
  }

  /// The text shown and matched against the word being typed.
  public var label: String
  /// What the offer is.
  public var kind: Kind
  /// The group it sorts in: 0 for what fits the context best (the values an
  /// option takes), then keywords, names, constants, builtins, colours.
  public var rank: Int
  /// A one-line description (a builtin's signature, a name's kind).
  public var detail: String?
  /// A longer description (a builtin's summary), Markdown.
  public var documentation: String?
  /// The text to insert, when it is not the label (`ease: ` for `ease:`).
  public var insert: String?

  /// An offer.
  public init(
    label: String, kind: Kind, rank: Int, detail: String? = nil, documentation: String? = nil,
    insert: String? = nil
  ) {
    self.label = label
    self.kind = kind
    self.rank = rank
    self.detail = detail
    self.documentation = documentation
    self.insert = insert
  }

  /// The lowest rank an offer has (colour names, offered wherever a value may go).
  public static let lastRank = 5
}

/// A name bound where the cursor is, as completion sees it.
public struct CompletionName: Sendable {
  /// What the name holds, as far as completion goes.
  public enum Kind: Sendable {
    case view, grid, group, runHandle, function
    /// A value that is none of the above (a number, a motion).
    case value
    /// A name whose value the host does not know (a parameter, a loop
    /// variable, a variable of a document not run): it may hold a view.
    case unknown
  }

  /// The name.
  public var name: String
  /// What it holds.
  public var kind: Kind
  /// How the host describes it (`loop variable`, `run handle`), if it does.
  public var detail: String?

  /// A bound name.
  public init(name: String, kind: Kind, detail: String? = nil) {
    self.name = name
    self.kind = kind
    self.detail = detail
  }
}

/// What the thing before a `.` has as members.
public enum MemberOwner: Sendable, Equatable {
  /// A view, of this kind when it is known.
  case view(ViewKind?)
  /// A group or a grid (`count`).
  case group
  /// A run handle (`state`, `time`, …).
  case handle
  /// A record with these fields (SPEC §23.1).
  case record([String])
  /// Something with no members (a number, a motion).
  case nothing
}

/// What the host knows of the names around the cursor: the language server
/// reads it from its analysis of the document, the REPL from its session.
public protocol CompletionScope {
  /// The names visible at the cursor that start with `prefix` (ignoring
  /// ASCII case), at most `limit` of them, the innermost first.
  func names(matching prefix: String, limit: Int) -> [CompletionName]

  /// What `base` has as members (`box`, `view`, `tiles[2]`); nil when the
  /// host does not know it (then every kind of member is offered).
  func owner(of base: String) -> MemberOwner?
}
