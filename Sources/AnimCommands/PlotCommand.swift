import AnimConsole
import AnimEngine
import AnimFiles
import AnimLanguage
import AnimPlot
import AnimRender
import AnimStage
import ArgumentParser
import Foundation

/// `anim plot FILE -o OUT.svg|OUT.png --property box.x,…` and
/// `anim plot --easing NAME -o OUT` (SPEC §12.4).
struct PlotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plot",
    abstract: "Chart properties over time, or an easing curve, as SVG or PNG.",
    discussion: """
      The script runs as with `anim render`; each property gets a panel over a \
      shared time axis: a line for a number, a strip of the colour for a colour. \
      Events of the runs that animate a plotted property are ticks on the time axis. \
      Without --property, every property the script animates is plotted, in the \
      order its runs start (at most 12 panels; a note names the rest).

      Examples:
        anim plot blink.anim -o alpha.svg --property view.alpha
        anim plot blink.anim -o everything.svg
        anim plot grid.anim -o tiles.png --property tiles[0].alpha,tiles[99].alpha --to 3
        anim plot --easing outBack -o outBack.svg
      """)

  @ArgumentParser.Argument(help: "The .anim script.", completion: .file(extensions: ["anim"]))
  var file: String?

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Where to write the chart: a .svg or .png file.", valueName: "out"))
  var output: String

  @Option(
    help: ArgumentHelp(
      "The properties to chart, VIEW.PROPERTY, separated by commas (or repeated); without it, every property the script animates (at most 12).",
      valueName: "view.property"))
  var property: [String] = []

  @Option(
    help: ArgumentHelp(
      "Chart an easing over progress 0…1 instead: a name (outBack) or cubicBezier(…), steps(n).",
      valueName: "easing"))
  var easing: String?

  @OptionGroup var range: RangeOptions
  @OptionGroup var limits: WorkLimitOption

  func run() throws {
    do {
      try plot()
    } catch let error as UsageError {
      Terminal.writeError("anim plot: \(error.message)")
      throw ExitCode(ExitStatus.usage)
    }
  }

  /// Most panels a chart gets when the properties are not named: more would
  /// make each panel too short to read.
  static let maximumPanels = 12

  private var targets: [String] {
    property.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
      .filter { !$0.isEmpty }
  }

  private func plot() throws {
    let ext = (output.split(separator: "/").last ?? "").split(separator: ".").last?.lowercased()
    guard ext == "svg" || ext == "png", output.contains(".") else {
      throw UsageError("cannot write '\(output)': a chart is a .svg or .png file")
    }
    if let easing {
      guard file == nil, targets.isEmpty, range.isEmpty else {
        throw UsageError("--easing draws a curve on its own: give no FILE, --property or range")
      }
      let curve: Easing
      do { curve = try Interpreter.easing(from: easing) } catch {
        throw UsageError(
          "--easing \(easing): \(error.message)" + (error.hint.map { " (\($0))" } ?? ""))
      }
      try write(height: Chart.easingHeight) { sink in
        Chart.drawEasing(curve, name: easing, into: sink)
      }
      return
    }
    guard let file else { throw UsageError("give a script to plot, or --easing NAME") }
    for target in targets {
      guard let (_, name) = PropertySampler.split(target) else {
        throw UsageError("'\(target)' is not VIEW.PROPERTY (such as box.x)")
      }
      guard PropertySampler.property(named: name) != nil else {
        let hint = Spelling.closest(to: name, among: PropertySampler.propertyNames).map {
          "; did you mean '\($0)'?"
        }
        throw UsageError("views have no property '\(name)'\(hint ?? "")")
      }
    }
    try range.check()
    guard let source = try SourceLoading.load(file) else { throw ExitCode(ExitStatus.noInput) }
    let runner = FrameRunner(
      source: source, selection: .range(from: range.from, to: range.to, fps: range.fps))
    runner.workLimit = limits.workLimit
    runner.checksDrawing = false
    let (result, plan) = try FrameSurvey.plan(
      runner, command: "plot", stops: "the chart stops", nothing: "nothing to plot",
      from: range.from)
    var data: PlotData
    // What the chart leaves out, written under it and on standard error.
    var omitted: [String] = []
    do {
      var chosen = targets
      if chosen.isEmpty {
        // No --property: every property the script animates (SPEC §20).
        let animated = try PropertySampler.animatedTargets(runner, plan: plan)
        guard !animated.isEmpty else {
          throw UsageError(
            "nothing to plot: the script animates no property before the chart's end (--property VIEW.PROPERTY names one)"
          )
        }
        chosen = Array(animated.prefix(Self.maximumPanels))
        if animated.count > Self.maximumPanels {
          omitted = Array(animated.dropFirst(Self.maximumPanels))
          Terminal.writeError(
            "anim plot: note: the script animates \(animated.count) properties; the first \(Self.maximumPanels) are plotted, not \(omitted.joined(separator: ", ")) (--property chooses)"
          )
        }
      }
      data = try PropertySampler.sample(runner, plan: plan, targets: chosen)
      if !omitted.isEmpty {
        data.note = "not plotted (\(omitted.count) more): \(omitted.joined(separator: ", "))"
      }
    } catch let error as PropertySampler.UnknownTarget {
      throw UsageError(error.description)
    } catch let error as RuntimeError {
      Terminal.report(ScriptResult(errors: [(error.diagnostic, error.file ?? source)]))
      throw ExitCode(ExitStatus.software)
    }
    try write(height: Chart.height(of: data)) { sink in Chart.draw(data, into: sink) }
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }

  /// Draws with `draw` into the output's format and writes it atomically.
  private func write(height: Double, _ draw: (ChartSink) -> Void) throws {
    let bytes: [UInt8]
    if output.lowercased().hasSuffix(".svg") {
      let svg = SVGChart(width: Chart.width, height: height)
      draw(svg)
      bytes = Array(svg.text.utf8)
    } else {
      do {
        let canvas = try CairoChart(width: Chart.width, height: height)
        draw(canvas)
        bytes = try canvas.png()
      } catch {
        Terminal.writeError("anim plot: \(error.message)")
        throw ExitCode(error.isMissingLibrary ? ExitStatus.unavailable : ExitStatus.ioError)
      }
    }
    do { try AtomicFile.write(bytes: bytes, to: output) } catch {
      Terminal.writeError("anim plot: cannot write \(error.description)")
      throw ExitCode(ExitStatus.ioError)
    }
  }
}
