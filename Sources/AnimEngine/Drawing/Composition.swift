/// How a view's group picture — the view and its descendants drawn as one
/// picture — is put onto what is below it (SPEC §21.2): the one place the
/// compositing properties of the table are read for drawing.
///
/// Every renderer and exporter composes through this value and no other.
/// In order: the group picture is blurred by ``blur``; a drop shadow is made
/// from that picture's alpha (tinted by ``shadowColor``, blurred by
/// ``shadowBlur``, offset by ``shadowX``, ``shadowY``) and put beneath it;
/// shadow and picture are then composited with ``opacity`` and ``blend``.
/// Lengths are in the view's own points (a scaled view scales them). A view
/// whose composition ``isNone`` is drawn exactly as before the stage existed
/// (the same pixels and bytes).
public struct Composition: Sendable, Equatable {
  /// The group picture's opacity, 0…1 (drawn clamped).
  public var opacity: Double
  /// The Gaussian blur's standard deviation, in the view's points (drawn
  /// clamped to 0…``maxSigma``).
  public var blur: Double
  /// The drop shadow's colour; transparent: no shadow.
  public var shadowColor: Color
  /// The drop shadow's offset, in the view's points.
  public var shadowX: Double
  /// The drop shadow's offset downwards, in the view's points.
  public var shadowY: Double
  /// The drop shadow's blur σ, in the view's points (clamped as ``blur``).
  public var shadowBlur: Double
  /// How the picture meets what is below.
  public var blend: BlendMode

  /// The largest σ a script may give (SPEC §21.2's limit).
  public static let maxSigma = 250.0
  /// The σ a script may give, checked where it is set.
  public static let sigmaRange = 0.0...maxSigma

  /// Nothing to compose: the view is drawn straight onto what is below.
  public static let none = Composition(opacity: 1)

  /// A composition of the given values (the rest at their defaults).
  public init(
    opacity: Double, blur: Double = 0, shadowColor: Color = Color(r: 0, g: 0, b: 0, a: 0),
    shadowX: Double = 0, shadowY: Double = 4, shadowBlur: Double = 4,
    blend: BlendMode = .normal
  ) {
    self.opacity = opacity
    self.blur = blur
    self.shadowColor = shadowColor
    self.shadowX = shadowX
    self.shadowY = shadowY
    self.shadowBlur = shadowBlur
    self.blend = blend
  }

  /// The composition of the view whose values `v` gives (its record read
  /// in place, for a renderer: inlined into the renderer's loop, which reads
  /// it for every view of every frame; the clamps are taken from the table
  /// once).
  @inlinable
  public init(_ v: some PropertyReading) {
    opacity = Self.opacityClamp.apply(v.number(.opacity), width: 0, height: 0)
    blur = Self.sigmaClamp.apply(v.number(.blur), width: 0, height: 0)
    let c = v.color(.shadowColor)
    shadowColor = Color(
      r: min(max(c.r, 0), 1), g: min(max(c.g, 0), 1), b: min(max(c.b, 0), 1),
      a: min(max(c.a, 0), 1))
    shadowX = v.number(.shadowX)
    shadowY = v.number(.shadowY)
    shadowBlur = Self.sigmaClamp.apply(v.number(.shadowBlur), width: 0, height: 0)
    blend = BlendMode(index: v.number(.blend))
  }

  /// Whether the view whose values `v` gives is composed at all (the
  /// negation of ``isNone``), reading only what decides it: its opacity,
  /// blur, shadow colour's alpha and blend. The renderers' per-view loops
  /// ask this first, so a view at the defaults costs four reads.
  @inlinable
  public static func isNeeded(_ v: some PropertyReading) -> Bool {
    v.number(.opacity) < 1 || v.number(.blur) > 0 || v.color(.shadowColor).a > 0
      || v.number(.blend) != 0
      || !(v.number(.opacity) <= 1)
  }

  @usableFromInline static let opacityClamp = Property.opacity.declaration.drawClamp
  @usableFromInline static let sigmaClamp = Property.blur.declaration.drawClamp

  /// Whether a drop shadow is drawn: its colour is visible (an offset that
  /// is not finite draws none).
  @inlinable
  public var hasShadow: Bool {
    shadowColor.a > 0 && shadowX.isFinite && shadowY.isFinite
  }

  /// Whether the group picture is filtered (blurred or shadowed) before it
  /// is composited.
  @inlinable
  public var isFiltered: Bool { blur > 0 || hasShadow }

  /// Whether the group must be composed at all.
  @inlinable
  public var isNone: Bool { opacity == 1 && blur == 0 && !hasShadow && blend == .normal }

  /// Whether an opacity is all there is to compose (no filter, the normal
  /// blend): then a view of one paint and no descendants is drawn exactly by
  /// taking the opacity into its paint, and no group picture is made (SPEC
  /// §21.2: the picture is made only where it changes the result).
  @inlinable
  public var isOpacityOnly: Bool { blur == 0 && !hasShadow && blend == .normal }

  /// Whether the group of a view with record `v` is drawn exactly by
  /// drawing the view alone with its paints' alpha times ``opacity``, so
  /// that no group picture is needed: nothing but an opacity to compose, no
  /// descendants, and one paint (a fill under a stroke is two, which a
  /// group opacity fades as one).
  @inlinable
  public func foldsIntoPaint(of v: some PropertyReading, hasChildren: Bool) -> Bool {
    !hasChildren && isOpacityOnly && !(v.color(.color).a > 0 && PlainViews.isStroked(v))
  }

  /// Whether a recorded view is ever composed: `values(p)` gives every
  /// value property `p` takes. Derived from the table (every compositing
  /// property at a value that draws as its default, a shadow's offset and
  /// blur counting only where some shadow colour is visible), so a new
  /// compositing property counts here without an edit.
  public static func isEverNeeded(
    values: (Property) -> [PropertyValue], table: PropertyTable = .standard
  ) -> Bool {
    !allDefault(values: values, table: table, except: [])
  }

  /// Whether a recorded view composes nothing but an opacity at every time
  /// (``isOpacityOnly``): every other compositing property holds its default.
  public static func isOpacityOnlyThroughout(
    values: (Property) -> [PropertyValue], table: PropertyTable = .standard
  ) -> Bool {
    allDefault(values: values, table: table, except: [.opacity])
  }

  private static func allDefault(
    values: (Property) -> [PropertyValue], table: PropertyTable, except: Set<Property>
  ) -> Bool {
    let shadowed = values(.shadowColor).contains { $0[3] > 0 }
    for p in table.properties where p.lanes > 0 && !except.contains(p) {
      let d = table.declarations[p.index]
      guard d.role == .compositing, d.appliesWhen != .shadowed || shadowed else { continue }
      for value in values(p) {
        for lane in 0..<p.lanes
        where d.drawClamp.apply(value[lane], width: 0, height: 0)
          != d.drawClamp.apply(d.defaultValue[lane], width: 0, height: 0)
        {
          return false
        }
      }
    }
    return true
  }
}

/// How a group picture is composited onto what is below it (SPEC §21.2):
/// the W3C compositing formulas (Compositing and Blending Level 1), `add`
/// being `plus-lighter`. SPEC's seven come first; the other separable modes
/// of the W3C's list follow (docs/spec.md §21.2: Lottie files use them,
/// and CSS draws them).
public enum BlendMode: Int, Sendable, Equatable, CaseIterable {
  case normal, multiply, screen, overlay, darken, lighten, add
  case colorDodge, colorBurn, hardLight, softLight, difference, exclusion

  /// The word scripts write (`blend: multiply`, `blend: hardLight`).
  public var name: String {
    switch self {
    case .normal: return "normal"
    case .multiply: return "multiply"
    case .screen: return "screen"
    case .overlay: return "overlay"
    case .darken: return "darken"
    case .lighten: return "lighten"
    case .add: return "add"
    case .colorDodge: return "colorDodge"
    case .colorBurn: return "colorBurn"
    case .hardLight: return "hardLight"
    case .softLight: return "softLight"
    case .difference: return "difference"
    case .exclusion: return "exclusion"
    }
  }

  /// The mode as CSS `mix-blend-mode` names it (`add` is `plus-lighter`,
  /// `hardLight` is `hard-light`).
  public var cssName: String {
    switch self {
    case .add: return "plus-lighter"
    case .colorDodge: return "color-dodge"
    case .colorBurn: return "color-burn"
    case .hardLight: return "hard-light"
    case .softLight: return "soft-light"
    default: return name
    }
  }

  /// The mode stored as its index in the record (any other number: normal).
  @inlinable
  public init(index: Double) {
    self =
      index >= 0 && index < Double(Self.allCases.count)
      ? BlendMode(rawValue: Int(index)) ?? .normal : .normal
  }
}
