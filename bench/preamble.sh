# The preamble the rendering benchmarks share (sourced by bench/render.sh,
# bench/text.sh and bench/shapes.sh): the repository as working folder, the release build
# (in .build-bench unless ANIM_BENCH_SCRATCH names another; skipped with
# BENCH_SKIP_BUILD=1), and a stand-in `ffmpeg` in $OUT/fake that only reads
# the pipe, keeping its arguments in $FAKE_FFMPEG_ARGS and its raw input in
# $FAKE_FFMPEG_RAW where asked. Sets OUT, SCRATCH, ANIM and FAKE_PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[1]}")/.."
OUT=bench/out
SCRATCH=${ANIM_BENCH_SCRATCH:-.build-bench}
mkdir -p "$OUT/fake"
if [[ -z "${BENCH_SKIP_BUILD:-}" ]]; then
  # Both executables: `anim render` is run by anim-commands.
  swift build -c release --scratch-path "$SCRATCH" 2>&1 | tail -n 1
fi
ANIM=$SCRATCH/release/anim
cat > "$OUT/fake/ffmpeg" <<'FAKE'
#!/bin/sh
# Stands in for ffmpeg: keeps its arguments, and its raw input where asked.
printf '%s\n' "$@" > "${FAKE_FFMPEG_ARGS:-/dev/null}"
exec cat > "${FAKE_FFMPEG_RAW:-/dev/null}"
FAKE
chmod +x "$OUT/fake/ffmpeg"
FAKE_PATH="$PWD/$OUT/fake:$PATH"
