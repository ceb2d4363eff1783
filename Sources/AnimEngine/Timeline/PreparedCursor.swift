/// A part that starts after a delay but shows its start state from the
/// beginning: its first segment starts (reads the track, takes the property)
/// when the delay begins; `Segment.value` holds the start value until the
/// segment's own start.
final class PreparedCursor: Cursor {
  let inner: Cursor
  let delay: Double
  private var preparing = true

  init(_ inner: Cursor, delay: Double, base: Double) {
    self.inner = inner
    self.delay = delay
    super.init()
    nextStart = inner.nextStart < .infinity ? base : .infinity
  }

  override func pop(_ r: inout Resolver) {
    preparing = false
    inner.pop(&r)
    nextStart = inner.nextStart
  }

  override func reset(base: Double) {
    inner.reset(base: base + delay)
    preparing = true
    nextStart = inner.nextStart < .infinity ? base : .infinity
  }

  override func alikePlays() -> AlikePlays? { inner.alikePlays() }

  override func skipAlikePlays(to t: Double, _ r: inout Resolver) -> Int {
    guard !preparing else { return 0 }
    let skipped = inner.skipAlikePlays(to: t, &r)
    nextStart = inner.nextStart
    return skipped
  }
}
