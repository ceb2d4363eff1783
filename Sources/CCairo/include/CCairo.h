// Cairo's image surfaces and paths (Debian libcairo2), opened on first use.
// The declarations are cairo.h's (libcairo2-dev); the functions anim calls
// are defined in CairoFunctions.c and forward to the library once loaded.
#ifndef ANIM_CCAIRO_H
#define ANIM_CCAIRO_H

#include <cairo/cairo.h>

/// Loads libcairo.so.2 (once; thread-safe). NULL when it is ready, else why
/// it cannot be loaded.
const char *anim_cairo_load(void);

#endif
