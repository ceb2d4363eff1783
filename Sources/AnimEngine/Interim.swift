// Interim stand-ins for types delivered separately (easing, colour, springs).
// This file is deleted when the real implementations land.
import Foundation

public enum Easing: Sendable, Equatable {
  case linear, inQuad, outQuad
  public func callAsFunction(_ p: Double) -> Double {
    switch self {
    case .linear: return p
    case .inQuad: return p * p
    case .outQuad: return 1 - (1 - p) * (1 - p)
    }
  }
  public func derivative(at p: Double) -> Double {
    let h = 1e-6
    return (self(p + h) - self(p - h)) / (2 * h)
  }
  public static func named(_ name: String) -> Easing? {
    switch name {
    case "linear": return .linear
    case "inQuad": return .inQuad
    case "outQuad": return .outQuad
    default: return nil
    }
  }
  public var name: String { "\(self)" }
}

public enum ColorSpace: String, Sendable { case srgb, hsb, oklab }

public struct Color: Sendable, Equatable, Hashable {
  public var r, g, b, a: Double
  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = r; self.g = g; self.b = b; self.a = a
  }
  public static func named(_ n: String) -> Color? {
    switch n {
    case "red": return Color(r: 1, g: 0, b: 0)
    case "white": return Color(r: 1, g: 1, b: 1)
    case "black": return Color(r: 0, g: 0, b: 0)
    case "blue": return Color(r: 0, g: 0, b: 1)
    default: return nil
    }
  }
  public static func interpolate(from: Color, to: Color, progress p: Double, in space: ColorSpace) -> Color {
    Color(r: from.r + (to.r - from.r) * p, g: from.g + (to.g - from.g) * p,
          b: from.b + (to.b - from.b) * p, a: from.a + (to.a - from.a) * p)
  }
  public var hex: String {
    func h(_ v: Double) -> String { String(format: "%02x", Int((max(0, min(1, v)) * 255).rounded())) }
    return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
  }
}

public struct SpringParameters: Sendable, Equatable {
  public var mass = 1.0, stiffness = 100.0, damping = 10.0
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) {
    self.mass = mass; self.stiffness = stiffness; self.damping = damping
  }
}

public struct SpringSolution: Sendable, Equatable {
  public var parameters: SpringParameters
  public var x0: Double, v0: Double
  public init(parameters: SpringParameters, displacement: Double, velocity: Double) {
    self.parameters = parameters; x0 = displacement; v0 = velocity
  }
  public func displacement(at t: Double) -> Double { x0 * exp(-5 * t) }
  public func velocity(at t: Double) -> Double { -5 * x0 * exp(-5 * t) }
  public var settlingTime: Double { log(1000) / 5 }
}
