/// A text's letters (SPEC §18): child views, one per grapheme cluster of the
/// string shown, made the first time a script reads `letters`. Each letter
/// is a `text` of its cluster whose box is its advance box in its line; its
/// x, y, width, height, font, size, colour and stroke follow the text until
/// something writes that property of that letter. A change of the string
/// shown makes new letters; the old ones are retired (never drawn, never
/// written again: their runs stop as after a takeover).
extension Scene {
  /// The letters of text `id` for the string it shows now, made on first
  /// use; an error when the scene cannot hold that many more views.
  public func letters(of id: ViewID) throws(EngineError) -> [ViewID] {
    guard kind(of: id) == .text else { return [] }
    if letterBook.letterings[id] == nil {
      let text = ownTextView(id)
      let shape = (try? text.shape()) ?? TextShape(lines: [], letters: [])
      guard count + shape.letters.count <= Self.maximumViews else {
        throw EngineError(
          "'\(name(of: id))' has \(shape.letters.count) letters: more than the scene can hold (at most \(Self.maximumViews) views)"
        )
      }
      makeLetters(of: id, text: text, shape: shape)
    }
    followLetters()
    return letterBook.letterings[id]?.letters ?? []
  }

  /// Whether view `id` is a letter of a text (current or retired).
  public func isLetter(_ id: ViewID) -> Bool {
    !letterBook.isEmpty && (letterBook.owners[id] != nil || letterBook.retired.contains(id))
  }

  /// Whether any view was a letter of a string its text no longer shows.
  var hasRetiredLetters: Bool { !letterBook.retired.isEmpty }

  /// Whether view `id` was a letter of a string its text no longer shows.
  public func isRetired(_ id: ViewID) -> Bool {
    !letterBook.retired.isEmpty && letterBook.retired.contains(id)
  }

  /// Whether text `id` is drawn as its letters.
  func hasLetters(_ id: ViewID) -> Bool {
    !letterBook.isEmpty && letterBook.letterings[id] != nil
  }

  /// Where letter `id` takes its glyphs from, or nil for a view that is
  /// not a current letter.
  func letterContext(of id: ViewID) -> TextView.LetterContext? {
    guard !letterBook.isEmpty, let owner = letterBook.owners[id],
      let lettering = letterBook.letterings[owner.text],
      lettering.glyphs.indices.contains(owner.index)
    else { return nil }
    return lettering.glyphs[owner.index]
  }

  /// Makes one letter view per letter of `shape` under text `id`.
  private func makeLetters(of id: ViewID, text: TextView, shape: TextShape) {
    let boxes = shape.letterBoxes(size: text.size, tracking: text.tracking, align: text.align)
    let objectBase = Int(id) * PropertyTable.standard.objectWidth
    let own = ViewState(
      record: record(of: id),
      objects: objects[objectBase..<objectBase + PropertyTable.standard.objectWidth])
    var letters: [ViewID] = []
    letters.reserveCapacity(shape.letters.count)
    let base = name(of: id)
    for (i, letter) in shape.letters.enumerated() {
      var s = ViewState()
      s[object: .text] = .string(letter.text)
      // What it follows of its text, as the text has it now (the box and
      // trim are laid out by `follow` below).
      for p in LetterBook.followed where p.declaration.letters == .follows {
        s[value: p] = own[value: p]
      }
      for p in LetterBook.followedObjects { s[object: p] = own[object: p] }
      let box = boxes[i]
      s[.x] = box.x + box.width / 2
      s[.y] = box.y + box.height / 2
      s[.width] = box.width
      s[.height] = box.height
      let letterID = declareLetter("\(base).letters[\(i)]", state: s)
      // A letter is declared after its text, and a text's depth is checked
      // where it is declared; the deepest text cannot have letters.
      try? setParent(id, of: letterID)
      letterBook.owners[letterID] = (id, i)
      letters.append(letterID)
    }
    letterBook.letterings[id] = LetterBook.Lettering(
      shown: text.shown, letters: letters, layoutKey: nil,
      given: [Double](repeating: .nan, count: letters.count * LetterBook.followedWidth),
      owned: [Bool](repeating: false, count: letters.count * LetterBook.followed.count),
      givenObjects: [PropertyObject?](
        repeating: nil, count: letters.count * LetterBook.followedObjects.count))
  }

  /// Gives every letter what it follows from its text now, and makes new
  /// letters for a text whose string changed. Cheap when nothing changed:
  /// boxes are laid out again only when the text's layout changed.
  func followLetters() {
    guard !letterBook.isEmpty else { return }
    for id in Array(letterBook.letterings.keys) { followLetters(of: id) }
  }

  /// Follows one text's letters (making new ones if its string changed);
  /// with `only`, just that letter (a letter read on its own: a stagger's
  /// layout reads each of 2 000 letters, which must not cost 2 000²).
  func followLetters(of id: ViewID, only: Int? = nil) {
    let text = ownTextView(id)
    if text.shown != letterBook.letterings[id]?.shown {
      retireLetters(of: id)
      let shape = (try? text.shape()) ?? TextShape(lines: [], letters: [])
      guard count + shape.letters.count <= Self.maximumViews else { return }
      makeLetters(of: id, text: text, shape: shape)
      follow(text, id, only: nil)
      return
    }
    follow(text, id, only: only)
  }

  /// Gives text `id`'s letters its layout, font, size, colour and stroke.
  private func follow(_ text: TextView, _ id: ViewID, only: Int?) {
    // Taken out while it changes, so its arrays are not copied.
    guard var lettering = letterBook.letterings.removeValue(forKey: id) else { return }
    if lettering.layoutKey != text {
      let shape = (try? text.shape()) ?? TextShape(lines: [], letters: [])
      lettering.boxes = shape.letterBoxes(
        size: text.size, tracking: text.tracking, align: text.align)
      let request = text.request
      if lettering.glyphs.first?.font != request || lettering.glyphs.count != shape.letters.count {
        lettering.glyphs = shape.letters.map {
          TextView.LetterContext(text: $0.text, font: request, outline: $0.outline)
        }
        lettering.shares = LetterTrim.shares(of: lettering.glyphs.map(\.outline))
      }
      lettering.layoutKey = text
    }
    let followed = LetterBook.followed
    let n = LetterBook.followedWidth
    var wanted = [Double](repeating: 0, count: n)
    let stride = RecordLayout.slotStride
    let trim = LetterTrim(
      start: buffer[Self.slot(id, .trimStart)],
      end: buffer[Self.slot(id, .trimEnd)],
      offset: buffer[Self.slot(id, .trimOffset)])
    let objectsFollowed = LetterBook.followedObjects
    let textObjects = objectsFollowed.map { object(id, $0) }
    let range = only.map { $0..<$0 + 1 } ?? 0..<lettering.letters.count
    for i in range where i < lettering.boxes.count {
      let letter = lettering.letters[i]
      let box = lettering.boxes[i]
      var k = 0
      for (f, property) in followed.enumerated() {
        let lanes = property.lanes
        switch property.declaration.letters {
        case .box:
          // The letter's advance box: its centre and size.
          switch property {
          case .x: wanted[k] = box.x + box.width / 2
          case .y: wanted[k] = box.y + box.height / 2
          case .width: wanted[k] = box.width
          default: wanted[k] = box.height
          }
        case .trimShare:
          let share = i < lettering.shares.count ? lettering.shares[i] : (from: 0, to: 0)
          let own = trim.part(from: share.from, to: share.to)
          wanted[k] =
            property == .trimStart ? own.start : property == .trimEnd ? own.end : own.offset
        case .follows, .own:
          let from = Self.slot(id, property)
          for lane in 0..<lanes { wanted[k + lane] = buffer[from + lane * stride] }
        }
        let to = Self.slot(letter, property)
        let owned = i * followed.count + f
        if !lettering.owned[owned] {
          var written = false
          for lane in 0..<lanes {
            let given = lettering.given[i * n + k + lane]
            if !given.isNaN && buffer[to + lane * stride] != given { written = true }
          }
          if written {
            lettering.owned[owned] = true
          } else {
            for lane in 0..<lanes {
              buffer[to + lane * stride] = wanted[k + lane]
              lettering.given[i * n + k + lane] = wanted[k + lane]
            }
          }
        }
        k += lanes
      }
      // Strings (the font) are objects: only an assignment writes them.
      for (f, property) in objectsFollowed.enumerated() {
        let given = i * objectsFollowed.count + f
        let current = object(letter, property)
        if lettering.givenObjects[given] == nil || lettering.givenObjects[given] == current {
          if current != textObjects[f] { setObject(letter, property, textObjects[f]) }
          lettering.givenObjects[given] = textObjects[f]
        }
      }
    }
    letterBook.letterings[id] = lettering
  }

  /// Detaches text `id`'s letters: no longer its children, never drawn,
  /// and every run writing them stops (SPEC §18).
  private func retireLetters(of id: ViewID) {
    guard let old = letterBook.letterings.removeValue(forKey: id) else { return }
    let gone = Set(old.letters)
    childIndex[Int(id)].removeAll { gone.contains($0) }
    cachedTreeOrder = nil
    for letter in old.letters {
      letterBook.owners[letter] = nil
      // Hidden for good: an export that recorded it shows it no longer.
      buffer[Self.slot(letter, .alpha)] = 0
    }
    letterBook.retired.formUnion(old.letters)
    onRetire?(old.letters)
  }

  /// After view `id` is declared again: a text keeps letters for the
  /// string it shows now; a view of another kind has none.
  func redeclaredLetters(of id: ViewID) {
    guard letterBook.letterings[id] != nil else { return }
    if kind(of: id) == .text { followLetters(of: id) } else { retireLetters(of: id) }
  }

  /// After `reset`: every letter follows its text again, and retired
  /// letters stay hidden.
  func forgetLetterWrites() {
    for letter in letterBook.retired {
      buffer[Self.slot(letter, .alpha)] = 0
    }
    for id in Array(letterBook.letterings.keys) {
      guard var lettering = letterBook.letterings[id] else { continue }
      for i in lettering.given.indices { lettering.given[i] = .nan }
      for i in lettering.owned.indices { lettering.owned[i] = false }
      for i in lettering.givenObjects.indices { lettering.givenObjects[i] = nil }
      lettering.layoutKey = nil
      letterBook.letterings[id] = lettering
    }
  }
}
