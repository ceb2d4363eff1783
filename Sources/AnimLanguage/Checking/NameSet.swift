/// A set of names, for the name checker: it inserts every name a script binds
/// (a 10 MB script binds some 100 000) and looks up every function, member
/// base and run handle it uses.
///
/// Names are told apart by their UTF-8 bytes. For anim's names, which are
/// ASCII, that is the same as `String` equality; two spellings of an accented
/// letter (precomposed or not) would be two names here.
///
/// `Set<String>` would hash each name with SipHash through `Hasher`, which
/// costs more than parsing the name did. This set hashes a name's UTF-8 bytes
/// eight at a time with a multiply-and-mix hash (names are short and the
/// table is not exposed to hash flooding: a script can only slow down its own
/// check), and keeps the names in an array, in insertion order, so that the
/// table holds only small indices.
struct NameSet {
  /// The names, each once, in the order they were first inserted.
  private(set) var names: [String] = []
  /// Open addressing with linear probing. A slot holds 0 when empty, else the
  /// name's index in `names` plus one in its low 32 bits and the high 32 bits
  /// of the name's hash above them: a probe compares names only when those
  /// match, so that most probes read nothing but the table (with 100 000
  /// names the table and the names are far larger than the cache, and each
  /// extra read is a miss). The size is a power of two, at least twice the
  /// number of names.
  private var slots: [UInt64]

  init() {
    slots = [UInt64](repeating: 0, count: 256)
  }

  init(_ names: some Sequence<String>) {
    self.init()
    for name in names { insert(name) }
  }

  var count: Int { names.count }

  /// Whether the set holds `name`.
  func contains(_ name: String) -> Bool {
    probe(name, hash: NameSet.hash(name)).found
  }

  /// Adds `name` if it is not there yet.
  mutating func insert(_ name: String) {
    let hash = NameSet.hash(name)
    let (slot, found) = probe(name, hash: hash)
    if found { return }
    names.append(name)
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(names.count)
    if names.count * 2 > slots.count { grow() }
  }

  /// The slot holding `name`, or the empty slot where it would go: the
  /// table probes linearly from the hash's low bits, and an entry keeps the
  /// hash's high 32 bits beside the name's index plus one (0: empty).
  @inline(__always)
  private func probe(_ name: String, hash: UInt64) -> (slot: Int, found: Bool) {
    let tag = hash & 0xFFFF_FFFF_0000_0000
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (slot, false) }
      if entry & 0xFFFF_FFFF_0000_0000 == tag, names[Int(entry & 0xFFFF_FFFF) - 1] == name {
        return (slot, true)
      }
      slot = (slot + 1) & mask
    }
  }

  /// Doubles the table and places every name again. The slot of a name is
  /// the low bits of its hash, which the table does not keep: they are
  /// computed again, once per name per doubling, reading the names in order
  /// (reading them in the order of the old table would miss the cache).
  private mutating func grow() {
    var larger = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for (index, name) in names.enumerated() {
      let hash = NameSet.hash(name)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
    }
    slots = larger
  }

  /// A 64-bit hash of the name's UTF-8 bytes: each 8-byte word (the last one
  /// zero-padded) is folded in with a multiplication, then the result is
  /// mixed (the finaliser of MurmurHash3) so that the low bits, which pick
  /// the slot, depend on every byte.
  static func hash(_ name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { bytes in
      var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
      var index = 0
      while index + 8 <= bytes.count {
        let word = UInt64(
          littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(
            fromByteOffset: index, as: UInt64.self))
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        index += 8
      }
      if index < bytes.count {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
          word |= UInt64(bytes[index]) << shift
          shift += 8
          index += 1
        }
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      }
      hash ^= hash >> 33
      hash = hash &* 0xC4CE_B9FE_1A85_EC53
      hash ^= hash >> 33
      return hash
    }
  }
}
