import AnimEngine
import CCairo
import CImage
import CPNG

/// libpng, libjpeg-turbo, librsvg and Cairo, each loaded the first time an
/// image of its kind is read or drawn, never at start-up (see
/// CLibraryLoader): a script without images runs without them.
public enum ImageLibraries {
  /// Loads what reads `format`: libpng for PNG, libturbojpeg for JPEG,
  /// librsvg for SVG. An error naming the missing library's Debian package.
  public static func load(for format: ImageSource.Format) throws(ImageError) {
    switch format {
    case .png:
      try check(anim_png_load(), "libpng16.so.16", package: "libpng16-16")
    case .jpeg:
      try check(anim_jpeg_load(), "libturbojpeg.so.0", package: "libturbojpeg0")
    case .svg:
      try check(anim_svg_load(), "librsvg-2.so.2", package: "librsvg2-2")
    }
  }

  /// Loads Cairo (and libpng, which it needs), for drawing an SVG into pixels.
  public static func loadCairo() throws(ImageError) {
    try check(anim_png_load(), "libpng16.so.16", package: "libpng16-16")
    try check(anim_cairo_load(), "libcairo.so.2", package: "libcairo2")
  }

  private static func check(_ reason: UnsafePointer<CChar>?, _ name: String, package: String)
    throws(ImageError)
  {
    guard let reason else { return }
    throw ImageError(
      "cannot read images: \(name) cannot be loaded (\(String(cString: reason)))",
      hint: "install it: apt-get install \(package)", isMissingLibrary: true)
  }
}
