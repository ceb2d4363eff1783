import AnimExport
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
      ), readFile: { _ in [] })!
  }

  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  func testThePageHoldsThePlayersCodeForTheStudioToRunAndTheStudiosParts() {
    let state = PreviewState(title: "t.anim")
    state.publish(goodBuild(), pausedAt: nil)
    let page = state.page
    XCTAssertEqual(count("<script type=\"text/plain\" id=\"anim-player-code\">", in: page), 1)
    XCTAssertEqual(count("<style id=\"anim-player-style\">", in: page), 1)
    XCTAssertTrue(page.contains("<title>t.anim — anim preview</title>"))
    for mark in ["ruler", "inspector", "error", "output", "viewport", "fit"] {
      XCTAssertTrue(page.contains("data-anim=\"\(mark)\""), mark)
    }
    for format in ["mp4", "gif", "json", "html"] {
      XCTAssertTrue(page.contains("data-anim=\"render\" data-format=\"\(format)\""), format)
    }
    // The player's controls, as the player has them.
    XCTAssertTrue(page.contains(HTMLPlayerParts.controls))
    XCTAssertTrue(
      page.contains(
        "<script id=\"preview-token\" type=\"application/json\">\"\(state.token.text)\"</script>"))
  }

  func testTheTitleIsEscaped() {
    let state = PreviewState(title: "<b>&\".anim")
    state.publish(goodBuild(), pausedAt: nil)
    XCTAssertTrue(state.page.contains("<title>&lt;b&gt;&amp;&quot;.anim — anim preview</title>"))
  }

  func testThePageEmbedsTheLastBuildAndCannotBeClosedByItsOutput() {
    let state = PreviewState()
    state.publish(goodBuild(print: "</script><script>alert(1)</script>"), pausedAt: nil)
    let page = state.page
    XCTAssertEqual(count("<script id=\"preview-data\" type=\"application/json\">", in: page), 1)
    XCTAssertFalse(page.contains("</script><script>alert(1)"))
    XCTAssertTrue(page.contains(#"<\/script><script>alert(1)<\/script>"#))
    XCTAssertTrue(page.contains(#""player":{"full":true,"stage":"\u003csvg id=\"stage\""#))
  }

  func testAFailedBuildKeepsTheLastGoodAnimationAndItsLanes() {
    let state = PreviewState()
    state.publish(goodBuild(), pausedAt: nil)
    var failed = PreviewBuild()
    failed.error = "t.anim:1:1: error: boom\n"
    state.publish(failed, pausedAt: nil)
    let page = state.page
    XCTAssertTrue(page.contains(#"\u003csvg id=\"stage\""#))
    XCTAssertTrue(page.contains(#""error":"t.anim:1:1: error: boom\n""#))
    XCTAssertTrue(page.contains(#""output":["hi"]"#))
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
    XCTAssertFalse(page.contains("svg id"))
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

  func testTheStreamReadsThePagesMessages() {
    XCTAssertEqual(PreviewStream.shownVersion(#"{"shown": 7}"#), 7)
    XCTAssertEqual(PreviewStream.shownVersion("nonsense"), 0)
    XCTAssertEqual(
      PreviewStream.shownVersion(String(repeating: " ", count: 300) + #"{"shown":1}"#), 0)
    XCTAssertEqual(
      PreviewStream.request(#"{"inspect": 3, "player": 2}"#), ["inspect": 3, "player": 2])
    XCTAssertEqual(PreviewStream.request(#"{"resync": true}"#), ["resync": 1])
    XCTAssertEqual(PreviewStream.request(#"{"inspect": 1e300, "x": "y", "z": 1.5}"#), [:])
    XCTAssertNil(PreviewStream.request("[1]"))
  }

  func testATokenMatchesOnlyItselfAndTwoTokensDiffer() {
    let token = PreviewToken()
    XCTAssertEqual(token.text.count, 32)
    XCTAssertTrue(token.text.allSatisfy { $0.isHexDigit })
    XCTAssertTrue(token.matches(token.text))
    XCTAssertFalse(token.matches(nil))
    XCTAssertFalse(token.matches(""))
    XCTAssertFalse(token.matches(String(token.text.dropLast())))
    XCTAssertFalse(token.matches(token.text + "0"))
    XCTAssertFalse(
      token.matches(token.text.uppercased() == token.text ? "x" : token.text.uppercased()))
    XCTAssertNotEqual(PreviewToken(), PreviewToken())
  }

  func testTheInspectorAnswersOnlyForTheLastGoodPlayer() {
    let state = PreviewState()
    state.publish(goodBuild(), pausedAt: nil)
    XCTAssertTrue(state.inspection(of: 0, player: 1).contains(#""entry":{"index":0,"name":"box""#))
    XCTAssertTrue(state.inspection(of: 0, player: 2).hasSuffix(#""entry":null}"#))
    XCTAssertTrue(state.inspection(of: 5, player: 1).hasSuffix(#""entry":null}"#))
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
