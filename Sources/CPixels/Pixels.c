#include "CPixels.h"

// Each product and sum rounded on its own, as Swift computes them.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>

static inline uint32_t convert_one(const double *p) {
  const __m128d zero = _mm_setzero_pd(), one = _mm_set1_pd(1), scale = _mm_set1_pd(255),
                half = _mm_set1_pd(0.5);
  double a = p[3];
  __m128d rg, ba;
  if (a >= 1) {
    rg = _mm_loadu_pd(p);
    ba = _mm_set_pd(1, p[2]);
  } else if (a > 0) {
    rg = _mm_div_pd(_mm_loadu_pd(p), _mm_set1_pd(a));
    ba = _mm_set_pd(a, p[2] / a);
  } else {
    return 0;
  }
  // max(v, 0) gives its second operand, 0, for NaN and for ±0; then
  // min(v, 1) gives 1 from 1 on: v > 0 ? (v < 1 ? v : 1) : 0.
  rg = _mm_min_pd(_mm_max_pd(rg, zero), one);
  ba = _mm_min_pd(_mm_max_pd(ba, zero), one);
  __m128i rgba = _mm_unpacklo_epi64(_mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(rg, scale), half)),
                                    _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(ba, scale), half)));
  // 0…255 in each 32-bit lane, narrowed to bytes r, g, b, a.
  rgba = _mm_packs_epi32(rgba, rgba);
  rgba = _mm_packus_epi16(rgba, rgba);
  return (uint32_t)_mm_cvtsi128_si32(rgba);
}

#else

static inline uint32_t byte(double v) {
  double c = v > 0 ? (v < 1 ? v : 1) : 0;
  return (uint32_t)(int32_t)(c * 255 + 0.5);
}

static inline uint32_t convert_one(const double *p) {
  double a = p[3];
  uint32_t r, g, b, alpha;
  if (a >= 1) {
    r = byte(p[0]), g = byte(p[1]), b = byte(p[2]), alpha = 255;
  } else if (a > 0) {
    r = byte(p[0] / a), g = byte(p[1] / a), b = byte(p[2] / a), alpha = byte(a);
  } else {
    return 0;
  }
  // Bytes r, g, b, a in memory order on either byte order.
  uint32_t word;
  uint8_t *bytes = (uint8_t *)&word;
  bytes[0] = (uint8_t)r, bytes[1] = (uint8_t)g, bytes[2] = (uint8_t)b, bytes[3] = (uint8_t)alpha;
  return word;
}

#endif

void anim_convert_pixels(const double *p, uint32_t *out, long count) {
  for (long i = 0; i < count; i++, p += 4) out[i] = convert_one(p);
}

void anim_convert_clearing(double *p, uint32_t *out, long count, const double *background) {
  const double r = background[0], g = background[1], b = background[2], a = background[3];
  for (long i = 0; i < count; i++, p += 4) {
    out[i] = convert_one(p);
    p[0] = r, p[1] = g, p[2] = b, p[3] = a;
  }
}
