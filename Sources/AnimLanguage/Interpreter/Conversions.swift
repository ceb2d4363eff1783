import AnimEngine

extension Interpreter {
  /// Builds a motion, turning the engine's refusal into a runtime error here.
  func build(_ range: SourceRange, _ make: () throws -> Motion) throws -> Motion {
    do { return try make() } catch let error as EngineError {
      throw RuntimeError(error.message, at: range)
    }
  }

  /// A colour: a colour value, a colour name, or a "#rrggbb" string.
  func color(_ item: Arguments.Item) throws -> Color {
    switch item.value {
    case .color(let c): return c
    case .string(let s):
      guard let c = Color.parseHex(s) else {
        throw RuntimeError(
          "\"\(s)\" is not a colour; expected #rgb, #rrggbb or #rrggbbaa", at: item.range)
      }
      return c
    case .symbol(let s):
      throw RuntimeError(
        "unknown colour '\(s)'", at: item.range,
        hint: Spelling.closest(to: s, among: Color.allNames).map { "did you mean '\($0)'?" })
    default:
      throw RuntimeError("expected a colour, not \(item.value.typeName)", at: item.range)
    }
  }

  /// An easing: a name (`outQuad`, `easeInOutQuad`) or an easing value.
  func easing(_ item: Arguments.Item) throws -> Easing {
    switch item.value {
    case .easing(let e): return e
    case .symbol(let name):
      return try easingNamed(name, item)
    case .function(let f):
      return try easingNamed(f.name, item)
    default:
      throw RuntimeError("expected an easing, not \(item.value.typeName)", at: item.range)
    }
  }

  private func easingNamed(_ name: String, _ item: Arguments.Item) throws -> Easing {
    if let e = Easing.named(name) { return e }
    throw RuntimeError(
      "unknown easing '\(name)'", at: item.range,
      hint: Spelling.closest(to: name, among: Easing.allNames).map { "did you mean '\($0)'?" })
  }

  /// A colour space: `srgb`, `hsb` or `oklab`.
  func colorSpace(_ item: Arguments.Item) throws -> ColorSpace {
    let name = try item.symbol("colour space")
    guard let space = ColorSpace(rawValue: name) else {
      throw RuntimeError(
        "unknown colour space '\(name)'; expected srgb, hsb or oklab", at: item.range)
    }
    return space
  }

  /// The views `on:`, `m on t` or `stagger` names: a view, every member of a
  /// group, or every view of a list of views and groups (`[a, b]` is a group
  /// wherever one is expected, SPEC §20).
  func targetViews(_ item: Arguments.Item) throws -> [ViewID] {
    switch item.value {
    case .view(let v): return [v]
    case .group(let g): return g.members
    case .list(let items):
      if let members = try viewsOfList(items, at: item.range) { return members }
      // Lists inside: each item's views in turn (the first that has none
      // says why).
      var members: [ViewID] = []
      for value in items {
        members += try targetViews(
          Arguments.Item(label: item.label, value: value, range: item.range))
        if members.count > Scene.maximumViews {
          throw RuntimeError(
            "a group may hold at most \(Scene.maximumViews) views (a view counts each time it is listed)",
            at: item.range)
        }
      }
      return members
    case .symbol(let s):
      throw RuntimeError(
        "unknown view '\(s)'", at: item.range,
        hint: Spelling.closest(to: s, among: boundNames + ["view"]).map { "did you mean '\($0)'?" })
    default:
      throw RuntimeError(
        "a motion plays on a view or a group, not \(item.value.typeName)", at: item.range)
    }
  }

  /// A motion argument.
  func motionArgument(_ item: Arguments.Item) throws -> Motion {
    guard case .motion(let m) = item.value else {
      throw RuntimeError("expected a motion, not \(item.value.typeName)", at: item.range)
    }
    return m
  }
}

extension Interpreter {
  /// The easing `text` names or builds (`outBack`, `easeInOutQuad`,
  /// `cubicBezier(0.2, 0, 0, 1)`, `steps(4)`), evaluated as an expression in a
  /// fresh scene; an error with a hint for anything else (`anim plot --easing`).
  public static func easing(from text: String) throws(RuntimeError) -> Easing {
    let source = SourceFile(path: "<easing>", text: text)
    let (expression, diagnostics) = Parser.parseExpression(source)
    guard let expression else {
      let first = diagnostics.first
      throw RuntimeError(
        first?.message ?? "expected an easing",
        at: first?.range ?? SourceRange(start: 0, end: 0, line: 1, column: 1),
        file: source)
    }
    let interpreter = Interpreter(file: source, output: { _ in })
    do {
      let value = try interpreter.evaluate(expression, in: source)
      return try interpreter.easing(
        Arguments.Item(label: nil, value: value, range: expression.range))
    } catch let error as RuntimeError {
      throw error
    } catch {
      throw RuntimeError("\(error)", at: expression.range, file: source)
    }
  }
}
