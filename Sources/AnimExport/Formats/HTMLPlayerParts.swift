import AnimEngine

/// The HTML player's page in the pieces a host that plays one recording
/// after another needs (the live preview, SPEC §24): the fixed parts
/// (style, controls, script: the same for every recording), the stage's
/// frame, each view's element and each view's entry of the player's data.
/// `HTMLPlayerWriter.page` is these pieces in order, so a host that puts
/// them together draws what the page draws.
public struct HTMLPlayerParts: Sendable {
  /// The player's style sheet (the text of its `<style>`).
  public static var style: String { HTMLPlayerTemplate.style }
  /// The player's controls (`#play`, `#scrub`, `#time`, `#speed`, `#loop`,
  /// `#anim-state`), as the page has them after the stage.
  public static var controls: String { HTMLPlayerTemplate.controls }
  /// The player's code (the text of its last `<script>`): it reads
  /// `#anim-data` and the stage's elements, and drives the controls.
  public static var script: String { HTMLPlayerTemplate.script }
  /// The code a page with sound runs right after the player's, in the same
  /// scope (SPEC §22): it reads the mix (a WAV's base64) from
  /// `<script id="anim-sound">`, adds an `<audio id="anim-audio">`, a
  /// `sound` checkbox and `#sound-note` to `#controls`, and keeps the
  /// picture on the audio's clock.
  public static var soundScript: String { HTMLPlayerSound.script }

  /// The `<svg id="stage">` up to its views (size, background, the group
  /// that places the world).
  public var stageOpening: String
  /// What closes the stage after the views.
  public var stageClosing: String { HTMLPlayerWriter.stageClosing }
  /// The views' elements in painting order, one string each; in a tree
  /// (SPEC §17) or with a group (SPEC §21.2) one string holding every
  /// view's element, nested.
  public var elements: [String]
  /// Whether the views form a tree (`elements` is then one string).
  public var isTree: Bool
  /// The player's data before its views (`{"start":…,"duration":…,"fps":…,
  /// "readout":…`, open).
  public var dataHead: String
  /// Each view's entry of the player's data, as JSON text, in painting order.
  public var views: [String]

  /// The player's data (the text of `#anim-data`).
  public var data: String {
    var text = dataHead + ",\"views\":["
    for (i, view) in views.enumerated() {
      if i > 0 { text += "," }
      text += view
    }
    return text + "]}"
  }
}

extension HTMLPlayerWriter {
  /// The pieces of the page for `recording` on `stage` (see
  /// ``HTMLPlayerParts``).
  public static func parts(_ recording: StageRecording, stage: ExportStage, loop: Bool = false)
    -> HTMLPlayerParts
  {
    let (recording, groups, span, _) = prepared(recording, loop: loop, elements: false)
    let isTree = isTree(recording, groups: groups)
    let elements =
      isTree
      ? [treeElements(recording, groups: groups)]
      : recording.views.enumerated().map { element($0.element, $0.offset, recording: recording) }
    let parents = Set(recording.views.compactMap(\.parent))
    let views = recording.views.enumerated().map { i, view in
      var json = ""
      writeViewData(
        view, i, recording: recording, span: span, parents: parents, group: groups[i], to: &json)
      return json
    }
    return HTMLPlayerParts(
      stageOpening: stageOpening(stage), elements: elements, isTree: isTree,
      dataHead: dataHead(recording, span: span), views: views)
  }
}
