#!/usr/bin/env bash
# The text benchmark of BENCHMARKS.md ("Text", issue 23): a paragraph of
# 2 000 letters revealed one by one (each letter a child view with its own
# staggered fade and lift) beside 2 000 rects running the same stagger:
# stepped 600 frames (`anim bench`) and rendered as 600 frames at
# 1000 × 1000 into the stand-in ffmpeg of bench/preamble.sh.
#
#   bench/text.sh                      build (release, .build-bench) and measure
#   BENCH_SKIP_BUILD=1 bench/text.sh   reuse the last release build
#
# Times are processor times (GNU time's user + sys), steadier than wall
# times when other work shares the machine; wall times are printed too.
source "$(dirname "$0")/preamble.sh"
python3 bench/gen_text.py "$OUT"

for s in t1_rects t1_letters; do
  echo "== $s: the script, then 600 frames stepped"
  /usr/bin/time -f "$s bench: wall %e s, cpu %U + %S s, peak %M KB" \
    "$ANIM" bench "$OUT/$s.anim" --frames 600 | grep -E '^(views|stepping|ns per update)'
done
for s in t1_rects t1_letters; do
  echo "== $s: 600 frames at 1000 x 1000 to .mp4, the pipe read and dropped"
  ANIM_RENDER_STATS=1 PATH=$FAKE_PATH /usr/bin/time -f "$s render: wall %e s, cpu %U + %S s, peak %M KB" \
    "$ANIM" render "$OUT/$s.anim" -o "$OUT/$s.mp4" --size 1000x1000 --to 9.99 --quiet
done
