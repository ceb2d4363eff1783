import AnimEngine

/// Bad geometry at a declaration (SPEC §16.1): the message and hint for a
/// polygon's `sides`, a star's `points` and `innerRadius`, a shape's path
/// data and viewBox. The name checker reports them before anything runs
/// when the text shows the value (exit 65); the interpreter reports the same
/// error for a value it computes (exit 70).
enum GeometrySettings {
  /// Why `value` cannot be the number `label` of a view of `kind`, or nil.
  static func problem(number label: String, _ value: Double, kind: ViewKind) -> (
    message: String, hint: String
  )? {
    switch (kind.outline, label) {
    case (.polygon, "sides"):
      return Outline.validatePolygon(sides: value).map {
        ($0.message, "a polygon has at least 3 sides: polygon p(sides: 3) is a triangle")
      }
    case (.star, "points"):
      return Outline.validateStar(points: value, innerRadius: 0.5).map {
        ($0.message, "a star has at least 3 points: star s(points: 5) has five")
      }
    case (.star, "innerRadius"):
      return Outline.validateStar(points: 5, innerRadius: value).map {
        (
          $0.message,
          "innerRadius is the inner vertices' fraction of the outer ellipse: 0.5 is halfway, 1 a polygon"
        )
      }
    default:
      return nil
    }
  }

  /// Why `text` is not SVG path data, naming the offset of the first bad
  /// character, or nil.
  static func problem(pathData text: String) -> (message: String, hint: String)? {
    do {
      _ = try PathDataParser.parse(text)
      return nil
    } catch {
      return problem(error, in: text)
    }
  }

  /// The message and hint of `error`, met parsing `text` as path data.
  static func problem(_ error: PathDataError, in text: String) -> (message: String, hint: String) {
    let shown = String(text.prefix(error.offset))
    return (
      error.description,
      "offsets count characters from 0; the path data reads well up to \"\(shown)\""
    )
  }

  /// Why `(x, y, width, height)` is not a viewBox, or nil.
  static func problem(viewBox n: [Double]) -> (message: String, hint: String)? {
    do {
      _ = try ViewBox(x: n[0], y: n[1], width: n[2], height: n[3])
      return nil
    } catch {
      return (error.message, "a viewBox is (x, y, width, height) with a size > 0: (0, 0, 24, 24)")
    }
  }
}
