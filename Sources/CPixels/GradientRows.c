#include "GradientRows.h"
#include "PixelsInternal.h"

#include <math.h>
#include <string.h>

// The position along `g` of the unit point (ux, uy): `GradientPaint.Position
// .at` term by term.
static inline double position_at(const anim_gradient *g, double ux, double uy) {
  const double qx = ux - g->px, qy = uy - g->py;
  switch (g->kind) {
  case ANIM_GRADIENT_LINEAR:
    return (qx * g->dx + qy * g->dy) / g->k;
  case ANIM_GRADIENT_CENTRED:
    return sqrt(qx * qx + qy * qy) / g->k;
  case ANIM_GRADIENT_FOCAL: {
    const double b = qx * g->dx + qy * g->dy;
    const double c = qx * qx + qy * qy;
    return (b - sqrt(b * b - g->k * c)) / g->k;
  }
  default:
    return g->k;
  }
}

// The stops either side of t: the index of the first (t between it and the
// next), or -1 for the first stop's colour before (or at) the first offset
// and NaN, -2 for the last's from the last offset on
// (`GradientRamp.premultiplied(at:)`: a linear search, stops are few).
static inline long stops_around(const anim_gradient *g, double t) {
  const double *o = g->offsets;
  const long n = g->stops;
  if (!(t > o[0])) return -1;
  if (t >= o[n - 1]) return -2;
  long i = 0;
  while (i + 2 < n && o[i + 1] <= t) i++;
  return i;
}

// Blends over `o`, through cover c (not 0), the ramp's colour between stop
// `i` and the next at share f of the way, or at one end (i = -1, -2: f
// unused), as `GradientRamp.premultiplied(at:)` does.
static inline void blend_stops(const anim_gradient *g, double *o, long i, double f, uint8_t c,
                               int whole) {
  const double *colors = g->colors;
  double s[4];
  if (i < 0) {
    memcpy(s, colors + (i == -1 ? 0 : 4 * (g->stops - 1)), sizeof s);
  } else {
    const double *c0 = colors + 4 * i, *c1 = c0 + 4;
    for (int k = 0; k < 4; k++) s[k] = c0[k] + (c1[k] - c0[k]) * f;
  }
  if (!(whole && c == 255)) {
    const double factor = g->alpha * (double)c / 255;
    for (int k = 0; k < 4; k++) s[k] *= factor;
  }
  over_one(o, s[0], s[1], s[2], s[3]);
}

// The share of the way from stop i to the next at position t.
static inline double share(const anim_gradient *g, long i, double t) {
  return (t - g->offsets[i]) / (g->offsets[i + 1] - g->offsets[i]);
}

// The unit point of the centre of column x on the row at y.
static inline void unit_at(const anim_gradient *g, long x, double y, double *ux, double *uy) {
  const double px = (double)x + 0.5;
  *ux = g->a * px + g->c * y + g->tx;
  *uy = g->b * px + g->d * y + g->ty;
}

void anim_blend_gradient_row_baseline(double *pixels, uint8_t *cells, long count, long x,
                                      double centre_y, const anim_gradient *g) {
  const int whole = g->alpha == 1;
  for (long i = 0; i < count; i++) {
    const uint8_t c = cells[i];
    if (c == 0) continue;
    cells[i] = 0;
    double ux, uy;
    unit_at(g, x + i, centre_y, &ux, &uy);
    const double t = position_at(g, ux, uy);
    const long s = stops_around(g, t);
    blend_stops(g, pixels + 4 * i, s, s < 0 ? 0 : share(g, s, t), c, whole);
  }
}

#ifdef ANIM_HAS_AVX2_PATH
#include <immintrin.h>

// The positions of four pixels' centres at once: position_at's products,
// sums, square roots and quotients lane by lane (no fused multiply-add), so
// the same bits. `px` holds the four columns' centres.
__attribute__((target("avx2"))) static inline __m256d positions4(const anim_gradient *g,
                                                                 __m256d px, double y) {
  // a·px + c·y + tx, summed left to right as the scalar form is; c·y is the
  // same product in every lane.
  const __m256d ux = _mm256_add_pd(
      _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(g->a), px), _mm256_set1_pd(g->c * y)),
      _mm256_set1_pd(g->tx));
  const __m256d uy = _mm256_add_pd(
      _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(g->b), px), _mm256_set1_pd(g->d * y)),
      _mm256_set1_pd(g->ty));
  const __m256d qx = _mm256_sub_pd(ux, _mm256_set1_pd(g->px));
  const __m256d qy = _mm256_sub_pd(uy, _mm256_set1_pd(g->py));
  const __m256d k = _mm256_set1_pd(g->k);
  const __m256d along = _mm256_add_pd(_mm256_mul_pd(qx, _mm256_set1_pd(g->dx)),
                                      _mm256_mul_pd(qy, _mm256_set1_pd(g->dy)));
  const __m256d square = _mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy));
  switch (g->kind) {
  case ANIM_GRADIENT_LINEAR:
    return _mm256_div_pd(along, k);
  case ANIM_GRADIENT_CENTRED:
    return _mm256_div_pd(_mm256_sqrt_pd(square), k);
  case ANIM_GRADIENT_FOCAL: {
    const __m256d root =
        _mm256_sqrt_pd(_mm256_sub_pd(_mm256_mul_pd(along, along), _mm256_mul_pd(k, square)));
    return _mm256_div_pd(_mm256_sub_pd(along, root), k);
  }
  default:
    return k;
  }
}

// blend_stops with a pixel's four channels in one 256-bit register: the
// same products and sums lane by lane (c0 + (c1 − c0)·f, times the
// factor, then over_one's), no fused multiply-add, so the same bits.
__attribute__((target("avx2"))) static inline void blend_stops_avx2(const anim_gradient *g,
                                                                   double *o, long i, double f,
                                                                   uint8_t c, int whole) {
  const double *colors = g->colors;
  __m256d s;
  if (i < 0) {
    s = _mm256_loadu_pd(colors + (i == -1 ? 0 : 4 * (g->stops - 1)));
  } else {
    const __m256d c0 = _mm256_loadu_pd(colors + 4 * i);
    const __m256d c1 = _mm256_loadu_pd(colors + 4 * i + 4);
    s = _mm256_add_pd(c0, _mm256_mul_pd(_mm256_sub_pd(c1, c0), _mm256_set1_pd(f)));
  }
  if (!(whole && c == 255)) {
    const double factor = g->alpha * (double)c / 255;
    s = _mm256_mul_pd(s, _mm256_set1_pd(factor));
  }
  const double a = _mm256_cvtsd_f64(_mm256_permute4x64_pd(s, 3));
  if (a == 1) {
    _mm256_storeu_pd(o, s);
    return;
  }
  const __m256d keep = _mm256_set1_pd(1 - a);
  _mm256_storeu_pd(o, _mm256_add_pd(s, _mm256_mul_pd(_mm256_loadu_pd(o), keep)));
}

// Four wholly covered pixels at whole opacity whose positions `t` all lie
// in one stretch of the ramp (all before the first stop, all from the
// last on, or all between the same two): blend_stops_avx2's arithmetic
// for each, the stretch found and its colours read once, and the four
// stored without reading what is below where all four come out opaque.
// False, with nothing done, where the four do not share a stretch
// (`ascending`: the offsets never fall, so that counting the inner stops
// at or below t finds stops_around's stretch).
__attribute__((target("avx2"))) static inline int blend_four_whole(const anim_gradient *g,
                                                                   double *o, __m256d t,
                                                                   int ascending) {
  const double *offsets = g->offsets, *colors = g->colors;
  const long n = g->stops;
  // stops_around's tests, four lanes at once: !(t > o[0]) (NaN too), then
  // t >= o[n − 1].
  const int before = _mm256_movemask_pd(_mm256_cmp_pd(t, _mm256_set1_pd(offsets[0]), _CMP_NGT_UQ));
  long segment;
  if (before == 15) {
    segment = -1;
  } else if (before != 0) {
    return 0;
  } else {
    const int after =
        _mm256_movemask_pd(_mm256_cmp_pd(t, _mm256_set1_pd(offsets[n - 1]), _CMP_GE_OQ));
    if (after == 15) {
      segment = -2;
    } else if (after != 0 || !ascending) {
      return 0;
    } else {
      // The inner stops at or below t: the same count in every lane.
      segment = 0;
      for (long k = 1; k + 1 < n; k++) {
        const int below = _mm256_movemask_pd(_mm256_cmp_pd(t, _mm256_set1_pd(offsets[k]), _CMP_GE_OQ));
        if (below == 15) {
          segment = k;
        } else if (below != 0) {
          return 0;
        }
      }
    }
  }
  const __m256d one = _mm256_set1_pd(1);
  if (segment < 0) {
    const __m256d s = _mm256_loadu_pd(colors + (segment == -1 ? 0 : 4 * (n - 1)));
    const double a = _mm256_cvtsd_f64(_mm256_permute4x64_pd(s, 3));
    for (int k = 0; k < 4; k++, o += 4) {
      if (a == 1) {
        _mm256_storeu_pd(o, s);
      } else {
        const __m256d keep = _mm256_set1_pd(1 - a);
        _mm256_storeu_pd(o, _mm256_add_pd(s, _mm256_mul_pd(_mm256_loadu_pd(o), keep)));
      }
    }
    return 1;
  }
  // share's (t − o[i]) / (o[i + 1] − o[i]), four at once as the per-lane
  // path divides them.
  const __m256d from = _mm256_set1_pd(offsets[segment]);
  const __m256d f =
      _mm256_div_pd(_mm256_sub_pd(t, from), _mm256_sub_pd(_mm256_set1_pd(offsets[segment + 1]), from));
  const __m256d c0 = _mm256_loadu_pd(colors + 4 * segment);
  const __m256d step = _mm256_sub_pd(_mm256_loadu_pd(colors + 4 * segment + 4), c0);
  // Each pixel's alpha, c0's + step's · f, as its own lane 3 comes out.
  const __m256d alphas = _mm256_add_pd(_mm256_set1_pd(colors[4 * segment + 3]),
                                       _mm256_mul_pd(_mm256_set1_pd(colors[4 * segment + 7] -
                                                                    colors[4 * segment + 3]),
                                                     f));
  const int opaque = _mm256_movemask_pd(_mm256_cmp_pd(alphas, one, _CMP_EQ_OQ));
  double fs[4], as[4];
  _mm256_storeu_pd(fs, f);
  _mm256_storeu_pd(as, alphas);
  for (int k = 0; k < 4; k++, o += 4) {
    const __m256d s = _mm256_add_pd(c0, _mm256_mul_pd(step, _mm256_set1_pd(fs[k])));
    if (opaque & (1 << k)) {
      _mm256_storeu_pd(o, s);
    } else {
      const __m256d keep = _mm256_set1_pd(1 - as[k]);
      _mm256_storeu_pd(o, _mm256_add_pd(s, _mm256_mul_pd(_mm256_loadu_pd(o), keep)));
    }
  }
  return 1;
}

__attribute__((target("avx2"))) static void gradient_row_avx2(double *pixels, uint8_t *cells,
                                                              long count, long x, double y,
                                                              const anim_gradient *g) {
  const int whole = g->alpha == 1;
  int ascending = 1;
  for (long k = 1; k < g->stops; k++) ascending = ascending && g->offsets[k - 1] <= g->offsets[k];
  const __m256d step = _mm256_set_pd(3.5, 2.5, 1.5, 0.5);
  // The positions of a chunk's pixels first, four at a time (square roots
  // and quotients in flight together), then each pixel's colour and blend.
  enum { CHUNK = 64 };
  double t[CHUNK];
  long i = 0;
  while (i + 4 <= count) {
    const long n = count - i < CHUNK ? (count - i) & ~3L : CHUNK;
    for (long j = 0; j < n; j += 4) {
      // Column x + i + j + lane as a double is exact (columns are far
      // below 2^53), and so is adding 0.5 to it: (double)column + 0.5.
      const __m256d px = _mm256_add_pd(_mm256_set1_pd((double)(x + i + j)), step);
      _mm256_storeu_pd(t + j, positions4(g, px, y));
    }
    for (long j = 0; j < n; j += 4) {
      uint32_t four;
      memcpy(&four, cells + i + j, 4);
      if (four == 0) continue;
      if (whole && four == 0xFFFFFFFFu &&
          blend_four_whole(g, pixels + 4 * (i + j), _mm256_loadu_pd(t + j), ascending)) {
        memset(cells + i + j, 0, 4);
        continue;
      }
      // Each lane's stops, then the four shares between them in one
      // division: share's (t − o[i]) / (o[i + 1] − o[i]).
      double from[4], to[4], f[4];
      long segment[4];
      for (int lane = 0; lane < 4; lane++) {
        const long s = stops_around(g, t[j + lane]);
        segment[lane] = s;
        from[lane] = s < 0 ? 0 : g->offsets[s];
        to[lane] = s < 0 ? 1 : g->offsets[s + 1];
      }
      const __m256d o0 = _mm256_loadu_pd(from);
      _mm256_storeu_pd(f, _mm256_div_pd(_mm256_sub_pd(_mm256_loadu_pd(t + j), o0),
                                        _mm256_sub_pd(_mm256_loadu_pd(to), o0)));
      for (int lane = 0; lane < 4; lane++) {
        const uint8_t c = cells[i + j + lane];
        if (c == 0) continue;
        cells[i + j + lane] = 0;
        blend_stops_avx2(g, pixels + 4 * (i + j + lane), segment[lane], f[lane], c, whole);
      }
    }
    i += n;
  }
  anim_blend_gradient_row_baseline(pixels + 4 * i, cells + i, count - i, x + i, y, g);
}
#endif

void anim_blend_gradient_row(double *pixels, uint8_t *cells, long count, long x, double centre_y,
                             const anim_gradient *g) {
#ifdef ANIM_HAS_AVX2_PATH
  if (anim_cpu_has_avx2()) {
    gradient_row_avx2(pixels, cells, count, x, centre_y, g);
    return;
  }
#endif
  anim_blend_gradient_row_baseline(pixels, cells, count, x, centre_y, g);
}
