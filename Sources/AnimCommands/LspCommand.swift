import AnimLSP
import ArgumentParser
import Foundation

/// `anim lsp`: the language server, over standard input and output.
struct LspCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run the language server (LSP 3.17 over standard input and output).",
    discussion: """
      Editors start it and speak JSON-RPC with Content-Length framing on its standard \
      input and output. It exits 0 after shutdown and exit, 1 when the input ends or exit \
      comes without shutdown, 74 when its output cannot be written.
      """)

  @Flag(help: .hidden) var stdio = false

  func run() throws {
    signal(SIGPIPE, SIG_IGN)
    let server = LanguageServer()
    let code = server.serve(StandardInput(), write: LanguageServer.writeStandardOutput)
    if code != 0 { throw ExitCode(code) }
  }
}
