import FlyingFox
import FlyingSocks
import Foundation

/// The preview's HTTP server (SPEC §19, §24): its page at `/`, its update
/// stream (a WebSocket) at `/stream`, the render request (`POST
/// /render?format=F`) and the rendered file (`GET /render/N`), and nothing
/// else.
///
/// Safety rules, each enforced here:
/// - it listens where the host says (loopback unless `--host`);
/// - a request whose `Host` header names neither the address it listens on
///   nor `localhost` (with its port) is answered 403, so a page of another
///   site that a DNS name points at 127.0.0.1 cannot read it (DNS rebinding);
/// - a request whose `Origin` header names another origin than the page's
///   own (`http://` and its `Host`) is answered 403: a page of another site
///   can neither open the stream (cross-site WebSocket hijacking) nor fetch
///   the page;
/// - every path but `/`, `/stream` and `/render` is 404, every method but
///   GET (and HEAD for the page, POST for a render) 405, and a request with
///   a body 413: it reads no file from disk but the one it rendered, and
///   accepts no upload;
/// - a render request needs the page's own `Origin` and the session's token
///   (`X-Anim-Token`), the download the token (403 without); one render
///   runs at a time (409);
/// - at most `maximumStreams` pages listen to the stream at once (503 past
///   it), and each request has `requestTimeout` seconds;
/// - in front of it all, `PreviewGate` bounds a request's head
///   (`PreviewGate.maximumHead` bytes, `PreviewGate.headTimeout` seconds)
///   and the connections open at once (`PreviewGate.maximumConnections`).
public final class PreviewServer: Sendable {
  /// Most pages listening to the update stream at once.
  public static let maximumStreams = 16
  /// Seconds a request may take before the server answers it with 500.
  public static let requestTimeout = 60.0
  /// Seconds a request for the page waits for the script's first run (a
  /// browser opened at once gets the animation, not an empty page).
  public static let firstBuildWait = 50.0

  /// Why the server could not start.
  public enum StartError: Error, Equatable {
    /// The port is taken (EADDRINUSE): SPEC §19 makes this exit 75.
    case portInUse(UInt16)
    /// The host is not an IPv4 or IPv6 address.
    case badHost(String)
    /// Any other failure to listen, with the system's words.
    case cannotListen(String)
  }

  private let server: HTTPServer
  private let state: PreviewState
  private let address: any SocketAddress
  private let gate = GateHolder()
  /// The host as given (`127.0.0.1`, `::1`, `0.0.0.0`).
  public let host: String

  /// A server for `host` (an IPv4 or IPv6 address) and `port` (0: a free
  /// one), serving what `publish` last gave it. `title` names what it
  /// shows (the page's title: the file); `renderer` makes the files the
  /// page's render buttons ask for (none: they answer 503).
  public init(
    host: String, port: UInt16, title: String = "anim preview",
    renderer: (any PreviewRendering)? = nil
  ) throws(StartError) {
    self.host = host
    do {
      if host.contains(":") {
        address = try sockaddr_in6.inet6(ip6: host, port: port)
      } else {
        address = try sockaddr_in.inet(ip4: host, port: port)
      }
    } catch {
      throw .badHost(host)
    }
    state = PreviewState(title: title, renderer: renderer)
    // FlyingFox listens on a private loopback port; only the gate, which
    // bounds heads and connections, talks to it.
    let inner: sockaddr_in
    do {
      inner = try sockaddr_in.inet(ip4: "127.0.0.1", port: 0)
    } catch {
      throw .cannotListen("no loopback address")
    }
    let config = HTTPServer.Configuration(
      address: inner, timeout: Self.requestTimeout, sharedRequestReplaySize: 0,
      logger: .disabled)
    server = HTTPServer(config: config, handler: PreviewHandler(state: state))
    requestedPort = port
  }

  private let requestedPort: UInt16

  /// Starts listening (the server runs on its own tasks) and returns the
  /// port it listens on.
  public func start() throws(StartError) -> UInt16 {
    let front: PreviewGate
    do {
      front = try PreviewGate(address: address)
    } catch SocketError.failed(let type, let code, let message) {
      if code == EADDRINUSE { throw .portInUse(requestedPort) }
      throw .cannotListen("\(type): \(message)")
    } catch {
      throw .cannotListen(error.localizedDescription)
    }
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let server = self.server
    Task {
      do {
        try await server.run()
      } catch {
        outcome.set(.failure(error))
        done.signal()
      }
    }
    Task {
      do {
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let innerPort)? = await server.listeningAddress,
          let port = front.port
        else {
          throw StartError.cannotListen("the server did not start")
        }
        try await front.start(innerPort: innerPort)
        outcome.set(.success(port))
      } catch {
        outcome.set(.failure(error))
      }
      done.signal()
    }
    done.wait()
    switch outcome.value {
    case .success(let port)?:
      gate.set(front)
      state.setAuthorities(host: host, port: port)
      return port
    case .failure(let error)?:
      front.stop()
      if let error = error as? StartError { throw error }
      throw .cannotListen(error.localizedDescription)
    case nil:
      front.stop()
      throw .cannotListen("the server did not start")
    }
  }

  /// Shows `build` on every open page (and on pages opened later). A build
  /// that failed keeps the last good animation and shows its error over it.
  /// `pausedAt` pauses the page at that clock time (the REPL's clock).
  public func publish(_ build: PreviewBuild, pausedAt: Double? = nil) {
    state.publish(build, pausedAt: pausedAt)
  }

  /// Tells every open page that a save was seen and is being built (the
  /// page shows "building…" until the next build is drawn).
  public func noteBuilding() {
    state.noteBuilding()
  }

  /// The clock time the open pages last said they show (nil until one
  /// says): where a long build draws its still (SPEC §24).
  public var playhead: Double? { state.playhead }

  /// Shows every open page that is waiting for a build the frame that
  /// build reached at `time`, as a still SVG of the stage, until the build
  /// itself arrives (SPEC §24).
  public func publishStill(_ svg: String, at time: Double) {
    state.publishStill(svg, at: time)
  }

  /// Stops listening and closes every connection.
  public func stop() {
    let done = DispatchSemaphore(value: 0)
    let server = self.server
    let state = self.state
    let gate = self.gate
    Task {
      gate.take()?.stop()
      state.closeStreams()
      await server.stop(timeout: 0.5)
      done.signal()
    }
    done.wait()
  }

  /// The page as a new visitor gets it now (for tests).
  public var page: String { state.page }

  /// The gate once started, for `stop`.
  private final class GateHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var gate: PreviewGate?
    func set(_ value: PreviewGate) { lock.withLock { gate = value } }
    func take() -> PreviewGate? {
      lock.withLock {
        defer { gate = nil }
        return gate
      }
    }
  }

  /// The first result of two racing tasks.
  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<UInt16, any Error>?
    func set(_ value: Result<UInt16, any Error>) {
      lock.lock()
      if stored == nil { stored = value }
      lock.unlock()
    }
    var value: Result<UInt16, any Error>? {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
  }
}

/// Answers the server's requests (see `PreviewServer` for the rules).
struct PreviewHandler: HTTPHandler {
  let state: PreviewState

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let host = request.headers[.host], state.allows(host: host) else {
      return Self.text(.forbidden, "403 forbidden: the Host header must name this server\n")
    }
    // A browser names the page that sends a request in `Origin` (always on
    // a WebSocket handshake, on a POST, on a fetch from another origin);
    // only the preview's own page may use it (cross-site WebSocket
    // hijacking). A request without one is not a page of another site.
    if let origin = request.headers[.origin], !PreviewState.isOwn(origin: origin, host: host) {
      return Self.text(
        .forbidden,
        "403 forbidden: only the preview's own page (\(PreviewState.origin(of: host))) may ask\n")
    }
    if request.headers[.transferEncoding] != nil
      || (request.headers[.contentLength].map { $0.contains { $0 != "0" } } ?? false)
    {
      return Self.text(.payloadTooLarge, "413 the preview accepts no request body\n")
    }
    switch request.path {
    case "/":
      guard request.method == .GET || request.method == .HEAD else {
        return Self.text(.methodNotAllowed, "405 only GET\n")
      }
      return try await page(head: request.method == .HEAD)
    case "/stream":
      guard request.method == .GET else { return Self.text(.methodNotAllowed, "405 only GET\n") }
      guard let stream = state.openStream() else {
        return Self.text(.serviceUnavailable, "503 too many pages are open\n")
      }
      return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: stream))
        .handleRequest(request)
    case "/render":
      guard request.method == .POST else { return Self.text(.methodNotAllowed, "405 only POST\n") }
      return startRender(request, host: host)
    default:
      if request.path.hasPrefix("/render/"), let id = Int(request.path.dropFirst(8)), id > 0 {
        guard request.method == .GET else {
          return Self.text(.methodNotAllowed, "405 only GET\n")
        }
        return download(id, request)
      }
      return Self.text(.notFound, "404 not found: the preview serves / and /stream only\n")
    }
  }

  /// The page, once the first build is there (or `firstBuildWait` passed).
  private func page(head: Bool) async throws -> HTTPResponse {
    let waited = ContinuousClock.now
    while !state.hasPublished
      && ContinuousClock.now - waited < .seconds(PreviewServer.firstBuildWait)
    {
      try await Task.sleep(for: .milliseconds(20))
    }
    let page = state.pageData
    var response = HTTPResponse(
      statusCode: .ok,
      headers: HTTPHeaders([
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        HTTPHeader("Content-Security-Policy"): PreviewPage.contentSecurityPolicy,
        HTTPHeader("X-Content-Type-Options"): "nosniff",
      ]),
      body: head ? Data() : page)
    response.headers[.contentLength] = String(page.count)
    return response
  }

  /// `POST /render?format=F` (SPEC §24): only the page may ask, so the
  /// request must carry the page's own `Origin` (a browser always sends
  /// one with a POST) and the session's token; one render at a time.
  private func startRender(_ request: HTTPRequest, host: String) -> HTTPResponse {
    guard let origin = request.headers[.origin], PreviewState.isOwn(origin: origin, host: host)
    else {
      return Self.text(.forbidden, "403 forbidden: a render is asked for by the preview's page\n")
    }
    guard state.token.matches(request.headers[HTTPHeader(PreviewToken.header)]) else {
      return Self.text(.forbidden, "403 forbidden: the render request lacks the page's token\n")
    }
    let asked = request.query.first { $0.name == "format" }?.value ?? ""
    guard let format = RenderFormat(rawValue: asked) else {
      return Self.text(.badRequest, "400 format must be mp4, gif, json or html\n")
    }
    let state = self.state
    switch state.renders.start(format, renderer: state.renderer, report: { state.broadcast($0) }) {
    case .success(let id):
      return HTTPResponse(
        statusCode: .accepted,
        headers: HTTPHeaders([.contentType: "application/json", .cacheControl: "no-store"]),
        body: Data("{\"id\":\(id)}".utf8))
    case .failure(.busy):
      return Self.text(.conflict, "409 a render is running: one at a time\n")
    case .failure(.unavailable):
      return Self.text(.serviceUnavailable, "503 this preview renders nothing\n")
    }
  }

  /// `GET /render/N`: the file render N made, to the page that holds the
  /// token.
  private func download(_ id: Int, _ request: HTTPRequest) -> HTTPResponse {
    guard state.token.matches(request.headers[HTTPHeader(PreviewToken.header)]) else {
      return Self.text(.forbidden, "403 forbidden: the download lacks the page's token\n")
    }
    guard let file = state.renders.file(id),
      let bytes = FileManager.default.contents(atPath: file.path)
    else {
      return Self.text(.notFound, "404 no such rendered file\n")
    }
    return HTTPResponse(
      statusCode: .ok,
      headers: HTTPHeaders([
        .contentType: file.format.contentType, .cacheControl: "no-store",
        .contentDisposition: "attachment; filename=\"\(file.name)\"",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
      ]),
      body: bytes)
  }

  static func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: HTTPHeaders([.contentType: "text/plain; charset=utf-8"]),
      body: Data(body.utf8))
  }
}

extension HTTPHeader {
  /// The origin of the page that sent a request (RFC 6454).
  static let origin = HTTPHeader("Origin")
}
