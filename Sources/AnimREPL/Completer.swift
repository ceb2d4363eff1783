import AnimEngine
import AnimLanguage
import Foundation

/// Finds what Tab can complete. Statements go to the language's
/// `CompletionEngine`, the one the language server uses, with the session's
/// names (`SessionScope`): keywords where they fit, bound names, builtins,
/// option labels and their values, views and groups after `on`, handles
/// after a handler's `on`, and `view.property` and handle members. The REPL
/// adds only its meta-commands with their topics, and file paths after
/// `:load` and `:save`.
struct Completer {
  /// What a bound name holds, as far as completing its members goes.
  enum NameKind {
    case view, group, handle, other
  }

  /// Names bound in the session.
  var boundNames: [String]
  /// Declared view names (`view`, `box`, `tiles[3]`).
  var viewNames: [String]
  /// What `name` holds.
  var kind: (String) -> NameKind
  /// The kind of the view `name` names (a view's name or a name bound to
  /// one), which decides its members; nil when it names no view.
  var viewKind: (String) -> ViewKind? = { _ in nil }
  /// The ids of the runs `:timeline #N` can show.
  var runIDs: [Int] = []
  /// The lines of the entry typed so far before this one (`if c {` before
  /// `} el`), which tell what the line continues.
  var earlierLines: [String] = []

  /// Characters a completed word is made of: identifiers, and the `.` and
  /// brackets of `tiles[2].alpha`.
  private static func isWordCharacter(_ c: Character) -> Bool {
    c.isLetter || c.isNumber || c == "_" || c == "." || c == "[" || c == "]"
  }

  func complete(_ textBeforeCursor: String) -> Completion {
    let text = textBeforeCursor
    if text.hasPrefix(":") { return completeMeta(text) }
    var trailing = Substring(String(text.reversed().prefix(while: Self.isWordCharacter).reversed()))
    // Brackets belong to the word only as indexes before a member
    // (`tiles[2].al`); an unmatched `[` opens a list (`[bo` completes `bo`).
    if !trailing.contains(".") {
      trailing =
        trailing.lastIndex { $0 == "[" || $0 == "]" }.map { trailing[trailing.index(after: $0)...] }
        ?? trailing
    }
    while trailing.filter({ $0 == "[" }).count > trailing.filter({ $0 == "]" }).count,
      let open = trailing.firstIndex(of: "[")
    {
      trailing = trailing[trailing.index(after: open)...]
    }
    let word = String(trailing)
    // The member being typed after the last dot, or the whole word.
    let typed = word.lastIndex(of: ".").map { String(word[word.index(after: $0)...]) } ?? word
    guard typed.first.map({ !$0.isNumber }) ?? true else {
      return Completion(word: word, candidates: [])
    }
    let before = (earlierLines + [String(text.dropLast(typed.count))]).joined(separator: "\n")
    var tokens = Lexer.tokens(of: SourceFile(path: "<completion>", text: before))
    tokens.removeLast()
    let engine = CompletionEngine(scope: SessionScope(completer: self), prefix: typed)
    // With nothing typed, only what fits this place best (the labels, values,
    // targets or words that follow, or every member after a dot), not every
    // name.
    let offers = engine.offers(after: tokens).filter {
      !typed.isEmpty || $0.rank == 0 || word.contains(".")
    }
    let labels = Self.matching(offers.map(\.label), typed)
    if let dot = word.lastIndex(of: ".") {
      let base = String(word[..<dot])
      return Completion(word: word, candidates: labels.map { base + "." + $0 })
    }
    return Completion(word: word, candidates: labels)
  }

  /// The session's names as the completion engine asks for them.
  struct SessionScope: CompletionScope {
    let completer: Completer

    func names(matching prefix: String, limit: Int) -> [CompletionName] {
      var names: [CompletionName] = []
      for name in completer.boundNames where name.hasPrefix(prefix) {
        let kind: CompletionName.Kind
        switch completer.kind(name) {
        case .view: kind = .view
        case .group: kind = .group
        case .handle: kind = .runHandle
        case .other: kind = .value
        }
        names.append(CompletionName(name: name, kind: kind))
      }
      for name in completer.viewNames where name.hasPrefix(prefix) && !name.contains("[") {
        names.append(CompletionName(name: name, kind: .view))
      }
      return Array(names.prefix(limit))
    }

    func owner(of base: String) -> MemberOwner? {
      if completer.viewNames.contains(base) { return .view(completer.viewKind(base)) }
      switch completer.kind(base) {
      case .view: return .view(completer.viewKind(base))
      case .group: return .group
      case .handle: return .handle
      case .other: return .nothing
      }
    }
  }

  /// Group names (a grid's, a `group`'s).
  private var groups: [String] { boundNames.filter { kind($0) == .group } }

  private var handles: [String] { boundNames.filter { kind($0) == .handle } }

  /// `:he` → `:help`; `:help mo` → `:help motions`; `:load ex` → paths.
  private func completeMeta(_ text: String) -> Completion {
    guard let space = text.firstIndex(of: " ") else {
      return Completion(
        word: text, candidates: Self.matching(MetaCommand.names.map { ":" + $0 }, text))
    }
    let command = String(text[text.index(after: text.startIndex)..<space])
    let argument = String(text[text.index(after: space)...].drop { $0 == " " })
    switch command {
    case "help":
      return Completion(word: argument, candidates: Self.matching(HelpText.topics, argument))
    case "load", "save", "render":
      return Completion(word: argument, candidates: Self.paths(matching: argument))
    case "plot":
      // The property being typed after the last comma: `box.x, bo` → `box`.
      let last = String(argument.split(separator: ",", omittingEmptySubsequences: false).last ?? "")
        .drop { $0 == " " }
      let word = String(last)
      if let dot = word.lastIndex(of: ".") {
        let base = word[..<dot]
        let members = (Vocabulary.viewMembers).map { "\(base).\($0)" }
        return Completion(word: word, candidates: Self.matching(members, word))
      }
      return Completion(
        word: word, candidates: Self.matching(viewNames + Easing.allNames, word))
    case "show":
      return Completion(word: argument, candidates: Self.matching(viewNames + groups, argument))
    case "timeline":
      if argument.hasPrefix("#") {
        return Completion(
          word: argument,
          candidates: Self.matching(runIDs.map { "#\($0)" }, argument).sorted {
            $0.count != $1.count ? $0.count < $1.count : $0 < $1
          })
      }
      return Completion(word: argument, candidates: Self.matching(handles, argument))
    default: return Completion(word: argument, candidates: [])
    }
  }

  private static func matching(_ words: [String], _ prefix: String) -> [String] {
    Array(Set(words.filter { $0.hasPrefix(prefix) })).sorted()
  }

  /// Files and folders (with a trailing `/`) whose path starts with `prefix`.
  static func paths(matching prefix: String) -> [String] {
    let expanded = prefix.hasPrefix("~/") ? NSHomeDirectory() + prefix.dropFirst() : prefix
    let slash = expanded.lastIndex(of: "/")
    let directory = slash.map { String(expanded[...$0]) } ?? ""
    let stem = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
    let shown = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
    guard
      let entries = try? FileManager.default.contentsOfDirectory(
        atPath: directory.isEmpty ? "." : directory)
    else { return [] }
    return entries.filter { $0.hasPrefix(stem) && (stem.hasPrefix(".") || !$0.hasPrefix(".")) }
      .sorted().map {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: directory + $0, isDirectory: &isDirectory)
        return shown + $0 + (isDirectory.boolValue ? "/" : "")
      }
  }
}
