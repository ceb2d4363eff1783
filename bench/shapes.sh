#!/usr/bin/env bash
# The shapes benchmark of BENCHMARKS.md ("Shapes", issue 21): 2 500 stroked
# stars drawing their stroke on and off (trimEnd) rendered as 600 frames at
# 1000 × 1000 beside the same grid of filled rects running the same motion,
# and both exported to Lottie.
#
#   bench/shapes.sh                      build (release, .build-bench) and measure
#   BENCH_SKIP_BUILD=1 bench/shapes.sh   reuse the last release build
#
# The frames go to bench/preamble.sh's stand-in `ffmpeg`, which only reads
# the pipe, so what is timed is anim: running the script, drawing,
# converting and writing the frames. Times are processor times (GNU time's
# user + sys), steady when other work shares the machine; wall times too.
source "$(dirname "$0")/preamble.sh"
python3 bench/gen_shapes.py "$OUT"

for s in s1_rects s1_stars; do
  echo "== $s: 600 frames at 1000 x 1000 to .mp4, the pipe read and dropped"
  ANIM_RENDER_STATS=1 PATH=$FAKE_PATH /usr/bin/time -f "$s render: wall %e s, cpu %U + %S s, peak %M KB" \
    "$ANIM" render "$OUT/$s.anim" -o "$OUT/$s.mp4" --size 1000x1000 --to 9.99 --quiet
done
for s in s1_rects s1_stars; do
  echo "== $s: export to Lottie (600 frames)"
  /usr/bin/time -f "$s export: wall %e s, cpu %U + %S s, peak %M KB" \
    "$ANIM" export "$OUT/$s.anim" -o "$OUT/$s.json" --to 9.99
  ls -l "$OUT/$s.json" | awk '{print "'"$s"'.json: " $5 " bytes"}'
done
