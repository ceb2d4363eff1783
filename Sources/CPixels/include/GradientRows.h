// A gradient blended over a row of the frame through a coverage mask, the
// colour worked out at each covered pixel's centre (SPEC §21.1): AnimRender's
// `CairoCanvas.blendMask` for a gradient whose colour changes along both
// rows and columns (a radial one, or a linear one turned), with the same
// products, sums, square roots and quotients in the same order, so the same
// bits. Where the processor has AVX2 the positions of four pixels are found
// at once.
#ifndef ANIM_GRADIENT_ROWS_H
#define ANIM_GRADIENT_ROWS_H

#include <stdint.h>

/// How a point (ux, uy) in the box's unit coordinates maps to a position t
/// along the gradient.
typedef enum {
  /// t = `k` everywhere (a gradient of no length or radius).
  ANIM_GRADIENT_CONSTANT = 0,
  /// q = u − (px, py); t = (q.x·dx + q.y·dy) / k, k the squared length.
  ANIM_GRADIENT_LINEAR = 1,
  /// q = u − (px, py), the centre; t = √(q.x² + q.y²) / k, k the radius.
  ANIM_GRADIENT_CENTRED = 2,
  /// q = u − (px, py), the drawn focal point; b = q.x·dx + q.y·dy,
  /// c = q.x² + q.y², t = (b − √(b² − k·c)) / k, with (dx, dy) = centre −
  /// focal and k = |d|² − r².
  ANIM_GRADIENT_FOCAL = 3,
} anim_gradient_kind;

/// A gradient ready to blend.
typedef struct {
  /// Pixel centre (x, y) → unit point (a·x + c·y + tx, b·x + d·y + ty).
  double a, b, c, d, tx, ty;
  anim_gradient_kind kind;
  /// The kind's point, direction and constant, as `anim_gradient_kind` says.
  double px, py, dx, dy, k;
  /// `stops` offsets, ascending, and `stops` premultiplied colours (r, g,
  /// b, a), four doubles each; at least one stop.
  const double *offsets;
  const double *colors;
  long stops;
  /// The opacity the gradient is blended at.
  double alpha;
} anim_gradient;

/// Blends `g` over the `count` pixels at `pixels` (premultiplied doubles,
/// source-over), the first at column `x` of the row whose centres are at
/// `centre_y`, through the coverage bytes at `cells`, setting each cell used
/// to 0. A cell c ≠ 0 blends the ramp's colour s at the pixel's position,
/// times alpha · c / 255 unless both are whole; an opaque result is stored,
/// the pixel below not read.
void anim_blend_gradient_row(double *pixels, uint8_t *cells, long count, long x, double centre_y,
                             const anim_gradient *g);

/// `anim_blend_gradient_row` without the AVX2 loop, so that tests compare
/// the two.
void anim_blend_gradient_row_baseline(double *pixels, uint8_t *cells, long count, long x,
                                      double centre_y, const anim_gradient *g);

#endif
