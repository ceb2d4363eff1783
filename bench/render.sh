#!/usr/bin/env bash
# The rendering benchmarks of BENCHMARKS.md ("Rendering"): W1's grid drawn at
# 1000 × 1000, W1 rendered to MP4 (600 frames) beside ffmpeg encoding the same
# raw frames alone, and memory against the number of frames.
#
#   bench/render.sh                 build (release, .build-bench) and measure
#   BENCH_SKIP_BUILD=1 bench/render.sh   reuse the last release build
#   BENCH_SKIP_MEMORY=1 bench/render.sh  stop before the memory runs
#
# anim's own share is measured with a stand-in `ffmpeg` (bench/out/fake) that
# only reads the pipe: what remains is running the script twice, drawing,
# converting and writing the frames. The stand-in also keeps the raw frames
# (2.4 GB, in /dev/shm) and ffmpeg's exact arguments, so the real ffmpeg can
# then encode the same frames alone. Times are processor times (GNU time's
# user + sys, and anim's ANIM_RENDER_STATS lines), which stay meaningful when
# other work shares the machine; wall times are printed too.
source "$(dirname "$0")/preamble.sh"
W1=bench/w1_blink_grid.anim
RAW=/dev/shm/anim-w1.raw

echo "== anim alone: W1, 600 frames at 1000 x 1000 to .mp4, the pipe read and dropped"
ANIM_RENDER_STATS=1 PATH=$FAKE_PATH /usr/bin/time -f 'anim alone: wall %e s, cpu %U + %S s, peak %M KB' \
  "$ANIM" render "$W1" -o "$OUT/w1.mp4" --size 1000x1000 --to 9.99 --quiet

echo "== the same raw frames kept for ffmpeg alone"
FAKE_FFMPEG_ARGS="$OUT/w1_ffmpeg_args.txt" FAKE_FFMPEG_RAW=$RAW PATH=$FAKE_PATH \
  "$ANIM" render "$W1" -o "$OUT/w1.mp4" --size 1000x1000 --to 9.99 --quiet
mapfile -t ARGS < "$OUT/w1_ffmpeg_args.txt"
for i in "${!ARGS[@]}"; do [[ ${ARGS[$i]} == - ]] && ARGS[$i]=$RAW; done
ARGS[$((${#ARGS[@]} - 1))]=$OUT/w1_ffmpeg_alone.mp4
echo "ffmpeg ${ARGS[*]}"
/usr/bin/time -f 'ffmpeg alone: wall %e s, cpu %U + %S s, peak %M KB' ffmpeg "${ARGS[@]}"
rm -f "$RAW"

echo "== the whole render (anim and ffmpeg together)"
ANIM_RENDER_STATS=1 /usr/bin/time -f 'anim + ffmpeg: wall %e s, cpu %U + %S s (both processes)' \
  "$ANIM" render "$W1" -o "$OUT/w1.mp4" --size 1000x1000 --to 9.99 --quiet
ffprobe -v error -count_frames -show_entries stream=nb_read_frames,r_frame_rate -of csv "$OUT/w1.mp4"

[[ -n "${BENCH_SKIP_MEMORY:-}" ]] && exit 0
echo "== memory against frames (anim alone)"
for to in 0.99 9.99 39.99; do
  PATH=$FAKE_PATH /usr/bin/time -f "--to $to: wall %e s, cpu %U + %S s, peak %M KB" \
    "$ANIM" render "$W1" -o "$OUT/w1.mp4" --size 1000x1000 --to "$to" --quiet
done
