// Area coverage of filled outlines (nonzero): anim's own scan conversion of
// the polygons Cairo flattens a fill's path into. Each line adds, to the
// cells of the rows it crosses, the signed area it leaves to its right in
// each pixel; a prefix sum along each row is then the winding-weighted
// coverage of every pixel, exact for a polygon (no sub-samples). Each row
// keeps the span of cells its lines touched, which finishing reads eight
// empty cells a step, so that it costs little more than a store a covered
// pixel, not a step a pixel of the box.
#ifndef ANIM_COVERAGE_RASTER_H
#define ANIM_COVERAGE_RASTER_H

#include <stdint.h>

/// The cells of one canvas, zero between fills, and the span of those
/// touched in each row. Made by `anim_raster_init`, freed by `anim_raster_free`.
typedef struct {
  /// (width + 2) floats a row of the window.
  float *cells;
  /// The window's size (``anim_raster_window``): the part of the canvas
  /// lines are added to, its cells packed so that a small fill's fit in
  /// the processor's cache.
  int width, height;
  /// The window's first pixel in the canvas.
  int ox, oy;
  /// The canvas's size.
  int canvasWidth, canvasHeight;
  /// The rows and columns of cells touched since the last finish (x1, y1
  /// exclusive); empty when x0 >= x1.
  int x0, y0, x1, y1;
  /// Each row's touched cells since the last finish, rowFirst[y] up to
  /// rowEnd[y] (exclusive); none when rowFirst[y] >= rowEnd[y].
  int *rowFirst, *rowEnd;
  /// When `keepSpans` is set, the runs of pixels the last finish wrote, as
  /// (y, x0, x1) triples in the canvas's pixels, row by row, so that the
  /// coverage can be read back without visiting the empty pixels between;
  /// `spansLost` when they outgrew their bound, an eighth of the window's
  /// cells (then read the mask whole).
  int keepSpans, spansLost;
  int *spans;
  long spanCount, spanCapacity;
} anim_raster;

/// Makes `r`'s cells for a canvas of `width` × `height` pixels; 0 when the
/// memory cannot be had (then `r` holds nothing to free).
int anim_raster_init(anim_raster *r, int width, int height);

/// Frees what `anim_raster_init` made.
void anim_raster_free(anim_raster *r);

/// Sets the window of the canvas the next lines are added to: pixels x0…x1
/// and y0…y1 (exclusive ends), cut to the canvas. Only between a finish and
/// the next line; every line's pixels right of x0 must lie in it (those
/// left of it count as its first column, so x0 is the canvas's left edge
/// or left of every line). A new raster's window is the whole canvas.
void anim_raster_window(anim_raster *r, int x0, int y0, int x1, int y1);

/// Adds the line from (ax, ay) to (bx, by), in the canvas's pixels, to `r`:
/// rows outside the window are left out, and columns left of it count as
/// its first column (what lies left of the canvas covers the pixels to its
/// right as it would). Lines with a coordinate that is not finite are left
/// out.
void anim_raster_line(anim_raster *r, double ax, double ay, double bx, double by);

/// Adds the cubic Bézier from (ax, ay) through controls (bx, by), (cx, cy)
/// to (dx, dy) as lines: as many, of equal steps of its parameter, as keep
/// every point of the lines within `tolerance` pixels of the curve (the
/// chord's distance is at most ⅛ of a step's square times the largest
/// second derivative), at most 4 096; one line when the controls lie on
/// the ends.
void anim_raster_cubic(anim_raster *r, double ax, double ay, double bx, double by, double cx,
                       double cy, double dx, double dy, double tolerance);

/// Writes the coverage of the lines added since the last finish into
/// `mask` (the canvas's: one byte a pixel, `stride` bytes a row, 0 where
/// nothing covers):
/// each covered pixel gets min(1, |winding area|) × 255 rounded; when
/// `clip` is given (x0, y0, x1, y1 in pixels: a rectangle the fill is
/// clipped to), times the share of the pixel inside it, rounded again (a
/// pixel wholly inside keeps its byte). The cells are left zero. The
/// rectangle of pixels that may have been written goes to `box` (x0, y0,
/// x1, y1; empty when nothing was added). With `keepSpans`, the runs
/// written go to `spans`.
void anim_raster_finish(anim_raster *r, uint8_t *mask, long stride, const double *clip,
                        int box[4]);

/// `anim_raster_finish` walking the rows without AVX2 (as a processor
/// without it does), so that tests compare the two walks.
void anim_raster_finish_baseline(anim_raster *r, uint8_t *mask, long stride, const double *clip,
                                 int box[4]);

/// `anim_raster_finish` with the coverage blended instead of stored: the
/// colour (red, green, blue) at opacity `alpha` blended, as
/// `anim_blend_row` blends a coverage byte, into the covered pixels of
/// `rect` (x0, y0, x1, y1; the rest are left) of `pixels` (premultiplied
/// doubles, `width` pixels a row), cut by `clip` as there. The cells are
/// left zero. Pixel for pixel what `anim_raster_finish` and then
/// `anim_blend_row` over `rect`'s rows make, with no mask written or read.
void anim_raster_finish_blend(anim_raster *r, double *pixels, long width, const double *clip,
                              const int rect[4], double red, double green, double blue,
                              double alpha);

/// Clears the cells of the lines added since the last finish, writing
/// nothing (a stroke given up on).
void anim_raster_discard(anim_raster *r);

#endif
