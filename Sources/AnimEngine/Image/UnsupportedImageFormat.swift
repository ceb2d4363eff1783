/// The formats anim does not read, named from a file's first bytes so that
/// an error can say what the file is (an asset labelled `image/jpeg` that
/// holds AVIF, a WebP beside a script), not only what it is not.
public enum UnsupportedImageFormat {
  /// "AVIF", "HEIC", "HEIF", "WebP", "GIF", "BMP", "TIFF" or "an MP4
  /// video" when `bytes` start with that format's signature; nil for
  /// anything else.
  public static func name(of bytes: [UInt8]) -> String? {
    func at(_ offset: Int, _ text: String) -> Bool {
      let signature = Array(text.utf8)
      return bytes.count >= offset + signature.count
        && bytes[offset..<(offset + signature.count)].elementsEqual(signature)
    }
    // ISO base media files: a box `ftyp` at byte 4, then the brand.
    if at(4, "ftypavif") || at(4, "ftypavis") { return "AVIF" }
    if at(4, "ftypheic") || at(4, "ftypheix") { return "HEIC" }
    // (The brand of any HEIF, AVIF included, when the file names no other.)
    if at(4, "ftypmif1") { return "HEIF" }
    // A video in the same boxes (dotlottie-js' `video-embedded` asset).
    if ["isom", "iso2", "mp41", "mp42", "avc1", "M4V "].contains(where: { at(4, "ftyp" + $0) }) {
      return "an MP4 video"
    }
    if at(0, "RIFF") && at(8, "WEBP") { return "WebP" }
    if at(0, "GIF87a") || at(0, "GIF89a") { return "GIF" }
    // A bitmap: "BM", then at byte 14 the size of its second header, one
    // of the sizes Windows and OS/2 have written.
    if at(0, "BM") && bytes.count >= 18 && [12, 40, 52, 56, 64, 108, 124].contains(bytes[14])
      && bytes[15..<18].allSatisfy({ $0 == 0 })
    {
      return "BMP"
    }
    if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    {
      return "TIFF"
    }
    return nil
  }

  /// " (it is AVIF)" for a format named by ``name(of:)``, else "".
  public static func clause(for bytes: [UInt8]) -> String {
    name(of: bytes).map { " (it is \($0))" } ?? ""
  }
}
