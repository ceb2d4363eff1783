// Cairo's image surfaces and paths (Debian libcairo2), opened on first use.
// The declarations are cairo.h's (libcairo2-dev); the functions anim calls
// are defined in CairoFunctions.c and forward to the library once loaded.
#ifndef ANIM_CCAIRO_H
#define ANIM_CCAIRO_H

#include <cairo/cairo.h>

/// Loads libcairo.so.2 (once; thread-safe). NULL when it is ready, else why
/// it cannot be loaded.
const char *anim_cairo_load(void);

/// Asks the processor to bring the cache line holding `p` near, to be
/// written (a hint: it neither waits nor faults). The canvas's composite
/// fetches the frame's next rows with it (AnimRender's CairoCanvas+Spans).
static inline void anim_prefetch(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
