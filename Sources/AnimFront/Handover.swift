import AnimConsole

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces this process with `anim-commands` (the REPL, `check`, `test`,
/// `render`, `export`, `lsp`, ...), found beside this executable, with the
/// same arguments, streams and environment.
enum Handover {
  /// The name of the executable that runs every other command line.
  static let commandsName = "anim-commands"

  static func toCommands() -> Never {
    let path = commandsPath()
    execv(path, CommandLine.unsafeArgv)
    // Only when it could not be started.
    let reason = String(cString: strerror(errno))
    Terminal.writeError(
      "anim: cannot start \(path): \(reason) (build every product: swift build)")
    exit(ExitStatus.unavailable)
  }

  /// `anim-commands` in the folder of this executable (links resolved).
  static func commandsPath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return commandsName }
    let me = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = me.lastIndex(of: "/") else { return commandsName }
    return String(me[...slash]) + commandsName
  }
}
