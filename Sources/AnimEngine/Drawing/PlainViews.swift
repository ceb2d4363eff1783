/// Which views a fast path may draw by itself: views whose outline is their
/// box (a `view` or `rect`, unmorphed) and whose every property the fast
/// path does not draw shows as its default.
///
/// The list of what to look at is derived from the property table, never
/// written by hand: every property of the transform, geometry and paint
/// roles that the fast path does not name in `drawing`. So a property added
/// to the table (a dash, a corner of its own) makes a view that uses it
/// leave every fast path that does not draw it, with no edit to any of them.
/// Compositing properties never reach a fast path: the composition stage
/// (``Composition``, ``PaintOrder``) draws the view into its group picture
/// first, where a fast path may draw it again. A property shows as its
/// default when its drawn (clamped) value is its drawn default, or when it
/// applies only to a stroke and the view is not stroked
/// (``PropertyCondition``).
public struct PlainViews: Sendable {
  /// A property to look at: the lanes of its record slot and the drawn
  /// default of each.
  @usableFromInline
  struct Check: Sendable {
    @usableFromInline let property: Property
    @usableFromInline let defaults: PropertyValue
    @usableFromInline let clamp: DrawClamp
  }
  /// What to look at, kind after kind: for each kind the fast path draws
  /// (those whose outline is their box), its properties that always apply,
  /// then those that apply only where the view is stroked (none when the
  /// stroke itself is not drawn by the fast path: being stroked is then
  /// enough to leave it, ``leavesWhenStroked``). One flat list of plain
  /// values, so the per-view test copies and counts nothing.
  @usableFromInline let checks: [Check]
  /// For each kind, by index: where its checks start, where its stroked
  /// ones start and where they end in `checks`; a start of -1 for a kind
  /// the fast path does not draw.
  @usableFromInline let ranges: [(start: Int, stroked: Int, end: Int)]
  /// Whether a stroked view leaves the fast path.
  @usableFromInline let leavesWhenStroked: Bool
  /// The paint properties the fast path draws: it draws their colours, so
  /// a view holding a gradient in one (SPEC §21.1) leaves it.
  @usableFromInline let paints: [Property]

  /// The fast path that draws `drawing` itself, for views of `table`.
  public init(drawing: [Property], table: PropertyTable = .standard) {
    let drawn = Set(drawing)
    // Being stroked is decided by the stroke's colour and width: a fast
    // path that draws neither is left by any stroked view.
    let stroked = !(drawn.contains(.stroke) && drawn.contains(.strokeWidth))
    leavesWhenStroked = stroked
    paints = drawing.filter { table.declarations[$0.index].type == .paint }
    var checks: [Check] = []
    var ranges: [(start: Int, stroked: Int, end: Int)] = []
    for kind in ViewKind.allCases {
      guard kind.outline == .rectangle else {
        ranges.append((-1, -1, -1))
        continue
      }
      var always: [Check] = []
      var strokedChecks: [Check] = []
      for p in table.properties where p.lanes > 0 && !drawn.contains(p) {
        let d = table.declarations[p.index]
        guard [.transform, .geometry, .paint].contains(d.role),
          d.kinds.map({ $0.contains(kind.name) }) ?? true
        else { continue }
        let check = Check(property: p, defaults: d.defaultValue, clamp: d.drawClamp)
        switch d.appliesWhen {
        case .always: always.append(check)
        case .stroked: strokedChecks.append(check)
        case .shadowed: continue  // compositing: never a fast path's
        }
      }
      let start = checks.count
      checks += always
      let strokedStart = checks.count
      if !stroked { checks += strokedChecks }
      ranges.append((start, strokedStart, checks.count))
    }
    self.checks = checks
    self.ranges = ranges
  }

  /// Whether the fast path draws a view of `kind` whose values `v` gives
  /// (its record read in place, for a renderer: inlined into the renderer's
  /// loop, which calls it for every view of every frame).
  @inlinable
  public func admits(_ kind: ViewKind, _ v: some PropertyReading) -> Bool {
    let range = ranges[kind.index]
    guard range.start >= 0 else { return false }
    for p in paints where v.recordValue(at: p.slot + Paint.markerLane) == .infinity {
      return false
    }
    let w = v.number(.width)
    let h = v.number(.height)
    for i in range.start..<range.stroked where !Self.isDefault(checks[i], v, w, h) {
      return false
    }
    guard Self.isStroked(v) else { return true }
    if leavesWhenStroked { return false }
    for i in range.stroked..<range.end where !Self.isDefault(checks[i], v, w, h) {
      return false
    }
    return true
  }

  /// Whether the fast path draws a recorded view of `kind` at every time:
  /// `values(p)` gives every value property `p` takes (its keyframes).
  public func admits(_ kind: ViewKind, values: (Property) -> [PropertyValue]) -> Bool {
    let range = ranges[kind.index]
    guard range.start >= 0 else { return false }
    for p in paints where values(p).contains(where: Paint.isGradient) { return false }
    // A size's clamp (a corner radius's) is applied at the largest size.
    let w = values(.width).map { abs($0[0]) }.max() ?? 0
    let h = values(.height).map { abs($0[0]) }.max() ?? 0
    func allDefault(_ check: Check) -> Bool {
      values(check.property).allSatisfy { Self.isDefault(check, $0, w, h) }
    }
    guard checks[range.start..<range.stroked].allSatisfy(allDefault) else { return false }
    let stroke = values(.stroke).contains { $0[3] > 0 }
    let width = values(.strokeWidth).contains { $0[0] > 0 }
    guard stroke && width else { return true }
    return !leavesWhenStroked && checks[range.stroked..<range.end].allSatisfy(allDefault)
  }

  /// Whether a view is stroked (SPEC §16.2): a visible colour, a width
  /// (a width drawn clamped at 0 is above 0 exactly when it is).
  @inlinable
  public static func isStroked(_ v: some PropertyReading) -> Bool {
    v.color(.stroke).a > 0 && v.number(.strokeWidth) > 0
  }

  @inlinable
  static func isDefault(_ check: Check, _ v: some PropertyReading, _ w: Double, _ h: Double)
    -> Bool
  {
    let slot = check.property.slot
    for lane in 0..<check.property.lanes {
      let value = v.recordValue(at: slot + lane)
      if value != check.defaults[lane]
        && check.clamp.apply(value, width: w, height: h)
          != check.clamp.apply(check.defaults[lane], width: w, height: h)
      {
        return false
      }
    }
    return true
  }

  private static func isDefault(_ check: Check, _ value: PropertyValue, _ w: Double, _ h: Double)
    -> Bool
  {
    for lane in 0..<check.property.lanes
    where value[lane] != check.defaults[lane]
      && check.clamp.apply(value[lane], width: w, height: h)
        != check.clamp.apply(check.defaults[lane], width: w, height: h)
    {
      return false
    }
    return true
  }
}
