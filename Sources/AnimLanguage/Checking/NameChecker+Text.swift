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
  func isStaticText(_ name: String) -> Bool {
    names[name].map { $0.contains(.text) && !$0.contains(.other) } ?? false
  }

  /// `t.width = …` or `t.height = …` on a text.
  mutating func checkTextAssignment(_ target: Expr) {
    guard case .member(let base, let name) = target.kind, case .identifier(let view) = base.kind,
      name.name == "width" || name.name == "height", isStaticText(view)
    else { return }
    settingErrors.append(
      (
        nil,
        .error(
          "a text's \(name.name) is its laid-out text and cannot be set", at: target.range,
          hint: "change its size (the font size), tracking or text", kind: .name)
      ))
  }

  /// A motion bound to `target` (`m on t`, `on: t`): an error when the
  /// target is a text and the motion resizes it.
  mutating func checkTextResize(_ motion: Expr, on target: Expr) {
    guard case .identifier(let view) = target.kind, isStaticText(view),
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

  /// A text's font the script writes out (`font: "DejaVu Sanz"`,
  /// `t.font = "…"`): a family fontconfig does not have is an error before
  /// anything runs (SPEC §21.5), worded as when it runs (a weight out of
  /// range is found as every property's range is, `checkAssignedRange`). A font file's path that is missing, not a
  /// regular file (a FIFO would block the run that opens it) or too large
  /// is one too (SPEC §18, issue 32), found relative to the script's folder
  /// as the interpreter finds it.
  mutating func checkFontSetting(_ name: String, _ value: Expr, at range: SourceRange) {
    if name == Property.font.name, case .string(let font) = value.kind,
      FontResolver.isPath(font)
    {
      guard let scriptPath,
        let problem = FontResolver.pathProblem(
          FilePaths.resolve(font, from: scriptPath), named: font)
      else { return }
      settingErrors.append(
        (nil, .error(problem.message, at: range, hint: problem.hint, kind: .name)))
    } else if name == Property.font.name, case .string(let family) = value.kind,
      missingFamilies < Program.maximumErrors
    {
      guard let (message, hint) = FontFaces.familyProblem(family) else { return }
      missingFamilies += 1
      settingErrors.append((nil, .error(message, at: range, hint: hint, kind: .name)))
    }
  }

  /// `t.font = …` or `t.weight = …` on a text.
  mutating func checkFontAssignment(_ target: Expr, _ value: Expr) {
    guard case .member(let base, let name) = target.kind, case .identifier(let view) = base.kind,
      isStaticText(view)
    else { return }
    checkFontSetting(name.name, value, at: target.range)
  }
}

/// SPEC §22: a run of a play has no target, so `play(…) on v` is an error
/// the text already shows (unless the script defines its own `play`).
extension NameChecker {
  mutating func checkPlayTarget(_ motion: Expr) {
    guard case .call(let callee, _) = motion.kind, case .identifier("play") = callee.kind else {
      return
    }
    settingErrors.append(
      (
        "play",
        .error(
          "a play has no target: it plays a sound, not a view", at: motion.range,
          hint: "run it without 'on': run play(…)", kind: .name)
      ))
  }
}
