import AnimEngine
import AnimFiles
import AnimImage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Image files as scripts name them (SPEC §21.4): `src:` read relative to
/// the script's folder, checked and decoded once. The same words before the
/// script runs (`anim check`, the name checker) and while it runs; the
/// picture decoded for the check is the one the run draws (a file is
/// decoded again only when its bytes changed).
enum ImageFiles {
  /// Pictures decoded so far, by resolved path, with the bytes they came from.
  nonisolated(unsafe) private static var decoded: [String: ImageSource] = [:]
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(p, nil)
    return p
  }()
  /// At most this many pictures, of at most this many bytes of file and
  /// pixels in all, are kept between scripts (the REPL, the language
  /// server and `anim test` run many); past either, the cache starts again.
  static let keptPictures = 64
  static let keptBytes = 512 << 20
  nonisolated(unsafe) private static var decodedBytes = 0

  /// What a `src:` that is not a string is told.
  static let notAString = "src must be a string naming a PNG, JPEG or SVG file"

  /// Installs the maker the exporters ask for PNG pictures (Lottie).
  static let installRasters: Void = ImagePNG.install

  /// The picture in `src` (relative to the file at `scriptPath`), or the
  /// message and hint of why it cannot be had.
  static func load(_ src: String, from scriptPath: String) -> Result<
    ImageSource, ImageLoadProblem
  > {
    _ = installRasters
    guard !src.isEmpty else {
      return .failure(
        ImageLoadProblem(
          "src must name an image file, not an empty string",
          hint: "src: \"logo.png\" (a path relative to the script's folder)"))
    }
    let path = FilePaths.resolve(src, from: scriptPath)
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: ImageDecoder.maximumBytes)
    } catch let error as RegularFile.TooLarge {
      return .failure(
        ImageLoadProblem(
          "cannot read image \"\(src)\": \(error.size) bytes, larger than the limit of 100 MB",
          hint: "scale or compress it below \(ImageDecoder.maximumBytes) bytes"))
    } catch let error as FileError {
      let reason = error.isMissing ? "no such file" : error.reason
      return .failure(
        ImageLoadProblem(
          "cannot read image \"\(src)\": \(reason)",
          hint: error.isMissing ? "the path is relative to the script's folder: \(path)" : nil))
    } catch {
      return .failure(ImageLoadProblem("cannot read image \"\(src)\": \(error)", hint: nil))
    }
    pthread_mutex_lock(lock)
    let kept = decoded[path]
    pthread_mutex_unlock(lock)
    if let kept, kept.bytes == bytes { return .success(kept) }
    do {
      let image = try ImageDecoder.decode(bytes, path: path)
      let size = image.bytes.count + image.pixels.count
      pthread_mutex_lock(lock)
      if decoded.count >= keptPictures || decodedBytes + size > keptBytes {
        decoded.removeAll()
        decodedBytes = 0
      }
      if size <= keptBytes {
        decodedBytes += size - (decoded[path].map { $0.bytes.count + $0.pixels.count } ?? 0)
        decoded[path] = image
      }
      pthread_mutex_unlock(lock)
      return .success(image)
    } catch {
      return .failure(
        ImageLoadProblem(
          "cannot show image \"\(src)\": \(error.message)", hint: error.hint,
          isMissingLibrary: error.isMissingLibrary))
    }
  }
}

/// Why an image file cannot be shown, in the script's words.
struct ImageLoadProblem: Error {
  let message: String
  let hint: String?
  let isMissingLibrary: Bool

  init(_ message: String, hint: String?, isMissingLibrary: Bool = false) {
    self.message = message
    self.hint = hint
    self.isMissingLibrary = isMissingLibrary
  }
}
