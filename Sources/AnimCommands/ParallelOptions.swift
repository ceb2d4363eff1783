import ArgumentParser
import Foundation

/// `--jobs N`, `--frames K/N` and `--concat PART…` (SPEC §22): renders that
/// use every core, and long renders split into chunks that a scheduler (a
/// CI matrix, Kubernetes indexed Jobs, GNU parallel) runs anywhere, joined
/// with the whole mix afterwards.
struct ParallelOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Threads drawing frames (default: the machine's cores); the file is the same whatever N.",
      valueName: "n"))
  var jobs: Int?

  @Option(
    name: .customLong("frames"),
    help: ArgumentHelp(
      "Only the K-th of N equal chunks of the frames (1 ≤ K ≤ N); join them with --concat.",
      valueName: "K/N"))
  var chunkText: String?

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Join chunks rendered with --frames (in order) into OUT, with the script's whole mix as its sound.",
      valueName: "part"))
  var concat: [String] = []

  /// Most threads `--jobs` takes.
  static let maximumJobs = 256

  func validate() throws {
    do {
      _ = try jobCount()
      _ = try chunk()
    } catch { throw ValidationError(error.message) }
  }

  /// The threads to draw with.
  func jobCount() throws(UsageError) -> Int {
    guard let jobs else {
      return max(1, min(ProcessInfo.processInfo.activeProcessorCount, Self.maximumJobs))
    }
    guard jobs >= 1, jobs <= Self.maximumJobs else {
      throw UsageError("--jobs must be a whole number from 1 to \(Self.maximumJobs), not \(jobs)")
    }
    return jobs
  }

  /// `(K, N)` of `--frames K/N`, nil without it.
  func chunk() throws(UsageError) -> (index: Int, count: Int)? {
    guard let chunkText else { return nil }
    let parts = chunkText.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n,
      n <= 1_000_000
    else {
      throw UsageError(
        "--frames takes K/N, the K-th of N equal chunks (1 ≤ K ≤ N ≤ 1000000), not '\(chunkText)'")
    }
    return (k, n)
  }

  /// The frames of chunk K of N among `count` frames: from ⌊(K−1)·F/N⌋ to
  /// ⌊K·F/N⌋, so the N chunks cover every frame once, in order.
  static func frames(of chunk: (index: Int, count: Int), among count: Int) -> Range<Int> {
    let f = count
    let lo = Int((Double(chunk.index - 1) * Double(f) / Double(chunk.count)).rounded(.down))
    let hi = Int((Double(chunk.index) * Double(f) / Double(chunk.count)).rounded(.down))
    return lo..<hi
  }
}
