/// Sebastiano Vigna's SplitMix64 generator: a 64-bit state advanced by the
/// golden-ratio increment, each output scrambled by two multiply-xorshift
/// rounds. It is specified entirely by integer arithmetic, so a seed gives the
/// same numbers on every machine and Swift version, which the stdlib's
/// generators do not promise. This is what makes `random(seed:)` portable.
///
/// Reference: <https://prng.di.unimi.it/splitmix64.c>. From seed 0 the first
/// outputs are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose state starts at `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly random integer in 0..<bound, by Lemire's multiply-and-reject
  /// method: take the high word of `next() * bound`, rejecting the few low
  /// words that would bias it. Written out here rather than left to the
  /// stdlib so the sequence is fixed. A bound of 0 gives 0 and draws nothing.
  public mutating func nextIndex(below bound: UInt64) -> UInt64 {
    guard bound > 0 else { return 0 }
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  /// `0..<count` in a shuffled order, by the Fisher–Yates (Durstenfeld)
  /// shuffle: for i from count − 1 down to 1, swap item i with item
  /// `nextIndex(below: i + 1)`.
  public mutating func shuffledIndices(count: Int) -> [Int] {
    var indices = Array(0..<max(count, 0))
    var i = indices.count - 1
    while i > 0 {
      let j = Int(nextIndex(below: UInt64(i + 1)))
      indices.swapAt(i, j)
      i -= 1
    }
    return indices
  }
}
