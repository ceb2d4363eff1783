import AnimEngine

/// Stops the gradient tests share: opaque and translucent, two at one
/// offset (a jump) and a transparent one between.
enum GradientFixtures {
  static let stops = [
    GradientStop(offset: 0, color: Color(r: 0.74, g: 0.56, b: 0, a: 1)),
    GradientStop(offset: 0.125, color: Color(r: 1, g: 0.81, b: 0.24, a: 0.5)),
    GradientStop(offset: 0.125, color: Color(r: 0, g: 0, b: 1, a: 1)),
    GradientStop(offset: 0.49, color: Color(r: 0, g: 0, b: 0, a: 0)),
    GradientStop(offset: 1, color: Color(r: 1, g: 0.81, b: 0.24, a: 1)),
  ]
}
