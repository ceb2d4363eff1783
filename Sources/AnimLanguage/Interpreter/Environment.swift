/// A scope of names: the globals, a function call's parameters, a loop's
/// variable, a handler's body.
final class Environment {
  private var values: [String: Value] = [:]
  let parent: Environment?

  init(parent: Environment? = nil) { self.parent = parent }

  /// The value bound to `name` here or in an enclosing scope.
  func lookup(_ name: String) -> Value? {
    if let v = values[name] { return v }
    return parent?.lookup(name)
  }

  /// Binds `name` in this scope.
  func define(_ name: String, _ value: Value) { values[name] = value }

  /// Rebinds `name` where it is bound, or binds it here.
  func assign(_ name: String, _ value: Value) {
    var scope: Environment? = self
    while let s = scope {
      if s.values[name] != nil {
        s.values[name] = value
        return
      }
      scope = s.parent
    }
    values[name] = value
  }

  /// Unbinds every name here. The interpreter calls it on the scopes that
  /// closures captured when it goes away, to break the reference cycles a
  /// `def` or a handler makes (scope → function or handle → closure → scope).
  func removeAll() { values.removeAll() }

  /// Every name bound here and in enclosing scopes (for completion).
  var allNames: [String] { Array(values.keys) + (parent?.allNames ?? []) }
}
