// Strokes as polygons for anim's own scan conversion (CoverageRaster.h):
// the path, in the view's own units, is cut into lines within a tolerance,
// dashed, and each line, join and cap becomes a polygon of the pen's width
// in those units; each polygon goes to the raster through the matrix to
// pixels, so a squashed view strokes with an elliptical pen, as Cairo and
// SVG do. Neighbouring polygons share their edges exactly (a join meets
// its two lines at the inner corner where their edges cross), so the
// raster's exact areas add up to the stroke's coverage with no piece
// counted twice. Where a line is too short to reach that corner, the
// lines on either side of the join overlap near it; each overlap is added
// once more turned the other way, so that it too counts once.
#ifndef ANIM_STROKE_RASTER_H
#define ANIM_STROKE_RASTER_H

#include "CoverageRaster.h"

/// Caps and joins, as SVG and Cairo name them.
enum { ANIM_CAP_BUTT = 0, ANIM_CAP_ROUND = 1, ANIM_CAP_SQUARE = 2 };
enum { ANIM_JOIN_MITER = 0, ANIM_JOIN_ROUND = 1, ANIM_JOIN_BEVEL = 2 };

/// The most points a side of a strip holds before it is cut.
#define ANIM_STROKE_STRIP 256

/// The most lines' polygons kept on each side of a join whose lines
/// overlap (the latest of them).
#define ANIM_STROKE_RUN 32

/// A line's polygon (start left, end left, end right, start right) and
/// its box, kept to find where it overlaps another; which line of its
/// piece it is, and the lines its overlaps were taken off with (from, to;
/// −1 for none).
typedef struct {
  double q[8];
  double x0, y0, x1, y1;
  int index, checkedFrom, checkedTo;
} anim_stroke_quad;

/// A line of a piece being stroked: from `a` to `b`, its length, its unit
/// left normal `n`, the corners its polygon starts with (`ls`, `rs`: left
/// and right of `a`), and how far along it the start's inner corner lies.
typedef struct {
  double ax, ay, bx, by, length, nx, ny;
  double lsx, lsy, rsx, rsy;
  double used;
} anim_stroke_line;

/// One stroke under way. Set up by `anim_stroke_begin`; holds no memory of
/// its own (the dash pattern is the caller's until `anim_stroke_end`).
typedef struct {
  anim_raster *raster;
  /// View units → pixels: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
  double xx, yx, xy, yy, x0, y0;
  /// Half the width, the miter limit, and the tolerance (view units).
  double half, miterLimit, tolerance;
  /// The matrix's larger column length (pixels a view unit, about).
  double scale;
  /// Set when two lines' polygons overlap along more than 4 pixels (lines
  /// folding back on each other, past the miter limit): the raster's
  /// coverage is then too high along the overlap's edges, and the caller
  /// discards it (`anim_raster_discard`) and strokes another way.
  int overlaps;
  /// The angle a round join's or cap's arc turns between two points, and
  /// its cosine (a turn within it needs no point).
  double arcStep, arcCosine;
  int cap, join;
  /// The dash pattern (NULL: solid), its count, its total, and the phase.
  const double *dashes;
  int dashCount;
  double dashTotal, dashPhase;
  /// The subpath: its start, the current point, whether a join at the
  /// current point is one of the path's own corners.
  double sx, sy, cx, cy;
  int open, corner;
  /// The dashes along the subpath: which dash, what is left of it, on.
  int dashIndex, dashOn;
  double dashLeft;
  /// A closed subpath's first dash: skipped while `skipping`, its length
  /// `firstDash`; drawn at the end while `wrapping` (1: up to `wrapLeft`
  /// more, 2: the whole way round, 3: done).
  int skipping, wrapping;
  double firstDash, wrapLeft;
  /// The piece being stroked (a subpath, or one dash of it): its first
  /// point, its first line (held until the piece ends: a closed piece's
  /// start depends on its last join), the line before the current point,
  /// and how many lines it has.
  int pieceOpen;
  double px, py;
  anim_stroke_line first, last;
  long lines;
  /// The first line's end corners (left x, y, right x, y) once its second
  /// line has come, and how far back from its end its inner corner lies.
  double firstEnd[4], firstEndUsed;
  /// The polygons of the piece's lines since its last join whose inner
  /// corner lies beyond one of its lines (`run`, a ring of the latest,
  /// `runNext` the next slot), and of the lines before that join
  /// (`before`): each line's polygon, once its end is known, has its
  /// overlap with each of `before`'s taken off. `firstBefore`: `before`
  /// starts with the first line's polygon. A ring's last join moves the
  /// first line's start: the lines whose overlap with it was taken off
  /// (`againstFirst`, `againstCount` of them) have it taken off again
  /// with its polygon as it ends up. `head`: the first lines' polygons, up
  /// to the piece's first such join (`cut`), for a ring whose last join
  /// is one: the lines on its either side overlap there.
  int runCount, runNext, beforeCount, firstBefore, againstCount, headCount, cut;
  /// The lines before `before`'s (the run before it, the latest of them):
  /// a line overlapping one of them by more than a sliver (a wide pen
  /// round a tight curve, a zigzag folding back) overlaps more than two
  /// lines at once, which taking off pairs would count wrong, so it sets
  /// `overlaps`.
  int olderCount;
  /// The boxes round all of `before`'s polygons and all of `older`'s.
  double beforeBox[4], olderBox[4];
  /// The strip of lines after the first: how many points each side of it
  /// holds (`left`, `right`).
  int leftCount, rightCount;
  /// The direction the piece was heading (for a square cap of a dash of
  /// no length).
  double hx, hy;
  /// A curve's own direction (unit) at the point it starts from and at
  /// the point it ends at, while those are the current point's
  /// (`startCurve`, `endCurve`): a piece that starts or ends there is cut
  /// square to the curve, not to its first or last line (which a wide pen
  /// shows), as Cairo cuts it.
  int startCurve, endCurve;
  double stx, sty, startX, startY, etx, ety, endX, endY;
  /// The next join is round whatever the join style: where a subpath
  /// with round caps goes on from the point the last one stopped.
  int seam;
  /// The arrays last, not cleared by `anim_stroke_begin` (only their
  /// counts are): the strip's left side's points and its right side's
  /// (x, y pairs), each side in the lines' direction, and the polygons of
  /// `run`, `before`, `older`, `againstFirst` and `head` (counted above).
  double left[2 * ANIM_STROKE_STRIP], right[2 * ANIM_STROKE_STRIP];
  anim_stroke_quad run[ANIM_STROKE_RUN], before[ANIM_STROKE_RUN], older[ANIM_STROKE_RUN];
  anim_stroke_quad againstFirst[ANIM_STROKE_RUN], head[ANIM_STROKE_RUN];
} anim_stroker;

/// Starts a stroke into `raster` (its window set by the caller) of `width`
/// under the matrix `m` (xx, yx, xy, yy, x0, y0), with the cap, join and
/// miter limit given, curves cut within `tolerance` view units, and the
/// dash pattern `dashes` (`count` lengths, on first, starting `phase` into
/// it; NULL or a pattern of no length: solid).
void anim_stroke_begin(anim_stroker *s, anim_raster *raster, const double m[6], double width,
                       int cap, int join, double miterLimit, double tolerance,
                       const double *dashes, int count, double phase);

/// Starts a subpath at (x, y), ending the one before (open); `closed`: it
/// will end with `anim_stroke_close` (a dashed one then needs
/// `anim_stroke_wrap`). An open subpath with round caps and no dashes
/// that starts where the one before stopped (a trim that runs past a
/// closed outline's start, drawn as two pieces) goes on from it, joined
/// round: the two caps there would each lie over the other's lines, and
/// the union they draw is the stroke going on.
void anim_stroke_move_to(anim_stroker *s, double x, double y, int closed);

/// A straight segment to (x, y).
void anim_stroke_line_to(anim_stroker *s, double x, double y);

/// A cubic Bézier segment through (bx, by), (cx, cy) to (dx, dy); a line
/// when the controls lie on its ends.
void anim_stroke_curve_to(anim_stroker *s, double bx, double by, double cx, double cy,
                          double dx, double dy);

/// Closes the subpath: a line back to its start, joined there.
void anim_stroke_close(anim_stroker *s);

/// After `anim_stroke_close` of a dashed subpath: 1 when its segments must
/// be given again (from its start, as the first time), so that its first
/// dash is drawn, joined to the last where that runs to the start; 0 when
/// not. The next move or `anim_stroke_end` ends them.
int anim_stroke_wrap(anim_stroker *s);

/// Ends the last subpath (open): everything is in the raster.
void anim_stroke_end(anim_stroker *s);

#endif
