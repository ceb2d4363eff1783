import Dispatch

/// Frees an analysis that is no longer needed on a background thread.
///
/// Freeing the syntax tree and declarations of a 1 MB script takes about a
/// third as long as parsing it, and nothing waits for it: done on the
/// server's thread it would delay the diagnostics of the change that made it
/// old. Reference counting is atomic, and nothing else holds the analysis
/// once its document has let go of it, so the last release, wherever it
/// happens, frees it.
enum BackgroundRelease {
  private static let queue = DispatchQueue(label: "anim.lsp.release", qos: .utility)

  /// Keeps `analysis` alive until the background queue lets go of it.
  static func release(_ analysis: Analysis?) {
    guard let analysis else { return }
    let box = Box(analysis)
    queue.async { box.value = nil }
  }

  private final class Box: @unchecked Sendable {
    var value: Analysis?
    init(_ value: Analysis) { self.value = value }
  }
}
