import AnimEngine
import AnimFiles
import AnimSound

/// A sound a script declared (SPEC §22): its number in the script's table
/// (what a play's cue names), its name and the file it reads. A class, so
/// that `Value` stays small: every value on the interpreter's stack is as
/// large as its largest case, and deep recursion counts its frames.
public final class DeclaredSound: Sendable {
  /// Its place in `Interpreter.sounds`.
  public let number: Int
  public let name: String
  public let file: SoundFile

  init(number: Int, name: String, file: SoundFile) {
    self.number = number
    self.name = name
    self.file = file
  }
}

extension Interpreter {
  /// `sound NAME("file")`: reads what the file holds (its length exact to the
  /// sample) and binds NAME. The file is relative to the script's folder; a
  /// missing or undecodable one is an error here (and already at `check`).
  func declareSound(_ name: Identifier, path: String, at range: SourceRange, in env: Environment)
    throws
  {
    let file = try SoundChecks.file(path, from: self.file, at: range)
    let sound = DeclaredSound(number: sounds.count, name: name.name, file: file)
    sounds.append(sound)
    env.assign(name.name, .sound(sound))
  }

  /// The sound an argument names.
  func soundArgument(_ item: Arguments.Item, _ callee: String) throws -> DeclaredSound {
    guard case .sound(let sound) = item.value else {
      throw RuntimeError(
        "\(callee) needs a sound, not \(item.value.typeName)", at: item.range,
        hint: "declare one first: sound click(\"click.wav\")")
    }
    return sound
  }

  /// Runs a sound analysis, its error a runtime error at `range`.
  func analysing<T>(_ range: SourceRange, _ body: () throws(SoundError) -> T) throws -> T {
    do { return try body() } catch {
      throw RuntimeError(error.message, at: range, hint: error.hint)
    }
  }
}

/// The check of SPEC §22 that a sound's file is there and decodes, made
/// both before a script runs (`anim check`, exit 65) and when it declares
/// the sound.
enum SoundChecks {
  /// The file `path` names from the script `source` (relative to its
  /// folder), read; a runtime error at `range` when it cannot be.
  static func file(_ path: String, from source: SourceFile, at range: SourceRange) throws
    -> SoundFile
  {
    do {
      return try SoundFile.info(resolve(path, from: source))
    } catch {
      throw RuntimeError(message(path, error), at: range, hint: error.hint)
    }
  }

  /// The diagnostics of the sound declarations among `statements` of `source`.
  static func problems(_ statements: [Stmt], in source: SourceFile) -> [(Diagnostic, SourceFile)] {
    var found: [(Diagnostic, SourceFile)] = []
    for statement in statements {
      guard case .soundDeclaration(_, let path, let range) = statement.kind else { continue }
      do { _ = try SoundFile.info(resolve(path, from: source)) } catch {
        found.append(
          (.error(message(path, error), at: range, hint: error.hint, kind: .name), source))
      }
    }
    return found
  }

  /// `path` relative to the folder of the script at `source` (the working
  /// directory for standard input and `-e`).
  static func resolve(_ path: String, from source: SourceFile) -> String {
    FilePaths.resolve(path, from: source.path)
  }

  private static func message(_ path: String, _ error: SoundError) -> String {
    let shown = path.count > 200 ? String(path.prefix(200)) + "…" : path
    return "cannot use the sound file \"\(shown)\": \(error.message)"
  }
}
