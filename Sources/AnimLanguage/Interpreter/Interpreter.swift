import AnimEngine
import AnimFiles
import AnimSound

/// Runs statements against a scene and its clock (SPEC §4–§7).
///
/// The interpreter does no I/O of its own: printed lines, failed expectations
/// and imported files go through the closures its host supplies, so the CLI,
/// the REPL and the test runner share it.
public final class Interpreter {
  public let scene: Scene
  public let clock: Clock
  let globals = Environment()

  /// Receives every line `print`, `trace` and `pool` write.
  public var output: (String) -> Void
  /// Receives every failed `expect` (the script goes on).
  public var expectationFailed: (RuntimeError) -> Void = { _ in }
  /// Told of every view a declaration makes (or declares again): the view,
  /// where its name is in the source and the file that holds it (the live
  /// preview's inspector names the line, SPEC §24). Grid members are told
  /// with the grid's name.
  public var viewDeclared: ((ViewID, SourceRange, SourceFile) -> Void)?
  /// Reads an imported file (a path already resolved against the importer);
  /// by default as scripts are read, up to `ScriptRunner.maximumFileSize`.
  public var readFile: (String) throws -> [UInt8] = ScriptRunner.readFile
  /// Told the path of every other file the script reads (an image's,
  /// SPEC §21.4), so a host that watches files watches it too.
  public var noteFileRead: ((String) -> Void)?

  /// The file whose statements are running (for diagnostics and imports).
  var file: SourceFile
  var random = SplitMix64(seed: 0)
  var callDepth = 0
  /// Where the stack of the thread running the script ends; set whenever a
  /// host enters the interpreter (see `StackGuard`).
  var stack = StackGuard()
  private(set) var imported: Set<String> = []
  /// The sounds the script declared, by number (SPEC §22): the files a mix
  /// of its plays reads.
  public internal(set) var sounds: [DeclaredSound] = []
  /// The decoded streams `loudness` and `bands` read (made on first use).
  lazy var soundSession = SoundSession()
  /// The families declared so far, by name (`rect bar[i](…)`, SPEC §23.1).
  var families: [String: Family] = [:]
  /// The data files read so far (`csv()`, `json()`), by format and path.
  var dataFiles: [String: Value] = [:]
  /// Scopes captured by a `def` or a handler, which then refer to themselves
  /// through the function or run handle they bind; `deinit` empties them so
  /// that each script's values are freed with its interpreter.
  private var capturedScopes: [ObjectIdentifier: Environment] = [:]
  private var importStack: [String] = []
  /// Where each view was declared (``declarationSite(of:)``).
  var declarationSites = DeclarationSites()

  /// Deepest chain of `def` calls; past it a runtime error stops a recursion
  /// without end long before the native stack could overflow.
  public static let maximumCallDepth = 256
  /// Most handlers running one inside another: a `finish` or `cancel` in a
  /// handler runs the handlers of that run's `done` at once, inside it, so a
  /// handler that restarts and finishes its own run would recurse without
  /// end. Real chains are a few levels deep.
  public static let maximumHandlerNesting = 32
  /// Whether a statement has moved the clock (`step`, `tick`, `settle`,
  /// `trace`, …): a render's default end depends on it (SPEC §12.3).
  public internal(set) var clockMoved = false
  /// Handlers running now, one inside another.
  var handlerNesting = 0
  /// Most elements a `for` loop walks; bounds a loop over `0..<1e12`.
  public static let maximumLoopLength = 10_000_000
  /// Most rows one `trace` prints.
  public static let maximumTraceRows = 100_000
  /// Steps a script may take unless its host says otherwise (see `WorkBudget`).
  public static let defaultWorkLimit = WorkBudget.defaultLimit
  var budget = WorkBudget(limit: WorkBudget.defaultLimit)

  /// The most steps of work (see `WorkBudget`) the script may take; past it,
  /// a runtime error stops it.
  public var workLimit: Int {
    get { budget.limit }
    set { budget.limit = newValue }
  }

  /// Starts counting work from zero again: the REPL gives each entry the
  /// whole limit.
  public func resetWork() {
    budget.reset(clockWork: clock.work)
    clock.workCeiling = budget.clockCeiling()
  }

  public init(file: SourceFile, output: @escaping (String) -> Void) {
    self.file = file
    self.output = output
    scene = Scene()
    let view = scene.declare("view", kind: .view)
    // Drawn only once the script uses it (see `noteUse(of:)`).
    scene.hiddenViews = [view]
    clock = Clock(scene: scene, defaultView: view)
    globals.define("view", .view(view))
    imported.insert(FilePaths.canonical(file.path))
  }

  deinit {
    for scope in capturedScopes.values { scope.removeAll() }
    globals.removeAll()
  }

  /// The default view is drawn once a script names it or runs a motion bound
  /// to no view (SPEC §12.1); `value` is what a name evaluated to.
  @inline(__always)
  func noteUse(of value: Value) {
    guard !scene.hiddenViews.isEmpty, case .view(let id) = value, id == clock.defaultView else {
      return
    }
    scene.hiddenViews.removeAll { $0 == id }
  }

  /// Records that a closure captured `scope` (see `capturedScopes`).
  func capture(_ scope: Environment) {
    capturedScopes[ObjectIdentifier(scope)] = scope
  }

  /// Runs statements of `file` in order; stops at the first runtime error.
  public func execute(_ statements: [Stmt], in file: SourceFile) throws(RuntimeError) {
    let saved = self.file
    self.file = file
    defer { self.file = saved }
    stack = StackGuard()
    do {
      for statement in statements { try execute(statement, in: globals) }
    } catch let error as RuntimeError {
      var located = error
      if located.file == nil { located.file = file }
      throw located
    } catch {
      throw RuntimeError(
        "\(error)",
        at: statements.first?.range ?? SourceRange(start: 0, end: 0, line: 1, column: 1), file: file
      )
    }
  }

  /// Evaluates an expression at the top level (the REPL echoes the result).
  public func evaluate(_ expression: Expr, in file: SourceFile) throws(RuntimeError) -> Value {
    let saved = self.file
    self.file = file
    defer { self.file = saved }
    stack = StackGuard()
    do {
      return try evaluate(expression, in: globals)
    } catch let error as RuntimeError {
      var located = error
      if located.file == nil { located.file = file }
      throw located
    } catch {
      throw RuntimeError("\(error)", at: expression.range, file: file)
    }
  }

  /// How the REPL shows a value.
  public func describe(_ value: Value) -> String { Formatting.debug(value, scene: scene) }

  /// Every bound name (for completion).
  public var boundNames: [String] { Array(Set(globals.allNames)).sorted() }

  /// The names of builtin functions (for completion and `:help`).
  public static var builtinNames: [String] { Builtins.names }

  /// One-line summaries of the builtins.
  public static var builtinSummaries: [(name: String, summary: String)] {
    Builtins.names.compactMap { name in Builtins.all[name].map { (name, $0.summary) } }
  }

  // MARK: Imports

  /// Runs `path` (relative to the importing file) once.
  func importFile(_ path: String, at range: SourceRange) throws {
    let full = FilePaths.resolve(path, from: file.path)
    // The files being run, outermost first, ending with the importing one.
    let running = importStack + [FilePaths.canonical(file.path)]
    if running.contains(full) {
      let chain = (running + [full]).map(FilePaths.fileName)
      throw RuntimeError("import cycle: \(chain.joined(separator: " → "))", at: range)
    }
    if imported.contains(full) { return }
    let bytes: [UInt8]
    do {
      if let refusal = SpecialFile.refusal(full) { throw ScriptRunner.NotAFile(refusal) }
      bytes = try readFile(full)
    } catch {
      throw RuntimeError(
        "cannot import \"\(path)\": \(ScriptRunner.importFailure(error))", at: range)
    }
    let source = SourceFile(path: full, bytes: bytes)
    let parsed = Parser.parse(source)
    if let first = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw RuntimeError(
        first.message, at: first.range, hint: first.hint, file: source, kind: first.kind)
    }
    imported.insert(full)
    importStack.append(FilePaths.canonical(file.path))
    defer { importStack.removeLast() }
    try execute(parsed.statements, in: source)
  }
}
