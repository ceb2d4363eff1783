import AnimEngine

/// What a chart shows (SPEC §12.4): properties sampled over time, with the
/// events of the runs that animate them.
public struct PlotData: Sendable {
  /// One property of one view over time.
  public struct Series: Sendable {
    /// `box.x`.
    public var label: String
    /// Sample times, increasing.
    public var times: [Double]
    /// Numbers (one per time), or nil for a colour.
    public var numbers: [Double]?
    /// Colours (one per time), or nil for a number.
    public var colors: [Color]?

    public init(label: String, times: [Double], numbers: [Double]) {
      self.label = label
      self.times = times
      self.numbers = numbers
    }

    public init(label: String, times: [Double], colors: [Color]) {
      self.label = label
      self.times = times
      self.colors = colors
    }
  }

  /// An event on the time axis: `start #1`, `mark "hit" #2`.
  public struct Event: Sendable, Equatable {
    public var time: Double
    public var label: String

    public init(time: Double, label: String) {
      self.time = time
      self.label = label
    }
  }

  public var series: [Series]
  public var events: [Event]
  /// The time axis: [start, end].
  public var start: Double
  public var end: Double
  /// A line written under the chart (what was left out of it), or nil.
  public var note: String?

  public init(series: [Series], events: [Event], start: Double, end: Double) {
    self.series = series
    self.events = events
    self.start = start
    self.end = end
  }
}
