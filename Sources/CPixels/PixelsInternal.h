// What the pixel loops of this target share: the source-over of one pixel
// and whether the processor runs their AVX2 versions.
#ifndef ANIM_PIXELS_INTERNAL_H
#define ANIM_PIXELS_INTERNAL_H

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define ANIM_HAS_AVX2_PATH 1
/// Whether this processor runs the AVX2 loops (asked once, Pixels.c).
int anim_cpu_has_avx2(void);
#endif

// Each product and sum rounded on its own, as Swift computes them.
#pragma STDC FP_CONTRACT OFF

/// A pixel of premultiplied (r, g, b, a) over `o`, source-over, as the
/// canvas's `over`: an opaque colour is stored, the pixel below not read.
static inline void over_one(double *o, double r, double g, double b, double a) {
  if (a == 1) {
    o[0] = r, o[1] = g, o[2] = b, o[3] = 1;
    return;
  }
  const double keep = 1 - a;
  o[0] = r + o[0] * keep;
  o[1] = g + o[1] * keep;
  o[2] = b + o[2] * keep;
  o[3] = a + o[3] * keep;
}

#endif
