/// The picture an `image` view shows (SPEC §21.4): a PNG, JPEG or SVG file,
/// read and checked once at the view's declaration and shared by every
/// renderer and exporter. A raster image keeps its pixels decoded; an SVG
/// keeps only its file, drawn as vectors by whoever draws it.
///
/// A class: the scene, the recorder and the canvas's cache of pictures hold
/// the same one (its pixels can be hundreds of megabytes), and two sources
/// are the same only when they are the same object.
public final class ImageSource: Sendable, Equatable, CustomStringConvertible {
  /// The kinds of file an image view reads.
  public enum Format: String, Sendable, CaseIterable {
    case png, jpeg, svg

    /// Its media type, as a data URI names it.
    public var mediaType: String {
      switch self {
      case .png: return "image/png"
      case .jpeg: return "image/jpeg"
      case .svg: return "image/svg+xml"
      }
    }
  }

  /// The file's path, resolved against the script's folder.
  public let path: String
  /// What the file holds.
  public let format: Format
  /// The file's bytes, as read (embedded as they are in SVG and the HTML
  /// player).
  public let bytes: [UInt8]
  /// Its own size in points: a raster image's pixels (one point each), an
  /// SVG's width and height (else its viewBox's).
  public let width: Double
  public let height: Double
  /// A raster image's pixels, straight (not premultiplied) 8-bit RGBA, rows
  /// top to bottom; empty for an SVG.
  public let pixels: [UInt8]
  /// The size of `pixels`: `width` × `height` for a raster image, 0 for an SVG.
  public let pixelWidth: Int
  public let pixelHeight: Int

  /// A raster image decoded from `bytes`.
  public init(
    path: String, format: Format, bytes: [UInt8], pixels: [UInt8], pixelWidth: Int,
    pixelHeight: Int
  ) {
    precondition(pixels.count == pixelWidth * pixelHeight * 4, "RGBA pixels of the size given")
    self.path = path
    self.format = format
    self.bytes = bytes
    self.pixels = pixels
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    width = Double(pixelWidth)
    height = Double(pixelHeight)
  }

  /// An SVG document of its own size `width` × `height` points.
  public init(svgAt path: String, bytes: [UInt8], width: Double, height: Double) {
    self.path = path
    format = .svg
    self.bytes = bytes
    self.width = width
    self.height = height
    pixels = []
    pixelWidth = 0
    pixelHeight = 0
  }

  /// Whether it is drawn as vectors (an SVG) rather than from pixels.
  public var isVector: Bool { format == .svg }

  /// Whether every pixel is opaque (an SVG: never assumed).
  public var isOpaque: Bool {
    guard !isVector else { return false }
    var i = 3
    while i < pixels.count {
      if pixels[i] != 255 { return false }
      i += 4
    }
    return true
  }

  /// The file as a `data:` URI (SVG's `<image href>`, the HTML player).
  public var dataURI: String {
    "data:\(format.mediaType);base64," + Base64.encode(bytes)
  }

  public var description: String { "\(format.rawValue) \(path)" }

  public static func == (a: ImageSource, b: ImageSource) -> Bool { a === b }
}
