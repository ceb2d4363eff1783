// libpng's simplified API (Debian libpng16-16), opened on first use: PNG
// files written and read as straight 8-bit RGBA. The declarations are
// png.h's (libpng-dev); the functions anim calls are defined in
// PNGFunctions.c and forward to the library once loaded.
#ifndef ANIM_CPNG_H
#define ANIM_CPNG_H

#include <png.h>

/// Loads libpng16.so.16 (once; thread-safe). NULL when it is ready, else why
/// it cannot be loaded.
const char *anim_png_load(void);

#endif
