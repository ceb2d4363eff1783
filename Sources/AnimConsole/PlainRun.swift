import AnimLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `anim run FILE...` with no option, and `anim FILE.anim...`: the common
/// command line, which the `anim` executable runs itself, without the
/// argument parser and without Foundation, so that a script starts in about
/// twice the time Lua takes (W6). The result is the same as `anim-commands`
/// would give: the same output, diagnostics and exit code.
public enum PlainRun {
  /// The scripts of `arguments` (the command line without the program) when
  /// it is such a plain run, else nil. Every subcommand is a word without a
  /// dot, so a first argument ending in `.anim` is a script, never one.
  public static func files(_ arguments: [String]) -> [String]? {
    var files = arguments[...]
    if files.first == "run" {
      files = files.dropFirst()
    } else if !files.allSatisfy({ $0.hasSuffix(".anim") }) {
      return nil
    }
    guard !files.isEmpty, files.allSatisfy({ $0 == "-" || !$0.hasPrefix("-") }) else {
      return nil
    }
    return Array(files)
  }

  /// Runs `files` in order, each in a fresh scene, and exits with the exit
  /// code of SPEC §8.
  public static func run(_ files: [String]) -> Never {
    // A closed pipe is an EPIPE from write, which `Terminal` turns into a
    // quiet exit 74, rather than a signal.
    signal(SIGPIPE, SIG_IGN)
    do throws(ScriptExit) {
      try SourceLoading.each(files.map { .path($0) }) {
        ScriptRunner.run($0, output: Terminal.writeLine, workLimit: Interpreter.defaultWorkLimit)
      }
    } catch {
      exit(error.code)
    }
    exit(ExitStatus.success)
  }
}
