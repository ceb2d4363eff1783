import AnimCommands
import AnimConsole
import AnimEngine
import AnimFiles
import AnimLanguage
import AnimPreview
import ArgumentParser
import Dispatch
import Foundation

/// `anim preview FILE`: a live preview in the browser (SPEC §19). Serves one
/// page, the HTML player of the script's render range with its output and a
/// timeline of its runs, and swaps in the new animation on every save of
/// the script or of a file it imports.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Serve a live preview of a script that reloads on save.",
    discussion: """
      Prints `preview: http://127.0.0.1:PORT/` first; open it in a browser. The page \
      plays the script as `anim export -o page.html` would, with the script's output \
      and a timeline of its runs, and swaps in the new animation within a second of \
      each save of FILE or of a file it imports, at the same time and play state. A \
      script that fails keeps the last good animation and shows the error over it. \
      It listens on loopback only unless --host says otherwise. Ctrl-C stops it.

      Exit codes: 0 stopped by Ctrl-C, 64 usage, 66 FILE missing, 75 the port in use.

      Examples:
        anim preview blink.anim
        anim preview grid.anim --port 8123 --open
      """)

  @ArgumentParser.Argument(help: "The .anim script.", completion: .file(extensions: ["anim"]))
  var file: String

  @Option(help: "The port to listen on (default: a free one).")
  var port: Int?

  @Option(
    help: ArgumentHelp(
      "The address to listen on (default 127.0.0.1; any other is reachable by others).",
      valueName: "address"))
  var host: String = "127.0.0.1"

  @Flag(help: "Open the page in the default browser (xdg-open).")
  var open = false

  @OptionGroup var limits: WorkLimitOption

  /// How often the watched files are looked at (a `stat` of each: a few
  /// microseconds), so that a save is seen within 20 ms.
  static let pollInterval: useconds_t = 20_000

  func validate() throws {
    if let port, !(0...65535).contains(port) {
      throw ValidationError("--port must be 0…65535 (0: a free port), not \(port)")
    }
    if file == "-" { throw ValidationError("the preview cannot watch standard input") }
  }

  func run() throws {
    guard (try SourceLoading.load(file)) != nil else { throw ExitCode(ExitStatus.noInput) }
    let name = URL(fileURLWithPath: file).lastPathComponent
    let renderer = PreviewRenderer(
      baseName: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent, path: file)
    let server = try PreviewCommand.listen(
      host: host, port: UInt16(port ?? 0), command: "anim preview", title: name,
      renderer: renderer)
    if open { PreviewCommand.openBrowser(server.url) }
    // Ctrl-C and SIGTERM stop it with exit 0: `Anim.main` told `Interrupt`.
    let builds = PreviewBuilds(file: file, server: server.server, workLimit: limits.workLimit)
    builds.rebuild()
    while true {
      usleep(Self.pollInterval)
      if builds.changedFile() != nil {
        server.server.noteBuilding()
        builds.rebuild()
      }
    }
  }

  /// The script at `path`, run for the page; each file read is noted in
  /// `reads`. Nil when `isCancelled` stopped it.
  static func build(
    _ path: String, reads: FileReads, workLimit: Int, isCancelled: (() -> Bool)? = nil,
    still: PreviewStill? = nil
  ) -> PreviewBuild? {
    let source: SourceFile
    do {
      source = SourceFile(path: path, bytes: try ScriptRunner.readFile(path))
    } catch {
      var failed = PreviewBuild()
      failed.error = "anim: \(path): \(Self.describe(error))\n"
      return failed
    }
    return PreviewBuilder.build(
      source,
      readFile: { file in
        reads.record(file)
        return try ScriptRunner.readFile(file)
      }, noteFileRead: { reads.record($0) }, workLimit: workLimit, isCancelled: isCancelled,
      still: still)
  }

  /// One line on stderr for a build a newer save cancelled.
  static func logCancelled(file: String, took: Duration) {
    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
    let time = Date().formatted(
      Date.FormatStyle(date: .omitted, time: .standard).locale(Locale(identifier: "en_GB")))
    Terminal.writeError(
      "preview: \(time) \(file): cancelled by a newer save after "
        + String(format: "%.2f", seconds) + " s")
    Terminal.flush()
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? FileError, error.isMissing { return "no such file or directory" }
    return "\(error)"
  }

  /// One line on stderr per build: what the page now shows.
  static func log(_ build: PreviewBuild, file: String, took: Duration) {
    let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18
    let ran = " (run in \(String(format: "%.2f", seconds)) s)"
    let time = Date().formatted(
      Date.FormatStyle(date: .omitted, time: .standard).locale(Locale(identifier: "en_GB")))
    if build.isGood {
      let runs = build.lanes.count
      Terminal.writeError(
        "preview: \(time) \(file): \(runs) run\(runs == 1 ? "" : "s"), "
          + "\(NumberText.format(build.start))–\(NumberText.format(build.end)) s"
          + (build.failures.isEmpty ? "" : ", expectations failed") + ran)
    } else {
      Terminal.writeError(
        "preview: \(time) \(file): error, the page keeps the last good animation" + ran)
      if let error = build.error {
        Terminal.writeError(error.hasSuffix("\n") ? String(error.dropLast()) : error)
      }
    }
    Terminal.flush()
  }

  /// A listening server and its address as printed.
  struct Listening {
    let server: PreviewServer
    let url: String
  }

  /// Why a server did not start: the message and the exit code.
  struct StartFailure: Error {
    let message: String
    let code: Int32
  }

  /// Starts a server on `host`:`port`. A port in use is exit 75
  /// (`ExitStatus.temporaryFailure`), a bad host exit 64.
  static func serve(
    host: String, port: UInt16, command: String, title: String = "anim preview",
    renderer: (any PreviewRendering)? = nil
  ) throws(StartFailure) -> Listening {
    let address = host == "localhost" ? "127.0.0.1" : host
    let server: PreviewServer
    let bound: UInt16
    do {
      server = try PreviewServer(host: address, port: port, title: title, renderer: renderer)
      bound = try server.start()
    } catch {
      switch error {
      case .portInUse(let port):
        throw StartFailure(
          message:
            "\(command): port \(port) is in use; choose another with --port N (or leave --port out for a free one)",
          code: ExitStatus.temporaryFailure)
      case .badHost(let host):
        throw StartFailure(
          message:
            "\(command): --host \(host) is not an IPv4 or IPv6 address (such as 127.0.0.1 or ::1)",
          code: ExitStatus.usage)
      case .cannotListen(let reason):
        throw StartFailure(
          message: "\(command): cannot listen on \(host) port \(port): \(reason)",
          code: ExitStatus.temporaryFailure)
      }
    }
    let shown = address.contains(":") ? "[\(address)]" : address
    return Listening(server: server, url: "http://\(shown):\(bound)/")
  }

  /// Starts a server (see `serve`), prints its address as the first line on
  /// stdout, and warns when it is reachable from other machines.
  static func listen(
    host: String, port: UInt16, command: String, title: String, renderer: any PreviewRendering
  ) throws -> Listening {
    let listening: Listening
    do {
      listening = try serve(
        host: host, port: port, command: command, title: title, renderer: renderer)
    } catch {
      Terminal.writeError(error.message)
      throw ExitCode(error.code)
    }
    Terminal.writeLine("preview: \(listening.url)")
    Terminal.flush()
    if !["127.0.0.1", "::1", "localhost"].contains(host) {
      Terminal.writeError(
        "\(command): warning: listening on \(host), not loopback: anyone who can reach this machine there can see the preview"
      )
      Terminal.flush()
    }
    return listening
  }

  /// Opens `url` with xdg-open; says so when it cannot.
  static func openBrowser(_ url: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open", url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      Terminal.writeError("anim preview: cannot open a browser (xdg-open): open \(url) yourself")
    }
  }
}
