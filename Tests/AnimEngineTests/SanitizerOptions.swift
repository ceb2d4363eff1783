/// AddressSanitizer's defaults for the test process (`swift test
/// --sanitize=address`); it asks for them before anything else runs, and the
/// `ASAN_OPTIONS` environment variable still overrides them.
///
/// LeakSanitizer is off here because XCTest on Linux (swift-corelibs-xctest
/// 6.3) never frees the weak reference `awaitUsingExpectation` makes to each
/// test case, so every test case and all it holds is reported as leaked at
/// exit, and a suppression cannot reach the blocks hanging off it. anim's own
/// leaks are checked where XCTest is not involved: `anim test tests examples`
/// built with `--sanitize=address` runs every script test with LeakSanitizer
/// on (see BENCHMARKS.md and the closing notes), and valgrind runs the
/// benchmarks. In a build without the sanitizer nothing calls this.
@_cdecl("__asan_default_options")
public func asanDefaultOptions() -> UnsafePointer<CChar> {
  UnsafeRawPointer(StaticString("detect_leaks=0").utf8Start).assumingMemoryBound(to: CChar.self)
}
