/// A composition's filter lengths in the space a picture is drawn in
/// (pixels for the canvas, a parent's points for an exporter): the
/// view's own σ and offsets mapped by the linear part of the view's
/// transform into that space (SPEC §21.2: "in the view's own space").
public struct PlacedFilter: Sendable, Equatable {
  /// The blur's standard deviation along the space's x and y axes.
  public var blurX, blurY: Double
  /// The shadow's standard deviation along x and y.
  public var shadowBlurX, shadowBlurY: Double
  /// The shadow's offset.
  public var shadowDX, shadowDY: Double

  /// The largest of the two blurs' reach in the space, 4σ, plus the
  /// shadow's offset: how far a filtered picture spreads past what was
  /// drawn in it.
  public var reach: (x: Double, y: Double) {
    let blurX4 = 4 * blurX
    let blurY4 = 4 * blurY
    return (
      blurX4 + 4 * shadowBlurX + abs(shadowDX), blurY4 + 4 * shadowBlurY + abs(shadowDY)
    )
  }
}

extension Composition {
  /// The filter of this composition for a view whose box is mapped into
  /// the drawing space by `m`. A Gaussian of σ in the view's space is one of
  /// covariance σ²·M·Mᵀ in the drawing space; it is drawn as the separable
  /// Gaussian with that covariance's diagonal, σ·√(a² + c²) along x and
  /// σ·√(b² + d²) along y: exact for a view turned and scaled alike along
  /// both axes, or scaled unequally but not turned (the off-diagonal term is
  /// then 0), an approximation only for a view both turned and scaled
  /// unequally (docs/spec.md §21.2). The shadow's offset is mapped by `m`'s
  /// linear part. Lengths that are not finite draw nothing (0).
  public func placed(by m: Affine) -> PlacedFilter {
    let kx = (m.a * m.a + m.c * m.c).squareRoot()
    let ky = (m.b * m.b + m.d * m.d).squareRoot()
    func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
    let shadowed = hasShadow
    return PlacedFilter(
      blurX: finite(blur * kx), blurY: finite(blur * ky),
      shadowBlurX: shadowed ? finite(shadowBlur * kx) : 0,
      shadowBlurY: shadowed ? finite(shadowBlur * ky) : 0,
      shadowDX: shadowed ? finite(m.a * shadowX + m.c * shadowY) : 0,
      shadowDY: shadowed ? finite(m.b * shadowX + m.d * shadowY) : 0)
  }
}
