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
  /// read from there. `theme` is a dotLottie theme's slots
  /// (``DotLottie/theme(_:animation:)``), over the file's own.
  public static func importScript(
    _ bytes: [UInt8], source: String, imagePrefix: String = "image", archive: DotLottie? = nil,
    theme: DotLottie.Theme? = nil
  ) throws(ImportError) -> Result {
    guard bytes.count <= maximumFileSize else {
      throw ImportError(
        "", "the file is larger than the limit of 100 MB (\(bytes.count) bytes)")
    }
    // The document, its reading and the builder end with `built`, before
    // the script is written: a 36 MB file's tape, layers and notes' places
    // are not held beside its 25 MB of script.
    let (model, notes, images) = try built(
      bytes, source: source, imagePrefix: imagePrefix, archive: archive, theme: theme)
    return Result(script: ScriptWriter.write(model), notes: notes, images: images)
  }

  /// The script model of the Lottie document `bytes`, with its notes and
  /// images.
  private static func built(
    _ bytes: [UInt8], source: String, imagePrefix: String, archive: DotLottie?,
    theme: DotLottie.Theme?
  ) throws(ImportError) -> (ScriptModel, [ImportNote], [ImportedImage]) {
    let document: JSONDocument
    let themeSlots: JSONDocument?
    do {
      document = try JSONDocument(bytes)
      themeSlots = try theme.map { (theme) throws(JSONDocument.SyntaxError) in
        let slots = try JSONDocument(theme.slots)
        slots.origin = "theme \(ZipArchive.printable(theme.entry)): /slots"
        return slots
      }
    } catch {
      throw ImportError("", error.description)
    }
    document.slots = LottieSlots.of(document.root, theme: themeSlots?.root)
    let composition = try Composition.read(document)
    let builder = SceneBuilder(composition)
    builder.imagePrefix = ImageAssetReader.fileSafe(imagePrefix)
    builder.archive = archive
    builder.archiveBudget = DotLottie.maximumExtracted - bytes.count
    let model = try builder.build(source: source)
    return (model, builder.notes, builder.images)
  }
}
