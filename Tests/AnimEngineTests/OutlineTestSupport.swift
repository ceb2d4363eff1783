import XCTest

@testable import AnimEngine

/// Comparisons of outline points for the outline tests.
func assertPoint(
  _ actual: OutlinePoint, _ expected: OutlinePoint, accuracy: Double = 1e-12,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual)", file: file, line: line)
  XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual)", file: file, line: line)
}

/// The only subpath of `outline` (fails when there are others).
func onlySubpath(
  _ outline: Outline, file: StaticString = #filePath, line: UInt = #line
) -> Subpath {
  XCTAssertEqual(outline.subpaths.count, 1, file: file, line: line)
  return outline.subpaths[0]
}

/// The segment ends of a subpath.
func ends(_ subpath: Subpath) -> [OutlinePoint] { subpath.segments.map(\.end) }
