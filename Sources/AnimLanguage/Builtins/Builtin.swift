import AnimEngine

/// A function provided by anim itself.
struct Builtin: Sendable {
  let name: String
  /// One line for `:help` and completion.
  let summary: String
  let call: @Sendable (inout Arguments, Interpreter) throws -> Value
}

/// Every builtin, by name.
enum Builtins {
  static let all: [String: Builtin] = {
    var table: [String: Builtin] = [:]
    for b in MotionBuiltins.list + PathBuiltins.list + StockBuiltins.list + MorphBuiltins.list
      + SpringBuiltins.list
      + CombinatorBuiltins.list
      + StaggerBuiltins.list + ValueBuiltins.list + SoundBuiltins.list + DataBuiltins.list
      + TypingBuiltins.list
    {
      table[b.name] = b
    }
    return table
  }()

  /// Names for completion and `:help`.
  static var names: [String] { all.keys.sorted() }
}
