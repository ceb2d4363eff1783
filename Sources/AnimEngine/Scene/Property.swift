/// A property of a view that motions animate.
///
/// Every view stores its properties in one record of `Property.recordWidth`
/// doubles; numeric properties take one slot and `color` takes four (r, g, b, a),
/// so the clock can write any property as a small vector without boxing.
/// The cases are in the order `print v` lists them (SPEC §12.1: `cornerRadius`
/// after `color`).
public enum Property: Int, CaseIterable, Sendable, Hashable {
  case x, y, width, height, alpha, rotation, scaleX, scaleY, color, cornerRadius

  /// Doubles per view record: eight numeric properties, four colour channels,
  /// then the corner radius.
  public static let recordWidth = 13

  /// Offset of this property's first slot within a view record.
  public var slot: Int {
    switch self {
    case .color: return 8
    case .cornerRadius: return 12
    default: return rawValue
    }
  }

  /// Number of slots: 4 for `color`, 1 otherwise.
  public var lanes: Int { self == .color ? 4 : 1 }

  /// The name used in scripts (`view.alpha`).
  public var name: String { String(describing: self) }

  /// The property a script name refers to, or nil.
  public static func named(_ name: String) -> Property? {
    allCases.first { $0.name == name }
  }
}

/// A property value as the clock moves it: numbers use lane 0, colours all four
/// lanes (r, g, b, a in 0…1).
public typealias PropertyValue = SIMD4<Double>
