import AnimLanguage
import Foundation

/// A REPL command that starts with `:` (SPEC §10).
enum MetaCommand: Equatable {
  case help(String?)
  case quit
  case load(String)
  case save(String)
  case reset
  case pool
  case timeline(String?)
  case show(String)
  case ast(String)
  case tokens(String)
  case history(Int?)
  case render(String)
  case plot(String)
  /// `:preview` (start) or `:preview stop`.
  case preview(stop: Bool)
  /// `:play` (through the speakers) or `:play FILE.wav` (SPEC §22).
  case play(String?)

  /// Every command's name, for completion, `:help meta` and did-you-mean.
  static let names = [
    "help", "quit", "load", "save", "reset", "pool", "timeline", "show", "ast", "tokens", "history",
    "render", "plot", "preview", "play",
  ]

  /// Short forms accepted as well.
  static let aliases = ["q": "quit", "exit": "quit", "h": "help", "?": "help"]

  /// Why a command line is not a command.
  struct Problem: Error, Equatable {
    var message: String
    var hint: String?
  }

  /// Parses a line that starts with `:`.
  static func parse(_ line: String) -> Result<MetaCommand, Problem> {
    let body = line.drop { $0 == " " }.dropFirst()
    let name = String(body.prefix { !$0.isWhitespace })
    let command = aliases[name] ?? name
    // A file name may be quoted (`:load "my file.anim"`); an expression or
    // text (`:ast "hello"`, `:tokens "a"`) is taken as typed.
    let raw = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    let argument = Self.takesFileName.contains(command) ? Self.unquote(raw) : raw
    let optional = argument.isEmpty ? nil : argument

    func needs(_ what: String, _ make: (String) -> MetaCommand) -> Result<MetaCommand, Problem> {
      optional.map { .success(make($0)) }
        ?? .failure(
          Problem(
            message: ":\(command) needs \(what)", hint: "usage: \(usage[command] ?? ":\(command)")")
        )
    }
    func none(_ value: MetaCommand) -> Result<MetaCommand, Problem> {
      optional == nil
        ? .success(value) : .failure(Problem(message: ":\(command) takes no argument", hint: nil))
    }

    switch command {
    case "help": return .success(.help(optional))
    case "quit": return none(.quit)
    case "load": return needs("a file", MetaCommand.load)
    case "save": return needs("a file", MetaCommand.save)
    case "reset": return none(.reset)
    case "pool": return none(.pool)
    case "timeline": return .success(.timeline(optional))
    case "show": return needs("a view", MetaCommand.show)
    case "ast": return needs("an expression", MetaCommand.ast)
    case "tokens": return needs("some text", MetaCommand.tokens)
    case "render": return needs("a .png or .svg file", MetaCommand.render)
    case "plot": return needs("properties and a duration, or an easing", MetaCommand.plot)
    case "preview":
      switch optional {
      case nil: return .success(.preview(stop: false))
      case "stop": return .success(.preview(stop: true))
      case let other?:
        return .failure(
          Problem(message: ":preview takes `stop` or nothing, not '\(other)'", hint: nil))
      }
    case "play": return .success(.play(optional))
    case "history":
      guard let optional else { return .success(.history(nil)) }
      guard let n = Int(optional), n > 0 else {
        return .failure(
          Problem(message: ":history takes a count of lines, not '\(optional)'", hint: nil))
      }
      return .success(.history(n))
    default:
      let known = names + aliases.keys
      let guess =
        Spelling.closest(to: name, among: known)
        ?? (name.isEmpty ? nil : names.first { $0.hasPrefix(name) })
      let hint =
        guess.map { "did you mean ':\(aliases[$0] ?? $0)'?" } ?? "type :help meta for the list"
      return .failure(Problem(message: "unknown meta-command ':\(name)'", hint: hint))
    }
  }

  /// How each command is typed.
  static let usage: [String: String] = [
    "help": ":help [topic]", "quit": ":quit", "load": ":load FILE", "save": ":save FILE",
    "reset": ":reset", "pool": ":pool", "timeline": ":timeline [HANDLE | #ID]",
    "show": ":show VIEW", "ast": ":ast EXPR", "tokens": ":tokens TEXT", "history": ":history [N]",
    "render": ":render FILE.png|FILE.svg",
    "plot": ":plot VIEW.PROPERTY[, …] for SECONDS | :plot EASING",
    "preview": ":preview [stop]", "play": ":play [FILE.wav]",
  ]

  /// The commands whose argument is a file name, which quotes may surround.
  static let takesFileName: Set<String> = ["load", "save", "render", "play"]

  /// `"my file.anim"` → `my file.anim`; anything else unchanged.
  private static func unquote(_ text: String) -> String {
    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
      return String(text.dropFirst().dropLast())
    }
    return text
  }
}
