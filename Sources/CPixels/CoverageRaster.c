// Area coverage of filled outlines: see include/CoverageRaster.h.
#include "CoverageRaster.h"
#include "CPixels.h"
#include "PixelsInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int anim_raster_init(anim_raster *r, int width, int height) {
  memset(r, 0, sizeof *r);
  r->width = r->canvasWidth = width;
  r->height = r->canvasHeight = height;
  r->x0 = r->y0 = 1 << 30;
  r->x1 = r->y1 = -(1 << 30);
  r->cells = calloc((size_t)(width + 2) * (size_t)height, sizeof(float));
  r->rowFirst = malloc((size_t)height * sizeof(int));
  r->rowEnd = malloc((size_t)height * sizeof(int));
  if (!r->cells || !r->rowFirst || !r->rowEnd) {
    anim_raster_free(r);
    return 0;
  }
  for (int y = 0; y < height; y++) r->rowFirst[y] = r->rowEnd[y] = 0;
  return 1;
}

void anim_raster_window(anim_raster *r, int x0, int y0, int x1, int y1) {
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 > r->canvasWidth) x1 = r->canvasWidth;
  if (y1 > r->canvasHeight) y1 = r->canvasHeight;
  if (x1 < x0) x1 = x0;
  if (y1 < y0) y1 = y0;
  r->ox = x0;
  r->oy = y0;
  r->width = x1 - x0;
  r->height = y1 - y0;
}

void anim_raster_free(anim_raster *r) {
  free(r->spans);
  free(r->cells);
  free(r->rowFirst);
  free(r->rowEnd);
  memset(r, 0, sizeof *r);
}

// Adds v to cell c of a row.
static inline void add(float *row, int c, float v) { row[c] += v; }

// Widens row y's touched cells to take in c0…c1 − 1.
static inline void touch_row(anim_raster *r, int y, int c0, int c1) {
  if (r->rowFirst[y] >= r->rowEnd[y]) {
    r->rowFirst[y] = c0;
    r->rowEnd[y] = c1;
    return;
  }
  if (c0 < r->rowFirst[y]) r->rowFirst[y] = c0;
  if (c1 > r->rowEnd[y]) r->rowEnd[y] = c1;
}

static inline void touch_columns(anim_raster *r, int c0, int c1) {
  if (c0 < r->x0) r->x0 = c0;
  if (c1 > r->x1) r->x1 = c1;
}

// ceil(v) for 0 <= v < 2³¹, without a call to the C library's.
static inline int ceil_of(double v) {
  const int i = (int)v;
  return i + (i < v);
}

// Cells c0…c1 − 1 of row y are about to be added to.
static inline void touch(anim_raster *r, int y, int c0, int c1) {
  touch_columns(r, c0, c1);
  touch_row(r, y, c0, c1);
}

// The piece of a line within row `y`, from x = xs at its top to x = xe at
// its bottom, of signed height d: in each column it crosses, the area it
// leaves to its right in that pixel goes to the column's cell and the rest
// of its height to the next one, so that the row's prefix sum is each
// pixel's covered share.
static void cover_row(anim_raster *r, int y, double xs, double xe, double d) {
  float *row = r->cells + (long)y * (r->width + 2);
  const double w = r->width;
  const double xl = xs < xe ? xs : xe;
  const double xr = xs < xe ? xe : xs;
  if (xr <= 0) {
    // Left of the canvas: every pixel of the row lies to its right.
    add(row, 0, (float)d);
    touch(r, y, 0, 1);
    return;
  }
  if (xl >= w) {
    // Right of the canvas: no pixel lies to its right, but what lies left
    // of it is covered up to the canvas's edge.
    touch_columns(r, r->width, r->width + 1);
    return;
  }
  // floor(xl), as an int cast does for xl >= 0; left of the canvas any
  // column left of it serves (the line is then across columns: xr > 0).
  const int c0 = xl < 0 ? -1 : (int)xl;
  const double first = c0;
  if (xr <= first + 1) {
    // Within one column (first >= 0 here: xl < 0 would put xr <= 0).
    const int c = c0;
    const double f = (xl + xr) * 0.5 - first;
    add(row, c, (float)(d * (1 - f)));
    add(row, c + 1, (float)(d * f));
    touch(r, y, c, c + 2);
    return;
  }
  // Across columns: the height it gains a unit of x.
  const double k = d / (xr - xl);
  double u0 = xl;
  int c = c0;
  if (u0 < 0) {
    add(row, 0, (float)((0 - u0) * k));
    u0 = 0;
    c = 0;
  }
  const int last = xr < w ? ceil_of(xr) - 1 : r->width - 1;
  touch(r, y, c, last + 2);
  for (; c <= last; c++) {
    const double u1 = xr < c + 1 ? xr : c + 1;
    const double h = (u1 - u0) * k;
    const double f = (u0 + u1) * 0.5 - c;
    add(row, c, (float)(h * (1 - f)));
    add(row, c + 1, (float)(h * f));
    u0 = u1;
  }
}

void anim_raster_line(anim_raster *r, double ax, double ay, double bx, double by) {
  if (!(ay != by) || !isfinite(ax) || !isfinite(ay) || !isfinite(bx) || !isfinite(by)) return;
  ax -= r->ox;
  bx -= r->ox;
  ay -= r->oy;
  by -= r->oy;
  double dir = 1;
  if (ay > by) {
    double t = ax;
    ax = bx;
    bx = t;
    t = ay;
    ay = by;
    by = t;
    dir = -1;
  }
  const double h = r->height;
  if (by <= 0 || ay >= h) return;
  const double dxdy = (bx - ax) / (by - ay);
  const double top = ay > 0 ? ay : 0;
  const double bottom = by < h ? by : h;
  const int row0 = (int)top;
  const int row1 = ceil_of(bottom);
  if (row0 < r->y0) r->y0 = row0;
  if (row1 > r->y1) r->y1 = row1;
  double x = top == ay ? ax : ax + (top - ay) * dxdy;
  for (int y = row0; y < row1; y++) {
    const double yt = y > top ? y : top;
    const double yb = y + 1 < bottom ? y + 1 : bottom;
    if (!(yb > yt)) continue;
    const double xn = yb == by ? bx : ax + (yb - ay) * dxdy;
    cover_row(r, y, x, xn, (yb - yt) * dir);
    x = xn;
  }
}

// The share of pixel [p, p + 1) inside [lo, hi).
static inline double inside(int p, double lo, double hi) {
  const double a = p > lo ? p : lo;
  const double b = p + 1 < hi ? p + 1 : hi;
  return b > a ? b - a : 0;
}

// The clip's columns: those it covers wholly (full0 ≤ x < full1) and at
// all (lo ≤ x < hi).
typedef struct {
  const double *rect;
  double fy;
  int lo, hi, full0, full1;
  /// The raster, whose `spans` get each run written (when it keeps them),
  /// and the row's and the window's offsets into the canvas.
  anim_raster *raster;
  int y, ox;
  /// The row's pixels open…upto − 1 written since the last span was kept
  /// (none while open < 0).
  int open, upto;
  /// When blending (``anim_raster_finish_blend``): the row's first pixel
  /// of the window in the target, the columns of the window blended
  /// (bx0…bx1 − 1) and the colour.
  double *pixels;
  int bx0, bx1;
  double red, green, blue, alpha;
} clip_row;

// Keeps pixels from…to − 1 of the row as a span written (when spans are
// kept): one continuing the last lengthens it.
static void keep_span(const clip_row *c, int from, int to) {
  anim_raster *r = c->raster;
  if (!r || !r->keepSpans || to <= from) return;
  const int y = c->y, x0 = from + c->ox, x1 = to + c->ox;
  if (r->spanCount > 0) {
    int *last = r->spans + 3 * (r->spanCount - 1);
    if (last[0] == y && last[2] == x0) {
      last[2] = x1;
      return;
    }
  }
  if (r->spanCount == r->spanCapacity) {
    const long grown = r->spanCapacity ? r->spanCapacity * 2 : 1024;
    // At most an eighth of the window's cells: past that (a shape of very
    // many edges) the mask is read whole instead.
    const long eighth = (long)(r->width + 2) * r->height / 8;
    const long most = eighth > 4096 ? eighth : 4096;
    int *spans = grown <= most ? realloc(r->spans, (size_t)grown * 3 * sizeof(int)) : NULL;
    if (!spans) {
      r->keepSpans = 0;
      r->spansLost = 1;
      return;
    }
    r->spans = spans;
    r->spanCapacity = grown;
  }
  int *span = r->spans + 3 * r->spanCount++;
  span[0] = y, span[1] = x0, span[2] = x1;
}

// Notes pixels from…to − 1 of the row as written: they lengthen the
// stretch being written where they touch it, else that stretch is kept
// (``keep_span``) and they start the next.
static inline __attribute__((always_inline)) void wrote(clip_row *c, int from, int to) {
  if (to <= from) return;
  if (c->open >= 0 && from != c->upto) {
    keep_span(c, c->open, c->upto);
    c->open = -1;
  }
  if (c->open < 0) c->open = from;
  c->upto = to;
}

// Keeps the stretch written last, if any.
static inline void wrote_all(clip_row *c) {
  if (c->open >= 0) keep_span(c, c->open, c->upto);
  c->open = -1;
}

// Coverage v over pixels from…to − 1 of the row: stored in the mask row m,
// or, when `blend` (a constant where it is called), the colour blended
// through it into the target's pixels of the blended columns.
// `span` blends the colour over a run through one coverage byte: a
// constant where it is called (`anim_blend_span`, or with AVX2 its inline
// loop), so that the call is made directly or not at all.
typedef void (*span_blender)(double *, long, double, double, double, double, int);

static inline __attribute__((always_inline)) void emit(uint8_t *m, int from, int to, int v,
                                                       clip_row *c, int blend,
                                                       span_blender span) {
  if (blend) {
    if (from < c->bx0) from = c->bx0;
    if (to > c->bx1) to = c->bx1;
    if (to > from) {
      span(c->pixels + 4 * (long)from, to - from, c->red, c->green, c->blue, c->alpha, v);
    }
    return;
  }
  if (to - from == 1) {
    m[from] = (uint8_t)v;
  } else if (to > from) {
    memset(m + from, v, (size_t)(to - from));
  }
}

// Coverage v over pixels from…to − 1 of a row with no clip: what put_run
// does where the clip covers the run wholly.
static inline __attribute__((always_inline)) void put_plain(uint8_t *m, int from, int to, int v,
                                                            clip_row *c, int blend,
                                                            span_blender span) {
  if (!blend) wrote(c, from, to);
  emit(m, from, to, v, c, blend, span);
}

// Coverage v over pixels from…to − 1 of a row, cut by the clip
// (clip->rect, which finish_row is only called with); the pixels outside
// it are left as they are (0 in the mask).
static inline __attribute__((always_inline)) void put_run(uint8_t *m, int from, int to, int v,
                                                           clip_row *clip, int blend,
                                                           span_blender span) {
  if (clip->fy >= 1 && from >= clip->full0 && to <= clip->full1) {
    // Within the columns and rows the clip covers wholly.
    put_plain(m, from, to, v, clip, blend, span);
    return;
  }
  if (from < clip->lo) from = clip->lo;
  if (to > clip->hi) to = clip->hi;
  if (!blend) wrote(clip, from, to);
  for (int x = from; x < to; x++) {
    if (x >= clip->full0 && x < clip->full1) {
      // The columns the clip covers wholly: one factor, fy.
      const int end = to < clip->full1 ? to : clip->full1;
      const int u = clip->fy < 1 ? (int)(v * clip->fy + 0.5) : v;
      if (u || !blend) emit(m, x, end, u, clip, blend, span);
      x = end - 1;
      continue;
    }
    const double f = clip->fy * inside(x, clip->rect[0], clip->rect[2]);
    const int u = f < 1 ? (int)(v * f + 0.5) : v;
    if (u || !blend) emit(m, x, x + 1, u, clip, blend, span);
  }
}

void anim_raster_cubic(anim_raster *r, double ax, double ay, double bx, double by, double cx,
                       double cy, double dx, double dy, double tolerance) {
  if (bx == ax && by == ay && cx == dx && cy == dy) {
    // Controls on the ends (a Lottie vertex without tangents): a line.
    anim_raster_line(r, ax, ay, dx, dy);
    return;
  }
  // B''(t) = 6((1 − t)·d1 + t·d2), so |B''| ≤ 6·max(|d1|, |d2|); a chord
  // of a step h of the parameter strays at most h²/8 of that: h = 1/n
  // with n² ≥ ¾·max(|d1|, |d2|) / tolerance.
  const double d1x = ax - 2 * bx + cx, d1y = ay - 2 * by + cy;
  const double d2x = bx - 2 * cx + dx, d2y = by - 2 * cy + dy;
  const double d1 = d1x * d1x + d1y * d1y, d2 = d2x * d2x + d2y * d2y;
  const double dd = sqrt(d1 > d2 ? d1 : d2);
  double steps = ceil(sqrt(0.75 * dd / (tolerance > 0 ? tolerance : 0.1)));
  if (!(steps >= 1)) steps = 1;  // also NaN
  if (steps > 4096) steps = 4096;
  const int n = (int)steps;
  double px = ax, py = ay;
  for (int i = 1; i < n; i++) {
    const double t = (double)i / n, u = 1 - t;
    const double b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t;
    const double x = b0 * ax + b1 * bx + b2 * cx + b3 * dx;
    const double y = b0 * ay + b1 * by + b2 * cy + b3 * dy;
    anim_raster_line(r, px, py, x, y);
    px = x;
    py = y;
  }
  anim_raster_line(r, px, py, dx, dy);
}

// The coverage byte of a winding area s.
static inline int coverage_of(float s) {
  const float a = fabsf(s);
  return a >= 1 ? 255 : (int)(a * 255 + 0.5f);
}

// Coverage v over pixels from…to − 1: put_plain's when `plain` (a row
// with no clip), else put_run's; blended when `blend`.
static inline __attribute__((always_inline)) void put(uint8_t *m, int from, int to, int v,
                                                      clip_row *c, int plain, int blend,
                                                      span_blender span) {
  if (plain) {
    put_plain(m, from, to, v, c, blend, span);
  } else {
    put_run(m, from, to, v, c, blend, span);
  }
}

// The row walk (CoverageRowWalk.h) for any processor: eight empty cells
// at a time (an untouched cell is +0: all bits 0), then one at a time.
#define ROW_NAME finish_row_as
#define ROW_TARGET
#define ROW_SPAN anim_blend_span
#define ROW_SKIP(row, x, stop)                  \
  do {                                          \
    while (x + 8 <= stop) {                     \
      uint64_t a, b, e, d;                      \
      memcpy(&a, row + x, 8);                   \
      memcpy(&b, row + x + 2, 8);               \
      memcpy(&e, row + x + 4, 8);               \
      memcpy(&d, row + x + 6, 8);               \
      if (a | b | e | d) break;                 \
      x += 8;                                   \
    }                                           \
    while (x < stop && row[x] == 0) x++;        \
  } while (0)
#include "CoverageRowWalk.h"
#undef ROW_NAME
#undef ROW_TARGET
#undef ROW_SPAN
#undef ROW_SKIP

#ifdef ANIM_HAS_AVX2_PATH
// And with AVX2: eight cells compared with 0 at once, the first that is
// not (a float compare: −0 is 0, NaN is not) found from the mask.
#define ROW_NAME finish_row_as_avx2
#define ROW_TARGET __attribute__((target("avx2")))
#define ROW_SPAN anim_blend_span_avx2
#define ROW_SKIP(row, x, stop)                                                             \
  do {                                                                                     \
    for (;;) {                                                                             \
      if (x + 8 > stop) {                                                                  \
        while (x < stop && row[x] == 0) x++;                                               \
        break;                                                                             \
      }                                                                                    \
      const int set = _mm256_movemask_ps(                                                  \
          _mm256_cmp_ps(_mm256_loadu_ps(row + x), _mm256_setzero_ps(), _CMP_NEQ_UQ));     \
      if (set) {                                                                           \
        x += __builtin_ctz((unsigned)set);                                                 \
        break;                                                                             \
      }                                                                                    \
      x += 8;                                                                              \
    }                                                                                      \
  } while (0)
#include "CoverageRowWalk.h"
#undef ROW_NAME
#undef ROW_TARGET
#undef ROW_SPAN
#undef ROW_SKIP
#endif

// A row under a clip (clip_row's rect set).
static void finish_row(float *row, uint8_t *m, int first, int end, int px1, clip_row *c) {
  finish_row_as(row, m, first, end, px1, c, 0, 0);
}

// A row with no clip.
static void finish_row_plain(float *row, uint8_t *m, int first, int end, int px1, clip_row *c) {
  finish_row_as(row, m, first, end, px1, c, 1, 0);
}

// A row blended under a clip.
static void blend_row_clipped(float *row, int first, int end, int px1, clip_row *c) {
  finish_row_as(row, NULL, first, end, px1, c, 0, 1);
}

// A row blended with no clip.
static void blend_row_plain(float *row, int first, int end, int px1, clip_row *c) {
  finish_row_as(row, NULL, first, end, px1, c, 1, 1);
}

#ifdef ANIM_HAS_AVX2_PATH
// The four with AVX2.
__attribute__((target("avx2"))) static void finish_row_avx2(float *row, uint8_t *m, int first,
                                                            int end, int px1, clip_row *c) {
  finish_row_as_avx2(row, m, first, end, px1, c, 0, 0);
}

__attribute__((target("avx2"))) static void finish_row_plain_avx2(float *row, uint8_t *m,
                                                                  int first, int end, int px1,
                                                                  clip_row *c) {
  finish_row_as_avx2(row, m, first, end, px1, c, 1, 0);
}

__attribute__((target("avx2"))) static void blend_row_clipped_avx2(float *row, int first,
                                                                   int end, int px1,
                                                                   clip_row *c) {
  finish_row_as_avx2(row, NULL, first, end, px1, c, 0, 1);
}

__attribute__((target("avx2"))) static void blend_row_plain_avx2(float *row, int first, int end,
                                                                 int px1, clip_row *c) {
  finish_row_as_avx2(row, NULL, first, end, px1, c, 1, 1);
}
#endif

void anim_raster_discard(anim_raster *r) {
  int box[4];
  anim_raster_finish(r, NULL, 0, NULL, box);
}

// What anim_raster_finish and anim_raster_finish_blend share: the touched
// rows read and cleared, each one's runs stored in `mask` or, when `paint`
// is given (the colour and the rows and columns blended), blended into
// `pixels` (`stride` pixels a row).
static void finish(anim_raster *r, uint8_t *mask, double *pixels, long stride, const double *clip,
                   const clip_row *paint, const int rect[4], int box[4], int avx2) {
  (void)avx2;  // without an AVX2 path, rows are walked one way only
  const int w = r->width;
  const int x0 = r->x0, x1 = r->x1 < w + 2 ? r->x1 : w + 2;
  const int y0 = r->y0 > 0 ? r->y0 : 0, y1 = r->y1 < r->height ? r->y1 : r->height;
  r->spanCount = 0;
  r->spansLost = 0;
  r->x0 = r->y0 = 1 << 30;
  r->x1 = r->y1 = -(1 << 30);
  if (x0 >= x1 || y0 >= y1) {
    box[0] = box[1] = box[2] = box[3] = 0;
    return;
  }
  const int px1 = x1 < w ? x1 : w;
  // The window's pixels: the mask and the clip moved to its origin (no
  // mask: the cells are only cleared).
  if (mask) mask += (long)r->oy * stride + r->ox;
  if (pixels) pixels += 4 * ((long)r->oy * stride + r->ox);
  double moved[4];
  if (clip) {
    moved[0] = clip[0] - r->ox;
    moved[1] = clip[1] - r->oy;
    moved[2] = clip[2] - r->ox;
    moved[3] = clip[3] - r->oy;
    clip = moved;
  }
  clip_row c = {clip, 1, 0, w, 0, w, r, 0, r->ox, -1, -1};
  // The rows blended, in the window (all of them when storing).
  int by0 = 0, by1 = r->height;
  if (paint) {
    c.red = paint->red, c.green = paint->green, c.blue = paint->blue, c.alpha = paint->alpha;
    c.bx0 = rect[0] - r->ox, c.bx1 = rect[2] - r->ox;
    by0 = rect[1] - r->oy, by1 = rect[3] - r->oy;
  }
  if (clip) {
    const double lo = floor(clip[0]), hi = ceil(clip[2]);
    const double full0 = ceil(clip[0]), full1 = floor(clip[2]);
    c.lo = lo < 0 ? 0 : lo > w ? w : (int)lo;
    c.hi = hi < 0 ? 0 : hi > w ? w : (int)hi;
    c.full0 = full0 < 0 ? 0 : full0 > w ? w : (int)full0;
    c.full1 = full1 < 0 ? 0 : full1 > w ? w : (int)full1;
  }
  for (int y = y0; y < y1; y++) {
    const int first = r->rowFirst[y], end = r->rowEnd[y];
    if (first >= end) continue;
    r->rowFirst[y] = r->rowEnd[y] = 0;
    float *row = r->cells + (long)y * (w + 2);
    if (!(mask || pixels) || (clip && !(inside(y, clip[1], clip[3]) > 0)) || y < by0 ||
        y >= by1) {
      memset(row + first, 0, (size_t)(end - first) * sizeof(float));
      continue;
    }
    c.y = y + r->oy;
    if (clip) c.fy = inside(y, clip[1], clip[3]);
    if (pixels) c.pixels = pixels + 4 * (long)y * stride;
    uint8_t *m = pixels ? NULL : mask + (long)y * stride;
#ifdef ANIM_HAS_AVX2_PATH
    if (avx2) {
      if (pixels) {
        (clip ? blend_row_clipped_avx2 : blend_row_plain_avx2)(row, first, end, px1, &c);
      } else {
        (clip ? finish_row_avx2 : finish_row_plain_avx2)(row, m, first, end, px1, &c);
      }
      continue;
    }
#endif
    if (pixels) {
      (clip ? blend_row_clipped : blend_row_plain)(row, first, end, px1, &c);
    } else {
      (clip ? finish_row : finish_row_plain)(row, m, first, end, px1, &c);
    }
  }
  box[0] = x0 + r->ox;
  box[1] = y0 + r->oy;
  box[2] = px1 + r->ox;
  box[3] = y1 + r->oy;
}

// Whether the rows are walked with AVX2 (where the processor has it).
static int walks_wide(void) {
#ifdef ANIM_HAS_AVX2_PATH
  return anim_cpu_has_avx2();
#else
  return 0;
#endif
}

void anim_raster_finish(anim_raster *r, uint8_t *mask, long stride, const double *clip,
                        int box[4]) {
  finish(r, mask, NULL, stride, clip, NULL, NULL, box, walks_wide());
}

void anim_raster_finish_baseline(anim_raster *r, uint8_t *mask, long stride, const double *clip,
                                 int box[4]) {
  finish(r, mask, NULL, stride, clip, NULL, NULL, box, 0);
}

void anim_raster_finish_blend(anim_raster *r, double *pixels, long width, const double *clip,
                              const int rect[4], double red, double green, double blue,
                              double alpha) {
  int box[4];
  clip_row paint = {0};
  paint.red = red, paint.green = green, paint.blue = blue, paint.alpha = alpha;
  if (rect[0] >= rect[2] || rect[1] >= rect[3]) {
    finish(r, NULL, NULL, width, NULL, NULL, NULL, box, 0);
    return;
  }
  finish(r, NULL, pixels, width, clip, &paint, rect, box, walks_wide());
}
