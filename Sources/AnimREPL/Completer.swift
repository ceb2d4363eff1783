import AnimEngine
import AnimLanguage
import Foundation

/// Finds what Tab can complete: keywords, builtins, easing and colour names,
/// bound names, `view.property` and handle members, meta-commands with their
/// topics, and file paths after `:load` and `:save`. After `on` the context
/// narrows it: a target (`run m on b`, `on: b`) is a view or a group, and the
/// run of a handler (`on h done`) a handle.
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
    if let dot = word.lastIndex(of: ".") {
      let base = String(word[..<dot])
      let member = String(word[word.index(after: dot)...])
      let members = self.members(of: base)
      return Completion(
        word: word, candidates: Self.matching(members, member).map { base + "." + $0 })
    }
    guard word.first.map({ !$0.isNumber }) ?? true else {
      return Completion(word: word, candidates: [])
    }
    switch Self.context(before: String(text.dropLast(word.count))) {
    case .target: return Completion(word: word, candidates: Self.matching(targets, word))
    case .handlerRun: return Completion(word: word, candidates: Self.matching(handles, word))
    case .anything: break
    }
    guard !word.isEmpty else { return Completion(word: word, candidates: []) }
    let words = Vocabulary.words + boundNames + viewNames.filter { !$0.contains("[") }
    return Completion(word: word, candidates: Self.matching(words, word))
  }

  /// What the word being typed can be, from the tokens before it.
  enum Context {
    /// After the `on` operator or an `on:` label: a view or a group.
    case target
    /// After the `on` that starts a handler: a run handle.
    case handlerRun
    case anything
  }

  static func context(before text: String) -> Context {
    let tokens = Lexer.tokens(of: SourceFile(path: "<completion>", text: text)).filter {
      $0.kind != .endOfFile
    }
    guard let last = tokens.last else { return .anything }
    if last.kind == .colon, tokens.count >= 2, tokens[tokens.count - 2].isWord("on") {
      return .target
    }
    guard last.isWord("on") else { return .anything }
    let previous = tokens.dropLast().last?.kind
    let startsStatement =
      previous == nil || previous == .semicolon || previous == .leftBrace
      || previous == .newline
    return startsStatement ? .handlerRun : .target
  }

  /// Views and groups, by name: what `on` binds a motion to.
  private var targets: [String] {
    boundNames.filter { kind($0) == .view || kind($0) == .group }
      + viewNames.filter { !$0.contains("[") }
  }

  /// Group names (a grid's, a `group`'s).
  private var groups: [String] { boundNames.filter { kind($0) == .group } }

  private var handles: [String] { boundNames.filter { kind($0) == .handle } }

  private func members(of base: String) -> [String] {
    let viewKind = self.viewKind(base)
    let settable = viewKind.map(Vocabulary.viewMembers(of:)) ?? Vocabulary.viewMembers
    let readOnly = Vocabulary.viewReadOnlyMembers(of: viewKind)
    if viewNames.contains(base) { return settable + readOnly }
    switch kind(base) {
    case .view: return settable + readOnly
    case .group: return Vocabulary.groupMembers
    case .handle: return Vocabulary.handleMembers
    case .other: return []
    }
  }

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
