import AnimEngine

/// Builds the script of a Lottie composition: one `layer` view per Lottie
/// layer (its transform), views for what it draws beneath it, and the runs
/// that animate them; every feature it cannot express becomes a note.
///
/// The tree it makes: a layer's view is a child of its precomposition's
/// view (or a root); a layer with Lottie parents gets a copy of each
/// ancestor's transform as views above its own (Lottie passes a parent's
/// transform, not its opacity, and paints layers in list order whatever
/// their parents, which a tree of views painting children after their
/// parent cannot follow); its masks are clipping views beneath it, and what
/// it draws is beneath those.
final class SceneBuilder {
  let composition: Composition
  var model = ScriptModel()
  /// The notes, at most ``maximumNotes``; past them, one that says how
  /// many more there were.
  var notes: [ImportNote] {
    omittedNotes == 0
      ? listedNotes
      : listedNotes + [
        ImportNote(
          "", "\(omittedNotes) more notes not listed (the first \(Self.maximumNotes) are)")
      ]
  }
  private var listedNotes: [ImportNote] = []
  private var omittedNotes = 0
  /// The most notes listed: each names its JSON Pointer, found by a walk
  /// from the document's root past the siblings before it, so 100 000
  /// masks noted one by one took a minute.
  static let maximumNotes = 1_000
  /// Pointers already noted with the same message (a precomposition used
  /// twice is noted once).
  private var noted: Set<String> = []
  /// What image files' names start with (the script's name).
  var imagePrefix = "image"
  /// The dotLottie archive the file came from, whose images its assets
  /// name, and how many bytes may still be extracted from it.
  var archive: DotLottie?
  var archiveBudget = DotLottie.maximumExtracted
  /// The image files the script reads, in the order first used.
  private(set) var images: [ImportedImage] = []
  /// Their names (``file(_:)``: a file of 20 000 images made the set anew
  /// for each, 16 s).
  private var imageFileNames: Set<String> = []
  /// Each image asset's file, by the asset's id.
  private var imageNames: [String: String] = [:]
  /// Each font's file from a dotLottie archive, by its name (nil when it
  /// has none anim can use): ``fontText(for:)``.
  var fontTexts: [String: FontText?] = [:]
  /// Invisible outlines declared for morphs so far.
  var morphTargetCount = 0
  /// Vertices of the outlines taken at every frame so far
  /// (``maximumSampledVertices``).
  var sampledVertices = 0
  /// Views made while a layer is built (``fadeLayer(_:name:parent:)``) that are drawn as
  /// one picture if they come to hold several drawn views: decided once the
  /// layer's content is built (``composeAsGroup(_:)``).
  var pendingGroups: [Int] = []
  /// What is left of the file's budget for precomposition mattes drawn
  /// frame by frame (``maximumMatteVertices``, ``maximumMatteMorphWork``).
  var matteBudget = (
    vertices: Double(SceneBuilder.maximumMatteVertices), work: SceneBuilder.maximumMatteMorphWork
  )
  /// Views the copies of eased time remaps added so far (SceneBuilder+TimeRemap).
  var sampledViews = 0
  /// The frame rate of sampled pieces: the composition's.
  var rate: Double { composition.frameRate }
  /// Where the script's motion ends: the time of the composition's last
  /// frame, the last whole frame before `op` (the players show frames ip,
  /// ip + 1, … while before op). Every track is cut there, so that `render`
  /// draws exactly the frames the players show and `export` writes the same
  /// `op` again: cut at op, a track keyed at or past op (most files' last
  /// keyframe) made the render one frame longer than the file, and a loop
  /// of it showed its first frame twice. It is a frame drawn, so it
  /// counts as shown: what starts at or before it is drawn (a still's one
  /// frame is at 0 = end), what stops at it is not (a layer whose `op` is
  /// the last frame is hidden there).
  var end: Double { SceneBuilder.lastFrameTime(of: composition) }

  /// Whether something shown from `from` until before `to` on the script's
  /// clock is shown at some frame drawn, 0…``end`` (end included).
  func shownAtSomeFrame(from: Double, to: Double) -> Bool {
    to > from && to > 0 && from <= end
  }

  /// Whether it is shown at every frame drawn, 0…``end`` (end included).
  func shownAtEveryFrame(from: Double, to: Double) -> Bool {
    from <= 0 && to > end
  }

  /// The time of a composition's last frame: (⌈op − ip − 0.001⌉ − 1)/fr,
  /// 0 at least. A thousandth of a frame past a whole number of frames is
  /// that number: After Effects writes the `op` of a 29.97 fps composition
  /// as 175.000007125 where it means 175 frames, and the players show 175
  /// (ThorVG's single-precision count is 175.0, rlottie rounds, lottie-web
  /// floors); counted up, the render drew a 176th frame, with the layers
  /// that end at 174.8 gone.
  static func lastFrameTime(of c: Composition) -> Double {
    let frames = (c.outPoint - c.inPoint - 0.001).rounded(.up)
    return max(0, (frames - 1) / c.frameRate)
  }

  /// The most views an imported script may declare. anim's scene holds
  /// 1 000 000, but rendering a script costs about 6 KB a view and
  /// exporting one about 4 KB (`ExportBudget`): at 100 000 both stay well
  /// under 1 GiB, and so does the import (a 50 MB file of 485 000 shape
  /// layers passed 1.8 GB making its 970 000 views). The largest of 2 306
  /// public files makes 11 584 (rlottie-unity's `squid_game_14`).
  static let maximumViews = 100_000
  /// The most parts (tweens, paths, morphs, waits) an imported script's
  /// runs may have: rendering costs about 2.3 KB a part (its syntax, motion
  /// and cursors: 600 000 took 1.37 GB). The most of 2 306 public files
  /// runs 44 448.
  static let maximumParts = 250_000

  init(_ composition: Composition) {
    self.composition = composition
  }

  /// The file the script reads for image asset `id` (named and recorded
  /// the first time; two ids that make one name get `_2`, `_3`, …).
  func imageFile(_ id: String, _ asset: Composition.Image) throws(ImportError) -> String {
    if let name = imageNames[id] { return name }
    let name = file(
      try ImageAssetReader.read(
        asset, id: id, prefix: imagePrefix, archive: archive, budget: &archiveBudget))
    imageNames[id] = name
    return name
  }

  /// Records a file the script reads (an image, a font), named apart from
  /// those before it (`_2`, `_3`, … when the name is taken); its name.
  func file(_ asset: ImportedImage) -> String {
    var asset = asset
    if imageFileNames.contains(asset.name) {
      let dot = asset.name.lastIndex(of: ".") ?? asset.name.endIndex
      let (stem, ext) = (asset.name[..<dot], asset.name[dot...])
      var n = 2
      while imageFileNames.contains("\(stem)_\(n)\(ext)") { n += 1 }
      asset.name = "\(stem)_\(n)\(ext)"
    }
    imageFileNames.insert(asset.name)
    images.append(asset)
    return asset.name
  }

  /// Records that what is at `ref` is not expressed, once per pointer and
  /// message.
  func note(_ ref: JSONRef?, _ message: String) {
    // The value's place on the tape tells it from every other, as its
    // pointer would, without the walk.
    guard noted.insert("\(ref?.index ?? -1)\u{0}" + message).inserted else { return }
    guard listedNotes.count < Self.maximumNotes else {
      omittedNotes += 1
      return
    }
    listedNotes.append(ImportNote(ref?.pointer ?? "", message))
  }

  /// Each view's depth in the script's tree: 0 without a parent.
  private var depths: [Int32] = []
  /// The layer being built (``buildLayer``): where a view too deep for
  /// anim's tree is refused.
  var building: JSONRef?

  /// Appends a view and returns its index. A view deeper than anim's tree
  /// allows (`Scene.maximumDepth`: parents, precompositions, groups, masks
  /// and mattes each add levels) is refused here, at the layer being
  /// built, rather than written into a script that stops at its declaration.
  @discardableResult
  func add(_ view: ScriptView) throws(ImportError) -> Int {
    guard model.views.count < Self.maximumViews else {
      throw ImportError(
        "",
        "the script would declare more than \(Self.maximumViews) views (the limit of anim import, "
          + "which keeps rendering and exporting the script under 1 GiB)")
    }
    let depth = view.parent.map { depths[$0] + 1 } ?? 0
    guard depth <= Scene.maximumDepth else {
      throw ImportError(
        building?.pointer ?? "",
        "the layer's views would be \(depth) levels deep (its parents, precompositions, groups, "
          + "masks and mattes each add levels); anim's tree is at most \(Scene.maximumDepth)")
    }
    depths.append(Int32(depth))
    model.views.append(view)
    return model.views.count - 1
  }

  func build(source: String) throws(ImportError) -> ScriptModel {
    let c = composition
    // The last frame shown is the last before op (op is where the players
    // stop): the script's length is that frame's time, so render draws the
    // frames the players show, and export writes the same op again.
    let duration = end
    model.header = [
      "Imported by `anim import` from \(source)"
        + (c.name.isEmpty ? "" : " (\"\(ScriptWriter.escaped(c.name))\")") + ":",
      "\(NumberFormat.exact(c.width)) × \(NumberFormat.exact(c.height)) at "
        + "\(NumberFormat.exact(c.frameRate)) fps, frames \(NumberFormat.exact(c.inPoint))–"
        + "\(NumberFormat.exact(c.outPoint)) (\(NumberFormat.exact(duration)) s); time 0 is frame "
        + "\(NumberFormat.exact(c.inPoint)).",
    ]
    model.stage = [
      ("width", .number(c.width)), ("height", .number(c.height)),
      ("background", .word("transparent")),
    ]
    model.fps = c.frameRate
    model.duration = duration
    let clock = TimeMap.main(inPoint: c.inPoint, frameRate: c.frameRate)
    try buildComposition(
      c.layers, clock: clock, parent: nil, size: (c.width, c.height), depth: 0,
      where: c.ref)
    let parts = model.views.reduce(0) { sum, view in
      view.runs.reduce(sum) { $0 + $1.parts.count }
    }
    guard parts <= Self.maximumParts else {
      throw ImportError(
        "",
        "the script would run more than \(Self.maximumParts) tweens, paths and morphs (the limit "
          + "of anim import, which keeps rendering the script under 1 GiB)")
    }
    return model
  }
}
