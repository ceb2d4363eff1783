import AnimEngine

// SPEC §3: no infinity or NaN reaches a script. Property values are finite
// by construction, but some numbers a script reads are made of several: a
// text's width and height (its advances times its size, plus its tracking
// per letter), a child's `worldX`, `worldY` and `worldRotation` (its
// parents' transforms composed). Those can overflow; reading one is then a
// runtime error naming the view and the property (issue 32), never `inf`.

extension Interpreter {
  /// `value`, read as `view.name`, when every number in it is finite; else
  /// the error that names them.
  func finiteRead(_ value: Value, of id: ViewID, _ name: String, at range: SourceRange) throws
    -> Value
  {
    switch value {
    case .number(let v) where !v.isFinite:
      throw overflow(of: id, name, at: range)
    case .point(let x, let y) where !x.isFinite || !y.isFinite:
      throw overflow(of: id, name, at: range)
    default:
      return value
    }
  }

  /// Checks that every view `value` shows when printed (a view, or views in
  /// a list) has finite numbers: `print t` lists its width.
  func checkPrintable(_ value: Value, at range: SourceRange) throws {
    switch value {
    case .view(let id):
      let state = scene.state(of: id)
      for property in scene.kind(of: id).properties()
      where property.declaration.type == .number && !state[property].isFinite {
        throw overflow(of: id, property.name, at: range)
      }
    case .list(let items):
      for item in items { try checkPrintable(item, at: range) }
    default:
      return
    }
  }

  /// `t.width is past the largest number`, with what made it so.
  func overflow(of id: ViewID, _ name: String, at range: SourceRange) -> RuntimeError {
    let view = scene.name(of: id)
    let hint: String
    switch name {
    case "width", "height", "size", "position":
      let state = scene.state(of: id)
      hint =
        "its laid-out text is larger than any number: size \(NumberText.format(state[.fontSize])), tracking \(NumberText.format(state[.tracking]))"
    default:
      hint =
        "it combines the view's own values with its parents' (each finite), past the largest number"
    }
    return RuntimeError("\(view).\(name) is past the largest number", at: range, hint: hint)
  }
}
