/// Plays back a fixed list of inputs, for tests: each read takes the next one,
/// then `.endOfInput` once they run out.
///
/// It writes what a terminal would show (the prompt, then the typed line, or
/// `^C` for an interrupt) through `echo`, so a test can compare a whole
/// session, prompts included, with the text a user would see.
public final class ScriptedLineReader: LineReader {
  private var inputs: [LineInput]
  private let echo: (String) -> Void
  /// Every prompt asked for, in order.
  public private(set) var prompts: [String] = []
  /// Every line offered to `remember(_:)`.
  public private(set) var remembered: [String] = []

  /// Plays `inputs` in order; `echo` receives each prompt-and-line as one line.
  public init(_ inputs: [LineInput], echo: @escaping (String) -> Void = { _ in }) {
    self.inputs = inputs
    self.echo = echo
  }

  /// Plays `lines` in order, each as `.line`.
  public convenience init(lines: [String], echo: @escaping (String) -> Void = { _ in }) {
    self.init(lines.map { .line($0) }, echo: echo)
  }

  /// The next input (echoed with `prompt`), or `.endOfInput` when none are left.
  public func readLine(prompt: String) -> LineInput {
    prompts.append(prompt)
    guard !inputs.isEmpty else { return .endOfInput }
    let next = inputs.removeFirst()
    switch next {
    case .line(let text): echo(prompt + text)
    case .interrupted: echo(prompt + "^C")
    case .endOfInput: break
    }
    return next
  }

  /// Records `line` in `remembered`.
  public func remember(_ line: String) { remembered.append(line) }
}
