/// How a view's group picture — the view and its descendants drawn as one
/// picture — is put onto what is below it (SPEC §21.2): the one place the
/// compositing properties of the table are read for drawing.
///
/// Every renderer and exporter composes through this value and no other:
/// the Cairo canvas draws the group into a picture of its own and blends it
/// at `opacity`; SVG and the HTML player give the group's `<g>` an
/// `opacity`; Lottie puts the group in a precomposition whose layer has
/// that opacity. A view whose composition is ``none`` is drawn exactly as
/// before the stage existed (the same pixels and bytes).
public struct Composition: Sendable, Equatable {
  /// The group picture's opacity, 0…1 (drawn clamped).
  public var opacity: Double

  /// Nothing to compose: the view is drawn straight onto what is below.
  public static let none = Composition(opacity: 1)

  /// A composition of the given values.
  public init(opacity: Double) {
    self.opacity = opacity
  }

  /// The composition of the view whose values `v` gives (its record read
  /// in place, for a renderer: inlined into the renderer's loop, which reads
  /// it for every view of every frame; the clamp is taken from the table
  /// once).
  @inlinable
  public init(_ v: some PropertyReading) {
    opacity = Self.opacityClamp.apply(v.number(.opacity), width: 0, height: 0)
  }

  @usableFromInline static let opacityClamp = Property.opacity.declaration.drawClamp

  /// Whether the group must be composed at all.
  @inlinable
  public var isNone: Bool { opacity == 1 }

  /// Whether an opacity is all there is to compose (no filter, the normal
  /// blend): then a view of one paint and no descendants is drawn exactly by
  /// taking the opacity into its paint, and no group picture is made (SPEC
  /// §21.2: the picture is made only where it changes the result).
  @inlinable
  public var isOpacityOnly: Bool { true }

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
  /// property at a value that draws as its default), so a new compositing
  /// property counts here without an edit.
  public static func isEverNeeded(
    values: (Property) -> [PropertyValue], table: PropertyTable = .standard
  ) -> Bool {
    !allDefault(values: values, table: table, except: nil)
  }

  /// Whether a recorded view composes nothing but an opacity at every time
  /// (``isOpacityOnly``): every other compositing property holds its default.
  public static func isOpacityOnlyThroughout(
    values: (Property) -> [PropertyValue], table: PropertyTable = .standard
  ) -> Bool {
    allDefault(values: values, table: table, except: .opacity)
  }

  private static func allDefault(
    values: (Property) -> [PropertyValue], table: PropertyTable, except: Property?
  ) -> Bool {
    for p in table.properties where p.lanes > 0 && p != except {
      let d = table.declarations[p.index]
      guard d.role == .compositing else { continue }
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
