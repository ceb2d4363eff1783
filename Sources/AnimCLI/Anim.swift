import AnimConsole
import AnimLanguage
import ArgumentParser
import Foundation

/// `anim`: the REPL when stdin is a terminal, else stdin run as a script;
/// `anim FILE` and `anim -e TEXT` run a script.
@main
struct Anim: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "anim",
    abstract: "An interpreter for animation series on a virtual clock.",
    discussion: """
      With no subcommand, anim starts the REPL when standard input is a terminal \
      and otherwise runs standard input as a script. `anim FILE...` (FILE not a \
      subcommand; - is standard input) is `anim run FILE...`, and `anim -e TEXT` \
      runs TEXT.

      Exit codes: 0 success, 1 a failed expectation or test, 64 usage, \
      65 a syntax or name error, 66 a missing file, 69 a required program (ffmpeg) \
      missing, 70 a runtime error, 74 an I/O error, 75 a temporary failure (a preview's \
      port in use); stopped by a signal (Ctrl-C, SIGTERM, SIGHUP), 128 + its number, with \
      nothing left half-written.
      """,
    version: version,
    subcommands: [
      RunCommand.self, CheckCommand.self, TestCommand.self, ReplCommand.self, RenderCommand.self,
      PlotCommand.self, BenchCommand.self, FmtCommand.self, LspCommand.self,
      ExportCommand.self, ImportCommand.self, PreviewCommand.self, GeometryCommand.self,
    ]
  )

  /// Parses the command line after `commandLine(_:)` and runs the command.
  /// (`anim run FILE...` with no option never comes here: the `anim`
  /// executable runs it itself, see `PlainRun`.)
  static func main() {
    // A closed pipe is an EPIPE from write, which `Terminal` turns into a
    // quiet exit 74, rather than a signal.
    signal(SIGPIPE, SIG_IGN)
    let arguments = commandLine(Array(CommandLine.arguments.dropFirst()))
    // SIGINT, SIGTERM and SIGHUP remove what was being written (exit 128 + N);
    // the REPL keeps Ctrl-C for cancelling a line.
    let first = arguments.first ?? ""
    let isCommand = configuration.subcommands.contains { $0._commandName == first }
    Interrupt.catchSignals(
      command: isCommand ? "anim \(first)" : "anim",
      keepingInterrupt: first == "repl" || arguments.isEmpty, stopsCleanly: first == "preview",
      writesOutput: ["render", "export", "plot"].contains(first))
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let stop as ScriptExit {
      // Its messages are written; only the exit code is left to give.
      Terminal.flush()
      Foundation.exit(stop.code)
    } catch {
      exit(withError: error)
    }
  }

  /// The arguments with `run` put first when they start with a script
  /// (`anim x.anim`, `anim -`, `anim -e TEXT`) rather than a subcommand or
  /// an option of `anim` itself.
  static func commandLine(_ arguments: [String]) -> [String] {
    guard let first = arguments.first else { return arguments }
    if first == "-" || first == "-e" || first == "--eval" || first.hasPrefix("--eval=") {
      return ["run"] + arguments
    }
    if first.hasPrefix("-") { return arguments }
    let names = Set(configuration.subcommands.map { $0._commandName } + ["help"])
    return names.contains(first) ? arguments : ["run"] + arguments
  }

  mutating func run() throws {
    if Terminal.isTerminal(STDIN_FILENO) {
      let repl = try ReplCommand.parse([])
      try repl.run()
      return
    }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    let source = SourceFile(path: "<stdin>", bytes: [UInt8](data))
    let result = ScriptRunner.run(source, output: Terminal.writeLine)
    Terminal.report(result)
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }
}
