import AnimEngine

/// A recorded view's composition (SPEC §21.2) as the exporters need it:
/// at a time, and whether its filters change over the recording (then
/// they are written frame by frame).
extension RecordedView {
  /// The properties a filter's lengths depend on: the compositing ones
  /// and the view's own turn and scale (its lengths are its own).
  static let filterInputs: [Property] = [
    .opacity, .blur, .shadowColor, .shadowX, .shadowY, .shadowBlur, .blend, .scaleX, .scaleY,
    .rotation,
  ]

  /// The view's composition at time `t`.
  public func composition(at t: Double) -> Composition {
    Composition(state(at: t))
  }

  /// The linear part of the view's own transform at `t` (turn and scale:
  /// what maps its lengths into its parent's space).
  public func ownLinear(at t: Double) -> Affine {
    let s = state(at: t)
    let (sin, cos) = Affine.sinCos(degrees: s.number(.rotation))
    let sx = s.number(.scaleX)
    let sy = s.number(.scaleY)
    return Affine(a: cos * sx, b: sin * sx, c: -sin * sy, d: cos * sy, tx: 0, ty: 0)
  }

  /// Whether the view is ever blurred or shadowed.
  public var isEverFiltered: Bool {
    track(.blur).keys.contains { $0.value[0] > 0 }
      || track(.shadowColor).keys.contains { $0.value[3] > 0 }
  }

  /// Whether the view's blend mode is ever other than normal.
  public var isEverBlended: Bool {
    track(.blend).keys.contains { BlendMode(index: $0.value[0]) != .normal }
  }

  /// Whether every input of the filter holds one value throughout.
  public var filterIsStill: Bool {
    Self.filterInputs.allSatisfy { p in
      let keys = track(p).keys
      return keys.allSatisfy { $0.value == keys.first?.value }
    }
  }

  private func state(at t: Double) -> ViewState {
    var state = ViewState()
    for p in Self.filterInputs { state[value: p] = track(p).value(at: t) }
    return state
  }
}

extension StageRecording {
  /// The time of each recorded frame: A + k/N.
  public var frameTimes: [Double] {
    (0..<max(frameCount, 1)).map { frameRate > 0 ? start + Double($0) / frameRate : start }
  }
}
