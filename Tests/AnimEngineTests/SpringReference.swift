import Foundation

/// A damped spring integrated numerically with the classic fourth-order
/// Runge–Kutta method: the test's independent reference for the engine's
/// closed forms (which must never integrate).
struct RK4Spring {
  let mass: Double
  let stiffness: Double
  let damping: Double

  private func acceleration(_ x: Double, _ v: Double) -> Double {
    -(damping * v + stiffness * x) / mass
  }

  /// Integrates from (x0, v0) with step `dt` for `steps` steps, calling
  /// `visit(t, x, v)` at t = 0 and after every `every`-th step.
  func integrate(
    x0: Double, v0: Double, dt: Double, steps: Int, every: Int,
    _ visit: (Double, Double, Double) -> Void
  ) {
    var x = x0
    var v = v0
    visit(0, x, v)
    for n in 1...steps {
      let k1x = v
      let k1v = acceleration(x, v)
      let k2x = v + 0.5 * dt * k1v
      let k2v = acceleration(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
      let k3x = v + 0.5 * dt * k2v
      let k3v = acceleration(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
      let k4x = v + dt * k3v
      let k4v = acceleration(x + dt * k3x, v + dt * k3v)
      x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      if n % every == 0 { visit(Double(n) * dt, x, v) }
    }
  }
}

enum ReferenceRoot {
  /// Finds t in [low, high] with f(t) = 0 by bisection, given a sign change.
  static func bisect(_ low: Double, _ high: Double, _ f: (Double) -> Double) -> Double {
    var low = low
    var high = high
    let lowSign = f(low) > 0
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if mid <= low || mid >= high { break }
      if (f(mid) > 0) == lowSign { low = mid } else { high = mid }
    }
    return (low + high) / 2
  }
}
