/// Runs one script for the test runner.
///
/// The CLI conforms to this with the interpreter, which keeps `AnimTestRunner`
/// free of any dependency on the language. The runner calls `execute(path:)` from
/// several threads at once (one file per call), hence `Sendable`.
public protocol ScriptExecutor: Sendable {
  /// Runs the `.anim` file at `path` (which it reads itself) and reports what happened.
  ///
  /// It never writes to the process's standard output or error: everything the
  /// script prints goes into the outcome's `stdout`.
  func execute(path: String) -> ScriptOutcome
}
