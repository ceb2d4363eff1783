/// A kind of view (`view`, `rect`): an index into `ViewKind.table`. The
/// scene stores each view's kind; a kind names the outline it draws, and the
/// property table says which properties it has.
///
/// A new kind is one `ViewKindDeclaration` in `table` plus the code that
/// draws its outline (`ViewOutline`, in the renderers and exporters).
public struct ViewKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The kind's position in `table`.
  public let index: Int

  /// Every kind of view, in the order the docs list them (SPEC §16.1).
  public static let table: [ViewKindDeclaration] = [
    ViewKindDeclaration(
      "view", outline: .rectangle, reads: ["width", "height"] + CornerRadii.names,
      summary: "a rectangle, corners rounded by cornerRadius (the kind of the default view)"),
    ViewKindDeclaration(
      "rect", outline: .rectangle, reads: ["width", "height"] + CornerRadii.names,
      summary: "a rectangle, corners rounded by cornerRadius"),
    ViewKindDeclaration(
      "ellipse", outline: .ellipse, reads: ["width", "height"],
      summary: "the ellipse inscribed in the box"),
    ViewKindDeclaration(
      "polygon", outline: .polygon, reads: ["width", "height", "sides"],
      summary:
        "a regular polygon of sides: n vertices on the inscribed ellipse, the first at the top"),
    ViewKindDeclaration(
      "star", outline: .star, reads: ["width", "height", "points", "innerRadius"],
      summary: "a star of points: n outer vertices and inner ones at innerRadius of the ellipse"),
    ViewKindDeclaration(
      "shape", outline: .path, reads: ["width", "height"],
      summary:
        "SVG path data d:, or the line through points: (closed:, smooth:), in viewBox: (x, y, w, h) coordinates, stretched onto the box"
    ),
    ViewKindDeclaration(
      "image", outline: .image, reads: ["width", "height"],
      summary:
        "a PNG, JPEG or SVG file (src:) drawn in the box by fit:, its own size by default"),
    ViewKindDeclaration(
      "layer", outline: .none, reads: [],
      summary: "no outline: draws nothing, a parent for others"),
    ViewKindDeclaration(
      "text", outline: .text,
      reads: [
        "text", "font", "size", "align", "tracking", "value", "digits", "grouping", "prefix",
        "suffix",
      ],
      summary: "a text: its glyph outlines, its box the laid-out lines (read-only size)"),
  ]

  /// The kind of the default view and of `view NAME(…)`.
  public static let view = named("view")!
  /// The kind of `text NAME(…)` (SPEC §18).
  public static let text = named("text")!
  /// The kind of `image NAME(src: …)` (SPEC §21.4).
  public static let image = named("image")!

  public static var allCases: [ViewKind] { table.indices.map { ViewKind(index: $0) } }

  /// The kind whose declaration keyword is `name` (`rect`), or nil.
  public static func named(_ name: String) -> ViewKind? {
    table.firstIndex { $0.name == name }.map { ViewKind(index: $0) }
  }

  /// Its declaration.
  public var declaration: ViewKindDeclaration { Self.table[index] }
  /// The word that declares it (`rect box(…)`).
  public var name: String { declaration.name }
  /// The outline it draws.
  public var outline: ViewOutline { declaration.outline }
  public var description: String { name }

  /// The properties views of this kind have, in print order.
  public func properties(in table: PropertyTable = .standard) -> [Property] {
    table.properties.filter { table.declarations[$0.index].belongs(to: self) }
  }

  /// The properties its outline is made of (``ViewKindDeclaration/outlineInputs(in:)``).
  public func outlineInputs(in table: PropertyTable = .standard) -> [Property] {
    declaration.outlineInputs(in: table)
  }

  /// Whether views of this kind have `property`.
  public func has(_ property: Property, in table: PropertyTable) -> Bool {
    table.declarations[property.index].belongs(to: self)
  }

  /// Whether views of this kind have `property` in the standard table (read
  /// in place: a default argument would copy the table, retaining each of
  /// its arrays, on every call — the name checker asks this of every
  /// setting).
  public func has(_ property: Property) -> Bool {
    PropertyTable.standard.declarations[property.index].belongs(to: self)
  }
}

/// One kind of view, as `ViewKind.table` declares it.
public struct ViewKindDeclaration: Sendable {
  /// The word that declares a view of this kind.
  public let name: String
  /// The outline it draws in its box.
  public let outline: ViewOutline
  /// The names of the properties its outline is made of (besides a
  /// morph's `outline`), each one the property table declares for it.
  public let reads: [String]
  /// One line for hover, completion, `:help` and the docs.
  public let summary: String

  public init(_ name: String, outline: ViewOutline, reads: [String], summary: String) {
    self.name = name
    self.outline = outline
    self.reads = reads
    self.summary = summary
  }

  /// The properties its outline is made of, in its box (SPEC §16.1): what
  /// the exporters sample when the outline changes and what the player's
  /// `d` is a function of; then a morph's `outline` when the kind has it.
  /// (Where the box sits, its anchor, is every drawing's.) Each name must be
  /// a property of the table that belongs to the kind.
  public func outlineInputs(in table: PropertyTable = .standard) -> [Property] {
    var inputs = reads.map { name in
      guard let p = table.property(named: name),
        table.declarations[p.index].kinds.map({ $0.contains(self.name) }) ?? true
      else {
        preconditionFailure("kind '\(self.name)' reads '\(name)', which it does not have")
      }
      return p
    }
    if let morph = table.property(named: "outline"),
      table.declarations[morph.index].kinds.map({ $0.contains(name) }) ?? true
    {
      inputs.append(morph)
    }
    return inputs
  }
}

/// The outline a kind of view draws in its box (SPEC §16.1). Each renderer
/// and exporter switches over it: a new outline is a case here plus its
/// drawing code in each of them.
public enum ViewOutline: Sendable, Equatable {
  /// The box, its corners rounded by `cornerRadius`.
  case rectangle
  /// The ellipse inscribed in the box.
  case ellipse
  /// `sides` vertices on the inscribed ellipse, joined by straight lines.
  case polygon
  /// `points` outer vertices alternating with inner ones at `innerRadius`.
  case star
  /// SVG path data in its viewBox, stretched onto the box (`shape`).
  case path
  /// The box, square-cornered: an image's (SPEC §21.4), whose picture is
  /// drawn inside it by its `fit`.
  case image
  /// Nothing: the kind draws no outline (`layer`).
  case none
  /// The glyph outlines of the text shown (`TextView`), laid out in the box.
  case text
}
