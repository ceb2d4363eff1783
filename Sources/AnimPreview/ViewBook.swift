import AnimEngine
import AnimExport
import AnimLanguage

/// What the studio's inspector shows of each drawn view (SPEC §24): its
/// name, kind, every property of its kind with the keyframes the page
/// evaluates at the playhead, the runs that animate it, and the `file:line`
/// of its declaration. Kept for the last good build; a view's entry is made
/// into JSON only when the page asks for it.
public struct ViewBook: Sendable {
  /// The recording the page plays: every property of every drawn view, as
  /// keyframes (`PropertyTrack`), the values `anim run` has at frame times.
  let recording: StageRecording
  /// Where each view (by painting index) was last declared, `file:line`.
  let declarations: [Int: String]
  /// The ids of the runs that animate each view (by painting index).
  let runs: [[Int]]
  /// Each view's properties that are not numbers (a string, an outline),
  /// as `print` writes them at the end of the range: they are not recorded
  /// as keyframes.
  let words: [[String: String]]

  init(
    recording: StageRecording, declarations: [Int: String], runs: [[Int]], scene: Scene?
  ) {
    self.recording = recording
    self.declarations = declarations
    self.runs = runs
    words = recording.views.map { view in
      guard let scene else { return [:] }
      var out: [String: String] = [:]
      let state = scene.state(of: view.id)
      for property in view.kind.properties() where property.lanes == 0 {
        out[property.name] = Formatting.propertyText(property, of: state)
      }
      return out
    }
  }

  /// The run ids per view (by painting index) from each lane's views.
  static func runs(of lanes: [RunLane], animating views: [[Int]], views count: Int) -> [[Int]] {
    var out = [[Int]](repeating: [], count: count)
    for (lane, indices) in zip(lanes, views) {
      for i in indices where i < count && out[i].last != lane.id { out[i].append(lane.id) }
    }
    return out
  }

  /// How many views there are.
  public var count: Int { recording.views.count }

  /// The inspector's entry for view `index` as JSON, or nil past the views:
  /// `{"index","name","kind","declared","runs","start","fps","properties"}`,
  /// each property `{"name","type",…}` with `keys` (`[time, value, easing]`:
  /// a number or `[r, g, b, a]`; easing 0 hold, 1 straight, `[x1, y1, x2,
  /// y2]` a cubic Bézier), a choice its `cases`, a text its `frames`
  /// (`[frame, "shown"]` from the frame each is first shown), and a string
  /// or an outline its `value` as `print` writes it.
  public func inspection(of index: Int) -> String? {
    guard recording.views.indices.contains(index) else { return nil }
    let view = recording.views[index]
    var properties: [JSONValue] = []
    for property in view.kind.properties() {
      var members: [(String, JSONValue)] = [("name", .string(property.name))]
      switch property.declaration.type {
      case .number:
        members.append(("type", .string("number")))
      case .paint
      where view.track(property).keys.contains(where: { Paint.isGradient($0.value) }):
        // A gradient (SPEC §21.1) is shown as `print` writes it, at the
        // first frame: its lanes are an id and a progress, not a colour.
        let first = view.track(property).keys.first?.value ?? .zero
        members.append(("type", .string("word")))
        members.append(("value", .string(PaintText.text(Paint(first)))))
        properties.append(.object(members))
        continue
      case .color, .paint:
        members.append(("type", .string("color")))
      case .dash:
        // A dash pattern (SPEC §21.3) as `print` writes it, at the first
        // frame: its lane is an id.
        let first = view.track(property).keys.first?.value[0] ?? 0
        let written = DashPatterns.pattern(first)?.written ?? []
        members.append(("type", .string("word")))
        members.append(
          ("value", .string("[" + written.map(NumberText.format).joined(separator: ", ") + "]")))
        properties.append(.object(members))
        continue
      case .boolean:
        members.append(("type", .string("boolean")))
      case .choice(let cases):
        members.append(("type", .string("choice")))
        members.append(("cases", .array(cases.map { .string($0) })))
      case .string where property == .text && !view.textRuns.isEmpty:
        members.append(("type", .string("text")))
        let frames = view.textRuns.map {
          JSONValue.array([.integer($0.frame), .string(SyntaxFormat.quoted($0.text.shown))])
        }
        members.append(("frames", .array(frames)))
        properties.append(.object(members))
        continue
      case .string, .outline:
        members.append(("type", .string("word")))
        members.append(("value", .string(words[index][property.name] ?? "none")))
        properties.append(.object(members))
        continue
      }
      let lanes = property.lanes == 4 ? 4 : 1
      let keys = view.track(property).keys.map { key -> JSONValue in
        let value: JSONValue =
          lanes == 1
          ? .number(key.value[0])
          : .array((0..<lanes).map { .number(key.value[$0]) })
        return .array([.number(key.time), value, Self.easing(key.out)])
      }
      members.append(("keys", .array(keys)))
      properties.append(.object(members))
    }
    let entry: JSONValue = .object([
      ("index", .integer(index)),
      ("name", .string(view.name)),
      ("kind", .string(view.kind.name)),
      ("declared", declarations[index].map { .string($0) } ?? .string("")),
      ("runs", .array(runs[index].map { .integer($0) })),
      ("start", .number(recording.start)),
      ("fps", .number(recording.frameRate)),
      ("properties", .array(properties)),
    ])
    return entry.text
  }

  /// How a keyframe leaves, as the page's evaluator reads it.
  private static func easing(_ out: KeyInterpolation) -> JSONValue {
    switch out {
    case .hold: return .integer(0)
    case .linear, .sampled: return .integer(1)
    case .bezier(let x1, let y1, let x2, let y2):
      return .array([.number(x1), .number(y1), .number(x2), .number(y2)])
    }
  }
}
