// zlib's inflate and crc32 through a table of pointers typed by zlib.h's own
// declarations (see CairoFunctions.c). Unlike the other wrappers, no function
// takes zlib's own name: the static Swift runtime may carry zlib symbols of
// its own, so anim's are anim_-prefixed and call through the table.
#include "CZlib.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "CLibraryLoader.h"

#define ZLIB_FUNCTIONS(F, V)                                                            \
  F(int, inflateInit2_, (z_streamp s, int bits, const char *version, int size),          \
    (s, bits, version, size))                                                           \
  F(int, inflate, (z_streamp s, int flush), (s, flush))                                 \
  F(int, inflateEnd, (z_streamp s), (s))                                                \
  F(int, deflateInit2_,                                                                 \
    (z_streamp s, int level, int method, int bits, int memory, int strategy,            \
     const char *version, int size),                                                    \
    (s, level, method, bits, memory, strategy, version, size))                          \
  F(int, deflate, (z_streamp s, int flush), (s, flush))                                 \
  F(uLong, deflateBound, (z_streamp s, uLong length), (s, length))                      \
  F(int, deflateEnd, (z_streamp s), (s))                                                \
  F(uLong, crc32, (uLong crc, const Bytef *buf, uInt len), (crc, buf, len))

static struct {
  ZLIB_FUNCTIONS(ANIM_FIELD, ANIM_VOID_FIELD)
} functions;

static const char *const names[] = {ZLIB_FUNCTIONS(ANIM_NAME, ANIM_VOID_NAME)};

static anim_library library = ANIM_LIBRARY("libz.so.1", "zlib1g", names, functions);

const char *anim_zlib_load(void) { return anim_library_load(&library); }

void anim_zlib_require(void) { anim_library_require(&library); }

anim_inflate_result anim_inflate_raw(const uint8_t *in, size_t inLength, uint8_t *out,
                                     size_t outLength) {
  if (anim_zlib_load() != NULL) return ANIM_INFLATE_FAILED;
  z_stream s;
  memset(&s, 0, sizeof s);
  // -15: a raw deflate stream with a 32 KiB window, as ZIP stores it.
  if (functions.inflateInit2_(&s, -15, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) {
    return ANIM_INFLATE_FAILED;
  }
  // One byte of room past the end tells a stream that goes on from one
  // that ends there.
  uint8_t spare;
  size_t inLeft = inLength, outLeft = outLength;
  const uint8_t *next = in;
  uint8_t *to = out;
  anim_inflate_result result = ANIM_INFLATE_TOO_SHORT;
  for (;;) {
    const uInt inChunk = inLeft > UINT_MAX ? UINT_MAX : (uInt)inLeft;
    const int past = outLeft == 0;
    const uInt outChunk = past ? 1 : outLeft > UINT_MAX ? UINT_MAX : (uInt)outLeft;
    s.next_in = (Bytef *)next;
    s.avail_in = inChunk;
    s.next_out = past ? &spare : to;
    s.avail_out = outChunk;
    const int status = functions.inflate(&s, Z_NO_FLUSH);
    const size_t read = inChunk - s.avail_in, written = outChunk - s.avail_out;
    next += read;
    inLeft -= read;
    if (past && written > 0) {
      result = ANIM_INFLATE_TOO_LONG;
      break;
    }
    if (!past) {
      to += written;
      outLeft -= written;
    }
    if (status == Z_STREAM_END) {
      result = outLeft == 0 ? ANIM_INFLATE_DONE : ANIM_INFLATE_TOO_SHORT;
      break;
    }
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_STREAM_ERROR) {
      result = ANIM_INFLATE_BAD_DATA;
      break;
    }
    if (status == Z_MEM_ERROR) {
      result = ANIM_INFLATE_FAILED;
      break;
    }
    // Z_OK or Z_BUF_ERROR: no progress possible means the input ran out.
    if (read == 0 && written == 0) {
      result = ANIM_INFLATE_TOO_SHORT;
      break;
    }
  }
  functions.inflateEnd(&s);
  return result;
}

uint8_t *anim_deflate_raw(const uint8_t *in, size_t inLength, size_t *outLength) {
  *outLength = 0;
  if (anim_zlib_load() != NULL || inLength > UINT_MAX / 2) return NULL;
  z_stream s;
  memset(&s, 0, sizeof s);
  if (functions.deflateInit2_(&s, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                              (int)sizeof(z_stream)) != Z_OK) {
    return NULL;
  }
  // deflateBound: room for the whole stream, so one call finishes it.
  const uLong bound = functions.deflateBound(&s, (uLong)inLength);
  uint8_t *out = malloc(bound > 0 ? bound : 1);
  if (out == NULL) {
    functions.deflateEnd(&s);
    return NULL;
  }
  s.next_in = (Bytef *)in;
  s.avail_in = (uInt)inLength;
  s.next_out = out;
  s.avail_out = (uInt)bound;
  const int status = functions.deflate(&s, Z_FINISH);
  *outLength = bound - s.avail_out;
  functions.deflateEnd(&s);
  if (status != Z_STREAM_END) {
    free(out);
    *outLength = 0;
    return NULL;
  }
  return out;
}

void anim_deflate_free(uint8_t *bytes) { free(bytes); }

uint32_t anim_crc32(const uint8_t *bytes, size_t length) {
  if (anim_zlib_load() != NULL) return 0;
  uLong crc = functions.crc32(0, Z_NULL, 0);
  while (length > 0) {
    const uInt chunk = length > UINT_MAX ? UINT_MAX : (uInt)length;
    crc = functions.crc32(crc, bytes, chunk);
    bytes += chunk;
    length -= chunk;
  }
  return (uint32_t)crc;
}
