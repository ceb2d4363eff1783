// Checks the assumption CoverageCache (Sources/AnimRender) rests on: Cairo's
// coverage of a path moved by whole pixels is the same, pixel for pixel,
// when the path's 24.8 fixed-point coordinates relative to its origin pixel
// are the same. Random shapes (a 5-point star, filled or stroked, open or
// closed; a rectangle; a circle of four cubics, filled or stroked) under
// random turns, scales, sub-pixel offsets, line widths, caps and joins are
// rasterised at one position and at another whole-pixel offset, and the two
// 80 × 80 masks compared. Pairs whose fixed-point paths differ are not
// compared (the double arithmetic of the transform can round differently).
//
//   cc -O2 bench/cairo_offsets.c -o /tmp/cairo_offsets $(pkg-config --cflags --libs cairo) -lm
//   /tmp/cairo_offsets KIND TRIALS [no-miter]
//
// KIND: 0 star filled, 1 star stroked, 2 rectangle filled, 3 circle stroked,
// 4 circle filled, 5 star stroked with its last edge cut by de Casteljau
// (controls thirds only to within rounding, as anim's trims). With no-miter, miter joins are replaced by round or bevel.
// Prints how many pairs differ; exits 1 when any does.
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIZE = 400, WINDOW = 80 };

/// The shape of `kind` in a 16 × 16 box; `part` (0…1) trims a star's
/// stroke to its first edges and bends the circle's handles.
static void shape(cairo_t *cr, int kind, double part) {
  if (kind == 2) {
    cairo_rectangle(cr, 0, 0, 8, 8);
    return;
  }
  if (kind >= 3) {
    double k = 0.5519150244935105 * 8 * part + 0.5;
    cairo_move_to(cr, 8, 0);
    cairo_curve_to(cr, 8 + k, 0, 16, 8 - k, 16, 8);
    cairo_curve_to(cr, 16, 8 + k, 8 + k, 16, 8, 16);
    cairo_curve_to(cr, 8 - k, 16, 0, 8 + k, 0, 8);
    cairo_curve_to(cr, 0, 8 - k, 8 - k, 0, 8, 0);
    if (kind == 4 || part > 0.5) cairo_close_path(cr);
    return;
  }
  // Straight edges written as anim writes them: cubics with controls at
  // one and two thirds.
  double px[10], py[10];
  for (int k = 0; k < 10; k++) {
    double r = (k % 2) ? 8 * 0.45 : 8;
    double a = (-90 + k * 36) * M_PI / 180;
    px[k] = 8 + r * cos(a);
    py[k] = 8 + r * sin(a);
  }
  int n = kind == 0 ? 10 : (int)(part * 10);
  if (n < 1) n = 1;
  if (kind == 5) {
    // A trimmed piece as anim cuts it: the last edge split by de Casteljau
    // at a fraction, so its controls are thirds only to within rounding.
    double t = part * 10 - (int)(part * 10);
    if (t < 0.05) t = 0.05;
    cairo_move_to(cr, px[0], py[0]);
    for (int k = 1; k <= n; k++) {
      double x0 = px[k - 1], y0 = py[k - 1], x3 = px[k % 10], y3 = py[k % 10];
      double x1 = x0 + (x3 - x0) / 3, y1 = y0 + (y3 - y0) / 3;
      double x2 = x0 + 2 * (x3 - x0) / 3, y2 = y0 + 2 * (y3 - y0) / 3;
      if (k == n) {
        double ax = x0 + (x1 - x0) * t, ay = y0 + (y1 - y0) * t;
        double bx = x1 + (x2 - x1) * t, by = y1 + (y2 - y1) * t;
        double cx = x2 + (x3 - x2) * t, cy = y2 + (y3 - y2) * t;
        double abx = ax + (bx - ax) * t, aby = ay + (by - ay) * t;
        double bcx = bx + (cx - bx) * t, bcy = by + (cy - by) * t;
        double ex = abx + (bcx - abx) * t, ey = aby + (bcy - aby) * t;
        cairo_curve_to(cr, ax, ay, abx, aby, ex, ey);
      } else {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3);
      }
    }
    return;
  }
  cairo_move_to(cr, px[0], py[0]);
  for (int k = 1; k <= n; k++) {
    double x0 = px[k - 1], y0 = py[k - 1], x1 = px[k % 10], y1 = py[k % 10];
    cairo_curve_to(cr, x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3, x0 + 2 * (x1 - x0) / 3,
                   y0 + 2 * (y1 - y0) / 3, x1, y1);
  }
  if (kind == 0 || part > 0.85) cairo_close_path(cr);
}

/// Rasterises one case at whole pixel (ix, iy); copies the window around it
/// into `mask` and the path's device points relative to (ix, iy) into `points`.
static int draw(cairo_surface_t *s, int kind, const cairo_matrix_t *m, double part, int join,
                int cap, double width, int ix, int iy, unsigned char *mask, double *points) {
  int stride = cairo_image_surface_get_stride(s);
  unsigned char *d = cairo_image_surface_get_data(s);
  memset(d, 0, SIZE * stride);
  cairo_surface_mark_dirty(s);
  cairo_t *cr = cairo_create(s);
  cairo_set_matrix(cr, m);
  shape(cr, kind, part);
  cairo_set_line_width(cr, width);
  cairo_set_line_join(cr, join);
  cairo_set_line_cap(cr, cap);
  cairo_identity_matrix(cr);
  cairo_path_t *p = cairo_copy_path(cr);
  int n = 0;
  for (int i = 0; i < p->num_data; i += p->data[i].header.length) {
    for (int j = 1; j < p->data[i].header.length; j++) {
      points[n++] = p->data[i + j].point.x - ix;
      points[n++] = p->data[i + j].point.y - iy;
    }
  }
  cairo_path_destroy(p);
  cairo_set_matrix(cr, m);
  if (kind == 1 || kind == 3 || kind == 5) cairo_stroke(cr);
  else cairo_fill(cr);
  cairo_destroy(cr);
  cairo_surface_flush(s);
  for (int y = 0; y < WINDOW; y++)
    for (int x = 0; x < WINDOW; x++)
      mask[y * WINDOW + x] = d[(iy - WINDOW / 2 + y) * stride + ix - WINDOW / 2 + x];
  return n;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s KIND TRIALS [no-miter]\n", argv[0]);
    return 2;
  }
  int kind = atoi(argv[1]), trials = atoi(argv[2]);
  int noMiter = argc > 3 && strcmp(argv[3], "no-miter") == 0;
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, SIZE, SIZE);
  static unsigned char a[WINDOW * WINDOW], b[WINDOW * WINDOW];
  static double pa[256], pb[256];
  int compared = 0, differ = 0, skipped = 0;
  srand(1);
  for (int t = 0; t < trials; t++) {
    double angle = (rand() % 3600) / 10.0 * M_PI / 180, scale = 0.5 + (rand() % 100) / 50.0;
    double fx = (rand() % 10000) / 10000.0, fy = (rand() % 10000) / 10000.0;
    double part = (rand() % 100) / 100.0;
    int join = rand() % 3;
    if (noMiter && join == CAIRO_LINE_JOIN_MITER) join = 1 + rand() % 2;
    int cap = rand() % 3;
    double width = 0.5 + (rand() % 40) / 10.0;
    int ix = 100 + rand() % 200, iy = 100 + rand() % 200;
    cairo_matrix_t m1 = {cos(angle) * scale, sin(angle) * scale, -sin(angle) * scale,
                         cos(angle) * scale, 100 + fx, 100 + fy};
    cairo_matrix_t m2 = m1;
    m2.x0 = ix + fx;
    m2.y0 = iy + fy;
    int n = draw(s, kind, &m1, part, join, cap, width, 100, 100, a, pa);
    draw(s, kind, &m2, part, join, cap, width, ix, iy, b, pb);
    if (memcmp(pa, pb, n * sizeof(double)) != 0) {
      skipped++;
      continue;
    }
    compared++;
    if (memcmp(a, b, sizeof a) != 0) {
      differ++;
      if (differ <= 3)
        printf("differs: trial %d join %d cap %d width %g angle %g scale %g\n", t, join, cap,
               width, angle, scale);
    }
  }
  printf("kind %d: %d pairs compared, %d differ (%d skipped: paths differ)\n", kind, compared,
         differ, skipped);
  cairo_surface_destroy(s);
  return differ ? 1 : 0;
}
