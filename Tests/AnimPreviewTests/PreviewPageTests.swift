import AnimLanguage
import XCTest

@testable import AnimPreview

final class PreviewPageTests: XCTestCase {
  private func goodBuild(print text: String = "hi") -> PreviewBuild {
    PreviewBuilder.build(
      SourceFile(
        path: "t.anim",
        text:
          "view box(x: 0, y: 0, width: 10, height: 10)\nrun fade(out, 1) on box\nprint \"\(text)\"\n"
      ), readFile: { _ in [] })
  }

  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  func testThePlayerIsWrappedAndItsCodeIsLeftForThePreviewToRun() {
    let page = PreviewPage.preparePlayer(goodBuild().playerPage!)
    XCTAssertEqual(count("<div id=\"anim-player\">", in: page), 1)
    XCTAssertEqual(count("<script type=\"text/plain\" id=\"anim-player-code\">", in: page), 1)
    XCTAssertEqual(count("<style id=\"anim-player-style\">", in: page), 1)
    // No script of the player runs by itself any more.
    XCTAssertEqual(count("<script>", in: page), 0)
    let body = page.range(of: "<div id=\"anim-player\">")!
    let stage = page.range(of: "<svg id=\"stage\"")!
    let code = page.range(of: "id=\"anim-player-code\"")!
    XCTAssertTrue(body.upperBound <= stage.lowerBound && stage.upperBound <= code.lowerBound)
  }

  func testThePageEmbedsTheLastBuildAndCannotBeClosedByItsOutput() {
    let state = PreviewState()
    state.publish(goodBuild(print: "</script><script>alert(1)</script>"), pausedAt: nil)
    let page = state.page
    XCTAssertEqual(count("<script id=\"preview-data\" type=\"application/json\">", in: page), 1)
    XCTAssertFalse(page.contains("</script><script>alert(1)"))
    XCTAssertTrue(page.contains(#"<\/script><script>alert(1)<\/script>"#))
    XCTAssertTrue(page.contains("id=\"preview-error\""))
    XCTAssertTrue(page.contains("id=\"timeline\""))
  }

  func testAFailedBuildKeepsTheLastGoodAnimationAndItsLanes() {
    let state = PreviewState()
    state.publish(goodBuild(), pausedAt: nil)
    var failed = PreviewBuild()
    failed.error = "t.anim:1:1: error: boom\n"
    state.publish(failed, pausedAt: nil)
    let page = state.page
    XCTAssertTrue(page.contains("<svg id=\"stage\""))
    XCTAssertTrue(page.contains(#""error":"t.anim:1:1: error: boom\n""#))
    XCTAssertTrue(page.contains(#""lanes":[{"#))
    XCTAssertTrue(page.contains(#""version":2"#))
  }

  func testBeforeAnyGoodRunThePageIsAnEmptyShellWithTheError() {
    let state = PreviewState()
    var failed = PreviewBuild()
    failed.error = "t.anim:1:1: error: boom\n"
    state.publish(failed, pausedAt: nil)
    let page = state.page
    XCTAssertTrue(page.contains("<div id=\"anim-player\"></div>"))
    XCTAssertFalse(page.contains("<svg id=\"stage\""))
    XCTAssertTrue(page.contains(#""hasPlayer":false"#))
  }

  func testOnlyItsOwnAddressAndLocalhostAreAllowedAsHost() {
    let state = PreviewState()
    state.setAuthorities(host: "127.0.0.1", port: 8123)
    XCTAssertTrue(state.allows(host: "127.0.0.1:8123"))
    XCTAssertTrue(state.allows(host: "localhost:8123"))
    XCTAssertTrue(state.allows(host: "LocalHost:8123"))
    for refused in [
      "127.0.0.1", "localhost", "127.0.0.1:8124", "evil.example:8123", "", "0.0.0.0:8123",
    ] {
      XCTAssertFalse(state.allows(host: refused), refused)
    }
    state.setAuthorities(host: "::1", port: 9)
    XCTAssertTrue(state.allows(host: "[::1]:9"))
    XCTAssertFalse(state.allows(host: "::1:9"))
  }

  func testTheStreamReadsTheVersionAPageShows() {
    XCTAssertEqual(PreviewStream.shownVersion(#"{"shown": 7}"#), 7)
    XCTAssertEqual(PreviewStream.shownVersion("nonsense"), 0)
    XCTAssertEqual(
      PreviewStream.shownVersion(String(repeating: " ", count: 300) + #"{"shown":1}"#), 0)
  }

  func testOnlyThePagesOwnOriginIsOwn() {
    XCTAssertTrue(PreviewState.isOwn(origin: "http://127.0.0.1:8123", host: "127.0.0.1:8123"))
    XCTAssertTrue(PreviewState.isOwn(origin: "HTTP://LOCALHOST:8123", host: "localhost:8123"))
    XCTAssertTrue(PreviewState.isOwn(origin: "http://[::1]:8123", host: "[::1]:8123"))
    for origin in [
      "null", "", "http://evil.example", "http://127.0.0.1:8124", "https://127.0.0.1:8123",
      "http://127.0.0.1:8123/", "http://localhost:8123", "http://127.0.0.1", "ws://127.0.0.1:8123",
      "http://127.0.0.1:8123, http://evil.example",
    ] {
      XCTAssertFalse(PreviewState.isOwn(origin: origin, host: "127.0.0.1:8123"), origin)
    }
  }

  func testThePageIsMadeOncePerBuild() {
    let state = PreviewState()
    state.publish(goodBuild(print: "one"), pausedAt: nil)
    let first = state.pageData
    XCTAssertEqual(state.pageData, first)
    XCTAssertTrue(state.page.contains("one"))
    state.publish(goodBuild(print: "two"), pausedAt: nil)
    XCTAssertTrue(state.page.contains("two") && !state.page.contains("\"one\""))
  }

  func testNoOtherSiteMayFrameThePage() {
    XCTAssertTrue(PreviewPage.contentSecurityPolicy.contains("frame-ancestors 'none'"))
  }
}
