import AnimEngine
import AnimFiles
import AnimLanguage
import AnimPlot
import AnimRender
import AnimStage
import Foundation

/// `:render FILE` and `:plot …` (SPEC §12.5): neither changes the session.
extension ReplSession {
  /// The most seconds `:plot` looks ahead.
  static let maximumPlotSeconds = 1e6
  /// Braille rows of a number's chart, and of an easing's.
  static let plotRows = 4
  static let easingRows = 8

  /// Writes the current frame: the live scene on its stage (fitted to the
  /// views as they are now when the session set no stage size).
  func renderFrame(_ path: String, line: String) {
    let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    let lower = expanded.lowercased()
    guard lower.hasSuffix(".png") || lower.hasSuffix(".svg") else {
      problem(
        ":render writes a .png or .svg file", hint: "usage: :render FILE.png", commandLine: line)
      return
    }
    let scene = interpreter.scene
    if let violation = DrawableRange.violation(in: scene, at: interpreter.clock.now) {
      problem(violation.message, hint: DrawableRange.Violation.hint, commandLine: line)
      return
    }
    do {
      let layout = try StageLayout.make(scene.stage, fitted: DrawnBounds.of(scene))
      let bytes: [UInt8]
      if lower.hasSuffix(".svg") {
        bytes = Array(SVGDocument.text(scene, layout: layout).utf8)
      } else {
        let canvas = try FrameCanvas(layout: layout)
        try canvas.draw(scene)
        bytes = try canvas.png()
      }
      try AtomicFile.write(bytes: bytes, to: expanded)
      output(
        "wrote \(path) (\(layout.pixelWidth)×\(layout.pixelHeight), t=\(ValueText.time(interpreter.clock.now)))"
      )
    } catch let error as StageError {
      problem(error.message, hint: error.hint, commandLine: line)
    } catch {
      problem("cannot write \(path): \(error)", commandLine: line)
    }
  }

  /// `:plot box.x, box.alpha for 2` or `:plot outBack`.
  func plot(_ argument: String, line: String) {
    guard let forRange = argument.range(of: " for ", options: .backwards) else {
      plotEasing(argument, line: line)
      return
    }
    let names = argument[..<forRange.lowerBound].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let durationText = argument[forRange.upperBound...].trimmingCharacters(in: .whitespaces)
    guard let seconds = Self.seconds(durationText), seconds > 0,
      seconds <= Self.maximumPlotSeconds
    else {
      problem(
        ":plot needs a duration in seconds after 'for', > 0 and at most 1e6, not '\(durationText)'",
        hint: "usage: :plot box.x, box.alpha for 2", commandLine: line)
      return
    }
    var targets: [(label: String, id: ViewID, property: Property)] = []
    for name in names {
      guard let (view, propertyName) = PropertySampler.split(name),
        let id = interpreter.scene.view(named: view)
      else {
        problem(
          "'\(name)' is not VIEW.PROPERTY of a view in the session",
          hint: "usage: :plot box.x, box.alpha for 2", commandLine: line)
        return
      }
      guard let property = PropertySampler.property(named: propertyName) else {
        problem(
          "views have no property '\(propertyName)'",
          hint: Spelling.closest(to: propertyName, among: PropertySampler.propertyNames).map {
            "did you mean '\($0)'?"
          },
          commandLine: line)
        return
      }
      targets.append((name, id, property))
    }
    // A replica of the session (replayed silently) moves on; the session does not.
    let replica = replicate()
    let start = replica.clock.now
    let columns = max(10, terminalWidth() - 11)
    let samples = 2 * columns
    var numbers = [[Double]](repeating: [], count: targets.count)
    var colors = [[Color]](repeating: [], count: targets.count)
    do {
      for k in 0..<samples {
        let t = start + seconds * Double(k) / Double(samples - 1)
        if t > replica.clock.now { try replica.clock.advance(to: t) }
        for (i, target) in targets.enumerated() {
          let v = replica.scene.value(target.id, target.property)
          if target.property == .color {
            colors[i].append(Color(r: v[0], g: v[1], b: v[2], a: v[3]))
          } else {
            numbers[i].append(v[0])
          }
        }
      }
    } catch {
      problem("cannot look ahead: \(error)", commandLine: line)
      return
    }
    let from = ValueText.time(start)
    let to = ValueText.time(start + seconds)
    for (i, target) in targets.enumerated() {
      if target.property == .color {
        output("\(target.label) from \(from) to \(to): " + Self.colourChanges(colors[i]))
        continue
      }
      output("\(target.label) from \(from) to \(to)")
      for row in BrailleChart.lines(numbers[i], rows: Self.plotRows) { output(row) }
      for row in BrailleChart.timeAxis(columns: columns, start: from, end: to) { output(row) }
    }
  }

  private func plotEasing(_ text: String, line: String) {
    let easing: Easing
    do { easing = try Interpreter.easing(from: text) } catch {
      problem(
        ":plot needs VIEW.PROPERTY[, …] for SECONDS, or an easing: \(error.message)",
        hint: error.hint ?? "usage: :plot box.x for 2, or :plot outBack", commandLine: line)
      return
    }
    let columns = max(10, terminalWidth() - 11)
    let samples = 2 * columns
    let values = (0..<samples).map { easing.value(at: Double($0) / Double(samples - 1)) }
    output("\(text) over progress 0…1")
    for row in BrailleChart.lines(values, rows: Self.easingRows) { output(row) }
    for row in BrailleChart.timeAxis(columns: columns, start: "0", end: "1") { output(row) }
  }

  /// The distinct colours a property passes through, with their first
  /// sample's index, up to a handful: `#ff0000 → #7f007f → #0000ff`.
  static func colourChanges(_ colors: [Color]) -> String {
    var seen: [String] = []
    for c in colors where seen.last != c.hex { seen.append(c.hex) }
    if seen.count <= 5 { return seen.joined(separator: " → ") }
    let picks = [0, seen.count / 4, seen.count / 2, 3 * seen.count / 4, seen.count - 1]
    return picks.map { seen[$0] }.joined(separator: " → ")
  }

  /// `2`, `1.5`, `300ms`, `2s`.
  static func seconds(_ text: String) -> Double? {
    if text.hasSuffix("ms"), let v = Double(text.dropLast(2)) { return v / 1000 }
    if text.hasSuffix("s"), let v = Double(text.dropLast()) { return v }
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }
}
