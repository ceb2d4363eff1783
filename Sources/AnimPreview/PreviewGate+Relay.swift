import FlyingSocks
import Foundation

/// How the gate moves bytes: an answer from the server to the client, the
/// stream both ways (the page's frames bounded), and its own refusals.
extension PreviewGate {
  /// Passes an open stream's bytes both ways until either side closes, or
  /// the page breaks `StreamFrameBounds`, or sends no message within
  /// `headTimeout` seconds (a handshake that then stays silent holds a
  /// stream's place no longer than a slow head holds a connection's).
  /// `early` is what the page sent after its handshake in the same read.
  static func relay(early: ArraySlice<UInt8>, client: AsyncSocket, server: AsyncSocket) async {
    let heard = Heard()
    let silence = Task {
      try await Task.sleep(for: .seconds(headTimeout))
      if !heard.value {
        shut(client.socket)
        shut(server.socket)
      }
    }
    defer { silence.cancel() }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await pageToServer(early, client: client, server: server, heard: heard) }
      group.addTask { try? await copy(from: server, to: client) }
      await group.next()
      shut(client.socket)
      shut(server.socket)
      await group.next()
    }
  }

  /// Copies the page's frames to the server while they stay within
  /// `StreamFrameBounds`; returns (and so ends the stream) when they do not.
  private static func pageToServer(
    _ early: ArraySlice<UInt8>, client: AsyncSocket, server: AsyncSocket, heard: Heard
  ) async throws {
    var bounds = StreamFrameBounds()
    var bytes = Array(early)
    while true {
      if !bytes.isEmpty {
        guard bounds.take(bytes) == .pass else { return }
        if bounds.messages > 0 { heard.set() }
        try await server.write(Data(bytes))
      }
      do {
        bytes = try await client.read(atMost: 16 * 1024)
      } catch SocketError.disconnected {
        return
      }
    }
  }

  /// Whether a page has sent a message up its stream.
  private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var heard = false
    var value: Bool { lock.withLock { heard } }
    func set() { lock.withLock { heard = true } }
  }

  /// Copies `from` to `to` until `from` ends.
  static func copy(from source: AsyncSocket, to target: AsyncSocket) async throws {
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
  /// connection (`finish`; the caller closes it).
  static func refuse(_ client: AsyncSocket, _ status: String, _ body: String) async {
    let response =
      "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    try? await client.write(Data(response.utf8))
    await finish(client)
  }

  /// Ends an answered connection: says no more will be sent, then reads and
  /// drops what the client still sends (at most `lingerBytes`, for at most
  /// `lingerTime`, until it closes) before the caller closes it: closing
  /// with unread bytes would reset the connection and could destroy the
  /// answer before the client reads it.
  static func finish(_ client: AsyncSocket) async {
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
}
