// libturbojpeg and librsvg through tables of pointers typed by each
// library's own header (see CLibraryLoader.h), and the few operations anim
// needs from them. As in CText, no function here takes a library's own
// name: every call goes through its table (tj., rsvg.), filled by
// anim_jpeg_load or anim_svg_load before any other call.
#include "CImage.h"

#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

#include "CLibraryLoader.h"

// --------------------------------------------------------------- TurboJPEG
#define TURBOJPEG_FUNCTIONS(F, V)                                                       \
  F(tjhandle, tjInitDecompress, (void), ())                                             \
  F(int, tjDecompressHeader3,                                                           \
    (tjhandle h, const unsigned char *j, unsigned long n, int *w, int *ht, int *s, int *c), \
    (h, j, n, w, ht, s, c))                                                             \
  F(int, tjDecompress2,                                                                 \
    (tjhandle h, const unsigned char *j, unsigned long n, unsigned char *b, int w, int p, \
     int ht, int f, int flags),                                                         \
    (h, j, n, b, w, p, ht, f, flags))                                                   \
  F(char *, tjGetErrorStr2, (tjhandle h), (h))                                          \
  F(int, tjDestroy, (tjhandle h), (h))

static struct {
  TURBOJPEG_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} tj;
static const char *const turbojpegNames[] = {TURBOJPEG_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library turbojpegLibrary =
    ANIM_LIBRARY("libturbojpeg.so.0", "libturbojpeg0", turbojpegNames, tj);

const char *anim_jpeg_load(void) { return anim_library_load(&turbojpegLibrary); }

static void copy_error(char *error, size_t errorSize, const char *text) {
  if (errorSize > 0) snprintf(error, errorSize, "%s", text ? text : "unknown error");
}

int anim_jpeg_size(const uint8_t *bytes, size_t count, int *width, int *height, char *error,
                   size_t errorSize) {
  tjhandle h = tj.tjInitDecompress();
  if (h == NULL) {
    copy_error(error, errorSize, "cannot start the JPEG decoder");
    return -1;
  }
  int subsampling = 0, colorspace = 0;
  int status = tj.tjDecompressHeader3(h, bytes, (unsigned long)count, width, height, &subsampling,
                                      &colorspace);
  if (status != 0) copy_error(error, errorSize, tj.tjGetErrorStr2(h));
  tj.tjDestroy(h);
  return status == 0 ? 0 : -1;
}

int anim_jpeg_decode(const uint8_t *bytes, size_t count, uint8_t *rgba, int width, int height,
                     char *error, size_t errorSize) {
  tjhandle h = tj.tjInitDecompress();
  if (h == NULL) {
    copy_error(error, errorSize, "cannot start the JPEG decoder");
    return -1;
  }
  // TJFLAG_STOPONWARNING: a warning (data cut short, a bad marker) stops
  // the decoder and is reported, rather than drawing grey where data is missing.
  int status = tj.tjDecompress2(h, bytes, (unsigned long)count, rgba, width, width * 4, height,
                                TJPF_RGBA, TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING);
  if (status != 0) copy_error(error, errorSize, tj.tjGetErrorStr2(h));
  tj.tjDestroy(h);
  return status == 0 ? 0 : -1;
}

// ------------------------------------------------------------------- librsvg
// g_object_unref and g_error_free are GLib's, found through librsvg's own
// dependencies (dlsym searches them too).
#define RSVG_FUNCTIONS(F, V)                                                                  \
  F(RsvgHandle *, rsvg_handle_new_from_data, (const guint8 *d, gsize n, GError **e), (d, n, e)) \
  V(rsvg_handle_set_dpi, (RsvgHandle * h, double dpi), (h, dpi))                              \
  F(gboolean, rsvg_handle_get_intrinsic_size_in_pixels, (RsvgHandle * h, gdouble * w, gdouble * ht), \
    (h, w, ht))                                                                               \
  V(rsvg_handle_get_intrinsic_dimensions,                                                     \
    (RsvgHandle * h, gboolean * hw, RsvgLength * w, gboolean * hh, RsvgLength * ht,           \
     gboolean * hv, RsvgRectangle * v),                                                       \
    (h, hw, w, hh, ht, hv, v))                                                                \
  F(gboolean, rsvg_handle_render_document,                                                    \
    (RsvgHandle * h, cairo_t * cr, const RsvgRectangle *v, GError **e), (h, cr, v, e))        \
  V(g_object_unref, (gpointer o), (o))                                                        \
  V(g_error_free, (GError * e), (e))

static struct {
  RSVG_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} rsvg;
static const char *const rsvgNames[] = {RSVG_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};
static anim_library rsvgLibrary = ANIM_LIBRARY("librsvg-2.so.2", "librsvg2-2", rsvgNames, rsvg);

const char *anim_svg_load(void) { return anim_library_load(&rsvgLibrary); }

struct anim_svg {
  RsvgHandle *handle;
  double width, height;
};

static void take_error(GError *e, char *error, size_t errorSize, const char *otherwise) {
  copy_error(error, errorSize, e && e->message ? e->message : otherwise);
  if (e) rsvg.g_error_free(e);
}

anim_svg *anim_svg_open(const uint8_t *bytes, size_t count, char *error, size_t errorSize) {
  GError *e = NULL;
  RsvgHandle *handle = rsvg.rsvg_handle_new_from_data(bytes, count, &e);
  if (handle == NULL) {
    take_error(e, error, errorSize, "librsvg cannot read it");
    return NULL;
  }
  if (e) rsvg.g_error_free(e);
  // CSS pixels: 96 per inch, so width="1in" is 96 points, as in a browser.
  rsvg.rsvg_handle_set_dpi(handle, 96);
  anim_svg *svg = calloc(1, sizeof *svg);
  if (svg == NULL) {
    rsvg.g_object_unref(handle);
    copy_error(error, errorSize, "out of memory");
    return NULL;
  }
  svg->handle = handle;
  double w = 0, h = 0;
  if (rsvg.rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h)) {
    svg->width = w;
    svg->height = h;
  } else {
    // A percentage width or height (or none): the viewBox's size.
    gboolean hasWidth = 0, hasHeight = 0, hasViewBox = 0;
    RsvgLength lw, lh;
    RsvgRectangle box = {0, 0, 0, 0};
    rsvg.rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lw, &hasHeight, &lh, &hasViewBox,
                                              &box);
    if (hasViewBox) {
      svg->width = box.width;
      svg->height = box.height;
    } else {
      svg->width = -1;
      svg->height = -1;
    }
  }
  return svg;
}

int anim_svg_size(anim_svg *svg, double *width, double *height) {
  *width = svg->width;
  *height = svg->height;
  return svg->width >= 0 && svg->height >= 0 ? 0 : -1;
}

int anim_svg_render(anim_svg *svg, void *cairo, char *error, size_t errorSize) {
  if (svg->width <= 0 || svg->height <= 0) return 0;
  // The document laid out at its own size; the caller's matrix stretches
  // it, as an <image> with preserveAspectRatio="none" stretches an SVG.
  RsvgRectangle viewport = {0, 0, svg->width, svg->height};
  GError *e = NULL;
  if (!rsvg.rsvg_handle_render_document(svg->handle, cairo, &viewport, &e)) {
    take_error(e, error, errorSize, "librsvg cannot draw it");
    return -1;
  }
  if (e) rsvg.g_error_free(e);
  return 0;
}

void anim_svg_close(anim_svg *svg) {
  if (svg == NULL) return;
  if (svg->handle) rsvg.g_object_unref(svg->handle);
  free(svg);
}
