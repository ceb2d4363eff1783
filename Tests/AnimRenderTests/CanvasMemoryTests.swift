import CPixels
import Foundation
import XCTest

/// `anim_canvas_allocate`: a canvas's doubles, from 2 MiB on aligned to the
/// 2 MiB pages it asks the kernel for; NULL, never a trap, for a count no
/// memory holds.
final class CanvasMemoryTests: XCTestCase {
  func testALargeCanvasLiesOnWholeHugePagesAndHoldsWhatIsWritten() throws {
    let count = 512 * 512 * 4  // 8 MiB: a 512 × 512 frame
    let memory = try XCTUnwrap(anim_canvas_allocate(count))
    defer { free(memory) }
    XCTAssertEqual(Int(bitPattern: memory) % (2 << 20), 0)
    for i in stride(from: 0, to: count, by: 4099) { memory[i] = Double(i) + 0.5 }
    memory[count - 1] = -1e308
    for i in stride(from: 0, to: count, by: 4099) { XCTAssertEqual(memory[i], Double(i) + 0.5) }
    XCTAssertEqual(memory[count - 1], -1e308)
  }

  func testASmallCanvasIsOrdinaryMemory() throws {
    for count in [0, 1, 4, 1000, (2 << 20) / 8 - 1] {
      let memory = try XCTUnwrap(anim_canvas_allocate(count), "\(count)")
      if count > 0 {
        memory[0] = 1
        memory[count - 1] = 2
        XCTAssertEqual(memory[0] + memory[count - 1], count == 1 ? 4 : 3)
      }
      free(memory)
    }
  }

  func testACountNoMemoryHoldsIsRefused() {
    XCTAssertNil(anim_canvas_allocate(Int.max))
    XCTAssertNil(anim_canvas_allocate(Int.max / 8 + 1))
    XCTAssertNil(anim_canvas_allocate(1 << 58))  // 2 EiB
  }
}
