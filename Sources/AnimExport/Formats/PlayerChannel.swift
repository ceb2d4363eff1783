import AnimEngine

/// One CSS property of a view's `<rect>` in the HTML player and the recorded
/// lanes it is made of: the one table of what the player animates and how.
///
/// The player animates the element's own presentation properties (the
/// individual transform properties `translate`, `rotate`, `scale`, the
/// rectangle's geometry and its fill), never custom properties: the browser
/// then samples each animation straight into the property it draws, without
/// recomputing `calc()` expressions on every element at every frame, and
/// `getComputedStyle` reads what is drawn.
///
/// A view's alpha is its fill's `fill-opacity`, and the colour's own alpha
/// the alpha of its `fill` colour: the two multiply, as SPEC §12.1 draws
/// them. CSS `opacity` would do the same but costs a layer per element when
/// drawn (W1 in headless Chromium: about 0.3 frames per second against 2
/// with `fill-opacity`, BENCHMARKS.md "The HTML player"), so it is used only
/// for a view whose colour's alpha changes: CSS blends colours of different
/// alphas premultiplied, anim blends each channel straight, so such a
/// colour is animated as `rgb(r g b)` with its alpha in `fill-opacity`, and
/// the view's alpha in `opacity` (the rect is then marked
/// `data-alpha="opacity"` for the readout).
struct PlayerChannel: Sendable {
  /// A recorded lane: lane `lane` of `property`.
  struct Source: Sendable {
    let property: Property
    let lane: Int
  }

  /// The CSS property.
  let css: String
  /// The lanes the CSS value is made of, in the order `text` takes them.
  let sources: [Source]
  /// For a value made of two properties recorded apart (`translate` of x and
  /// y, `scale` of scaleX and scaleY): the value of a component that adds
  /// nothing (0 for a translation, 1 for a scale). Such a channel whose two
  /// properties move on different keyframes is two animations, the second
  /// composited onto the first (`composite: "add"`: translations add, scales
  /// multiply). Nil for a channel of one property.
  let identity: Double?
  /// The CSS value of the lanes' values.
  let text: @Sendable ([Double]) -> String

  /// The properties the channel reads, each once, in order.
  var properties: [Property] {
    var out: [Property] = []
    for s in sources where !out.contains(s.property) { out.append(s.property) }
    return out
  }

  /// The channels of a view whose colour's alpha never changes
  /// (`fill-opacity` is the view's alpha), in the order the player applies
  /// them.
  static let all = channels(alphaAsOpacity: false)
  /// The channels of a view whose colour's alpha changes (`opacity` is the
  /// view's alpha).
  static let withOpacity = channels(alphaAsOpacity: true)

  /// The channels for `view` (see the type's notes on alpha). A view whose
  /// stroke shows keeps the view's alpha in `fill-opacity` and
  /// `stroke-opacity` even when its colour's alpha changes: `opacity` would
  /// fade its fill and stroke together as one group, where anim draws each
  /// paint at its own alpha (SPEC §16.2), which differs wherever the stroke
  /// overlaps the fill. Its fill colour is then written with its alpha, and
  /// sampled at every frame where the colour's red, green or blue changes
  /// with its alpha (`straightColour`).
  static func of(_ view: RecordedView) -> [PlayerChannel] {
    let colour = view.track(.color).keys
    let first = colour.first?.value[3] ?? 1
    // A gradient's stops carry its alphas (``HTMLPlayerWriter/gradientPaint``).
    return colour.allSatisfy { $0.value[3] == first } || strokes(view)
      || PaintSamples.holdsGradient(view.track(.color)) ? all : withOpacity
  }

  /// Whether a view's stroke shows at some time of the recording.
  static func strokes(_ view: RecordedView) -> Bool {
    view.kind.outline != .none && view.track(.stroke).keys.contains { $0.value[3] > 0 }
      && view.track(.strokeWidth).keys.contains { $0.value[0] > 0 }
  }

  /// A colour track whose keyframes a browser interpolates as anim does at
  /// every frame time: CSS blends two colours of different alphas
  /// premultiplied, anim each channel straight, which agree when only the
  /// alpha or only the red, green and blue change; where both change
  /// between two keyframes, the colour at every frame time inside, straight
  /// between frames.
  static func straightColour(_ track: PropertyTrack, recording: StageRecording) -> PropertyTrack {
    let keys = track.keys
    guard recording.frameRate > 0, keys.count > 1 else { return track }
    var out = KeyframeList()
    var changed = false
    for i in 0..<keys.count {
      var key = keys[i]
      guard i + 1 < keys.count, key.out != .hold else {
        out.append(key)
        continue
      }
      let next = keys[i + 1]
      let hue = (0..<3).contains { key.value[$0] != next.value[$0] }
      guard hue && key.value[3] != next.value[3] else {
        out.append(key)
        continue
      }
      changed = true
      key.out = .linear
      out.append(key)
      let n = recording.frameRate
      var k = ((key.time - recording.start) * n).rounded(.down) + 1
      while recording.start + k / n < next.time - 1e-9 {
        let t = recording.start + k / n
        if t > key.time + 1e-9 {
          out.append(Keyframe(time: t, value: track.value(at: t), out: .linear))
        }
        k += 1
      }
    }
    return changed ? PropertyTrack(property: track.property, keys: out) : track
  }

  private static func channels(alphaAsOpacity: Bool) -> [PlayerChannel] {
    @Sendable func px(_ v: Double) -> String { JSONValue.format(v) + "px" }
    @Sendable func length(_ v: Double) -> String { px(max(v, 0)) }
    // Opacities and colour channels are written as recorded (an easing may
    // carry them past 0…1); the browser draws them clamped, as anim does.
    @Sendable func byte(_ v: Double) -> String {
      JSONValue.format((v * 255 * 1e6).rounded() / 1e6)
    }
    var list = [
      PlayerChannel(
        css: "translate", sources: [Source(property: .x, lane: 0), Source(property: .y, lane: 0)],
        identity: 0, text: { px($0[0]) + " " + px($0[1]) }),
      PlayerChannel(
        css: "rotate", sources: [Source(property: .rotation, lane: 0)], identity: nil,
        text: { JSONValue.format($0[0]) + "deg" }),
      PlayerChannel(
        css: "scale",
        sources: [Source(property: .scaleX, lane: 0), Source(property: .scaleY, lane: 0)],
        identity: 1, text: { JSONValue.format($0[0]) + " " + JSONValue.format($0[1]) }),
      // The rectangle is centred on the element's origin, about which it
      // turns and scales: x = −width/2, y = −height/2.
      PlayerChannel(
        css: "width", sources: [Source(property: .width, lane: 0)], identity: nil,
        text: { length($0[0]) }),
      PlayerChannel(
        css: "x", sources: [Source(property: .width, lane: 0)], identity: nil,
        text: { px(-max($0[0], 0) / 2) }),
      PlayerChannel(
        css: "height", sources: [Source(property: .height, lane: 0)], identity: nil,
        text: { length($0[0]) }),
      PlayerChannel(
        css: "y", sources: [Source(property: .height, lane: 0)], identity: nil,
        text: { px(-max($0[0], 0) / 2) }),
    ]
    if alphaAsOpacity {
      list += [
        PlayerChannel(
          css: "fill",
          sources: (0..<3).map { Source(property: .color, lane: $0) }, identity: nil,
          text: { "rgb(\(byte($0[0])) \(byte($0[1])) \(byte($0[2])))" }),
        PlayerChannel(
          css: "fill-opacity", sources: [Source(property: .color, lane: 3)], identity: nil,
          text: { JSONValue.format($0[0]) }),
        PlayerChannel(
          css: "opacity", sources: [Source(property: .alpha, lane: 0)], identity: nil,
          text: { JSONValue.format($0[0]) }),
      ]
    } else {
      list += [
        PlayerChannel(
          css: "fill",
          sources: (0..<4).map { Source(property: .color, lane: $0) }, identity: nil,
          text: {
            "rgb(\(byte($0[0])) \(byte($0[1])) \(byte($0[2])) / \(JSONValue.format($0[3])))"
          }),
        PlayerChannel(
          css: "fill-opacity", sources: [Source(property: .alpha, lane: 0)], identity: nil,
          text: { JSONValue.format($0[0]) }),
      ]
    }
    // SVG draws a radius larger than half a side as half that side (SPEC
    // §12.1's clamp), so the radius itself is animated: the top-left's,
    // which a `<rect>`'s four corners share (``RecordedCorners``).
    for css in ["rx", "ry"] {
      list.append(
        PlayerChannel(
          css: css, sources: [Source(property: .cornerTopLeft, lane: 0)], identity: nil,
          text: { length($0[0]) }))
    }
    return list
  }
}
