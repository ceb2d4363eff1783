import AnimEngine

extension Interpreter {
  /// The settings `stage(...)` takes (SPEC §12.2).
  static let stageSettings = ["width", "height", "origin", "background"]

  /// `stage(width: W, height: H, origin: (x, y), background: C)`: fixes the
  /// region a renderer draws. Every setting is optional, but width and height
  /// go together; a later `stage` replaces an earlier one entirely, so the
  /// stage a render uses is the last one the script ran.
  func setStage(_ arguments: [Argument], in env: Environment, at range: SourceRange) throws {
    var stage = StageSettings()
    var width: Double?
    var height: Double?
    var seen: Set<String> = []
    for argument in arguments {
      guard let label = argument.label else {
        throw RuntimeError("stage settings need labels, such as width: 400", at: argument.range)
      }
      guard seen.insert(label.name).inserted else {
        throw RuntimeError("stage setting '\(label.name)' given twice", at: label.range)
      }
      let item = Arguments.Item(
        label: label.name, value: try evaluate(argument.value, in: env), range: argument.range)
      switch label.name {
      case "width": width = try stageLength(item)
      case "height": height = try stageLength(item)
      case "origin": stage.origin = try item.point("stage origin")
      case "background": stage.background = try color(item)
      default:
        let hint = Spelling.closest(to: label.name, among: Self.stageSettings)
        throw RuntimeError(
          "stage has no setting '\(label.name)'", at: label.range,
          hint: hint.map { "did you mean '\($0)'?" })
      }
    }
    switch (width, height) {
    case (let w?, let h?): stage.size = (w, h)
    case (nil, nil): break
    default:
      throw RuntimeError(
        "stage needs both width and height, or neither", at: range,
        hint: "without them the stage is fitted to the views every frame draws")
    }
    scene.stage = stage
  }

  private func stageLength(_ item: Arguments.Item) throws -> Double {
    let what = "stage \(item.label ?? "")"
    guard case .number(let v) = item.value else {
      throw RuntimeError("\(what) must be a number, not \(item.value.typeName)", at: item.range)
    }
    guard v.isFinite, v > 0 else {
      throw RuntimeError(
        "\(what) must be a finite number of points > 0, not \(NumberText.format(v))",
        at: item.range)
    }
    return v
  }
}
