import AnimEngine
import AnimExport

/// How a page that plays one build's player comes to play the next (SPEC
/// §24: send what changed, not the whole page): the whole player, or only
/// the views whose element or data changed, so that the cost of a save
/// follows the size of the change.
///
/// Both are JSON objects the page reads (`StudioScript`):
/// - whole: `{"full": true, "stage": "<svg id=\"stage\" …>…</svg>", "data":
///   {the player's data}}`;
/// - what changed since the player of version `base`: `{"base": B,
///   "count": N, "changed": [[i, "element", {view i's data}], …]}`, with
///   `"stage"` (the stage's `<svg>` and its group, without views) when the
///   stage itself changed. The page keeps every other view's element and
///   animations as they are.
enum PlayerUpdate {
  /// The whole player of `parts`.
  static func full(_ parts: HTMLPlayerParts) -> String {
    var json = "{\"full\":true,\"stage\":"
    var stage = parts.stageOpening
    for element in parts.elements { stage += element }
    stage += parts.stageClosing
    JSONText.appendQuoted(stage, to: &json, escapingLessThan: true)
    json += ",\"data\":"
    json += parts.data
    json += "}"
    return json
  }

  /// What changed from `old` (the player of version `base`) to `new`; nil
  /// when the page must take the whole player: in a tree (its elements
  /// nest), or when the range, frame rate or readout changed (every
  /// animation's timing changes with them).
  static func patch(from old: HTMLPlayerParts, to new: HTMLPlayerParts, base: Int) -> String? {
    guard !old.isTree, !new.isTree, old.dataHead == new.dataHead else { return nil }
    var json = "{\"base\":\(base),\"count\":\(new.views.count)"
    if old.stageOpening != new.stageOpening {
      json += ",\"stage\":"
      JSONText.appendQuoted(
        new.stageOpening + new.stageClosing, to: &json, escapingLessThan: true)
    }
    json += ",\"changed\":["
    var first = true
    for i in new.views.indices {
      if i < old.views.count && old.views[i] == new.views[i] && old.elements[i] == new.elements[i] {
        continue
      }
      json += first ? "[" : ",["
      first = false
      json += "\(i),"
      JSONText.appendQuoted(new.elements[i], to: &json, escapingLessThan: true)
      json += "," + new.views[i] + "]"
    }
    return json + "]}"
  }
}
