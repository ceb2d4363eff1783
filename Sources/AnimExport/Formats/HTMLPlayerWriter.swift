import AnimEngine

/// Writes a recording as one self-contained HTML page that plays it (SPEC
/// §13): inline SVG animated with the Web Animations API, with controls and
/// the `#t=T` hook that writes `<pre id="anim-state">`.
///
/// Every property of every view is a registered CSS custom property
/// (`--x`, `--sx`, `--cr`…) animated by its own keyframes, with a keyframe
/// offset per recorded keyframe and the interval's easing: `cubic-bezier()`
/// for exact curves, `steps(1, jump-end)` for holds, `linear` for straight
/// stretches and CSS `linear()` through the frames of a sampled one.
public enum HTMLPlayerWriter {
  /// A custom property and how it reads one lane of a recorded track.
  struct Channel {
    let css: String
    let property: Property
    let lane: Int
    /// The key in `#anim-state`: the property's name (colour lanes join
    /// into one `#rrggbbaa` value).
    var state: String { property.name }
  }

  /// The channel of every recorded property (a colour has one per lane).
  static let channels: [Channel] = [
    Channel(css: "--x", property: .x, lane: 0),
    Channel(css: "--y", property: .y, lane: 0),
    Channel(css: "--w", property: .width, lane: 0),
    Channel(css: "--h", property: .height, lane: 0),
    Channel(css: "--a", property: .alpha, lane: 0),
    Channel(css: "--r", property: .rotation, lane: 0),
    Channel(css: "--sx", property: .scaleX, lane: 0),
    Channel(css: "--sy", property: .scaleY, lane: 0),
    Channel(css: "--cr", property: .color, lane: 0),
    Channel(css: "--cg", property: .color, lane: 1),
    Channel(css: "--cb", property: .color, lane: 2),
    Channel(css: "--ca", property: .color, lane: 3),
    Channel(css: "--k", property: .cornerRadius, lane: 0),
  ]

  /// What `#anim-state` lists per view, in print order: each property's
  /// name and its channels (four for a colour).
  static var stateKeys: JSONValue {
    .array(
      Property.allCases.compactMap { p in
        let css = channels.filter { $0.property == p }.map { JSONValue.string($0.css) }
        return css.isEmpty ? nil : .array([.string(p.name), .array(css)])
      })
  }

  /// The page for `recording` on `stage`.
  ///
  /// The views' keyframes are written view by view, each view's tree dropped
  /// before the next (one tree of every keyframe would take many times the
  /// size of the page).
  public static func page(_ recording: StageRecording, stage: ExportStage) -> String {
    var page = ""
    write(recording, stage: stage) { page += $0 }
    return page
  }

  /// Writes the page for `recording` on `stage` to `output`, in pieces of
  /// about `chunk` bytes (see `page`).
  public static func write(
    _ recording: StageRecording, stage: ExportStage, chunk: Int = 1 << 16,
    to output: (String) -> Void
  ) {
    let span = recording.end - recording.start
    let channels = self.channels
    var rects = ""
    for (i, view) in recording.views.enumerated() {
      var initial = ""
      for channel in channels {
        let track = view.track(channel.property)
        initial += "\(channel.css):\(JSONValue.format(track.keys.first?.value[channel.lane] ?? 0));"
      }
      if view.kind == .text {
        // A text (SPEC §18): one path of glyph outlines per distinct drawing,
        // the one shown at each frame made visible by the script.
        rects += "<g id=\"v\(i)\" class=\"text\" style=\"\(initial)\">"
        for (j, drawing) in textDrawings(view).drawings.enumerated() {
          let shown = j == 0 ? "" : " style=\"display:none\""
          rects += "<path d=\"\(drawing.drawing().outline.svgPathData)\"\(shown)></path>"
        }
        rects += "</g>\n"
      } else {
        rects += "<rect id=\"v\(i)\" style=\"\(initial)\"></rect>\n"
      }
    }
    let background: JSONValue =
      stage.background.map { .array([$0[0], $0[1], $0[2], $0[3]].map(JSONValue.number)) }
      ?? .string("transparent")
    let head: [(String, JSONValue)] = [
      ("start", .number(recording.start)),
      ("duration", .number(span)),
      ("fps", .number(recording.frameRate)),
      ("background", background),
      ("channels", .array(channels.map { .string($0.css) })),
      ("state", stateKeys),
    ]
    let w = stage.pixelWidth
    let h = stage.pixelHeight
    let transform =
      "translate(\(JSONValue.format(stage.offsetX)) \(JSONValue.format(stage.offsetY))) "
      + "scale(\(JSONValue.format(stage.scale))) "
      + "translate(\(JSONValue.format(-stage.originX)) \(JSONValue.format(-stage.originY)))"
    let bgFill =
      stage.background.map {
        "rgb(\(channel($0[0])) \(channel($0[1])) \(channel($0[2])) / \(JSONValue.format($0[3])))"
      } ?? "none"
    var html = HTMLPlayerTemplate.head
    html += "<svg id=\"stage\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" "
    html += "viewBox=\"0 0 \(w) \(h)\">\n"
    html += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(bgFill)\"></rect>\n"
    html += "<g transform=\"\(transform)\">\n\(rects)</g>\n</svg>\n"
    rects = ""
    html += HTMLPlayerTemplate.controls
    html += "<script id=\"anim-data\" type=\"application/json\">"
    JSONValue.writeMembers(head, to: &html, closing: false)
    html += ",\"views\":["
    for (i, view) in recording.views.enumerated() {
      if i > 0 { html += "," }
      var tracks: [(String, JSONValue)] = []
      for channel in channels {
        let track = view.track(channel.property)
        tracks.append(
          (channel.css, .array(keyframes(track, lane: channel.lane, start: recording.start))))
      }
      var members: [(String, JSONValue)] = [
        ("name", .string(view.name)), ("tracks", .object(tracks)),
      ]
      if view.kind == .text {
        // [frame, drawing] from the frame each drawing is first shown.
        let runs = textDrawings(view).runs.map {
          JSONValue.array([.integer($0.frame), .integer($0.drawing)])
        }
        members.append(("texts", .array(runs)))
      }
      JSONValue.object(members).write(to: &html)
      if html.utf8.count >= chunk {
        output(html)
        html.removeAll(keepingCapacity: true)
      }
    }
    html += "]}"
    html += "</script>\n<script>\n"
    html += HTMLPlayerTemplate.script
    html += "</script>\n</body>\n</html>\n"
    output(html)
  }

  /// A text view's distinct drawings, and each run as (first frame,
  /// drawing index).
  static func textDrawings(_ view: RecordedView)
    -> (drawings: [TextView], runs: [(frame: Int, drawing: Int)])
  {
    var drawings: [TextView] = []
    var runs: [(frame: Int, drawing: Int)] = []
    for run in view.textRuns {
      let j = drawings.firstIndex(of: run.text) ?? drawings.count
      if j == drawings.count { drawings.append(run.text) }
      runs.append((run.frame, j))
    }
    return (drawings, runs)
  }

  private static func channel(_ v: Double) -> String {
    JSONValue.format((min(max(v, 0), 1) * 255 * 1000).rounded() / 1000)
  }

  /// One channel's keyframes as `[time since A, value, easing]` triples; a
  /// sampled stretch becomes one interval eased by CSS `linear()` through
  /// its frames (when its ends differ).
  static func keyframes(_ track: PropertyTrack, lane: Int, start: Double) -> [JSONValue] {
    let keys = track.keys
    var out: [JSONValue] = []
    var i = 0
    while i < keys.count {
      let key = keys[i]
      let v = key.value[lane]
      func triple(_ easing: String) -> JSONValue {
        .array([.number(key.time - start), .number(v), .string(easing)])
      }
      if i + 1 == keys.count {
        out.append(triple("linear"))
        break
      }
      switch key.out {
      case .hold:
        out.append(triple("steps(1, jump-end)"))
      case .linear:
        out.append(triple("linear"))
      case .bezier(let x1, let y1, let x2, let y2):
        let n = [x1, y1, x2, y2].map(JSONValue.format).joined(separator: ", ")
        out.append(triple("cubic-bezier(\(n))"))
      case .sampled:
        var j = i + 1
        while j + 1 < keys.count && keys[j].out == .sampled { j += 1 }
        let v1 = keys[j].value[lane]
        if j > i + 1 && v1 != v {
          var stops = ["0"]
          let span = keys[j].time - key.time
          for m in (i + 1)..<j {
            let p = (keys[m].value[lane] - v) / (v1 - v)
            let x = (keys[m].time - key.time) / span * 100
            stops.append("\(JSONValue.format(p)) \(JSONValue.format(x))%")
          }
          stops.append("1")
          out.append(triple("linear(\(stops.joined(separator: ", ")))"))
          i = j
          continue
        }
        out.append(triple("linear"))
      }
      i += 1
    }
    return out
  }
}
