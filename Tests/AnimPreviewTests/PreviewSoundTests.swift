import AnimExport
import AnimLanguage
import Foundation
import XCTest

@testable import AnimPreview

/// The preview's sound (SPEC §22): a build carries the mix, the page holds
/// it, and a mix is sent again only when it changed.
final class PreviewSoundTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("anim-preview-sound-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A mono 16-bit WAV of `count` samples at 48 kHz, each `value`.
  private func writeWAV(_ name: String, value: Int16, count: Int) throws {
    var bytes: [UInt8] = []
    func u32(_ v: Int) { for i in 0..<4 { bytes.append(UInt8((v >> (8 * i)) & 0xff)) } }
    func u16(_ v: Int) { for i in 0..<2 { bytes.append(UInt8((v >> (8 * i)) & 0xff)) } }
    bytes += Array("RIFF".utf8)
    u32(36 + 2 * count)
    bytes += Array("WAVEfmt ".utf8)
    u32(16)
    u16(1)
    u16(1)
    u32(48_000)
    u32(96_000)
    u16(2)
    u16(16)
    bytes += Array("data".utf8)
    u32(2 * count)
    for _ in 0..<count { u16(Int(UInt16(bitPattern: value))) }
    try Data(bytes).write(to: folder.appendingPathComponent(name))
  }

  private func build(_ text: String) -> PreviewBuild {
    PreviewBuilder.build(
      SourceFile(path: folder.appendingPathComponent("t.anim").path, text: text),
      readFile: { _ in [] })!
  }

  private func goodBuild(print text: String = "hi") -> PreviewBuild {
    build(
      "view box(x: 0, y: 0, width: 10, height: 10)\nrun fade(out, 1) on box\nprint \"\(text)\"\n")
  }

  private func int16(_ bytes: [UInt8], at i: Int) -> Int16 {
    Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)
  }

  func testABuildWithASoundCarriesItsMixAsA16BitStereoWAV() throws {
    // 0.25 s at a quarter of full scale, heard from 0.5 s in a 1 s range.
    try writeWAV("q.wav", value: 8192, count: 12_000)
    let b = build(
      """
      sound q("q.wav")
      view box(x: 0, y: 0, width: 10, height: 10)
      run fade(out, 1) on box
      step 0.5
      run play(q)
      step 0.5
      """)
    XCTAssertNil(b.error)
    let text = try XCTUnwrap(b.sound)
    let wav = [UInt8](try XCTUnwrap(Data(base64Encoded: text)))
    XCTAssertEqual(Array(wav[0..<4]), Array("RIFF".utf8))
    XCTAssertEqual(wav.count, 44 + 48_000 * 4)
    // Channels 2, rate 48 000, 16 bits.
    XCTAssertEqual(Int(wav[22]), 2)
    XCTAssertEqual(Int(wav[24]) | Int(wav[25]) << 8 | Int(wav[26]) << 16, 48_000)
    XCTAssertEqual(Int(wav[34]), 16)
    // Silence until frame 24 000, the sound's 12 000 frames in both
    // channels, silence after.
    for frame in [0, 23_999, 36_000, 47_999] {
      XCTAssertEqual(int16(wav, at: 44 + 4 * frame), 0, "\(frame)")
      XCTAssertEqual(int16(wav, at: 46 + 4 * frame), 0, "\(frame)")
    }
    for frame in [24_000, 30_000, 35_999] {
      XCTAssertEqual(int16(wav, at: 44 + 4 * frame), 8192, "\(frame)")
      XCTAssertEqual(int16(wav, at: 46 + 4 * frame), 8192, "\(frame)")
    }
    // The whole page (as `anim export` writes it) plays it too.
    let page = try XCTUnwrap(b.playerPage)
    XCTAssertTrue(
      page.contains("<script id=\"anim-sound\" type=\"application/octet-stream\">\(text)</script>"))
    XCTAssertTrue(page.contains(HTMLPlayerParts.script + HTMLPlayerParts.soundScript))
  }

  func testANewerSaveStopsTheMixBetweenItsBlocks() throws {
    try writeWAV("q.wav", value: 8192, count: 48_000)
    let body = "view box(x: 0, y: 0, width: 10, height: 10)\nrun fade(out, 4) on box\n"
    let withSound = "sound q(\"q.wav\")\n" + body + "run play(q)\nstep 4\n"
    let without = body + "step 4\n"
    func asks(_ text: String, cancellingAt stop: Int? = nil) -> (Int, PreviewBuild?) {
      var count = 0
      let b = PreviewBuilder.build(
        SourceFile(path: folder.appendingPathComponent("t.anim").path, text: text),
        readFile: { _ in [] },
        isCancelled: {
          count += 1
          return count == stop
        })
      return (count, b)
    }
    let (quiet, silent) = asks(without)
    let (heard, sounding) = asks(withSound)
    XCTAssertTrue(silent != nil && silent?.sound == nil)
    XCTAssertEqual(Data(base64Encoded: try XCTUnwrap(sounding?.sound))?.count, 44 + 192_000 * 4)
    // The same frames; the mix of 192 000 frames asks between its blocks.
    XCTAssertGreaterThan(heard - quiet, 2)
    // Cancelled in the middle of the mix: no build, and nothing asked after.
    let middle = quiet + (heard - quiet) / 2
    let (asked, cancelled) = asks(withSound, cancellingAt: middle)
    XCTAssertTrue(cancelled == nil)
    XCTAssertEqual(asked, middle)
  }

  func testABuildWithoutASoundHasNone() {
    let b = goodBuild()
    XCTAssertNil(b.sound)
    XCTAssertFalse(b.playerPage!.contains("anim-sound"))
  }

  func testTheMixIsSentWithTheFirstBuildThatHasItAndNotAgain() throws {
    let state = PreviewState()
    var one = goodBuild(print: "one")
    one.sound = "UklGRmFhYQ=="
    let first = state.publish(one, pausedAt: nil)
    XCTAssertTrue(first.contains(#""sound":"UklGRmFhYQ==""#))
    XCTAssertTrue(first.contains(#""soundVersion":1"#))
    // The same mix: the pages keep theirs.
    var two = goodBuild(print: "two")
    two.sound = one.sound
    let second = state.publish(two, pausedAt: nil)
    XCTAssertFalse(second.contains(#""sound":"#))
    XCTAssertTrue(second.contains(#""soundVersion":1"#))
    // A failed build: no player, no mix, the last good one's version.
    var failed = PreviewBuild()
    failed.error = "t.anim:1:1: error: boom\n"
    let third = state.publish(failed, pausedAt: nil)
    XCTAssertFalse(third.contains(#""sound":"#))
    XCTAssertTrue(third.contains(#""soundVersion":1"#))
    // Another mix.
    var four = goodBuild(print: "four")
    four.sound = "UklGRmJiYg=="
    let fourth = state.publish(four, pausedAt: nil)
    XCTAssertTrue(fourth.contains(#""sound":"UklGRmJiYg==""#))
    XCTAssertTrue(fourth.contains(#""soundVersion":4"#))
    // No sound any more: said once, as null.
    let fifth = state.publish(goodBuild(print: "five"), pausedAt: nil)
    XCTAssertTrue(fifth.contains(#""sound":null"#))
    XCTAssertTrue(fifth.contains(#""soundVersion":5"#))
    let sixth = state.publish(goodBuild(print: "six"), pausedAt: nil)
    XCTAssertFalse(sixth.contains(#""sound":"#))
    XCTAssertTrue(sixth.contains(#""soundVersion":5"#))
  }

  func testAPageThatAttachesGetsTheMixOnlyWhenItLacksIt() throws {
    let state = PreviewState()
    var one = goodBuild(print: "one")
    one.sound = "UklGRmFhYQ=="
    state.publish(one, pausedAt: nil)
    var two = goodBuild(print: "two")
    two.sound = one.sound
    state.publish(two, pausedAt: nil)
    // A new visitor: the whole player with its mix.
    XCTAssertTrue(state.page.contains(#""sound":"UklGRmFhYQ==""#))
    // A page that plays the last player: neither again.
    let plays = try XCTUnwrap(state.catchUp(shown: 1, player: 2, sound: 1, whole: false))
    XCTAssertFalse(plays.contains(#""player":"#) || plays.contains(#""sound":"#))
    // An older player with the same mix: the player, not the mix.
    let older = try XCTUnwrap(state.catchUp(shown: 1, player: 1, sound: 1, whole: false))
    XCTAssertTrue(older.contains(#""player":{"full":true"#))
    XCTAssertFalse(older.contains(#""sound":"#))
    // Another mix, or none said: both.
    for held in [0, 7, -1] {
      let other = try XCTUnwrap(state.catchUp(shown: 1, player: 1, sound: held, whole: false))
      XCTAssertTrue(other.contains(#""sound":"UklGRmFhYQ==""#), "\(held)")
    }
    // A resync: everything.
    let whole = try XCTUnwrap(state.catchUp(shown: 0, player: 0, sound: 1, whole: true))
    XCTAssertTrue(whole.contains(#""sound":"UklGRmFhYQ==""#))
    XCTAssertEqual(PreviewStream.request(#"{"shown": 2, "player": 2, "sound": 1}"#)?["sound"], 1)
  }

  func testThePageHoldsTheSoundCodeOnce() {
    let state = PreviewState()
    state.publish(goodBuild(), pausedAt: nil)
    let page = state.page
    XCTAssertEqual(
      page.components(separatedBy: "<script type=\"text/plain\" id=\"anim-sound-code\">").count, 2)
    XCTAssertTrue(page.contains(HTMLPlayerParts.soundScript))
    // A page without sound says so (null), so that a page showing it
    // holds no mix.
    XCTAssertTrue(page.contains(#""sound":null"#))
    XCTAssertTrue(PreviewPage.contentSecurityPolicy.contains("media-src blob:"))
  }
}
