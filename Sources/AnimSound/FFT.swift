#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A radix-2 fast Fourier transform of a fixed power-of-two size, in
/// doubles (the spectrum of `bands`, SPEC §22). Written here, 40 lines,
/// rather than taken from aubio's FFTW: in doubles and without the CPU's
/// own SIMD choices it gives the same bits on every machine, and `bands`
/// then loads no library.
struct FFT {
  let size: Int
  private let cosines: [Double]
  private let sines: [Double]
  private let reversed: [Int]

  init(size: Int) {
    precondition(size > 1 && size & (size - 1) == 0, "a power of two")
    self.size = size
    cosines = (0..<size / 2).map { cos(2 * Double.pi * Double($0) / Double(size)) }
    sines = (0..<size / 2).map { -sin(2 * Double.pi * Double($0) / Double(size)) }
    let bits = size.trailingZeroBitCount
    reversed = (0..<size).map { i in
      var r = 0
      for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
      return r
    }
  }

  /// The transform of `real` (imaginary parts 0), in place: `re`, `im`.
  func transform(_ real: [Double]) -> (re: [Double], im: [Double]) {
    var re = [Double](repeating: 0, count: size)
    var im = [Double](repeating: 0, count: size)
    for i in 0..<size { re[reversed[i]] = real[i] }
    var half = 1
    while half < size {
      let stride = size / (2 * half)
      var start = 0
      while start < size {
        for j in 0..<half {
          let c = cosines[j * stride]
          let s = sines[j * stride]
          let a = start + j
          let b = a + half
          let tr = re[b] * c - im[b] * s
          let ti = re[b] * s + im[b] * c
          re[b] = re[a] - tr
          im[b] = im[a] - ti
          re[a] += tr
          im[a] += ti
        }
        start += 2 * half
      }
      half *= 2
    }
    return (re, im)
  }
}
