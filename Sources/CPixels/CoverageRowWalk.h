// The walk along one row of coverage cells that finishes a fill
// (CoverageRaster.c's `finish`): included there twice, as `finish_row_as`
// for any processor and as `finish_row_as_avx2` with AVX2, each with its
// own ROW_SKIP, the way on to the next cell that is not 0, and ROW_SPAN,
// how a run is blended when blending (the AVX2 one inline). Both visit the
// same cells in the same order and do the same arithmetic, so they write
// the same runs.
// Row `row`'s touched cells first…end − 1 read in order and cleared: the
// prefix sum changes only at a cell that is not 0, so the empty cells
// between (skipped eight at a time) are runs of one coverage. The last
// coverage runs on to the window's last pixel, px1 − 1 (0 for a closed
// path, but for what rounding leaves); cells from px1 on are past the
// pixels and only cleared. `plain`, a constant where it is called, when
// the row has no clip: its runs are then written in place. `blend`, a
// constant too: the runs are blended into the target instead of stored.
static inline __attribute__((always_inline)) ROW_TARGET void ROW_NAME(float *row, uint8_t *m,
                                                                     int first, int end,
                                                                     int px1, clip_row *c,
                                                                     int plain, int blend) {
  const int stop = end < px1 ? end : px1;
  float s = 0;
  int v = 0;
  int x = first;
  while (x < stop) {
    const int from = x;
    // On to the next cell that is not 0 (nor −0), or to `stop`.
    ROW_SKIP(row, x, stop);
    if (v && x > from) put(m, from, x, v, c, plain, blend, ROW_SPAN);
    if (x >= stop) break;
    s += row[x];
    row[x] = 0;
    v = coverage_of(s);
    if (v) put(m, x, x + 1, v, c, plain, blend, ROW_SPAN);
    x++;
  }
  for (x = first > stop ? first : stop; x < end; x++) row[x] = 0;
  if (v && stop < px1) put(m, stop, px1, v, c, plain, blend, ROW_SPAN);
  if (!blend) wrote_all(c);
}

