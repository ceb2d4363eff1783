import AnimConsole
import AnimEngine
import AnimFiles
import AnimImport
import ArgumentParser
import Foundation

/// The WebP images of an import (a dotLottie v2's `i/*.webp`, a data URI,
/// a file beside the Lottie) as the PNG files its script reads: anim's
/// image views read PNG, JPEG and SVG (SPEC §21.4), so ffmpeg, as a child
/// process, converts each still to RGBA PNG as it is written (docs/spec.md
/// §25.4).
enum ImportWebP {
  /// The most bytes of PNG read back (a 64-megapixel RGBA image stored).
  static let maximumPNGBytes = 300_000_000

  /// `bytes` as PNG when they are a WebP image, else as they are. Says why
  /// and throws an exit code when the image or ffmpeg will not do.
  static func converted(_ bytes: [UInt8], image: ImportedImage, name: String) throws -> [UInt8] {
    guard UnsupportedImageFormat.name(of: bytes) == "WebP" else { return bytes }
    do {
      try ImportedImage.checkWebP(bytes, pointer: image.pointer)
    } catch {
      Terminal.writeError("\(name): \(error.pointer): error: \(error.message)")
      throw ExitCode(ExitStatus.dataError)
    }
    guard let ffmpeg = FFmpegEncoder.locate() else {
      Terminal.writeError(
        "anim import: ffmpeg not found: install it (apt-get install ffmpeg) to convert the WebP "
          + "image of \(image.pointer) to PNG")
      throw ExitCode(ExitStatus.unavailable)
    }
    let folder = FileManager.default.temporaryDirectory.path
    let stem = "\(folder)/anim-import-\(getpid())-\(image.name)"
    let (input, output) = (stem + ".webp", stem + ".png")
    // Removed on the way out, and by the signal handler should Ctrl-C come.
    TemporaryFiles.register(input)
    TemporaryFiles.register(output)
    defer {
      for path in [input, output] {
        unlink(path)
        TemporaryFiles.forget(path)
      }
    }
    do {
      try AtomicFile.write(bytes: bytes, to: input)
    } catch {
      Terminal.writeError("anim import: cannot write \(error.description)")
      throw ExitCode(ExitStatus.ioError)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    // A lossy WebP's colours are 4:2:0: upsampled by bicubic over full
    // chroma (ffmpeg's default takes the nearest, 42 levels from libwebp's
    // decode at edges; this, 15 at most and 0.23 on average).
    process.arguments = [
      "-nostdin", "-loglevel", "error", "-y", "-i", input, "-frames:v", "1",
      "-sws_flags", "+full_chroma_int+accurate_rnd+bicubic", "-c:v", "png", "-pix_fmt", "rgba",
      "-f", "image2", output,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let end = ProcessEnd(of: process)
    do { try process.run() } catch {
      Terminal.writeError("anim import: cannot start \(ffmpeg): \(error)")
      throw ExitCode(ExitStatus.unavailable)
    }
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    end.wait(for: process)
    guard process.terminationStatus == 0,
      let png = try? RegularFile.read(output, limit: maximumPNGBytes)
    else {
      let reason =
        String(decoding: said.suffix(300), as: UTF8.self)
        .split(separator: "\n").last.map(String.init) ?? "no output"
      Terminal.writeError(
        "\(name): \(image.pointer): error: ffmpeg cannot convert the WebP image: \(reason)")
      throw ExitCode(ExitStatus.dataError)
    }
    return png
  }
}
