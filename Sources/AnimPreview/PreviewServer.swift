import FlyingFox
import FlyingSocks
import Foundation

/// The preview's HTTP server (SPEC §19): its page at `/`, its update stream
/// (a WebSocket) at `/stream`, and nothing else.
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
/// - every path but `/` and `/stream` is 404, every method but GET (and HEAD
///   for the page) 405, and a request with a body 413: it reads no file from
///   disk and accepts no upload;
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
  /// one), serving what `publish` last gave it.
  public init(host: String, port: UInt16) throws(StartError) {
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
    state = PreviewState()
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
      || (request.headers[.contentLength].map { $0 != "0" } ?? false)
    {
      return Self.text(.payloadTooLarge, "413 the preview accepts no request body\n")
    }
    switch request.path {
    case "/":
      guard request.method == .GET || request.method == .HEAD else {
        return Self.text(.methodNotAllowed, "405 only GET\n")
      }
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
        ]),
        body: request.method == .HEAD ? Data() : page)
      response.headers[.contentLength] = String(page.count)
      return response
    case "/stream":
      guard request.method == .GET else { return Self.text(.methodNotAllowed, "405 only GET\n") }
      guard let stream = state.openStream() else {
        return Self.text(.serviceUnavailable, "503 too many pages are open\n")
      }
      return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: stream))
        .handleRequest(request)
    default:
      return Self.text(.notFound, "404 not found: the preview serves / and /stream only\n")
    }
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
