import AnimEngine
import AnimFiles
import AnimText

// Text views (SPEC §18): `text NAME("…", font:, size:, …)`, their string or
// number, and the layout checked whenever what it depends on is set, so a
// font that cannot be found is an error at the line that names it.

extension Interpreter {
  /// Installs the shaper the engine lays texts out with: AnimText's
  /// fontconfig/HarfBuzz/FreeType, opened on the first text (so a script
  /// without text never loads them).
  static let installTextShaper: Void = {
    TextShaping.install { text, request in
      let font = try FontResolver.font(for: request)
      return shape(TextLayout(text, font: font, size: 1, tracking: 0, align: 0), face: font.face)
    }
  }()

  /// A layout at size 1 in the face named `face` as the engine's shape.
  static func shape(_ layout: TextLayout, face: String) -> TextShape {
    var lines: [TextShape.Line] = []
    var letters: [TextShape.Letter] = []
    for letter in layout.letters {
      while lines.count <= letter.line { lines.append(TextShape.Line(advance: 0, letterCount: 0)) }
      let index = lines[letter.line].letterCount
      letters.append(
        TextShape.Letter(
          text: letter.text, line: letter.line, index: index, x: lines[letter.line].advance,
          advance: letter.width, outline: letter.outline))
      lines[letter.line].advance += letter.width
      lines[letter.line].letterCount += 1
    }
    let lineCount = Int((layout.height / TextLayout.lineSpacing).rounded())
    while lines.count < lineCount { lines.append(TextShape.Line(advance: 0, letterCount: 0)) }
    return TextShape(lines: lines, letters: letters, face: face)
  }

  /// A font name as stored: a path (it has `/` or a font file's extension)
  /// resolved against the script's folder, a family name as given.
  func storedFontName(_ name: String) -> String {
    FontResolver.isPath(name) ? FilePaths.resolve(name, from: file.path) : name
  }

  /// Checks what a text view shows can be laid out (its font found and
  /// read, its digits whole and at most 20, its box finite), else an error
  /// at `range` (naming the text `view`), and writes its box into `state`.
  func checkText(_ state: inout ViewState, at range: SourceRange, name view: String) throws {
    _ = Self.installTextShaper
    let digits = state[.digits]
    guard digits == digits.rounded(), digits <= Double(ShownNumber.maximumDigits) else {
      throw RuntimeError(
        "digits must be a whole number from 0 to \(ShownNumber.maximumDigits), got \(NumberText.format(digits))",
        at: range)
    }
    let length = TextView(state).shown.utf8.count
    guard length <= TextShaping.maximumLength else {
      throw RuntimeError(
        "text too long to lay out: \(length) bytes of UTF-8, at most \(TextShaping.maximumLength)",
        at: range, hint: "split it into several texts")
    }
    do {
      // The record's width and height hold the box as laid out now, for
      // what reads the record directly (drawn bounds); the scene's states
      // give it live (`Scene.state(of:)`).
      let box = try TextView(state).box()
      // SPEC §3: the box is a property; one that overflows is refused here
      // (a motion that takes it there is found where it is read or drawn).
      for (name, side) in [("width", box.width), ("height", box.height)] where !side.isFinite {
        throw RuntimeError(
          "\(view).\(name) would be past the largest number", at: range,
          hint:
            "its size (\(NumberText.format(state[.fontSize]))) and tracking (\(NumberText.format(state[.tracking]))) lay it out larger than any number"
        )
      }
      state[.width] = box.width
      state[.height] = box.height
    } catch let error as TextError {
      let (message, hint) = FontFaces.explained(error)
      throw RuntimeError(message, at: range, hint: hint)
    } catch let error as RuntimeError {
      throw error
    } catch {
      throw RuntimeError("\(error)", at: range)
    }
  }

  /// A text's box is its layout: a run that moves a text's width or height
  /// (`resize`, `tween(width: …)`) is an error at `range` (SPEC §18).
  func checkNoTextResize(_ m: Motion, on views: [ViewID]?, at range: SourceRange) throws {
    // Every run asks: reading every view's kind made a script of many
    // views and runs quadratic.
    guard scene.hasTexts else { return }
    switch m.node {
    case .leaf(let leaf):
      guard leaf.changes.contains(where: { $0.property == .width || $0.property == .height })
      else { return }
      for id in views ?? [clock.defaultView] where scene.kind(of: id) == .text {
        throw RuntimeError(
          "cannot resize text '\(scene.name(of: id))': a text's width and height are its laid-out text",
          at: range, hint: "animate its size (the font size) or tracking instead")
      }
    case .sequence(let parts), .parallel(let parts):
      for part in parts { try checkNoTextResize(part, on: views, at: range) }
    case .repeating(let inner, _), .reversed(let inner), .yoyo(let inner), .speed(let inner, _),
      .eased(let inner, _), .prepared(let inner, _):
      try checkNoTextResize(inner, on: views, at: range)
    case .bound(let inner, let bound):
      // An inner binding wins over an outer one.
      try checkNoTextResize(inner, on: bound, at: range)
    }
  }
}
