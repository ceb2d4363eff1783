import Foundation
import XCTest

@testable import AnimTestRunner

#if canImport(FoundationXML)
  import FoundationXML
#endif

final class JUnitWriterTests: TemporaryDirectoryTestCase {
  private let report = TestReport(
    results: [
      TestResult(path: "tests/a.anim", status: .passed, duration: 0.01),
      TestResult(
        path: "tests/b&<c>.anim",
        status: .failed(differences: [
          #"line 7: expected "0.5", got "0.25""#, "extra output \"'x'\"",
        ]),
        duration: 0.0204),
      TestResult(path: "tests/c.anim", status: .skipped(reason: "needs \"springs\"")),
      TestResult(path: "tests/d.anim", status: .skipped(reason: "")),
    ],
    duration: 0.0421)

  func testDocument() {
    XCTAssertEqual(
      JUnitWriter().document(for: report),
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="4" failures="1" errors="0" skipped="2" time="0.042">
        <testsuite name="anim" tests="4" failures="1" errors="0" skipped="2" time="0.042">
          <testcase classname="anim" name="tests/a.anim" time="0.010"/>
          <testcase classname="anim" name="tests/b&amp;&lt;c&gt;.anim" time="0.020">
            <failure message="line 7: expected &quot;0.5&quot;, got &quot;0.25&quot;">line 7: expected "0.5", got "0.25"
      extra output "'x'"</failure>
          </testcase>
          <testcase classname="anim" name="tests/c.anim" time="0.000">
            <skipped message="needs &quot;springs&quot;"/>
          </testcase>
          <testcase classname="anim" name="tests/d.anim" time="0.000">
            <skipped/>
          </testcase>
        </testsuite>
      </testsuites>

      """)
  }

  /// An error nobody expected is an `<error>`, counted in `errors`; what a
  /// file printed is its `<system-out>`.
  func testAnUnexpectedErrorIsAnErrorAndOutputIsSystemOut() {
    var passed = TestResult(path: "p.anim", status: .passed)
    passed.output = "1 < 2\n"
    var broken = TestResult(
      path: "e.anim",
      status: .failed(differences: ["unexpected runtime error at line 2: division by zero"]))
    broken.isError = true
    broken.output = "before\n"
    let failed = TestResult(path: "f.anim", status: .failed(differences: ["line 1: x"]))
    XCTAssertEqual(
      JUnitWriter().document(for: TestReport(results: [passed, broken, failed], duration: 0)),
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites tests="3" failures="1" errors="1" skipped="0" time="0.000">
        <testsuite name="anim" tests="3" failures="1" errors="1" skipped="0" time="0.000">
          <testcase classname="anim" name="p.anim" time="0.000">
            <system-out>1 &lt; 2
      </system-out>
          </testcase>
          <testcase classname="anim" name="e.anim" time="0.000">
            <error message="unexpected runtime error at line 2: division by zero">unexpected runtime error at line 2: division by zero</error>
            <system-out>before
      </system-out>
          </testcase>
          <testcase classname="anim" name="f.anim" time="0.000">
            <failure message="line 1: x">line 1: x</failure>
          </testcase>
        </testsuite>
      </testsuites>

      """)
  }

  func testControlCharactersAreReplaced() {
    let odd = TestReport(
      results: [TestResult(path: "a.anim", status: .failed(differences: ["a\u{1}b\nc\td"]))])
    XCTAssertTrue(
      JUnitWriter().document(for: odd).contains(
        #"<failure message="a\#u{FFFD}b&#10;c&#9;d">a\#u{FFFD}b"#))
  }

  #if canImport(FoundationXML) || os(macOS)
    func testDocumentParsesBack() throws {
      let xml = try XMLDocument(xmlString: JUnitWriter().document(for: report), options: [])
      let root = try XCTUnwrap(xml.rootElement())
      XCTAssertEqual(root.name, "testsuites")
      let suite = try XCTUnwrap(root.elements(forName: "testsuite").first)
      XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "anim")
      XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "4")
      XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
      XCTAssertEqual(suite.attribute(forName: "skipped")?.stringValue, "2")
      let cases = suite.elements(forName: "testcase")
      XCTAssertEqual(
        cases.map { $0.attribute(forName: "name")?.stringValue },
        ["tests/a.anim", "tests/b&<c>.anim", "tests/c.anim", "tests/d.anim"])
      XCTAssertEqual(
        cases.map { $0.attribute(forName: "classname")?.stringValue },
        Array(repeating: "anim", count: 4))
      let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
      XCTAssertEqual(
        failure.attribute(forName: "message")?.stringValue, #"line 7: expected "0.5", got "0.25""#)
      XCTAssertEqual(
        failure.stringValue, "line 7: expected \"0.5\", got \"0.25\"\nextra output \"'x'\"")
      XCTAssertEqual(
        cases[2].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue,
        #"needs "springs""#)
      XCTAssertEqual(cases[3].elements(forName: "skipped").count, 1)
    }
  #endif

  func testRunnerWritesReportAtomically() throws {
    try directory.write("tests/a.anim", "# expect: 1\n")
    try directory.write("tests/b.anim", "# skip: later\n")
    try directory.write("report.xml", "old")
    let (report, output) = run(
      TestOptions(junitPath: "report.xml"), ["tests/a.anim": ScriptOutcome(stdout: "2\n")])
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(output.standardOutput.last, "0 passed, 1 failed, 1 skipped")
    let xml = try directory.read("report.xml")
    XCTAssertTrue(
      xml.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\""
      ))
    XCTAssertTrue(
      xml.contains(#"<failure message="line 1: expected &quot;1&quot;, got &quot;2&quot;">"#))
    // Nothing is left behind but the report and the tests.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
      ["report.xml", "tests"])
  }

  func testUnwritableReportIsAnIOError() throws {
    try directory.write("tests/a.anim")
    let (report, output) = run(TestOptions(junitPath: "no/such/dir/report.xml"))
    XCTAssertEqual(report.exitCode, 74)
    XCTAssertEqual(
      output.standardError,
      ["error: cannot write JUnit report no/such/dir/report.xml: No such file or directory"])
    XCTAssertEqual(output.standardOutput, ["PASS tests/a.anim", "1 passed, 0 failed"])
  }
}
