import AnimConsole
import AnimFiles
import AnimImport
import AnimText
import ArgumentParser

/// The image files of an import (SPEC §21.4, §25; docs/spec.md), and the
/// font files of a dotLottie's texts: written into the folder of the output
/// script under the names the script reads, never anywhere else. An
/// embedded image is decoded by the importer; an external one (a path
/// relative to the Lottie file, checked by the importer to stay inside its
/// folder) is copied from there. A font is opened as the script will open
/// it (FreeType), so that a damaged one is refused here, not when the
/// script runs.
enum ImportImages {
  /// The largest image file copied (anim's image limit).
  static let maximumBytes = 100_000_000

  /// The script's name without its folder and extension: what its images'
  /// names start with.
  static func prefix(of output: String?) -> String {
    guard let output else { return "image" }
    let base = output.split(separator: "/").last.map(String.init) ?? output
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
    return String(base[..<dot])
  }

  /// The folder of `path`, with its trailing slash ("" for the current one).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// Writes every image beside `output`; `input` is the Lottie file's path
  /// (nil for standard input). Throws an exit code after saying why.
  static func write(_ images: [ImportedImage], input: String?, name: String, output: String)
    throws
  {
    let target = folder(of: output)
    for image in images {
      let bytes: [UInt8]
      switch image.content {
      case .bytes(let data):
        bytes = data
      case .file(let relative):
        guard let input else {
          Terminal.writeError(
            "\(name): \(image.pointer): error: the image '\(relative)' is a path relative to the "
              + "Lottie file, which standard input has not: import the file by its path")
          throw ExitCode(ExitStatus.usage)
        }
        let source = folder(of: input) + relative
        do {
          bytes = try RegularFile.read(source, limit: maximumBytes)
        } catch {
          Terminal.writeError(
            "\(name): \(image.pointer): error: the image asset cannot be read: \(error)")
          throw ExitCode(ExitStatus.dataError)
        }
      }
      let written = try ImportWebP.converted(bytes, image: image, name: name)
      do {
        try AtomicFile.write(bytes: written, to: target + image.name)
      } catch {
        Terminal.writeError("anim import: cannot write \(error.description)")
        throw ExitCode(ExitStatus.ioError)
      }
      if image.isFont {
        do {
          _ = try FontResolver.font(named: target + image.name)
        } catch {
          Terminal.writeError(
            "\(name): \(image.pointer): error: the font file \(image.name) cannot be used: "
              + error.message)
          throw ExitCode(error.isMissingLibrary ? ExitStatus.unavailable : ExitStatus.dataError)
        }
      }
    }
  }
}
