/// `anim import` (SPEC §25): a Lottie file's bytes in, an anim script and
/// the notes on what it cannot express out.
public enum LottieImporter {
  /// The largest file imported (SPEC §25: over 100 MB is an error naming
  /// the limit).
  public static let maximumFileSize = 100_000_000

  /// What an import made.
  public struct Result: Sendable {
    /// The script, in `anim fmt`'s layout.
    public var script: String
    /// Each feature the script does not express, in the order found.
    public var notes: [ImportNote]
    /// The image files the script reads, to be written beside it.
    public var images: [ImportedImage] = []
  }

  /// Imports the Lottie document `bytes`; `source` names it in the
  /// script's header. Throws an `ImportError` for a file that is not a
  /// Lottie document anim can read (bad JSON, wrong types, cycles, limits).
  /// Image files are named `IMAGEPREFIX_ID.EXT` (the script's name, so
  /// that they sit beside it without clashing with another import's).
  /// `archive` is the dotLottie file `bytes` came from: its images are
  /// read from there. `slots` are given over the file's own (a dotLottie
  /// theme's, ``DotLottie/theme(_:animation:)``; a file's), the first
  /// winning.
  public static func importScript(
    _ bytes: [UInt8], source: String, imagePrefix: String = "image", archive: DotLottie? = nil,
    slots: [SlotValues] = []
  ) throws(ImportError) -> Result {
    guard bytes.count <= maximumFileSize else {
      throw ImportError(
        "", "the file is larger than the limit of 100 MB (\(bytes.count) bytes)")
    }
    // The document, its reading and the builder end with `built`, before
    // the script is written: a 36 MB file's tape, layers and notes' places
    // are not held beside its 25 MB of script.
    let (model, notes, images) = try built(
      bytes, source: source, imagePrefix: imagePrefix, archive: archive, slots: slots)
    return Result(script: ScriptWriter.write(model), notes: notes, images: images)
  }

  /// The script model of the Lottie document `bytes`, with its notes and
  /// images.
  private static func built(
    _ bytes: [UInt8], source: String, imagePrefix: String, archive: DotLottie?,
    slots: [SlotValues]
  ) throws(ImportError) -> (ScriptModel, [ImportNote], [ImportedImage]) {
    let document: JSONDocument
    do {
      document = try JSONDocument(bytes)
    } catch {
      throw ImportError("", error.description)
    }
    var overrides: [JSONRef] = []
    for given in slots {
      // What is wrong with the whole file is said at its name.
      let whole = given.origin.hasSuffix(": ") ? String(given.origin.dropLast(2)) : given.origin
      let table: JSONDocument
      do {
        table = try JSONDocument(given.json)
      } catch {
        throw ImportError(whole, "the slots are not JSON: \(error.description)")
      }
      table.origin = given.origin
      guard table.root.kind == .object else {
        throw ImportError(
          whole,
          "expected an object of slots ({\"ID\": {\"p\": value}}), found \(table.root.kind.phrase)")
      }
      overrides.append(table.root)
    }
    document.slots = LottieSlots.of(document.root, overrides: overrides)
    // The slots hold references into the document: let go of them when
    // the import ends, or the document and its tape would keep each other
    // alive (LeakSanitizer found it, in the fuzz target's themed seed).
    defer { document.slots = nil }
    let composition = try Composition.read(document)
    let builder = SceneBuilder(composition)
    builder.imagePrefix = ImageAssetReader.fileSafe(imagePrefix)
    builder.archive = archive
    builder.archiveBudget = DotLottie.maximumExtracted - bytes.count
    let model = try builder.build(source: source)
    return (model, builder.notes, builder.images)
  }
}
