import AnimEngine

/// How much outline an export may write frame by frame (issue 32).
///
/// An outline that changes over the recording is written as a keyframe at
/// every frame (SPEC §16.5): a star of 100 000 points whose inner radius
/// moves was 200 000 vertices × 61 frames, a Lottie file of several
/// gigabytes built in memory before a byte was written. Before writing,
/// the points of every such outline at every frame are counted; past
/// ``maximumSampledPoints`` the export is refused with an error naming the
/// largest such view, rather than left to exhaust memory and disk.
public enum ExportBudget {
  /// The most outline vertices, summed over the frames of every outline an
  /// export keyframes at every frame: 2 000 000 (a Lottie file of about
  /// 230 MB).
  public static let maximumSampledPoints = 2_000_000

  /// The most views one export records: 200 000. Each costs about 4 KB
  /// while it is recorded and written (its tracks, its layer or element);
  /// a grid of a million views took 4 GB before this limit.
  public static let maximumViews = 200_000

  /// A recording that reached more views than ``maximumViews``.
  public struct TooManyViews: Error, Sendable, Equatable {
    /// How many views the scene had when the recording stopped.
    public let views: Int

    public init(views: Int) { self.views = views }

    /// What the export command says.
    public var message: String {
      "the stage has \(views) views to record, more than the \(ExportBudget.maximumViews) an export holds (each costs about 4 KB while it is written)"
    }
  }

  /// Why `recording` is too large to write: the view with the most
  /// sampled points, its vertices at a frame, its frames and the total.
  public struct Excess: Error, Sendable, Equatable {
    public let view: String
    public let pointsPerFrame: Int
    public let frames: Int
    public let total: Int

    /// What the export command says.
    public var message: String {
      "the outline of \(view) changes at every frame: \(frames) frames of \(pointsPerFrame) points, and \(total) points in all, more than the \(ExportBudget.maximumSampledPoints) an export writes frame by frame"
    }
    /// What to do about it.
    public static let hint =
      "export fewer frames (--from, --to, --fps) or draw the changing outlines with fewer points"
  }

  /// The excess of `recording`, or nil when it fits. The outlines are made
  /// one frame at a time and counted, never kept, so this is cheap in
  /// memory, and stops as soon as the limit is passed.
  public static func excess(_ recording: StageRecording) -> Excess? {
    let times = SampledShapes.frameTimes(recording)
    var total = 0
    var largest: (view: String, points: Int)?
    for view in recording.views where isSampled(view) {
      var most = 0
      for t in times {
        let state = SampledShapes.outlineState(view, at: t)
        let outline = view.kind.outline.outline(of: state, path: view.path)
        most = max(most, outline.subpaths.reduce(0) { $0 + $1.segments.count + 1 })
        // Already past the limit at this size: no need to look further.
        if total + most * times.count > maximumSampledPoints { break }
      }
      total += most * times.count
      if most > (largest?.points ?? 0) { largest = (view.name, most) }
      if total > maximumSampledPoints, let largest {
        return Excess(
          view: largest.view, pointsPerFrame: largest.points, frames: times.count, total: total)
      }
    }
    return nil
  }

  /// Whether a writer keyframes `view`'s outline at every frame: an
  /// outline that changes, written as a path (a polygon, star or shape, or
  /// any view trimmed or morphed; rectangles and ellipses otherwise keep
  /// Lottie's own shapes and the player's boxes).
  static func isSampled(_ view: RecordedView) -> Bool {
    guard SampledShapes.outlineMoves(view) else { return false }
    switch view.kind.outline {
    // An image's picture is placed frame by frame when its box moves.
    case .polygon, .star, .path, .image: return true
    case .none: return false
    case .rectangle where !RecordedCorners.areUniform(view): return true
    case .rectangle, .ellipse, .text:
      return HTMLPlayerWriter.trims(view) || SampledShapes.isMorphed(view)
    }
  }
}
