import CCairo
import CPNG

/// Cairo and libpng, loaded on first use rather than at start-up, so that a
/// script that draws nothing starts without them (see CLibraryLoader).
public enum GraphicsLibraries {
  /// Loads libpng, then Cairo (which needs libpng); an error naming the
  /// Debian package when one cannot be loaded. Cheap after the first call.
  public static func load() throws(RenderError) {
    if let reason = anim_png_load() {
      throw .missingLibrary(
        "libpng16.so.16", package: "libpng16-16", reason: String(cString: reason))
    }
    if let reason = anim_cairo_load() {
      throw .missingLibrary("libcairo.so.2", package: "libcairo2", reason: String(cString: reason))
    }
  }
}
