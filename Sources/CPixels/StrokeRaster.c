// Strokes as polygons for anim's own scan conversion: see
// include/StrokeRaster.h.
#include "StrokeRaster.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

// The most points of one polygon (a round join or cap of a very wide pen
// is cut into at most this many).
#define MOST_POINTS 1024

// Adds the polygon of `count` points (x, y pairs, view units) to the
// raster, through the matrix, every polygon turning the same way in pixels
// (so that an edge two pieces share is added once each way and cancels);
// `sign` −1 turns it the other way, taking its area off.
static void signed_polygon(anim_stroker *s, const double *points, int count, double sign) {
  if (count < 3) return;
  double x[MOST_POINTS + 4], y[MOST_POINTS + 4];
  double area = 0;
  for (int i = 0; i < count; i++) {
    const double u = points[2 * i], v = points[2 * i + 1];
    x[i] = s->xx * u + s->xy * v + s->x0;
    y[i] = s->yx * u + s->yy * v + s->y0;
  }
  for (int i = 0; i < count; i++) {
    const int j = i + 1 < count ? i + 1 : 0;
    area += x[i] * y[j] - x[j] * y[i];
  }
  if (!(area != 0)) return;  // no area, or NaN
  for (int i = 0; i < count; i++) {
    const int j = i + 1 < count ? i + 1 : 0;
    if (area * sign > 0) {
      anim_raster_line(s->raster, x[i], y[i], x[j], y[j]);
    } else {
      anim_raster_line(s->raster, x[j], y[j], x[i], y[i]);
    }
  }
}

static void polygon(anim_stroker *s, const double *points, int count) {
  signed_polygon(s, points, count, 1);
}

// Twice the signed area of the polygon of `count` points (x, y pairs).
static double twice_area(const double *p, int count) {
  double area = 0;
  for (int i = 0; i < count; i++) {
    const int k = i + 1 < count ? i + 1 : 0;
    area += p[2 * i] * p[2 * k + 1] - p[2 * k] * p[2 * i + 1];
  }
  return area;
}

// The part of the convex quad `p` inside the convex quad `q`, into `out`
// (room for 8 points): p cut by each of q's edges in turn. Returns its
// point count.
static int clip_quad(const double *p, const double *q, double *out) {
  double a[2 * 8], b[2 * 8];
  const double area = twice_area(q, 4);
  if (!(area != 0)) return 0;
  const double turn = area > 0 ? 1 : -1;
  memcpy(a, p, sizeof(double) * 8);
  int count = 4;
  for (int i = 0; i < 4 && count > 0; i++) {
    const int k = (i + 1) & 3;
    const double qx = q[2 * i], qy = q[2 * i + 1];
    const double ex = q[2 * k] - qx, ey = q[2 * k + 1] - qy;
    int kept = 0;
    for (int u = 0; u < count; u++) {
      const int v = u + 1 < count ? u + 1 : 0;
      const double ux = a[2 * u], uy = a[2 * u + 1], vx = a[2 * v], vy = a[2 * v + 1];
      // Which side of the edge each end lies: ≥ 0 inside.
      const double du = turn * (ex * (uy - qy) - ey * (ux - qx));
      const double dv = turn * (ex * (vy - qy) - ey * (vx - qx));
      // A convex polygon cut by a line gains at most one point, and one
      // cut by four lines has at most eight.
      if (du >= 0 && kept < 8) b[2 * kept] = ux, b[2 * kept + 1] = uy, kept++;
      if ((du >= 0) != (dv >= 0) && kept < 8) {
        const double f = du / (du - dv);
        b[2 * kept] = ux + f * (vx - ux), b[2 * kept + 1] = uy + f * (vy - uy);
        kept++;
      }
    }
    memcpy(a, b, sizeof(double) * 2 * (size_t)kept);
    count = kept;
  }
  memcpy(out, a, sizeof(double) * 2 * (size_t)count);
  return count;
}

static anim_stroke_quad quad_of(const double *q) {
  anim_stroke_quad r;
  memcpy(r.q, q, sizeof r.q);
  r.index = r.checkedFrom = r.checkedTo = -1;
  r.x0 = r.x1 = q[0], r.y0 = r.y1 = q[1];
  for (int i = 1; i < 4; i++) {
    if (q[2 * i] < r.x0) r.x0 = q[2 * i];
    if (q[2 * i] > r.x1) r.x1 = q[2 * i];
    if (q[2 * i + 1] < r.y0) r.y0 = q[2 * i + 1];
    if (q[2 * i + 1] > r.y1) r.y1 = q[2 * i + 1];
  }
  return r;
}

// The overlap of two lines' polygons, into `out` (room for 8 points): its
// point count, 0 when their boxes do not meet.
static int overlap_of(const anim_stroke_quad *p, const anim_stroke_quad *q, double *out) {
  if (p->x1 <= q->x0 || q->x1 <= p->x0 || p->y1 <= q->y0 || q->y1 <= p->y0) return 0;
  return clip_quad(p->q, q->q, out);
}

// Whether a line's polygon meets the box (x0, y0, x1, y1).
static inline int meets(const anim_stroke_quad *q, const double *box) {
  return q->x1 > box[0] && box[2] > q->x0 && q->y1 > box[1] && box[3] > q->y0;
}

// Adds the overlap of two lines' polygons turned `sign` (−1 takes off the
// overlap both added; 1 puts back one taken off): 1 when they overlap.
static int add_overlap(anim_stroker *s, const anim_stroke_quad *p, const anim_stroke_quad *q,
                       double sign) {
  double overlap[2 * 8];
  const int n = overlap_of(p, q, overlap);
  if (n < 3) return 0;
  signed_polygon(s, overlap, n, sign);
  return 1;
}

static int take_off(anim_stroker *s, const anim_stroke_quad *p, const anim_stroke_quad *q) {
  return add_overlap(s, p, q, -1);
}

// An overlap of less than this, in square pixels, is let go (it moves a
// pixel by a level or so at most).
#define SLIVER 0.004

// Whether two lines' polygons overlap by more than a sliver.
static int overlapping(const anim_stroker *s, const anim_stroke_quad *p,
                       const anim_stroke_quad *q) {
  double overlap[2 * 8];
  const int n = overlap_of(p, q, overlap);
  return fabs(twice_area(overlap, n) / 2 * (s->xx * s->yy - s->xy * s->yx)) > SLIVER;
}

// Told that the last line's end corners are known (its polygon `q`): its
// overlaps with the lines before the last join they overlap at are taken
// off, and it joins the run.
static void line_ended(anim_stroker *s, const double *q) {
  anim_stroke_quad quad = quad_of(q);
  quad.index = (int)(s->lines - 1);
  // The lines after the join, up to the first that overlaps none of the
  // lines before it (the rest lead away).
  if (s->beforeCount && meets(&quad, s->beforeBox)) {
    quad.checkedFrom = s->before[0].index;
    quad.checkedTo = s->before[s->beforeCount - 1].index;
    int any = 0;
    for (int i = 0; i < s->beforeCount; i++) {
      const int took = take_off(s, &s->before[i], &quad);
      any |= took;
      if (took && i == 0 && s->firstBefore) {
        // Kept for a ring's end (past room for them, Cairo strokes it).
        if (s->againstCount == ANIM_STROKE_RUN) {
          s->overlaps = 1;
        } else {
          s->againstFirst[s->againstCount++] = quad;
        }
      }
    }
    if (s->olderCount && !s->overlaps && meets(&quad, s->olderBox)) {
      for (int i = 0; i < s->olderCount && !s->overlaps; i++) {
        if (overlapping(s, &s->older[i], &quad)) s->overlaps = 1;
      }
    }
    if (!any) s->beforeCount = s->olderCount = s->firstBefore = 0;
  } else {
    s->beforeCount = s->olderCount = s->firstBefore = 0;
  }
  if (!s->cut && s->headCount < ANIM_STROKE_RUN) s->head[s->headCount++] = quad;
  s->run[s->runNext] = quad;
  s->runNext = (s->runNext + 1) % ANIM_STROKE_RUN;
  if (s->runCount < ANIM_STROKE_RUN) s->runCount++;
}

// The run's line `i` (0 its oldest kept).
static inline const anim_stroke_quad *run_at(const anim_stroker *s, int i) {
  return &s->run[(s->runNext - s->runCount + i + ANIM_STROKE_RUN) % ANIM_STROKE_RUN];
}

// A join whose lines overlap: the run so far is the lines before it.
static void run_cut(anim_stroker *s) {
  memcpy(s->older, s->before, sizeof(anim_stroke_quad) * (size_t)s->beforeCount);
  memcpy(s->olderBox, s->beforeBox, sizeof s->olderBox);
  s->olderCount = s->beforeCount;
  for (int i = 0; i < s->runCount; i++) {
    const anim_stroke_quad *q = run_at(s, i);
    s->before[i] = *q;
    if (i == 0 || q->x0 < s->beforeBox[0]) s->beforeBox[0] = q->x0;
    if (i == 0 || q->y0 < s->beforeBox[1]) s->beforeBox[1] = q->y0;
    if (i == 0 || q->x1 > s->beforeBox[2]) s->beforeBox[2] = q->x1;
    if (i == 0 || q->y1 > s->beforeBox[3]) s->beforeBox[3] = q->y1;
  }
  s->beforeCount = s->runCount;
  s->cut = 1;
  // Every line so far is in the run: the first is before[0].
  s->firstBefore = s->lines == s->runCount;
  s->runCount = s->runNext = 0;
}

// The steps an arc turning by `sweep` is cut into, and the radius its
// points lie at: a little outside the circle, so that each chord's
// triangle about the centre has its sector's area (an inscribed polygon
// would leave every edge pixel of a disc short by its chords' slivers).
static int arc_steps(const anim_stroker *s, double sweep, double *radius) {
  double n = ceil(fabs(sweep) / s->arcStep);
  if (!(n >= 1)) n = 1;
  if (n > MOST_POINTS - 8) n = MOST_POINTS - 8;
  const double beta = fabs(sweep) / n;
  *radius = beta > 1e-9 && beta < M_PI ? s->half * sqrt(beta / sin(beta)) : s->half;
  return (int)n;
}

// Appends to `points` (at *count) the points strictly between the ends of
// the pen's arc about (cx, cy) from angle a0 turning by `sweep` (radians,
// either way), its chords within the tolerance.
static void arc(const anim_stroker *s, double *points, int *count, double cx, double cy, double a0,
                double sweep) {
  double r;
  const int steps = arc_steps(s, sweep, &r);
  for (int i = 1; i < steps; i++) {
    const double a = a0 + sweep * i / steps;
    points[2 * *count] = cx + r * cos(a);
    points[2 * *count + 1] = cy + r * sin(a);
    (*count)++;
  }
}

// The polygon of a line: its start corners, its end corners.
static void line_polygon(anim_stroker *s, const anim_stroke_line *l, double lex, double ley,
                         double rex, double rey) {
  const double p[8] = {l->lsx, l->lsy, lex, ley, rex, rey, l->rsx, l->rsy};
  polygon(s, p, 4);
}

// A cap at (x, y), the pen's left at (lx, ly) and right at (rx, ry), the
// outward direction (tx, ty) (unit).
static void cap(anim_stroker *s, double x, double y, double lx, double ly, double rx, double ry,
                double tx, double ty) {
  const double h = s->half;
  if (s->cap == ANIM_CAP_SQUARE) {
    const double p[8] = {lx, ly, lx + h * tx, ly + h * ty, rx + h * tx, ry + h * ty, rx, ry};
    polygon(s, p, 4);
  } else if (s->cap == ANIM_CAP_ROUND) {
    double p[2 * MOST_POINTS];
    int n = 0;
    p[0] = lx, p[1] = ly, n = 1;
    // From the left (the outward direction turned a quarter one way)
    // through the outward direction to the right.
    const double a0 = atan2(ly - y, lx - x);
    const double cross = (lx - x) * ty - (ly - y) * tx;
    arc(s, p, &n, x, y, a0, cross > 0 ? M_PI : -M_PI);
    p[2 * n] = rx, p[2 * n + 1] = ry, n++;
    polygon(s, p, n);
  }
}

// A dash or subpath of no length: a round cap's disc, or a square cap's
// square along the direction the path was heading.
static void dot(anim_stroker *s, double x, double y) {
  const double h = s->half;
  if (s->cap == ANIM_CAP_ROUND) {
    double p[2 * MOST_POINTS];
    int n = 0;
    double r;
    arc_steps(s, 2 * M_PI, &r);
    p[0] = x + r, p[1] = y, n = 1;
    arc(s, p, &n, x, y, 0, 2 * M_PI);
    polygon(s, p, n);
  } else if (s->cap == ANIM_CAP_SQUARE) {
    const double tx = s->hx, ty = s->hy, nx = -ty, ny = tx;
    const double p[8] = {x + h * (tx + nx), y + h * (ty + ny), x + h * (tx - nx),
                         y + h * (ty - ny), x - h * (tx + nx), y - h * (ty + ny),
                         x - h * (tx - nx), y - h * (ty - ny)};
    polygon(s, p, 4);
  }
}

// What joining two lines at a vertex makes.
typedef struct {
  /// Straight on (no join): b starts at a's end corners.
  int straight;
  /// Whether the lines meet at the inner corner `i` (else at the vertex,
  /// `i`, each ending square there, the join a fan about it).
  int shared;
  /// The inner side: 1 left, −1 right.
  double inner;
  double ix, iy;
  /// a's and b's outer corners, and the points of the join between them
  /// (a miter's tip, a round join's arc).
  double oax, oay, obx, oby;
  int count;
  double points[2 * MOST_POINTS];
} anim_join;

// Joins line `a` (ending at the vertex) to line `b` (starting there): sets
// a's end corners (le, re), b's start corners and b's `used`, and
// describes the join in `j`. `corner`: one of the path's own corners (its
// join style); else a point a curve was cut at (round).
// `bEndUsed`: how far back from b's end its own inner corner lies. Returns
// how far back from a's end its inner corner lies (0 at the vertex).
static double join(anim_stroker *s, const anim_stroke_line *a, double *le, double *re,
                   anim_stroke_line *b, double bEndUsed, int corner, anim_join *j) {
  const double h = s->half;
  const double vx = a->bx, vy = a->by;
  const double ax = a->nx, ay = a->ny, bx = b->nx, by = b->ny;
  // The turn: sin and cos of the angle from a's direction to b's (the
  // normals turn as the directions do).
  const double sine = ax * by - ay * bx;
  const double cosine = ax * bx + ay * by;
  j->count = 0;
  j->straight = fabs(sine) <= 1e-12 && cosine > 0;
  if (j->straight) {
    le[0] = vx + h * ax, le[1] = vy + h * ay;
    re[0] = vx - h * ax, re[1] = vy - h * ay;
    b->lsx = le[0], b->lsy = le[1], b->rsx = re[0], b->rsy = re[1];
    b->used = 0;
    return 0;
  }
  // The inner side: left (+n) when turning towards the left normal.
  const double inner = sine > 0 ? 1 : -1;
  const double outer = -inner;
  j->inner = inner;
  // Where the inner edges cross, how far along each line that lies; room
  // on both lines for it (counting the inner corner already at a's start
  // and at b's end, whichever side they lie).
  const double t = 1 + cosine > 1e-12 ? h * fabs(sine) / (1 + cosine) : INFINITY;
  j->shared = t <= a->length - a->used && t <= b->length - bEndUsed;
  if (j->shared) {
    j->ix = vx + inner * h * (ax + bx) / (1 + cosine);
    j->iy = vy + inner * h * (ay + by) / (1 + cosine);
  } else {
    j->ix = vx, j->iy = vy;
    // The lines' inner sides overlap, and an edge pixel both cover
    // partly is counted twice: tolerable over a few pixels (a dash's stub
    // at a corner, a letter's short side at a sharp corner), not along
    // lines that fold back on each other.
    double reach = a->length < b->length ? a->length : b->length;
    if (t < reach) reach = t;
    if (reach * s->scale > 4) s->overlaps = 1;
  }
  j->oax = vx + outer * h * ax, j->oay = vy + outer * h * ay;
  j->obx = vx + outer * h * bx, j->oby = vy + outer * h * by;
  const double iax = j->shared ? j->ix : vx + inner * h * ax;
  const double iay = j->shared ? j->iy : vy + inner * h * ay;
  const double ibx = j->shared ? j->ix : vx + inner * h * bx;
  const double iby = j->shared ? j->iy : vy + inner * h * by;
  if (inner > 0) {
    le[0] = iax, le[1] = iay, re[0] = j->oax, re[1] = j->oay;
    b->lsx = ibx, b->lsy = iby, b->rsx = j->obx, b->rsy = j->oby;
  } else {
    le[0] = j->oax, le[1] = j->oay, re[0] = iax, re[1] = iay;
    b->lsx = j->obx, b->lsy = j->oby, b->rsx = ibx, b->rsy = iby;
  }
  b->used = j->shared ? t : 0;
  // A point a curve was cut at is joined round, as Cairo joins them (the
  // pen's arc: where it is within the tolerance of the bevel, the bevel).
  const int style = corner ? s->join : ANIM_JOIN_ROUND;
  if (style == ANIM_JOIN_MITER) {
    // Within the limit: 1 / sin(half the angle between the lines) =
    // √(2 / (1 + cos)) ≤ limit.
    if (2 <= s->miterLimit * s->miterLimit * (1 + cosine) && 1 + cosine > 1e-12) {
      j->points[0] = vx + outer * h * (ax + bx) / (1 + cosine);
      j->points[1] = vy + outer * h * (ay + by) / (1 + cosine);
      j->count = 1;
    }
  } else if (style == ANIM_JOIN_ROUND && cosine < s->arcCosine) {
    arc(s, j->points, &j->count, vx, vy, atan2(j->oay - vy, j->oax - vx), atan2(sine, cosine));
  }
  return j->shared ? t : 0;
}

// The join's own polygon: the inner corner (or the vertex), a's outer
// corner, the join's points, b's outer corner.
static void join_polygon(anim_stroker *s, const anim_join *j) {
  double p[2 * MOST_POINTS + 8];
  p[0] = j->ix, p[1] = j->iy, p[2] = j->oax, p[3] = j->oay;
  memcpy(p + 4, j->points, sizeof(double) * 2 * (size_t)j->count);
  p[4 + 2 * j->count] = j->obx, p[5 + 2 * j->count] = j->oby;
  polygon(s, p, j->count + 3);
}

// The strip: the polygon of consecutive lines and the joins between them,
// its left side forward and its right side back; it is added to the
// raster when a piece ends, a line is too short for its join, or it is
// full (cut across the pen where one line starts: an edge the next strip
// starts with).
static void strip_begin(anim_stroker *s, double lx, double ly, double rx, double ry) {
  s->leftCount = s->rightCount = 1;
  s->left[0] = lx, s->left[1] = ly, s->right[0] = rx, s->right[1] = ry;
}

static void strip_add(double *side, int *count, double x, double y) {
  side[2 * *count] = x, side[2 * *count + 1] = y;
  (*count)++;
}

static void strip_emit(anim_stroker *s) {
  double p[4 * ANIM_STROKE_STRIP];
  const int n = s->leftCount, m = s->rightCount;
  memcpy(p, s->left, sizeof(double) * 2 * (size_t)n);
  for (int i = 0; i < m; i++) {
    p[2 * (n + i)] = s->right[2 * (m - 1 - i)];
    p[2 * (n + i) + 1] = s->right[2 * (m - 1 - i) + 1];
  }
  polygon(s, p, n + m);
}

// Ends the strip where its sides end now and starts the next there.
static void strip_cut(anim_stroker *s) {
  strip_emit(s);
  strip_begin(s, s->left[2 * s->leftCount - 2], s->left[2 * s->leftCount - 1],
              s->right[2 * s->rightCount - 2], s->right[2 * s->rightCount - 1]);
}

// Adds a shared join to the strip: its inner corner to the inner side, the
// outer corners and the join's points to the outer side.
static void strip_join(anim_stroker *s, const anim_join *j) {
  if (j->count + 4 > ANIM_STROKE_STRIP - 2) {
    // A round join of a very wide pen: its own polygon between two strips.
    strip_add(j->inner > 0 ? s->left : s->right,
              j->inner > 0 ? &s->leftCount : &s->rightCount, j->ix, j->iy);
    strip_add(j->inner > 0 ? s->right : s->left,
              j->inner > 0 ? &s->rightCount : &s->leftCount, j->oax, j->oay);
    strip_emit(s);
    join_polygon(s, j);
    if (j->inner > 0) {
      strip_begin(s, j->ix, j->iy, j->obx, j->oby);
    } else {
      strip_begin(s, j->obx, j->oby, j->ix, j->iy);
    }
    return;
  }
  if (s->leftCount + j->count + 4 > ANIM_STROKE_STRIP ||
      s->rightCount + j->count + 4 > ANIM_STROKE_STRIP) {
    strip_cut(s);
  }
  double *in = j->inner > 0 ? s->left : s->right, *out = j->inner > 0 ? s->right : s->left;
  int *inCount = j->inner > 0 ? &s->leftCount : &s->rightCount;
  int *outCount = j->inner > 0 ? &s->rightCount : &s->leftCount;
  strip_add(in, inCount, j->ix, j->iy);
  strip_add(out, outCount, j->oax, j->oay);
  for (int k = 0; k < j->count; k++) {
    strip_add(out, outCount, j->points[2 * k], j->points[2 * k + 1]);
  }
  strip_add(out, outCount, j->obx, j->oby);
}

// A join between the strip's last line `a` and the next line: added to the
// strip, or, where a line is too short for it, the strip ended square at
// the vertex (a's end corners `le`, `re`), the join's fan added, and a new
// strip started at b's start.
static void strip_vertex(anim_stroker *s, const anim_join *j, const double *le, const double *re,
                         const anim_stroke_line *b) {
  if (j->straight) return;
  if (j->shared) {
    strip_join(s, j);
    return;
  }
  strip_add(s->left, &s->leftCount, le[0], le[1]);
  strip_add(s->right, &s->rightCount, re[0], re[1]);
  strip_emit(s);
  join_polygon(s, j);
  strip_begin(s, b->lsx, b->lsy, b->rsx, b->rsy);
}

// The normal (nx, ny) of the curve's direction (tx, ty) at an end of line
// `l`, where it leans from the line's by less than 45° (a curve within
// the tolerance of one line may turn any way at its ends; the line's own
// normal is kept then).
static void square_to_curve(const anim_stroke_line *l, double tx, double ty, double *nx,
                            double *ny) {
  const double dx = l->ny, dy = -l->nx;  // the line's direction
  if (tx * dx + ty * dy > M_SQRT1_2) *nx = -ty, *ny = tx;
}

static void piece_start(anim_stroker *s, double x, double y) {
  s->pieceOpen = 1;
  s->runCount = s->runNext = s->beforeCount = s->olderCount = 0;
  s->seam = s->firstBefore = s->againstCount = s->headCount = s->cut = 0;
  s->px = x, s->py = y;
  s->lines = 0;
  s->corner = 0;
}

static void piece_to(anim_stroker *s, double x, double y, int corner) {
  const double fx = s->lines ? s->last.bx : s->px, fy = s->lines ? s->last.by : s->py;
  s->corner |= corner;
  const double dx = x - fx, dy = y - fy;
  const double length = hypot(dx, dy);
  if (!(length > 0) || !isfinite(length)) return;
  anim_stroke_line l;
  l.ax = fx, l.ay = fy, l.bx = x, l.by = y, l.length = length;
  l.nx = -dy / length, l.ny = dx / length;
  s->hx = dx / length, s->hy = dy / length;
  const double h = s->half;
  if (s->lines == 0) {
    double nx = l.nx, ny = l.ny;
    if (s->startCurve && fx == s->startX && fy == s->startY) square_to_curve(&l, s->stx, s->sty, &nx, &ny);
    l.lsx = fx + h * nx, l.lsy = fy + h * ny;
    l.rsx = fx - h * nx, l.rsy = fy - h * ny;
    l.used = 0;
    s->first = l;
    s->last = l;
    s->lines = 1;
    s->corner = 0;
    return;
  }
  double le[2], re[2];
  anim_join j;
  const double used = join(s, &s->last, le, re, &l, 0, s->seam ? 0 : s->corner, &j);
  s->corner = s->seam = 0;
  const double q[8] = {s->last.lsx, s->last.lsy, le[0], le[1], re[0], re[1], s->last.rsx, s->last.rsy};
  line_ended(s, q);
  if (!j.straight && !j.shared) run_cut(s);
  if (s->lines == 1) {
    // The first line's polygon waits for the piece's end (a closed piece's
    // last join moves its start); the strip starts at its end, then takes
    // the join as any other (the corners it repeats add edges of no length).
    s->firstEndUsed = used;
    s->firstEnd[0] = le[0], s->firstEnd[1] = le[1], s->firstEnd[2] = re[0], s->firstEnd[3] = re[1];
    strip_begin(s, le[0], le[1], re[0], re[1]);
  }
  strip_vertex(s, &j, le, re, &l);
  s->last = l;
  s->lines++;
}

// A ring's last join whose lines overlap: the lines since the piece's last
// such join (the run, the last line included) against its first lines,
// each pair once (not a line with itself, nor a pair taken off already);
// the first line's polygon as it ends up, `first`.
static void ring_overlaps(anim_stroker *s, const anim_stroke_quad *first) {
  // From the last line back and the first on, while they overlap.
  for (int i = s->runCount - 1; i >= 0; i--) {
    const anim_stroke_quad *x = run_at(s, i);
    int any = 0;
    for (int k = 0; k < s->headCount; k++) {
      const anim_stroke_quad *y = k == 0 ? first : &s->head[k];
      const int index = s->head[k].index;
      if (index + 1 >= x->index) break;
      if (index >= x->checkedFrom && index <= x->checkedTo) continue;
      if (!take_off(s, x, y)) break;
      any = 1;
    }
    if (!any && i < s->runCount - 1) break;
  }
}

// A ring's last join whose lines do not overlap: the run since the piece's
// last join whose lines do goes on into its first lines, which are
// checked against the lines before that join as the run's were, up to
// the first that overlaps none of them (each pair once).
static void ring_wrap(anim_stroker *s, const anim_stroke_quad *first) {
  for (int k = 0; k < s->headCount && s->beforeCount; k++) {
    const anim_stroke_quad *y = k == 0 ? first : &s->head[k];
    const int index = s->head[k].index;
    int any = 0;
    for (int i = 0; i < s->beforeCount; i++) {
      const anim_stroke_quad *x = &s->before[i];
      // Each pair once (the lines before the join may be first lines
      // too), not neighbours (their lines meet at a shared edge), not one
      // taken off already.
      if (x->index <= index + 1) continue;
      if (index >= x->checkedFrom && index <= x->checkedTo) continue;
      any |= take_off(s, x, y);
    }
    if (!any) break;
  }
}

static void piece_end(anim_stroker *s, int closed) {
  if (!s->pieceOpen) return;
  s->pieceOpen = 0;
  const double h = s->half;
  if (s->lines == 0) {
    dot(s, s->px, s->py);
    return;
  }
  anim_stroke_line *first = &s->first, *last = &s->last;
  if (closed && s->lines >= 2) {
    // The last line joined to the first at the start: the strip ends at
    // the first line's new start, whose polygon then closes the ring.
    double le[2], re[2];
    anim_join j;
    anim_stroke_line restarted = *first;
    join(s, last, le, re, &restarted, s->firstEndUsed, 1, &j);
    const double q[8] = {last->lsx, last->lsy, le[0], le[1], re[0], re[1], last->rsx, last->rsy};
    line_ended(s, q);
    // The first line's polygon as it ends up: the overlaps taken off with
    // it as it began are put back and taken off again; then this join's
    // overlaps (the last lines with the first, or the run carried on into
    // the first lines).
    const double f[8] = {restarted.lsx, restarted.lsy, s->firstEnd[0], s->firstEnd[1],
                         s->firstEnd[2], s->firstEnd[3], restarted.rsx, restarted.rsy};
    const double b[8] = {first->lsx, first->lsy, s->firstEnd[0], s->firstEnd[1],
                         s->firstEnd[2], s->firstEnd[3], first->rsx, first->rsy};
    const anim_stroke_quad ended = quad_of(f);
    if (memcmp(f, b, sizeof f) != 0) {
      const anim_stroke_quad began = quad_of(b);
      for (int i = 0; i < s->againstCount; i++) {
        add_overlap(s, &began, &s->againstFirst[i], 1);
        take_off(s, &ended, &s->againstFirst[i]);
      }
    }
    if (!j.straight && !j.shared) {
      ring_overlaps(s, &ended);
    } else if (s->cut) {
      ring_wrap(s, &ended);
    }
    if (j.straight || !j.shared) {
      strip_add(s->left, &s->leftCount, le[0], le[1]);
      strip_add(s->right, &s->rightCount, re[0], re[1]);
      strip_emit(s);
      if (!j.straight) join_polygon(s, &j);
    } else {
      strip_join(s, &j);
      strip_emit(s);
    }
    line_polygon(s, &restarted, s->firstEnd[0], s->firstEnd[1], s->firstEnd[2], s->firstEnd[3]);
    return;
  }
  // Open: square ends (to the curve, where one ends here), then the caps.
  double nx = last->nx, ny = last->ny;
  if (s->endCurve && last->bx == s->endX && last->by == s->endY) {
    square_to_curve(last, s->etx, s->ety, &nx, &ny);
  }
  const double lex = last->bx + h * nx, ley = last->by + h * ny;
  const double rex = last->bx - h * nx, rey = last->by - h * ny;
  const double ux = ny, uy = -nx;
  cap(s, last->bx, last->by, lex, ley, rex, rey, ux, uy);
  const double q[8] = {last->lsx, last->lsy, lex, ley, rex, rey, last->rsx, last->rsy};
  line_ended(s, q);
  if (s->lines == 1) {
    line_polygon(s, last, lex, ley, rex, rey);
  } else {
    strip_add(s->left, &s->leftCount, lex, ley);
    strip_add(s->right, &s->rightCount, rex, rey);
    strip_emit(s);
    line_polygon(s, first, s->firstEnd[0], s->firstEnd[1], s->firstEnd[2], s->firstEnd[3]);
  }
  // Backwards: the start's own normal (its corners' difference) turned.
  const double sx = first->lsx - first->rsx, sy = first->lsy - first->rsy;
  const double sl = hypot(sx, sy);
  const double fx = sl > 0 ? sy / sl : (first->bx - first->ax) / first->length;
  const double fy = sl > 0 ? -sx / sl : (first->by - first->ay) / first->length;
  cap(s, first->ax, first->ay, first->lsx, first->lsy, first->rsx, first->rsy, -fx, -fy);
}

// The dash the subpath starts in: the phase taken into the pattern, each
// dash passed turning drawing on or off (so an odd count repeats with the
// roles swapped, as SVG and Cairo read it).
static void dash_reset(anim_stroker *s) {
  double phase = fmod(s->dashPhase, s->dashTotal);
  if (!isfinite(phase)) phase = 0;
  if (phase < 0) phase += s->dashTotal;
  int i = 0, on = 1;
  // The phase is below the total, so this ends within two rounds.
  for (int k = 0; k < 2 * s->dashCount && phase > 0 && phase >= s->dashes[i]; k++) {
    phase -= s->dashes[i];
    i = (i + 1) % s->dashCount;
    on = !on;
  }
  s->dashIndex = i;
  s->dashLeft = s->dashes[i] - phase;
  s->dashOn = on;
}

static void dash_next(anim_stroker *s) {
  s->dashIndex = (s->dashIndex + 1) % s->dashCount;
  s->dashLeft = s->dashes[s->dashIndex];
  s->dashOn = !s->dashOn;
}

static void subpath_start(anim_stroker *s, double x, double y, int closed) {
  s->open = 1;
  s->sx = s->cx = x, s->sy = s->cy = y;
  s->hx = 1, s->hy = 0;
  s->skipping = 0;
  s->firstDash = 0;
  s->wrapping = 0;
  if (s->dashes) {
    dash_reset(s);
    if (s->dashOn && closed && s->dashLeft > 0) {
      // A closed subpath's first dash is drawn last, on from the last one
      // when that runs to the start (the two are one dash, joined there).
      s->skipping = 1;
      s->firstDash = s->dashLeft;
    } else if (s->dashOn) {
      piece_start(s, x, y);
    }
  } else {
    piece_start(s, x, y);
  }
}

// A line of the subpath to (x, y), dashed; `corner` as for `piece_to`.
static void subpath_to(anim_stroker *s, double x, double y, int corner) {
  const double fx = s->cx, fy = s->cy;
  s->cx = x, s->cy = y;
  if (s->wrapping) {
    // Drawing the first dash again from the start (``anim_stroke_wrap``):
    // up to its length, or all the way round when it is the whole path.
    if (s->wrapping == 3) return;
    const double dx = x - fx, dy = y - fy;
    const double length = hypot(dx, dy);
    if (!(length > 0) || !isfinite(length)) {
      s->corner |= corner;
      return;
    }
    if (s->wrapping == 2 || length < s->wrapLeft) {
      s->wrapLeft -= length;
      piece_to(s, x, y, corner);
      return;
    }
    const double k = s->wrapLeft / length;
    piece_to(s, fx + dx * k, fy + dy * k, corner);
    piece_end(s, 0);
    s->wrapping = 3;
    return;
  }
  if (!s->dashes) {
    piece_to(s, x, y, corner);
    return;
  }
  const double dx = x - fx, dy = y - fy;
  const double length = hypot(dx, dy);
  if (!(length > 0) || !isfinite(length)) {
    s->corner |= corner;
    return;
  }
  s->hx = dx / length, s->hy = dy / length;
  double done = 0;
  for (;;) {
    const double rest = length - done;
    const int drawing = s->dashOn && !s->skipping;
    if (s->dashLeft >= rest && rest > 0) {
      // The dash goes on past the line's end (or ends just there: then
      // the next line, or the start of a ring, ends it).
      s->dashLeft -= rest;
      if (drawing) piece_to(s, x, y, corner);
      return;
    }
    done += s->dashLeft;
    const double px = fx + dx * (done / length), py = fy + dy * (done / length);
    if (drawing) {
      piece_to(s, px, py, corner);
      piece_end(s, 0);
    } else if (!s->dashOn) {
      piece_start(s, px, py);
    }
    s->skipping = 0;
    corner = 0;
    dash_next(s);
  }
}

static void subpath_end(anim_stroker *s, int closed) {
  if (!s->open) return;
  s->open = 0;
  if (s->wrapping) {
    // The first dash drawn all the way round (the whole path, closed), or
    // up to its length.
    if (s->wrapping == 2) piece_end(s, 1);
    if (s->wrapping == 1) piece_end(s, 0);
    s->wrapping = 0;
    s->pieceOpen = 0;
    return;
  }
  if (s->dashes) {
    // The last dash, open at the end (a closed subpath's first dash, when
    // it needs drawing, is drawn by ``anim_stroke_wrap``'s walk).
    if (s->dashOn && !s->skipping) piece_end(s, 0);
    s->pieceOpen = 0;
    return;
  }
  piece_end(s, closed);
}

void anim_stroke_begin(anim_stroker *s, anim_raster *raster, const double m[6], double width,
                       int cap, int join, double miterLimit, double tolerance,
                       const double *dashes, int count, double phase) {
  // Everything before the arrays (a stroker is some 26 KB, reused).
  memset(s, 0, offsetof(anim_stroker, left));
  s->raster = raster;
  s->xx = m[0], s->yx = m[1], s->xy = m[2], s->yy = m[3], s->x0 = m[4], s->y0 = m[5];
  s->half = width / 2;
  const double sx = hypot(s->xx, s->yx), sy = hypot(s->xy, s->yy);
  s->scale = sx > sy ? sx : sy;
  s->cap = cap;
  s->join = join;
  s->miterLimit = miterLimit;
  s->tolerance = tolerance > 0 ? tolerance : 0.1;
  // The arc's chords within the tolerance of the pen's circle.
  s->arcStep = s->tolerance < s->half ? 2 * acos(1 - s->tolerance / s->half) : M_PI / 2;
  if (!(s->arcStep > 0)) s->arcStep = M_PI / 2;
  s->arcCosine = cos(s->arcStep);
  double total = 0;
  int valid = dashes != NULL && count > 0;
  for (int i = 0; valid && i < count; i++) {
    if (!(dashes[i] >= 0) || !isfinite(dashes[i])) valid = 0;
    total += dashes[i];
  }
  if (valid && total > 0 && isfinite(total)) {
    s->dashes = dashes;
    s->dashCount = count;
    s->dashTotal = total;
    s->dashPhase = phase;
  }
}

void anim_stroke_move_to(anim_stroker *s, double x, double y, int closed) {
  if (!closed && s->open && s->pieceOpen && !s->dashes && s->cap == ANIM_CAP_ROUND &&
      x == s->cx && y == s->cy) {
    s->seam = 1;
    return;
  }
  subpath_end(s, 0);
  s->startCurve = s->endCurve = 0;
  subpath_start(s, x, y, closed);
}

void anim_stroke_line_to(anim_stroker *s, double x, double y) {
  s->startCurve = s->endCurve = 0;
  if (!s->open) subpath_start(s, s->cx, s->cy, 0);
  subpath_to(s, x, y, 1);
}

// The unit direction of the first of (x1, y1), (x2, y2), (x3, y3) that is
// not 0 into (tx, ty); 0 when all are.
static int direction(double x1, double y1, double x2, double y2, double x3, double y3, double *tx,
                     double *ty) {
  const double xs[3] = {x1, x2, x3}, ys[3] = {y1, y2, y3};
  for (int i = 0; i < 3; i++) {
    const double l = hypot(xs[i], ys[i]);
    if (l > 0 && isfinite(l)) {
      *tx = xs[i] / l, *ty = ys[i] / l;
      return 1;
    }
  }
  return 0;
}

void anim_stroke_curve_to(anim_stroker *s, double bx, double by, double cx, double cy,
                          double dx, double dy) {
  if (bx == s->cx && by == s->cy && cx == dx && cy == dy) {
    // Controls on the ends (a Lottie vertex without tangents): a line,
    // whose direction at either end is its own.
    anim_stroke_line_to(s, dx, dy);
    return;
  }
  if (!s->open) subpath_start(s, s->cx, s->cy, 0);
  const double ax = s->cx, ay = s->cy;
  s->startCurve = direction(bx - ax, by - ay, cx - ax, cy - ay, dx - ax, dy - ay, &s->stx, &s->sty);
  s->startX = ax, s->startY = ay;
  s->endCurve = 0;
  // As anim_raster_cubic: steps of the parameter whose chords stay within
  // the tolerance.
  const double d1x = ax - 2 * bx + cx, d1y = ay - 2 * by + cy;
  const double d2x = bx - 2 * cx + dx, d2y = by - 2 * cy + dy;
  const double d1 = d1x * d1x + d1y * d1y, d2 = d2x * d2x + d2y * d2y;
  const double dd = sqrt(d1 > d2 ? d1 : d2);
  double steps = ceil(sqrt(0.75 * dd / s->tolerance));
  if (!(steps >= 1)) steps = 1;
  if (steps > 4096) steps = 4096;
  const int n = (int)steps;
  for (int i = 1; i < n; i++) {
    const double t = (double)i / n, u = 1 - t;
    const double b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t;
    subpath_to(s, b0 * ax + b1 * bx + b2 * cx + b3 * dx, b0 * ay + b1 * by + b2 * cy + b3 * dy,
               i == 1);
    s->startCurve = 0;
  }
  subpath_to(s, dx, dy, n == 1);
  s->startCurve = 0;
  s->endCurve = direction(dx - cx, dy - cy, dx - bx, dy - by, dx - ax, dy - ay, &s->etx, &s->ety);
  s->endX = dx, s->endY = dy;
}

void anim_stroke_close(anim_stroker *s) {
  if (!s->open) return;
  if (s->cx != s->sx || s->cy != s->sy) subpath_to(s, s->sx, s->sy, 1);
  s->corner = 1;
  if (s->dashes && s->firstDash > 0) {
    // The first dash is still to draw: the subpath stays open for
    // ``anim_stroke_wrap``'s second walk.
    s->cx = s->sx, s->cy = s->sy;
    return;
  }
  subpath_end(s, 1);
  s->cx = s->sx, s->cy = s->sy;
}

int anim_stroke_wrap(anim_stroker *s) {
  if (!s->open || !s->dashes || s->firstDash <= 0) return 0;
  s->wrapLeft = s->firstDash;
  if (s->skipping) {
    // One dash the whole way round.
    piece_start(s, s->sx, s->sy);
    s->wrapping = 2;
  } else {
    // The last dash, if it runs to the start, goes on into the first.
    if (!(s->dashOn && s->pieceOpen)) piece_start(s, s->sx, s->sy);
    s->corner = 1;
    s->wrapping = 1;
  }
  s->skipping = 0;
  return 1;
}

void anim_stroke_end(anim_stroker *s) { subpath_end(s, 0); }
