/// What a paint property (`color`, `stroke`) holds: a colour or a gradient
/// (SPEC §21.1).
///
/// In a view's record a paint takes the four lanes of a colour, so the clock
/// moves it as one value: takeover, `cancel`, `reset`, `reverse` and a
/// text's letters following it need nothing of their own. A colour is its
/// channels (r, g, b, a), as before gradients existed. A gradient is
/// `(id, progress, 0, +∞)`: the alpha lane +∞ says "gradient" (no colour
/// reaches it: every colour a motion writes is finite, ``FiniteValues``),
/// lane 0 the id of a ``PaintMix`` in ``PaintMixes`` and lane 1 the eased
/// progress along it, which a tween moves from 0 to 1 as a morph moves its
/// outline. A gradient set as a value is the mix of it with itself.
public enum Paint: Sendable, Equatable {
  case color(Color)
  case gradient(Gradient)

  /// The lane that tells a gradient from a colour.
  public static let markerLane = 3

  /// Whether the paint lanes `v` hold a gradient.
  @inline(__always)
  public static func isGradient(_ v: PropertyValue) -> Bool { v[markerLane] == .infinity }

  /// The paint the lanes `v` hold (a colour's channels clamped to 0…1 as
  /// every colour is; a gradient's stops mixed at its progress).
  public init(_ v: PropertyValue) {
    if Self.isGradient(v), let mix = PaintMixes.mix(v[0]) {
      self = .gradient(mix.gradient(at: v[1]))
    } else if Self.isGradient(v) {
      self = .color(.clear)
    } else {
      self = .color(Color(r: v[0], g: v[1], b: v[2], a: v[3]))
    }
  }

  /// The lanes that hold this paint.
  public var value: PropertyValue {
    switch self {
    case .color(let c): return PropertyValue(c.r, c.g, c.b, c.a)
    case .gradient(let g): return Self.value(of: g)
    }
  }

  /// The lanes that hold gradient `g` as a value.
  public static func value(of g: Gradient) -> PropertyValue {
    PropertyValue(PaintMixes.id(of: PaintMix(from: g, to: g, space: .srgb)), 0, 0, .infinity)
  }

  /// The lanes of the mix `id` at `progress`.
  static func value(mix id: Double, progress: Double) -> PropertyValue {
    PropertyValue(id, progress, 0, .infinity)
  }

  /// Whether anything of it shows: a colour with alpha above 0, or any
  /// gradient (one whose stops are all transparent draws nothing, and is
  /// drawn as a gradient all the same).
  public var isVisible: Bool {
    switch self {
    case .color(let c): return c.a > 0
    case .gradient: return true
    }
  }

  /// The two ends of a tween from `from` to `to` as gradients of one kind
  /// and stop count, nil for two colours (a colour motion blends them), or
  /// an error naming both when they cannot be tweened (SPEC §21.1): a
  /// colour is the other end's gradient with every stop at it; two
  /// gradients must have the same kind and number of stops.
  public static func tweenEnds(from: Paint, to: Paint, property: String) throws(EngineError)
    -> (Gradient, Gradient)?
  {
    switch (from, to) {
    case (.gradient(let a), .gradient(let b)):
      guard a.tweens(with: b) else {
        throw EngineError(
          "cannot tween \(property) from \(GradientText.text(a)) to \(GradientText.text(b)): a gradient tweens only to one of the same kind and number of stops (\(a.kindName) with \(a.stops.count) stops, \(b.kindName) with \(b.stops.count))"
        )
      }
      return (a, b)
    case (.color(let c), .gradient(let b)): return (b.uniform(c), b)
    case (.gradient(let a), .color(let c)): return (a, a.uniform(c))
    case (.color, .color): return nil
    }
  }
}

/// One gradient tween: its two ends (of one kind and stop count) and the
/// space its stops' colours blend in. A view's paint lanes name one by id.
public struct PaintMix: Sendable, Hashable {
  public let from: Gradient
  public let to: Gradient
  public let space: ColorSpace

  public init(from: Gradient, to: Gradient, space: ColorSpace) {
    self.from = from
    self.to = to
    self.space = space
  }

  /// The gradient at `progress` of the way (``Gradient/mixing``).
  public func gradient(at progress: Double) -> Gradient {
    from == to ? from : Gradient.mixing(from, to, progress: progress, in: space)
  }
}

/// Every ``PaintMix`` made in this process, interned as ``MorphedOutlines``
/// are: the same gradient or the same tween made again gets the same id,
/// so equal values draw the same and the table grows only with distinct
/// gradients and tweens. Ids are numbers a record holds; they are never
/// reused or removed. Guarded by a lock: scripts may run on several threads
/// of one process.
public enum PaintMixes {
  private static let table = InternTable<PaintMix>()

  /// The id of `mix` (1, 2, …), made on first use.
  public static func id(of mix: PaintMix) -> Double { table.id(of: mix) }

  /// The mix of `id`, or nil for an id never made.
  public static func mix(_ id: Double) -> PaintMix? {
    table.value(id)
  }
}

/// How a paint prints: a colour as `#rrggbb[aa]`, a gradient as
/// ``GradientText`` writes it.
public enum PaintText {
  public static func text(_ paint: Paint) -> String {
    switch paint {
    case .color(let c): return c.hex
    case .gradient(let g): return GradientText.text(g)
    }
  }
}

/// How a gradient is written in a script and printed (SPEC §21.1):
/// `linear((0, 0.5), (1, 0.5), [(0, #ff6a00), (1, #ee0979)])`,
/// `radial((0.5, 0.5), 0.5, [(0, #ffffff), (1, #000000)])`.
public enum GradientText {
  public static func text(_ g: Gradient) -> String {
    func point(_ p: OutlinePoint) -> String {
      "(\(NumberText.format(p.x)), \(NumberText.format(p.y)))"
    }
    let stops = g.stops.map { "(\(NumberText.format($0.offset)), \($0.color.hex))" }
      .joined(separator: ", ")
    switch g.geometry {
    case .linear(let from, let to):
      return "linear(\(point(from)), \(point(to)), [\(stops)])"
    case .radial(let center, let radius, let focal):
      let focusText = focal == center ? "" : ", focal: \(point(focal))"
      return "radial(\(point(center)), \(NumberText.format(radius)), [\(stops)]\(focusText))"
    }
  }
}
