import AnimEngine

/// Records the stage as the clock passes each frame: for every drawn view and
/// every property, a track of keyframes (`anim export`, SPEC §13).
///
/// At each frame the recorder reads the scene's values and the segments the
/// clock has in force. A segment with an exact easing is followed as a curve
/// for as long as it predicts the scene's values; anything else (a spring, an
/// inexact easing, a colour blended in HSB or OKLab, a pause, a cancel, an
/// assignment) is recorded frame by frame, and a stretch where nothing
/// changes is one hold. So the keyframes give anim's value at every frame,
/// and between frames wherever the clock's segments are exact.
public final class StageRecorder {
  /// The views recorded, in painting order (declaration order).
  public private(set) var views: [(id: ViewID, name: String)] = []
  let properties = Property.allCases
  private var builders: [TrackBuilder] = []
  private var segments: [SegmentInForce?] = []
  private var stamps: [Int] = []
  private var frame = -1
  private var start = 0.0
  private var lastTime = 0.0
  private var frameRate: Double
  private var slotOfView: [ViewID: Int] = [:]
  /// Which views the renderer draws (asked of the scene at the last frame).
  private var drawn: (ViewID) -> Bool = { _ in true }

  /// Records every view the scene declares (`only` filters them) at
  /// `frameRate` frames per second.
  public init(frameRate: Double) {
    self.frameRate = frameRate
  }

  /// Starts tracks for views declared since the last frame. A view declared
  /// after the first frame is invisible (alpha 0) until its first frame.
  private func discover(_ scene: Scene, at time: Double) {
    guard scene.count > views.count else { return }
    for raw in views.count..<scene.count {
      let id = ViewID(raw)
      slotOfView[id] = views.count
      views.append((id: id, name: scene.name(of: id)))
      for property in properties {
        var builder = TrackBuilder()
        if property == .alpha && time > start {
          builder.beginInvisible(at: start)
        }
        builders.append(builder)
        segments.append(nil)
        stamps.append(-1)
      }
    }
  }

  /// Takes frame `index` at absolute `time`: the scene's values after every
  /// event of that instant, and the clock's segments in force. A frame index
  /// that does not follow the last one (the script ran `reset`) starts the
  /// recording again.
  public func observe(frame index: Int, time: Double, scene: Scene, clock: Clock) {
    if index <= frame || frame < 0 {
      restart(at: time)
    }
    frame = index
    discover(scene, at: time)
    drawn = { [unowned scene] in scene.isDrawn($0) }
    let propertyCount = properties.count
    clock.forEachSegmentInForce { segment in
      guard let v = slotOfView[segment.view] else { return }
      let i = v * propertyCount + propertyIndex(segment.property)
      segments[i] = segment
      stamps[i] = index
    }
    let delta = 1e-4 / frameRate
    for (v, view) in views.enumerated() {
      for (p, property) in properties.enumerated() {
        let i = v * propertyCount + p
        let value = scene.value(view.id, property)
        let segment = stamps[i] == index ? segments[i] : nil
        builders[i].observe(
          time: time, value: value, segment: segment, previousTime: lastTime, jumpDelta: delta,
          lanes: property.lanes)
      }
    }
    lastTime = time
  }

  /// The tracks recorded up to the last frame taken.
  public func recording() -> StageRecording {
    var recorded: [RecordedView] = []
    recorded.reserveCapacity(views.count)
    for (v, view) in views.enumerated() where drawn(view.id) {
      var tracks: [PropertyTrack] = []
      for (p, property) in properties.enumerated() {
        let keys = builders[v * properties.count + p].finished(at: lastTime)
        tracks.append(PropertyTrack(property: property, keys: keys))
      }
      recorded.append(RecordedView(id: view.id, name: view.name, tracks: tracks))
    }
    return StageRecording(
      start: start, end: lastTime, frameRate: frameRate, frameCount: max(frame + 1, 0),
      views: recorded)
  }

  private func restart(at time: Double) {
    views = []
    builders = []
    segments = []
    stamps = []
    slotOfView = [:]
    start = time
    lastTime = time
  }

  private func propertyIndex(_ property: Property) -> Int {
    properties.firstIndex(of: property)!
  }
}
