import AnimConsole
import AnimEngine
import AnimLanguage
import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `anim bench FILE`: runs a script's statements, then steps its clock frame
/// by frame and reports how fast the engine stepped and what memory it used.
///
/// Every figure is printed as one `key: value` line with a stable key, so
/// `bench/run.sh` and other scripts can grep them. Only the `advance` calls
/// are timed; the checksum that proves the values were computed is timed
/// separately.
///
/// The checksum is defined so that another implementation can reproduce it
/// bit for bit: after every frame, for every view in declaration order, the
/// view's sum `x + y + width + height + alpha + rotation + scaleX + scaleY`
/// (added left to right) is added to the frame's sum (starting at 0), and the
/// frame's sum is added to the checksum (starting at 0). All in IEEE doubles.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Run a script, then step its clock frame by frame and report speed and memory.",
    discussion: """
      Prints one 'key: value' line per figure: frames, views, property updates, \
      stepping time, updates per second, ns per update, checksum (17 significant \
      digits), peak memory and the heap statistics of glibc's mallinfo2 taken \
      before and after the stepping.
      """)

  @ArgumentParser.Argument(
    help: "The .anim script that sets the scene up.", completion: .file(extensions: ["anim"]))
  var file: String

  @Option(help: "Frames to step after the script's statements.")
  var frames: Int = 600

  @Option(help: "Frame rate of the stepping.")
  var fps: Double = 60

  @Option(help: "Print a memory checkpoint every N frames (0: none).")
  var reportEvery: Int = 0

  @Flag(help: "Print every frame's sum (to compare implementations frame by frame).")
  var frameSums = false

  @OptionGroup(title: "Work limit (the script's statements, then each frame)")
  var limits: WorkLimitOption

  /// Most frames one bench steps: ten million (minutes of stepping for the
  /// largest scenes); more is a usage error rather than an endless run.
  static let maximumFrames = 10_000_000

  func validate() throws {
    guard frames >= 0, frames <= Self.maximumFrames else {
      throw ValidationError("--frames must be from 0 to \(Self.maximumFrames), not \(frames)")
    }
    do { try RangeOptions.checkRate(fps, option: "--fps") } catch {
      throw ValidationError(error.message)
    }
    guard Double(frames) / fps <= Clock.maximumTime else {
      throw ValidationError(
        "--frames \(frames) at --fps \(RangeOptions.text(fps)) last \(NumberText.format(Double(frames) / fps)) s, past the clock's limit of \(NumberText.format(Clock.maximumTime)) s"
      )
    }
    guard reportEvery >= 0 else { throw ValidationError("--report-every must be ≥ 0") }
  }

  func run() throws {
    guard let source = try SourceLoading.load(file) else { throw ExitCode(ExitStatus.noInput) }
    let renderer = DiagnosticRenderer(useColor: Terminal.diagnosticColor)
    let program = Program(source: source, readFile: ScriptRunner.readFile)
    let errors = program.diagnostics.filter { $0.0.severity == .error }
    if let first = errors.first {
      for (diagnostic, file) in errors {
        Terminal.writeError(renderer.render(diagnostic, in: file))
      }
      throw ExitCode(ExitStatus.code(for: first.0.kind))
    }

    let setupStart = BenchClock.nanoseconds()
    let interp = Interpreter(file: source, output: Terminal.writeLine)
    interp.readFile = ScriptRunner.readFile
    interp.workLimit = limits.workLimit
    var failures: [RuntimeError] = []
    interp.expectationFailed = { failures.append($0) }
    do {
      try interp.execute(program.statements, in: source)
    } catch {
      Terminal.writeError(renderer.render(error.diagnostic, in: error.file ?? source))
      throw ExitCode(ExitStatus.code(for: error.kind))
    }
    for failure in failures {
      Terminal.writeError(renderer.render(failure.diagnostic, in: failure.file ?? source))
    }
    if !failures.isEmpty { throw ExitCode(ExitStatus.failure) }
    let setupSeconds = BenchClock.seconds(since: setupStart)

    var report = BenchReport()
    report.add("file", file)
    report.add("setup time", String(format: "%.6f s", setupSeconds))
    try step(interp, into: &report) { error in
      // A handler's runtime error points into the script; a clock error does not.
      if let error = error as? RuntimeError {
        Terminal.writeError(renderer.render(error.diagnostic, in: error.file ?? source))
      } else {
        Terminal.writeError("anim: bench: \(error)")
      }
    }
    for line in report.lines { Terminal.writeLine(line) }
    Terminal.flush()
  }

  /// Steps `frames` frames, timing the `advance` calls and the checksum apart;
  /// an error that stops the stepping goes to `report`, then exit code 70.
  private func step(
    _ interp: Interpreter, into out: inout BenchReport, report: (Error) -> Void
  ) throws {
    let clock = interp.clock
    do { try clock.setFPS(fps) } catch {
      report(error)
      throw ExitCode(ExitStatus.software)
    }
    let updatesBefore = clock.propertyUpdates
    let liveBefore = clock.liveCount
    let capacityBefore = clock.poolCapacity
    let rssBefore = MemoryProbe.residentKilobytes()
    // The options are read once: a property wrapper's getter is generic and
    // would cost more per frame than the stepping of a small scene.
    let (frames, reportEvery, printSums) = (self.frames, self.reportEvery, self.frameSums)
    // Checkpoints are kept as numbers and formatted after the stepping, so
    // that making their text allocates nothing between the heap snapshots.
    var checkpoints: [Checkpoint] = []
    checkpoints.reserveCapacity(reportEvery > 0 ? frames / reportEvery + 1 : 0)
    let overhead = BenchClock.bracketOverhead()
    let heapBefore = MemoryProbe.heap()
    let loopStart = BenchClock.nanoseconds()
    let cpuBefore = BenchClock.processorSeconds()
    var steppingNanoseconds: UInt64 = 0
    var steppingCPUNanoseconds: UInt64 = 0
    var checksumNanoseconds: UInt64 = 0
    var checksum = 0.0
    var frame = 0
    while frame < frames {
      frame += 1
      // The thread's processor clock brackets the wall clock, so its cost
      // (a system call) stays out of the wall time.
      // The limit bounds each frame's work (its handlers), not the whole
      // stepping, whose length --frames already sets.
      interp.resetWork()
      let c0 = BenchClock.threadNanoseconds()
      let t0 = BenchClock.nanoseconds()
      do { try clock.advance(frames: 1) } catch {
        Terminal.writeError("anim: bench: stopped at frame \(frame)")
        report(error)
        throw ExitCode(ExitStatus.software)
      }
      let t1 = BenchClock.nanoseconds()
      steppingCPUNanoseconds += BenchClock.threadNanoseconds() - c0
      let sum = Self.frameSum(interp.scene)
      checksum += sum
      let t2 = BenchClock.nanoseconds()
      steppingNanoseconds += t1 - t0
      checksumNanoseconds += t2 - t1
      if printSums { Terminal.writeLine("frame \(frame): \(Self.exact(sum))") }
      if reportEvery > 0 && frame % reportEvery == 0 {
        checkpoints.append(Checkpoint(frame: frame, clock: clock))
      }
    }
    let cpuSeconds = BenchClock.processorSeconds() - cpuBefore
    let loopSeconds = BenchClock.seconds(since: loopStart)
    let heapAfter = MemoryProbe.heap()
    let updates = clock.propertyUpdates - updatesBefore
    // The clocks' own cost inside each bracket, measured on empty brackets,
    // is taken out; it matters only when a frame costs under a microsecond.
    let seconds = max(0, Double(steppingNanoseconds) - overhead.wall * Double(frames)) / 1e9
    let cpuStepping = max(0, Double(steppingCPUNanoseconds) - overhead.cpu * Double(frames)) / 1e9

    for c in checkpoints { out.lines.append(c.line) }
    out.add("frames", "\(frames)")
    out.add("fps", Self.exact(fps))
    out.add("virtual time", Self.exact(clock.now))
    out.add("views", "\(interp.scene.count)")
    out.add("property updates", "\(updates)")
    out.add("stepping time", String(format: "%.6f s", seconds))
    out.add("updates per second", Self.ratio("%.4g", Double(updates), seconds))
    out.add("ns per update", Self.ratio("%.3f", seconds * 1e9, Double(updates)))
    out.add("ns per frame", Self.ratio("%.1f", seconds * 1e9, Double(frames)))
    // The same figures from the processor time the stepping thread was
    // given: on a shared machine they stay close to an idle machine's wall
    // figures while the wall figures grow with the load.
    out.add("stepping cpu time", String(format: "%.6f s", cpuStepping))
    out.add("updates per cpu second", Self.ratio("%.4g", Double(updates), cpuStepping))
    out.add(
      "timer overhead per frame",
      String(format: "%.1f ns wall, %.1f ns cpu (subtracted above)", overhead.wall, overhead.cpu))
    out.add("checksum time", String(format: "%.6f s", Double(checksumNanoseconds) / 1e9))
    // On a shared machine the loop's processor time falls below its wall
    // time: a share well under 1 means the timings above are inflated.
    out.add("loop wall time", String(format: "%.6f s", loopSeconds))
    out.add("loop cpu time", String(format: "%.6f s", cpuSeconds))
    out.add("loop cpu share", Self.ratio("%.2f", cpuSeconds, loopSeconds))
    out.add("checksum", Self.exact(checksum))
    out.add("live runs before", "\(liveBefore)")
    out.add("live runs after", "\(clock.liveCount)")
    // Ids count up from 1, so the newest id tells how many runs were started.
    out.add("newest live run id", clock.liveRuns.map(\.id).max().map { "\($0)" } ?? "none")
    out.add("pool capacity before", "\(capacityBefore)")
    out.add("pool capacity after", "\(clock.poolCapacity)")
    out.add("rss before", "\(rssBefore) KB")
    out.add("rss after", "\(MemoryProbe.residentKilobytes()) KB")
    out.add("peak memory", "\(MemoryProbe.peakKilobytes()) KB")
    out.add("heap in use before", "\(heapBefore.inUse) B")
    out.add("heap in use after", "\(heapAfter.inUse) B")
    out.add("heap in use delta", "\(heapAfter.inUse - heapBefore.inUse) B")
    out.add("heap arena delta", "\(heapAfter.arena - heapBefore.arena) B")
    out.add("heap mmapped delta", "\(heapAfter.mmapped - heapBefore.mmapped) B")
    out.add(
      "heap delta per frame",
      Self.ratio("%.3f B", Double(heapAfter.inUse - heapBefore.inUse), Double(frames)))
  }

  /// The sum over every view of its eight numeric properties (see the type's
  /// documentation for the exact order of the additions).
  static func frameSum(_ scene: Scene) -> Double {
    // The eight numbers in SPEC §4's order, added left to right as the C
    // program adds them.
    let (s0, s1, s2, s3) = (
      Property.x.slot, Property.y.slot, Property.width.slot, Property.height.slot
    )
    let (s4, s5, s6, s7) = (
      Property.alpha.slot, Property.rotation.slot, Property.scaleX.slot, Property.scaleY.slot
    )
    var sum = 0.0
    // `forEachView` reads the scene's buffer in place; `values` would copy it.
    scene.forEachView { _, _, v in
      sum +=
        v.recordValue(at: s0) + v.recordValue(at: s1) + v.recordValue(at: s2)
        + v.recordValue(at: s3) + v.recordValue(at: s4) + v.recordValue(at: s5)
        + v.recordValue(at: s6) + v.recordValue(at: s7)
    }
    return sum
  }

  /// `numerator / denominator` printed with `format`, or `n/a` when the
  /// denominator is not positive (no frames, no time measured).
  static func ratio(_ format: String, _ numerator: Double, _ denominator: Double) -> String {
    denominator > 0 ? String(format: format, numerator / denominator) : "n/a"
  }

  /// `x` with 17 significant digits: enough to tell any two doubles apart.
  static func exact(_ x: Double) -> String { String(format: "%.17g", x) }
}

/// Lines of `key: value`, in the order they were added.
struct BenchReport {
  var lines: [String] = []

  mutating func add(_ key: String, _ value: String) { lines.append("\(key): \(value)") }
}

/// Memory and pool figures taken every `--report-every` frames.
struct Checkpoint {
  var frame: Int
  var residentKilobytes: Int
  var peakKilobytes: Int
  var heapInUse: Int
  var liveRuns: Int
  var poolCapacity: Int

  init(frame: Int, clock: Clock) {
    self.frame = frame
    residentKilobytes = MemoryProbe.residentKilobytes()
    peakKilobytes = MemoryProbe.peakKilobytes()
    heapInUse = MemoryProbe.heap().inUse
    liveRuns = clock.liveCount
    poolCapacity = clock.poolCapacity
  }

  /// `checkpoint: frame=N rss_kb=N peak_kb=N heap_bytes=N live=N pool_capacity=N`.
  var line: String {
    "checkpoint: frame=\(frame) rss_kb=\(residentKilobytes) peak_kb=\(peakKilobytes)"
      + " heap_bytes=\(heapInUse) live=\(liveRuns) pool_capacity=\(poolCapacity)"
  }
}

/// A monotonic clock in nanoseconds.
enum BenchClock {
  static func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  static func seconds(since start: UInt64) -> Double { Double(nanoseconds() - start) / 1e9 }

  /// The mean time, in nanoseconds, that the stepping loop's clock reads add
  /// to one frame's wall and processor brackets, from empty brackets.
  static func bracketOverhead(samples: Int = 2000) -> (wall: Double, cpu: Double) {
    var wall: UInt64 = 0
    var cpu: UInt64 = 0
    for _ in 0..<samples {
      let c0 = threadNanoseconds()
      let t0 = nanoseconds()
      let t1 = nanoseconds()
      cpu += threadNanoseconds() - c0
      wall += t1 - t0
    }
    return (Double(wall) / Double(samples), Double(cpu) / Double(samples))
  }

  /// Processor time the calling thread has used, in nanoseconds.
  static func threadNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// User and system processor time the process has used, in seconds.
  static func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }
}

/// The process's memory as the kernel and glibc's allocator see it.
enum MemoryProbe {
  /// glibc's allocator statistics (main arena): bytes handed out, bytes the
  /// arena holds from the system, and bytes in blocks mapped on their own.
  struct Heap {
    var inUse: Int
    var arena: Int
    var mmapped: Int
  }

  /// `mallinfo2` called through its hidden result pointer (see below).
  private typealias Mallinfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

  /// glibc's `mallinfo2()`, looked up at run time: Swift's Glibc module does
  /// not import `<malloc.h>`. The function returns a struct of ten `size_t`
  /// (arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks,
  /// fordblks, keepcost); a struct that large is returned through a hidden
  /// pointer, which the x86-64 System V ABI passes as the first argument, so
  /// it is called here as a function of that pointer. Other architectures
  /// pass the pointer elsewhere and report zeros.
  private static let mallinfo2: Mallinfo2? = {
    #if arch(x86_64) && os(Linux)
      guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
      return unsafeBitCast(symbol, to: Mallinfo2.self)
    #else
      return nil
    #endif
  }()

  /// The allocator's figures now (zeros where `mallinfo2` is unavailable).
  static func heap() -> Heap {
    guard let mallinfo2 else { return Heap(inUse: 0, arena: 0, mmapped: 0) }
    var fields: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &fields) { _ = mallinfo2($0.baseAddress!) }
    return Heap(inUse: fields.7, arena: fields.0, mmapped: fields.4)
  }

  /// The most resident memory the process has had (`ru_maxrss`, in KB).
  static func peakKilobytes() -> Int {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
  }

  /// Resident memory now, from `/proc/self/statm` (0 where it cannot be read).
  static func residentKilobytes() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return 0 }
    let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return 0
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
}
