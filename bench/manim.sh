#!/usr/bin/env bash
# anim beside Manim Community Edition (BENCHMARKS.md, "Beside Manim"): three
# scenes rendered to MP4 by both, the same size (1000 × 1000), frame count
# (60 a second) and libx264 settings (`-preset medium -crf 4`, yuv420p):
#
#   M1  100 squares fading out, 240 frames    bench/m1_fading_squares.anim
#   M2  20 circles easing across, 120 frames  bench/m2_easing_circles.anim
#       (anim has no circles yet: rects whose cornerRadius is half their side)
#   M3  2 500 squares fading out, 240 frames  bench/m3_many_squares.anim
#
# Manim's twins are in bench/manim_scenes.py. Each pair runs RUNS times (3),
# interleaved, under GNU time: wall time, and processor time of everything
# (anim's includes its ffmpeg, which it waits for; Manim encodes in-process
# with PyAV). Every output is checked with ffprobe (size, frames, pix_fmt).
#
# A third line per run, `ffmpeg`, is the encoder alone: anim's raw frames of
# the scene (kept in /dev/shm by a stand-in ffmpeg) encoded by ffmpeg with
# anim's exact arguments. It is the floor under anim's time, and Manim's
# time over it is the most any renderer feeding this encoder could reach.
# BENCH_SKIP_FLOOR=1 leaves it out.
#
#   bench/manim.sh                        build anim (release) and measure
#   BENCH_SKIP_BUILD=1 bench/manim.sh     reuse the last release build
#   RUNS=5 bench/manim.sh
#
# Manim is installed on first use, pinned, in .venv-manim (bench only, not CI).
# It needs Debian's libpango1.0-dev, pkg-config and python3-dev to build
# ManimPango and pycairo:  apt-get install libpango1.0-dev pkg-config python3-dev
set -euo pipefail
cd "$(dirname "$0")/.."
MANIM_VERSION=0.22.0
VENV=.venv-manim
OUT=bench/out/manim
SCRATCH=${ANIM_BENCH_SCRATCH:-.build-bench}
RUNS=${RUNS:-3}
mkdir -p "$OUT"
if [[ ! -x $VENV/bin/manim ]] || ! "$VENV/bin/pip" show manim 2>/dev/null | grep -q "^Version: $MANIM_VERSION$"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "manim==$MANIM_VERSION"
fi
if [[ -z "${BENCH_SKIP_BUILD:-}" ]]; then
  swift build -c release --scratch-path "$SCRATCH" 2>&1 | tail -n 1
fi
ANIM=$SCRATCH/release/anim

# name, anim script, --to, Manim scene, frames
SCENES=(
  "M1 bench/m1_fading_squares.anim 3.99 FadingSquares 240"
  "M2 bench/m2_easing_circles.anim 1.99 EasingCircles 120"
  "M3 bench/m3_many_squares.anim 3.99 ManySquares 240"
)

FAKE=$OUT/fake
mkdir -p "$FAKE"
cat > "$FAKE/ffmpeg" <<'STANDIN'
#!/bin/sh
# Stands in for ffmpeg: keeps its arguments and its raw input.
printf '%s\n' "$@" > "$FAKE_FFMPEG_ARGS"
exec cat > "$FAKE_FFMPEG_RAW"
STANDIN
chmod +x "$FAKE/ffmpeg"

floor() { # script to name
  local raw=/dev/shm/anim-manim-$3.raw args=$OUT/$3_ffmpeg_args.txt
  FAKE_FFMPEG_ARGS=$args FAKE_FFMPEG_RAW=$raw PATH="$PWD/$FAKE:$PATH" \
    "$ANIM" render "$1" -o "$OUT/$3-floor.mp4" --size 1000x1000 --fps 60 --to "$2" --quiet
  mapfile -t ARGS < "$args"
  for i in "${!ARGS[@]}"; do [[ ${ARGS[$i]} == - ]] && ARGS[$i]=$raw; done
  ARGS[$((${#ARGS[@]} - 1))]=$OUT/$3-floor.mp4
  /usr/bin/time -f '%e %U %S' -o "$OUT/time" ffmpeg "${ARGS[@]}"
  rm -f "$raw"
}

check() { # file frames
  local got
  got=$(ffprobe -v error -count_frames -show_entries stream=width,height,pix_fmt,nb_read_frames \
    -of csv=p=0 "$1")
  [[ $got == "1000,1000,yuv420p,$2" ]] || { echo "unexpected output $1: $got" >&2; exit 1; }
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "anim: $(git rev-parse --short HEAD); Manim CE $MANIM_VERSION; $(ffmpeg -version | head -n 1)"
printf '%-4s %-6s %4s %10s %10s\n' scene tool run "wall s" "cpu s"
for scene in "${SCENES[@]}"; do
  read -r name script to manim_scene frames <<< "$scene"
  for run in $(seq "$RUNS"); do
    /usr/bin/time -f '%e %U %S' -o "$OUT/time" \
      "$ANIM" render "$script" -o "$OUT/$name-anim.mp4" --size 1000x1000 --fps 60 --to "$to" --quiet
    printf '%-4s %-6s %4d %s\n' "$name" anim "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
    check "$OUT/$name-anim.mp4" "$frames"
    if [[ -z "${BENCH_SKIP_FLOOR:-}" ]]; then
      floor "$script" "$to" "$name"
      printf '%-4s %-6s %4d %s\n' "$name" ffmpeg "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
      check "$OUT/$name-floor.mp4" "$frames"
    fi
    rm -rf "$OUT/media"
    /usr/bin/time -f '%e %U %S' -o "$OUT/time" \
      "$VENV/bin/manim" render --disable_caching -r 1000,1000 --fps 60 --progress_bar none \
      --verbosity ERROR --media_dir "$OUT/media" -o "$name-manim.mp4" \
      bench/manim_scenes.py "$manim_scene" > /dev/null
    printf '%-4s %-6s %4d %s\n' "$name" manim "$run" "$(awk '{printf "%10.2f %10.2f", $1, $2 + $3}' "$OUT/time")"
    check "$(find "$OUT/media" -name "$name-manim.mp4" | head -n 1)" "$frames"
  done
done
