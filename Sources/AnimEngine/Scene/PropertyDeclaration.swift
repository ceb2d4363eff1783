/// Everything anim knows about one property of a view, declared once in
/// `PropertyTable` and read by every consumer: declarations and assignment,
/// member reads, `print`, the REPL, the language server, the renderers and
/// the exporters. Adding a property is one `PropertyDeclaration` (see
/// docs/architecture.md, "Add a view property").
public final class PropertyDeclaration: Sendable {
  /// The name scripts use (`view.alpha`, `view box(alpha: 1)`).
  public let name: String
  /// The kind of value it holds.
  public let type: PropertyType
  /// The value a view is declared with: lane 0 for numbers and choices, all
  /// four lanes (r, g, b, a in 0…1) for colours; unused for stored objects.
  public let defaultValue: PropertyValue
  /// The default of a string- or outline-valued property.
  public let defaultObject: PropertyObject
  /// How a motion moves it between two values.
  public let interpolation: PropertyInterpolation
  /// Whether scripts read it, set it, animate it.
  public let access: PropertyAccess
  /// The names of the kinds of view that have it (`ViewKindTable`), or nil
  /// for every kind.
  public let kinds: [String]?
  /// When `print v` lists it.
  public let printing: PropertyPrinting
  /// The values a script may give it (checked at declaration and assignment).
  public let accepted: PropertyRange
  /// Words a number property also takes, each standing for a number
  /// (`weight: bold` is 700); empty for most.
  public let namedValues: [(word: String, value: Double)]
  /// How a renderer clamps the stored value before drawing (the number
  /// itself is never changed).
  public let drawClamp: DrawClamp
  /// One line for hover, completion, `:help` and the docs.
  public let summary: String
  /// What the property is for, which decides who reads it: the fast paths,
  /// the composition stage, the text layout (see ``PropertyRole``).
  public let role: PropertyRole
  /// When its value shows at all: a stroke's cap or trim only where the
  /// view is stroked. A value that does not show is as good as the default
  /// to a fast path (``PlainViews``).
  public let appliesWhen: PropertyCondition
  /// What a text's letters (SPEC §18) take of it.
  public let letters: LetterRule

  /// A declaration; every argument after `summary` has the common default.
  public init(
    _ name: String, _ type: PropertyType, default defaultValue: PropertyValue = .zero,
    role: PropertyRole, summary: String, defaultObject: PropertyObject = .none,
    interpolation: PropertyInterpolation? = nil, access: PropertyAccess = .all,
    kinds: [String]? = nil, printing: PropertyPrinting = .unlessDefault,
    accepted: PropertyRange = .finite, namedValues: [(word: String, value: Double)] = [],
    drawClamp: DrawClamp = .none, appliesWhen: PropertyCondition = .always,
    letters: LetterRule = .own
  ) {
    self.role = role
    self.appliesWhen = appliesWhen
    self.letters = letters
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.defaultObject = defaultObject
    self.interpolation = interpolation ?? type.interpolation
    self.access = access
    self.kinds = kinds
    self.printing = printing
    self.accepted = accepted
    self.namedValues = namedValues
    self.drawClamp = drawClamp
    self.summary = summary
  }

  /// Whether views of `kind` have this property.
  public func belongs(to kind: ViewKind) -> Bool {
    kinds.map { $0.contains(kind.name) } ?? true
  }
}

/// What a property is for. Every consumer that must treat each property
/// reads its role rather than a list of names, so a new property of a role
/// is drawn, sampled and inherited wherever that role is (docs/architecture.md,
/// "Add a view property").
public enum PropertyRole: Sendable, Equatable, CaseIterable {
  /// Where the box is and how it is turned and scaled about its anchor:
  /// x, y, rotation, scaleX, scaleY, anchorX, anchorY.
  case transform
  /// The box's size and what a kind's outline is made of (corner radius,
  /// sides, points, inner radius, path data, a morph's outline).
  case geometry
  /// How the outline is painted: the fill, the stroke and its shape and
  /// trim, and the alpha they are drawn at.
  case paint
  /// How the view's group picture (the view and its descendants) is
  /// composited onto what is below it (SPEC §21.2): read by the composition
  /// stage only (``Composition``), never by a fast path.
  case compositing
  /// What a text shows and how it is laid out (SPEC §18).
  case text
  /// What the view does to its descendants rather than to its own
  /// picture: clipping (SPEC §17).
  case tree
}

/// When a property's value shows in the picture.
public enum PropertyCondition: Sendable, Equatable {
  /// Always.
  case always
  /// Only where the view is stroked: its stroke colour's alpha and its drawn
  /// stroke width are both above 0 (SPEC §16.2).
  case stroked
  /// Only where the view casts a drop shadow: its shadow colour's alpha is
  /// above 0 (SPEC §21.2).
  case shadowed
}

/// What a text's letters (SPEC §18) take of a property.
public enum LetterRule: Sendable, Equatable {
  /// Nothing: a letter starts at the property's default, and what the text
  /// has reaches its letters through the tree (the text's transform, alpha
  /// and composition apply to them as to any child).
  case own
  /// The text's value, followed until something writes the letter's.
  case follows
  /// The letter's advance box in its line: x, y, width, height.
  case box
  /// The letter's part of the text's trim, which runs glyph after glyph.
  case trimShare
}

/// The kind of value a property holds. Numbers, colours, choices and the
/// outline live in the scene's unboxed record (what the clock writes);
/// strings live beside it, one `PropertyObject` per view and property.
public enum PropertyType: Sendable, Equatable {
  /// A number, one slot of the record.
  case number
  /// A colour, four slots (r, g, b, a in 0…1).
  case color
  /// A colour or a gradient (SPEC §21.1): the four slots of a colour, which
  /// hold a gradient as ``Paint`` says (`color`, `stroke`).
  case paint
  /// One of a fixed list of words (`lineCap: butt | round | square`), stored
  /// as the index of the case in one slot.
  case choice([String])
  /// `true` or `false`, stored as 1 or 0 in one slot.
  case boolean
  /// A string (`text`, `font`, `prefix`), stored beside the record.
  case string
  /// An outline (`outline=OTHER` after a morph): four slots, the id of a
  /// `MorphedOutline` (0: the kind's own outline) and the morph's eased
  /// progress, which a morph moves as numbers (SPEC §16.4).
  case outline
  /// A dash pattern (SPEC §21.3), one slot: the id of its ``DashPattern``
  /// in ``DashPatterns`` (0: a solid stroke).
  case dash

  /// Slots the property takes in a view's record; 0 for stored objects.
  public var lanes: Int {
    switch self {
    case .number, .choice, .boolean, .dash: return 1
    case .color, .paint, .outline: return 4
    case .string: return 0
    }
  }

  /// Whether the value lives in the record (the clock can write it).
  public var isInRecord: Bool { lanes > 0 }

  /// The interpolation a property of this type has unless it says otherwise.
  var interpolation: PropertyInterpolation {
    switch self {
    case .number, .outline: return .numeric
    case .color, .paint: return .color
    case .choice, .boolean, .string, .dash: return .none
    }
  }
}

/// A string-valued property's value, stored beside a view's
/// record (`Scene` keeps `PropertyTable.objectWidth` of them per view).
public enum PropertyObject: Sendable, Equatable {
  /// No value.
  case none
  /// A string value.
  case string(String)
}

/// How a motion moves a property.
public enum PropertyInterpolation: Sendable, Equatable {
  /// Lane 0 eased numerically.
  case numeric
  /// Four lanes, in the motion's colour space (`space:`).
  case color
  /// Never in between: motions cannot move it.
  case none
}

/// Whether scripts read, set and animate a property.
public struct PropertyAccess: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// `v.name` reads it.
  public static let readable = PropertyAccess(rawValue: 1)
  /// `view v(name: …)` and `v.name = …` set it.
  public static let settable = PropertyAccess(rawValue: 2)
  /// `tween(name: …)`, springs and the other motions move it.
  public static let animatable = PropertyAccess(rawValue: 4)
  /// Readable, settable and animatable.
  public static let all: PropertyAccess = [.readable, .settable, .animatable]
}

/// When `print v` lists a property (SPEC §4, §16.1).
public enum PropertyPrinting: Sendable, Equatable {
  /// Always: SPEC §4's properties.
  case always
  /// Only when the value differs from the default.
  case unlessDefault
}

/// The values a script may give a property, checked where it is set.
public enum PropertyRange: Sendable, Equatable {
  /// Any finite number.
  case finite
  /// A finite number ≥ 0 (a size).
  case nonNegative
  /// A finite number > 0 (a text's font size, SPEC §18).
  case positive
  /// A number in 0…1 (an opacity).
  case unit
  /// A number in a closed range (a font weight, 100…900).
  case within(ClosedRange<Double>)
}

/// How a renderer clamps a stored number before drawing it.
public enum DrawClamp: Sendable, Equatable {
  /// Drawn as stored.
  case none
  /// Drawn clamped to `lower…upper`.
  case range(Double, Double)
  /// Drawn clamped to 0…half the smaller of |width| and |height| (a corner
  /// radius: a square with a large radius is a circle).
  case halfSmallerSide
  /// Drawn clamped to ≥ 0 (a stroke width).
  case atLeastZero

  /// `value` as drawn on a view of size `width × height`.
  @inline(__always)
  public func apply(_ value: Double, width: Double, height: Double) -> Double {
    switch self {
    case .none: return value
    case .range(let lower, let upper): return min(max(value, lower), upper)
    case .halfSmallerSide: return min(max(value, 0), min(abs(width), abs(height)) / 2)
    case .atLeastZero: return max(value, 0)
    }
  }
}
