import AnimEngine
import AnimFiles
import AnimText

/// A text's box is its layout (SPEC §18): `width:`/`height:` set on a text,
/// or a motion that resizes one (`resize`, `tween(width: …)`) bound to it,
/// is an error the text already shows when the name can only be a text.
/// Names bound any other way (a `let`, a parameter, a view of another kind
/// declared under the same name) are left to the run-time check.
extension NameChecker {
  /// The names that are texts wherever the script uses them: declared as
  /// `text` and bound no other way.
  var staticTexts: Set<String> { textNames.subtracting(otherNames) }

  /// `t.width = …` or `t.height = …` on a text.
  mutating func checkTextAssignment(_ target: Expr) {
    guard case .member(let base, let name) = target.kind, case .identifier(let view) = base.kind,
      name.name == "width" || name.name == "height", staticTexts.contains(view)
    else { return }
    settingErrors.append(
      (
        nil,
        .error(
          "a text's \(name.name) is its laid-out text and cannot be set", at: target.range,
          hint: "change its size (the font size), tracking or text", kind: .name)
      ))
  }

  /// `t.font = "…"` on a text: the font checked as a declaration's is.
  mutating func checkFontAssignment(_ target: Expr, _ value: Expr) {
    guard case .member(let base, let name) = target.kind, case .identifier(let view) = base.kind,
      name.name == "font", staticTexts.contains(view)
    else { return }
    checkFont(value)
  }

  /// A font the text names as a string (`font: "x.ttf"`): a path that is
  /// missing, not a regular file (a FIFO would block the run that opens it)
  /// or too large, or a family fontconfig does not have, is the error the
  /// text would throw when run (SPEC §18, §23.3). True when one was found.
  @discardableResult
  mutating func checkFont(_ value: Expr) -> Bool {
    guard let scriptPath, case .string(let name) = value.kind else { return false }
    let lower = name.lowercased()
    let isPath =
      name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
      || lower.hasSuffix(".ttc")
    let stored = isPath ? FilePaths.resolve(name, from: scriptPath) : name
    guard let problem = FontResolver.problem(named: stored) else { return false }
    settingErrors.append(
      (nil, .error(problem.message, at: value.range, hint: problem.hint, kind: .name)))
    return true
  }

  /// A motion bound to `target` (`m on t`, `on: t`): an error when the
  /// target is a text and the motion resizes it.
  mutating func checkTextResize(_ motion: Expr, on target: Expr) {
    guard case .identifier(let view) = target.kind, staticTexts.contains(view),
      let resizing = Self.resizingCall(in: motion)
    else { return }
    settingErrors.append(
      (
        nil,
        .error(
          "cannot resize text '\(view)': a text's width and height are its laid-out text",
          at: resizing.range, hint: "animate its size (the font size) or tracking instead",
          kind: .name)
      ))
  }

  /// The first call in `motion` that moves a view's width or height
  /// (`resize`, `tween`/`spring` with `width:` or `height:`), looking
  /// through combinations and wrappers but not into an inner binding.
  static func resizingCall(in motion: Expr) -> Expr? {
    switch motion.kind {
    case .call(let callee, let arguments):
      if case .identifier(let name) = callee.kind {
        if name == "resize" { return motion }
        if name == "tween" || name == "spring",
          arguments.contains(where: { $0.label?.name == "width" || $0.label?.name == "height" })
        {
          return motion
        }
      }
      if arguments.contains(where: { $0.label?.name == "on" }) { return nil }
      for argument in arguments where argument.label == nil {
        if let found = resizingCall(in: argument.value) { return found }
      }
      return nil
    case .binary(.on, _, _):
      return nil
    case .binary(_, let left, let right):
      return resizingCall(in: left) ?? resizingCall(in: right)
    case .chain(_, let operands):
      for operand in operands {
        if let found = resizingCall(in: operand) { return found }
      }
      return nil
    default:
      return nil
    }
  }
}
