import FlyingFox
import FlyingSocks
import Foundation

/// The preview's front door (SPEC §19): it takes every connection on the
/// address the user sees, bounds what FlyingFox does not, and hands each
/// request that passes to the FlyingFox server on a private loopback port.
///
/// FlyingFox reads a request's head line by line into memory with no limit
/// and keeps every connection a client opens for as long as it likes,
/// before any handler or socket-pool hook could look at it (a pool sees a
/// socket only when a read would block, so a fast sender is never seen).
/// The gate therefore owns the accept and the head:
/// - a head (request line and headers, up to the blank line) longer than
///   `maximumHead` bytes, or with a line longer than `maximumLine`, is
///   answered 431 and the connection closed, having kept at most that many
///   bytes;
/// - a head that is not complete within `headTimeout` seconds closes the
///   connection (a slowloris client holds a place no longer than that);
/// - a request with a body is answered 413 here (the preview takes none),
///   so no body ever reaches the server library;
/// - at most `maximumConnections` connections are open at once: past it, a
///   new connection takes the place of the oldest one still sending its
///   head, or, when every place is serving, is answered 503 and closed;
/// - a request that is not a WebSocket upgrade is forwarded with
///   `Connection: close`, so each connection carries one request and the
///   gate never reads a second head it has not bounded; its answer has
///   `PreviewServer.requestTimeout` seconds to be sent;
/// - an upgrade to the stream is forwarded as it is and then passed through
///   both ways until either side closes (the server caps the streams at
///   `PreviewServer.maximumStreams`).
///
/// The gate finds the blank line and reads three header names; everything
/// else about HTTP (the request line, `Host`, methods, paths, the WebSocket
/// handshake) is left to FlyingFox.
final class PreviewGate: @unchecked Sendable {
  /// Most bytes of one request head (request line and header lines, with
  /// their line ends and the blank line); longer is 431. Browsers send a
  /// few hundred bytes; 16 KiB is what common servers allow by default.
  static let maximumHead = 16 * 1024
  /// Most bytes of one line of a head (with its line end); longer is 431.
  /// FlyingFox's time to read a line grows with the square of its length
  /// (8 KiB: about 0.3 s in a release build, 64 KiB: 13 s), so this bound
  /// is also a bound on the work one request can cost. Apache's default.
  static let maximumLine = 8 * 1024
  /// Seconds a connection has to send its whole head before it is closed.
  static let headTimeout = 10.0
  /// Most connections open at once (pages, streams and requests in flight).
  static let maximumConnections = 64

  private let listener: Socket
  private let pool: any AsyncSocketPool
  private let lock = NSLock()
  private var inner: sockaddr_in?
  private var open: [Int: Place] = [:]
  private var nextID = 0
  private var tasks: [Task<Void, Never>] = []

  /// Where one connection is: sending its head (evictable), being answered,
  /// or passing the stream through.
  private struct Place {
    var socket: Socket
    var phase: Phase
  }

  private enum Phase {
    case head, answer, stream
  }

  /// Binds and listens on `address` (so a port in use fails here, before
  /// anything starts).
  init(address: any SocketAddress) throws {
    listener = try Socket(domain: Int32(type(of: address).family))
    try listener.setValue(true, for: .localAddressReuse)
    try listener.bind(to: address)
    try listener.listen()
    pool = HTTPServer.defaultPool()
  }

  /// The port the gate listens on.
  var port: UInt16? {
    switch try? listener.sockname() {
    case .ip4(_, let port)?, .ip6(_, let port)?: return port
    default: return nil
    }
  }

  /// Starts accepting, handing requests that pass to `innerPort` on
  /// 127.0.0.1.
  func start(innerPort: UInt16) async throws {
    try await pool.prepare()
    let inner = try sockaddr_in.inet(ip4: "127.0.0.1", port: innerPort)
    let pool = self.pool
    let accepting = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await pool.run() }
        group.addTask { await self.acceptConnections() }
        await group.next()
        group.cancelAll()
      }
    }
    lock.withLock {
      self.inner = inner
      tasks.append(accepting)
    }
  }

  /// Stops accepting and closes every connection the gate holds.
  func stop() {
    let (running, places) = lock.withLock { () -> ([Task<Void, Never>], [Place]) in
      defer {
        tasks = []
        open = [:]
      }
      return (tasks, Array(open.values))
    }
    Self.shut(listener)
    for place in places { Self.shut(place.socket) }
    for task in running { task.cancel() }
    try? listener.close()
  }

  private func acceptConnections() async {
    guard let listening = try? AsyncSocket(socket: listener, pool: pool) else { return }
    while !Task.isCancelled {
      let client: AsyncSocket
      do {
        client = try await listening.accept()
      } catch SocketError.disconnected {
        return
      } catch {
        // Out of descriptors (EMFILE) or a connection reset before it was
        // taken: wait a little rather than spin, and keep serving.
        if Task.isCancelled { return }
        try? await Task.sleep(for: .milliseconds(50))
        continue
      }
      guard let id = admit(client.socket) else {
        Task {
          await Self.refuse(client, "503 Service Unavailable", "503 too many connections\n")
          try? client.close()
        }
        continue
      }
      Task { await self.serve(client, id: id) }
    }
  }

  /// Gives `socket` a place, evicting the oldest connection still sending
  /// its head when every place is taken; nil when every place is serving.
  private func admit(_ socket: Socket) -> Int? {
    let evicted: Socket?
    let id: Int?
    (id, evicted) = lock.withLock { () -> (Int?, Socket?) in
      var evicted: Socket?
      if open.count >= Self.maximumConnections {
        guard let oldest = open.filter({ $0.value.phase == .head }).keys.min() else {
          return (nil, nil)
        }
        evicted = open.removeValue(forKey: oldest)?.socket
      }
      nextID += 1
      open[nextID] = Place(socket: socket, phase: .head)
      return (nextID, evicted)
    }
    if let evicted { Self.shut(evicted) }
    return id
  }

  private func move(_ id: Int, to phase: Phase) -> Bool {
    lock.withLock {
      guard open[id] != nil else { return false }
      open[id]?.phase = phase
      return true
    }
  }

  private func leave(_ id: Int) {
    _ = lock.withLock { open.removeValue(forKey: id) }
  }

  private func serve(_ client: AsyncSocket, id: Int) async {
    defer {
      leave(id)
      try? client.close()
    }
    // The head's deadline: shutting the socket wakes a read waiting on it.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(Self.headTimeout))
      Self.shut(client.socket)
    }
    let head: RequestHead
    do {
      head = try await RequestHead.read(
        from: client, limit: Self.maximumHead, lineLimit: Self.maximumLine)
    } catch RequestHead.Failure.tooLarge {
      watchdog.cancel()
      await Self.refuse(
        client, "431 Request Header Fields Too Large",
        "431 a request's head may have \(Self.maximumHead) bytes,"
          + " and each of its lines \(Self.maximumLine)\n")
      return
    } catch {
      watchdog.cancel()
      return
    }
    watchdog.cancel()
    if head.hasBody {
      await Self.refuse(
        client, "413 Content Too Large", "413 the preview accepts no request body\n")
      return
    }
    guard let address = lock.withLock({ inner }),
      let server = try? await AsyncSocket.connected(to: address, pool: pool)
    else {
      await Self.refuse(client, "503 Service Unavailable", "503 the preview is stopping\n")
      return
    }
    defer { try? server.close() }
    if head.isUpgrade {
      guard move(id, to: .stream) else { return }
      await Self.passThrough(head.bytes, client: client, server: server)
    } else {
      guard move(id, to: .answer) else { return }
      let answerWatchdog = Task {
        try await Task.sleep(for: .seconds(PreviewServer.requestTimeout))
        Self.shut(client.socket)
        Self.shut(server.socket)
      }
      do {
        try await server.write(Data(head.closingBytes))
        try await Self.copy(from: server, to: client)
      } catch {}
      answerWatchdog.cancel()
    }
  }

  /// Passes the stream's bytes both ways until either side closes.
  private static func passThrough(_ head: [UInt8], client: AsyncSocket, server: AsyncSocket) async {
    do {
      try await server.write(Data(head))
    } catch {
      return
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await copy(from: client, to: server) }
      group.addTask { try? await copy(from: server, to: client) }
      await group.next()
      shut(client.socket)
      shut(server.socket)
      await group.next()
    }
  }

  /// Copies `from` to `to` until `from` ends.
  private static func copy(from source: AsyncSocket, to target: AsyncSocket) async throws {
    while true {
      let bytes: [UInt8]
      do {
        bytes = try await source.read(atMost: 16 * 1024)
      } catch SocketError.disconnected {
        return
      }
      try await target.write(Data(bytes))
    }
  }

  /// Answers `status` with a short plain-text body and ends the
  /// connection (the caller closes it). What the client still sends is read
  /// and dropped for a moment first (at most `lingerBytes`, for at most
  /// `lingerTime`): closing with unread bytes would reset the connection
  /// and could destroy the answer before the client reads it.
  private static func refuse(_ client: AsyncSocket, _ status: String, _ body: String) async {
    let response =
      "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    try? await client.write(Data(response.utf8))
    _ = shutdown(client.socket.file.rawValue, Int32(SHUT_WR))
    let watchdog = Task {
      try await Task.sleep(for: .seconds(lingerTime))
      shut(client.socket)
    }
    var dropped = 0
    while dropped < lingerBytes, let bytes = try? await client.read(atMost: 16 * 1024) {
      dropped += bytes.count
    }
    watchdog.cancel()
    shut(client.socket)
  }

  /// Most bytes read and dropped after a refusal before the connection closes.
  static let lingerBytes = 1 << 20
  /// Most seconds spent reading and dropping after a refusal.
  static let lingerTime = 1.0

  /// Ends both directions of `socket` without freeing its descriptor (the
  /// task that owns it closes it), so a read or write waiting on it returns.
  private static func shut(_ socket: Socket) {
    _ = shutdown(socket.file.rawValue, Int32(SHUT_RDWR))
  }
}
