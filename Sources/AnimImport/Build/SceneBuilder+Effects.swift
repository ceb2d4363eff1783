import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A layer's effects and blend mode as its view's group properties (SPEC
/// §21.2, §25): Gaussian Blur (`ty` 29) as `blur`, Drop Shadow (`ty` 25) as
/// `shadowColor`, `shadowX`, `shadowY`, `shadowBlur`, `bm` as `blend`. The
/// parameters are the inverse of anim's own Lottie export
/// (Sources/AnimExport/Formats/LottieEffects.swift, docs/export.md):
/// σ = 0.3 × Blurriness (lottie-web's `kBlurrinessToSigma`), a shadow's
/// σ = Softness / 4, its offset Distance along Direction (0 up, clockwise),
/// its alpha Opacity / 255. The players apply a layer's effects in the
/// layer's own space, before its transform and its parents' (ThorVG scales
/// σ and the distance by the layer's world scale and turns the direction
/// with it; lottie-web filters the element its transform is on), as anim
/// applies a view's in the view's own: the values carry over unchanged.
extension SceneBuilder {
  /// anim's largest σ (SPEC §21.2).
  static let maximumSigma = 250.0

  /// Lottie's blend modes anim draws (`bm` → `blend`), the rest by name
  /// for notes.
  static func blendName(_ mode: Int) -> (word: String?, lottie: String) {
    let names = [
      "normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge",
      "color burn", "hard light", "soft light", "difference", "exclusion", "hue", "saturation",
      "color", "luminosity", "add",
    ]
    let lottie = mode >= 0 && mode < names.count ? names[mode] : "unknown"
    // Lottie's 1–11 are the W3C's order, as anim's modes are; 16 is add.
    let drawn: [BlendMode] = [
      .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
      .softLight, .difference, .exclusion,
    ]
    switch mode {
    case 1...11: return (drawn[mode - 1].name, lottie)
    case 16: return (BlendMode.add.name, lottie)
    default: return (nil, lottie)
    }
  }

  /// Gives the view `own` of `layer` its blend mode and effects; notes
  /// what anim cannot draw.
  func applyEffects(_ layer: Layer, to own: Int, clock: TimeMap)
    throws(ImportError)
  {
    if layer.blendMode != 0 {
      let (word, lottie) = Self.blendName(layer.blendMode)
      if let word {
        model.views[own].set("blend", .word(word))
        if layer.blendMode == 16,
          layer.transform.opacity.keyframes.contains(where: { $0.value < 100 })
        {
          // anim's add is plus-lighter: below + the layer's premultiplied
          // colour, clamped. After Effects and ThorVG mix the clamped sum
          // below + colour by the opacity instead: the same wherever the
          // sum stays within white.
          note(
            layer.transform.opacity.ref ?? layer.ref,
            "add (bm 16) on a layer below 100 % opacity drawn as plus-lighter: brighter than"
              + " the players where the sum passes white (they mix the clamped sum by the opacity)")
        }
      } else {
        note(
          layer.ref,
          "blend mode \(layer.blendMode) (\(lottie)) not drawn: anim's blend has no \(lottie)")
      }
    }
    guard !layer.effects.isEmpty else { return }
    var blurred = false
    var shadowed = false
    for effect in layer.effects {
      let type = try effect.optionalNumber("ty")
      let name = (try? effect.optionalText("nm")) ?? nil
      let enabled = try effect.optional("en").map { (v) throws(ImportError) in
        try v.finiteNumber() != 0
      }
      if enabled == false { continue }
      if type == 29 && !blurred {
        blurred = try applyBlur(effect, to: own, clock: clock)
      } else if type == 25 && !shadowed {
        shadowed = try applyShadow(effect, to: own, clock: clock)
      } else if type == 29 || type == 25 {
        note(
          effect, "a second \(type == 29 ? "Gaussian Blur" : "Drop Shadow") on one layer not drawn")
      } else {
        note(effect, "layer effect\(name.map { " '\($0)'" } ?? "") not drawn")
      }
    }
  }

  /// The effect's parameter at `index` (its `ef` list, in the order After
  /// Effects writes them), its `v`.
  private func parameter(_ effect: JSONRef, _ index: Int) throws(ImportError) -> JSONRef? {
    guard let list = effect.optional("ef") else { return nil }
    let items = try list.array()
    guard index < items.count else { return nil }
    return try items[index].object().optional("v")
  }

  private func number(_ effect: JSONRef, _ index: Int, or fallback: Double) throws(ImportError)
    -> Animated<Double>
  {
    guard let v = try parameter(effect, index) else { return Animated(fixed: fallback) }
    // A bare number for `{"a": 0, "k": …}`, as some tools write an angle
    // (dotlottie-rs' `elapsed_time`: ThorVG draws it so).
    if let fixed = v.number { return Animated(fixed: fixed.isFinite ? fixed : fallback) }
    return try AnimatedReader.number(v)
  }

  /// σ values held to anim's range, noted where they are not.
  private func sigma(_ track: Track<Double>, ref: JSONRef, property: String) -> Track<Double> {
    var over = false
    let held = track.map { v -> Double in
      if v > Self.maximumSigma { over = true }
      return min(max(v.isFinite ? v : 0, 0), Self.maximumSigma)
    }
    if over {
      note(ref, "\(property) over anim's σ of \(NumberFormat.exact(Self.maximumSigma)) drawn at it")
    }
    return held
  }

  private func applyBlur(_ effect: JSONRef, to own: Int, clock: TimeMap)
    throws(ImportError) -> Bool
  {
    let blurriness = try number(effect, 0, or: 0)
    noteReading(blurriness)
    let dimensions = try number(effect, 1, or: 1)
    if dimensions.first != 1 || dimensions.isAnimated {
      note(
        effect,
        "a blur along one axis drawn along both (anim's blur is the same in every direction)")
    }
    let track = sigma(
      Track(blurriness, clock: clock).map { $0 * 0.3 }.fromZero(rate: rate, end: end),
      ref: effect, property: "blur")
    guard track.isAnimated || track.initial != 0 else { return true }
    model.views[own].set("blur", .number(track.initial))
    model.views[own].runs += MotionChain.runs([("blur", track)])
    return true
  }

  private func applyShadow(_ effect: JSONRef, to own: Int, clock: TimeMap)
    throws(ImportError) -> Bool
  {
    let color: Animated<[Double]>
    if let v = try parameter(effect, 0) {
      color = try AnimatedReader.color(v)
    } else {
      color = Animated(fixed: [0, 0, 0])
    }
    let opacity = try number(effect, 1, or: 127.5)
    let direction = try number(effect, 2, or: 135)
    let distance = try number(effect, 3, or: 5)
    let softness = try number(effect, 4, or: 0)
    let only = try number(effect, 5, or: 0)
    for p in [opacity, direction, distance, softness, only] { noteReading(p) }
    noteReading(color)
    if only.first != 0 || only.isAnimated {
      note(effect, "a drop shadow drawn without its layer (Shadow Only) drawn with it")
    }
    // Colour, opacity, direction and distance as one track of the shadow's
    // colour and its offset, in the layer's space as in the view's.
    func numbers(_ p: Animated<Double>) -> Track<[Double]> {
      Track(p, clock: clock).map { [$0] }
    }
    let joined = joinedTrack(
      [Track(color, clock: clock), numbers(opacity), numbers(direction), numbers(distance)],
      ref: effect)
    func values(_ v: [Double]) -> [(String, ScriptValue)] {
      let (s, c) = Affine.sinCos(degrees: v[4])
      let (x, y) = (v[5] * s, -v[5] * c)
      return [
        ("shadowColor", .rgba([v[0], v[1], v[2], min(max(v[3] / 255, 0), 1)])),
        ("shadowX", .number(x.isFinite ? x : 0)), ("shadowY", .number(y.isFinite ? y : 0)),
      ]
    }
    var view = model.views[own]
    for (name, value) in values(joined.initial) { view.set(name, value) }
    if joined.isAnimated {
      view.runs.append(
        ScriptRun(
          parts: MotionChain.parts(joined, same: ==) { _, to, duration, ease in
            .tween(values(to), duration: duration, ease: ease)
          }))
    }
    let blur = sigma(
      Track(softness, clock: clock).map { $0 / 4 }.fromZero(rate: rate, end: end),
      ref: effect, property: "shadow softness")
    view.set("shadowBlur", .number(blur.initial))
    view.runs += MotionChain.runs([("shadowBlur", blur)])
    model.views[own] = view
    return true
  }
}
