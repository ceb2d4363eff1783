import AnimEngine

/// The labels and settings a script's text shows to be wrong, found by the
/// name checker's walk before anything runs (SPEC §20), each worded as the
/// error running the statement would throw, with the same hint.
extension NameChecker {
  /// A builtin's labels: one it does not take is the error its call would
  /// throw (`fade has no parameter 'eas'`, hint `did you mean 'ease:'?`).
  mutating func checkLabels(of callee: String, _ arguments: [Argument]) {
    // Most calls have no label: nothing to look up (the LSP checks on every key).
    // Every name the table lists is a builtin (`VocabularyTests`).
    guard arguments.contains(where: { $0.label != nil }),
      let taken = BuiltinOptions.listedLabels(of: callee)
    else { return }
    for argument in arguments {
      guard let label = argument.label, !taken.contains(label.name) else { continue }
      let known = BuiltinOptions.labels(of: callee)
      if callee == "tween" || callee == "spring",
        let property = PropertyTable.standard.property(named: label.name),
        property.declaration.access.contains(.settable),
        !property.declaration.access.contains(.animatable)
      {
        // A property that is set, never animated (`weight`, `sides`).
        settingErrors.append(
          (
            callee,
            .error(
              "\(callee) cannot animate '\(label.name)': it is set, not animated",
              at: argument.range, hint: "set it instead: v.\(label.name) = …", kind: .name)
          ))
        continue
      }
      if callee == "tween" || callee == "spring" {
        // Their labels are mostly properties: worded as they word it.
        let message =
          callee == "tween"
          ? "tween has no property '\(label.name)'"
          : "spring has no parameter or property '\(label.name)'"
        let among = callee == "tween" ? PropertyTable.standard.animatableNames : known
        let hint = Spelling.closest(to: label.name, among: among).map { "did you mean '\($0)'?" }
        settingErrors.append(
          (callee, .error(message, at: argument.range, hint: hint, kind: .name)))
        continue
      }
      let hint =
        Spelling.closest(to: label.name, among: known).map { "did you mean '\($0):'?" }
        ?? (known.isEmpty
          ? "\(callee) takes no labels" : "\(callee) takes \(known.joined(separator: ", "))")
      settingErrors.append(
        (
          callee,
          .error(
            "\(callee) has no parameter '\(label.name)'", at: label.range, hint: hint, kind: .name)
        ))
    }
  }

  /// Bad geometry the text shows (`sides: 2`, `innerRadius: 0`, path data
  /// that does not parse, a viewBox of size 0): the error the declaration
  /// would throw, before anything runs (SPEC §16.1).
  static func geometryProblem(_ argument: Argument, label: String, kind: ViewKind) -> (
    message: String, hint: String
  )? {
    func literal(_ e: Expr) -> Double? {
      switch e.kind {
      case .number(let v, unit: nil): return v
      case .negate(let inner): return literal(inner).map { -$0 }
      default: return nil
      }
    }
    if let v = literal(argument.value) {
      return GeometrySettings.problem(number: label, v, kind: kind)
    }
    guard kind.outline == .path else { return nil }
    if label == "d", case .string(let text) = argument.value.kind {
      return GeometrySettings.problem(pathData: text)
    }
    if label == "viewBox", case .tuple(let items) = argument.value.kind, items.count == 4 {
      let numbers = items.compactMap(literal)
      if numbers.count == 4 { return GeometrySettings.problem(viewBox: numbers) }
    }
    return nil
  }

  /// A view declaration's setting: a label no view has, or a value whose
  /// kind the text shows to be wrong (`x: "1"`, `color: 3`), is the error
  /// the declaration would throw when run.
  mutating func checkViewSetting(_ argument: Argument, kind: ViewKind) {
    guard let label = argument.label else { return }
    // One lookup of the name, for every check below.
    let table = PropertyTable.standard
    let property = table.property(named: label.name)
    if let (message, hint) = ViewSettings.problem(with: label.name, kind: kind, property: property)
    {
      settingErrors.append((nil, .error(message, at: argument.range, hint: hint, kind: .name)))
      return
    }
    if kind == .text { checkFontSetting(label.name, argument.value, at: argument.range) }
    if kind == .image, label.name == Property.src.name {
      checkImageFile(argument)
      return
    }
    if let (message, hint) = Self.geometryProblem(argument, label: label.name, kind: kind) {
      settingErrors.append((nil, .error(message, at: argument.range, hint: hint, kind: .name)))
      return
    }
    if let (message, hint) = Self.rangeProblem(label.name, argument.value, property: property) {
      settingErrors.append((nil, .error(message, at: argument.range, hint: hint, kind: .name)))
      return
    }
    let shown: String
    switch argument.value.kind {
    case .string: shown = "string"
    case .bool: shown = "bool"
    case .tuple: shown = "point"
    case .list: shown = "list"
    case .number: shown = "number"
    default: return
    }
    // What the property holds, from the table; an alias sets numbers, or a
    // point (`anchor: (0, 1)`). A shape's viewBox is checked when it runs.
    // An alias, unless the kind has a property of that name (which wins).
    let alias =
      property.map { kind.has($0) } == true ? nil : table.alias(named: label.name, for: kind)
    if let alias, alias.form == .point {
      guard shown != "point" else { return }
      settingErrors.append(
        (
          nil,
          .error(
            "\(label.name) must be a point (x, y), not \(shown)", at: argument.range, kind: .name)
        ))
      return
    }
    // A shadow's four parts (SPEC §21.2): `(x, y, blur, colour)`, or a list
    // of them (checked when it runs).
    if let alias, alias.form == .parts {
      let given: String
      if case .tuple(let items) = argument.value.kind, items.count == alias.parts.count {
        // Four numbers are corner radii, which no alias of parts takes.
        guard case .number = items[items.count - 1].kind else { return }
        given = "four numbers"
      } else if shown == "list" {
        return
      } else {
        given = shown == "point" ? "a tuple of \(tupleCount(argument.value)) items" : shown
      }
      settingErrors.append(
        (
          nil,
          .error(
            "\(label.name) must be \(Interpreter.partsText(alias)), not \(given)",
            at: argument.range, kind: .name)
        ))
      return
    }
    // Corner radii (SPEC §21.3): one number, or four `(tl, tr, br, bl)`.
    if let alias, alias.form == .shared,
      alias.parts.count == 4
    {
      if shown == "number" { return }
      if case .tuple(let items) = argument.value.kind, items.count == 4 { return }
      let given = shown == "point" ? "a tuple of \(tupleCount(argument.value)) items" : shown
      settingErrors.append(
        (
          nil,
          .error(
            "\(label.name) must be a number or four radii (tl, tr, br, bl), not \(given)",
            at: argument.range, kind: .name)
        ))
      return
    }
    // A shape's own settings (`viewBox`, `points`, `closed`, `smooth`) are
    // checked when it is declared.
    if ViewSettings.declarationOnly(of: kind).contains(label.name), label.name != "d" { return }
    let type = property?.declaration.type ?? .number
    let message: String
    switch type {
    case .number where property.map { !$0.declaration.namedValues.isEmpty } ?? false:
      // A number or one of its words (`weight: bold`, `weight: "bold"`).
      guard shown != "number" else { return }
      var given = shown
      if case .string(let word) = argument.value.kind {
        if property!.declaration.namedValues.contains(where: { $0.word == word }) { return }
        given = SyntaxFormat.quoted(word)
      }
      settingErrors.append(
        (
          nil,
          .error(
            "\(label.name) must be \(Interpreter.acceptedText(property!)), not \(given)",
            at: argument.range, hint: Interpreter.namedValuesHint(property!), kind: .name)
        ))
      return
    case .number:
      guard shown != "number" else { return }
      message = "\(label.name) must be a number, not \(shown)"
    case .color:
      guard shown != "string" else { return }  // a hex string is read as a colour
      message = "expected a colour, not \(shown)"
    case .paint:
      guard shown != "string" else { return }  // a hex string is read as a colour
      message = "expected a colour or a gradient, not \(shown)"
    case .string, .outline:
      guard shown != "string" else { return }
      message = "\(label.name) must be a string, not \(shown)"
    case .boolean:
      guard shown != "bool" else { return }
      message = "\(label.name) must be true or false, not \(shown)"
    case .choice:
      return  // a word; the interpreter names the cases it takes
    case .dash:
      guard shown != "list" else { return }
      message = "\(label.name) must be a list of lengths [on, off, …], not \(shown)"
    }
    settingErrors.append((nil, .error(message, at: argument.range, kind: .name)))
  }

  /// `v.alpha = 2`, `v.width = -1`: a literal out of the property's range,
  /// on a name declared as a view (SPEC §23.3).
  mutating func checkAssignedRange(_ target: Expr, _ value: Expr) {
    guard case .member(let base, let name) = target.kind, case .identifier(let view) = base.kind,
      knows(view, .view), !knows(view, .value),
      let (message, hint) = Self.rangeProblem(name.name, value)
    else { return }
    settingErrors.append(
      (nil, .error(message, at: target.range.through(value.range), hint: hint, kind: .name)))
  }

  /// A declaration's `parent:` (SPEC §17): a view's name that the script
  /// declares; in a block, where the block names the parent, an error.
  mutating func checkParent(_ argument: Argument, inBlock: Bool) {
    if inBlock {
      settingErrors.append(
        (
          nil,
          .error(
            "a view declared in a block already has its parent", at: argument.range,
            hint: "remove 'parent:' or declare the view outside the block", kind: .name)
        ))
      return
    }
    guard case .identifier = argument.value.kind else {
      settingErrors.append(
        (
          nil,
          .error(
            "parent must be a view's name", at: argument.value.range,
            hint: "parent: car, where car is declared before this view", kind: .name)
        ))
      return
    }
    checkTarget(argument.value)
  }

  /// `stage(…)`'s labels: one it does not take, or one given twice, is the
  /// error the statement would throw.
  mutating func checkStageSettings(_ arguments: [Argument]) {
    var seen: Set<String> = []
    for argument in arguments {
      guard let label = argument.label else { continue }
      if !Interpreter.stageSettings.contains(label.name) {
        let hint = Spelling.closest(to: label.name, among: Interpreter.stageSettings)
        settingErrors.append(
          (
            nil,
            .error(
              "stage has no setting '\(label.name)'", at: label.range,
              hint: hint.map { "did you mean '\($0)'?" }, kind: .name)
          ))
      } else if !seen.insert(label.name).inserted {
        settingErrors.append(
          (nil, .error("stage setting '\(label.name)' given twice", at: label.range, kind: .name)))
      }
    }
  }

  /// An image's `src:` (SPEC §21.4): a string written out is read and
  /// decoded before anything runs, any other literal is an error; a value
  /// computed is read when the script runs.
  private mutating func checkImageFile(_ argument: Argument) {
    switch argument.value.kind {
    case .string(let src):
      guard let scriptPath,
        case .failure(let problem) = ImageFiles.load(src, from: scriptPath),
        !problem.isMissingLibrary
      else { return }
      settingErrors.append(
        (nil, .error(problem.message, at: argument.range, hint: problem.hint, kind: .name)))
    case .number, .bool, .tuple, .list:
      settingErrors.append(
        (
          nil,
          .error(
            ImageFiles.notAString, at: argument.range, hint: "src: \"logo.png\"", kind: .name)
        ))
    default:
      return
    }
  }

  /// How many items a tuple literal has.
  private func tupleCount(_ e: Expr) -> Int {
    if case .tuple(let items) = e.kind { return items.count }
    return 0
  }
}
