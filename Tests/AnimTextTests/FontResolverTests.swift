import AnimEngine
import XCTest

@testable import AnimText

/// Faces by family, weight and slant (SPEC §21.5), as fontconfig chooses
/// them among Debian's DejaVu faces (fonts-dejavu-core and -extra).
final class FontResolverTests: XCTestCase {
  private let dejavu = "/usr/share/fonts/truetype/dejavu/"

  private func face(_ family: String, _ weight: Double = 400, italic: Bool = false) throws
    -> FontFile
  {
    try FontResolver.font(for: FontRequest(font: family, weight: weight, italic: italic))
  }

  func testWeightAndSlantChooseTheFamilysFaces() throws {
    XCTAssertEqual(try face("DejaVu Sans").face, "DejaVu Sans")
    XCTAssertEqual(try face("DejaVu Sans", 700).face, "DejaVu Sans Bold")
    XCTAssertEqual(try face("DejaVu Sans", 700).path, dejavu + "DejaVuSans-Bold.ttf")
    XCTAssertEqual(try face("DejaVu Sans", 200).face, "DejaVu Sans ExtraLight")
    XCTAssertEqual(try face("DejaVu Sans", italic: true).face, "DejaVu Sans Oblique")
    XCTAssertEqual(try face("DejaVu Sans", 900, italic: true).face, "DejaVu Sans Bold Oblique")
    XCTAssertEqual(try face("DejaVu Serif", italic: true).face, "DejaVu Serif Italic")
    XCTAssertEqual(try face("DejaVu Sans Condensed", 700).face, "DejaVu Sans Condensed Bold")
    // Slant outranks weight in fontconfig's match: DejaVu has no
    // extra-light oblique, so the oblique of normal weight is drawn.
    XCTAssertEqual(try face("DejaVu Sans", 200, italic: true).face, "DejaVu Sans Oblique")
    XCTAssertEqual(try face("DejaVu Sans", 700).index, 0)
  }

  func testOneFileIsOpenedOncePerFace() throws {
    // 650 and 700 are both the bold face: one FontFile.
    XCTAssertTrue(try face("DejaVu Sans", 650) === face("DejaVu Sans", 700))
    XCTAssertFalse(try face("DejaVu Sans", 400) === face("DejaVu Sans", 700))
  }

  func testFamiliesCompareAsFontconfigDoesAndGenericsStandForTheirChoice() throws {
    XCTAssertEqual(try face("dejavusans", 700).face, "DejaVu Sans Bold")
    XCTAssertEqual(FontResolver.familyKey("DejaVu  Sans"), "dejavusans")
    XCTAssertEqual(try face("sans-serif").path.hasPrefix(dejavu), true)
    XCTAssertEqual(try face("monospace", 700).face, "DejaVu Sans Mono Bold")
  }

  func testAnUnknownFamilyIsRefusedNamingIt() throws {
    XCTAssertThrowsError(try face("DejaVu Sanz", 700)) { error in
      let error = error as? TextError
      XCTAssertEqual(error?.message, "font 'DejaVu Sanz' not found")
      XCTAssertEqual(error?.unknownFamily, "DejaVu Sanz")
    }
  }

  func testTheFamiliesAreFontconfigsEachOnceSorted() throws {
    let families = try FontResolver.families()
    for family in ["DejaVu Sans", "DejaVu Sans Light", "DejaVu Serif", "DejaVu Sans Mono"] {
      XCTAssertTrue(families.contains(family), family)
    }
    XCTAssertEqual(families, families.sorted())
    XCTAssertEqual(Set(families.map(FontResolver.familyKey)).count, families.count)
  }

  func testAFontFileIsOneFace() throws {
    let file = dejavu + "DejaVuSerif-Bold.ttf"
    XCTAssertEqual(try face(file).face, "DejaVu Serif Bold")
    XCTAssertThrowsError(try face(file, 700)) { error in
      XCTAssertEqual(
        (error as? TextError)?.message,
        "font file '\(file)' is one face: weight: 700 cannot choose another")
      XCTAssertEqual(
        (error as? TextError)?.hint,
        "name a family instead (font: \"DejaVu Sans\", weight: 700), or give that face's own file")
    }
    XCTAssertThrowsError(try face(file, 350.5, italic: true)) { error in
      XCTAssertEqual(
        (error as? TextError)?.message,
        "font file '\(file)' is one face: weight: 350.5, italic: true cannot choose another")
    }
  }
}
