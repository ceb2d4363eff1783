import Synchronization

/// Outlines of path data already read, by their text: a script's `d:`
/// strings are read when it is checked, again when each run declares its
/// shapes (a render runs a script twice: the survey and the play) and at
/// every keyframe of a morph, and an imported Lottie carries thousands of
/// them. Reading a text is many times the cost of finding it here.
///
/// Bounded: when the texts kept pass ``characterLimit`` characters, every
/// one is forgotten and keeping starts again, so a hostile script of huge
/// or countless paths costs at most that much memory besides its outlines.
enum PathDataMemo {
  /// The most characters of path data kept at once (16 MiB of text).
  static let characterLimit = 1 << 24

  private struct State {
    var outlines: [String: Outline] = [:]
    var characters = 0
  }

  private static let state = Mutex(State())

  /// The outline read before from `text`, or nil.
  static func outline(of text: String) -> Outline? {
    state.withLock { $0.outlines[text] }
  }

  /// How many characters of path data are kept now.
  static var keptCharacters: Int { state.withLock { $0.characters } }

  /// Keeps `outline`, read from `text`, forgetting every other first when
  /// the texts kept would pass `limit` characters.
  static func keep(_ outline: Outline, for text: String, limit: Int = characterLimit) {
    let count = text.utf8.count
    guard count <= limit else { return }
    state.withLock { s in
      if s.characters + count > limit {
        s.outlines.removeAll()
        s.characters = 0
      }
      if s.outlines.updateValue(outline, forKey: text) == nil { s.characters += count }
    }
  }
}
