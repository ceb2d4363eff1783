import XCTest

@testable import AnimEngine

/// The scene's tree (SPEC §17): parents, paint order, world transforms and
/// opacities, the depth limit.
final class SceneTreeTests: XCTestCase {
  private func view(
    _ scene: Scene, _ name: String, x: Double = 0, y: Double = 0, w: Double = 0, h: Double = 0,
    rotation: Double = 0, alpha: Double = 1
  ) -> ViewID {
    var s = ViewState()
    s[.x] = x
    s[.y] = y
    s[.width] = w
    s[.height] = h
    s[.rotation] = rotation
    s[.alpha] = alpha
    return scene.declare(name, state: s)
  }

  func testPaintOrderIsAViewThenItsSubtreeThenTheNext() throws {
    let scene = Scene()
    let a = view(scene, "a")
    let b = view(scene, "b")
    let a1 = view(scene, "a1")
    let a2 = view(scene, "a2")
    let a11 = view(scene, "a11")
    try scene.setParent(a, of: a1)
    try scene.setParent(a, of: a2)
    try scene.setParent(a1, of: a11)
    XCTAssertEqual(scene.treeOrder, [a, a1, a11, a2, b])
    XCTAssertEqual(scene.children(of: a), [a1, a2])
    XCTAssertEqual(scene.parent(of: a11), a1)
    XCTAssertNil(scene.parent(of: b))
    XCTAssertEqual(scene.depth(of: a11), 2)
  }

  func testAParentMustComeFirstAndIsGivenOnce() throws {
    let scene = Scene()
    let a = view(scene, "a")
    let b = view(scene, "b")
    XCTAssertThrowsError(try scene.setParent(b, of: a)) {
      XCTAssertEqual(
        ($0 as? EngineError)?.message,
        "a parent must be declared before its children: 'b' comes after 'a'")
    }
    try scene.setParent(a, of: b)
    XCTAssertThrowsError(try scene.setParent(a, of: b)) {
      XCTAssertEqual(($0 as? EngineError)?.message, "'b' already has a parent")
    }
  }

  func testADeepChainStopsAtTheLimitWithoutRecursion() throws {
    let scene = Scene()
    var previous = view(scene, "v0")
    for i in 1...Scene.maximumDepth {
      let next = view(scene, "v\(i)")
      try scene.setParent(previous, of: next)
      previous = next
    }
    let one = view(scene, "tooDeep")
    XCTAssertThrowsError(try scene.setParent(previous, of: one)) {
      XCTAssertEqual(
        ($0 as? EngineError)?.message,
        "a tree may be at most 256 levels deep below its root view: 'tooDeep' would be at depth 257"
      )
    }
    XCTAssertEqual(scene.treeOrder.count, Scene.maximumDepth + 2)
  }

  func testWorldTransformAndOpacityCompose() throws {
    let scene = Scene()
    let car = view(scene, "car", x: 200, y: 100, rotation: 90, alpha: 0.5)
    let wheel = view(scene, "wheel", x: -50, y: 25, w: 30, h: 30, alpha: 0.8)
    try scene.setParent(car, of: wheel)
    let frame = scene.worldFrame()
    // The wheel's centre (its anchor point, 15, 15 in its box) in the world.
    let centre = frame.transforms[Int(wheel)].apply(15, 15)
    XCTAssertEqual(centre.x, 175, accuracy: 1e-12)
    XCTAssertEqual(centre.y, 50, accuracy: 1e-12)
    XCTAssertEqual(frame.alphas[Int(wheel)], 0.4, accuracy: 1e-15)
    XCTAssertEqual(scene.world(of: wheel).transform, frame.transforms[Int(wheel)])
    XCTAssertEqual(scene.worldRotation(of: wheel), 90)
  }
}
