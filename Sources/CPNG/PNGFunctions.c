// The libpng functions anim calls, each forwarding to libpng16.so.16 through
// a table of pointers typed by png.h's own declarations (see CairoFunctions.c).
#include "CPNG.h"

#include "CLibraryLoader.h"

// F(return type, name, parameters, arguments); V for functions returning void.
#define PNG_FUNCTIONS(F, V)                                                                  \
  F(int, png_image_write_to_memory,                                                          \
    (png_imagep i, void *memory, png_alloc_size_t *size, int convert, const void *buffer,    \
     png_int_32 stride, const void *colormap),                                               \
    (i, memory, size, convert, buffer, stride, colormap))                                    \
  F(int, png_image_begin_read_from_file, (png_imagep i, const char *file), (i, file))        \
  F(int, png_image_begin_read_from_memory, (png_imagep i, png_const_voidp memory, size_t size), \
    (i, memory, size))                                                                       \
  F(int, png_image_finish_read,                                                              \
    (png_imagep i, png_const_colorp background, void *buffer, png_int_32 stride,             \
     void *colormap),                                                                        \
    (i, background, buffer, stride, colormap))                                               \
  V(png_image_free, (png_imagep i), (i))

static struct {
  PNG_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} functions;

static const char *const names[] = {PNG_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};

static anim_library library = ANIM_LIBRARY("libpng16.so.16", "libpng16-16", names, functions);

const char *anim_png_load(void) { return anim_library_load(&library); }

PNG_FUNCTIONS(ANIM_FORWARD, ANIM_VOID_FORWARD)
