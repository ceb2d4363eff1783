/// A scope of names: the globals, a function call's parameters, a loop's
/// variable, a handler's body.
///
/// Most scopes hold a name or two (a loop's variable, a call's parameters),
/// which a linear scan finds faster than hashing the name: hashing was
/// four tenths of a simple loop's time. A scope that grows past
/// `indexedFrom` names (the globals of a real script) indexes them in a
/// dictionary.
///
/// The three stores skip Swift's dynamic exclusivity checks (a quarter of a
/// loop's time): only this class's methods touch them, none of which calls
/// out while it holds one, and no value a write releases has a `deinit`
/// that could reach back into a scope.
final class Environment {
  @exclusivity(unchecked) private var names: [String] = []
  @exclusivity(unchecked) private var values: [Value] = []
  /// Name → position in `names`, kept once the scope has `indexedFrom` names.
  @exclusivity(unchecked) private var index: [String: Int] = [:]
  let parent: Environment?

  /// Scopes with more names than this index them.
  private static let indexedFrom = 8

  init(parent: Environment? = nil) { self.parent = parent }

  /// Where `name` is bound in this scope, if it is.
  @inline(__always)
  private func position(of name: String) -> Int? {
    if names.count > Self.indexedFrom { return index[name] }
    for i in names.indices where names[i] == name { return i }
    return nil
  }

  /// The value bound to `name` here or in an enclosing scope.
  func lookup(_ name: String) -> Value? {
    var scope: Environment? = self
    while let s = scope {
      if let i = s.position(of: name) { return s.values[i] }
      scope = s.parent
    }
    return nil
  }

  /// Binds `name` in this scope.
  func define(_ name: String, _ value: Value) {
    if let i = position(of: name) {
      values[i] = value
      return
    }
    names.append(name)
    values.append(value)
    if names.count == Self.indexedFrom + 1 {
      for (i, n) in names.enumerated() { index[n] = i }
    } else if names.count > Self.indexedFrom {
      index[name] = names.count - 1
    }
  }

  /// Rebinds `name` where it is bound, or binds it here.
  func assign(_ name: String, _ value: Value) {
    var scope: Environment? = self
    while let s = scope {
      if let i = s.position(of: name) {
        s.values[i] = value
        return
      }
      scope = s.parent
    }
    define(name, value)
  }

  /// Unbinds every name here. The interpreter calls it on the scopes that
  /// closures captured when it goes away, to break the reference cycles a
  /// `def` or a handler makes (scope → function or handle → closure → scope).
  func removeAll() {
    names.removeAll()
    values.removeAll()
    index.removeAll()
  }

  /// Every name bound here and in enclosing scopes (for completion).
  var allNames: [String] { names + (parent?.allNames ?? []) }
}
