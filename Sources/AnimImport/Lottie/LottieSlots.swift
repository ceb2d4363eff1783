/// Lottie's slots (the Lottie Animation Community's specification 1.0,
/// `slots`): a property, gradient, image asset or text document that
/// names a slot (`"sid": "ID"`) takes the value the animation's
/// `slots.ID.p` holds, as ThorVG and the dotLottie players read it, so a
/// file's own colours can be swapped without touching its layers. A
/// dotLottie theme (`t/ID.json`, ``DotLottieTheme``) is a second table of
/// slots, looked at first (docs/spec.md §25).
struct LottieSlots: Sendable {
  /// The animation's own `slots` object.
  var file: JSONRef?
  /// A theme's slots, made from its rules: they win over the file's.
  var theme: JSONRef?

  /// The slots of `root` (a Lottie document's top level), with `theme`'s
  /// over them; nil when there are none (most files), so that reading
  /// pays nothing for them.
  static func of(_ root: JSONRef, theme: JSONRef?) -> LottieSlots? {
    let file = root.optional("slots").flatMap { $0.kind == .object ? $0 : nil }
    guard file != nil || theme != nil else { return nil }
    return LottieSlots(file: file, theme: theme)
  }

  /// The value slot `id` holds (its `p`), if a table has it.
  func value(_ id: String) -> JSONRef? {
    for table in [theme, file] {
      if let slot = table?[id], let value = slot.optional("p") { return value }
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
