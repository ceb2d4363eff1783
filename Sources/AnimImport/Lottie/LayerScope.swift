import Synchronization

/// The layer whose properties are being read: how far their loops repeat
/// (``KeyframeLoop``) and which layers their links can name
/// (``PropertyLink``). Set for the time its properties are read
/// (``AnimatedReader/within(_:of:_:)``).
struct LayerScope: Sendable {
  /// Its out point: a `loopOut` repeats its keyframes up to it.
  var outPoint: Double
  /// The layers of its composition (`thisComp`).
  var siblings: LayerNames
}

/// A composition's layers by name, for links (``PropertyLink``): the
/// index is made on the first link looked up, once for all the
/// composition's layers (a file of thousands of links to one another
/// looks each up in constant time, not by a walk over every layer).
final class LayerNames: Sendable {
  /// The layers, topmost first, as the file lists them.
  let layers: [JSONRef]
  private let index = Mutex<[String: JSONRef]?>(nil)

  init(_ layers: [JSONRef]) { self.layers = layers }

  /// The topmost layer named `name`, as After Effects finds it.
  func first(named name: String) -> JSONRef? {
    index.withLock { index in
      if index == nil {
        var made: [String: JSONRef] = [:]
        for layer in layers {
          guard let name = layer["nm"]?.string, made[name] == nil else { continue }
          made[name] = layer
        }
        index = made
      }
      return index?[name]
    }
  }
}
