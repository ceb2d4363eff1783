/// A name made safe to be a file's name in any folder: each character
/// outside `[A-Za-z0-9_-]` as `_`, at most 64 of them (an imported image's
/// `SCRIPT_ID.png`, a dotLottie's `a/ID.json`).
public enum FileSafeName {
  /// `name` made safe, or `fallback` when it is empty.
  public static func of(_ name: String, or fallback: String) -> String {
    let safe = name.unicodeScalars.prefix(64).map { c -> Character in
      c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
        ? Character(c) : "_"
    }
    return safe.isEmpty ? fallback : String(safe)
  }
}
