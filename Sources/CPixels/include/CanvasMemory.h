// The memory of a canvas's doubles (AnimRender's `CairoCanvas`): 32 bytes a
// pixel, 8 MiB at 512 × 512, which every blend and the conversion read. On
// the processor's 2 MiB pages (transparent huge pages, which Debian gives to
// memory that asks with madvise) a frame's passes over it miss the address
// cache far less: 5 % of the processor time of an imported Lottie's render
// at 512 × 512 (BENCHMARKS.md).
#ifndef ANIM_CANVAS_MEMORY_H
#define ANIM_CANVAS_MEMORY_H

#include <stddef.h>

/// Memory for `count` doubles, not initialised; from 2 MiB on, aligned to
/// 2 MiB and advised to the kernel as huge pages. NULL when there is not
/// enough. Released with `free`.
double *anim_canvas_allocate(size_t count);

#endif
