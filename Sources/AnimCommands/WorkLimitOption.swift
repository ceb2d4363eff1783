import AnimLanguage
import ArgumentParser

/// `--work-limit N`, shared by the commands that run scripts.
package struct WorkLimitOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stop a script after N steps of work (about one statement each).",
      discussion:
        "A loop or a chain of handlers that does not end stops with a runtime error (exit 70).",
      valueName: "n"),
    transform: WorkLimitOption.parse)
  package var workLimit: Int = Interpreter.defaultWorkLimit

  package init() {}

  private static func parse(_ text: String) throws -> Int {
    // `1e8` is as good as `100000000`.
    guard let n = Double(text), n >= 1, n <= 1e15, n.rounded() == n else {
      throw ValidationError("--work-limit must be a whole number from 1 to 1e15, not '\(text)'")
    }
    return Int(n)
  }
}
