import AnimEngine
import Foundation

/// What the page is told about one build: sent over the stream, and
/// embedded in the page as `<script id="preview-data">` for a new visitor.
struct PreviewMessage: Encodable {
  /// Always `build` (the stream also carries `building`, `inspect` and
  /// `render` messages).
  var type = "build"
  /// 1, 2, … one per build published; the page ignores older ones.
  var version = 0
  /// The version of the build whose animation the page plays after this
  /// message (this one's, when it was good; the last good one's, when it
  /// failed); 0 before any good build.
  var playerVersion = 0
  /// Whether the page has an animation at all (false until a first good run).
  var hasPlayer = false
  /// The output of the last good build (a failed one keeps it, SPEC §24).
  var output: [String] = []
  var failures = ""
  var error: String?
  var notes: [String] = []
  var lanes: [RunLane] = []
  var start = 0.0
  var end = 0.0
  /// Pause the page at this clock time (`:preview`: the REPL's clock).
  var pausedAt: Double?
  /// Whether a newer save is being built (the page shows "building…").
  var building = false
  /// Which sound the player of `playerVersion` plays (SPEC §22): the
  /// version of the first build that had its mix (0: none yet). A message
  /// with a player but without `sound` means the page keeps the mix it
  /// holds, which must be this one (else it asks for the whole player).
  var soundVersion = 0

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

  /// The message as JSON, safe inside a `<script>` element (no `</`), with
  /// `player` (a `PlayerUpdate`, JSON text written by the one escaper) in
  /// front when given, and `sound` after it when given: the mix's base64
  /// (a string; base64 needs no escaping) or `null` (the player has none).
  ///
  /// A player (W1's is megabytes) goes through `JSONText`, which escapes
  /// `<` as it goes, not Foundation's encoder: Foundation took 5.7 s (on the
  /// loaded two cores) to encode a page like W1's and search and replace
  /// `</` in it, the escaper 0.73 s (`bench/preview_json.swift`,
  /// BENCHMARKS.md).
  func json(player: String? = nil, sound: SoundField = .kept) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = []
    guard let data = try? encoder.encode(self) else { return "{}" }
    var text = String(decoding: data, as: UTF8.self)
    // Foundation escapes `/` on Linux; make sure of it everywhere.
    if text.contains("</") { text = text.replacingOccurrences(of: "</", with: "<\\/") }
    guard let player, text.hasPrefix("{"), text.count > 2 else { return text }
    var json = "{\"player\":" + player + ","
    switch sound {
    case .kept: break
    case .none: json += "\"sound\":null,"
    case .mix(let base64): json += "\"sound\":\"" + base64 + "\","
    }
    return json + text.dropFirst()
  }

  /// What a message with a player says of its sound.
  enum SoundField {
    /// Nothing: the page keeps the mix of `soundVersion` it holds.
    case kept
    /// The player has no sound.
    case none
    /// The player's mix, a WAV's base64.
    case mix(String)

    /// The field that gives `sound` (a build's) itself.
    init(_ sound: String?) { self = sound.map { .mix($0) } ?? .none }
  }
}
