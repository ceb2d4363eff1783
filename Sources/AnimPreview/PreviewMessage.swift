import AnimEngine
import Foundation

/// What the page is told about one build: sent over the stream, and
/// embedded in the page as `<script id="preview-data">` for a new visitor.
struct PreviewMessage: Encodable {
  /// 1, 2, … one per build published; the page ignores older ones.
  var version = 0
  /// The new player page (`PreviewPage.preparePlayer`); nil when the build
  /// failed (the page keeps its animation) and in the embedded copy.
  var player: String?
  /// Whether the page has an animation at all (false until a first good run).
  var hasPlayer = false
  var output: [String] = []
  var failures = ""
  var error: String?
  var notes: [String] = []
  var lanes: [RunLane] = []
  var start = 0.0
  var end = 0.0
  /// Pause the page at this clock time (`:preview`: the REPL's clock).
  var pausedAt: Double?

  init() {}

  init(build: PreviewBuild, version: Int, pausedAt: Double?) {
    self.version = version
    hasPlayer = build.isGood
    output = build.output
    failures = build.failures
    error = build.error
    notes = build.notes
    lanes = build.lanes
    start = build.start
    end = build.end
    self.pausedAt = pausedAt
  }

  /// The message as JSON, safe inside a `<script>` element (no `</`).
  ///
  /// The player page (W1's is 10 MB) is written by the one JSON escaper,
  /// which escapes `<` as it goes, in front of the rest, which Foundation's
  /// encoder writes: Foundation took 5.7 s (on the loaded two cores) to
  /// encode a page like W1's and search and replace `</` in it, the
  /// escaper 0.73 s (`bench/preview_json.swift`, BENCHMARKS.md).
  var json: String {
    var rest = self
    rest.player = nil
    let encoder = JSONEncoder()
    encoder.outputFormatting = []
    guard let data = try? encoder.encode(rest) else { return "{}" }
    var text = String(decoding: data, as: UTF8.self)
    // Foundation escapes `/` on Linux; make sure of it everywhere.
    if text.contains("</") { text = text.replacingOccurrences(of: "</", with: "<\\/") }
    guard let player, text.hasPrefix("{"), text.count > 2 else { return text }
    var json = "{\"player\":"
    JSONText.appendQuoted(player, to: &json, escapingLessThan: true)
    json += "," + text.dropFirst()
    return json
  }
}
