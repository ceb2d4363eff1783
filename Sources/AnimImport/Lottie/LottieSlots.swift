/// Lottie's slots (the Lottie Animation Community's specification 1.0,
/// `slots`): a property, gradient, image asset or text document that
/// names a slot (`"sid": "ID"`) takes the value the animation's
/// `slots.ID.p` holds, as ThorVG and the dotLottie players read it, so a
/// file's own colours can be swapped without touching its layers. A
/// dotLottie theme (`t/ID.json`, ``DotLottieTheme``) is a second table of
/// slots, looked at first (docs/spec.md §25).
struct LottieSlots: Sendable {
  /// The animation's own `slots`, by id.
  var file: [String: JSONRef]
  /// A theme's slots, made from its rules, by id: they win over the file's.
  var theme: [String: JSONRef]

  /// The slots of `root` (a Lottie document's top level), with `theme`'s
  /// over them; nil when there are none (most files), so that reading
  /// pays nothing for them. Each table is indexed once (a file may name
  /// a slot from 100 000 properties).
  static func of(_ root: JSONRef, theme: JSONRef?) -> LottieSlots? {
    func table(_ object: JSONRef?) -> [String: JSONRef] {
      // A key written twice is its last value, as JSON.parse keeps.
      var result: [String: JSONRef] = [:]
      for (key, value) in object?.members ?? [] { result[key] = value }
      return result
    }
    let slots = LottieSlots(file: table(root.optional("slots")), theme: table(theme))
    return slots.file.isEmpty && slots.theme.isEmpty ? nil : slots
  }

  /// The value slot `id` holds (its `p`), if a table has it.
  func value(_ id: String) -> JSONRef? {
    for table in [theme, file] {
      if let slot = table[id], let value = slot.optional("p") { return value }
    }
    return nil
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
