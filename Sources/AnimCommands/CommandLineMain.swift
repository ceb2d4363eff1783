import AnimConsole
import AnimLanguage
import ArgumentParser
import Foundation

/// What `anim-commands` and `anim-batch` share at the top: the command
/// line's description, its subcommands in the order help lists them, the
/// rewriting of `anim x.anim` into `anim run x.anim`, signals, and how a
/// command's end becomes the process's exit.
package enum CommandLineMain {
  /// anim's version (`anim --version`).
  package static let version = "0.1.0"

  /// `anim --help`'s abstract.
  package static let abstract = "An interpreter for animation series on a virtual clock."

  /// `anim --help`'s discussion.
  package static let discussion = """
    With no subcommand, anim starts the REPL when standard input is a terminal \
    and otherwise runs standard input as a script. `anim FILE...` (FILE not a \
    subcommand; - is standard input) is `anim run FILE...`, and `anim -e TEXT` \
    runs TEXT.

    Exit codes: 0 success, 1 a failed expectation or test, 64 usage, \
    65 a syntax or name error, 66 a missing file, 69 a required program (ffmpeg) \
    missing, 70 a runtime error, 74 an I/O error, 75 a temporary failure (a preview's \
    port in use); stopped by a signal (Ctrl-C, SIGTERM, SIGHUP), 128 + its number, with \
    nothing left half-written.
    """

  /// The subcommands in help's order: the REPL's and the preview's where
  /// given (`anim-commands`), else only those `anim-batch` runs.
  package static func subcommands(repl: ParsableCommand.Type?, preview: ParsableCommand.Type?)
    -> [ParsableCommand.Type]
  {
    [RunCommand.self, CheckCommand.self, TestCommand.self] + (repl.map { [$0] } ?? [])
      + [
        RenderCommand.self, PlotCommand.self, BenchCommand.self, FmtCommand.self,
        LspCommand.self, ExportCommand.self, ImportCommand.self,
      ] + (preview.map { [$0] } ?? []) + [GeometryCommand.self]
  }

  /// Parses the command line after `commandLine(_:root:)` and runs the
  /// command of `Root`'s subcommands. (`anim run FILE...` with no option
  /// never comes here: the `anim` executable runs it itself, see
  /// `PlainRun`.)
  package static func main<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    // A closed pipe is an EPIPE from write, which `Terminal` turns into a
    // quiet exit 74, rather than a signal.
    signal(SIGPIPE, SIG_IGN)
    let arguments = commandLine(Array(CommandLine.arguments.dropFirst()), root: root)
    // SIGINT, SIGTERM and SIGHUP remove what was being written (exit 128 + N);
    // the REPL keeps Ctrl-C for cancelling a line.
    let first = arguments.first ?? ""
    let isCommand = Root.configuration.subcommands.contains { $0._commandName == first }
    Interrupt.catchSignals(
      command: isCommand ? "anim \(first)" : "anim",
      keepingInterrupt: first == "repl" || arguments.isEmpty, stopsCleanly: first == "preview",
      writesOutput: ["render", "export", "plot"].contains(first))
    do {
      var command = try Root.parseAsRoot(arguments)
      try command.run()
      Terminal.flush()
      Foundation.exit(ExitStatus.success)
    } catch let stop as ScriptExit {
      // Its messages are written; only the exit code is left to give.
      Terminal.flush()
      Foundation.exit(stop.code)
    } catch {
      Root.exit(withError: error)
    }
  }

  /// The arguments with `run` put first when they start with a script
  /// (`anim x.anim`, `anim -`, `anim -e TEXT`) rather than a subcommand or
  /// an option of `anim` itself.
  package static func commandLine<Root: ParsableCommand>(_ arguments: [String], root: Root.Type)
    -> [String]
  {
    guard let first = arguments.first else { return arguments }
    if first == "-" || first == "-e" || first == "--eval" || first.hasPrefix("--eval=") {
      return ["run"] + arguments
    }
    if first.hasPrefix("-") { return arguments }
    let names = Set(Root.configuration.subcommands.map { $0._commandName } + ["help"])
    return names.contains(first) ? arguments : ["run"] + arguments
  }

  /// Standard input run as a script: `anim` with no subcommand when it is
  /// not a terminal.
  package static func runStandardInput() throws {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    let source = SourceFile(path: "<stdin>", bytes: [UInt8](data))
    let result = ScriptRunner.run(source, output: Terminal.writeLine)
    Terminal.report(result)
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }
}
