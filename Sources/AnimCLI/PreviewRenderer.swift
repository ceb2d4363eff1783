import AnimCommands
import AnimPreview
import Foundation

/// What makes the files the preview's render buttons ask for (SPEC §24):
/// `anim render` (MP4, GIF) or `anim export` (Lottie JSON, HTML) run on the
/// script as a child process of this very program, with their default
/// options, so each file is exactly what the command writes. Progress
/// comes from the render's `ANIM_PROGRESS=lines` (`frame D/T`).
struct PreviewRenderer: PreviewRendering {
  /// The downloaded file's name without its extension.
  let baseName: String
  /// The script to render: a path, or `-` with `script` given on its input.
  let path: String
  /// The session's text for `-` (the REPL's `:preview`).
  var script: String?
  /// Options after the file (`--to T` for the REPL's clock).
  var options: [String] = []

  /// This program (`anim-commands`), which runs every subcommand.
  static var program: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  func render(
    _ format: AnimPreview.RenderFormat, to output: String,
    progress: @escaping @Sendable (Double) -> Void
  ) -> String? {
    let command = format == .mp4 || format == .gif ? "render" : "export"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.program)
    process.arguments = [command, path, "-o", output] + options
    var environment = ProcessInfo.processInfo.environment
    environment["ANIM_PROGRESS"] = "lines"
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = script == nil ? FileHandle.nullDevice : input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let end = ProcessEnd(of: process)
    do { try process.run() } catch {
      return "anim preview: cannot run \(Self.program): \(error.localizedDescription)"
    }
    if let script {
      input.fileHandleForWriting.write(Data(script.utf8))
      try? input.fileHandleForWriting.close()
    }
    // The progress lines as they come; everything else is the message.
    var message = ""
    var pending = ""
    while true {
      let chunk = errors.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      pending += String(decoding: chunk, as: UTF8.self)
      while let newline = pending.firstIndex(of: "\n") {
        let line = String(pending[..<newline])
        pending = String(pending[pending.index(after: newline)...])
        if let fraction = Self.fraction(line) {
          progress(fraction)
        } else if message.utf8.count < 64 * 1024 {
          message += line + "\n"
        }
      }
    }
    end.wait(for: process)
    message += pending
    // A script whose expectations fail still writes its file (and exits 1).
    if FileManager.default.fileExists(atPath: output) {
      progress(1)
      return nil
    }
    return message.isEmpty
      ? "anim \(command) stopped (exit \(process.terminationStatus)) without writing the file"
      : message
  }

  /// The fraction a `frame D/T` line says, or nil for another line.
  static func fraction(_ line: String) -> Double? {
    guard line.hasPrefix("frame ") else { return nil }
    let parts = line.dropFirst(6).split(separator: "/")
    guard parts.count == 2, let done = Double(parts[0]), let total = Double(parts[1]), total > 0
    else { return nil }
    return done / total
  }
}
