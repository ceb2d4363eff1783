// The frame's conversion to 8 bits, a pixel an instruction where the
// processor has AVX2, else two channels an instruction (SSE2, which every
// x86-64 processor has; elsewhere a channel at a time): the same bytes.
// AnimRender's canvas blends in doubles and converts each changed pixel once
// a frame: a tenth of drawing an imported Lottie.
#ifndef ANIM_CPIXELS_H
#define ANIM_CPIXELS_H

#include <stdint.h>

#include "CanvasMemory.h"
#include "CoverageRaster.h"
#include "GradientRows.h"
#include "StrokeRaster.h"

/// Converts `count` premultiplied pixels at `pixels` (r, g, b, a doubles,
/// 0…1) into straight RGBA at `out`, four bytes a pixel in memory order. A
/// pixel of alpha ≥ 1 is taken as opaque (alpha 1, colour not divided); of
/// alpha in (0, 1), its colour divided by it; else (0 or less, NaN) all 0.
/// Each channel is clamped to 0…1 (NaN as 0), times 255, plus ½, truncated:
/// AnimRender's `CairoCanvas.packed`, byte for byte.
void anim_convert_pixels(const double *pixels, uint32_t *out, long count);

/// `anim_convert_pixels` without the AVX2 loop: the SSE2 (or portable) one
/// a processor without AVX2 runs, so that tests compare the two.
void anim_convert_pixels_baseline(const double *pixels, uint32_t *out, long count);

/// `anim_convert_pixels`, then each pixel read set to `background` (four
/// doubles): the next frame's clearing done while the pixels are in the
/// cache, instead of a pass of its own over them.
void anim_convert_clearing(double *pixels, uint32_t *out, long count, const double *background);

/// Blends the colour (r, g, b) at opacity `a` (straight) over the `count`
/// pixels at `pixels` (premultiplied doubles, source-over) through the
/// coverage bytes at `cells`: a cell c ≠ 0 blends (r, g, b)·α, α with
/// α = a · c / 255 (a itself where c is 255); an opaque colour is
/// stored, the pixel below not read. Each cell used is set to 0 when
/// `clearing`. Eight pixels at once where their cells are all 0, or all 255
/// under an opaque colour. A pixel's four channels go in one AVX2 register
/// where the processor has it: the same products and sums, the same bits.
void anim_blend_row(double *pixels, uint8_t *cells, long count, double r, double g, double b,
                    double a, int clearing);

/// `anim_blend_row` without the AVX2 loop, so that tests compare the two.
void anim_blend_row_baseline(double *pixels, uint8_t *cells, long count, double r, double g,
                             double b, double a, int clearing);

/// Blends the colour (r, g, b) at opacity `a` over the `count` pixels at
/// `pixels` through one coverage byte `c` (1…255), as `anim_blend_row`
/// blends a cell of c: (r, g, b)·α, α with α = a · c / 255 (a itself where
/// c is 255), stored where α is 1. The same bits with AVX2 and without.
void anim_blend_span(double *pixels, long count, double r, double g, double b, double a, int c);

/// `anim_blend_span` without the AVX2 loop, so that tests compare the two.
void anim_blend_span_baseline(double *pixels, long count, double r, double g, double b, double a,
                              int c);

#endif
