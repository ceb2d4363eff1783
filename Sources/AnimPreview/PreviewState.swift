import AnimEngine
import FlyingFox
import Foundation

/// What the server shows, shared by its connection tasks and the host that
/// publishes new builds: the last good build (its player and its views for
/// the inspector), the last message, and the pages listening for the next.
final class PreviewState: @unchecked Sendable {
  private let lock = NSLock()
  private var version = 0
  /// The last good build and its version.
  private var good: (version: Int, build: PreviewBuild)?
  /// The last message (without its player).
  private var message = PreviewMessage()
  /// Whether a save is being built.
  private var building = false
  private var streams: [Int: AsyncStream<WSMessage>.Continuation] = [:]
  private var nextStream = 0
  private var authorities: Set<String> = []
  /// The page as a new visitor gets it, made once per build.
  private var cachedPage: Data?
  /// The whole player of the last good build, made once.
  private var cachedFull: String?
  /// The version of the first build that had the last good build's mix
  /// (SPEC §22): a page that holds it is not sent the mix again (it can
  /// be megabytes).
  private var soundVersion = 0

  /// The time the pages last said they show (`{"at": ms}`, clock
  /// seconds): where a long build's first frame is drawn as a still
  /// (SPEC §24); nil until a page says.
  private var reportedPlayhead: Double?

  /// The per-session token the page sends with its render requests.
  let token = PreviewToken()
  /// The page's title: the file it shows.
  let title: String
  /// The renders the page asked for.
  let renders = RenderJobs()
  /// What makes the rendered files (nil: the render buttons answer 503).
  let renderer: (any PreviewRendering)?

  init(title: String = "anim preview", renderer: (any PreviewRendering)? = nil) {
    self.title = title
    self.renderer = renderer
  }

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
      if let cachedPage { return cachedPage }
      var current = message
      current.building = building
      let embedded = current.json(
        player: good.map { _ in fullPlayer() }, sound: .init(good?.build.sound))
      let page = Data(
        PreviewPage.document(title: title, token: token.text, message: embedded).utf8)
      cachedPage = page
      return page
    }
  }

  /// The whole player of the last good build (under the lock).
  private func fullPlayer() -> String {
    if let cachedFull { return cachedFull }
    guard let parts = good?.build.player else { return "null" }
    let full = PlayerUpdate.full(parts)
    cachedFull = full
    return full
  }

  /// The time the pages last said they show, in clock seconds.
  var playhead: Double? { lock.withLock { reportedPlayhead } }

  /// Notes the time a page shows, in whole milliseconds (a page's
  /// `{"at": ms}`); times past ±10^12 ms are not a page's and are ignored.
  func notePlayhead(milliseconds: Int) {
    guard milliseconds.magnitude <= 1_000_000_000_000 else { return }
    lock.withLock { reportedPlayhead = Double(milliseconds) / 1000 }
  }

  /// Sends every page the frame a build in progress reached at `time`, as
  /// a still SVG of the stage (SPEC §24): the page shows it over its
  /// player until the build itself arrives.
  func publishStill(_ svg: String, at time: Double) {
    let listeners = lock.withLock { building ? Array(streams.values) : [] }
    guard !listeners.isEmpty else { return }
    let text =
      "{\"type\":\"still\",\"at\":" + NumberText.format(time) + ",\"svg\":"
      + JSONText.quoted(svg, escapingLessThan: true) + "}"
    for listener in listeners { listener.yield(.text(text)) }
  }

  /// Tells every page that a save was seen and is being built.
  func noteBuilding() {
    let listeners: [AsyncStream<WSMessage>.Continuation] = lock.withLock {
      building = true
      cachedPage = nil
      return Array(streams.values)
    }
    for listener in listeners { listener.yield(.text(#"{"type":"building"}"#)) }
  }

  /// Takes a new build and sends it to every listening page: a good one
  /// with what changed in its player since the last good one, a failed one
  /// with its error over the last good animation, whose output and runs it
  /// keeps (SPEC §24). Returns the message sent.
  @discardableResult
  func publish(_ build: PreviewBuild, pausedAt: Double?) -> String {
    let (text, listeners): (String, [AsyncStream<WSMessage>.Continuation]) = lock.withLock {
      version += 1
      building = false
      cachedPage = nil
      var next = PreviewMessage(build: build, version: version, pausedAt: pausedAt)
      var player: String?
      var sound = PreviewMessage.SoundField.kept
      if let parts = build.player {
        let previous = good
        good = (version, build)
        cachedFull = nil
        // A new mix, or none where there was one: sent once, with this
        // build; the same mix again: the pages keep theirs.
        if build.sound != previous?.build.sound {
          soundVersion = version
          sound = .init(build.sound)
        }
        if let previous, let old = previous.build.player,
          let patch = PlayerUpdate.patch(from: old, to: parts, base: previous.version)
        {
          player = patch
        } else {
          player = fullPlayer()
        }
        next.playerVersion = version
        next.soundVersion = soundVersion
      } else {
        next.hasPlayer = good != nil
        next.playerVersion = good?.version ?? 0
        next.soundVersion = soundVersion
        next.lanes = message.lanes
        next.start = message.start
        next.end = message.end
        next.output = message.output
        next.failures = message.failures
        next.notes = message.notes
      }
      message = next
      return (next.json(player: player, sound: sound), Array(streams.values))
    }
    for listener in listeners { listener.yield(.text(text)) }
    return text
  }

  /// What a page is sent when it asks (`{"shown": N, "player": P,
  /// "sound": S}` on attaching, or `{"resync": true}`): the last message
  /// with the whole player unless it already plays the last good one, and
  /// with its mix unless the page holds it (S is the message's
  /// `soundVersion`); nil when it shows the last message already.
  func catchUp(shown: Int, player: Int, sound: Int = -1, whole: Bool) -> String? {
    lock.withLock {
      guard whole || shown < version else { return nil }
      var current = message
      current.building = building
      let plays = good.map { player == $0.version && !whole } ?? true
      if plays { return current.json() }
      let holds = !whole && sound == soundVersion
      return current.json(
        player: fullPlayer(), sound: holds ? .kept : .init(good?.build.sound))
    }
  }

  /// The inspector's entry for view `index` of the player of version
  /// `player`: `{"type":"inspect","player":P,"index":i,"entry":…}`, the
  /// entry null when that player is no longer the last good one or has no
  /// such view.
  func inspection(of index: Int, player: Int) -> String {
    let book: ViewBook? = lock.withLock {
      guard let good, good.version == player else { return nil }
      return good.build.views
    }
    let entry = book?.inspection(of: index) ?? "null"
    return "{\"type\":\"inspect\",\"player\":\(player),\"index\":\(index),\"entry\":\(entry)}"
  }

  /// Sends `text` to every listening page.
  func broadcast(_ text: String) {
    let listeners = lock.withLock { Array(streams.values) }
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

  /// Registers a page's stream.
  func attach(_ id: Int, _ continuation: AsyncStream<WSMessage>.Continuation) {
    lock.withLock { streams[id] = continuation }
  }

  func detach(_ id: Int) {
    let continuation = lock.withLock { streams.removeValue(forKey: id) }
    continuation?.finish()
  }

  /// Ends every page's stream (the server is stopping) and removes the
  /// rendered files.
  func closeStreams() {
    let all = lock.withLock {
      let all = Array(streams.values)
      streams = [:]
      return all
    }
    for continuation in all { continuation.finish() }
    renders.removeAll()
  }
}

/// One page's update stream: the server's messages out; the page's own
/// messages in: `{"shown": N, "player": P, "sound": S}` first (the
/// versions it shows, and of the mix it holds),
/// then `{"inspect": i, "player": P}` (a view for the inspector) and
/// `{"resync": true}` (a change it could not apply: send the whole player).
struct PreviewStream: WSMessageHandler {
  let state: PreviewState
  let id: Int

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (out, continuation) = AsyncStream<WSMessage>.makeStream(
      bufferingPolicy: .bufferingNewest(8))
    let state = self.state
    let id = self.id
    Task {
      var attached = false
      // Answers a second, so a page that asks in a loop costs the server
      // little (a page asks once per click).
      var window = ContinuousClock.now
      var answered = 0
      for await message in client {
        guard case .text(let text) = message, let request = Self.request(text) else { continue }
        if attached {
          if ContinuousClock.now - window > .seconds(1) {
            window = ContinuousClock.now
            answered = 0
          }
          answered += 1
          if answered > Self.maximumAnswersPerSecond { continue }
        }
        if !attached {
          attached = true
          state.attach(id, continuation)
          if let first = state.catchUp(
            shown: request["shown"] ?? 0, player: request["player"] ?? 0,
            sound: request["sound"] ?? -1, whole: false)
          {
            continuation.yield(.text(first))
          }
          continue
        }
        if let at = request["at"] {
          state.notePlayhead(milliseconds: at)
        } else if let index = request["inspect"] {
          continuation.yield(
            .text(state.inspection(of: index, player: request["player"] ?? 0)))
        } else if request["resync"] != nil,
          let whole = state.catchUp(shown: 0, player: 0, whole: true)
        {
          continuation.yield(.text(whole))
        }
      }
      state.detach(id)
      continuation.finish()
    }
    return out
  }

  /// Most inspector or whole-player answers a stream gets in a second.
  static let maximumAnswersPerSecond = 30

  /// The whole numbers of a page's message (`{"shown": 3, "player": 2}`);
  /// `true` reads as 1; nil when it is not such an object.
  static func request(_ text: String) -> [String: Int]? {
    guard text.utf8.count < 256,
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { return nil }
    var out: [String: Int] = [:]
    for (key, value) in object {
      if let number = value as? NSNumber, let whole = Int(exactly: number.doubleValue) {
        out[key] = whole
      }
    }
    return out
  }

  /// The version in `{"shown": N}`; 0 when the text says none.
  static func shownVersion(_ text: String) -> Int {
    request(text)?["shown"] ?? 0
  }
}
