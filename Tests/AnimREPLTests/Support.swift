import AnimEngine
import AnimLanguage
import AnimREPL
import Foundation
import XCTest

/// What a terminal would show for a scripted session: each prompt with the
/// line typed after it, the output, and the diagnostics, in order.
final class Transcript {
  private(set) var lines: [String] = []

  func append(_ text: String) { lines.append(text) }

  /// The whole transcript, one `\n` after each line.
  var text: String { lines.map { $0 + "\n" }.joined() }
}

/// A session whose output, diagnostics and echoed input all go to one transcript.
struct ScriptedSession {
  let transcript = Transcript()
  let session: ReplSession

  init(width: Int = 60, history: LineHistory = LineHistory(path: nil)) {
    let transcript = self.transcript
    session = ReplSession(
      output: { transcript.append($0) }, errorOutput: { transcript.append($0) }, history: history,
      useColor: false, terminalWidth: { width })
  }

  /// Types `lines` (then Ctrl-D) and returns what the transcript gained.
  @discardableResult
  func type(_ lines: [String]) -> String {
    type(lines.map { .line($0) })
  }

  @discardableResult
  func type(_ inputs: [LineInput]) -> String {
    let before = transcript.lines.count
    let transcript = self.transcript
    let reader = ScriptedLineReader(inputs, echo: { transcript.append($0) })
    session.run(reader)
    return transcript.lines[before...].map { $0 + "\n" }.joined()
  }
}

/// Every view's state and the clock, to compare two sessions exactly.
func sceneState(_ interpreter: Interpreter) -> [String] {
  let scene = interpreter.scene
  return ["t=\(interpreter.clock.now)"]
    + (0..<scene.count).map { index in
      let id = ViewID(index)
      return "\(scene.name(of: id)) \(scene.state(of: id))"
    }
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "anim-repl-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
  return url
}

/// The built `anim` executable: beside the test bundle (SwiftPM puts every
/// product of a build in one folder), else in a build folder of the package.
func animBinary(file: StaticString = #filePath) throws -> URL {
  var candidates = [Bundle.main.bundleURL.appendingPathComponent("anim")]
  let package = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
  let folders = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
  for folder in folders.sorted() where folder.hasPrefix(".build") {
    candidates.append(package.appendingPathComponent(folder).appendingPathComponent("debug/anim"))
  }
  guard
    let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
  else {
    throw XCTSkip("the anim executable is not built (looked in \(candidates.map(\.path)))")
  }
  return found
}

/// What a child process wrote, and how it ended.
struct ProcessResult {
  var standardOutput: String
  var standardError: String
  var status: Int32
}

/// Runs `executable` with `arguments`, `input` on its standard input (a
/// pipe), and waits at most `timeout` seconds before killing it.
func runProcess(
  _ executable: URL, _ arguments: [String], input: String, environment: [String: String] = [:],
  currentDirectory: URL? = nil, timeout: TimeInterval = 30, standardOutput: FileHandle? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = "1"
  for (key, value) in environment { env[key] = value }
  process.environment = env
  if let currentDirectory { process.currentDirectoryURL = currentDirectory }
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = standardOutput ?? stdout
  process.standardError = stderr
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  try process.run()
  // Read both pipes while the child runs, so a full pipe can never block it.
  let group = DispatchGroup()
  nonisolated(unsafe) var out = Data()
  nonisolated(unsafe) var err = Data()
  if standardOutput == nil {
    DispatchQueue.global().async(group: group) {
      out = stdout.fileHandleForReading.readDataToEndOfFile()
    }
  }
  DispatchQueue.global().async(group: group) {
    err = stderr.fileHandleForReading.readDataToEndOfFile()
  }
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  if finished.wait(timeout: .now() + timeout) == .timedOut {
    process.terminate()
    _ = finished.wait(timeout: .now() + 5)
    XCTFail(
      "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish in \(timeout)s"
    )
  }
  _ = group.wait(timeout: .now() + 5)
  return ProcessResult(
    standardOutput: String(decoding: out, as: UTF8.self),
    standardError: String(decoding: err, as: UTF8.self),
    status: process.terminationStatus)
}
