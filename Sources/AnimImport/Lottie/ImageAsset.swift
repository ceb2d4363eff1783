import AnimEngine

/// An image asset as the import writes it (SPEC §21.4, §25, docs/spec.md):
/// a file beside the script, named `PREFIX_ID.EXT` (the script's name, the
/// asset's id made a valid file name), that the script's `image` view reads.
/// Embedded assets (`data:image/png;base64,…`) are decoded here; an
/// external one (`u` + `p`, a path relative to the Lottie file) is named
/// here and copied by the CLI, which alone reads and writes files.
public struct ImportedImage: Sendable, Equatable {
  /// What the file holds.
  public enum Content: Sendable, Equatable {
    /// The decoded bytes of an embedded image.
    case bytes([UInt8])
    /// A path relative to the Lottie file's folder: no `..`, not absolute.
    case file(String)
  }

  /// The file's name beside the script (no folder).
  public var name: String
  public var content: Content
  /// The asset's JSON Pointer, for errors about the file.
  public var pointer: String

  /// Whether it is a font file (a dotLottie text's), not an image.
  public var isFont: Bool { name.hasSuffix(".ttf") || name.hasSuffix(".otf") }
}

extension ImportedImage {
  /// What keeps a WebP image from being converted: a header that cannot be
  /// read, an animation, more than anim's 64 megapixels.
  public static func checkWebP(_ bytes: [UInt8], pointer: String) throws(ImportError) {
    guard let header = WebPHeader.size(of: bytes) else {
      throw ImportError(pointer, "the WebP image's header cannot be read")
    }
    guard !header.animated else {
      throw ImportError(pointer, "the WebP image is animated (anim reads still images)")
    }
    guard header.width * header.height <= maximumWebPPixels else {
      throw ImportError(
        pointer,
        "the WebP image is \(header.width) × \(header.height) pixels, more than the limit of 64 megapixels"
      )
    }
  }

  /// The most pixels of a WebP image converted (anim's image limit).
  static let maximumWebPPixels = 64_000_000
}

/// Reads an asset's `u` and `p` into what the import writes.
enum ImageAssetReader {
  /// The largest decoded embedded image (anim's image limit, SPEC §21.4).
  static let maximumBytes = 100_000_000

  /// The image of `asset` to be written as `PREFIX_ID.EXT`; from
  /// `archive` when the file came in a dotLottie one (`budget`: what may
  /// still be extracted from it).
  static func read(
    _ asset: Composition.Image, id: String, prefix: String, archive: DotLottie? = nil,
    budget: inout Int
  ) throws(ImportError) -> ImportedImage {
    let pointer = asset.ref.pointer + "/p"
    let stem = prefix + "_" + fileSafe(id)
    if asset.path.hasPrefix("data:") {
      let bytes = try decodeDataURI(asset.path, pointer: pointer)
      return ImportedImage(
        name: stem + "." + (try kind(bytes, pointer: pointer)), content: .bytes(bytes),
        pointer: pointer)
    }
    if let archive {
      // In a dotLottie file even `e: 1` names a file of the archive.
      let bytes: [UInt8]?
      do {
        bytes = try archive.image(folder: asset.folder, path: asset.path, budget: &budget)
      } catch {
        throw ImportError(pointer, error.message)
      }
      guard let bytes else {
        throw ImportError(
          pointer,
          "the image '\(printable(asset.folder + asset.path))' is not in the dotLottie archive")
      }
      return ImportedImage(
        name: stem + "." + (try kind(bytes, pointer: pointer)), content: .bytes(bytes),
        pointer: pointer)
    }
    // `e: 1` with a plain name (lottie-docs' examples, lottie-ios' `dog`) is
    // a file too, as ThorVG, lottie-web and lottie-ios read it.
    let relative = try safeRelative(asset.folder, asset.path, pointer: pointer)
    let ext = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
    // A WebP file is converted to PNG as it is copied.
    let known = ["png": "png", "jpg": "jpg", "jpeg": "jpg", "svg": "svg", "webp": "png"][ext]
    guard let known else {
      throw ImportError(
        pointer, "the image '\(relative)' is not a PNG, JPEG, SVG or WebP file by its name")
    }
    return ImportedImage(name: stem + "." + known, content: .file(relative), pointer: pointer)
  }

  /// `id` with each character outside `[A-Za-z0-9_-]` as `_` (at most 64).
  static func fileSafe(_ id: String) -> String { FileSafeName.of(id, or: "image") }

  /// `folder` + `path` as one relative path, refused when it could leave
  /// the Lottie file's folder (absolute, `..`, a URL, a NUL).
  static func safeRelative(_ folder: String, _ path: String, pointer: String)
    throws(ImportError) -> String
  {
    let joined =
      folder.isEmpty ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    if joined.contains("://") {
      throw ImportError(pointer, "the image '\(joined)' is a URL: the import reads only files")
    }
    if joined.hasPrefix("/") || joined.contains("\\") || joined.contains("\u{0}") {
      throw ImportError(
        pointer,
        "the image path '\(printable(joined))' is not a relative path inside the Lottie file's folder"
      )
    }
    let parts = joined.split(separator: "/", omittingEmptySubsequences: true)
    if parts.contains("..") || parts.isEmpty {
      throw ImportError(
        pointer, "the image path '\(printable(joined))' leaves the Lottie file's folder ('..')")
    }
    return parts.filter { $0 != "." }.joined(separator: "/")
  }

  private static func printable(_ s: String) -> String {
    String(s.unicodeScalars.prefix(200).map { $0.value < 32 ? "?" : Character($0) })
  }

  /// The bytes of `data:[type][;base64],DATA`: a PNG, JPEG, SVG or WebP
  /// type, base64.
  static func decodeDataURI(_ uri: String, pointer: String) throws(ImportError) -> [UInt8] {
    guard let comma = uri.utf8.firstIndex(of: UInt8(ascii: ",")) else {
      throw ImportError(pointer, "the data: URI has no ',' before its data")
    }
    let header = String(uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]).lowercased()
    let parameters = header.split(separator: ";").map(String.init)
    let type = parameters.first ?? ""
    guard ["image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"].contains(type)
    else {
      throw ImportError(
        pointer,
        "the data: URI's type '\(printable(String(type.prefix(60))))' is not a PNG, JPEG, SVG or WebP image"
      )
    }
    guard parameters.contains("base64") else {
      throw ImportError(pointer, "the data: URI is not base64")
    }
    let data = uri.utf8[uri.utf8.index(after: comma)...]
    guard data.count / 4 * 3 <= maximumBytes else {
      throw ImportError(pointer, "the embedded image is larger than the limit of 100 MB")
    }
    return try decodeBase64(data, pointer: pointer)
  }

  /// RFC 4648 base64 (padding optional, no other characters).
  static func decodeBase64<C: Collection>(_ text: C, pointer: String) throws(ImportError)
    -> [UInt8] where C.Element == UInt8
  {
    var out: [UInt8] = []
    out.reserveCapacity(text.count / 4 * 3)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for (position, c) in text.enumerated() {
      let value: UInt32
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        continue
      default:
        throw ImportError(
          pointer, "the embedded image is not valid base64 (character \(position + 1) of its data)")
      }
      if padding > 0 {
        throw ImportError(pointer, "the embedded image is not valid base64 (data after '=')")
      }
      accumulator = accumulator << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    if bits >= 6 || padding > 2 {
      throw ImportError(pointer, "the embedded image is not valid base64 (its length)")
    }
    return out
  }

  /// The file's kind by its first bytes: png, jpg or svg; a WebP still
  /// is png, as `anim import` converts it to PNG as it writes it (anim's
  /// image views read PNG, JPEG and SVG, SPEC §21.4), once its header is
  /// checked here.
  static func kind(_ bytes: [UInt8], pointer: String) throws(ImportError) -> String {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
    if UnsupportedImageFormat.name(of: bytes) == "WebP" {
      try ImportedImage.checkWebP(bytes, pointer: pointer)
      return "png"
    }
    let head = String(decoding: bytes.prefix(512), as: UTF8.self)
    if head.contains("<svg") { return "svg" }
    throw ImportError(
      pointer,
      "the embedded image is not a PNG, JPEG, SVG or WebP file\(UnsupportedImageFormat.clause(for: bytes))"
    )
  }
}
