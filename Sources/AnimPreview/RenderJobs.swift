import AnimEngine
import Foundation

/// A file the studio's render buttons make (SPEC §24): what `anim render`
/// (MP4, GIF) or `anim export` (Lottie JSON, the HTML player) writes for the
/// range the page plays, with their default options.
public enum RenderFormat: String, CaseIterable, Sendable {
  case mp4, gif, json, html

  /// The file's `Content-Type`.
  var contentType: String {
    switch self {
    case .mp4: return "video/mp4"
    case .gif: return "image/gif"
    case .json: return "application/json"
    case .html: return "text/html; charset=utf-8"
    }
  }
}

/// What makes the files the page asks for: the host, which knows the
/// script and runs `anim render` or `anim export` on it.
public protocol PreviewRendering: Sendable {
  /// The downloaded file's name without its extension (`box` for
  /// `box.anim`).
  var baseName: String { get }
  /// Writes `format` to `path`, telling `progress` the fraction done (0…1)
  /// as it goes; returns nil when the file was written, else the message
  /// that says why not (as the command printed it).
  func render(
    _ format: RenderFormat, to path: String, progress: @escaping @Sendable (Double) -> Void
  )
    -> String?
}

/// The renders the page asked for: one at a time, each file kept in a
/// private folder until the next render (or the server's stop) replaces it.
final class RenderJobs: @unchecked Sendable {
  /// Why a render request is refused.
  enum Refusal: Error, Equatable {
    /// A render is still running (409).
    case busy
    /// The host renders nothing (the server was made without a renderer).
    case unavailable
  }

  /// A finished file.
  struct File {
    let id: Int
    let format: RenderFormat
    let path: String
    let name: String
  }

  private let lock = NSLock()
  private var running: Int?
  private var nextID = 0
  private var finished: File?
  private var folder: String?

  /// Starts rendering `format` with `renderer` on a thread of its own;
  /// `report` is told each progress and the end as a stream message.
  func start(
    _ format: RenderFormat, renderer: (any PreviewRendering)?,
    report: @escaping @Sendable (String) -> Void
  ) -> Result<Int, Refusal> {
    guard let renderer else { return .failure(.unavailable) }
    let (id, folder): (Int?, String?) = lock.withLock {
      guard running == nil else { return (nil, nil) }
      nextID += 1
      running = nextID
      if self.folder == nil { self.folder = Self.makeFolder() }
      return (nextID, self.folder)
    }
    guard let id else { return .failure(.busy) }
    let name = renderer.baseName + "." + format.rawValue
    let thread = Thread { [self] in
      report(Self.message(id, format, state: "running", extra: ",\"progress\":0"))
      var failure: String?
      var path = ""
      if let folder {
        path = folder + "/\(id)-" + name
        failure = renderer.render(format, to: path) { fraction in
          let shown = min(max(fraction.isFinite ? fraction : 0, 0), 1)
          report(Self.message(id, format, state: "running", extra: ",\"progress\":\(shown)"))
        }
      } else {
        failure = "anim preview: cannot make a folder for the rendered file"
      }
      let previous: File? = lock.withLock {
        running = nil
        guard failure == nil else { return nil }
        defer { finished = File(id: id, format: format, path: path, name: name) }
        return finished
      }
      if let previous { try? FileManager.default.removeItem(atPath: previous.path) }
      if let failure {
        var text = ",\"error\":"
        text += Self.quoted(failure)
        report(Self.message(id, format, state: "failed", extra: text))
      } else {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        report(
          Self.message(
            id, format, state: "done", extra: ",\"name\":\(Self.quoted(name)),\"bytes\":\(size)"))
      }
    }
    thread.name = "anim preview render"
    thread.start()
    return .success(id)
  }

  /// The finished file of render `id`, if it is the last one made.
  func file(_ id: Int) -> File? {
    lock.withLock { finished?.id == id ? finished : nil }
  }

  /// Removes the folder and every file in it (the server stops).
  func removeAll() {
    let folder = lock.withLock { () -> String? in
      defer {
        self.folder = nil
        finished = nil
      }
      return self.folder
    }
    if let folder { try? FileManager.default.removeItem(atPath: folder) }
  }

  private static func makeFolder() -> String? {
    var template = Array((NSTemporaryDirectory() + "/anim-preview-XXXXXX").utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return nil }
      return String(cString: made)
    }
  }

  private static func message(_ id: Int, _ format: RenderFormat, state: String, extra: String)
    -> String
  {
    "{\"type\":\"render\",\"id\":\(id),\"format\":\"\(format.rawValue)\",\"state\":\"\(state)\"\(extra)}"
  }

  private static func quoted(_ text: String) -> String {
    JSONText.quoted(text, escapingLessThan: true)
  }
}
