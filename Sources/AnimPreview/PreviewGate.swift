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
/// - a head that is not a well-formed HTTP/1.x request, or that repeats a
///   field the gate and the server could read differently (two `Host`s, two
///   `Content-Length`s), is answered 400 here (`RequestHead.refusal`); the
///   server is given only the header lines it reads, short ones
///   (`RequestHead.forwardedFields`);
/// - a request with a body is answered 413 here (the preview takes none),
///   so no body ever reaches the server library;
/// - every request is forwarded with `Connection: close`, so each
///   connection carries one request and the gate never passes a second head
///   it has not bounded; its answer has `PreviewServer.requestTimeout`
///   seconds to be sent;
/// - only a handshake to `/stream` that the server accepts (101) leaves
///   the head's bounds: then the page's frames pass through
///   `StreamFrameBounds`, and the page must send its first message within
///   `headTimeout` seconds; at most `PreviewServer.maximumStreams` such
///   streams (and handshakes on their way) are open at once (503 past it);
/// - a connection being refused (431, 400, 413, 503) has left its place:
///   it is closed within `lingerTime` seconds;
/// - at most `maximumConnections` connections are open at once: past it, a
///   new connection takes the place of the oldest one still sending its
///   head, else of the oldest one being answered (its client may be one
///   that never reads), never of a stream. Since streams hold at most
///   `maximumStreams` places, a new client always finds one: clients that
///   hold sockets can never keep the page from a well-behaved one.
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
  /// Seconds a connection has to send its whole head before it is closed,
  /// and a new stream to send its first message.
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

  /// Where one connection is: sending its head, being answered (or its
  /// handshake), or passing the stream through; and the connection to the
  /// server once there is one (an eviction closes both).
  private struct Place {
    var client: Socket
    var server: Socket?
    var phase: Phase
  }

  private enum Phase {
    case head, answer, handshake, stream

    /// The order in which places are taken back when every one is in use:
    /// heads first, then answers; never a stream or a handshake (they are
    /// few, `PreviewServer.maximumStreams`).
    var evictionRank: Int? {
      switch self {
      case .head: return 0
      case .answer: return 1
      case .handshake, .stream: return nil
      }
    }
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
    for place in places { Self.shut(place) }
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

  // MARK: Places

  /// Gives `socket` a place, taking back the place of the oldest connection
  /// still sending its head (else of the oldest being answered) when every
  /// place is taken; nil when none can be taken back.
  private func admit(_ socket: Socket) -> Int? {
    let (id, evicted) = lock.withLock { () -> (Int?, Place?) in
      var evicted: Place?
      if open.count >= Self.maximumConnections {
        let candidates = open.compactMap { key, place in
          place.phase.evictionRank.map { (rank: $0, id: key) }
        }
        guard let oldest = candidates.min(by: { ($0.rank, $0.id) < ($1.rank, $1.id) }) else {
          return (nil, nil)
        }
        evicted = open.removeValue(forKey: oldest.id)
      }
      nextID += 1
      open[nextID] = Place(client: socket, server: nil, phase: .head)
      return (nextID, evicted)
    }
    if let evicted { Self.shut(evicted) }
    return id
  }

  /// Moves connection `id` to `phase` with its `server` connection; false
  /// when it was taken back meanwhile.
  private func move(_ id: Int, to phase: Phase, server: Socket? = nil) -> Bool {
    lock.withLock {
      guard open[id] != nil else { return false }
      open[id]?.phase = phase
      if let server { open[id]?.server = server }
      return true
    }
  }

  /// Moves connection `id` to a handshake when fewer than
  /// `PreviewServer.maximumStreams` streams and handshakes are open; false
  /// when that many are (or `id` was taken back).
  private func reserveStream(_ id: Int) -> Bool {
    lock.withLock {
      guard open[id] != nil else { return false }
      let streams = open.values.filter { $0.phase == .handshake || $0.phase == .stream }.count
      guard streams < PreviewServer.maximumStreams else { return false }
      open[id]?.phase = .handshake
      return true
    }
  }

  private func leave(_ id: Int) {
    _ = lock.withLock { open.removeValue(forKey: id) }
  }

  // MARK: One connection

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
      leave(id)
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
    if let refusal = head.refusal {
      leave(id)
      await Self.refuse(client, refusal.status, "\(refusal.status.prefix(3)) \(refusal.reason)\n")
      return
    }
    if head.hasBody {
      leave(id)
      await Self.refuse(
        client, "413 Content Too Large", "413 the preview accepts no request body\n")
      return
    }
    let handshake = head.isStreamHandshake
    if handshake && !reserveStream(id) {
      leave(id)
      await Self.refuse(client, "503 Service Unavailable", "503 too many pages are open\n")
      return
    }
    guard let address = lock.withLock({ inner }),
      let server = try? await AsyncSocket.connected(to: address, pool: pool)
    else {
      await Self.refuse(client, "503 Service Unavailable", "503 the preview is stopping\n")
      return
    }
    defer { try? server.close() }
    guard move(id, to: handshake ? .handshake : .answer, server: server.socket) else { return }
    // The answer's (or the handshake's) deadline.
    let answerWatchdog = Task {
      try await Task.sleep(for: .seconds(PreviewServer.requestTimeout))
      Self.shut(client.socket)
      Self.shut(server.socket)
    }
    defer { answerWatchdog.cancel() }
    do {
      try await server.write(Data(head.forwarded(upgrade: handshake)))
      guard handshake else {
        try await Self.copy(from: server, to: client)
        await Self.finish(client)
        return
      }
      let (accepted, answer) = try await Self.readStatus(from: server)
      try await client.write(Data(answer))
      guard accepted else {
        try await Self.copy(from: server, to: client)
        await Self.finish(client)
        return
      }
      answerWatchdog.cancel()
      guard move(id, to: .stream) else { return }
      await Self.relay(
        early: head.bytes[head.headLength...], client: client, server: server)
    } catch {}
  }

  /// Reads the server's answer to a handshake until its status is known:
  /// whether it is 101 (the stream is open), and the bytes read.
  private static func readStatus(from server: AsyncSocket) async throws -> (Bool, [UInt8]) {
    let accepted = Array("HTTP/1.1 101 ".utf8)
    var bytes: [UInt8] = []
    while bytes.count < accepted.count {
      bytes += try await server.read(atMost: 16 * 1024)
    }
    return (bytes.starts(with: accepted), bytes)
  }

  /// Ends both directions of `socket` without freeing its descriptor (the
  /// task that owns it closes it), so a read or write waiting on it returns.
  static func shut(_ socket: Socket) {
    _ = shutdown(socket.file.rawValue, Int32(SHUT_RDWR))
  }

  private static func shut(_ place: Place) {
    shut(place.client)
    if let server = place.server { shut(server) }
  }
}
