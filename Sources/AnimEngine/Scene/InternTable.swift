#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Values a record cannot hold (a gradient, a dash pattern) interned as
/// numbers it can: the same value gets the same id (1, 2, …) every time, so
/// equal values draw the same and the table grows only with distinct
/// values. Ids are never reused or removed. Guarded by a lock: scripts may
/// run on several threads of one process.
final class InternTable<Value: Hashable>: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_mutex_t>
  private var entries: [Value] = []
  private var ids: [Value: Int] = [:]

  init() {
    lock = .allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
  }

  /// The id of `value` (1, 2, …), made on first use.
  func id(of value: Value) -> Double {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if let id = ids[value] { return Double(id) }
    entries.append(value)
    let id = entries.count
    ids[value] = id
    return Double(id)
  }

  /// The value of `id`, or nil for an id never made (0 included).
  func value(_ id: Double) -> Value? {
    guard id >= 1, id.isFinite else { return nil }
    let i = Int(id) - 1
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return i < entries.count ? entries[i] : nil
  }
}
