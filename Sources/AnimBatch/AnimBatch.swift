import AnimCommands
import AnimConsole
import ArgumentParser

#if canImport(Glibc)
  import Glibc
#endif

/// `anim-batch`: the command lines `anim` hands it, those that need neither
/// the REPL nor the preview (`anim render`, `import`, `export`, `check`,
/// `test`, ...), exactly as `anim-commands` runs them, in an executable
/// without the preview's server: it starts in half the time (no
/// FoundationNetworking, no libcurl and the thirty libraries it loads).
@main
struct AnimBatch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "anim",
    abstract: CommandLineMain.abstract,
    discussion: CommandLineMain.discussion,
    version: CommandLineMain.version,
    subcommands: CommandLineMain.subcommands(repl: nil, preview: nil)
  )

  static func main() { CommandLineMain.main(Self.self) }

  /// With no subcommand (`anim` hands none here): standard input run as a
  /// script; the REPL is `anim-commands`'.
  mutating func run() throws {
    if Terminal.isTerminal(STDIN_FILENO) {
      Terminal.writeError("anim-batch: the REPL is anim's: run anim with no arguments")
      throw ExitCode(ExitStatus.usage)
    }
    try CommandLineMain.runStandardInput()
  }
}
