/// How a leaf moves one property: its start value `a` and end value `b` are
/// computed from the property's value `s` at the moment the leaf starts.
public enum ChangeRule: Sendable, Equatable {
  /// `a = startScale·s + startOffset`, `b = endScale·s + endOffset`.
  ///
  /// One affine form covers every primitive: "to" (`a = s, b = target`), "by"
  /// (`a = s, b = s + delta`), Spruce's prepare-then-animate stock motions
  /// (`slide`: `a = s + offset, b = s`; `fadeIn`: `a = 0, b = 1`).
  case affine(
    startScale: Double, startOffset: PropertyValue, endScale: Double, endOffset: PropertyValue)
  /// A spring to `target` (lane 0); `velocity` is in distances per second.
  case spring(target: Double, parameters: SpringParameters, velocity: Double)
  /// Along a motion path (absolute: x, y or the direction of travel), by
  /// arc length at the leaf's eased progress.
  case path(MotionPath, MotionPath.Lane)
  /// `morph(to: other)` (SPEC §16.4), on the `outline` property: when the
  /// leaf starts, the target's outline then and `other`'s are made ready to
  /// morph (`MorphedOutline`) and the leaf moves the progress from 0 to 1.
  case morph(other: ViewID)
  /// `tween(points: […])` (SPEC §23.1), on a shape's `outline`: when the leaf
  /// starts, its points then and these are paired (`MorphedOutline`) and the
  /// leaf moves the progress from 0 to 1, each point on a straight line.
  case points([OutlinePoint])
  /// `scramble(t, to: "NEW", d)` (SPEC §23.2), on a text's `scramble`: when
  /// the leaf starts, the text's string becomes `target` (what `t.text`
  /// reads from then on) and the leaf moves the scramble's progress from 0
  /// to 1, the letters drawn scrambled until each one's turn.
  case scramble(target: String)

  /// Animate to an absolute value.
  public static func to(_ v: PropertyValue) -> ChangeRule {
    .affine(startScale: 1, startOffset: .zero, endScale: 0, endOffset: v)
  }
  /// Animate by adding `d` to the start value.
  public static func by(_ d: PropertyValue) -> ChangeRule {
    .affine(startScale: 1, startOffset: .zero, endScale: 1, endOffset: d)
  }
  /// Jump to `a` when the leaf starts, then animate to `b` (both absolute).
  public static func fromTo(_ a: PropertyValue, _ b: PropertyValue) -> ChangeRule {
    .affine(startScale: 0, startOffset: a, endScale: 0, endOffset: b)
  }
  /// Jump to `s + offset` when the leaf starts, then animate back to `s`.
  public static func fromOffset(_ offset: PropertyValue) -> ChangeRule {
    .affine(startScale: 1, startOffset: offset, endScale: 1, endOffset: .zero)
  }
}

/// One property a leaf animates, and how.
public struct Change: Sendable, Equatable {
  public var property: Property
  public var rule: ChangeRule
  public init(_ property: Property, _ rule: ChangeRule) {
    self.property = property
    self.rule = rule
  }
}

/// The smallest motion: for `duration` seconds, move some properties (or none:
/// `wait`), optionally emitting a mark event when it starts, or make a sound
/// heard (a play, SPEC §22).
public struct Leaf: Sendable {
  public var duration: Double
  public var easing: Easing
  public var changes: [Change]
  public var mark: String?
  public var space: ColorSpace
  /// The sound a play makes heard; nil for every other leaf.
  public var sound: SoundCue?

  public init(
    duration: Double, easing: Easing = .linear, changes: [Change] = [], mark: String? = nil,
    space: ColorSpace = .srgb, sound: SoundCue? = nil
  ) {
    self.duration = duration
    self.easing = easing
    self.changes = changes
    self.mark = mark
    self.space = space
    self.sound = sound
  }
}
