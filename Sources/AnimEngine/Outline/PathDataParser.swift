/// Reads SVG 1.1 path data (the `d` attribute) into an ``Outline``.
///
/// Every command (M L H V C S Q T A Z, absolute and relative), implicit
/// repeated commands (extra pairs after a moveto are linetos), numbers exactly
/// as SVG 1.1's grammar writes them (`1.5.5` is 1.5 then .5, `-.5`, `1e-3`;
/// an exponent needs digits), arc flags as one `0` or `1` with no separator
/// needed, several subpaths. Arcs become cubics of at most 90° each
/// (``ArcConversion``); quadratics are elevated exactly to cubics. Unlike a
/// browser, which draws up to the first error, any error rejects the whole
/// text: a designer's path with a typo is reported, not half drawn.
public enum PathDataParser {
  /// The outline of `text`, or the error at its first bad character. Empty
  /// path data (or only white space) is an error: a shape needs an outline.
  /// A text read before is not read again (``PathDataMemo``).
  public static func parse(_ text: String) throws(PathDataError) -> Outline {
    if let outline = PathDataMemo.outline(of: text) { return outline }
    var reader = Reader(Array(text.unicodeScalars))
    let outline = try reader.parse()
    PathDataMemo.keep(outline, for: text)
    return outline
  }

  private struct Reader {
    let chars: [Unicode.Scalar]
    var index = 0
    var subpaths: [Subpath] = []
    var start = OutlinePoint.zero
    var segments: [CubicSegment] = []
    var current = OutlinePoint.zero
    var open = false
    /// The reflection point for S (after C/S) or T (after Q/T).
    var lastCubicControl: OutlinePoint?
    var lastQuadraticControl: OutlinePoint?
    /// The last separator was a comma: another number must follow (SVG's
    /// grammar allows no comma before a command letter or the end).
    var commaPending = false

    init(_ chars: [Unicode.Scalar]) { self.chars = chars }

    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }

    func error(_ expected: String) -> PathDataError {
      PathDataError(offset: index, expected: expected, found: peek.map { Character($0) })
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
      c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    mutating func skipSpaces() {
      while let c = peek, Self.isSpace(c) { index += 1 }
    }

    /// comma-wsp?: white space, at most one comma, white space.
    mutating func skipSeparator() {
      skipSpaces()
      commaPending = false
      if peek == "," {
        index += 1
        commaPending = true
        skipSpaces()
      }
    }

    /// Whether a number can start here (after separators were skipped).
    var atNumber: Bool {
      guard let c = peek else { return false }
      return Self.isDigit(c) || c == "." || c == "-" || c == "+"
    }

    /// number: sign? (digits ("." digits?)? | "." digits) exponent?
    mutating func number() throws(PathDataError) -> Double {
      let begin = index
      if let c = peek, c == "-" || c == "+" { index += 1 }
      var digits = 0
      while let c = peek, Self.isDigit(c) {
        index += 1
        digits += 1
      }
      if peek == "." {
        index += 1
        while let c = peek, Self.isDigit(c) {
          index += 1
          digits += 1
        }
      }
      if digits == 0 {
        throw error("a number")
      }
      if let c = peek, c == "e" || c == "E" {
        index += 1
        if let s = peek, s == "-" || s == "+" { index += 1 }
        var exponentDigits = 0
        while let d = peek, Self.isDigit(d) {
          index += 1
          exponentDigits += 1
        }
        if exponentDigits == 0 { throw error("the digits of an exponent") }
      }
      guard let value = Self.value(of: chars[begin..<index]), value.isFinite else {
        index = begin
        throw error("a number within ±1.8e308")
      }
      return value
    }

    /// The number `text` writes (ASCII: signs, digits, a point, `e` or
    /// `E`), read as `Double(String)` reads it; the characters are copied
    /// into a buffer once rather than appended to a string one by one (the
    /// larger part of reading a long path's numbers).
    static func value(of text: ArraySlice<Unicode.Scalar>) -> Double? {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { bytes in
        for (i, c) in zip(bytes.indices, text) { bytes[i] = UInt8(truncatingIfNeeded: c.value) }
        return Double(String(decoding: bytes, as: UTF8.self))
      }
    }

    /// A number, then an optional separator.
    mutating func argument() throws(PathDataError) -> Double {
      let value = try number()
      skipSeparator()
      return value
    }

    mutating func pair() throws(PathDataError) -> OutlinePoint {
      let x = try argument()
      let y = try argument()
      return OutlinePoint(x, y)
    }

    /// flag: "0" | "1", then an optional separator.
    mutating func flag() throws(PathDataError) -> Bool {
      guard let c = peek, c == "0" || c == "1" else { throw error("an arc flag (0 or 1)") }
      index += 1
      skipSeparator()
      return c == "1"
    }

    mutating func append(_ segment: CubicSegment) {
      segments.append(segment)
      current = segment.end
    }

    mutating func finishSubpath(closed: Bool) {
      // A subpath with no segment left (a lone moveto, or only zero-length
      // segments) draws nothing, and is not kept: it would count as a
      // subpath for morphing but have no length, bounds or vertices to use.
      if open {
        let subpath = Subpath(start: start, segments: segments, isClosed: closed)
        if !subpath.segments.isEmpty { subpaths.append(subpath) }
      }
      segments = []
      open = false
    }

    mutating func parse() throws(PathDataError) -> Outline {
      skipSpaces()
      guard let first = peek else { throw error("a moveto command (M or m)") }
      guard first == "M" || first == "m" else { throw error("a moveto command (M or m)") }
      var afterClose = false
      while let c = peek {
        let command = c
        let relative = command.properties.isLowercase
        index += 1
        skipSpaces()
        let base = current
        switch command {
        case "M", "m":
          finishSubpath(closed: false)
          let p = try pair()
          start = relative ? base + p : p
          current = start
          guard start.x.isFinite && start.y.isFinite else {
            throw error("coordinates whose sum stays within ±1.8e308")
          }
          open = true
          lastCubicControl = nil
          lastQuadraticControl = nil
          // Further pairs are implicit linetos.
          while atNumber {
            let q = try pair()
            append(.line(from: current, to: relative ? current + q : q))
          }
        case "Z", "z":
          // Z right after Z finds the subpath already closed: nothing to do.
          if open { finishSubpath(closed: true) }
          current = start
          afterClose = true
          lastCubicControl = nil
          lastQuadraticControl = nil
          continue
        case "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a":
          if afterClose && !open {
            // A drawing command after Z starts a new subpath at the closed one's start.
            open = true
          }
          repeat {
            let argumentsStart = index
            try drawing(command, relative: relative)
            // Relative coordinates add up: a sum past the largest double
            // would draw nothing anywhere, so it is an error at its arguments.
            guard current.x.isFinite && current.y.isFinite else {
              index = argumentsStart
              throw error("coordinates whose sum stays within ±1.8e308")
            }
          } while atNumber
        default:
          index -= 1
          throw error("a path command (M L H V C S Q T A Z, or m l h v c s q t a z)")
        }
        afterClose = false
        if commaPending { throw error("a number after ','") }
        if let c = peek, !Self.isLetter(c) {
          throw error("a number or a path command")
        }
      }
      finishSubpath(closed: false)
      return Outline(subpaths)
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
      (c >= "a" && c <= "z") || (c >= "A" && c <= "Z")
    }

    /// One set of arguments of a drawing command.
    mutating func drawing(_ command: Unicode.Scalar, relative: Bool) throws(PathDataError) {
      let base = current
      func at(_ p: OutlinePoint) -> OutlinePoint { relative ? base + p : p }
      var cubicControl: OutlinePoint?
      var quadraticControl: OutlinePoint?
      switch command {
      case "L", "l":
        append(.line(from: current, to: at(try pair())))
      case "H", "h":
        let x = try argument()
        append(.line(from: current, to: OutlinePoint(relative ? base.x + x : x, base.y)))
      case "V", "v":
        let y = try argument()
        append(.line(from: current, to: OutlinePoint(base.x, relative ? base.y + y : y)))
      case "C", "c":
        let c1 = at(try pair())
        let c2 = at(try pair())
        let end = at(try pair())
        append(CubicSegment(c1, c2, end))
        cubicControl = c2
      case "S", "s":
        let c1 = lastCubicControl.map { 2 * base - $0 } ?? base
        let c2 = at(try pair())
        let end = at(try pair())
        append(CubicSegment(c1, c2, end))
        cubicControl = c2
      case "Q", "q":
        let q = at(try pair())
        let end = at(try pair())
        append(Self.quadratic(from: base, control: q, to: end))
        quadraticControl = q
      case "T", "t":
        let q = lastQuadraticControl.map { 2 * base - $0 } ?? base
        let end = at(try pair())
        append(Self.quadratic(from: base, control: q, to: end))
        quadraticControl = q
      default:  // "A", "a"
        let rx = try argument()
        let ry = try argument()
        let rotation = try argument()
        let largeArc = try flag()
        let sweep = try flag()
        let end = at(try pair())
        for segment in ArcConversion.cubics(
          from: base, to: end, radii: OutlinePoint(rx, ry), rotation: rotation,
          largeArc: largeArc, sweep: sweep)
        {
          append(segment)
        }
        current = end
      }
      lastCubicControl = cubicControl
      lastQuadraticControl = quadraticControl
    }

    /// The quadratic from `a` through control `q` to `b`, raised exactly to a
    /// cubic: controls at a + ⅔(q − a) and b + ⅔(q − b).
    static func quadratic(from a: OutlinePoint, control q: OutlinePoint, to b: OutlinePoint)
      -> CubicSegment
    {
      CubicSegment(a + 2 * (q - a) / 3, b + 2 * (q - b) / 3, b)
    }
  }
}
