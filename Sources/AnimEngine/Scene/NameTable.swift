/// A table from names (identifiers and property names: short strings) to
/// values, for the lookups done once per name a script writes — the name
/// checker's facts about each name, the property table's index of each
/// property.
///
/// `Dictionary<String, …>` hashes with a seeded SipHash, whose setting up and
/// finishing cost more than the few bytes of a name: a tenth of `anim
/// check`'s time on a large script went to it. This table hashes a name's
/// UTF-8 bytes with FNV-1a (from a per-process random start) and probes
/// linearly, comparing a 32-bit tag before comparing strings.
///
/// FNV-1a is no defence against names chosen to collide: should an insertion
/// probe more than `longestProbe` places, the table moves its entries into a
/// `Dictionary` (seeded SipHash, which no text can aim at) and uses that from
/// then on, so that no script makes the table quadratic.
public struct NameTable<Value: Sendable>: Sendable {
  @usableFromInline var tags: [UInt32]
  @usableFromInline var keys: [String]
  @usableFromInline var values: [Value?]
  @usableFromInline var mask: Int
  /// How many names the open table holds (see `count`).
  @usableFromInline var used = 0
  /// How many names the table holds.
  @inlinable public var count: Int { fallback?.count ?? used }
  /// The entries, once names have been made to collide (see above).
  @usableFromInline var fallback: [String: Value]?

  /// An insertion that probes past this many places turns the table into a
  /// `Dictionary`.
  @usableFromInline static var longestProbe: Int { 48 }

  /// Whether every name hashes alike (tests only: to show the table's
  /// turn into a `Dictionary` when names collide).
  @usableFromInline let everyHashEqual: Bool

  /// An empty table with room for `capacity` names before it grows.
  @inlinable public init(minimumCapacity capacity: Int = 8) {
    self.init(minimumCapacity: capacity, everyHashEqual: false)
  }

  @usableFromInline init(minimumCapacity capacity: Int, everyHashEqual: Bool) {
    self.everyHashEqual = everyHashEqual
    let size = Self.size(for: capacity)
    tags = Array(repeating: 0, count: size)
    keys = Array(repeating: "", count: size)
    values = Array(repeating: nil, count: size)
    mask = size - 1
  }

  /// The value of `name`, or nil.
  @inlinable public subscript(name: String) -> Value? {
    if let fallback { return fallback[name] }
    let hash = hash(name)
    let tag = Self.tag(hash)
    var i = Int(truncatingIfNeeded: hash) & mask
    while true {
      let t = tags[i]
      if t == 0 { return nil }
      if t == tag && keys[i] == name { return values[i] }
      i = (i &+ 1) & mask
    }
  }

  /// The value of `name`, which is first set to `defaultValue` where the
  /// table has none; changed in place.
  @inlinable public subscript(name: String, default defaultValue: @autoclosure () -> Value) -> Value
  {
    get { self[name] ?? defaultValue() }
    _modify {
      if fallback != nil {
        yield &fallback![name, default: defaultValue()]
      } else {
        let i = slot(for: name, inserting: defaultValue)
        if fallback != nil {
          yield &fallback![name, default: defaultValue()]
        } else {
          yield &values[i]!
        }
      }
    }
  }

  /// Makes room for `capacity` names in all.
  @inlinable public mutating func reserveCapacity(_ capacity: Int) {
    if fallback != nil {
      fallback!.reserveCapacity(capacity)
    } else if Self.size(for: capacity) > tags.count {
      rehash(into: Self.size(for: capacity))
    }
  }

  /// Every name and its value, in no particular order.
  @inlinable public var entries: [(name: String, value: Value)] {
    if let fallback { return fallback.map { ($0.key, $0.value) } }
    return tags.indices.compactMap { i in tags[i] == 0 ? nil : (keys[i], values[i]!) }
  }

  // MARK: Inside

  /// The slot holding `name`, after putting it in with `defaultValue` if
  /// it was not there (which may grow the table or turn it into a
  /// `Dictionary`: then the slot is meaningless, and `fallback` is set).
  @inlinable mutating func slot(for name: String, inserting defaultValue: () -> Value) -> Int {
    let hash = hash(name)
    let tag = Self.tag(hash)
    var i = Int(truncatingIfNeeded: hash) & mask
    var probes = 0
    while true {
      let t = tags[i]
      if t == 0 { break }
      if t == tag && keys[i] == name { return i }
      i = (i &+ 1) & mask
      probes &+= 1
    }
    if probes > Self.longestProbe {
      var dictionary = [String: Value](minimumCapacity: used + 1)
      for entry in entries { dictionary[entry.name] = entry.value }
      dictionary[name] = defaultValue()
      fallback = dictionary
      tags = []
      keys = []
      values = []
      return 0
    }
    // At most half full: a probe meets an empty slot soon.
    if (used + 1) * 2 > tags.count {
      rehash(into: tags.count * 2)
      return slot(for: name, inserting: defaultValue)
    }
    tags[i] = tag
    keys[i] = name
    values[i] = defaultValue()
    used += 1
    return i
  }

  @inlinable mutating func rehash(into size: Int) {
    let old = (tags, keys, values)
    tags = Array(repeating: 0, count: size)
    keys = Array(repeating: "", count: size)
    values = Array(repeating: nil, count: size)
    mask = size - 1
    for j in old.0.indices where old.0[j] != 0 {
      var i = Int(truncatingIfNeeded: hash(old.1[j])) & mask
      while tags[i] != 0 { i = (i &+ 1) & mask }
      tags[i] = old.0[j]
      keys[i] = old.1[j]
      values[i] = old.2[j]
    }
  }

  /// The smallest power of two at least twice `capacity` (and 8).
  @inlinable static func size(for capacity: Int) -> Int {
    var size = 8
    while size < min(capacity, 1 << 40) * 2 { size *= 2 }
    return size
  }

  @inlinable
  func hash(_ name: String) -> UInt64 {
    everyHashEqual ? 0 : NameHash.of(name)
  }

  /// A nonzero tag from the hash's high half.
  @inlinable
  static func tag(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 32) | 1
  }
}

/// The hash `NameTable` uses: FNV-1a over a name's UTF-8 bytes, from a
/// start mixed with a random number once per process, its high bits folded
/// into the low ones (FNV's low bits depend only on the bytes' low bits).
@usableFromInline enum NameHash {
  @inlinable
  static func of(_ name: String) -> UInt64 {
    if let h = name.utf8.withContiguousStorageIfAvailable({ bytes in fnv(bytes) }) { return h }
    return fnv(name.utf8)
  }

  @inlinable
  static func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var h = seed
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return h ^ (h >> 29)
  }

  @usableFromInline static let seed: UInt64 =
    0xcbf2_9ce4_8422_2325 ^ UInt64.random(in: 0...UInt64.max)
}
