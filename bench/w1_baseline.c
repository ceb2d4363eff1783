/*
 * W1 blink grid computed directly, as a baseline for `anim bench`.
 *
 * The workload (bench/w1_blink_grid.anim):
 *   grid tiles(cols: 100, rows: 100, size: 10)
 *   blink = fade(out, 1) + fade(in, 1)
 *   run stagger(tiles, blink * 100, sort: default, total: 1)
 * stepped frame by frame at 60 fps; frame k is at exactly k / 60.
 *
 * Tile i (row-major) starts at offset_i = 1 * (i / 9999.0), which is how
 * anim rescales `total:` (steps[i] / last step, times total). Its alpha at
 * time t follows SPEC 6.3: before the start it keeps its value 1; play
 * k = floor(u / 2) of 100 (u = t - offset_i) fades out over its first second
 * (1 - u') and in over its second (u' - 1); after 200 s the end value holds.
 *
 * The scene is kept as anim kept it when this baseline was written: 12
 * doubles per view, one record after another (x, y, width, height, alpha,
 * rotation, scaleX, scaleY, then four colour channels), view 0 being the
 * scene's own `view` (0, 0, 100 x 100, alpha 1), then the tiles. (anim now
 * keeps 39 numbers per view, in blocks of 64 views slot by slot:
 * `RecordLayout`; the baseline is left as it was, so that figures over
 * time compare with the same peer.)
 *
 * The checksum is anim's: after every frame, for every view in order, the
 * view's x + y + width + height + alpha + rotation + scaleX + scaleY (left to
 * right) is added to the frame's sum, and the frame's sum to the checksum.
 * Built with -ffp-contract=off so that no addition is fused.
 *
 * Usage: w1_baseline [--frames N] [--fps F] [--frame-sums]
 * Prints `key: value` lines with the keys `anim bench` uses; its `property
 * updates` counts the alphas written by tiles that have started (anim's clock
 * keeps its own count, so compare stepping times, not updates per second).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { COLS = 100, ROWS = 100, TILES = COLS * ROWS, VIEWS = TILES + 1, WIDTH = 12 };
enum { PLAYS = 100 };
static const double SIZE = 10.0, FADE = 1.0, TOTAL = 1.0;

/* anim's test for "this instant has been reached": start <= t + 1e-12 *
 * max(1, |t|), because times built by adding offsets differ in the last bits
 * from the same instant reached by stepping. `limit` is the right-hand side,
 * computed once per frame (t >= 0 here). */
static double reach_limit(double t) { return t + 1e-12 * (t > 1 ? t : 1); }

/* The alpha of a tile that started at `offset`, at time t (whose reach limit
 * is `limit`), or -1 while it has not started (it then writes nothing and
 * the view keeps its value). The arithmetic is anim's, operation for
 * operation: play k starts at offset + k * 2 and its fade in at that + 1;
 * a fade from a to b at local time v is a + (b - a) * (v / 1). */
static inline double alpha_at(double offset, double t, double limit) {
  if (!(offset <= limit)) return -1;
  double u = t - offset;
  /* floor(u / 2): u > -1e-12 here, and truncation gives 0 for a start
   * reached within the tolerance, as clamping floor's -1 to 0 would. */
  double play = (double)(long)(u * 0.5);
  if (play >= PLAYS) return 1.0; /* the end value of the last fade in */
  double start = offset + play * (2 * FADE);
  double in_start = start + FADE;
  if (in_start <= limit) {
    double v = t - in_start;
    if (v >= FADE || in_start + FADE <= limit) return 1.0;
    return 0.0 + (1.0 - 0.0) * (v > 0 ? v : 0) / FADE;
  }
  double v = t - start;
  if (v >= FADE || start + FADE <= limit) return 0.0;
  return 1.0 + (0.0 - 1.0) * (v > 0 ? v : 0) / FADE;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double thread_cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_seconds(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/* The mean cost, in seconds, that the clock reads add to one frame's wall
 * and processor brackets, from empty brackets; subtracted as anim does. */
static void bracket_overhead(double *wall, double *cpu) {
  enum { SAMPLES = 2000 };
  double w = 0, c = 0;
  for (int i = 0; i < SAMPLES; i++) {
    double c0 = thread_cpu_seconds();
    double t0 = now_seconds();
    double t1 = now_seconds();
    c += thread_cpu_seconds() - c0;
    w += t1 - t0;
  }
  *wall = w / SAMPLES;
  *cpu = c / SAMPLES;
}

static double frame_sum(const double *v) {
  double sum = 0;
  for (int view = 0; view < VIEWS; view++) {
    const double *p = v + view * WIDTH;
    sum += p[0] + p[1] + p[2] + p[3] + p[4] + p[5] + p[6] + p[7];
  }
  return sum;
}

int main(int argc, char **argv) {
  long frames = 600;
  double fps = 60;
  int print_frame_sums = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atol(argv[++i]);
    else if (!strcmp(argv[i], "--fps") && i + 1 < argc) fps = atof(argv[++i]);
    else if (!strcmp(argv[i], "--frame-sums")) print_frame_sums = 1;
    else { fprintf(stderr, "usage: %s [--frames N] [--fps F] [--frame-sums]\n", argv[0]); return 64; }
  }

  static double scene[VIEWS * WIDTH];
  static double offset[TILES];
  double *view = scene; /* the scene's own `view` */
  view[2] = view[3] = 100; view[4] = 1; view[6] = view[7] = 1;
  view[8] = view[9] = view[10] = view[11] = 1; /* white */
  for (int i = 0; i < TILES; i++) {
    double *p = scene + (i + 1) * WIDTH;
    int r = i / COLS, c = i % COLS;
    p[0] = (c + 0.5) * SIZE + c * 0.0;
    p[1] = (r + 0.5) * SIZE + r * 0.0;
    p[2] = p[3] = SIZE;
    p[4] = 1;
    p[6] = p[7] = 1;
    p[8] = p[9] = p[10] = p[11] = 1; /* white */
    offset[i] = TOTAL * ((double)i / (double)(TILES - 1));
  }

  double stepping = 0, stepping_cpu = 0, summing = 0, checksum = 0;
  long updates = 0;
  double overhead_wall, overhead_cpu;
  bracket_overhead(&overhead_wall, &overhead_cpu);
  double loop_start = now_seconds(), cpu_start = cpu_seconds();
  for (long k = 1; k <= frames; k++) {
    double t = (double)k / fps;
    double c0 = thread_cpu_seconds();
    double t0 = now_seconds();
    double limit = reach_limit(t);
    for (int i = 0; i < TILES; i++) {
      double a = alpha_at(offset[i], t, limit);
      if (a >= 0) { scene[(i + 1) * WIDTH + 4] = a; updates++; }
    }
    double t1 = now_seconds();
    stepping_cpu += thread_cpu_seconds() - c0;
    double sum = frame_sum(scene);
    checksum += sum;
    summing += now_seconds() - t1;
    stepping += t1 - t0;
    if (print_frame_sums) printf("frame %ld: %.17g\n", k, sum);
  }

  double loop_wall = now_seconds() - loop_start, loop_cpu = cpu_seconds() - cpu_start;
  stepping = stepping - overhead_wall * frames > 0 ? stepping - overhead_wall * frames : 0;
  stepping_cpu = stepping_cpu - overhead_cpu * frames > 0 ? stepping_cpu - overhead_cpu * frames : 0;
  printf("frames: %ld\n", frames);
  printf("views: %d\n", VIEWS);
  printf("property updates: %ld\n", updates);
  printf("stepping time: %.6f s\n", stepping);
  printf("updates per second: %.4g\n", stepping > 0 ? updates / stepping : 0);
  printf("ns per update: %.3f\n", updates > 0 ? stepping * 1e9 / updates : 0);
  printf("ns per frame: %.1f\n", frames > 0 ? stepping * 1e9 / frames : 0);
  printf("stepping cpu time: %.6f s\n", stepping_cpu);
  printf("updates per cpu second: %.4g\n", stepping_cpu > 0 ? updates / stepping_cpu : 0);
  printf("timer overhead per frame: %.1f ns wall, %.1f ns cpu (subtracted above)\n", overhead_wall * 1e9, overhead_cpu * 1e9);
  printf("checksum time: %.6f s\n", summing);
  printf("loop wall time: %.6f s\n", loop_wall);
  printf("loop cpu time: %.6f s\n", loop_cpu);
  printf("loop cpu share: %.2f\n", loop_wall > 0 ? loop_cpu / loop_wall : 0);
  printf("checksum: %.17g\n", checksum);
  return 0;
}
