import AnimEngine
import AnimStage

/// Samples view properties at every frame of a plan, with the events of the
/// runs that animate them (SPEC §12.4: `anim plot`, the REPL's `:plot`).
public enum PropertySampler {
  /// `VIEW.PROPERTY` that names nothing in the script.
  public struct UnknownTarget: Error, CustomStringConvertible {
    public let description: String
  }

  /// Splits `box.x` into view and property; nil without a dot.
  public static func split(_ target: String) -> (view: String, property: String)? {
    guard let dot = target.lastIndex(of: "."), dot != target.startIndex,
      target.index(after: dot) != target.endIndex
    else { return nil }
    return (String(target[..<dot]), String(target[target.index(after: dot)...]))
  }

  /// The engine property a script name means (`scale` reads `scaleX`): a
  /// property held in the record, or an alias that reads one.
  public static func property(named name: String) -> Property? {
    let table = PropertyTable.standard
    if let alias = table.alias(named: name), alias.form == .shared { return alias.parts[0] }
    return table.property(named: name).flatMap { $0.lanes > 0 ? $0 : nil }
  }

  /// Every name `property(named:)` knows, for hints.
  public static var propertyNames: [String] {
    let table = PropertyTable.standard
    return table.properties.filter { $0.lanes > 0 }.map(\.name)
      + table.aliases.filter { $0.form == .shared }.map(\.name)
  }

  /// Plays `plan` and samples `targets` (`box.x`, …) at each frame. A
  /// target whose view is declared after the first frame holds its declared
  /// value at the frames before it is first seen; one that names no view by
  /// the end is an `UnknownTarget`.
  public static func sample(
    _ runner: FrameRunner, plan: FramePlan, targets: [String]
  ) throws -> PlotData {
    var resolved = [(id: ViewID, property: Property)?](repeating: nil, count: targets.count)
    var unresolved = targets.count
    // The frame each target was first sampled at, and its declared value,
    // which the frames before hold.
    var firstFrame = [Int](repeating: 0, count: targets.count)
    var declared = [PropertyValue](repeating: PropertyValue(0, 0, 0, 0), count: targets.count)
    var times: [Double] = []
    var numbers = [[Double]](repeating: [], count: targets.count)
    var colors = [[Color]](repeating: [], count: targets.count)
    var events: [PlotData.Event] = []
    var animating: [ObjectIdentifier: Bool] = [:]
    var defaultView: ViewID = 0

    var liveScene: Scene?
    runner.sceneReady = { scene, clock in
      liveScene = scene
      defaultView = clock.defaultView
    }
    runner.eventObserver = { event in
      let record = event.record
      let key = ObjectIdentifier(record)
      let relevant: Bool
      if let known = animating[key] {
        relevant = known
      } else {
        // A run's views exist when it starts, though the frames (and the
        // strict resolution) may come later.
        let now = targets.indices.compactMap { i in
          resolved[i] ?? liveScene.flatMap { try? resolve(targets[i], in: $0) }
        }
        relevant = now.contains { target in
          record.motion.animates(target.1, of: [target.0], defaultView: defaultView)
        }
        animating[key] = relevant
      }
      if relevant {
        events.append(PlotData.Event(time: event.time, label: "\(event.kind) #\(record.id)"))
      }
    }
    defer {
      runner.eventObserver = nil
      runner.sceneReady = nil
    }
    try runner.play(plan) { frame in
      if unresolved > 0 {
        for i in targets.indices where resolved[i] == nil {
          guard let target = try? resolve(targets[i], in: frame.scene) else { continue }
          resolved[i] = target
          firstFrame[i] = times.count
          if !times.isEmpty {
            let state = Scene()
            let id = state.declare("declared", state: frame.scene.declared[Int(target.0)])
            declared[i] = state.value(id, target.1)
          }
          unresolved -= 1
        }
      }
      times.append(frame.time)
      for i in targets.indices {
        guard let target = resolved[i] else { continue }
        let value = frame.scene.value(target.id, target.property)
        if target.property.lanes == 4 {
          colors[i].append(Color(r: value[0], g: value[1], b: value[2], a: value[3]))
        } else {
          numbers[i].append(value[0])
        }
      }
    }
    if unresolved > 0, let i = resolved.firstIndex(where: { $0 == nil }) {
      // Names nothing even at the end: the error says why (a misspelling, a property).
      _ = try resolve(targets[i], in: liveScene ?? Scene())
      let (view, _) = split(targets[i]) ?? (targets[i], "")
      throw UnknownTarget(
        description: "view '\(view)' is declared after the chart's last frame (--to sets the end)")
    }
    let series = targets.indices.map { i in
      let label = targets[i]
      let held = firstFrame[i]
      let before = declared[i]
      if resolved[i]?.property.lanes == 4 {
        let color = Color(r: before[0], g: before[1], b: before[2], a: before[3])
        return PlotData.Series(
          label: label, times: times, colors: Array(repeating: color, count: held) + colors[i])
      }
      return PlotData.Series(
        label: label, times: times,
        numbers: Array(repeating: before[0], count: held) + numbers[i])
    }
    let start = plan.schedule.start
    return PlotData(
      series: series,
      events: events.filter { $0.time >= start - 1e-9 && $0.time <= plan.end + 1e-9 },
      start: start, end: plan.end)
  }

  /// Every `VIEW.PROPERTY` the runs of `plan`'s script animate, in the
  /// order the runs start (each run's in the order its motion is written):
  /// what `anim plot` charts when it is not told (SPEC §20). It plays the
  /// script once, without sampling.
  public static func animatedTargets(_ runner: FrameRunner, plan: FramePlan) throws -> [String] {
    var found: [(view: ViewID, property: Property)] = []
    var seen: Set<Int> = []
    var runs: Set<ObjectIdentifier> = []
    var scene: Scene?
    var defaultView: ViewID = 0
    runner.sceneReady = { liveScene, clock in
      scene = liveScene
      defaultView = clock.defaultView
    }
    runner.eventObserver = { event in
      guard runs.insert(ObjectIdentifier(event.record)).inserted else { return }
      for target in event.record.motion.animatedTargets(defaultView: defaultView)
      where seen.insert(Int(target.view) &* 64 &+ target.property.index).inserted {
        found.append(target)
      }
    }
    defer {
      runner.eventObserver = nil
      runner.sceneReady = nil
    }
    try runner.play(plan) { _ in }
    guard let scene else { return [] }
    return found.map { "\(scene.name(of: $0.view)).\($0.property.name)" }
  }

  private static func resolve(_ target: String, in scene: Scene) throws -> (ViewID, Property) {
    guard let (viewName, propertyName) = split(target) else {
      throw UnknownTarget(description: "'\(target)' is not VIEW.PROPERTY (such as box.x)")
    }
    guard let id = scene.view(named: viewName) else {
      let hint = Spelling.closest(to: viewName, among: scene.names).map {
        "; did you mean '\($0)'?"
      }
      throw UnknownTarget(description: "no view '\(viewName)' in the script\(hint ?? "")")
    }
    guard let property = property(named: propertyName) else {
      let hint = Spelling.closest(to: propertyName, among: propertyNames).map {
        "; did you mean '\($0)'?"
      }
      throw UnknownTarget(description: "views have no property '\(propertyName)'\(hint ?? "")")
    }
    return (id, property)
  }
}
