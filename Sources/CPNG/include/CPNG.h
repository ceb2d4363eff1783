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

/// png.h's bound on the bytes `image` (its size and format set) can encode
/// to, whatever the compression achieves: a buffer this large is written
/// in one pass (asking libpng for the size first compresses the image
/// twice). 0 for a side past 524 287 pixels, where the bound's arithmetic
/// might overflow.
static inline png_alloc_size_t anim_png_size_max(png_image image) {
  if (image.width > 0x7FFFFU || image.height > 0x7FFFFU) return 0;
  return PNG_IMAGE_PNG_SIZE_MAX(image);
}

#endif
