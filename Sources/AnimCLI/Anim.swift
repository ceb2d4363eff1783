import AnimCommands
import AnimConsole
import ArgumentParser
import Foundation

/// `anim`: the REPL when stdin is a terminal, else stdin run as a script;
/// `anim FILE` and `anim -e TEXT` run a script. Every command line, the
/// REPL's and the preview's too (`anim-batch` runs the others, with no
/// preview server linked: `CommandLineMain`).
@main
struct Anim: ParsableCommand {
  static let version = CommandLineMain.version

  static let configuration = CommandConfiguration(
    commandName: "anim",
    abstract: CommandLineMain.abstract,
    discussion: CommandLineMain.discussion,
    version: version,
    subcommands: CommandLineMain.subcommands(repl: ReplCommand.self, preview: PreviewCommand.self)
  )

  static func main() { CommandLineMain.main(Self.self) }

  mutating func run() throws {
    if Terminal.isTerminal(STDIN_FILENO) {
      let repl = try ReplCommand.parse([])
      try repl.run()
      return
    }
    try CommandLineMain.runStandardInput()
  }
}
