/// GSAP's `stagger.ease` (SPEC §14.4): the offsets are redistributed through
/// an easing over the largest one, `o ↦ M · E(o / M)`, so `inQuad` bunches the
/// early starts together and spreads the late ones.
///
/// An easing that overshoots below 0 (`inBack`) would start a member before
/// the stagger itself: such an offset is held at 0. With M = 0 (one member, or
/// every member at the same distance) every offset stays 0.
public func easeStaggerOffsets(_ offsets: [Double], _ easing: Easing) -> [Double] {
  guard let m = offsets.max(), m > 0 else { return offsets }
  return offsets.map { o in
    let v = m * easing(o / m)
    return v.isFinite ? max(v, 0) : 0
  }
}
