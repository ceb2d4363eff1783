import CText

/// fontconfig, FreeType and HarfBuzz, loaded the first time a script lays
/// out a text, never at start-up (see CLibraryLoader): a script without text
/// runs without them.
public enum TextLibraries {
  /// Loads the three libraries; an error naming the missing one and its
  /// Debian package. Cheap after the first call.
  public static func load() throws(TextError) {
    var package: UnsafePointer<CChar>? = nil
    if let reason = anim_text_load(&package) {
      let name = package.map { String(cString: $0) } ?? "the text libraries"
      throw TextError(
        "cannot draw text: \(String(cString: reason))", hint: "install it: apt-get install \(name)",
        isMissingLibrary: true)
    }
  }
}
