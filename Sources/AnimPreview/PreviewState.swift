import FlyingFox
import Foundation

/// What the server shows, shared by its connection tasks and the host that
/// publishes new builds: the page a new visitor gets, the last message, and
/// the pages listening for the next one.
final class PreviewState: @unchecked Sendable {
  private let lock = NSLock()
  private var version = 0
  /// The last good build's player page, made ready for the preview script.
  private var player: String?
  private var message = PreviewMessage()
  private var streams: [Int: AsyncStream<WSMessage>.Continuation] = [:]
  private var nextStream = 0
  private var authorities: Set<String> = []

  /// The `Host` header values the server answers: its address and
  /// `localhost`, each with its port.
  func setAuthorities(host: String, port: UInt16) {
    let bracketed = host.contains(":") ? "[\(host)]" : host
    lock.withLock {
      authorities = ["\(bracketed):\(port)", "localhost:\(port)"]
    }
  }

  /// Whether a request with this `Host` header is answered (SPEC §19).
  func allows(host: String) -> Bool {
    let asked = host.lowercased()
    return lock.withLock { authorities.contains(asked) }
  }

  /// Whether `origin` (an `Origin` header) is the preview's own page as
  /// it was asked for with `host` (a `Host` header this server answers):
  /// `http://` and that host, exactly (any case). `null` (a sandboxed or
  /// local page), another scheme, name or port is not.
  static func isOwn(origin: String, host: String) -> Bool {
    origin.lowercased() == Self.origin(of: host)
  }

  /// The origin of the page served for `host`.
  static func origin(of host: String) -> String { "http://" + host.lowercased() }

  /// Whether a first build was published.
  var hasPublished: Bool { lock.withLock { version > 0 } }

  /// The page as a new visitor gets it.
  var page: String { String(decoding: pageData, as: UTF8.self) }

  /// The page as a new visitor gets it, as sent: made once per build, so
  /// that many requests for it cost neither time nor memory each (every
  /// response shares these bytes).
  var pageData: Data {
    lock.withLock {
      if let cached = cachedPage { return cached }
      let page = Data(PreviewPage.document(player: player, message: message).utf8)
      cachedPage = page
      return page
    }
  }
  private var cachedPage: Data?

  /// Takes a new build and sends it to every listening page.
  func publish(_ build: PreviewBuild, pausedAt: Double?) {
    let (text, listeners): (String, [AsyncStream<WSMessage>.Continuation]) = lock.withLock {
      version += 1
      var next = PreviewMessage(build: build, version: version, pausedAt: pausedAt)
      if let page = build.playerPage {
        player = PreviewPage.preparePlayer(page)
      } else {
        // A failed run keeps the last good animation and its runs.
        next.lanes = message.lanes
        next.start = message.start
        next.end = message.end
        next.hasPlayer = player != nil
      }
      message = next
      cachedPage = nil
      var withPage = next
      withPage.player = build.playerPage == nil ? nil : player
      return (withPage.json, Array(streams.values))
    }
    for listener in listeners { listener.yield(.text(text)) }
  }

  /// A stream for one more page, or nil past `PreviewServer.maximumStreams`.
  func openStream() -> PreviewStream? {
    lock.withLock {
      guard streams.count < PreviewServer.maximumStreams else { return nil }
      nextStream += 1
      return PreviewStream(state: self, id: nextStream)
    }
  }

  /// Registers a page's stream and returns what it must be sent first: the
  /// current build with its player, unless the page already shows it.
  func attach(_ id: Int, _ continuation: AsyncStream<WSMessage>.Continuation, shown: Int) -> String?
  {
    lock.withLock {
      streams[id] = continuation
      guard shown < version else { return nil }
      var current = message
      current.player = player
      return current.json
    }
  }

  func detach(_ id: Int) {
    let continuation = lock.withLock { streams.removeValue(forKey: id) }
    continuation?.finish()
  }

  /// Ends every page's stream (the server is stopping).
  func closeStreams() {
    let all = lock.withLock {
      let all = Array(streams.values)
      streams = [:]
      return all
    }
    for continuation in all { continuation.finish() }
  }
}

/// One page's update stream: the server's messages out; the page's own
/// first message says which version it shows (`{"shown": N}`).
struct PreviewStream: WSMessageHandler {
  let state: PreviewState
  let id: Int

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (out, continuation) = AsyncStream<WSMessage>.makeStream(
      bufferingPolicy: .bufferingNewest(4))
    let state = self.state
    let id = self.id
    Task {
      var attached = false
      for await message in client {
        guard !attached, case .text(let text) = message else { continue }
        attached = true
        let shown = Self.shownVersion(text)
        if let first = state.attach(id, continuation, shown: shown) {
          continuation.yield(.text(first))
        }
      }
      state.detach(id)
      continuation.finish()
    }
    return out
  }

  /// The version in `{"shown": N}`; 0 when the text says none.
  static func shownVersion(_ text: String) -> Int {
    guard text.utf8.count < 256,
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let shown = object["shown"] as? Int
    else { return 0 }
    return shown
  }
}
