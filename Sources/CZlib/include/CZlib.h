// zlib (Debian zlib1g; headers from zlib1g-dev), opened on first use: the
// raw deflate streams and CRC-32s of a ZIP archive's entries (a dotLottie
// file, SPEC §25). The declarations are zlib.h's; the functions anim calls
// are defined in ZlibFunctions.c and call the library once it is loaded.
#ifndef ANIM_CZLIB_H
#define ANIM_CZLIB_H

#include <stddef.h>
#include <stdint.h>

/// Loads libz.so.1 (once; thread-safe). NULL when it is ready, else why it
/// cannot be loaded.
const char *anim_zlib_load(void);

/// Loads libz.so.1, or says on stderr which package to install and exits
/// with 69 (a library anim needs is missing), as every wrapper does.
void anim_zlib_require(void);

/// What `anim_inflate_raw` found.
typedef enum {
  /// The stream ended having written exactly `outLength` bytes.
  ANIM_INFLATE_DONE = 0,
  /// The data is not a valid deflate stream.
  ANIM_INFLATE_BAD_DATA = 1,
  /// The stream would write more than `outLength` bytes.
  ANIM_INFLATE_TOO_LONG = 2,
  /// The stream ended, or its input ran out, before `outLength` bytes.
  ANIM_INFLATE_TOO_SHORT = 3,
  /// zlib could not be had (see `anim_zlib_load`) or had no memory.
  ANIM_INFLATE_FAILED = 4,
} anim_inflate_result;

/// Inflates the raw deflate stream `in` (no zlib or gzip header) into
/// `out`, which must end up exactly full: never more than `outLength`
/// bytes are written, whatever the stream claims (an archive's declared
/// size bounds its memory, a zip bomb included).
anim_inflate_result anim_inflate_raw(const uint8_t *in, size_t inLength, uint8_t *out,
                                     size_t outLength);

/// Deflates `inLength` bytes at `in` into a raw deflate stream (level 9, no
/// zlib header, as ZIP stores it) in a buffer it allocates with malloc, its
/// length in `outLength`; NULL when zlib or the memory cannot be had. The
/// caller frees it with `anim_deflate_free`.
uint8_t *anim_deflate_raw(const uint8_t *in, size_t inLength, size_t *outLength);

/// Frees what `anim_deflate_raw` returned.
void anim_deflate_free(uint8_t *bytes);

/// The CRC-32 (ISO 3309, as ZIP uses it) of `length` bytes at `bytes`.
uint32_t anim_crc32(const uint8_t *bytes, size_t length);

#endif
