/// Every property a view can have, in `print` order, with the layout of the
/// record the scene stores per view and the aliases scripts may use.
///
/// The table computes each property's place: properties held in the record
/// (numbers, choices, colours) take consecutive slots in declaration order;
/// strings and outlines take consecutive places in the object list the scene
/// keeps beside the record. `standard` (in `PropertyTable+Standard.swift`) is
/// the table anim runs with; tests build others to check that the layout and
/// every consumer follow from the declarations alone.
///
/// A class, immutable once made: reading `standard` hands over one
/// reference, where a struct of five arrays and a dictionary was copied,
/// retained and released field by field, at every read (the name checker
/// reads it for every setting of every view).
public final class PropertyTable: Sendable {
  /// The declarations, in print order.
  public let declarations: [PropertyDeclaration]
  /// The properties, one per declaration, in the same order.
  public let properties: [Property]
  /// Doubles per view record.
  public let recordWidth: Int
  /// Stored objects (`PropertyObject`) per view.
  public let objectWidth: Int
  /// Names that stand for one or more properties (`scale`, `position`).
  public let aliases: [PropertyAlias]
  private let byName: NameTable<Int>

  /// A table of `declarations` (names must be distinct) and `aliases`.
  public init(_ declarations: [PropertyDeclaration], aliases: [PropertyAlias] = []) {
    var properties: [Property] = []
    var slot = 0
    var object = 0
    var byName = NameTable<Int>(minimumCapacity: declarations.count)
    for (i, d) in declarations.enumerated() {
      precondition(byName[d.name] == nil, "property '\(d.name)' declared twice")
      byName[d.name, default: i] = i
      if d.type.isInRecord {
        properties.append(Property(index: i, slot: slot, lanes: d.type.lanes))
        slot += d.type.lanes
      } else {
        properties.append(Property(index: i, slot: object, lanes: 0))
        object += 1
      }
    }
    self.declarations = declarations
    self.properties = properties
    self.recordWidth = slot
    self.objectWidth = object
    self.aliases = aliases.map { alias in
      var alias = alias
      alias.parts = alias.partNames.map { name in
        guard let i = byName[name] else {
          preconditionFailure("alias '\(alias.name)' names no property '\(name)'")
        }
        return properties[i]
      }
      return alias
    }
    self.byName = byName
  }

  /// The property a script name refers to, or nil (aliases are not properties).
  public func property(named name: String) -> Property? {
    byName[name].map { properties[$0] }
  }

  /// The alias a script name refers to, or nil.
  public func alias(named name: String) -> PropertyAlias? {
    aliases.first { $0.name == name }
  }

  /// The alias `name` means on a view of `kind`: none when the kind has a
  /// property of that name, which wins (a text's `size` is its font size;
  /// every other view's `size` is the point (width, height)).
  ///
  /// So a name may mean one thing on one kind and another on another: a
  /// star's `points` is its number of outer vertices, a shape's the points
  /// it is drawn through (SPEC §23.1), an alias of its `outline`.
  public func alias(named name: String, for kind: ViewKind) -> PropertyAlias? {
    if let own = property(named: name), declarations[own.index].belongs(to: kind) { return nil }
    return alias(named: name).flatMap { $0.belongs(to: kind) ? $0 : nil }
  }

  /// The names scripts may set on a view of `kind` (settable properties,
  /// then settable aliases), for completion and spelling hints.
  public func settableNames(of kind: ViewKind? = nil) -> [String] {
    let own = properties.filter { p in
      let d = declarations[p.index]
      return d.access.contains(.settable) && (kind.map { d.belongs(to: $0) } ?? true)
    }
    let names = own.map { declarations[$0.index].name }
    return names
      + aliases.filter {
        $0.isSettable && (kind.map($0.belongs(to:)) ?? true) && !names.contains($0.name)
      }.map(\.name)
  }

  /// The names an animation may move (`tween(name: …)`), aliases included.
  public var animatableNames: [String] {
    declarations.filter { $0.access.contains(.animatable) }.map(\.name)
      + aliases.filter(\.isSettable).map(\.name)
  }

  /// Every readable member name: properties, then aliases.
  public var readableNames: [String] {
    declarations.filter { $0.access.contains(.readable) }.map(\.name) + aliases.map(\.name)
  }

  /// The summary of a property or alias, for hover and `:help`; a name
  /// that is both (a text's `size`, every other view's alias) says both.
  public func summary(of name: String) -> String? {
    let own = property(named: name).map { declarations[$0.index] }
    let alias = alias(named: name)
    switch (own, alias) {
    case (let own?, let alias?):
      let kinds = own.kinds.map { $0.joined(separator: ", ") } ?? "views"
      let others = alias.kinds.map { "on \($0.joined(separator: ", "))" } ?? "on other views"
      return "\(own.summary) (\(kinds)); \(others), \(alias.summary)"
    case (let own?, nil): return own.summary
    case (nil, let alias?): return alias.summary
    case (nil, nil): return nil
    }
  }
}

/// A name that stands for properties: `scale` sets `scaleX` and `scaleY` and
/// reads `scaleX`; `position` reads `(x, y)`.
public struct PropertyAlias: Sendable {
  /// How the alias's value maps onto its parts.
  public enum Form: Sendable, Equatable {
    /// One number for every part (setting `scale: 2` sets both scales; a
    /// point `(sx, sy)` sets them in order); reading gives the first part.
    case shared
    /// A point `(a, b)`, one coordinate per part; read as a point.
    case point
    /// A list of points a shape is drawn through (SPEC §23.1): its one part
    /// is the `outline` the points make, which a motion moves point by
    /// point (`ChangeRule.points`).
    case pointList
    /// One value per part, in order, each taken as that part takes it
    /// (`shadow: (x, y, blur, colour)`, SPEC §21.2); read as a list of the
    /// parts' values.
    case parts
  }
  /// The name scripts use.
  public let name: String
  /// The names of the properties it stands for, in order.
  public let partNames: [String]
  /// The properties it stands for, in order (set by the table that holds it).
  public internal(set) var parts: [Property] = []
  /// How its value maps onto the parts.
  public let form: Form
  /// Whether scripts may set and animate it, or only read it.
  public let isSettable: Bool
  /// Whether the docs list it (a hidden alias is still read, completed and
  /// hovered; the docs leave it out as a spelling kept for old scripts).
  public let isDocumented: Bool
  /// One line for hover, completion, `:help` and the docs.
  public let summary: String
  /// The names of the kinds of view that have it, or nil for every kind.
  public let kinds: [String]?

  /// An alias.
  public init(
    _ name: String, _ parts: [String], form: Form, settable: Bool, documented: Bool = true,
    kinds: [String]? = nil, summary: String
  ) {
    self.name = name
    self.partNames = parts
    self.form = form
    self.isSettable = settable
    self.isDocumented = documented
    self.kinds = kinds
    self.summary = summary
  }

  /// Whether views of `kind` have it.
  public func belongs(to kind: ViewKind) -> Bool {
    kinds.map { $0.contains(kind.name) } ?? true
  }
}
