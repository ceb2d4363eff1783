import CIgzip

/// The PNG files of a frame sequence, compressed by ISA-L's igzip
/// (`libisal2`, opened on first use): about five times faster to write
/// than libpng's fast setting, within a few per cent of its size
/// (BENCHMARKS.md). Without the library, a sequence is written by libpng's
/// fast setting instead: the same pixels, more slowly.
enum QuickPNG {
  /// Whether igzip could be loaded (tried once).
  static let available = anim_igzip_load() == nil

  /// `rgba` (`width × height × 4` bytes, rows top to bottom) as a PNG file
  /// of straight RGBA, unfiltered, compressed by igzip; nil when igzip is
  /// not there or failed, for libpng to write the file instead.
  static func encode(_ rgba: UnsafeRawBufferPointer, width: Int, height: Int) -> [UInt8]? {
    guard available, width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
      rgba.count / 4 / width >= height, let base = rgba.baseAddress
    else { return nil }
    let capacity = anim_png_quick_bound(UInt32(width), UInt32(height))
    guard capacity > 0 else { return nil }
    // Not zeroed first: igzip writes the bytes kept, a twentieth of the
    // bound for a frame (only the pages written are ever touched).
    let out = [UInt8](unsafeUninitializedCapacity: capacity) { dest, count in
      count = anim_png_quick(
        base.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height), width * 4,
        dest.baseAddress, capacity)
    }
    return out.isEmpty ? nil : out
  }
}
