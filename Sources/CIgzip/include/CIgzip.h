// ISA-L's igzip (Debian libisal2; the declarations are libisal-dev's),
// opened on first use: a DEFLATE encoder several times faster than zlib's
// fastest level, which writes the PNG files of a frame sequence.
#ifndef ANIM_CIGZIP_H
#define ANIM_CIGZIP_H

#include <stddef.h>
#include <stdint.h>

/// Loads libisal.so.2 (once; thread-safe). NULL when it is ready, else why
/// it cannot be loaded.
const char *anim_igzip_load(void);

/// The most bytes `anim_png_quick` writes for a `width × height` image: the
/// PNG's chunks around its rows stored uncompressed, with room to spare. 0
/// when that does not fit a size_t or the image is too large for PNG.
size_t anim_png_quick_bound(uint32_t width, uint32_t height);

/// Encodes `height` rows of `width` straight RGBA pixels (`stride` bytes
/// from one row to the next) as a PNG file (8 bits a channel, no
/// filtering, no interlacing, one IDAT chunk compressed by igzip at its
/// level 0) into `out` (`capacity` bytes). Returns the bytes written, or 0
/// when `out` is too small, memory ran out or igzip failed. The library
/// must be loaded (`anim_igzip_load`).
size_t anim_png_quick(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, uint8_t *out,
    size_t capacity);

#endif
