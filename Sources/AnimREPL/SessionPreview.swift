/// A live preview of the session in a browser (`:preview`, SPEC §19),
/// which the host provides: the REPL knows no server.
public protocol SessionPreview: AnyObject {
  /// The page's address (`http://127.0.0.1:PORT/`).
  var address: String { get }
  /// Shows `script` (what `:save` would write) exported over [0, `clock`],
  /// paused at `clock`. Returns at once; the page follows shortly.
  func show(script: String, clock: Double)
  /// Stops serving.
  func stop()
}

/// Why a preview could not start, in the host's words.
public struct SessionPreviewError: Error {
  public var message: String
  public init(_ message: String) { self.message = message }
}

extension ReplSession {
  /// `:preview`: starts the host's preview (once) and shows the session.
  func startPreview(line: String) {
    if let preview {
      output("preview: \(preview.address) (already running; :preview stop stops it)")
      return
    }
    guard let makePreview else {
      problem("this REPL has no preview", commandLine: line)
      return
    }
    do {
      let started = try makePreview()
      preview = started
      output("preview: \(started.address)")
      flushOutput()
      updatePreview()
    } catch {
      problem(error.message, commandLine: line)
    }
  }

  /// `:preview stop`.
  func stopPreview() {
    guard let preview else {
      output("preview: not running")
      return
    }
    preview.stop()
    self.preview = nil
    output("preview stopped")
  }

  /// Shows the session as it is now on the preview's page, if one is open.
  func updatePreview() {
    preview?.show(script: script, clock: interpreter.clock.now)
  }
}
