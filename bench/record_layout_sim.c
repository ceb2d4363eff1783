/*
 * W1's frame loop in C, on three layouts of the scene, to tell how much of
 * anim's W1 time is where its records lie (BENCHMARKS.md, "The scene as
 * data": the record in blocks).
 *
 * Like anim's stepper it reads a 56-byte segment per track each frame (next
 * start, start, end limit, 1 / duration, a, b, the slot, the kind), writes
 * one number (the alpha, slot 4) per view, then, outside the timing, reads
 * the eight numbers of every view that `anim bench`'s checksum reads.
 *
 *   record_layout_sim W B   W doubles per view; B = 0: one record after
 *                           another; B > 0: blocks of B views, slot by slot
 *
 *   cc -O2 -o bench/out/record_layout_sim bench/record_layout_sim.c
 *   for c in "12 0" "39 0" "39 8" "39 64"; do bench/out/record_layout_sim $c; done
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TILES = 10000, VIEWS = TILES + 1, FRAMES = 6000 };

typedef struct {
  double next_start, start, end_limit, inv_duration, a, b;
  int slot;
  unsigned char kind, alike;
} Segment;

static int W, B;

static long index_of(long view, long slot) {
  return B ? (view / B) * (B * W) + slot * B + view % B : view * W + slot;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s WIDTH BLOCK\n", argv[0]);
    return 64;
  }
  W = atoi(argv[1]);
  B = atoi(argv[2]);
  if (W < 8 || B < 0) {
    fprintf(stderr, "%s: WIDTH must be at least 8 and BLOCK at least 0\n", argv[0]);
    return 64;
  }
  long doubles = B ? (VIEWS + B - 1) / B * B * W : (long)VIEWS * W;
  double *scene = aligned_alloc(64, (sizeof(double) * doubles + 63) / 64 * 64);
  Segment *segments = aligned_alloc(64, sizeof(Segment) * TILES);
  if (!scene || !segments) return 71;
  for (long v = 0; v < VIEWS; v++)
    for (int s = 0; s < W; s++) scene[index_of(v, s)] = s == 4 ? 1 : 0.5;
  for (int i = 0; i < TILES; i++) {
    Segment *h = &segments[i];
    memset(h, 0, sizeof *h);
    h->next_start = 1e300;
    h->start = i / 9999.0;
    h->end_limit = 1e300;
    h->inv_duration = 1;
    h->a = 1;
    h->kind = 1;
    h->slot = (int)index_of(i + 1, 4);
  }
  double stepping = 0, sum = 0;
  for (int k = 1; k <= FRAMES; k++) {
    double t = (k % 60) / 60.0, limit = t + 1e-12;
    double c0 = cpu_seconds();
    for (int i = 0; i < TILES; i++) {
      Segment *h = &segments[i];
      if (h->next_start <= limit) abort();
      if (h->kind == 0) continue;
      double value;
      if (t >= h->end_limit) {
        value = h->b;
      } else {
        double p = t - h->start;
        value = h->a + (h->b - h->a) * ((p > 0 ? p : 0) * h->inv_duration);
      }
      scene[h->slot] = value;
    }
    stepping += cpu_seconds() - c0;
    for (long v = 0; v < VIEWS; v++) {
      double s = 0;
      for (int j = 0; j < 8; j++) s += scene[index_of(v, j)];
      sum += s;
    }
  }
  printf("width %d, block %d: stepping cpu time %.1f ms for %d frames (sum %.17g)\n", W, B,
         stepping * 1e3, FRAMES, sum);
  return 0;
}
