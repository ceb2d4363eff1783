import AnimEngine
import AnimFiles
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

/// The renders the page asked for: one at a time, each file kept in the
/// temporary folder (`anim-preview-PID-ID-NAME`) until the next render or
/// the server's stop removes it; a signal that stops anim removes it too
/// (`TemporaryFiles`).
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

  /// Starts rendering `format` with `renderer` on a thread of its own;
  /// `report` is told each progress and the end as a stream message.
  func start(
    _ format: RenderFormat, renderer: (any PreviewRendering)?,
    report: @escaping @Sendable (String) -> Void
  ) -> Result<Int, Refusal> {
    guard let renderer else { return .failure(.unavailable) }
    let id: Int? = lock.withLock {
      guard running == nil else { return nil }
      nextID += 1
      running = nextID
      return nextID
    }
    guard let id else { return .failure(.busy) }
    let name = renderer.baseName + "." + format.rawValue
    let path = NSTemporaryDirectory() + "/anim-preview-\(getpid())-\(id)-" + name
    let thread = Thread { [self] in
      report(Self.message(id, format, state: "running", extra: ",\"progress\":0"))
      var failure: String?
      if TemporaryFiles.register(path) {
        failure = renderer.render(format, to: path) { fraction in
          let shown = min(max(fraction.isFinite ? fraction : 0, 0), 1)
          report(Self.message(id, format, state: "running", extra: ",\"progress\":\(shown)"))
        }
      } else {
        failure = "anim preview: stopping"
      }
      if failure != nil {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryFiles.forget(path)
      }
      let previous: File? = lock.withLock {
        running = nil
        guard failure == nil else { return nil }
        defer { finished = File(id: id, format: format, path: path, name: name) }
        return finished
      }
      if let previous {
        try? FileManager.default.removeItem(atPath: previous.path)
        TemporaryFiles.forget(previous.path)
      }
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

  /// Removes the last rendered file (the server stops).
  func removeAll() {
    let last = lock.withLock { () -> File? in
      defer { finished = nil }
      return finished
    }
    if let last {
      try? FileManager.default.removeItem(atPath: last.path)
      TemporaryFiles.forget(last.path)
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
