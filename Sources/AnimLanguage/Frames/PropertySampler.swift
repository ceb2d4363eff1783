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

  /// Plays `plan` and samples `targets` (`box.x`, …) at each frame.
  public static func sample(
    _ runner: FrameRunner, plan: FramePlan, targets: [String]
  ) throws -> PlotData {
    var resolved: [(id: ViewID, property: Property)] = []
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
        let now =
          resolved.isEmpty
          ? targets.compactMap { target in liveScene.flatMap { try? resolve(target, in: $0) } }
          : resolved
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
      if resolved.isEmpty { resolved = try targets.map { try resolve($0, in: frame.scene) } }
      times.append(frame.time)
      for (i, target) in resolved.enumerated() {
        let value = frame.scene.value(target.id, target.property)
        if target.property.lanes == 4 {
          colors[i].append(Color(r: value[0], g: value[1], b: value[2], a: value[3]))
        } else {
          numbers[i].append(value[0])
        }
      }
    }
    let series = targets.enumerated().map { i, label in
      resolved[i].property.lanes == 4
        ? PlotData.Series(label: label, times: times, colors: colors[i])
        : PlotData.Series(label: label, times: times, numbers: numbers[i])
    }
    let start = plan.schedule.start
    return PlotData(
      series: series,
      events: events.filter { $0.time >= start - 1e-9 && $0.time <= plan.end + 1e-9 },
      start: start, end: plan.end)
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
