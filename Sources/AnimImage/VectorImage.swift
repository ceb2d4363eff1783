import AnimEngine
import CImage

/// An SVG document opened by librsvg, drawn as vectors into a Cairo
/// context (the canvas draws it at the scale it is shown; the Lottie
/// exporter into pixels).
public final class VectorImage {
  private let document: OpaquePointer
  /// Its own size in CSS pixels (points): its width and height, else its viewBox's.
  public let width: Double
  public let height: Double

  /// The largest side an SVG may have, in points (a million: past it a box
  /// of the SVG's own size would be far past any stage).
  public static let maximumSide = 1_000_000.0

  /// Parses the SVG in `bytes`; an error when librsvg cannot read it or it
  /// has no size.
  public init(_ bytes: [UInt8]) throws(ImageError) {
    try ImageLibraries.load(for: .svg)
    var error = [CChar](repeating: 0, count: 512)
    guard let document = anim_svg_open(bytes, bytes.count, &error, error.count) else {
      throw ImageError("the SVG file cannot be read: \(ImageDecoder.text(error))")
    }
    var w = 0.0
    var h = 0.0
    let sized = anim_svg_size(document, &w, &h) == 0
    guard sized, w > 0, h > 0, w.isFinite, h.isFinite else {
      anim_svg_close(document)
      throw ImageError(
        sized
          ? "the SVG has no area: its size is \(NumberText.format(w)) × \(NumberText.format(h))"
          : "the SVG has no size: it needs width and height, or a viewBox",
        hint: "<svg width=\"100\" height=\"100\" …> or <svg viewBox=\"0 0 100 100\" …>")
    }
    guard w <= Self.maximumSide, h <= Self.maximumSide else {
      anim_svg_close(document)
      throw ImageError(
        "the SVG is \(NumberText.format(w)) × \(NumberText.format(h)) points, larger than the limit of 1000000 points a side",
        hint: "give it a smaller width and height (or viewBox)")
    }
    self.document = document
    width = w
    height = h
  }

  deinit { anim_svg_close(document) }

  /// Draws it into `cairo` (a `cairo_t`), its own size filling (0, 0,
  /// width, height) of the context's user space; the caller's matrix
  /// places and stretches it.
  public func draw(into cairo: OpaquePointer) throws(ImageError) {
    var error = [CChar](repeating: 0, count: 512)
    guard anim_svg_render(document, UnsafeMutableRawPointer(cairo), &error, error.count) == 0 else {
      throw ImageError("the SVG cannot be drawn: \(ImageDecoder.text(error))")
    }
  }
}
