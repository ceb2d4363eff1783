import AnimCommands
import AnimConsole
import AnimREPL
import AnimSound
import ArgumentParser
import Foundation

/// `anim repl [FILE]`: the REPL, after loading FILE.
///
/// On a terminal it edits lines with libedit and keeps the history file;
/// with standard input not a terminal it reads lines without prompts or
/// editing, so a session can be piped in and its output compared as text.
struct ReplCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl", abstract: "Start the interactive REPL (after loading FILE).",
    discussion: "See REPL.md. Type :help in the REPL for topics; Ctrl-D or :quit leaves.")

  @Argument(help: "A script to load first.", completion: .file(extensions: ["anim"]))
  var file: String?

  @OptionGroup var limits: WorkLimitOption

  func run() throws {
    let interactive = Terminal.isTerminal(STDIN_FILENO)
    let environment = ProcessInfo.processInfo.environment
    let history = LineHistory(
      path: interactive ? LineHistory.defaultPath(environment: environment) : nil)
    // On a terminal every line shows at once; through a pipe output stays buffered.
    let session = ReplSession(
      output: { line in
        Terminal.writeLine(line)
        if interactive { Terminal.flush() }
      },
      errorOutput: Terminal.writeError, history: history,
      useColor: Terminal.diagnosticColor,
      terminalWidth: { TerminalWidth.current(environment: environment) })
    session.workLimit = limits.workLimit
    let workLimit = limits.workLimit
    session.flushOutput = { Terminal.flush() }
    session.makePreview = { () throws(SessionPreviewError) in
      try ReplPreview(workLimit: workLimit)
    }
    var reader: LineReader = PipedLineReader()
    if interactive, let reason = LibeditLineReader.unavailableReason {
      Terminal.writeError("anim: \(reason)")
    } else if interactive, let editing = LibeditLineReader(history: history.entries) {
      editing.complete = { [unowned session] in session.completions(for: $0) }
      reader = editing
      // The banner goes where the prompts go: stderr when stdout is piped.
      let banner = "anim \(Anim.version): :help for help, Ctrl-D or :quit to leave"
      if Terminal.isTerminal(STDOUT_FILENO) {
        Terminal.writeLine(banner)
      } else {
        Terminal.writeError(banner)
      }
    }
    let speakers = Speakers()
    session.playSound = { plan throws(SoundError) in try speakers.play(plan) }
    defer { speakers.stop() }
    if let file { session.load(file) }
    session.run(reader)
    Terminal.flush()
  }
}
