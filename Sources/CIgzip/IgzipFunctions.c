// The igzip functions anim calls, each forwarding to libisal.so.2 through a
// table of pointers typed by the library's own declarations (see
// CairoFunctions.c).
#include "CIgzip.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

#include "CLibraryLoader.h"

// F(return type, name, parameters, arguments); V for functions returning void.
#define IGZIP_FUNCTIONS(F, V)                                                           \
  V(isal_deflate_init, (struct isal_zstream * stream), (stream))                        \
  F(int, isal_deflate, (struct isal_zstream * stream), (stream))                        \
  F(uint32_t, crc32_gzip_refl, (uint32_t crc, const unsigned char *buffer, uint64_t length), \
    (crc, buffer, length))

static struct {
  IGZIP_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} functions;

static const char *const names[] = {IGZIP_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};

static anim_library library = ANIM_LIBRARY("libisal.so.2", "libisal2", names, functions);

const char *anim_igzip_load(void) { return anim_library_load(&library); }

IGZIP_FUNCTIONS(ANIM_FORWARD, ANIM_VOID_FORWARD)
