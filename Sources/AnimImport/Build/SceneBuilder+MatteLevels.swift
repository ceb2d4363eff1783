import AnimEngine

/// A track matte of several levels: fills of several opacities (their own
/// times their groups'), or for a luma matte of several luminances. The
/// players draw the matte layer's fills into a picture and matte with its
/// alpha, or for a luma matte with the luminance of its premultiplied
/// colour (SPEC §25: as ThorVG draws it). A clip is one level, so such a
/// matte is taken apart into the regions its fills make — each region the
/// pixels covered by one set of fills and by none of the others — and the
/// layer it mattes is drawn once for each region, under its clips (inside
/// each of its fills, outside each other fill) and faded to the level the
/// fills make there, painted in order:
///
/// - alpha: 1 − Π (1 − aₖ) over the fills that cover it;
/// - luma: Σ Lₖ · aₖ · Π (1 − aⱼ) over them, j the covering fills above k.
///
/// The regions do not overlap, so the copies put together are the matte's
/// picture (along a region's edges each copy takes its own share of a
/// pixel's coverage).
extension SceneBuilder {
  /// One region of a matte taken apart: the outline of its first fill, at
  /// the region's level (``MatteOutline/alpha``), and the clips of the
  /// other fills around it (inside those that cover it, outside the rest).
  struct MatteLevel {
    var outline: MatteOutline
    var clips: [MatteOutline]
  }

  /// The most fills a matte is taken apart into: 2ⁿ − 1 regions, each a
  /// copy of the layer it mattes.
  static let maximumMatteLevels = 4

  /// The regions of matte layer `source` (not inverted; `luma` for a luma
  /// matte), or nil where the matte is drawn as one level (``buildMatte``):
  /// it is not a shape layer whose paints are all unchanging solid fills
  /// (their groups' opacities unchanging too), at most
  /// ``maximumMatteLevels`` of them, or every fill has the same level
  /// (its opacity, times its luminance for a luma matte) and no group
  /// fades one.
  func matteLevels(_ source: Layer, luma: Bool, clock: TimeMap) throws(ImportError)
    -> [MatteLevel]?
  {
    guard case .shape(let items) = source.kind else { return nil }
    var fills: [(paint: ShapeWalk.Paint, evenOdd: Bool)] = []
    // Each fill's opacity (0…1) and luminance.
    var alphas: [Double] = []
    var lumas: [Double] = []
    var faded = false
    // Paint order, bottom first.
    for paint in ShapeWalk(items).paints {
      guard case .fill(let fill) = paint.item.content, !fill.opacity.isAnimated,
        !fill.color.isAnimated, fill.gradientAlpha == 1
      else { return nil }
      guard !paint.shapes.isEmpty else { continue }
      var alpha = Self.fraction(fill.opacity.first)
      for group in paint.groups {
        guard let opacity = group.transform?.opacity else { continue }
        guard !opacity.isAnimated else { return nil }
        if opacity.first < 100 { faded = true }
        alpha *= Self.fraction(opacity.first)
      }
      fills.append((paint, fill.evenOdd))
      alphas.append(alpha)
      lumas.append(luma ? Self.luminance(fill.color.first) : 1)
    }
    let levels = zip(alphas, lumas).map { $0 * $1 }
    guard !fills.isEmpty, fills.count <= Self.maximumMatteLevels,
      faded || levels.contains(where: { abs($0 - levels[0]) > 1e-9 })
    else { return nil }
    let parts = matteFillPaths(fills, clock: clock).map(Self.clockwise)
    var inside: [MatteOutline] = []
    var outside: [MatteOutline] = []
    for (own, fill) in zip(parts, fills) {
      // A trimmed fill's pieces are taken at every frame already.
      let framewise = Self.isTrimmed(fill.paint)
      inside.append(
        try joinedMatte(own, alpha: 1, inverted: false, ref: source.ref, framewise: framewise))
      outside.append(
        try joinedMatte(own, alpha: 1, inverted: true, ref: source.ref, framewise: framewise))
    }
    var regions: [MatteLevel] = []
    for covering in 1..<(1 << fills.count) {
      let members = fills.indices.filter { covering & (1 << $0) != 0 }
      // The picture's alpha and premultiplied luminance there, the fills
      // painted bottom first.
      var (alpha, luminance) = (0.0, 0.0)
      for k in members {
        alpha = alphas[k] + alpha * (1 - alphas[k])
        luminance = lumas[k] * alphas[k] + luminance * (1 - alphas[k])
      }
      let level = luma ? luminance : alpha
      guard level > 0 else { continue }
      var outline = inside[members[0]]
      outline.alpha = min(level, 1)
      let clips =
        members.dropFirst().map { inside[$0] }
        + fills.indices.filter { covering & (1 << $0) == 0 }.map { outside[$0] }
      regions.append(MatteLevel(outline: outline, clips: clips))
    }
    return regions
  }

  /// The parts layer `position` is drawn in under its track matte: the
  /// regions of a matte of several levels (``matteLevels(_:luma:clock:)``),
  /// else one, nil: the matte as one clip (``buildMatte``).
  func matteLevels(for position: Int, of layers: [Layer], byIndex: [Int: Int], clock: TimeMap)
    throws(ImportError) -> [MatteLevel?]
  {
    let target = layers[position]
    guard target.matteMode == 1 || target.matteMode == 3,
      let source = Layer.matteSource(of: position, in: layers, byIndex: byIndex),
      let levels = try matteLevels(layers[source], luma: target.matteMode == 3, clock: clock)
    else { return [nil] }
    // A large precomposition copied for every region would swell the
    // script (and may pass anim import's limit of views): past
    // ``maximumMatteCopies`` layers in all, the matte stays one level.
    if case .precomp(let id, _, _) = target.kind,
      Double(levels.count)
        * ((composition.expandedLayers[id] ?? 0) * Composition.copies(of: target) + 1)
        > Double(Self.maximumMatteCopies)
    {
      return [nil]
    }
    return levels
  }

  /// The most layers a matte of several levels copies in all (the matted
  /// layer, or its precomposition's layers expanded, times its regions).
  static let maximumMatteCopies = 10_000
}
