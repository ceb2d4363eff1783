/// A property's expression (`x`) that only takes another layer's property,
/// as After Effects writes one when a property is pick-whipped to another
/// (`var $bm_rt;\n$bm_rt = thisComp.layer('Shape Layer 2').transform.position;`,
/// `$bm_rt = thisComp.layer('Ball').content('Group 1').content('Trim Paths
/// 1').end;`): the property then moves as the one it names. anim
/// evaluates it by reading the named property's keyframes in its place
/// (``AnimatedReader/read(_:loops:_:)``), so every use of the property sees
/// them. Only the links ThorVG follows are (a layer's or a group's
/// position, scale, opacity and anchor point, a trim's start, end and
/// offset, a path; not one read at another time, `.valueAtTime(...)`):
/// rlottie follows none, so where ThorVG leaves a link both players draw
/// the property's own keyframes, and anim draws them too. Any other
/// expression is noted and not evaluated (docs/spec.md §25.1).
struct PropertyLink: Sendable, Equatable {
  /// The name of the layer of the same composition (`thisComp`) it takes
  /// the property from: the topmost of that name, as After Effects finds it.
  var layer: String
  /// The names of the shape items leading to the property (`content('A')`
  /// each), from the layer's contents down.
  var contents: [String]
  /// The property's name as expressions say it (`position`, `end`,
  /// `path`, ...), of a transform when `transform` is true.
  var property: String
  /// Whether the property is a transform's (`.transform.position`): the
  /// layer's (`ks`), or with contents the last group's (its `tr` item).
  var transform: Bool

  /// The most links followed from one property (a link to a property that
  /// is itself a link, and so on): past it, as at a cycle, the property is
  /// noted and not evaluated.
  static let maximumDepth = 8

  /// The link an expression says when it is only a property of a layer of
  /// the same composition given to the result; nil for any other
  /// expression.
  init?(expression: String) {
    var reader = ExpressionReader(expression)
    guard reader.takeResult(), reader.take("thisComp"), reader.take("."), reader.take("layer"),
      reader.take("("), let layer = reader.quoted(), reader.take(")")
    else { return nil }
    var contents: [String] = []
    var transform = false
    var property: String?
    while reader.take(".") {
      guard let word = reader.word() else { return nil }
      switch word {
      case "content" where property == nil && !transform:
        guard reader.take("("), let name = reader.quoted(), reader.take(")") else { return nil }
        contents.append(name)
      case "transform" where property == nil && !transform:
        transform = true
      default:
        guard property == nil, Self.keys[word] != nil || Self.transformKeys[word] != nil else {
          return nil
        }
        property = word
      }
    }
    guard reader.takeEnd(), let property else { return nil }
    // A transform's property, or a shape item's (as ThorVG reads them: a
    // layer's own `position` without `.transform` is not one).
    let known =
      transform
      ? Self.transformKeys[property] != nil : !contents.isEmpty && Self.keys[property] != nil
    guard known else { return nil }
    self.layer = layer
    self.contents = contents
    self.property = property
    self.transform = transform
  }

  /// A transform's properties and their keys (a layer's `ks`, a group's
  /// `tr`): those ThorVG takes a link to (it leaves a rotation's and a
  /// skew's, as rlottie leaves every link).
  static let transformKeys: [String: String] = [
    "position": "p", "scale": "s", "opacity": "o", "anchorPoint": "a",
  ]

  /// The shape items' properties ThorVG takes a link to, by the item's type
  /// (`ty`): a trim's and a path's (not a rectangle's or an ellipse's
  /// size, a fill's or a stroke's colour, a stroke's width).
  static let keys: [String: [String: String]] = [
    "path": ["sh": "ks"],
    "start": ["tm": "s"],
    "end": ["tm": "e"],
    "offset": ["tm": "o"],
  ]

  /// The property it names among `layers` (a composition's), or nil where
  /// no layer, item or property of those names is.
  func target(in layers: LayerNames) -> JSONRef? {
    guard let source = layers.first(named: layer), source.kind == .object else { return nil }
    var item = source
    for (depth, name) in contents.enumerated() {
      // A layer's contents are its `shapes`, a group's its items (`it`).
      guard let list = item.optional(depth == 0 ? "shapes" : "it")?.elements,
        let next = list.first(where: { $0.optional("nm")?.isString(name) == true }),
        next.kind == .object
      else { return nil }
      item = next
    }
    let found: JSONRef?
    if transform {
      guard let key = Self.transformKeys[property] else { return nil }
      if contents.isEmpty {
        found = item.optional("ks")?.optional(key)
      } else {
        // A group's transform is its last item, of type `tr`.
        let last = item.optional("it")?.elements?.last(where: {
          $0.optional("ty")?.isString("tr") == true
        })
        found = last?.optional(key)
      }
    } else {
      guard let type = item.optional("ty")?.string, let key = Self.keys[property]?[type] else {
        return nil
      }
      found = item.optional(key)
    }
    guard let found, found.kind == .object, found.optional("k") != nil else { return nil }
    return found
  }
}
