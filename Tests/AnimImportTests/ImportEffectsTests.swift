import XCTest

@testable import AnimImport

/// Layer effects, blend modes and image layers (SPEC §21.2, §21.4, §25):
/// the parameters as the inverse of anim's Lottie export (σ = 0.3 ×
/// Blurriness, a shadow's σ = Softness / 4, its offset Distance along
/// Direction, mapped back by the layer's turn and scale), image assets as
/// files beside the script (tests/checkers/test_import_look.py checks the
/// pixels against ThorVG and rlottie).
final class ImportEffectsTests: XCTestCase {
  typealias H = ImportHarness

  private func effect(_ ty: Int, _ name: String, _ values: [String]) -> String {
    let items = values.enumerated().map { i, v in
      #"{"ty": 0, "nm": "p\#(i)", "v": \#(v.hasPrefix("{") ? v : H.fixed(v))}"#
    }
    return #"{"ty": \#(ty), "nm": "\#(name)", "en": 1, "ef": [\#(items.joined(separator: ","))]}"#
  }

  private func layerLine(_ result: LottieImporter.Result, _ name: String) -> String {
    result.script.split(separator: "\n").map(String.init).first { $0.hasPrefix("layer \(name)(") }
      ?? ""
  }

  func testAGaussianBlurIsTheViewsBlur() throws {
    let blur = effect(29, "Gaussian Blur", ["20", "1", "0"])
    let result = try H.importing(
      H.document([H.shapeLayer("Soft", extra: #", "ef": [\#(blur)]"#)]))
    XCTAssertEqual(
      layerLine(result, "Soft"),
      "layer Soft(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), blur: 6)")
    XCTAssertEqual(result.notes, [])
  }

  func testABlurOfAScaledLayerIsInTheLayersOwnSpace() throws {
    // Scaled 200 %: the players blur the layer's own picture by 6 before
    // its transform (ThorVG scales σ by the layer's scale), so the view,
    // scaled as the layer is, blurs by 6 of its own points: 12 pixels.
    let blur = effect(29, "Gaussian Blur", ["20"])
    let result = try H.importing(
      H.document([
        H.shapeLayer(
          "Soft", ks: #"{"s": \#(H.fixed("[200, 200]"))}"#, extra: #", "ef": [\#(blur)]"#)
      ]))
    XCTAssertTrue(layerLine(result, "Soft").hasSuffix("blur: 6)"), layerLine(result, "Soft"))
  }

  func testAKeyframedBlurRunsWithItsEase() throws {
    let keyed =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [40]}]}"#
    let blur = effect(29, "Gaussian Blur", [keyed])
    let result = try H.importing(
      H.document([H.shapeLayer("Soft", extra: #", "ef": [\#(blur)]"#)]))
    XCTAssertTrue(
      result.script.contains("run tween(blur: 12, 1, ease: cubicBezier(0.3, 0, 0.7, 1)) on Soft"),
      result.script)
  }

  func testADropShadowsOffsetColourAndSoftness() throws {
    // Direction 180° is straight down; opacity 51 of 255 is 0.2.
    let shadow = effect(
      25, "Drop Shadow", [#"{"a": 0, "k": [1, 0, 0, 1]}"#, "51", "180", "10", "16", "0"])
    let result = try H.importing(
      H.document([H.shapeLayer("Card", extra: #", "ef": [\#(shadow)]"#)]))
    XCTAssertEqual(
      layerLine(result, "Card"),
      ##"layer Card(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), shadowColor: "#ff000033", shadowX: 0, shadowY: 10, shadowBlur: 4)"##
    )
  }

  /// A parameter written as a bare number (`"v": 180`, dotlottie-rs'
  /// `elapsed_time`) is that fixed value, as ThorVG reads it; one that is
  /// not finite is the parameter's default.
  func testABareNumberParameterIsItsFixedValue() throws {
    let items = [
      #"{"ty": 2, "nm": "Colour", "v": {"a": 0, "k": [1, 0, 0, 1]}}"#,
      #"{"ty": 0, "nm": "Opacity", "v": 51}"#, #"{"ty": 0, "nm": "Direction", "v": 180}"#,
      #"{"ty": 0, "nm": "Distance", "v": 10}"#, #"{"ty": 0, "nm": "Softness", "v": 16}"#,
    ]
    let shadow = #"{"ty": 25, "nm": "Drop Shadow", "ef": [\#(items.joined(separator: ","))]}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Card", extra: #", "ef": [\#(shadow)]"#)]))
    XCTAssertEqual(
      layerLine(result, "Card"),
      ##"layer Card(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), shadowColor: "#ff000033", shadowX: 0, shadowY: 10, shadowBlur: 4)"##
    )
  }

  func testAShadowOfATurnedLayerTurnsWithIt() throws {
    // Turned 90° clockwise: the shadow "straight down" (180°) is down the
    // layer's own y, which the turn points left on the page — where
    // ThorVG draws it (it turns the direction by the layer's rotation, and
    // lottie-web filters the element its transform is on).
    let shadow = effect(
      25, "Drop Shadow", [#"{"a": 0, "k": [0, 0, 0, 1]}"#, "255", "180", "10", "0", "0"])
    let result = try H.importing(
      H.document([
        H.shapeLayer("Card", ks: #"{"r": \#(H.fixed("90"))}"#, extra: #", "ef": [\#(shadow)]"#)
      ]))
    let line = layerLine(result, "Card")
    XCTAssertTrue(line.contains("shadowX: 0, shadowY: 10"), line)
  }

  func testBlendModesAnimDrawsAndOnesItDoesNot() throws {
    for (mode, word) in [
      (1, "multiply"), (2, "screen"), (3, "overlay"), (6, "colorDodge"), (7, "colorBurn"),
      (8, "hardLight"), (9, "softLight"), (10, "difference"), (11, "exclusion"), (16, "add"),
    ] {
      let result = try H.importing(H.document([H.shapeLayer("B", extra: #", "bm": \#(mode)"#)]))
      XCTAssertTrue(layerLine(result, "B").hasSuffix("blend: \(word))"), layerLine(result, "B"))
      XCTAssertEqual(result.notes, [])
    }
    // The W3C's non-separable modes (hue, saturation, color, luminosity).
    let result = try H.importing(H.document([H.shapeLayer("B", extra: #", "bm": 15"#)]))
    XCTAssertFalse(result.script.contains("blend:"))
    XCTAssertEqual(
      result.notes,
      [
        ImportNote(
          "/layers/0", "blend mode 15 (luminosity) not drawn: anim's blend has no luminosity")
      ])
  }

  func testAddOnATranslucentLayerIsNoted() throws {
    let opacity =
      #"{"a": 1, "k": [{"t": 0, "s": [100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 30, "s": [40]}]}"#
    let result = try H.importing(
      H.document([H.shapeLayer("B", ks: #"{"o": \#(opacity)}"#, extra: #", "bm": 16"#)]))
    XCTAssertTrue(layerLine(result, "B").hasSuffix("blend: add)"), layerLine(result, "B"))
    XCTAssertEqual(
      result.notes,
      [
        ImportNote(
          "/layers/0/ks/o",
          "add (bm 16) on a layer below 100 % opacity drawn as plus-lighter: brighter than"
            + " the players where the sum passes white (they mix the clamped sum by the opacity)")
      ])
    // At 100 % throughout, anim's add is the players'.
    let opaque = try H.importing(
      H.document([H.shapeLayer("B", ks: #"{"o": \#(H.fixed("100"))}"#, extra: #", "bm": 16"#)]))
    XCTAssertEqual(opaque.notes, [])
  }

  func testEffectsAnimLacksAreNotedAndADisabledOneIsSkipped() throws {
    let tint = #"{"ty": 20, "nm": "Tint", "ef": []}"#
    let off =
      #"{"ty": 29, "nm": "Gaussian Blur", "en": 0, "ef": [{"ty": 0, "v": {"a": 0, "k": 50}}]}"#
    let oneAxis = effect(29, "Gaussian Blur", ["10", "2"])
    let result = try H.importing(
      H.document([H.shapeLayer("F", extra: #", "ef": [\#(tint), \#(off), \#(oneAxis)]"#)]))
    XCTAssertTrue(layerLine(result, "F").hasSuffix("blur: 3)"), layerLine(result, "F"))
    XCTAssertEqual(
      result.notes,
      [
        ImportNote("/layers/0/ef/0", "layer effect 'Tint' not drawn"),
        ImportNote(
          "/layers/0/ef/2",
          "a blur along one axis drawn along both (anim's blur is the same in every direction)"),
      ])
  }

  func testASigmaPastAnimsLimitIsHeldThereAndNoted() throws {
    let blur = effect(29, "Gaussian Blur", ["1e6"])
    let result = try H.importing(
      H.document([H.shapeLayer("F", extra: #", "ef": [\#(blur)]"#)]))
    XCTAssertTrue(layerLine(result, "F").hasSuffix("blur: 250)"), layerLine(result, "F"))
    XCTAssertEqual(
      result.notes, [ImportNote("/layers/0/ef/0", "blur over anim's σ of 250 drawn at it")])
  }

  func testAnEmbeddedImageIsAFileBesideTheScript() throws {
    // A PNG signature and a few bytes, base64.
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
    let uri = "data:image/png;base64," + Base64Text.encode(bytes)
    let asset = #"{"id": "pic 1", "w": 40, "h": 20, "e": 1, "u": "", "p": "\#(uri)"}"#
    let layer = #"{"ty": 2, "nm": "Photo", "refId": "pic 1", "ks": {}, "ip": 0, "op": 60, "st": 0}"#
    let result = try LottieImporter.importScript(
      Array(H.document([layer], assets: [asset]).utf8), source: "t.json", imagePrefix: "card")
    XCTAssertEqual(
      result.images,
      [ImportedImage(name: "card_pic_1.png", content: .bytes(bytes), pointer: "/assets/0/p")])
    XCTAssertTrue(
      result.script.contains(
        ##"image Photo_image(parent: Photo, src: "card_pic_1.png", x: 20, y: 10, width: 40, height: 20)"##
      ), result.script)
  }

  func testBase64() throws {
    XCTAssertEqual(
      try ImageAssetReader.decodeBase64(Array("TWFu".utf8), pointer: ""), Array("Man".utf8))
    XCTAssertEqual(
      try ImageAssetReader.decodeBase64(Array("TWE=".utf8), pointer: ""), Array("Ma".utf8))
    XCTAssertEqual(
      try ImageAssetReader.decodeBase64(Array("TQ==".utf8), pointer: ""), Array("M".utf8))
    XCTAssertEqual(try ImageAssetReader.decodeBase64(Array("".utf8), pointer: ""), [])
    XCTAssertThrowsError(try ImageAssetReader.decodeBase64(Array("TQ=a".utf8), pointer: "/p"))
    XCTAssertThrowsError(try ImageAssetReader.decodeBase64(Array("T".utf8), pointer: "/p"))
    XCTAssertThrowsError(try ImageAssetReader.decodeBase64(Array("TQ===".utf8), pointer: "/p"))
  }

  func testPathsThatLeaveTheFolderAreRefused() {
    XCTAssertEqual(
      try ImageAssetReader.safeRelative("images/", "a.png", pointer: ""), "images/a.png")
    XCTAssertEqual(
      try ImageAssetReader.safeRelative("./images", "./a.png", pointer: ""), "images/a.png")
    for (u, p) in [
      ("../", "a.png"), ("", "/etc/passwd"), ("a/../../", "b.png"), ("", ""), ("x\\..\\", "y.png"),
    ] {
      XCTAssertThrowsError(try ImageAssetReader.safeRelative(u, p, pointer: "/p"), "\(u)\(p)")
    }
    XCTAssertEqual(ImageAssetReader.fileSafe("../../etc"), "______etc")
    XCTAssertEqual(ImageAssetReader.fileSafe(""), "image")
  }
}

/// Base64 for the tests (the engine's encoder).
enum Base64Text {
  static func encode(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    var i = 0
    while i < bytes.count {
      let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
      let n =
        (UInt32(chunk[0]) << 16) | (chunk.count > 1 ? UInt32(chunk[1]) << 8 : 0)
        | (chunk.count > 2 ? UInt32(chunk[2]) : 0)
      for k in 0..<4 {
        out.append(k <= chunk.count ? alphabet[Int(n >> UInt32(18 - 6 * k) & 63)] : "=")
      }
      i += 3
    }
    return out
  }
}
