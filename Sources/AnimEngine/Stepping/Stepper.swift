/// What the stepper asks of the clock's rules while it writes a run: who may
/// write a property (takeover, SPEC §6) and how much work may be done.
protocol StepperRules {
  /// Track `i` starts writing at run-local time `local`: the value and
  /// velocity it starts from, or nil when another run holds the property
  /// (the track then never writes).
  func claim(track i: Int, atLocal local: Double) -> Handover?
  /// Counts a segment just started; false once the work limit is passed
  /// (the stepper then starts no more).
  func countSegmentStart() -> Bool
}

/// What a track takes over when it starts writing a property.
struct Handover {
  var value: PropertyValue
  var velocity: Double
}

/// The speed half of a run: writes the run's values into the scene at a
/// run-local time, one call per sample (`write(at:rules:)`).
///
/// The clock decides when a run is sampled and at which local time; the
/// stepper makes the values. Per track it keeps the segment in force as plain
/// numbers (`FrameSegment`) and compares each sample with the next segment's
/// start; only then does it ask the track's cursor for segments (or, once a
/// repeat's plays are known to be alike, compute the part in force from its
/// `AlikePlays`). Values depend only on the local time reached and the values
/// taken over: sampling frame by frame or jumping gives the same scene
/// (`SteppingConsistencyTests`).
final class Stepper {
  let scene: Scene
  /// The tracks' cold halves, in raw memory the stepper owns (mutated in
  /// place when segments start, never copied).
  let tracks: UnsafeMutablePointer<Track>
  let trackCount: Int
  /// The tracks' segments in force, read every sample.
  let inForce: UnsafeMutablePointer<FrameSegment>
  let curves: UnsafeMutablePointer<SegmentCurve>
  /// Track of each scene slot the run animates.
  private let trackIndex: [Int: Int]
  /// The local time last written.
  private var written = 0.0
  /// Alike plays recently stepped by arithmetic: a track whose plays have the
  /// same parts reads these parts instead of its own, so a family of tracks
  /// repeating one motion (a stagger) reads one buffer that stays in cache
  /// rather than one cold buffer per track at every part's start.
  private var recentAlike: [AlikePlays] = []

  /// Makes the tracks of `projected` on `scene`, each remembering the value
  /// its property has now.
  init(scene: Scene, projected: [(TrackKey, TrackNode)]) {
    self.scene = scene
    trackCount = projected.count
    tracks = .allocate(capacity: max(trackCount, 1))
    inForce = .allocate(capacity: max(trackCount, 1))
    curves = .allocate(capacity: max(trackCount, 1))
    curves.initialize(repeating: SegmentCurve(), count: trackCount)
    var index: [Int: Int] = [:]
    for (i, (key, node)) in projected.enumerated() {
      let slot = Scene.slot(key.view, key.property)
      let track = Track(
        key: key, slot: slot, lanes: key.property.lanes,
        cursor: Cursor.make(node, base: 0, scale: 1, events: false),
        original: scene.read(slot: slot, lanes: key.property.lanes))
      (tracks + i).initialize(to: track)
      // A morph, a shape's points and a scramble read (or set) the scene
      // when their leaf starts; a paint tween reports two gradients it
      // cannot tween.
      if key.property == .outline || key.property == .scrambleProgress
        || key.property.declaration.type == .paint
      {
        tracks[i].resolver.site = TrackSite(scene: scene, view: key.view, property: key.property)
      }
      var segment = FrameSegment(slot: slot)
      segment.nextStart = track.cursor.nextStart
      (inForce + i).initialize(to: segment)
      index[slot] = i
    }
    trackIndex = index
  }

  deinit {
    tracks.deinitialize(count: trackCount)
    tracks.deallocate()
    inForce.deinitialize(count: trackCount)
    inForce.deallocate()
    curves.deinitialize(count: trackCount)
    curves.deallocate()
  }

  // MARK: The one call

  /// Writes every track's value at run-local time `local` into the scene,
  /// starting the segments due by then; returns the property writes made.
  /// A `local` earlier than the last one rewinds the tracks and resolves
  /// them forward again (seek back, playing backwards).
  ///
  /// This is the clock's hot loop: per track a comparison with the next
  /// segment's start, then the value and a store into the scene. Its
  /// common case (a number moving linearly, with numbers that cannot
  /// overflow) is written in the loop without a test of the result; every
  /// other segment goes through `writeCurved`. The writes are counted as
  /// the tracks less the idle ones, so that path keeps no counter.
  func write<Rules: StepperRules>(at local: Double, rules: Rules) -> Int {
    let back = local < written - tolerance(written)
    if back { rewind() }
    written = local
    let values = scene.buffer
    let hot = inForce
    let limit = local + tolerance(local)
    var idle = 0
    for i in 0..<trackCount {
      let h = hot + i
      if h.pointee.nextStart <= limit { startDue(i, local, limit, rules) }
      let kind = h.pointee.kind
      if _fastPath(kind == .linear) {
        // Its numbers cannot overflow (`FrameSegment.takesLinearPath`).
        values[Int(h.pointee.slot)] =
          local >= h.pointee.endLimit
          ? h.pointee.b
          : h.pointee.a + (h.pointee.b - h.pointee.a)
            * (max(local - h.pointee.start, 0) * h.pointee.invDuration)
      } else if kind == .idle {
        idle &+= 1
      } else {
        writeCurved(i, at: local)
      }
    }
    if back {
      // A track that took its property but has no segment in force yet at
      // `local` shows the value it took it with.
      for i in 0..<trackCount where tracks[i].alive && tracks[i].claimed {
        if tracks[i].resolver.current == nil {
          scene.write(slot: tracks[i].slot, lanes: tracks[i].lanes, tracks[i].claimedValue)
        }
      }
    }
    return trackCount - idle
  }

  /// Writes track `i`'s value at `local` for a segment that is not a plain
  /// linear one: eased (its value tested for overflow), a spring, or any
  /// other (the segment computes every lane). Kept out of `write`'s loop,
  /// so that the loop keeps its few registers for the common case.
  @inline(never)
  private func writeCurved(_ i: Int, at local: Double) {
    let h = inForce + i
    var value: Double
    switch h.pointee.kind {
    case .eased:
      if local >= h.pointee.endLimit {
        value = h.pointee.b
      } else {
        let p = max(local - h.pointee.start, 0) * h.pointee.invDuration
        let e = curves[i].easing(p)
        value = h.pointee.a + (h.pointee.b - h.pointee.a) * e
        // Not finite (NaN included): `magnitude < .infinity` is one
        // comparison, where `isFinite` tests the exponent's bits.
        if _slowPath(!(value.magnitude < .infinity)) {
          value = FiniteValues.interpolateWide(h.pointee.a, h.pointee.b, e)
        }
      }
    case .spring:
      value =
        local >= h.pointee.endLimit
        ? h.pointee.b
        : h.pointee.b
          + (curves[i].spring?.solution.displacement(at: max(local - h.pointee.start, 0)) ?? 0)
      if _slowPath(!value.isFinite) { value = FiniteValues.clamp(value, fallback: h.pointee.b) }
    case .general:
      let track = tracks[i]
      scene.write(slot: track.slot, lanes: track.lanes, track.resolver.value(at: local))
      return
    case .linear, .idle:
      return
    }
    scene.buffer[Int(h.pointee.slot)] = value
  }

  /// Puts every track that still writes back at local time 0, before its
  /// first segment, with the value it took its property with (SPEC §14.2:
  /// each play then reads the start values it read the first time).
  private func rewind() {
    for i in 0..<trackCount where tracks[i].alive {
      let track = tracks + i
      track.pointee.cursor.reset(base: 0)
      let site = track.pointee.resolver.site
      track.pointee.resolver =
        track.pointee.claimed
        ? Resolver(
          initial: track.pointee.claimedValue, initialVelocity: track.pointee.claimedVelocity)
        : Resolver(initial: track.pointee.original)
      track.pointee.resolver.site = site
      curves[i] = SegmentCurve()
      var segment = FrameSegment(slot: track.pointee.slot)
      segment.nextStart = track.pointee.cursor.nextStart
      inForce[i] = segment
    }
  }

  // MARK: Queries and takeover

  /// The track writing scene slot `slot`, if it still writes.
  func track(writing slot: Int) -> Int? {
    guard let i = trackIndex[slot], tracks[i].alive else { return nil }
    return i
  }

  /// The value and velocity of track `i` at run-local time `local` (what a
  /// run taking the property over starts from).
  func handover(_ i: Int, atLocal local: Double) -> Handover {
    if inForce[i].fromAlikePlays {
      // The cursor is behind; the segment in force holds the part.
      let hot = inForce[i]
      let u = min(max((local - hot.start) * hot.invDuration, 0), 1)
      let easing = hot.kind == .eased ? curves[i].easing : .linear
      let v = local >= hot.endLimit ? hot.b : hot.a + (hot.b - hot.a) * easing(u)
      let velocity =
        local >= hot.endLimit ? 0 : (hot.b - hot.a) * easing.derivative(at: u) * hot.invDuration
      return Handover(value: PropertyValue(v, 0, 0, 0), velocity: velocity)
    }
    let resolver = tracks[i].resolver
    return Handover(value: resolver.value(at: local), velocity: resolver.velocity(at: local))
  }

  /// Stops track `i` writing for good (another run took its property).
  func stopWriting(_ i: Int) {
    tracks[i].alive = false
    inForce[i].kind = .idle
    inForce[i].nextStart = .infinity
  }

  /// Writes back the value each property had when the run started, for every
  /// track that started writing and still writes (`cancel`).
  func restoreOriginals() {
    for i in 0..<trackCount where tracks[i].claimed && tracks[i].alive {
      scene.write(slot: tracks[i].slot, lanes: tracks[i].lanes, tracks[i].original)
    }
  }

  /// The scene slot and lanes of track `i`.
  func slot(of i: Int) -> (slot: Int, lanes: Int) { (tracks[i].slot, tracks[i].lanes) }

  // MARK: Starting segments

  /// Brings track `i` to the segment in force at `local` (`limit` is `local`
  /// plus the clock's tolerance). Alike plays hand over to the cursor when
  /// they end, so one jump (finish, seek, a long step) may need a second pass.
  @inline(never)
  private func startDue<Rules: StepperRules>(
    _ i: Int, _ local: Double, _ limit: Double, _ rules: Rules
  ) {
    var passes = 0
    while inForce[i].nextStart <= limit && passes < 4 {
      if inForce[i].fromAlikePlays {
        stepAlikePlays(i, limit, rules)
      } else {
        startSegments(i, local, rules)
      }
      passes += 1
    }
  }

  /// Starts the segments of track `i` due by `local` (the slow path).
  private func startSegments<Rules: StepperRules>(_ i: Int, _ local: Double, _ rules: Rules) {
    let track = tracks + i
    guard track.pointee.alive else { return }
    let cursor = track.pointee.cursor
    if curves[i].plays != nil {
      // Back from arithmetic: the cursor catches up with the plays it skipped.
      curves[i].plays = nil
      inForce[i].fromAlikePlays = false
      _ = cursor.skipAlikePlays(to: local, &track.pointee.resolver)
    }
    while track.pointee.alive && reached(cursor.nextStart, local) {
      if !track.pointee.claimed {
        guard let handover = rules.claim(track: i, atLocal: cursor.nextStart) else {
          track.pointee.alive = false
          break
        }
        let site = track.pointee.resolver.site
        track.pointee.resolver = Resolver(
          initial: handover.value, initialVelocity: handover.velocity)
        track.pointee.resolver.site = site
        track.pointee.claimedValue = handover.value
        track.pointee.claimedVelocity = handover.velocity
        track.pointee.claimed = true
      }
      cursor.pop(&track.pointee.resolver)
      guard rules.countSegmentStart() else { break }
      // More than one segment behind: skip the alike plays between.
      if reached(cursor.nextStart, local) {
        _ = cursor.skipAlikePlays(to: local, &track.pointee.resolver)
      }
    }
    if !track.pointee.alive {
      stopWriting(i)
      return
    }
    inForce[i].nextStart = cursor.nextStart
    if track.pointee.resolver.current != nil {
      inForce[i].load(
        track.pointee.resolver.current!, lanes: track.pointee.lanes, curve: &curves[i])
    }
    // Alike plays still ahead: step them by arithmetic from here on.
    guard track.pointee.lanes == 1, let alike = cursor.alikePlays(), alike.isArithmetic,
      alike.end > local
    else { return }
    let limit = local + tolerance(local)
    var plays = alike.arithmetic
    plays.parts = sharedParts(alike)
    curves[i].plays = alike
    curves[i].arithmetic = plays
    inForce[i].fromAlikePlays = true
    let k = plays.play(at: limit)
    curves[i].play = k
    curves[i].part = plays.part(at: limit, play: k) ?? -1
    if curves[i].part >= 0 {
      inForce[i].load(part: curves[i].part, of: plays, play: k, curve: &curves[i])
    }
    inForce[i].nextStart = plays.nextPartStart(play: k, part: curves[i].part)
  }

  /// The parts of `alike`, or the same parts of a recently stepped alike
  /// plays (kept alive in `recentAlike`): equal bit for bit, so the values are
  /// unchanged.
  private func sharedParts(_ alike: AlikePlays) -> UnsafeMutableBufferPointer<AlikePlays.Part> {
    for other in recentAlike.reversed() where AlikePlays.sameParts(other.parts, alike.parts) {
      return other.parts
    }
    if recentAlike.count == 4 { recentAlike.removeFirst() }
    recentAlike.append(alike)
    return alike.parts
  }

  /// Moves track `i` to the part of its alike plays in force at `limit`: the
  /// next part, or, after a long step, the play and part computed directly.
  private func stepAlikePlays<Rules: StepperRules>(_ i: Int, _ limit: Double, _ rules: Rules) {
    let plays = curves[i].arithmetic
    if inForce[i].nextStart >= plays.end {
      // The alike plays are over: the cursor goes on.
      startSegments(i, limit - tolerance(limit), rules)
      return
    }
    var k = curves[i].play
    var j = curves[i].part
    // Plays are stepped one by one only while the arithmetic can tell them
    // apart: past 2^52 plays `k + 1` is no longer exact, and a play shorter
    // than the clock's tolerance at `limit` has no distinct start.
    let resolvable = k < 0x1p52 && plays.period > tolerance(limit)
    if !resolvable || limit - plays.playStart(k) > 2 * plays.period {
      k = plays.play(at: limit)
      if let part = plays.part(at: limit, play: k) {
        j = part
      } else {
        // Before the play's first part: the previous play's last part holds.
        j = plays.parts.count - 1
        k -= 1
      }
    } else {
      repeat {
        j += 1
        if j == plays.parts.count {
          j = 0
          k += 1
        }
      } while plays.nextPartStart(play: k, part: j) <= limit
        && plays.nextPartStart(play: k, part: j) < plays.end
    }
    curves[i].play = k
    curves[i].part = j
    inForce[i].load(part: j, of: plays, play: k, curve: &curves[i])
    inForce[i].nextStart = plays.nextPartStart(play: k, part: j)
  }
}
