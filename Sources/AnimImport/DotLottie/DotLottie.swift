/// A dotLottie file (dotlottie.io, versions 1 and 2): a ZIP archive of a
/// `manifest.json` listing animations, each at `animations/ID.json` (v1)
/// or `a/ID.json` (v2), and their images under `images/` or `i/`. LottieFiles
/// hands animations out this way; `anim import` reads one of its animations
/// as it reads a Lottie file, its images from the archive (docs/spec.md
/// §25).
public struct DotLottie: Sendable {
  /// The most bytes an archive's animation and images may come to once
  /// extracted, all together (a zip bomb is refused at this, whatever its
  /// entries declare).
  public static let maximumExtracted = 200_000_000

  /// The animations' ids, in the manifest's order.
  public let animationIDs: [String]
  /// The themes' ids (dotLottie 2), in the manifest's order: each may be
  /// applied to an animation (``theme(_:animation:)``).
  public let themeIDs: [String]
  /// What the manifest lists that a script cannot express (state
  /// machines), at their pointers in `manifest.json`.
  public let notes: [ImportNote]
  private let archive: ZipArchive

  /// Whether `bytes` are a ZIP archive (so maybe a dotLottie file), not a
  /// Lottie document.
  public static func isArchive(_ bytes: [UInt8]) -> Bool { ZipArchive.looksLikeZip(bytes) }

  /// Reads the archive `bytes` and its manifest.
  public init(_ bytes: [UInt8]) throws(ImportError) {
    do {
      archive = try ZipArchive(bytes)
    } catch {
      throw ImportError("", "the dotLottie (ZIP) archive cannot be read: \(error.message)")
    }
    guard let manifest = archive.entry(named: "manifest.json") else {
      throw ImportError("", "the dotLottie archive has no manifest.json")
    }
    let text: [UInt8]
    do {
      text = try archive.extract(manifest, limit: 1_000_000)
    } catch {
      throw ImportError("", "the dotLottie archive's manifest.json: \(error.message)")
    }
    let ids: [String]
    var themes: [String] = []
    var notes: [ImportNote] = []
    do {
      let document = try JSONDocument(text)
      let root = try document.root.object()
      ids = try root.required("animations").array().map {
        (entry) throws(ImportError) in try entry.object().required("id").text()
      }
      if let list = root.optional("themes") {
        // Version 1's themes (Lottie style sheets, `themes/ID.lss`) name
        // no file anim reads; they are listed all the same, and refused
        // when chosen.
        themes = try list.array().map {
          (entry) throws(ImportError) in try entry.object().required("id").text()
        }
      }
      if let list = root.optional("stateMachines"), case let count = try list.array().count,
        count > 0
      {
        notes.append(
          ImportNote(
            "/stateMachines",
            "\(count) state machine\(count == 1 ? "" : "s") (interactivity) not imported"))
      }
    } catch let error as ImportError {
      throw ImportError("", "the dotLottie archive's manifest.json: \(error.description)")
    } catch {
      throw ImportError("", "the dotLottie archive's manifest.json: \(error)")
    }
    guard !ids.isEmpty else {
      throw ImportError("", "the dotLottie archive's manifest.json lists no animation")
    }
    animationIDs = ids
    themeIDs = themes
    self.notes = notes
  }

  /// The most bytes a theme's file may have.
  static let maximumTheme = 10_000_000

  /// The slots the theme `id` gives the animation `animation`: its rules
  /// (`t/ID.json`) as Lottie slots (``DotLottieTheme``), pointers into
  /// them naming the theme.
  public func theme(_ id: String, animation: String) throws(ImportError) -> SlotValues {
    guard themeIDs.contains(id) else {
      let listed = themeIDs.prefix(20).map { "'\(ZipArchive.printable($0))'" }
      throw ImportError(
        "",
        "the dotLottie archive has no theme '\(ZipArchive.printable(id))' ("
          + (themeIDs.isEmpty
            ? "its manifest lists none"
            : "it has " + listed.joined(separator: ", ") + (themeIDs.count > 20 ? ", …" : ""))
          + ")")
    }
    let name = "t/\(id).json"
    guard let entry = archive.entry(named: name) else {
      throw ImportError(
        "",
        "the dotLottie archive lists the theme '\(ZipArchive.printable(id))' but holds no \(ZipArchive.printable(name))"
      )
    }
    let text: [UInt8]
    do {
      text = try archive.extract(entry, limit: Self.maximumTheme)
    } catch {
      throw ImportError("", "the dotLottie archive's \(error.message)")
    }
    do {
      return SlotValues(
        origin: "theme \(ZipArchive.printable(name)): /slots",
        json: try DotLottieTheme.slots(text, animation: animation))
    } catch {
      throw ImportError(
        "",
        "the dotLottie archive's \(ZipArchive.printable(name)): "
          + (error.pointer.isEmpty ? "" : error.pointer + ": ") + error.message)
    }
  }

  /// The animation `id` (nil: the manifest's first): its entry's name and
  /// bytes.
  public func animation(_ id: String?) throws(ImportError) -> (name: String, bytes: [UInt8]) {
    let chosen = id ?? animationIDs[0]
    guard animationIDs.contains(chosen) else {
      let listed = animationIDs.prefix(20).map { "'\(ZipArchive.printable($0))'" }
      throw ImportError(
        "",
        "the dotLottie archive has no animation '\(ZipArchive.printable(chosen))' (it has "
          + listed.joined(separator: ", ") + (animationIDs.count > 20 ? ", …" : "") + ")")
    }
    let names = ["a/\(chosen).json", "animations/\(chosen).json"]
    guard let entry = names.lazy.compactMap({ archive.entry(named: $0) }).first else {
      throw ImportError(
        "",
        "the dotLottie archive lists the animation '\(ZipArchive.printable(chosen))' but holds no "
          + names.joined(separator: " or "))
    }
    do {
      return (entry.name, try archive.extract(entry, limit: LottieImporter.maximumFileSize))
    } catch {
      throw ImportError("", "the dotLottie archive's \(error.message)")
    }
  }

  /// The font file of `font` in the archive (`f/`, where dotLottie 2 keeps
  /// them): its `fPath` from the archive's root (`/f/Cal Sans Regular.ttf`),
  /// else `f/` + that path's file name, else `f/NAME.ttf` or `.otf` by its
  /// `fName`; its entry's name and bytes, nil when the archive has none.
  func font(_ font: Font, budget: inout Int) throws(ImportError) -> (
    entry: String, bytes: [UInt8]
  )? {
    var path = font.path
    while path.hasPrefix("/") { path.removeFirst() }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    var names = path.isEmpty ? [] : [path, "f/" + file]
    names += ["f/\(font.name).ttf", "f/\(font.name).otf"]
    return try first(of: names, limit: Self.maximumFont, budget: &budget)
  }

  /// The largest font file read (anim's own limit for a font, FontPath).
  static let maximumFont = 100_000_000

  /// The first of `names` the archive holds, extracted: at most `limit`
  /// bytes and what `budget` leaves, which it then spends; nil when it
  /// holds none of them.
  private func first(of names: [String], limit: Int, budget: inout Int) throws(ImportError) -> (
    entry: String, bytes: [UInt8]
  )? {
    guard let entry = names.lazy.compactMap({ self.archive.entry(named: $0) }).first else {
      return nil
    }
    do {
      let bytes = try archive.extract(entry, limit: min(budget, limit))
      budget -= bytes.count
      return (entry.name, bytes)
    } catch {
      throw ImportError("", "the dotLottie archive's \(error.message)")
    }
  }

  /// The image an asset names (`u` and `p`), from the archive: `u` + `p`
  /// from the archive's root, else `p` in `i/` (v2) or `images/` (v1), where
  /// the players look whatever `u` says. `budget` is what may still be
  /// extracted; nil when the archive has no such file.
  func image(folder: String, path: String, budget: inout Int) throws(ImportError) -> [UInt8]? {
    var joined = folder.hasSuffix("/") || folder.isEmpty ? folder + path : folder + "/" + path
    while joined.hasPrefix("/") { joined.removeFirst() }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let names = [joined, "i/" + file, "images/" + file]
    return try first(of: names, limit: ImageAssetReader.maximumBytes, budget: &budget)?.bytes
  }
}
