// The libpng functions anim calls, each forwarding to libpng16.so.16 through
// a table of pointers typed by png.h's own declarations (see CairoFunctions.c).
#include "CPNG.h"

#include "CLibraryLoader.h"

#define HIDDEN __attribute__((visibility("hidden")))

// F(return type, name, parameters, arguments); V for functions returning void.
#define PNG_FUNCTIONS(F, V)                                                                  \
  F(int, png_image_write_to_memory,                                                          \
    (png_imagep i, void *memory, png_alloc_size_t *size, int convert, const void *buffer,    \
     png_int_32 stride, const void *colormap),                                               \
    (i, memory, size, convert, buffer, stride, colormap))                                    \
  F(int, png_image_begin_read_from_file, (png_imagep i, const char *file), (i, file))        \
  F(int, png_image_finish_read,                                                              \
    (png_imagep i, png_const_colorp background, void *buffer, png_int_32 stride,             \
     void *colormap),                                                                        \
    (i, background, buffer, stride, colormap))                                               \
  V(png_image_free, (png_imagep i), (i))

#define FIELD(type, name, parameters, arguments) __typeof__(name) *name;
#define VOID_FIELD(name, parameters, arguments) __typeof__(name) *name;
static struct {
  PNG_FUNCTIONS(FIELD, VOID_FIELD)
} functions;

#define NAME(type, name, parameters, arguments) #name,
#define VOID_NAME(name, parameters, arguments) #name,
static const char *const names[] = {PNG_FUNCTIONS(NAME, VOID_NAME)};

static anim_library png = ANIM_LIBRARY("libpng16.so.16", "libpng16-16", names, functions);

const char *anim_png_load(void) { return anim_library_load(&png); }

#define FORWARD(type, name, parameters, arguments) \
  HIDDEN type name parameters {                    \
    anim_library_require(&png);                    \
    return functions.name arguments;               \
  }
#define VOID_FORWARD(name, parameters, arguments) \
  HIDDEN void name parameters {                   \
    anim_library_require(&png);                   \
    functions.name arguments;                     \
  }
PNG_FUNCTIONS(FORWARD, VOID_FORWARD)
