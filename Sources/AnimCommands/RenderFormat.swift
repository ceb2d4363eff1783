/// What `anim render -o OUT` writes, picked by OUT's extension (SPEC §12.3).
enum RenderFormat: Equatable {
  /// One frame, RGBA 8-bit.
  case png
  /// One frame as an SVG document.
  case svg
  /// Every frame as PNG files named by a printf pattern (`dir/f%05d.png`).
  case pattern
  case gif, apng, mp4, webm
  /// The mix of the script's sounds alone (SPEC §22), no frames.
  case wav

  /// The formats, for messages.
  static let list =
    ".png, .svg, a pattern such as frames/f%05d.png, .gif, .apng, .mp4, .webm or .wav"

  /// Whether the format holds one frame.
  var isSingleImage: Bool { self == .png || self == .svg }

  /// Whether ffmpeg encodes it.
  var needsFFmpeg: Bool { [.gif, .apng, .mp4, .webm].contains(self) }

  /// Whether it carries the script's sound (SPEC §22): MP4 and WebM as an
  /// audio track, WAV alone; the others ignore it.
  var carriesSound: Bool { [.mp4, .webm, .wav].contains(self) }

  /// The format `path` names; a usage error for an unknown extension or a
  /// bad pattern.
  static func of(_ path: String) throws(UsageError) -> RenderFormat {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let dot = name.lastIndex(of: ".")
    let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
    let directives = FramePattern.directives(in: path)
    if directives != 0 {
      guard ext == "png" else {
        throw UsageError(
          "cannot write '\(path)': a frame pattern must end in .png (such as frames/f%05d.png)")
      }
      guard directives == 1, FramePattern(path) != nil else {
        throw UsageError(
          "cannot write '\(path)': a frame pattern needs exactly one %d directive (such as %05d); write %% for a literal %"
        )
      }
      return .pattern
    }
    switch ext {
    case "png": return .png
    case "svg": return .svg
    case "gif": return .gif
    case "apng": return .apng
    case "mp4": return .mp4
    case "webm": return .webm
    case "wav": return .wav
    default:
      let what = ext.isEmpty ? "it has no extension" : "unknown format '.\(ext)'"
      throw UsageError("cannot write '\(path)': \(what); use \(list)")
    }
  }
}

/// A printf pattern with one `%d` directive (`%d`, `%5d`, `%05d`) naming
/// frame files; `%%` is a literal `%`.
struct FramePattern {
  private let prefix: String
  private let suffix: String
  private let width: Int
  private let zeroPadded: Bool

  /// Most digits a directive may ask for.
  static let maximumWidth = 32

  /// The pattern `text`, or nil unless it holds exactly one valid directive.
  init?(_ text: String) {
    var prefix = ""
    var suffix = ""
    var found: (Int, Bool)?
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
      guard c == "%" else {
        if found == nil { prefix.append(c) } else { suffix.append(c) }
        continue
      }
      if chars.first == "%" {
        chars.removeFirst()
        if found == nil { prefix.append("%") } else { suffix.append("%") }
        continue
      }
      guard found == nil else { return nil }
      var digits = ""
      while let d = chars.first, d.isASCII, d.isNumber {
        digits.append(d)
        chars.removeFirst()
      }
      guard chars.popFirst() == "d" else { return nil }
      let zero = digits.hasPrefix("0")
      guard let width = digits.isEmpty ? 0 : Int(digits), width <= Self.maximumWidth else {
        return nil
      }
      found = (width, zero)
    }
    guard let (width, zero) = found else { return nil }
    self.prefix = prefix
    self.suffix = suffix
    self.width = width
    self.zeroPadded = zero
  }

  /// Counts `%` directives in `text` (a `%%` is not one).
  static func directives(in text: String) -> Int {
    var count = 0
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
      guard c == "%" else { continue }
      if chars.first == "%" {
        chars.removeFirst()
      } else {
        count += 1
      }
    }
    return count
  }

  /// The file name of frame `k`.
  func path(_ k: Int) -> String {
    let digits = String(k)
    let pad = max(0, width - digits.count)
    return prefix + String(repeating: zeroPadded ? "0" : " ", count: pad) + digits + suffix
  }
}
