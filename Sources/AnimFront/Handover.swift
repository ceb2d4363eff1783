import AnimConsole

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces this process with `anim-batch` (`render`, `import`, `export`,
/// `check`, `test`, `lsp`, ...: no preview server linked, a faster start)
/// or `anim-commands` (the REPL, the preview, help and the version), found
/// beside this executable, with the same arguments, streams and
/// environment. Both run a command line alike; without `anim-batch`
/// beside it, `anim-commands` runs them all.
enum Handover {
  /// The name of the executable that runs every command line.
  static let commandsName = "anim-commands"
  /// The name of the one that runs those needing neither the REPL nor the
  /// preview.
  static let batchName = "anim-batch"

  static func toCommands() -> Never {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if forBatch(arguments) {
      let batch = path(of: batchName)
      execv(batch, CommandLine.unsafeArgv)
    }
    let path = path(of: commandsName)
    execv(path, CommandLine.unsafeArgv)
    // Only when it could not be started.
    let reason = String(cString: strerror(errno))
    Terminal.writeError(
      "anim: cannot start \(path): \(reason) (build every product: swift build)")
    exit(ExitStatus.unavailable)
  }

  /// Whether `anim-batch` runs `arguments`: a command line that starts a
  /// subcommand or a script, other than the REPL, the preview and help (no
  /// arguments at all start the REPL; an option of `anim` itself,
  /// `--help` or `--version`, lists every subcommand).
  static func forBatch(_ arguments: [String]) -> Bool {
    guard let first = arguments.first else { return false }
    if first == "-" || first == "-e" || first == "--eval" || first.hasPrefix("--eval=") {
      return true
    }
    return !first.hasPrefix("-") && !["repl", "preview", "help"].contains(first)
  }

  /// The executable `name` in the folder of this one (links resolved).
  static func path(of name: String) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return name }
    let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = me.lastIndex(of: "/") else { return name }
    return String(me[...slash]) + name
  }
}
