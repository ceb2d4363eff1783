import AnimEngine
import Foundation
import XCTest

@testable import AnimSound

/// AnimSound's parts (SPEC §22) on sounds written here: the WAV header, the
/// FFT, the mix's length and rule, the file checks. The mix and the
/// analyses are checked against numpy and aubio in tests/checkers/test_sound.py.
final class SoundTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anim-sound-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A 48 kHz stereo 16-bit WAV of `frames` (L, R) pairs, written with
  /// anim's own writer (what ffmpeg then decodes is what the test knows).
  private func wav(_ name: String, _ samples: [Float]) throws -> String {
    var bytes = WAVFile.header(frames: samples.count / 2, format: .pcm16)
    WAVFile.encode(samples[...], .pcm16, into: &bytes)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func requireFFmpeg() throws {
    try XCTSkipIf(SoundPrograms.locate("ffmpeg") == nil, "needs ffmpeg")
  }

  func testTheWAVHeaderSaysWhatFollows() {
    let h = WAVFile.header(frames: 10, format: .pcm16)
    XCTAssertEqual(h.count, 44)
    XCTAssertEqual(Array(h[0..<4]), Array("RIFF".utf8))
    XCTAssertEqual(Array(h[8..<16]), Array("WAVEfmt ".utf8))
    func u32(_ i: Int) -> Int {
      Int(h[i]) | Int(h[i + 1]) << 8 | Int(h[i + 2]) << 16 | Int(h[i + 3]) << 24
    }
    XCTAssertEqual(u32(4), 36 + 40)
    XCTAssertEqual(u32(24), 48_000)
    XCTAssertEqual(u32(40), 40)
    XCTAssertEqual(WAVFile.header(frames: 1, format: .float32)[20], 3, "IEEE float")
  }

  func testSixteenBitSamplesRoundAndClipAsFFmpegConverts() {
    var bytes: [UInt8] = []
    WAVFile.encode([0.5, -0.25, 1, -1, 2, 1 / 65536][...], .pcm16, into: &bytes)
    let values = stride(from: 0, to: bytes.count, by: 2).map {
      Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
    XCTAssertEqual(values, [16384, -8192, 32767, -32768, 32767, 1])
  }

  func testTheFFTOfASineHasItsEnergyInItsBin() {
    let fft = FFT(size: 64)
    let x = (0..<64).map { sin(2 * Double.pi * 5 * Double($0) / 64) }
    let (re, im) = fft.transform(x)
    let power = zip(re, im).map { $0 * $0 + $1 * $1 }
    XCTAssertEqual(power[5], 32 * 32, accuracy: 1e-9)
    XCTAssertEqual(power[59], 32 * 32, accuracy: 1e-9)
    XCTAssertEqual(
      power.enumerated().filter { $0.offset != 5 && $0.offset != 59 }.map(\.element).max()!, 0,
      accuracy: 1e-18)
  }

  func testTheMixHasRoundedBMinusATimes48000Frames() {
    XCTAssertEqual(MixPlan(start: 0, end: 1, placements: [], files: []).frameCount, 48_000)
    XCTAssertEqual(
      MixPlan(start: 0.5, end: 0.5 + 1 / 96_000.0 * 3, placements: [], files: []).frameCount, 2)
    XCTAssertEqual(MixPlan(start: 2, end: 1, placements: [], files: []).frameCount, 0)
    XCTAssertEqual(
      MixPlan(start: 0, end: 1e300, placements: [], files: []).frameCount, Mixer.maximumFrames)
  }

  func testAPlayStartsAtItsRoundedFrameAndAddsAtItsVolume() throws {
    try requireFFmpeg()
    // Left 0.5 then 0.25, right −0.5 then −0.25: two frames.
    let path = try wav("two.wav", [0.5, -0.5, 0.25, -0.25])
    let file = try SoundFile.info(path)
    XCTAssertEqual(file.frames, 2)
    XCTAssertEqual(file.duration, 2 / 48_000.0)
    let cue = SoundCue(sound: 0, name: "two", from: 0, duration: file.duration, volume: 2)
    // Heard from t = 1.2/48000 s: frame round(1.2) = 1.
    let placement = SoundPlacement(
      cue: cue, start: 1.2 / 48_000, end: 1, tau: 0, rate: 1, warp: nil, run: 1)
    let plan = MixPlan(
      start: 0, end: 5 / 48_000.0, placements: [placement, placement], files: [file])
    var out: [Float] = []
    try Mixer(plan: plan).render { out += $0 }
    // Two plays of volume 2: 0.5·2·2 = 2 clips to 1.
    XCTAssertEqual(out, [0, 0, 1, -1, 1, -1, 0, 0, 0, 0])
  }

  func testAMonoFileIsHeardAtFullLevelInBothChannels() throws {
    try requireFFmpeg()
    var bytes = monoHeader(frames: 3)
    WAVFile.encode([0.5, -0.25, 0.125][...], .pcm16, into: &bytes)
    let path = folder.appendingPathComponent("mono.wav").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let file = try SoundFile.info(path)
    XCTAssertEqual(file.channels, 1)
    let cue = SoundCue(sound: 0, name: "m", from: 0, duration: file.duration)
    let placement = SoundPlacement(cue: cue, start: 0, end: 1, tau: 0, rate: 1, warp: nil, run: 1)
    var out: [Float] = []
    try Mixer(plan: MixPlan(start: 0, end: 3 / 48_000.0, placements: [placement], files: [file]))
      .render { out += $0 }
    XCTAssertEqual(out, [0.5, 0.5, -0.25, -0.25, 0.125, 0.125])
  }

  /// A 48 kHz mono 16-bit header.
  private func monoHeader(frames: Int) -> [UInt8] {
    var h = WAVFile.header(frames: frames * 2, format: .pcm16)
    h[22] = 1  // channels
    let rate = 48_000 * 2
    for (i, b) in withUnsafeBytes(of: UInt32(rate).littleEndian, Array.init).enumerated() {
      h[28 + i] = b
    }
    h[32] = 2  // block align
    let data = frames * 2
    for (i, b) in withUnsafeBytes(of: UInt32(data).littleEndian, Array.init).enumerated() {
      h[40 + i] = b
    }
    for (i, b) in withUnsafeBytes(of: UInt32(36 + data).littleEndian, Array.init).enumerated() {
      h[4 + i] = b
    }
    return h
  }

  func testFilesThatAreNotSoundsAreRefusedWithAReason() throws {
    try requireFFmpeg()
    XCTAssertThrowsError(try SoundFile.info(folder.appendingPathComponent("none.wav").path)) {
      XCTAssertEqual(($0 as? SoundError)?.message, "no such file")
    }
    XCTAssertThrowsError(try SoundFile.info(folder.path)) {
      XCTAssertEqual(($0 as? SoundError)?.message, "it is a directory, not a sound file")
    }
    let fifo = folder.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertThrowsError(try SoundFile.info(fifo)) {
      XCTAssertEqual(($0 as? SoundError)?.message, "it is a FIFO, not a sound file")
    }
    let text = folder.appendingPathComponent("text.wav")
    try Data("not a sound".utf8).write(to: text)
    XCTAssertThrowsError(try SoundFile.info(text.path)) {
      XCTAssertTrue(
        ($0 as? SoundError)?.message.hasPrefix("ffmpeg cannot read it") ?? false, "\($0)")
    }
  }

  func testLoudnessOfAFullScaleSquareIsOne() throws {
    try requireFFmpeg()
    let square = (0..<9600).flatMap { i -> [Float] in
      let v: Float = (i / 24) % 2 == 0 ? 0.999969482421875 : -1
      return [v, v]
    }
    let file = try SoundFile.info(try wav("square.wav", square))
    let session = SoundSession()
    XCTAssertEqual(try SoundAnalysis.loudness(file, at: 0.1, session: session), 1, accuracy: 2e-5)
    XCTAssertEqual(try SoundAnalysis.loudness(file, at: -1, session: session), 0)
    XCTAssertEqual(try SoundAnalysis.loudness(file, at: 1e308, session: session), 0)
  }
}
