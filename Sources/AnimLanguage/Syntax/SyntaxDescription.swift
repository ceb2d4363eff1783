// The readable S-expression form of the syntax tree, shown by the REPL's
// `:ast` and used by the tests to pin tree shapes:
//
//   blink = fade(out, 1) + fade(in, 1)
//   (assign blink (binary + (call fade out 1) (call fade in 1)))
//
// Identifiers print bare, numbers in their shortest form (with `(number V UNIT)`
// when a unit was written), strings quoted, labelled arguments as `label:value`.

extension Expr: CustomStringConvertible {
  /// The expression as an S-expression, e.g. `(binary on (call fade out 1) box)`.
  public var description: String {
    switch kind {
    case .number(let value, let unit):
      let number = SyntaxFormat.number(value)
      return unit.map { "(number \(number) \($0.rawValue))" } ?? number
    case .string(let text): return SyntaxFormat.quoted(text)
    case .interpolation(let parts):
      let pieces = parts.map { part in
        switch part {
        case .text(let text): SyntaxFormat.quoted(text)
        case .value(let value): value.description
        }
      }
      return SyntaxFormat.list("interpolate", pieces)
    case .record(let fields):
      return SyntaxFormat.list("record", fields.map { "\($0.name.name):\($0.value)" })
    case .comprehension(let variable, let sequence, let condition, let body):
      let filter = condition.map { " if \($0)" } ?? ""
      return "(comprehension \(variable.name) \(sequence)\(filter) \(body))"
    case .bool(let value): return value ? "true" : "false"
    case .identifier(let name): return name
    case .tuple(let elements):
      return SyntaxFormat.list(elements.count == 2 ? "point" : "tuple", elements)
    case .list(let elements): return SyntaxFormat.list("list", elements)
    case .call(let callee, let arguments):
      return SyntaxFormat.list("call", [callee.description] + arguments.map(\.description))
    case .member(let base, let name): return "(member \(base) \(name.name))"
    case .index(let base, let index): return "(index \(base) \(index))"
    case .negate(let operand): return "(negate \(operand))"
    case .not(let operand): return "(not \(operand))"
    case .binary(let op, let left, let right): return "(binary \(op.spelling) \(left) \(right))"
    case .chain(let op, let operands):
      return "(binary \(op.spelling) \(operands.map(\.description).joined(separator: " ")))"
    case .run(let motion, let alias):
      return alias.map { "(run \(motion) as \($0.name))" } ?? "(run \(motion))"
    }
  }
}

extension Argument: CustomStringConvertible {
  /// `value`, or `label:value` for a labelled argument.
  public var description: String {
    label.map { "\($0.name):\(value)" } ?? value.description
  }
}

extension Stmt: CustomStringConvertible {
  /// The statement as an S-expression, e.g. `(run (binary * blink 100))`.
  public var description: String {
    switch kind {
    case .viewDeclaration(let kind, let name, let index, let arguments, let children):
      let block = children.isEmpty ? [] : [SyntaxFormat.block(children)]
      let declared = index.map { "(index \(name.name) \($0))" } ?? name.name
      return SyntaxFormat.list(kind.name, [declared] + arguments.map(\.description) + block)
    case .gridDeclaration(let name, let arguments):
      return SyntaxFormat.list("grid", [name.name] + arguments.map(\.description))
    case .soundDeclaration(let name, let path, _):
      return "(sound \(name.name) \(SyntaxFormat.quoted(path)))"
    case .stage(let arguments): return SyntaxFormat.list("stage", arguments.map(\.description))
    case .groupDeclaration(let name, let value): return "(group \(name.name) \(value))"
    case .letBinding(let name, let value): return "(let \(name.name) \(value))"
    case .assignment(let target, let value): return "(assign \(target) \(value))"
    case .functionDefinition(let name, let parameters, let body):
      let names = parameters.map(\.name).joined(separator: " ")
      return "(def \(name.name) (\(names)) \(body))"
    case .forLoop(let variable, let sequence, let body):
      return "(for \(variable.name) \(sequence) \(SyntaxFormat.block(body)))"
    case .conditional(let branches, let otherwise):
      // `(if C (block …) C2 (block …) else (block …))`
      var parts = ["if"]
      for branch in branches {
        parts.append(branch.condition.description)
        parts.append(SyntaxFormat.block(branch.body))
      }
      if let otherwise { parts += ["else", SyntaxFormat.block(otherwise)] }
      return "(\(parts.joined(separator: " ")))"
    case .importFile(let path): return "(import \(SyntaxFormat.quoted(path)))"
    case .print(let values): return SyntaxFormat.list("print", values)
    case .trace(let values, let interval, let duration):
      let traced = values.map(\.description).joined(separator: " ")
      return "(trace (\(traced)) every \(interval) for \(duration))"
    case .expect(let condition, let tolerance):
      return tolerance.map { "(expect \(condition) within \($0))" } ?? "(expect \(condition))"
    case .seed(let value): return "(seed \(value))"
    case .reset: return "(reset)"
    case .fps(let value): return "(fps \(value))"
    case .step(let value): return "(step \(value))"
    case .stepFrames(let value): return "(step \(value) frames)"
    case .tick: return "(tick)"
    case .stepTo(let value): return "(step to \(value))"
    case .stepUntil(let value): return "(step until \(value))"
    case .settle: return "(settle)"
    case .clear(let target): return "(clear \(target))"
    case .cancel(let target): return "(cancel \(target))"
    case .finish(let target): return "(finish \(target))"
    case .pause(let target): return "(pause \(target))"
    case .resume(let target): return "(resume \(target))"
    case .restart(let run): return "(restart \(run))"
    case .seek(let run, let time): return "(seek \(run) \(time))"
    case .reverse(let run): return "(reverse \(run))"
    case .flush: return "(flush)"
    case .pool: return "(pool)"
    case .handler(let run, let event, let body):
      return "(on \(run) \(event) \(SyntaxFormat.block(body)))"
    case .run(let motion, let alias):
      return alias.map { "(run \(motion) as \($0.name))" } ?? "(run \(motion))"
    case .expression(let expression): return expression.description
    }
  }
}

extension RunTarget: CustomStringConvertible {
  /// `all` or the handle expression.
  public var description: String {
    switch self {
    case .all: "all"
    case .run(let expression): expression.description
    }
  }
}

/// Formatting shared by the syntax tree's and the tokens' descriptions.
public enum SyntaxFormat {
  /// The shortest text that reads back as `value`: `1`, `0.5`, `57.29577951308232`.
  static func number(_ value: Double) -> String {
    if abs(value) < 1e15, value == Double(Int64(value)) {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// `text` in double quotes, with `\n`, `\t`, `\"` and `\\` escaped back: a
  /// string literal that reads back as `text`.
  public static func quoted(_ text: String) -> String {
    // The characters escaped are ASCII, so the UTF-8 bytes between them
    // are copied as they are, a run at a time (a 26 MB string quoted a
    // scalar at a time took half a second).
    func quote(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + 2)
      result.append(UInt8(ascii: "\""))
      var run = 0
      for (index, byte) in bytes.enumerated() {
        let escape: UInt8
        switch byte {
        case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
        case UInt8(ascii: "\t"): escape = UInt8(ascii: "t")
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = byte
        default: continue
        }
        result.append(contentsOf: bytes[run..<index])
        result += [UInt8(ascii: "\\"), escape]
        run = index + 1
      }
      result.append(contentsOf: bytes[run...])
      result.append(UInt8(ascii: "\""))
      return String(decoding: result, as: UTF8.self)
    }
    if let quoted = text.utf8.withContiguousStorageIfAvailable(quote) { return quoted }
    return Array(text.utf8).withUnsafeBufferPointer(quote)
  }

  /// Whether `text` reads back as one name (a record's field written
  /// without quotes): a letter or `_`, then letters, digits and `_`.
  static func isWord(_ text: String) -> Bool {
    guard let first = text.utf8.first, Lexer.isIdentifierStart(first) else { return false }
    return text.utf8.allSatisfy(Lexer.isIdentifierContinue)
  }

  /// `(head a b c)`.
  static func list(_ head: String, _ items: [some CustomStringConvertible]) -> String {
    items.isEmpty ? "(\(head))" : "(\(head) \(items.map(\.description).joined(separator: " ")))"
  }

  /// `(block s1 s2)`.
  static func block(_ statements: [Stmt]) -> String {
    list("block", statements)
  }
}
