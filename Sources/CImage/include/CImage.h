// Images for image views (SPEC §21.4): JPEG through libjpeg-turbo's
// TurboJPEG API (Debian libturbojpeg0) and SVG through librsvg (Debian
// librsvg2-2), each opened on first use like Cairo, so a script without
// images never loads them (W6). PNG is read with libpng (CPNG).
//
// This header declares anim's own small interface, not the libraries': the
// Swift side sees plain numbers and never includes turbojpeg.h or rsvg.h.
#ifndef ANIM_CIMAGE_H
#define ANIM_CIMAGE_H

#include <stddef.h>
#include <stdint.h>

/// Loads libturbojpeg (once; thread-safe). NULL when it is ready, else why not.
const char *anim_jpeg_load(void);

/// Reads a JPEG's header: its size in pixels. Returns 0 and writes
/// `width` and `height`, or -1 with the decoder's reason in `error`.
int anim_jpeg_size(const uint8_t *bytes, size_t count, int *width, int *height, char *error,
                   size_t errorSize);

/// Decodes a JPEG into straight 8-bit RGBA (`width` × `height` × 4 bytes at
/// `rgba`, the size `anim_jpeg_size` gave). Returns 0, or -1 with the
/// decoder's reason in `error` (a warning, such as a file cut short, is an
/// error too: nothing half-decoded is drawn).
int anim_jpeg_decode(const uint8_t *bytes, size_t count, uint8_t *rgba, int width, int height,
                     char *error, size_t errorSize);

/// Loads librsvg (once; thread-safe). NULL when it is ready, else why not.
const char *anim_svg_load(void);

/// An SVG document parsed by librsvg.
typedef struct anim_svg anim_svg;

/// Parses an SVG document. NULL when librsvg cannot read it; `error` then
/// says why.
anim_svg *anim_svg_open(const uint8_t *bytes, size_t count, char *error, size_t errorSize);

/// The document's own size in CSS pixels (96 per inch): its width and
/// height, else its viewBox's. Returns 0, or -1 when it has neither (a
/// percentage size and no viewBox).
int anim_svg_size(anim_svg *svg, double *width, double *height);

/// Draws the document as vectors into `cairo` (a cairo_t *) at its own
/// size, filling (0, 0, its width, its height) of the context's user space
/// (the caller scales the context to stretch it). Returns 0, or -1 with
/// librsvg's reason in `error`.
int anim_svg_render(anim_svg *svg, void *cairo, char *error, size_t errorSize);

/// Frees the document.
void anim_svg_close(anim_svg *svg);

#endif
