import AnimFiles

/// A script and the files it imports, parsed and checked before it runs.
public struct Program {
  /// The main file.
  public let source: SourceFile
  /// Its statements.
  public let statements: [Stmt]
  /// Syntax and name errors, each with the file it is in.
  public let diagnostics: [(Diagnostic, SourceFile)]

  /// Whether more lines could complete the input (the REPL's `...>`).
  public let isIncomplete: Bool

  /// Whether the program can run (no errors).
  public var isValid: Bool { !diagnostics.contains { $0.0.severity == .error } }

  /// Most errors reported for one program.
  public static let maximumErrors = 20

  /// Parses `source`, follows its imports (relative to it, each file once,
  /// a cycle is an error) and checks names across all of them. `knownNames`
  /// are bound already (by earlier REPL input).
  public init(
    source: SourceFile, knownNames: Set<String> = [], readFile: (String) throws -> [UInt8]
  ) {
    self.source = source
    let parsed = Parser.parse(source)
    statements = parsed.statements
    isIncomplete = parsed.isIncomplete
    var found: [(Diagnostic, SourceFile)] = parsed.diagnostics.map { ($0, source) }
    var checker = NameChecker(known: knownNames, source: source)
    checker.scriptPath = source.path
    checker.collect(parsed.statements)
    var seen: Set<String> = [FilePaths.canonical(source.path)]
    Self.followImports(
      parsed.statements, of: source, chain: [FilePaths.canonical(source.path)], origin: nil,
      seen: &seen, checker: &checker, diagnostics: &found, readFile: readFile)
    if !found.contains(where: { $0.0.severity == .error }) {
      checker.check(parsed.statements)
      found += checker.resolve().map { ($0, source) }
      // A sound's file must be there and decode (SPEC §22).
      found += SoundChecks.problems(parsed.statements, in: source)
      found += DataFiles.problems(of: checker, in: source, readFile: readFile)
      found += checker.warnings.map { ($0, source) }
    }
    diagnostics = Array(found.prefix(Self.maximumErrors))
  }

  /// Parses and checks `source` and its imports like `init`, one statement at
  /// a time, keeping no syntax tree (`anim check`): memory is bounded by the
  /// imports and the names, not by the size of the script.
  public static func check(_ source: SourceFile, readFile: (String) throws -> [UInt8]) -> [(
    Diagnostic, SourceFile
  )] {
    var checker = NameChecker(source: source)
    checker.scriptPath = source.path
    // Room for a name per hundred bytes (a statement or two), so that the
    // table of names does not rehash every name as it doubles its way there.
    checker.reserveNames(min(source.bytes.count / 100, 1 << 20))
    var imports: [Stmt] = []
    var sounds: [Stmt] = []
    let parsed = Parser.parse(source) { statement in
      checker.collect(statement)
      checker.check(statement)
      if case .importFile = statement.kind { imports.append(statement) }
      if case .soundDeclaration = statement.kind { sounds.append(statement) }
    }
    var found: [(Diagnostic, SourceFile)] = parsed.diagnostics.map { ($0, source) }
    var seen: Set<String> = [FilePaths.canonical(source.path)]
    followImports(
      imports, of: source, chain: [FilePaths.canonical(source.path)], origin: nil, seen: &seen,
      checker: &checker, diagnostics: &found, readFile: readFile)
    if !found.contains(where: { $0.0.severity == .error }) {
      found += checker.resolve().map { ($0, source) }
      found += SoundChecks.problems(sounds, in: source)
      found += DataFiles.problems(of: checker, in: source, readFile: readFile)
      found += checker.warnings.map { ($0, source) }
    }
    return Array(found.prefix(maximumErrors))
  }

  /// `origin` is the main file's import that led here: a cycle is reported
  /// there, in the file the user ran, with the whole chain in the message.
  private static func followImports(
    _ statements: [Stmt], of file: SourceFile, chain: [String], origin: (Stmt, SourceFile)?,
    seen: inout Set<String>,
    checker: inout NameChecker, diagnostics: inout [(Diagnostic, SourceFile)],
    readFile: (String) throws -> [UInt8]
  ) {
    for statement in statements {
      guard case .importFile(let path) = statement.kind else { continue }
      let full = FilePaths.resolve(path, from: file.path)
      if chain.contains(full) {
        let names = (chain + [full]).map(FilePaths.fileName)
        let (at, inFile) = origin ?? (statement, file)
        diagnostics.append(
          (
            .error("import cycle: \(names.joined(separator: " → "))", at: at.range, kind: .name),
            inFile
          ))
        continue
      }
      if seen.contains(full) { continue }
      seen.insert(full)
      let bytes: [UInt8]
      do {
        if let refusal = SpecialFile.refusal(full) { throw ScriptRunner.NotAFile(refusal) }
        bytes = try readFile(full)
      } catch {
        let reason = ScriptRunner.importFailure(error)
        diagnostics.append(
          (.error("cannot import \"\(path)\": \(reason)", at: statement.range, kind: .name), file))
        continue
      }
      let source = SourceFile(path: full, bytes: bytes)
      let parsed = Parser.parse(source)
      diagnostics += parsed.diagnostics.map { ($0, source) }
      diagnostics += SoundChecks.problems(parsed.statements, in: source)
      checker.collect(parsed.statements)
      followImports(
        parsed.statements, of: source, chain: chain + [full], origin: origin ?? (statement, file),
        seen: &seen, checker: &checker, diagnostics: &diagnostics, readFile: readFile)
    }
  }
}
