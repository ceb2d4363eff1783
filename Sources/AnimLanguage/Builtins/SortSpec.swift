import AnimEngine

/// A stagger sort function as a script value (`radial(middle)`,
/// `linear(topToBottom, reversed: true)`).
public struct SortSpec: Sendable {
  public var function: SortFunction
  public var reversed: Bool
  /// How the script wrote it, for printing.
  public var description: String
}

extension SplitMix64 {
  /// A uniform number in 0..<1 (53 random bits).
  mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
