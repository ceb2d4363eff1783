/// Lottie's slots (the Lottie Animation Community's specification 1.0,
/// `slots`): a property, gradient, image asset or text document that
/// names a slot (`"sid": "ID"`) takes the value the animation's
/// `slots.ID.p` holds, as ThorVG and the dotLottie players read it, so a
/// file's own colours can be swapped without touching its layers. Slots
/// given over them — a dotLottie theme's (`t/ID.json`, ``DotLottieTheme``),
/// a file of slots (`anim import --slots`) — are looked at first
/// (docs/spec.md §25).
struct LottieSlots: Sendable {
  /// The animation's own `slots`, by id.
  var file: [String: JSONRef]
  /// Slots given over the file's, by id, the first table's winning.
  var overrides: [[String: JSONRef]]

  /// The slots of `root` (a Lottie document's top level), with
  /// `overrides`' over them; nil when there are none (most files), so
  /// that reading pays nothing for them. Each table is indexed once (a
  /// file may name a slot from 100 000 properties).
  static func of(_ root: JSONRef, overrides: [JSONRef]) -> LottieSlots? {
    func table(_ object: JSONRef?) -> [String: JSONRef] {
      // A key written twice is its last value, as JSON.parse keeps.
      var result: [String: JSONRef] = [:]
      for (key, value) in object?.members ?? [] { result[key] = value }
      return result
    }
    let slots = LottieSlots(
      file: table(root.optional("slots")), overrides: overrides.map(table).filter { !$0.isEmpty })
    return slots.file.isEmpty && slots.overrides.isEmpty ? nil : slots
  }

  /// The value slot `id` holds (its `p`), if a table has it.
  func value(_ id: String) -> JSONRef? {
    for table in overrides + [file] {
      if let slot = table[id], let value = slot.optional("p") { return value }
    }
    return nil
  }
}

/// Slots given over a Lottie file's own (a JSON object of `{"ID": {"p":
/// value}}`, the form of the file's `slots`): a dotLottie theme's
/// (``DotLottie/theme(_:animation:)``) or a file's (`anim import --slots`).
public struct SlotValues: Sendable {
  /// What pointers into them start with: `theme t/dark.json: /slots`,
  /// `dark.json: `.
  public let origin: String
  /// The JSON object.
  public let json: [UInt8]

  public init(origin: String, json: [UInt8]) {
    self.origin = origin
    self.json = json
  }
}

extension JSONRef {
  /// The value of the slot this object names (`sid`), when the
  /// document's slots hold it; nil otherwise.
  var slotValue: JSONRef? {
    guard let slots = document.slots, kind == .object, let id = self["sid"]?.string else {
      return nil
    }
    return slots.value(id)
  }

  /// This object, or the value of the slot it names (``slotValue``).
  var slotted: JSONRef { slotValue ?? self }
}
