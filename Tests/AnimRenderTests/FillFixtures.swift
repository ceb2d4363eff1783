/// Scenes the fill tests share.
enum FillFixtures {
  /// Shapes under an upright clip that moves, a turned clip and the
  /// letterbox (drawn at 200 × 90): the clip rectangle cuts whole and
  /// partial pixels, the turned one is left to Cairo. `extra` adds lines
  /// before the motion.
  static func clipsAndLetterbox(_ extra: String = "") -> String {
    """
    stage(width: 120, height: 90, background: black)
    rect box(x: 50.5, y: 40.25, width: 61.5, height: 43.75, color: "#333", clip: true) {
      ellipse a(x: 0, y: 0, width: 90, height: 70, color: "#4fc3f7")
    }
    rect turned(x: 95, y: 60, width: 30, height: 30, rotation: 30, color: "#222", clip: true) {
      star b(x: 0, y: 0, points: 5, width: 44, height: 44, color: "#ff7043")
    }
    \(extra)
    run move(by: (10.5, -6.25), 1) on box
    """
  }
}
