import Foundation

/// The exit codes of SPEC §8.
public enum ExitStatus {
  public static let success: Int32 = 0
  /// A failed expectation or test.
  public static let failure: Int32 = 1
  public static let usage: Int32 = 64
  /// A syntax or name error.
  public static let dataError: Int32 = 65
  /// A missing file.
  public static let noInput: Int32 = 66
  /// A runtime error.
  public static let software: Int32 = 70
  /// An I/O error.
  public static let ioError: Int32 = 74

  /// The exit code for a diagnostic of `kind`.
  public static func code(for kind: Diagnostic.Kind) -> Int32 {
    switch kind {
    case .syntax, .name: return dataError
    case .runtime: return software
    case .io: return ioError
    }
  }
}

/// What running (or checking) one script produced.
public struct ScriptResult {
  /// The errors that stopped it, each with its file.
  public var errors: [(Diagnostic, SourceFile)] = []
  /// `expect` statements that failed (the script went on).
  public var failedExpectations: [RuntimeError] = []
  public var exitCode: Int32 = ExitStatus.success
}

/// Runs whole scripts the way `anim run`, `anim check` and `anim test` do.
public enum ScriptRunner {
  /// The largest script `readFile` reads (256 MiB). A device that never ends
  /// (`import "/dev/zero"`) is read only this far, then refused, instead of
  /// until memory runs out.
  public static let maximumFileSize = 1 << 28

  /// A file longer than `maximumFileSize`.
  public struct FileTooLarge: Error, CustomStringConvertible {
    public var description: String { "it is larger than the limit of 256 MiB" }
  }

  /// Reads a file from disk.
  ///
  /// The bytes are read straight into the array with `read(2)`: going through
  /// `FileManager.contents(atPath:)` and `Data` would hold the file twice and
  /// copy it once more (a tenth of `anim check`'s time on a 10 MB script).
  /// Throws `FileTooLarge` past `maximumFileSize`.
  public static func readFile(_ path: String) throws -> [UInt8] {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { throw CocoaError(.fileNoSuchFile) }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
      throw CocoaError(.fileReadUnknown)
    }
    // The size is only a hint (a pipe or a file in /proc reports 0, a file may
    // grow): ask for one byte more, and go on reading while chunks come back full.
    if Int(status.st_size) > maximumFileSize { throw FileTooLarge() }
    var chunkSize = max(Int(status.st_size), 0) + 1
    var bytes: [UInt8] = []
    while true {
      let chunk = try readChunk(file, size: chunkSize)
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if bytes.count > maximumFileSize { throw FileTooLarge() }
      if chunk.count < chunkSize { return bytes }
      chunkSize = 64 * 1024
    }
  }

  /// Up to `size` bytes from `file`; fewer only at the end of the file.
  private static func readChunk(_ file: Int32, size: Int) throws -> [UInt8] {
    var failed = false
    let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      initialized = 0
      while initialized < size {
        let count = read(file, buffer.baseAddress! + initialized, size - initialized)
        if count > 0 {
          initialized += count
        } else if count == 0 || errno != EINTR {
          failed = count < 0
          return
        }
      }
    }
    if failed { throw CocoaError(.fileReadUnknown) }
    return chunk
  }

  /// Parses and checks `source` and its imports without running anything.
  public static func check(_ source: SourceFile, readFile: (String) throws -> [UInt8] = readFile)
    -> ScriptResult
  {
    var result = ScriptResult()
    result.errors = Program.check(source, readFile: readFile).filter { $0.0.severity == .error }
    if let first = result.errors.first { result.exitCode = ExitStatus.code(for: first.0.kind) }
    return result
  }

  /// Checks, then runs `source`, printing through `output`. Stops at the first
  /// runtime error; failed expectations are collected and give exit code 1.
  /// The whole script, imports and handlers included, may take `workLimit`
  /// steps of work (see `Interpreter.workLimit`).
  public static func run(
    _ source: SourceFile, output: @escaping (String) -> Void,
    readFile: @escaping (String) throws -> [UInt8] = readFile,
    workLimit: Int = Interpreter.defaultWorkLimit
  ) -> ScriptResult {
    let program = Program(source: source, readFile: readFile)
    var result = ScriptResult()
    result.errors = program.diagnostics.filter { $0.0.severity == .error }
    if let first = result.errors.first {
      result.exitCode = ExitStatus.code(for: first.0.kind)
      return result
    }
    let interpreter = Interpreter(file: source, output: output)
    interpreter.readFile = readFile
    interpreter.workLimit = workLimit
    var failures: [RuntimeError] = []
    interpreter.expectationFailed = { failures.append($0) }
    do {
      try interpreter.execute(program.statements, in: source)
    } catch {
      result.errors = [(error.diagnostic, error.file ?? source)]
      result.exitCode = ExitStatus.code(for: error.kind)
    }
    result.failedExpectations = failures
    if result.exitCode == ExitStatus.success && !failures.isEmpty {
      result.exitCode = ExitStatus.failure
    }
    return result
  }
}
