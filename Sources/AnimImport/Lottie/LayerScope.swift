/// The layer whose properties are being read: how far their loops repeat
/// (``KeyframeLoop``) and which layers their links can name
/// (``PropertyLink``). Set for the time its properties are read
/// (``AnimatedReader/within(_:of:_:)``).
struct LayerScope: Sendable {
  /// Its out point: a `loopOut` repeats its keyframes up to it.
  var outPoint: Double
  /// The layers of its composition (`thisComp`), topmost first, as the
  /// file lists them.
  var siblings: [JSONRef]
}
