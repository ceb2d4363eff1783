#!/usr/bin/env bash
# Renders on every core (BENCHMARKS.md, "Renders on every core", SPEC §22):
# W1 (bench/w1_blink_grid.anim, 10 000 views) to MP4, 600 frames at
# 1000 × 1000, with --jobs 1, 2 and all the cores, each RUNS times,
# interleaved; the files must be byte for byte the same. Then R1: the whole
# render (default jobs: all the cores) against ffmpeg encoding the same raw
# frames alone with anim's exact arguments (the frames kept in /dev/shm by
# a stand-in ffmpeg, as bench/render.sh does).
#
# Between the two, anim alone (a stand-in ffmpeg that drops the pipe) with
# each --jobs: the drawing the threads share, without the encoder's load.
#
#   bench/jobs.sh                   build (release, .build-bench) and measure
#   BENCH_SKIP_BUILD=1 bench/jobs.sh
#   RUNS=5 bench/jobs.sh
#   BENCH_SKIP_WHOLE=1 BENCH_SKIP_R1=1 bench/jobs.sh   anim alone only
source "$(dirname "$0")/preamble.sh"
W1=bench/w1_blink_grid.anim
RUNS=${RUNS:-3}
CORES=$(nproc)
RAW=/dev/shm/anim-w1-jobs.raw
echo "machine: $CORES cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "anim: $(git rev-parse --short HEAD); $(ffmpeg -version | head -n 1)"
JOBS=(1 2)
[[ $CORES -gt 2 ]] && JOBS+=("$CORES")
printf '%-8s %4s %10s %10s  %s\n' jobs run "wall s" "cpu s" md5
for run in $(seq "${BENCH_SKIP_WHOLE:+0}${BENCH_SKIP_WHOLE:-$RUNS}"); do
  for jobs in "${JOBS[@]}"; do
    /usr/bin/time -f '%e %U %S' -o "$OUT/time" \
      "$ANIM" render "$W1" -o "$OUT/w1_jobs$jobs.mp4" --size 1000x1000 --to 9.99 --quiet --jobs "$jobs"
    printf '%-8s %4d %s  %s\n' "$jobs" "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")" \
      "$(md5sum < "$OUT/w1_jobs$jobs.mp4" | cut -c1-12)"
  done
done
if [[ -z "${BENCH_SKIP_WHOLE:-}" ]]; then
  first=$(md5sum < "$OUT/w1_jobs1.mp4")
  for jobs in "${JOBS[@]}"; do
    [[ $(md5sum < "$OUT/w1_jobs$jobs.mp4") == "$first" ]] || { echo "--jobs $jobs differs" >&2; exit 1; }
  done
  echo "every file the same"
fi

echo "== anim alone (a stand-in ffmpeg drops the pipe): the drawing that --jobs spreads"
printf '%-8s %4s %10s %10s\n' jobs run "wall s" "cpu s"
for run in $(seq "$RUNS"); do
  for jobs in "${JOBS[@]}"; do
    PATH=$FAKE_PATH /usr/bin/time -f '%e %U %S' -o "$OUT/time" \
      "$ANIM" render "$W1" -o "$OUT/w1_alone.mp4" --size 1000x1000 --to 9.99 --quiet --jobs "$jobs"
    printf '%-8s %4d %s\n' "$jobs" "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
  done
done
[[ -n "${BENCH_SKIP_R1:-}" ]] && exit 0

echo "== R1: ffmpeg alone on the same 600 raw frames, then the whole render (default jobs)"
FAKE_FFMPEG_ARGS="$OUT/w1_jobs_args.txt" FAKE_FFMPEG_RAW=$RAW PATH=$FAKE_PATH \
  "$ANIM" render "$W1" -o "$OUT/w1_r1.mp4" --size 1000x1000 --to 9.99 --quiet
mapfile -t ARGS < "$OUT/w1_jobs_args.txt"
for i in "${!ARGS[@]}"; do [[ ${ARGS[$i]} == - ]] && ARGS[$i]=$RAW; done
ARGS[$((${#ARGS[@]} - 1))]=$OUT/w1_ffmpeg_alone.mp4
printf '%-14s %4s %10s %10s\n' what run "wall s" "cpu s"
for run in $(seq "$RUNS"); do
  /usr/bin/time -f '%e %U %S' -o "$OUT/time" ffmpeg "${ARGS[@]}"
  printf '%-14s %4d %s\n' "ffmpeg alone" "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
  /usr/bin/time -f '%e %U %S' -o "$OUT/time" \
    "$ANIM" render "$W1" -o "$OUT/w1_r1.mp4" --size 1000x1000 --to 9.99 --quiet
  printf '%-14s %4d %s\n' "anim render" "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
done
rm -f "$RAW"
