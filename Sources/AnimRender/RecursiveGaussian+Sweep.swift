extension RecursiveGaussian {
  /// Blurs `lines` lines side by side, in place: sample `i` of line `j` is
  /// `p[i * stride + j]`, so each step of the recursion is one pass along
  /// contiguous memory over every line at once (the lines are independent:
  /// the compiler vectorises it), where ``line(_:count:step:input:causal:)``
  /// walks one line with a stride. The arithmetic is that of `line`, sample
  /// for sample, so the two agree to the bit. `state` holds `4 * lines`
  /// doubles and `causal` `count * lines`.
  func sweep(
    _ p: UnsafeMutablePointer<Double>, count n: Int, lines m: Int, stride: Int,
    state: UnsafeMutablePointer<Double>, causal: UnsafeMutablePointer<Double>
  ) {
    guard n > 0, m > 0 else { return }
    // Eight lines at a time, their state in registers (SIMD8: the
    // compiler's vectorisation of the scalar loop below gave up on its
    // six pointers); the rest one by one.
    var j = 0
    while j + 8 <= m {
      sweep8(p + j, count: n, stride: stride, causal: causal)
      j += 8
    }
    if j < m {
      sweepScalar(p + j, count: n, lines: m - j, stride: stride, state: state, causal: causal)
    }
  }

  /// ``sweep(_:count:lines:stride:state:causal:)`` of eight lines, in SIMD
  /// registers; `causal` holds `8 * count` doubles.
  private func sweep8(
    _ p: UnsafeMutablePointer<Double>, count n: Int, stride: Int,
    causal: UnsafeMutablePointer<Double>
  ) {
    typealias V = SIMD8<Double>
    let (ar0, ar1, ai0, ai1) = (
      V(repeating: ar.0), V(repeating: ar.1), V(repeating: ai.0), V(repeating: ai.1)
    )
    let (zr0, zr1, zi0, zi1) = (
      V(repeating: zr.0), V(repeating: zr.1), V(repeating: zi.0), V(repeating: zi.1)
    )
    let raw = UnsafeMutableRawPointer(p)
    let c = UnsafeMutableRawPointer(causal)
    var s0r = V.zero
    var s0i = V.zero
    var s1r = V.zero
    var s1i = V.zero
    for i in 0..<n {
      let x = raw.loadUnaligned(fromByteOffset: 8 * i * stride, as: V.self)
      let n0r = ar0 * x + zr0 * s0r - zi0 * s0i
      s0i = ai0 * x + zr0 * s0i + zi0 * s0r
      s0r = n0r
      let n1r = ar1 * x + zr1 * s1r - zi1 * s1i
      s1i = ai1 * x + zr1 * s1i + zi1 * s1r
      s1r = n1r
      c.storeBytes(of: s0r + s1r, toByteOffset: 64 * i, as: V.self)
    }
    s0r = .zero
    s0i = .zero
    s1r = .zero
    s1i = .zero
    let k = V(repeating: norm)
    var i = n - 1
    while i >= 0 {
      let x = raw.loadUnaligned(fromByteOffset: 8 * i * stride, as: V.self)
      let ci = c.load(fromByteOffset: 64 * i, as: V.self)
      raw.storeBytes(of: (ci + s0r + s1r) * k, toByteOffset: 8 * i * stride, as: V.self)
      let u0r = ar0 * x + s0r
      let u0i = ai0 * x + s0i
      let u1r = ar1 * x + s1r
      let u1i = ai1 * x + s1i
      s0r = zr0 * u0r - zi0 * u0i
      s0i = zr0 * u0i + zi0 * u0r
      s1r = zr1 * u1r - zi1 * u1i
      s1i = zr1 * u1i + zi1 * u1r
      i -= 1
    }
  }

  /// ``sweep(_:count:lines:stride:state:causal:)`` line by line across,
  /// the state in `state`.
  private func sweepScalar(
    _ p: UnsafeMutablePointer<Double>, count n: Int, lines m: Int, stride: Int,
    state: UnsafeMutablePointer<Double>, causal: UnsafeMutablePointer<Double>
  ) {
    let (ar0, ar1, ai0, ai1) = (ar.0, ar.1, ai.0, ai.1)
    let (zr0, zr1, zi0, zi1) = (zr.0, zr.1, zi.0, zi.1)
    let s0r = state
    let s0i = state + m
    let s1r = state + 2 * m
    let s1i = state + 3 * m
    state.update(repeating: 0, count: 4 * m)
    for i in 0..<n {
      let row = p + i * stride
      let c = causal + i * m
      for j in 0..<m {
        let x = row[j]
        let n0r = ar0 * x + zr0 * s0r[j] - zi0 * s0i[j]
        s0i[j] = ai0 * x + zr0 * s0i[j] + zi0 * s0r[j]
        s0r[j] = n0r
        let n1r = ar1 * x + zr1 * s1r[j] - zi1 * s1i[j]
        s1i[j] = ai1 * x + zr1 * s1i[j] + zi1 * s1r[j]
        s1r[j] = n1r
        c[j] = s0r[j] + s1r[j]
      }
    }
    state.update(repeating: 0, count: 4 * m)
    let k = norm
    var i = n - 1
    while i >= 0 {
      let row = p + i * stride
      let c = causal + i * m
      for j in 0..<m {
        let x = row[j]
        row[j] = (c[j] + s0r[j] + s1r[j]) * k
        let u0r = ar0 * x + s0r[j]
        let u0i = ai0 * x + s0i[j]
        let u1r = ar1 * x + s1r[j]
        let u1i = ai1 * x + s1i[j]
        s0r[j] = zr0 * u0r - zi0 * u0i
        s0i[j] = zr0 * u0i + zi0 * u0r
        s1r[j] = zr1 * u1r - zi1 * u1i
        s1i[j] = zr1 * u1i + zi1 * u1r
      }
      i -= 1
    }
  }
}
