/// What a play makes heard (SPEC §22): a stretch of one declared sound, at a
/// volume, with linear fades. A leaf that carries one is a **play**: a
/// motion that animates no property, whose run has no target, and whose
/// sound is mixed at the exact virtual times its run passes through it.
///
/// The engine knows no files: `sound` is the host's number for the sound it
/// declared (the language's table of `sound` declarations), `name` the name
/// the script gave it (what a Lottie marker shows).
public struct SoundCue: Sendable, Equatable {
  /// The host's number of the declared sound.
  public var sound: Int
  /// The sound's name in the script.
  public var name: String
  /// Seconds into the sound where the play starts (`from:`).
  public var from: Double
  /// Seconds of the sound the play lasts (`to − from`): the leaf's duration.
  public var duration: Double
  /// Amplitude factor (`volume:`), finite and ≥ 0.
  public var volume: Double
  /// Seconds of a linear amplitude ramp from 0 at the play's start.
  public var fadeIn: Double
  /// Seconds of a linear amplitude ramp to 0 at the play's end.
  public var fadeOut: Double

  /// A cue; the values are the caller's to check (`Motion.play` does).
  public init(
    sound: Int, name: String, from: Double, duration: Double, volume: Double = 1,
    fadeIn: Double = 0, fadeOut: Double = 0
  ) {
    self.sound = sound
    self.name = name
    self.from = from
    self.duration = duration
    self.volume = volume
    self.fadeIn = fadeIn
    self.fadeOut = fadeOut
  }

  /// The amplitude factor at `tau` seconds into the play: the volume times
  /// both fades (each a linear ramp over the play's own time; where they
  /// overlap the smaller wins).
  @inline(__always)
  public func gain(at tau: Double) -> Double {
    var g = volume
    if fadeIn > 0 && tau < fadeIn { g *= max(tau, 0) / fadeIn }
    let left = duration - tau
    if fadeOut > 0 && left < fadeOut { g *= max(left, 0) / fadeOut }
    return g
  }
}
