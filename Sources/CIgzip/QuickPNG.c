// PNG files written quickly: the chunks around one IDAT whose rows igzip
// compresses at its level 0 (PNG's own format: the signature, IHDR, IDAT and
// IEND, each with its CRC-32; the rows unfiltered, as libpng's fast setting
// leaves them).
//
// Level 0, not 1: inside anim's render, igzip's level 1 (stateful or
// stateless) now and then chose other matches for the same rows, about one
// frame in 2 000 (valid files, but not the same bytes from run to run); a
// C program calling it on the same rows always got the same bytes, and
// level 0 gave the same bytes in 48 renders of 2 101 frames. Level 0 is as
// fast here and writes files some 20 % larger than level 1.
#include "CIgzip.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <string.h>

static void put32(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24);
  at[1] = (uint8_t)(value >> 16);
  at[2] = (uint8_t)(value >> 8);
  at[3] = (uint8_t)value;
}

/// The CRC-32 of a chunk at `chunk` (its length, type and `length` bytes of
/// data), written after it; the bytes the chunk takes in all.
static size_t seal(uint8_t *chunk, uint32_t length) {
  put32(chunk, length);
  put32(chunk + 8 + length, crc32_gzip_refl(0, chunk + 4, (uint64_t)length + 4));
  return (size_t)length + 12;
}

size_t anim_png_quick_bound(uint32_t width, uint32_t height) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFU || height > 0x7FFFFFFFU) return 0;
  uint64_t row = (uint64_t)width * 4 + 1;
  if (row > UINT64_MAX / height) return 0;
  uint64_t rows = row * height;
  // Stored blocks take 5 bytes for each 65 535, the zlib stream 6 more: an
  // eighth to spare, and the 57 bytes of the chunks around them.
  if (rows > (UINT64_MAX - 4096) / 9 * 8) return 0;
  uint64_t bound = rows + rows / 8 + 4096;
  return bound > SIZE_MAX ? 0 : (size_t)bound;
}

size_t anim_png_quick(
    const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, uint8_t *out,
    size_t capacity) {
  size_t bound = anim_png_quick_bound(width, height);
  // The IDAT's data must fit its 31-bit length.
  size_t rowBytes = (size_t)width * 4;
  if (bound == 0 || capacity < 64 || rowBytes >= UINT32_MAX) return 0;
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  memcpy(out, signature, 8);
  uint8_t *header = out + 8;
  memcpy(header + 4, "IHDR", 4);
  put32(header + 8, width);
  put32(header + 12, height);
  // 8 bits, RGBA, deflate, no filtering method beyond PNG's own, no interlace.
  const uint8_t kind[5] = {8, 6, 0, 0, 0};
  memcpy(header + 16, kind, 5);
  size_t at = 8 + seal(header, 13);

  uint8_t *idat = out + at;
  memcpy(idat + 4, "IDAT", 4);
  size_t room = capacity - at - 8 - 4 - 12;  // its length, type and CRC; IEND
  if (room > 0x7FFFFFFFU) room = 0x7FFFFFFFU;

  struct isal_zstream *stream = calloc(1, sizeof *stream);
  // Rows go to igzip some 64 KB at a time, each after its filter byte.
  size_t rowsPerChunk = (65536 + rowBytes) / (rowBytes + 1);
  // Zeroed with room to spare, as the stream is: whatever igzip reads is
  // the same from run to run.
  uint8_t *chunk = calloc(rowsPerChunk * (rowBytes + 1) + 64, 1);
  size_t written = 0;
  if (stream && chunk) {
    isal_deflate_init(stream);
    stream->level = 0;
    stream->gzip_flag = IGZIP_ZLIB;
    stream->flush = NO_FLUSH;
    stream->next_out = idat + 8;
    stream->avail_out = (uint32_t)room;
    int ok = 1;
    for (uint32_t y = 0; y < height && ok;) {
      size_t filled = 0;
      for (size_t k = 0; k < rowsPerChunk && y < height; k++, y++) {
        chunk[filled] = 0;  // filter type None
        memcpy(chunk + filled + 1, rgba + (size_t)y * stride, rowBytes);
        filled += rowBytes + 1;
      }
      stream->next_in = chunk;
      stream->avail_in = (uint32_t)filled;
      stream->end_of_stream = y == height;
      while (ok && (stream->avail_in > 0 || (stream->end_of_stream &&
                                             stream->internal_state.state != ZSTATE_END))) {
        uint32_t in = stream->avail_in, left = stream->avail_out;
        int state = stream->internal_state.state;
        if (isal_deflate(stream) != COMP_OK || stream->avail_out == 0) ok = 0;
        // No progress at all would loop for ever: stop instead.
        if (in == stream->avail_in && left == stream->avail_out &&
            state == stream->internal_state.state)
          ok = 0;
      }
    }
    if (ok) {
      uint32_t length = (uint32_t)(room - stream->avail_out);
      at += seal(idat, length);
      uint8_t *end = out + at;
      memcpy(end + 4, "IEND", 4);
      at += seal(end, 0);
      written = at;
    }
  }
  free(chunk);
  free(stream);
  return written;
}
