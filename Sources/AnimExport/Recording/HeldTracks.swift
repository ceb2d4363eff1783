import AnimEngine

/// How the recorder first saw a view: the look (frame or instant between
/// frames) that found it, and what a track's builder was told there.
struct FirstLook: Sendable {
  /// The recorder's count of looks at that look.
  var look: Int
  var time: Double
  /// The time of the look before it.
  var previousTime: Double
  /// Whether it was a look between frames.
  var instant: Bool
  /// The recording's first frame time.
  var start: Double
  /// Whether the view was declared after the first frame (its alpha is 0
  /// until it was first seen).
  var late: Bool

  /// The builder of a track of `property` that has had this look, with
  /// `value` and no segment in force, and nothing since: what every track
  /// of the view was before anything happened to it.
  func builder(_ property: Property, value: PropertyValue) -> TrackBuilder {
    var builder = TrackBuilder()
    if property == .alpha && late { builder.beginInvisible(at: start) }
    builder.observe(
      time: time, value: value, segment: nil, previousTime: previousTime, jumpDelta: 0,
      lanes: property.lanes, instant: instant)
    return builder
  }
}

/// The tracks of a recorded view that held the value the view was first
/// seen with over the whole recording: kept as that value (the view's record
/// then) and made into keyframes when a writer asks for one, instead of a
/// keyframe list per track for the whole recording (W1: 21 of a view's 22
/// tracks).
public struct HeldTracks: Sendable {
  let firstLook: FirstLook
  /// The view's record when it was first seen (`Property.recordWidth` slots).
  let values: ArraySlice<Double>
  /// The last frame's time.
  let end: Double

  /// The track of `property`: the keyframes its builder would have made.
  func track(_ property: Property) -> PropertyTrack {
    var value = PropertyValue.zero
    for lane in 0..<property.lanes {
      value[lane] = values[values.startIndex + property.slot + lane]
    }
    var builder = firstLook.builder(property, value: value)
    return PropertyTrack(property: property, keys: builder.finished(at: end))
  }
}
