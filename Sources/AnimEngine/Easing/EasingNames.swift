extension Easing {
  /// The 31 canonical names, `linear` first, then for each of Sine, Quad,
  /// Cubic, Quart, Quint, Expo, Circ, Back, Elastic and Bounce the forms in,
  /// out and inOut: for completion and documentation.
  public static var allNames: [String] {
    catalogue.map(\.name)
  }

  /// The easing with the given name, or `nil`.
  ///
  /// Accepts the 31 canonical names (`linear`, `inQuad`, `outBounce`, …) and,
  /// for the 30 Penner curves, the easings.net spelling with the `ease`
  /// prefix (`easeInQuad`, `easeOutQuad`, `easeInOutQuad`, …). Names are
  /// case-sensitive, as identifiers in the language are.
  public static func named(_ name: String) -> Easing? {
    if let easing = byName[name] { return easing }
    guard name.hasPrefix("ease"), name.count > 4 else { return nil }
    let rest = name.dropFirst(4)
    guard let first = rest.first, first == "I" || first == "O" else { return nil }
    return byName[first.lowercased() + rest.dropFirst()]
  }

  /// The name this easing prints as: its canonical name, or
  /// `cubicBezier(0.25, 0.1, 0.25, 1)`, `steps(4)`,
  /// `spring(mass: 1, stiffness: 100, damping: 10)`.
  public var name: String {
    switch self {
    case .cubicBezier(let x1, let y1, let x2, let y2):
      let numbers = [x1, y1, x2, y2].map(NumberText.format)
      return "cubicBezier(\(numbers.joined(separator: ", ")))"
    case .steps(let n):
      return "steps(\(n))"
    case .spring(let parameters):
      return "spring(\(parameters))"
    default:
      return Self.catalogue.first { $0.easing == self }?.name ?? "linear"
    }
  }

  /// The named curves in the order of ``allNames``.
  private static let catalogue: [(name: String, easing: Easing)] = [
    ("linear", .linear),
    ("inSine", .inSine), ("outSine", .outSine), ("inOutSine", .inOutSine),
    ("inQuad", .inQuad), ("outQuad", .outQuad), ("inOutQuad", .inOutQuad),
    ("inCubic", .inCubic), ("outCubic", .outCubic), ("inOutCubic", .inOutCubic),
    ("inQuart", .inQuart), ("outQuart", .outQuart), ("inOutQuart", .inOutQuart),
    ("inQuint", .inQuint), ("outQuint", .outQuint), ("inOutQuint", .inOutQuint),
    ("inExpo", .inExpo), ("outExpo", .outExpo), ("inOutExpo", .inOutExpo),
    ("inCirc", .inCirc), ("outCirc", .outCirc), ("inOutCirc", .inOutCirc),
    ("inBack", .inBack), ("outBack", .outBack), ("inOutBack", .inOutBack),
    ("inElastic", .inElastic), ("outElastic", .outElastic), ("inOutElastic", .inOutElastic),
    ("inBounce", .inBounce), ("outBounce", .outBounce), ("inOutBounce", .inOutBounce),
  ]

  private static let byName: [String: Easing] = Dictionary(
    uniqueKeysWithValues: catalogue.map { ($0.name, $0.easing) })
}
