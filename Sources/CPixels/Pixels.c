#include "CPixels.h"
#include "PixelsInternal.h"

#include <string.h>

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

#ifdef ANIM_HAS_AVX2_PATH
#include <immintrin.h>

// convert_one with a pixel's four channels in one 256-bit register: the
// same operations on the same values (a division by a, the clamp, ·255,
// +½, truncation; no fused multiply-add), so the same bytes, with one
// division a pixel instead of two. Used when the processor has AVX2.
__attribute__((target("avx2"))) static inline uint32_t convert_one_avx2(const double *p) {
  const double a = p[3];
  __m256d v = _mm256_loadu_pd(p);
  if (a >= 1) {
    v = _mm256_blend_pd(v, _mm256_set1_pd(1), 8);
  } else if (a > 0) {
    v = _mm256_blend_pd(_mm256_div_pd(v, _mm256_set1_pd(a)), v, 8);
  } else {
    return 0;
  }
  v = _mm256_min_pd(_mm256_max_pd(v, _mm256_setzero_pd()), _mm256_set1_pd(1));
  v = _mm256_add_pd(_mm256_mul_pd(v, _mm256_set1_pd(255)), _mm256_set1_pd(0.5));
  __m128i rgba = _mm256_cvttpd_epi32(v);
  rgba = _mm_packs_epi32(rgba, rgba);
  rgba = _mm_packus_epi16(rgba, rgba);
  return (uint32_t)_mm_cvtsi128_si32(rgba);
}

// Four pixels from p converted into out[0…3] as convert_one_avx2 converts
// each, four at a time where all four are opaque (alpha ≥ 1: the same
// clamp, ·255, +½ and truncation, their 32-bit integers narrowed together)
// or none is drawn (alpha not above 0, or NaN: all 0), else one by one.
__attribute__((target("avx2"))) static inline void convert_four_avx2(const double *p,
                                                                     uint32_t *out) {
  const __m256d one = _mm256_set1_pd(1), zero = _mm256_setzero_pd();
  const __m256d p0 = _mm256_loadu_pd(p), p1 = _mm256_loadu_pd(p + 4);
  const __m256d p2 = _mm256_loadu_pd(p + 8), p3 = _mm256_loadu_pd(p + 12);
  // Lanes 2 and 3 of each: the alphas of pixels 0 and 1, then 2 and 3.
  const __m256d a01 = _mm256_unpackhi_pd(p0, p1), a23 = _mm256_unpackhi_pd(p2, p3);
  const int opaque = _mm256_movemask_pd(_mm256_and_pd(_mm256_cmp_pd(a01, one, _CMP_GE_OQ),
                                                      _mm256_cmp_pd(a23, one, _CMP_GE_OQ)));
  if ((opaque & 12) == 12) {
    const __m256d scale = _mm256_set1_pd(255), half = _mm256_set1_pd(0.5);
#define ANIM_CONVERT_OPAQUE(v)                                                              \
  _mm256_cvttpd_epi32(_mm256_add_pd(                                                        \
      _mm256_mul_pd(_mm256_min_pd(_mm256_max_pd(_mm256_blend_pd(v, one, 8), zero), one), \
                    scale),                                                                 \
      half))
    const __m128i q0 = ANIM_CONVERT_OPAQUE(p0), q1 = ANIM_CONVERT_OPAQUE(p1);
    const __m128i q2 = ANIM_CONVERT_OPAQUE(p2), q3 = ANIM_CONVERT_OPAQUE(p3);
#undef ANIM_CONVERT_OPAQUE
    const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(q0, q1), _mm_packs_epi32(q2, q3));
    _mm_storeu_si128((__m128i *)out, bytes);
    return;
  }
  // Not above 0 (or NaN) in every lane: none of the four is drawn.
  const int drawn = _mm256_movemask_pd(_mm256_or_pd(_mm256_cmp_pd(a01, zero, _CMP_GT_OQ),
                                                    _mm256_cmp_pd(a23, zero, _CMP_GT_OQ)));
  if ((drawn & 12) == 0) {
    _mm_storeu_si128((__m128i *)out, _mm_setzero_si128());
    return;
  }
  for (int k = 0; k < 4; k++) out[k] = convert_one_avx2(p + 4 * k);
}

__attribute__((target("avx2"))) static void convert_clearing_avx2(double *p, uint32_t *out,
                                                                  long count,
                                                                  const double *background) {
  const __m256d fill = _mm256_loadu_pd(background);
  long i = 0;
  for (; i + 4 <= count; i += 4, p += 16) {
    convert_four_avx2(p, out + i);
    _mm256_storeu_pd(p, fill);
    _mm256_storeu_pd(p + 4, fill);
    _mm256_storeu_pd(p + 8, fill);
    _mm256_storeu_pd(p + 12, fill);
  }
  for (; i < count; i++, p += 4) {
    out[i] = convert_one_avx2(p);
    _mm256_storeu_pd(p, fill);
  }
}

__attribute__((target("avx2"))) static void convert_avx2(const double *p, uint32_t *out,
                                                         long count) {
  long i = 0;
  for (; i + 4 <= count; i += 4, p += 16) convert_four_avx2(p, out + i);
  for (; i < count; i++, p += 4) out[i] = convert_one_avx2(p);
}

// Render threads may ask at once, so the answer is kept with relaxed atomic
// accesses: each finds and stores the same value.
int anim_cpu_has_avx2(void) {
  static int known = -1;
  int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
  if (answer < 0) {
    answer = __builtin_cpu_supports("avx2") ? 1 : 0;
    __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
  }
  return answer;
}
#endif

void anim_convert_pixels_baseline(const double *p, uint32_t *out, long count) {
  for (long i = 0; i < count; i++, p += 4) out[i] = convert_one(p);
}

void anim_convert_pixels(const double *p, uint32_t *out, long count) {
#ifdef ANIM_HAS_AVX2_PATH
  if (anim_cpu_has_avx2()) {
    convert_avx2(p, out, count);
    return;
  }
#endif
  for (long i = 0; i < count; i++, p += 4) out[i] = convert_one(p);
}

void anim_convert_clearing(double *p, uint32_t *out, long count, const double *background) {
#ifdef ANIM_HAS_AVX2_PATH
  if (anim_cpu_has_avx2()) {
    convert_clearing_avx2(p, out, count, background);
    return;
  }
#endif
  const double r = background[0], g = background[1], b = background[2], a = background[3];
  for (long i = 0; i < count; i++, p += 4) {
    out[i] = convert_one(p);
    p[0] = r, p[1] = g, p[2] = b, p[3] = a;
  }
}

// Whether the eight cells at `c` are all `v` (0 or 255).
static inline int eight_are(const uint8_t *c, uint64_t v) {
  uint64_t word;
  memcpy(&word, c, 8);
  return word == v;
}

// What a row's eight cells from x ask for: EIGHT_NONE, none covered (skip
// them); EIGHT_WHOLE, all wholly covered by an opaque colour (store it in
// the eight pixels; the cells are cleared here when `clearing`);
// EIGHT_EACH, pixel by pixel.
enum { EIGHT_EACH, EIGHT_NONE, EIGHT_WHOLE };

static inline int eight_at(uint8_t *cells, long x, long count, int opaque, int clearing) {
  const uint8_t c = cells[x];
  if (x + 8 > count || !(c == 0 || (c == 255 && opaque))) return EIGHT_EACH;
  if (eight_are(cells + x, 0)) return EIGHT_NONE;
  if (!eight_are(cells + x, ~(uint64_t)0)) return EIGHT_EACH;
  if (clearing) memset(cells + x, 0, 8);
  return EIGHT_WHOLE;
}

// Whether cell x is covered; if so the cell is cleared when `clearing` and
// `*alpha` is the opacity the colour is blended at there: a · c / 255 (a
// itself where c is 255).
static inline int cell_alpha(uint8_t *cells, long x, double a, int clearing, double *alpha) {
  const uint8_t c = cells[x];
  if (c == 0) return 0;
  if (clearing) cells[x] = 0;
  *alpha = c == 255 ? a : a * (double)c / 255;
  return 1;
}

void anim_blend_row_baseline(double *o, uint8_t *cells, long count, double r, double g, double b,
                             double a, int clearing) {
  const int opaque = a == 1;
  long x = 0;
  while (x < count) {
    const int eight = eight_at(cells, x, count, opaque, clearing);
    if (eight != EIGHT_EACH) {
      if (eight == EIGHT_WHOLE) {
        for (int k = 0; k < 8; k++) over_one(o + 4 * k, r, g, b, 1);
      }
      x += 8, o += 32;
      continue;
    }
    double alpha;
    if (cell_alpha(cells, x, a, clearing, &alpha)) {
      over_one(o, r * alpha, g * alpha, b * alpha, alpha);
    }
    x += 1, o += 4;
  }
}

#ifdef ANIM_HAS_AVX2_PATH
// anim_blend_row_baseline with a pixel in one 256-bit register: the same
// products and sums lane by lane (alpha as 1 · alpha, exact), no fused
// multiply-add, so the same bits.
__attribute__((target("avx2"))) static void blend_row_avx2(double *o, uint8_t *cells, long count,
                                                           double r, double g, double b, double a,
                                                           int clearing) {
  const int opaque = a == 1;
  // (r, g, b, 1): the colour opaque, and the factor of alpha's lane.
  const __m256d colour = _mm256_set_pd(1, b, g, r);
  const __m256d one = _mm256_set1_pd(1);
  long x = 0;
  while (x < count) {
    const int eight = eight_at(cells, x, count, opaque, clearing);
    if (eight != EIGHT_EACH) {
      if (eight == EIGHT_WHOLE) {
        for (int k = 0; k < 8; k++) _mm256_storeu_pd(o + 4 * k, colour);
      }
      x += 8, o += 32;
      continue;
    }
    double alpha;
    if (cell_alpha(cells, x, a, clearing, &alpha)) {
      const __m256d s = _mm256_mul_pd(colour, _mm256_set1_pd(alpha));
      if (alpha == 1) {
        // (r, g, b, 1): what over_one stores for an opaque colour.
        _mm256_storeu_pd(o, _mm256_blend_pd(s, one, 8));
      } else {
        const __m256d keep = _mm256_set1_pd(1 - alpha);
        _mm256_storeu_pd(o, _mm256_add_pd(s, _mm256_mul_pd(_mm256_loadu_pd(o), keep)));
      }
    }
    x += 1, o += 4;
  }
}
#endif

void anim_blend_row(double *o, uint8_t *cells, long count, double r, double g, double b, double a,
                    int clearing) {
#ifdef ANIM_HAS_AVX2_PATH
  if (anim_cpu_has_avx2()) {
    blend_row_avx2(o, cells, count, r, g, b, a, clearing);
    return;
  }
#endif
  anim_blend_row_baseline(o, cells, count, r, g, b, a, clearing);
}

void anim_blend_span_baseline(double *o, long count, double r, double g, double b, double a,
                              int c) {
  const double alpha = c == 255 ? a : a * (double)c / 255;
  for (long i = 0; i < count; i++, o += 4) over_one(o, r * alpha, g * alpha, b * alpha, alpha);
}

#ifdef ANIM_HAS_AVX2_PATH
// The inline AVX2 span (PixelsInternal.h) as a function of its own.
__attribute__((target("avx2"))) static void blend_span_avx2(double *o, long count, double r,
                                                            double g, double b, double a,
                                                            int c) {
  anim_blend_span_avx2(o, count, r, g, b, a, c);
}
#endif

void anim_blend_span(double *o, long count, double r, double g, double b, double a, int c) {
#ifdef ANIM_HAS_AVX2_PATH
  if (anim_cpu_has_avx2()) {
    blend_span_avx2(o, count, r, g, b, a, c);
    return;
  }
#endif
  anim_blend_span_baseline(o, count, r, g, b, a, c);
}
