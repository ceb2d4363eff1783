// Area coverage of filled outlines: see include/CoverageRaster.h.
#include "CoverageRaster.h"

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
  r->heads = malloc((size_t)height * sizeof(int));
  if (!r->cells || !r->heads) {
    anim_raster_free(r);
    return 0;
  }
  for (int y = 0; y < height; y++) r->heads[y] = -1;
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
  free(r->heads);
  free(r->entries);
  free(r->scratch);
  memset(r, 0, sizeof *r);
}

// The most cells listed between two finishes: past it (a path of very many
// lines) the rows touched are read whole instead, so memory stays bounded.
static long most_entries(const anim_raster *r) {
  const long half = (long)(r->width + 2) * r->height / 2;
  return half > 65536 ? half : 65536;
}

// Lists cell c of row y as touched.
static void note(anim_raster *r, int y, int c) {
  if (r->count == r->capacity) {
    const long grown = r->capacity ? r->capacity * 2 : 4096;
    int *entries = grown <= most_entries(r) ? realloc(r->entries, (size_t)grown * 2 * sizeof(int)) : NULL;
    if (!entries) {
      r->dense = 1;
      return;
    }
    r->entries = entries;
    r->capacity = grown;
  }
  r->entries[2 * r->count] = c;
  r->entries[2 * r->count + 1] = r->heads[y];
  r->heads[y] = (int)r->count;
  r->count++;
}

// Adds v to cell c of row y, listing it when it held nothing.
static inline void add(anim_raster *r, int y, float *row, int c, float v) {
  if (row[c] == 0 && !r->dense) note(r, y, c);
  row[c] += v;
}

static inline void touch_columns(anim_raster *r, int c0, int c1) {
  if (c0 < r->x0) r->x0 = c0;
  if (c1 > r->x1) r->x1 = c1;
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
    add(r, y, row, 0, (float)d);
    touch_columns(r, 0, 1);
    return;
  }
  if (xl >= w) {
    // Right of the canvas: no pixel lies to its right, but what lies left
    // of it is covered up to the canvas's edge.
    touch_columns(r, r->width, r->width + 1);
    return;
  }
  const double first = floor(xl);
  if (xr <= first + 1) {
    // Within one column (first >= 0 here: xl < 0 would put xr <= 0).
    const int c = (int)first;
    const double f = (xl + xr) * 0.5 - first;
    add(r, y, row, c, (float)(d * (1 - f)));
    add(r, y, row, c + 1, (float)(d * f));
    touch_columns(r, c, c + 2);
    return;
  }
  // Across columns: the height it gains a unit of x.
  const double k = d / (xr - xl);
  double u0 = xl;
  int c = (int)first;
  if (u0 < 0) {
    add(r, y, row, 0, (float)((0 - u0) * k));
    u0 = 0;
    c = 0;
  }
  const int last = (int)(xr < w ? ceil(xr) - 1 : w - 1);
  touch_columns(r, c, last + 2);
  for (; c <= last; c++) {
    const double u1 = xr < c + 1 ? xr : c + 1;
    const double h = (u1 - u0) * k;
    const double f = (u0 + u1) * 0.5 - c;
    add(r, y, row, c, (float)(h * (1 - f)));
    add(r, y, row, c + 1, (float)(h * f));
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
  const int row0 = (int)floor(top);
  const int row1 = (int)ceil(bottom);
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
} clip_row;

// Notes pixels from…to − 1 of the row as written (when spans are kept): a
// run continuing the last one lengthens it.
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

// Coverage v over pixels from…to − 1 of a mask row, cut by the clip (none
// when clip->rect is NULL); the pixels outside the clip are left as they
// are, 0.
static inline void put_run(uint8_t *m, int from, int to, int v, const clip_row *clip) {
  if (!clip->rect) {
    keep_span(clip, from, to);
    if (to - from == 1) {
      m[from] = (uint8_t)v;
    } else if (to > from) {
      memset(m + from, v, (size_t)(to - from));
    }
    return;
  }
  if (from < clip->lo) from = clip->lo;
  if (to > clip->hi) to = clip->hi;
  keep_span(clip, from, to);
  for (int x = from; x < to; x++) {
    if (x >= clip->full0 && x < clip->full1) {
      // The columns the clip covers wholly: one factor, fy.
      const int end = to < clip->full1 ? to : clip->full1;
      const int u = clip->fy < 1 ? (int)(v * clip->fy + 0.5) : v;
      memset(m + x, u, (size_t)(end - x));
      x = end - 1;
      continue;
    }
    const double f = clip->fy * inside(x, clip->rect[0], clip->rect[2]);
    m[x] = (uint8_t)(f < 1 ? (int)(v * f + 0.5) : v);
  }
}

void anim_raster_cubic(anim_raster *r, double ax, double ay, double bx, double by, double cx,
                       double cy, double dx, double dy, double tolerance) {
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

// Sorts a row's listed columns (few: an insertion sort, else qsort).
static int compare_ints(const void *a, const void *b) {
  const int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void sort_columns(int *xs, long n) {
  if (n > 32) {
    qsort(xs, (size_t)n, sizeof(int), compare_ints);
    return;
  }
  for (long i = 1; i < n; i++) {
    const int v = xs[i];
    long j = i;
    while (j > 0 && xs[j - 1] > v) {
      xs[j] = xs[j - 1];
      j--;
    }
    xs[j] = v;
  }
}

// The coverage byte of a winding area s.
static inline int coverage_of(float s) {
  const float a = fabsf(s);
  return a >= 1 ? 255 : (int)(a * 255 + 0.5f);
}

// One row read whole, from cell x0 to x1 (the cells listed when the lists
// overflowed, or could not be sorted).
static void finish_dense_row(float *row, uint8_t *m, int x0, int x1, int px1, const clip_row *c) {
  float s = 0;
  int v = 0;
  int x = x0;
  while (x < px1) {
    const int from = x;
    // Eight empty cells at a time (an untouched cell is +0: all bits 0).
    while (x + 8 <= px1) {
      uint64_t a, b, e, d;
      memcpy(&a, row + x, 8);
      memcpy(&b, row + x + 2, 8);
      memcpy(&e, row + x + 4, 8);
      memcpy(&d, row + x + 6, 8);
      if (a | b | e | d) break;
      x += 8;
    }
    while (x < px1 && row[x] == 0) x++;
    if (v && x > from) put_run(m, from, x, v, c);
    if (x >= px1) break;
    s += row[x];
    row[x] = 0;
    v = coverage_of(s);
    if (v) put_run(m, x, x + 1, v, c);
    x++;
  }
  for (x = px1; x < x1; x++) row[x] = 0;
}

void anim_raster_discard(anim_raster *r) {
  int box[4];
  anim_raster_finish(r, NULL, 0, NULL, box);
}

void anim_raster_finish(anim_raster *r, uint8_t *mask, long stride, const double *clip,
                        int box[4]) {
  const int w = r->width;
  const int x0 = r->x0, x1 = r->x1 < w + 2 ? r->x1 : w + 2;
  const int y0 = r->y0 > 0 ? r->y0 : 0, y1 = r->y1 < r->height ? r->y1 : r->height;
  r->spanCount = 0;
  r->spansLost = 0;
  int dense = r->dense;
  if (!dense && r->scratchCapacity < r->count) {
    int *scratch = realloc(r->scratch, (size_t)r->count * sizeof(int));
    if (scratch) {
      r->scratch = scratch;
      r->scratchCapacity = r->count;
    } else {
      dense = 1;
    }
  }
  r->x0 = r->y0 = 1 << 30;
  r->x1 = r->y1 = -(1 << 30);
  r->count = 0;
  r->dense = 0;
  if (x0 >= x1 || y0 >= y1) {
    box[0] = box[1] = box[2] = box[3] = 0;
    return;
  }
  const int px1 = x1 < w ? x1 : w;
  // The window's pixels: the mask and the clip moved to its origin (no
  // mask: the cells are only cleared).
  if (mask) mask += (long)r->oy * stride + r->ox;
  double moved[4];
  if (clip) {
    moved[0] = clip[0] - r->ox;
    moved[1] = clip[1] - r->oy;
    moved[2] = clip[2] - r->ox;
    moved[3] = clip[3] - r->oy;
    clip = moved;
  }
  clip_row c = {clip, 1, 0, w, 0, w, r, 0, r->ox};
  if (clip) {
    const double lo = floor(clip[0]), hi = ceil(clip[2]);
    const double full0 = ceil(clip[0]), full1 = floor(clip[2]);
    c.lo = lo < 0 ? 0 : lo > w ? w : (int)lo;
    c.hi = hi < 0 ? 0 : hi > w ? w : (int)hi;
    c.full0 = full0 < 0 ? 0 : full0 > w ? w : (int)full0;
    c.full1 = full1 < 0 ? 0 : full1 > w ? w : (int)full1;
  }
  for (int y = y0; y < y1; y++) {
    float *row = r->cells + (long)y * (w + 2);
    uint8_t *m = mask ? mask + (long)y * stride : NULL;
    c.y = y + r->oy;
    if (clip) c.fy = inside(y, clip[1], clip[3]);
    if (!mask) c.fy = 0;
    if (dense) {
      r->heads[y] = -1;
      if (c.fy <= 0) {
        for (int x = x0; x < x1; x++) row[x] = 0;
      } else {
        finish_dense_row(row, m, x0, x1, px1, &c);
      }
      continue;
    }
    if (r->heads[y] < 0) continue;
    // The row's touched columns, in order: between two of them the sum,
    // and so the coverage, stays the same, and is set as a run.
    long n = 0;
    for (int e = r->heads[y]; e >= 0; e = r->entries[2 * e + 1]) r->scratch[n++] = r->entries[2 * e];
    r->heads[y] = -1;
    sort_columns(r->scratch, n);
    if (c.fy <= 0) {
      for (long i = 0; i < n; i++) row[r->scratch[i]] = 0;
      continue;
    }
    float s = 0;
    int v = 0;
    int next = x0;
    for (long i = 0; i < n; i++) {
      const int x = r->scratch[i];
      if (i > 0 && x == r->scratch[i - 1]) continue;
      if (v && x > next && next < px1) put_run(m, next, x < px1 ? x : px1, v, &c);
      s += row[x];
      row[x] = 0;
      v = coverage_of(s);
      if (v && x < px1) put_run(m, x, x + 1, v, &c);
      next = x + 1;
    }
    if (v && next < px1) put_run(m, next, px1, v, &c);
  }
  box[0] = x0 + r->ox;
  box[1] = y0 + r->oy;
  box[2] = px1 + r->ox;
  box[3] = y1 + r->oy;
}
