// What the pixel loops of this target share: the source-over of one pixel
// and whether the processor runs their AVX2 versions.
#ifndef ANIM_PIXELS_INTERNAL_H
#define ANIM_PIXELS_INTERNAL_H

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define ANIM_HAS_AVX2_PATH 1
/// Whether this processor runs the AVX2 loops (asked once, Pixels.c).
int anim_cpu_has_avx2(void);
#endif

// Each product and sum rounded on its own, as Swift computes them.
#pragma STDC FP_CONTRACT OFF

/// A pixel of premultiplied (r, g, b, a) over `o`, source-over, as the
/// canvas's `over`: an opaque colour is stored, the pixel below not read.
static inline void over_one(double *o, double r, double g, double b, double a) {
  if (a == 1) {
    o[0] = r, o[1] = g, o[2] = b, o[3] = 1;
    return;
  }
  const double keep = 1 - a;
  o[0] = r + o[0] * keep;
  o[1] = g + o[1] * keep;
  o[2] = b + o[2] * keep;
  o[3] = a + o[3] * keep;
}

#ifdef ANIM_HAS_AVX2_PATH
#include <immintrin.h>

/// `anim_blend_span` with a pixel in one 256-bit register: blend_row_avx2's
/// arithmetic for one coverage byte c over a run (the colour times α, α =
/// a · c / 255 or a itself where c is 255; stored where α is 1, else over
/// what is there). Inline, so that the AVX2 row walk of
/// `CoverageRaster.c` blends its runs without a call.
__attribute__((target("avx2"), always_inline)) static inline void anim_blend_span_avx2(
    double *o, long count, double r, double g, double b, double a, int c) {
  const __m256d colour = _mm256_set_pd(1, b, g, r);
  const double alpha = c == 255 ? a : a * (double)c / 255;
  const __m256d s = _mm256_mul_pd(colour, _mm256_set1_pd(alpha));
  if (alpha == 1) {
    // (r, g, b, 1) stored, what is below not read.
    const __m256d opaque = _mm256_blend_pd(s, _mm256_set1_pd(1), 8);
    for (long i = 0; i < count; i++, o += 4) _mm256_storeu_pd(o, opaque);
    return;
  }
  const __m256d keep = _mm256_set1_pd(1 - alpha);
  for (long i = 0; i < count; i++, o += 4) {
    _mm256_storeu_pd(o, _mm256_add_pd(s, _mm256_mul_pd(_mm256_loadu_pd(o), keep)));
  }
}
#endif

#endif
