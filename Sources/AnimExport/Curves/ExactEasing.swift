import AnimEngine

/// An easing a player can reproduce exactly: a chain of cubic Bézier arcs
/// (each moving one way only) or CSS `steps(n)` (written as holds).
///
/// linear, `cubicBezier`, and the Penner curves that are polynomials of
/// degree ≤ 3 between their joins — Quad, Cubic, Back and Bounce in every
/// form — are exact. The control points are derived from each piece's
/// closed form (its values and slopes at both ends), not fitted.
public enum ExactEasing: Sendable {
  /// Arcs covering progress 0…1 in order.
  case arcs([BezierPiece])
  /// `floor(p·n)/n`.
  case steps(Int)

  /// Steps beyond this many are sampled instead (each step is a keyframe).
  public static let maximumSteps = 1000

  /// The exact form of `easing`, or nil when it has none (Quart, Quint, Sine,
  /// Expo, Circ, Elastic, springs).
  public static func of(_ easing: Easing) -> ExactEasing? {
    switch easing {
    case .steps(let n):
      return n <= maximumSteps ? .steps(max(n, 1)) : nil
    case .cubicBezier(let x1, let y1, let x2, let y2):
      let x1 = min(max(x1, 0), 1)
      let x2 = min(max(x2, 0), 1)
      let piece = BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1))
      return .arcs(piece.monotonePieces)
    default:
      guard let pieces = polynomialPieces(easing) else { return nil }
      return .arcs(pieces.flatMap(\.monotonePieces))
    }
  }

  // Penner's constants (easings.net), as AnimEngine's EasingCurves has them.
  static let c1 = 1.70158
  static let c2 = c1 * 1.525
  static let c3 = c1 + 1
  static let n1 = 7.5625
  static let d1 = 2.75

  /// A polynomial piece: its span and its value and slope functions.
  private typealias Piece = (x0: Double, x1: Double, f: (Double) -> Double, df: (Double) -> Double)

  private static func arc(_ p: Piece) -> BezierPiece {
    BezierPiece(
      from: p.x0, to: p.x1, values: (p.f(p.x0), p.f(p.x1)), slopes: (p.df(p.x0), p.df(p.x1)))
  }

  private static func polynomialPieces(_ easing: Easing) -> [BezierPiece]? {
    let pieces: [Piece]
    switch easing {
    case .linear:
      return [BezierPiece(x: SIMD4(0, 1.0 / 3, 2.0 / 3, 1), y: SIMD4(0, 1.0 / 3, 2.0 / 3, 1))]
    case .inQuad: pieces = [(0, 1, { $0 * $0 }, { 2 * $0 })]
    case .outQuad: pieces = [(0, 1, { 1 - (1 - $0) * (1 - $0) }, { 2 * (1 - $0) })]
    case .inOutQuad:
      pieces = [
        (0, 0.5, { 2 * $0 * $0 }, { 4 * $0 }),
        (0.5, 1, { 1 - (2 - 2 * $0) * (2 - 2 * $0) / 2 }, { 2 * (2 - 2 * $0) }),
      ]
    case .inCubic: pieces = [(0, 1, { $0 * $0 * $0 }, { 3 * $0 * $0 })]
    case .outCubic:
      pieces = [(0, 1, { 1 - (1 - $0) * (1 - $0) * (1 - $0) }, { 3 * (1 - $0) * (1 - $0) })]
    case .inOutCubic:
      pieces = [
        (0, 0.5, { 4 * $0 * $0 * $0 }, { 12 * $0 * $0 }),
        (
          0.5, 1,
          {
            let u = 2 - 2 * $0; return 1 - u * u * u / 2
          },
          {
            let u = 2 - 2 * $0; return 3 * u * u
          }
        ),
      ]
    case .inBack:
      pieces = [(0, 1, { c3 * $0 * $0 * $0 - c1 * $0 * $0 }, { 3 * c3 * $0 * $0 - 2 * c1 * $0 })]
    case .outBack:
      pieces = [
        (
          0, 1,
          {
            let u = $0 - 1; return 1 + c3 * u * u * u + c1 * u * u
          },
          {
            let u = $0 - 1; return 3 * c3 * u * u + 2 * c1 * u
          }
        )
      ]
    case .inOutBack:
      pieces = [
        (
          0, 0.5,
          {
            let u = 2 * $0; return u * u * ((c2 + 1) * u - c2) / 2
          },
          {
            let u = 2 * $0; return 3 * (c2 + 1) * u * u - 2 * c2 * u
          }
        ),
        (
          0.5, 1,
          {
            let u = 2 * $0 - 2; return (u * u * ((c2 + 1) * u + c2) + 2) / 2
          },
          {
            let u = 2 * $0 - 2; return 3 * (c2 + 1) * u * u + 2 * c2 * u
          }
        ),
      ]
    case .outBounce:
      pieces = bounceArcs
    case .inBounce:
      // 1 − outBounce(1 − x): each arc mirrored, last first.
      pieces = bounceArcs.reversed().map { arc in
        (1 - arc.x1, 1 - arc.x0, { 1 - arc.f(1 - $0) }, { arc.df(1 - $0) })
      }
    case .inOutBounce:
      let first: [Piece] = bounceArcs.reversed().map { arc in
        (
          (1 - arc.x1) / 2, (1 - arc.x0) / 2, { (1 - arc.f(1 - 2 * $0)) / 2 },
          { arc.df(1 - 2 * $0) }
        )
      }
      let second: [Piece] = bounceArcs.map { arc in
        (
          (1 + arc.x0) / 2, (1 + arc.x1) / 2, { (1 + arc.f(2 * $0 - 1)) / 2 },
          { arc.df(2 * $0 - 1) }
        )
      }
      pieces = first + second
    default:
      return nil
    }
    return pieces.map(arc)
  }

  /// easings.net's outBounce: four parabolic arcs `n1·(x − centre)² + top`.
  private static var bounceArcs: [Piece] {
    let spans: [(Double, Double, Double, Double)] = [
      (0, 1 / d1, 0, 0),
      (1 / d1, 2 / d1, 1.5 / d1, 0.75),
      (2 / d1, 2.5 / d1, 2.25 / d1, 0.9375),
      (2.5 / d1, 1, 2.625 / d1, 0.984375),
    ]
    return spans.map { (x0, x1, centre, top) in
      (x0, x1, { n1 * ($0 - centre) * ($0 - centre) + top }, { 2 * n1 * ($0 - centre) })
    }
  }

  /// The eased fraction at progress `p` in 0…1 (for tests and cuts).
  public func value(at p: Double) -> Double {
    switch self {
    case .steps(let n):
      let n = Double(n)
      return (p * n).rounded(.down) / n
    case .arcs(let arcs):
      let p = min(max(p, 0), 1)
      for arc in arcs where p <= arc.endX { return arc.value(atX: p) }
      return arcs.last?.endY ?? p
    }
  }
}
