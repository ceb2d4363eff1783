import AnimRender

/// Where a render's one pass (``OnePassRender``) puts its frames: ffmpeg's
/// pipe (``FFmpegEncoder/Session``), in frame order, or a pattern's PNG
/// files (``PatternStaging``), each written by the thread that drew it and
/// put in place once the plan holds the guess.
protocol OnePassOutput: AnyObject {
  /// Frame `index`, just drawn on `canvas` by a drawing thread (any
  /// thread): its pixels into `buffer`, for ``send(_:)`` in frame order, or
  /// its file written.
  func take(_ canvas: FrameCanvas, index: Int, into buffer: inout [UInt8]) throws
  /// A frame ``take(_:index:into:)`` filled `buffer` with, sent on in frame
  /// order (the script's thread).
  func send(_ buffer: inout [UInt8]) throws
  /// Frame `index`, drawn on `canvas` by the script's thread, taken and
  /// sent at once, its times noted in `stats`.
  func deliver(_ canvas: FrameCanvas, index: Int, stats: RenderStats?) throws
  /// Every frame sent: the output finished and put in place.
  func finish() throws
  /// The guess did not hold, or a frame failed: nothing written stays.
  func abandon()
}

extension FFmpegEncoder.Session: OnePassOutput {
  func take(_ canvas: FrameCanvas, index: Int, into buffer: inout [UInt8]) throws {
    canvas.rgba(into: &buffer)
  }

  func send(_ buffer: inout [UInt8]) throws {
    try send { pipeBuffer in swap(&pipeBuffer, &buffer) }
  }

  func deliver(_ canvas: FrameCanvas, index: Int, stats: RenderStats?) throws {
    try send { buffer in
      stats?.piped()
      canvas.rgba(into: &buffer)
      stats?.converted()
    }
  }
}
