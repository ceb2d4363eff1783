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
  public private(set) var views: [(id: ViewID, name: String, kind: ViewKind)] = []
  /// The properties recorded: those the clock writes (held in the record).
  let properties = Property.allCases.filter { $0.lanes > 0 }
  /// The index in `properties` of each property, by `Property.index`.
  private let recordedIndex: [Int] = {
    var result = [Int](repeating: -1, count: Property.allCases.count)
    for (i, p) in Property.allCases.filter({ $0.lanes > 0 }).enumerated() { result[p.index] = i }
    return result
  }()
  /// The index in `properties` of the property each slot of a view record
  /// belongs to.
  private let propertyOfSlot: [Int] = (0..<Property.recordWidth).map { offset in
    Property.allCases.filter { $0.lanes > 0 }.firstIndex {
      offset >= $0.slot && offset < $0.slot + $0.lanes
    }!
  }
  /// A builder for each track that something happened to: track
  /// `v · properties.count + p` (property `properties[p]` of the `v`-th view
  /// recorded) has `builders[builderOf[track]]`, or none (-1) while it
  /// holds the value its view was first seen with. Most tracks never move
  /// (W1: one of 22 a view), and a builder with its keyframes costs a few
  /// hundred bytes, so a track gets one only when it is first visited.
  private var builders: [TrackBuilder] = []
  private var builderOf: [Int32] = []
  /// How each view was first seen: when, and its record's values then (the
  /// value of each of its tracks without a builder), kept as the scene's
  /// buffer is laid out (`layout`).
  private var firstLooks: [FirstLook] = []
  private var firstValues: [Double] = []
  /// Where each view's record is in the scene's buffer, in `seen` and in
  /// `firstValues`.
  private let layout = RecordLayout.standard
  /// Each text view's drawings, run-length by frame (`RecordedView.textRuns`).
  private var textRuns: [ViewID: [(frame: Int, text: TextView)]] = [:]
  private var visits = FrameVisits()
  /// Tracks that must be visited at the next frame (see
  /// `TrackBuilder.isSettled`).
  private var unsettled: [Int] = []
  /// The scene's values at the last frame, to find what changed since
  /// (laid out as its buffer).
  private var seen: [Double] = []
  private var frame = -1
  /// Looks taken (frames and instants between them), to tell visits apart.
  private var looks = 0
  /// The time of the last frame taken.
  private var lastFrameTime = -Double.infinity
  /// The time the last look looked back to.
  private var previousLook = 0.0
  /// The scene's values at the last frame, kept once a look at that
  /// frame's own instant needs them (`observe(instant:)`), or nil.
  private var frameValues: [Double]?
  /// Each `shape`'s path, as declared when the view was first seen.
  private var paths: [ViewID: ShapePath] = [:]
  /// Each image view's picture (SPEC §21.4), as declared.
  private var images: [ViewID: ImageSource] = [:]
  /// Each view's parent (SPEC §17), as declared when the view was first seen.
  private var parents: [ViewID: ViewID] = [:]
  private var start = 0.0
  private var lastTime = 0.0
  private var frameRate: Double
  /// Which views the renderer draws (asked of the scene at the last frame).
  private var drawn: (ViewID) -> Bool = { _ in true }
  /// Track visits at the last frame taken (the work per frame, for tests).
  private(set) var visitsAtLastFrame = 0
  /// Tracks with a builder so far (the memory held, for tests).
  var builderCount: Int { builders.count }

  /// Records every view the scene declares (`only` filters them) at
  /// `frameRate` frames per second.
  public init(frameRate: Double) {
    self.frameRate = frameRate
  }

  /// Starts tracks for views declared since the last frame, and queues them
  /// for a visit. A view declared after the first frame is invisible (alpha
  /// 0) until its first frame. View `id` is the `id`-th view recorded.
  ///
  /// A track is not visited at its view's first look unless a segment is
  /// in force on it: a visit without one records the value as a hold and
  /// leaves the track settled, which is what a track without a builder
  /// stands for (`FirstLook.keys`).
  private func discover(
    _ scene: Scene, at time: Double, previousTime: Double, instant: Bool,
    into visits: inout FrameVisits
  ) {
    guard scene.count > views.count else { return }
    let known = views.count
    for raw in views.count..<scene.count {
      let id = ViewID(raw)
      views.append((id: id, name: scene.name(of: id), kind: scene.kind(of: id)))
      paths[id] = scene.paths[id]
      images[id] = scene.images[id]
      parents[id] = scene.parent(of: id)
      firstLooks.append(
        FirstLook(
          look: looks, time: time, previousTime: previousTime, instant: instant,
          start: start, late: time > start))
    }
    builderOf += repeatElement(-1, count: views.count * properties.count - builderOf.count)
    visits.grow(to: builderOf.count)
    let size = layout.capacity(views: views.count)
    seen += repeatElement(0, count: size - seen.count)
    firstValues += repeatElement(0, count: size - firstValues.count)
    scene.withBuffer { values in
      for v in known..<views.count {
        for slot in 0..<layout.width {
          let s = layout.index(view: v, slot: slot)
          seen[s] = values[s]
          firstValues[s] = values[s]
        }
      }
    }
  }

  /// The builder of track `i`, made on its first visit: as its view's first
  /// look left it when that look is past.
  private func makeBuilder(_ i: Int, into builders: inout [TrackBuilder]) -> Int {
    let v = i / properties.count
    let property = properties[i % properties.count]
    let first = firstLooks[v]
    var builder = TrackBuilder()
    if first.look < looks {
      builder = first.builder(property, value: firstValue(v, property))
    } else if property == .alpha && first.late {
      builder.beginInvisible(at: first.start)
    }
    builderOf[i] = Int32(builders.count)
    builders.append(builder)
    return builders.count - 1
  }

  /// The value of `property` of the `v`-th view when it was first seen.
  private func firstValue(_ v: Int, _ property: Property) -> PropertyValue {
    var value = PropertyValue.zero
    for lane in 0..<property.lanes {
      value[lane] = firstValues[layout.index(view: v, slot: property.slot + lane)]
    }
    return value
  }

  /// Takes frame `index` at absolute `time`: the scene's values after every
  /// event of that instant, and the clock's segments in force. A frame index
  /// that does not follow the last one (the script ran `reset`) starts the
  /// recording again.
  ///
  /// Only the tracks where something can have happened are visited: those
  /// with a segment in force, those whose value changed since the last frame
  /// (an assignment, a cancel restoring values, a run that ended) and those
  /// not yet settled after their last visit. Visiting any other track would
  /// record nothing, so the keyframes are those of visiting every track at
  /// every frame, at a cost that follows what moves rather than the scene.
  public func observe(frame index: Int, time: Double, scene: Scene, clock: Clock) {
    if index <= frame || frame < 0 {
      restart(at: time)
    }
    frame = index
    lastFrameTime = time
    frameValues = nil
    take(time: time, previousTime: lastTime, scene: scene, clock: clock, instant: false)
  }

  /// Looks at the scene between frames, where the clock stands at `time`
  /// (a run ending, an event heard, a step's start after the script's
  /// statements), so that a change made there (a cancel, a clear, a pause,
  /// `finish`, an assignment, a run a handler starts) is put where it
  /// happened rather than at the next frame (SPEC §13).
  ///
  /// At a frame's own instant (the script's statements ran after the frame
  /// was taken there) the frame keeps the value anim's frame shows, and
  /// what the statements changed shows from just after it: the values are
  /// compared with the frame's to tell a jump from a curve starting there
  /// (`TrackBuilder.observeAfterFrame`).
  public func observe(instant time: Double, scene: Scene, clock: Clock) {
    guard frame >= 0, time >= lastFrameTime, time >= lastTime else { return }
    if time == lastFrameTime {
      // Kept at the first look after the frame, before `take` updates them.
      if frameValues == nil { frameValues = seen }
      take(time: time, previousTime: time.nextDown, scene: scene, clock: clock, instant: true)
      return
    }
    // A second look at one instant (the script's statements ran after the
    // clock stopped there) looks back as far as the first did.
    let previous = time == lastTime ? previousLook : lastTime
    take(time: time, previousTime: previous, scene: scene, clock: clock, instant: true)
  }

  /// One look at the scene at `time`, the last having been at `previousTime`.
  private func take(
    time: Double, previousTime: Double, scene: Scene, clock: Clock, instant: Bool
  ) {
    previousLook = previousTime
    looks += 1
    let index = looks
    var visits = self.visits
    self.visits = FrameVisits()
    visits.begin(frame: index)
    // Texts' letters are made again when their string changes (SPEC §18):
    // before new views are looked for, so a frame sees its own letters.
    scene.layOutTexts()
    discover(scene, at: time, previousTime: previousTime, instant: instant, into: &visits)
    for i in unsettled { visits.add(i) }
    unsettled.removeAll(keepingCapacity: true)
    // Held, not unowned: `recording()` reads it after the run that drew the
    // scene has ended and let it go.
    // A text's old letters stay, hidden from the frame they were retired.
    drawn = { [scene] in scene.isDrawn($0) || scene.isRetired($0) }
    clock.forEachSegmentInForce { visits.segments.append($0) }
    let propertyCount = properties.count
    let viewCount = views.count
    let recordedIndex = self.recordedIndex
    visits.fileSegments { segment in
      let v = Int(segment.view)
      guard v >= 0 && v < viewCount else { return nil }
      return v * propertyCount + recordedIndex[segment.property.index]
    }
    queueChangedValues(scene, into: &visits)
    // What each text shows, at frames only (a change between two frames is
    // first drawn at the next one).
    for view in views where view.kind == .text && !instant {
      let text = TextView(scene, view.id)
      if textRuns[view.id]?.last?.text != text {
        textRuns[view.id, default: []].append((frame, text))
      }
    }
    let delta = 1e-4 / frameRate
    var builders = self.builders
    self.builders = []
    let afterFrame = instant && time == lastFrameTime ? frameValues : nil
    for i in visits.tracks {
      let property = properties[i % propertyCount]
      let value = scene.value(ViewID(i / propertyCount), property)
      let k = visits.segmentIndex(of: i)
      let b = builderOf[i] >= 0 ? Int(builderOf[i]) : makeBuilder(i, into: &builders)
      if let afterFrame {
        builders[b].observeAfterFrame(
          time: time, value: value,
          jumped: jumped(property, view: i / propertyCount, since: afterFrame, now: seen),
          segment: k.map { visits.segments[$0] }, jumpDelta: delta, lanes: property.lanes)
        if !builders[b].isSettled { unsettled.append(i) }
        continue
      }
      let confirmed =
        if let k {
          builders[b].confirm(
            time: time, value: value, start: visits.segments[k].start,
            duration: visits.segments[k].duration, paused: visits.segments[k].paused,
            exact: visits.segments[k].shape != .other, previousTime: previousTime,
            lanes: property.lanes)
        } else {
          builders[b].confirm(
            time: time, value: value, start: nil, duration: 0, paused: false, exact: false,
            previousTime: previousTime, lanes: property.lanes)
        }
      if !confirmed {
        builders[b].observe(
          time: time, value: value, segment: k.map { visits.segments[$0] },
          previousTime: previousTime, jumpDelta: delta, lanes: property.lanes,
          instant: instant)
      }
      if !builders[b].isSettled { unsettled.append(i) }
    }
    self.builders = builders
    visitsAtLastFrame = visits.tracks.count
    self.visits = visits
    lastTime = time
  }

  /// Whether any lane of `property` of the `view`-th view recorded differs
  /// (in any bit) between the values `then` and `now`; true for a view
  /// `then` did not have.
  private func jumped(_ property: Property, view: Int, since then: [Double], now: [Double])
    -> Bool
  {
    for lane in 0..<property.lanes {
      let s = layout.index(view: view, slot: property.slot + lane)
      guard s < then.count else { return true }
      if then[s].bitPattern != now[s].bitPattern { return true }
    }
    return false
  }

  /// Queues every track whose value differs (in any bit) from the last
  /// frame's, and remembers the values.
  private func queueChangedValues(_ scene: Scene, into visits: inout FrameVisits) {
    let propertyCount = properties.count
    let propertyOfSlot = self.propertyOfSlot
    let layout = self.layout
    var seen = self.seen
    self.seen = []
    scene.withBuffer { values in
      // The rest of the last block is never written, so it never differs.
      for s in 0..<min(seen.count, values.count) where values[s].bitPattern != seen[s].bitPattern {
        seen[s] = values[s]
        let (view, slot) = layout.place(of: s)
        visits.add(view * propertyCount + propertyOfSlot[slot])
      }
    }
    self.seen = seen
  }

  /// The tracks recorded up to the last frame taken.
  public func recording() -> StageRecording {
    var recorded: [RecordedView] = []
    recorded.reserveCapacity(views.count)
    for (v, view) in views.enumerated() where drawn(view.id) {
      var tracks: [PropertyTrack] = []
      for (p, property) in properties.enumerated() {
        let b = builderOf[v * properties.count + p]
        guard b >= 0 else { continue }
        let keys = builders[Int(b)].finished(at: lastFrameTime)
        tracks.append(PropertyTrack(property: property, keys: keys))
      }
      let record = (0..<layout.width).map { firstValues[layout.index(view: v, slot: $0)] }
      var recordedView = RecordedView(
        id: view.id, name: view.name, kind: view.kind, tracks: tracks,
        held: HeldTracks(firstLook: firstLooks[v], values: record[...], end: lastFrameTime))
      recordedView.path = paths[view.id]
      recordedView.image = images[view.id]
      recordedView.textRuns = textRuns[view.id] ?? []
      recordedView.parent = parents[view.id]
      recorded.append(recordedView)
    }
    return StageRecording(
      start: start, end: lastFrameTime, frameRate: frameRate, frameCount: max(frame + 1, 0),
      views: recorded)
  }

  private func restart(at time: Double) {
    views = []
    builders = []
    builderOf = []
    firstLooks = []
    firstValues = []
    textRuns = [:]
    visits = FrameVisits()
    unsettled = []
    seen = []
    start = time
    lastTime = time
    lastFrameTime = time
  }
}
