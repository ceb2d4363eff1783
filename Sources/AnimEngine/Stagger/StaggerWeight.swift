/// How strongly a weighted sort counts horizontal or vertical distance.
public enum StaggerWeight: Sendable, Equatable, Hashable {
  /// 0.5
  case light
  /// 1
  case medium
  /// 2
  case heavy
  /// Any weight; it must be finite and not negative to be used.
  case custom(Double)

  /// The multiplier: 0.5, 1, 2, or the custom number.
  public var value: Double {
    switch self {
    case .light: return 0.5
    case .medium: return 1
    case .heavy: return 2
    case .custom(let weight): return weight
    }
  }

  /// The weight a script names with `light`, `medium` or `heavy`, or nil.
  public init?(named name: String) {
    switch name {
    case "light": self = .light
    case "medium": self = .medium
    case "heavy": self = .heavy
    default: return nil
    }
  }
}
