import AnimLanguage
import XCTest

@testable import AnimImport

/// Small Lottie documents written in tests, imported, and the scripts run.
enum ImportHarness {
  /// A document of `layers` (JSON text of the array's items) and `assets`.
  static func document(
    _ layers: [String], assets: [String] = [], fr: Double = 30, ip: Double = 0, op: Double = 60,
    w: Double = 200, h: Double = 100
  ) -> String {
    """
    {"v": "5.7.0", "fr": \(fr), "ip": \(ip), "op": \(op), "w": \(w), "h": \(h), "nm": "test",
     "assets": [\(assets.joined(separator: ","))], "layers": [\(layers.joined(separator: ","))]}
    """
  }

  /// A small red square: what a layer draws when a test does not care.
  static let dot = [
    #"{"ty": "rc", "nm": "Dot", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}}"#,
    #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#,
  ]

  /// A shape layer named `name` with `shapes` (JSON text) and transform `ks`.
  static func shapeLayer(
    _ name: String, ks: String = #"{}"#, shapes: [String] = dot, extra: String = ""
  ) -> String {
    #"{"ty": 4, "nm": "\#(name)", "ks": \#(ks), "ip": 0, "op": 60, "st": 0, "shapes": [\#(shapes.joined(separator: ","))]\#(extra)}"#
  }

  static func fixed(_ value: String) -> String { #"{"a": 0, "k": \#(value)}"# }

  /// How many times a word is written in a script, and the notes'
  /// messages.
  struct Counted: Equatable {
    var count: Int
    var notes: [String]

    init(_ count: Int, notes: [String]) {
      self.count = count
      self.notes = notes
    }
  }

  /// A layer `L` of `shapes` in a composition of `frames` frames and one,
  /// imported: how many times `word` is written in the script, and the
  /// notes (hostile lengths: a bound's figures).
  static func count(_ word: String, importing shapes: [String], frames: Double) throws -> Counted {
    let result = try importing(document([shapeLayer("L", shapes: shapes)], op: frames + 1))
    return Counted(
      result.script.components(separatedBy: word).count - 1, notes: result.notes.map(\.message))
  }

  static func importing(_ json: String) throws -> LottieImporter.Result {
    try LottieImporter.importScript(Array(json.utf8), source: "test.json")
  }

  /// Runs `script` followed by `tail` and returns what it printed (and
  /// fails the test on an error or a failed `expect`).
  static func run(
    _ script: String, then tail: String, file: StaticString = #filePath, line: UInt = #line
  )
    -> [String]
  {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "imported.anim", text: script + "\n" + tail), output: { lines.append($0) })
    XCTAssertTrue(
      result.errors.isEmpty, "\(result.errors.map { $0.0.message })", file: file, line: line)
    XCTAssertTrue(
      result.failedExpectations.isEmpty, "\(result.failedExpectations.map(\.message))",
      file: file, line: line)
    return lines
  }
}
