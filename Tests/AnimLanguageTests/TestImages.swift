import Foundation

/// The tiny images of `tests/look/images` (made by its `make_images.py`),
/// by absolute path: tests run from any folder.
enum TestImages {
  /// The absolute path of `name` in `tests/look/images`.
  static func path(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("tests/look/images/\(name)").path
  }
}
