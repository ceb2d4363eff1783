import AnimEngine

/// The opacity each view is drawn at in a tree (SPEC §17): its alpha times
/// every ancestor's, each clamped to 0…1. Lottie parenting and the HTML
/// player's nested groups pass only transforms, so exporters write this
/// product into each paint's own opacity instead of a group opacity.
extension StageRecording {
  /// Whether any recorded view has a parent.
  public var hasTree: Bool { views.contains { $0.parent != nil } }

  /// The world-opacity track of each recorded view, in `views` order.
  public func worldAlphaTracks() -> [PropertyTrack] {
    var index: [ViewID: Int] = [:]
    for (i, view) in views.enumerated() { index[view.id] = i }
    return views.map { view in
      var factors: [(PropertyTrack, Int)] = [(view.track(.alpha), 0)]
      var p = view.parent
      while let parent = p, let i = index[parent] {
        factors.append((views[i].track(.alpha), 0))
        p = views[i].parent
      }
      return product(factors)
    }
  }

  /// The product of lanes of tracks, each clamped to 0…1, as one track
  /// (lane 0). When at most one factor moves, its keyframes are kept (and
  /// their curves) with values scaled by the still ones; otherwise the
  /// product is sampled at every frame.
  public func product(_ factors: [(track: PropertyTrack, lane: Int)]) -> PropertyTrack {
    let moving = factors.filter { !$0.track.isStatic }
    if moving.count <= 1 {
      var still = 1.0
      for f in factors where f.track.isStatic {
        still *= min(max(f.track.keys.first?.value[f.lane] ?? 1, 0), 1)
      }
      guard let m = moving.first else {
        return PropertyTrack(
          property: .alpha,
          keys: [Keyframe(time: start, value: PropertyValue(still, 0, 0, 0), out: .hold)])
      }
      var keys = KeyframeList()
      for key in m.track.keys {
        var scaled = key
        scaled.value = PropertyValue(key.value[m.lane] * still, 0, 0, 0)
        scaled.slope = m.lane == 0 ? key.slope * still : .nan
        keys.append(scaled)
      }
      return PropertyTrack(property: .alpha, keys: keys)
    }
    var keys = KeyframeList()
    let n = max(frameCount, 1)
    for k in 0..<n {
      let t = frameRate > 0 ? start + Double(k) / frameRate : start
      var v = 1.0
      for f in factors { v *= min(max(f.track.value(at: t)[f.lane], 0), 1) }
      keys.append(Keyframe(time: t, value: PropertyValue(v, 0, 0, 0), out: .sampled))
    }
    return PropertyTrack(property: .alpha, keys: keys)
  }
}
