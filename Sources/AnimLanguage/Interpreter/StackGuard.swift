#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the interpreter's recursion before it overflows the native stack.
///
/// The language bounds each kind of nesting on its own (256 levels of syntax,
/// 256 `def` calls, 10 000 events), but not their product: 256 calls of a
/// function whose body nests a few operators deep, or handlers whose
/// `finish` fires further handlers inside themselves, need more stack than a
/// thread has, and how much each level takes differs tenfold between an
/// optimised build and a debug build with AddressSanitizer. So the guard
/// measures: it notes where the current thread's stack ends, and an
/// evaluation, a call or a handler that starts with less than `reserve`
/// bytes left fails with a runtime error instead of crashing.
struct StackGuard {
  /// Stack that must remain when an evaluation, call or handler starts: room
  /// for what runs below it without coming back here, a builtin and the
  /// clock's work (which recurse at most 256 levels, over a motion's nesting),
  /// in a debug build with AddressSanitizer, with a wide margin.
  static let reserve: UInt = 2 << 20

  /// The most stack the interpreter uses below where it was entered: on a
  /// thread with room for it (the main thread's 8 MiB, less the reserve),
  /// recursion stops at the same depth in every run.
  static let budget: UInt = 5 << 20

  /// How far the stack may grow below where the guard was made before the
  /// guard asks where the stack ends: less than any thread's stack, and more
  /// than a script that does not recurse ever uses, so such a script never
  /// asks (glibc reads /proc/self/maps to answer for the main thread).
  static let unchecked: UInt = 64 << 10

  /// Where the stack was when the guard was made.
  private let entry: UInt
  /// Whether the floor has been looked up.
  private var knowsFloor = false
  /// The lowest address the stack may reach before calls are refused; 0 when
  /// the platform does not say where the stack ends (then nothing is checked).
  private var floor: UInt = 0

  /// A guard for the stack of the calling thread.
  init() {
    entry = StackGuard.currentAddress()
  }

  /// Whether less than the reserve is left below the caller's frame.
  var isNearlyExhausted: Bool {
    mutating get {
      let here = StackGuard.currentAddress()
      if !knowsFloor {
        guard here < entry && entry - here >= StackGuard.unchecked else { return false }
        knowsFloor = true
        if let (low, size) = StackGuard.currentStack() {
          // A thread with less than four times the reserve keeps a quarter of
          // its stack instead, so that shallow recursion still works there.
          // Within that, the stack below the entry is `budget` at most, so
          // that where recursion stops does not depend on where the system
          // put the stack (nor on the size of the environment above it).
          let limit = low + min(StackGuard.reserve, size / 4)
          floor = max(limit, entry > StackGuard.budget ? entry - StackGuard.budget : 0)
        }
      }
      return floor != 0 && here < floor
    }
  }

  /// An address in the current frame: the stack grows down from here.
  @inline(__always)
  static func currentAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { pointer in
      // Under AddressSanitizer a local may live in a "fake stack" on the heap
      // (to catch uses after return); ask for the real frame it stands for.
      if let sanitizer = fakeStack, let current = sanitizer.current(),
        let frame = sanitizer.realFrame(current, pointer, nil, nil)
      {
        return UInt(bitPattern: frame)
      }
      return UInt(bitPattern: pointer)
    }
  }

  /// AddressSanitizer's fake-stack functions, when the program runs under it
  /// (looked up by name, so that other builds need not link them).
  private static let fakeStack: FakeStack? = {
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let current = dlsym(everywhere, "__asan_get_current_fake_stack"),
      let realFrame = dlsym(everywhere, "__asan_addr_is_in_fake_stack")
    else { return nil }
    return FakeStack(
      current: unsafeBitCast(current, to: FakeStack.Current.self),
      realFrame: unsafeBitCast(realFrame, to: FakeStack.RealFrame.self))
  }()

  private struct FakeStack: Sendable {
    typealias Current = @convention(c) () -> UnsafeMutableRawPointer?
    typealias RealFrame =
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?
      ) -> UnsafeMutableRawPointer?
    let current: Current
    let realFrame: RealFrame
  }

  /// The lowest address and the size of the current thread's stack.
  static func currentStack() -> (low: UInt, size: UInt)? {
    #if canImport(Glibc)
      // glibc finds the main thread's stack by reading /proc/self/maps, which
      // took a tenth of a one-line script's start-up (W6) when asked twice;
      // the main thread's stack stays where it is, so it is asked once.
      if isMainThread { return mainThreadStack }
    #endif
    return askedStack()
  }

  private static let mainThreadStack = askedStack()

  #if canImport(Glibc)
    /// Whether the caller runs on the process's first thread (its thread id
    /// is the process id).
    private static var isMainThread: Bool {
      guard let gettid = threadID else { return false }
      return gettid() == getpid()
    }

    /// glibc's gettid (2.30 and later; declared only for _GNU_SOURCE).
    private static let threadID: (@convention(c) () -> pid_t)? = dlsym(nil, "gettid").map {
      unsafeBitCast($0, to: (@convention(c) () -> pid_t).self)
    }
  #endif

  /// The current thread's stack as the system gives it.
  private static func askedStack() -> (low: UInt, size: UInt)? {
    #if canImport(Darwin)
      let thread = pthread_self()
      let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      let size = UInt(pthread_get_stacksize_np(thread))
      return (top - size, size)
    #elseif canImport(Glibc)
      // glibc declares pthread_getattr_np only for _GNU_SOURCE, which Swift's
      // Glibc module does not set; it is always there to look up.
      typealias GetAttributes =
        @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
      guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
      let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address, size > 0 else {
        return nil
      }
      return (UInt(bitPattern: address), UInt(size))
    #else
      return nil
    #endif
  }
}
