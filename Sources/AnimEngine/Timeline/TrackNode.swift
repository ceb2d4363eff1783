/// One leaf as it bears on one property.
struct TrackLeaf {
  var duration: Double
  var easing: Easing
  var rule: ChangeRule
  var space: ColorSpace
  /// True on a colour track (four lanes interpolated in `space`).
  var isColor: Bool = false
  /// Set on the event track: the mark this leaf emits.
  var mark: String?
}

/// A motion projected onto one property of one view (or onto the events of a
/// run): the same timing structure with every part that does not touch it
/// removed. This is the compiled form the clock walks: no syntax, no values.
indirect enum TrackNode {
  case leaf(TrackLeaf)
  /// Children starting at the given offsets (a sequence or a parallel).
  case group([(offset: Double, node: TrackNode)])
  /// `count` plays of `period` seconds; `emitsRepeat` on the run's top-level
  /// repeat, whose boundaries are `repeat` events.
  case repeating(TrackNode, period: Double, count: Double, emitsRepeat: Bool)
  /// Times inside run `factor` times faster.
  case speed(TrackNode, factor: Double)
  /// `reverse(m)`; `retracing` is set when it follows a play of m itself
  /// in a sequence (`m + reverse(m)`, SPEC §23.3): the offset, in the
  /// enclosing group, of the play whose start values it retraces.
  case reversed(TrackNode, duration: Double, retracing: Double?)
  case yoyo(TrackNode, duration: Double)
  case eased(TrackNode, Easing, duration: Double)
  /// Starts after `delay`, its first segment resolved and shown from 0.
  case prepared(TrackNode, delay: Double)
}

extension TrackNode {
  /// How many points each motion of a shape's points on this track moves
  /// to (SPEC §23.1), each count once.
  func pointCounts() -> [Int] {
    var found: [Int] = []
    func walk(_ node: TrackNode) {
      switch node {
      case .leaf(let leaf):
        if case .points(let points) = leaf.rule, !found.contains(points.count) {
          found.append(points.count)
        }
      case .group(let children): children.forEach { walk($0.node) }
      case .repeating(let n, _, _, _), .speed(let n, _), .reversed(let n, _, _), .yoyo(let n, _),
        .eased(let n, _, _), .prepared(let n, _):
        walk(n)
      }
    }
    walk(self)
    return found
  }

  /// The views the morphs of this track morph into, each once, in order.
  func morphOthers() -> [ViewID] {
    var found: [ViewID] = []
    func walk(_ node: TrackNode) {
      switch node {
      case .leaf(let leaf):
        if case .morph(let other) = leaf.rule, !found.contains(other) { found.append(other) }
      case .group(let children): children.forEach { walk($0.node) }
      case .repeating(let n, _, _, _), .speed(let n, _), .reversed(let n, _, _), .yoyo(let n, _),
        .eased(let n, _, _), .prepared(let n, _):
        walk(n)
      }
    }
    walk(self)
    return found
  }
}

/// The view a projected part animates: a fixed view, or whichever view the
/// enclosing binding names (the scene's `view` at the top).
enum TrackTarget: Hashable {
  case inherited
  case view(ViewID)
}

/// Identifies a track of a run: one property of one view.
struct TrackKey: Hashable {
  var view: ViewID
  var property: Property
}

/// Projects motions onto tracks, sharing the work between identical subtrees
/// (a stagger over ten thousand views projects its motion once).
struct Projector {
  private typealias Projection = [(key: PropertyKeyRef, node: TrackNode)]
  private struct PropertyKeyRef {
    var target: TrackTarget
    var property: Property?  // nil: the event track
    /// Numbers per view in `number`: the event track, then each property.
    static let span = PropertyTable.standard.properties.count + 1

    /// The key as one number, for the dictionaries below. (Keys of the
    /// program's own types cost a scan of every protocol conformance in the
    /// binary the first time each type is hashed into a dictionary, a
    /// fortieth of a one-line script's start-up apiece; `Int` keys share one.)
    var number: Int {
      let view: Int
      switch target {
      case .inherited: view = 0
      case .view(let v): view = Int(v) + 1
      }
      return view * Self.span + (property.map { $0.index + 1 } ?? 0)
    }
  }
  /// Projections of the motions below the top, by the motion's identity.
  private var cache: [Int: Projection] = [:]

  /// The tracks of `motion` run on `defaultView`, and its event track.
  mutating func project(_ motion: Motion, defaultView: ViewID) -> (
    tracks: [(TrackKey, TrackNode)], events: TrackNode?
  ) {
    var tracks: [(TrackKey, TrackNode)] = []
    var events: TrackNode?
    var index: [Int: Int] = [:]  // by `Scene.slot`, see `PropertyKeyRef.number`
    for (ref, node) in project(motion, top: true) {
      let view: ViewID
      switch ref.target {
      case .inherited: view = defaultView
      case .view(let v): view = v
      }
      guard let property = ref.property else {
        events = events.map { .group([(0, $0), (0, node)]) } ?? node
        continue
      }
      let key = TrackKey(view: view, property: property)
      let slot = Scene.slot(view, property)
      if let i = index[slot] {
        tracks[i].1 = .group([(0, tracks[i].1), (0, node)])
      } else {
        index[slot] = tracks.count
        tracks.append((key, node))
      }
    }
    return (tracks, events)
  }

  private mutating func project(_ motion: Motion, top: Bool) -> Projection {
    let id = Int(bitPattern: UInt(bitPattern: ObjectIdentifier(motion)))
    if !top, let cached = cache[id] { return cached }
    let result: Projection
    switch motion.node {
    case .leaf(let leaf):
      var out: Projection = leaf.changes.map {
        (
          PropertyKeyRef(target: .inherited, property: $0.property),
          .leaf(
            TrackLeaf(
              duration: leaf.duration, easing: leaf.easing, rule: $0.rule, space: leaf.space,
              isColor: $0.property.declaration.interpolation == .color))
        )
      }
      if let mark = leaf.mark {
        out.append(
          (
            PropertyKeyRef(target: .inherited, property: nil),
            .leaf(
              TrackLeaf(duration: 0, easing: .linear, rule: .to(.zero), space: .srgb, mark: mark))
          ))
      }
      result = out
    case .sequence(let parts):
      // `delay(m, d)` is `wait(d) + m`: the run's repeat events are still
      // those of m's outermost repeat (SPEC §14.6).
      let delayed = top && parts.count == 2 && Self.isWait(parts[0])
      var offset = 0.0
      var offsets: [Double] = []
      var children: [(Double, Projection)] = []
      for (i, part) in parts.enumerated() {
        var projection = project(part, top: delayed && i == 1)
        if let j = Self.retracedPlay(of: i, in: parts) {
          // `m + reverse(m)` retraces the play of m (SPEC §23.3).
          let playOffset = offsets[j]
          projection = projection.map { key, node in
            guard key.property != nil, case .reversed(let body, let d, _) = node else {
              return (key, node)
            }
            return (key, .reversed(body, duration: d, retracing: playOffset))
          }
        }
        offsets.append(offset)
        if offset > 0, parts[..<i].allSatisfy(Self.isWait) {
          // After leading waits, a stagger's members show their start
          // values from the sequence's start (SPEC §23.3: `delay(stagger(…),
          // d)`, `wait(d) + stagger(…)`, as a GSAP timeline's offset).
          var prepared: Projection = []
          var rest: Projection = []
          for (key, node) in projection {
            if key.property != nil, case .prepared(let body, let delay) = node {
              prepared.append((key, .prepared(body, delay: delay + offset)))
            } else {
              rest.append((key, node))
            }
          }
          if !prepared.isEmpty { children.append((0, prepared)) }
          projection = rest
        }
        children.append((offset, projection))
        offset += part.duration
      }
      result = Self.merge(children)
    case .parallel(let parts):
      result = Self.merge(parts.map { (0, project($0, top: false)) })
    case .repeating(let body, let count):
      let inner = project(body, top: false)
      var out = inner.map {
        (
          $0.key,
          TrackNode.repeating(
            $0.node, period: body.duration, count: count, emitsRepeat: top && $0.key.property == nil
          )
        )
      }
      if top && !inner.contains(where: { $0.key.property == nil }) && count > 1 {
        out.append(
          (
            PropertyKeyRef(target: .inherited, property: nil),
            .repeating(.group([]), period: body.duration, count: count, emitsRepeat: true)
          ))
      }
      result = out
    case .reversed(let body):
      result = project(body, top: false).map {
        ($0.key, .reversed($0.node, duration: body.duration, retracing: nil))
      }
    case .yoyo(let body):
      result = project(body, top: false).map { ($0.key, .yoyo($0.node, duration: body.duration)) }
    case .speed(let body, let k):
      result = project(body, top: top).map { ($0.key, .speed($0.node, factor: k)) }
    case .eased(let body, let e):
      // The repeat events of an eased repeat are its boundaries, at the
      // times the easing reaches them (SPEC §14.6).
      result = project(body, top: top).map {
        ($0.key, .eased($0.node, e, duration: body.duration))
      }
    case .prepared(let body, let delay):
      result = project(body, top: false).map {
        // Events are not prepared: a mark fires when it is reached.
        (
          $0.key,
          $0.key.property == nil ? .group([(delay, $0.node)]) : .prepared($0.node, delay: delay)
        )
      }
    case .bound(let body, let views):
      let inner = project(body, top: top)
      var out: Projection = []
      for (i, v) in views.enumerated() {
        for (ref, node) in inner {
          // A group plays its motion on every member, but its marks are one
          // motion's marks: they fire once.
          if ref.property == nil && i > 0 { continue }
          let target = ref.target == .inherited ? TrackTarget.view(v) : ref.target
          out.append((PropertyKeyRef(target: target, property: ref.property), node))
        }
      }
      result = out
    }
    if !top { cache[id] = result }
    return result
  }

  /// For part `i` of a sequence that is `reverse(m)`: where the play of m
  /// that it retraces starts (SPEC §23.3), m's parts being the parts just
  /// before it (a sequence m is flattened into the one around it), maybe
  /// with bare waits between (`m + wait(0.5) + reverse(m)`); else nil.
  private static func retracedPlay(of i: Int, in parts: [Motion]) -> Int? {
    guard case .reversed(let body) = parts[i].node else { return nil }
    let played: [Motion]
    if case .sequence(let inner) = body.node { played = inner } else { played = [body] }
    var end = i
    while end >= played.count {
      let first = end - played.count
      if zip(parts[first..<end], played).allSatisfy({ $0 === $1 }) { return first }
      guard isWait(parts[end - 1]) else { return nil }
      end -= 1
    }
    return nil
  }

  /// Whether `motion` is a bare `wait`: a leaf that animates nothing, marks
  /// nothing and plays nothing.
  private static func isWait(_ motion: Motion) -> Bool {
    if case .leaf(let leaf) = motion.node {
      return leaf.changes.isEmpty && leaf.mark == nil && leaf.sound == nil
    }
    return false
  }

  /// Combines children that start at offsets into one projection, grouping the
  /// parts that land on the same track.
  private static func merge(_ children: [(Double, Projection)]) -> Projection {
    var order: [PropertyKeyRef] = []
    var parts: [Int: [(offset: Double, node: TrackNode)]] = [:]
    for (offset, projection) in children {
      for (key, node) in projection {
        if parts[key.number] == nil { order.append(key) }
        parts[key.number, default: []].append((offset, node))
      }
    }
    return order.map { key in
      let list = parts[key.number]!
      if list.count == 1 && list[0].offset == 0 { return (key, list[0].node) }
      return (key, .group(list))
    }
  }
}
