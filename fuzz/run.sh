#!/usr/bin/env bash
# Builds the libFuzzer target and fuzzes anim for SECONDS seconds.
#
#   fuzz/run.sh SECONDS [LIBFUZZER-FLAGS...]
#
# The corpus lives in fuzz/out/corpus (git-ignored) and is seeded with every
# small .anim file of examples/ and tests/ and the Lottie documents of seeds/
# and tests/import/; crashes, timeouts and memory
# blow-ups are written to fuzz/out/artifacts/. Extra flags go to libFuzzer, for
# example `-fork=1 -ignore_crashes=1 -ignore_timeouts=1` to keep going past a
# finding, or `-minimize_crash=1 -runs=10000 out/artifacts/crash-…` to shrink one.
set -euo pipefail

seconds=${1:?usage: fuzz/run.sh SECONDS [LIBFUZZER-FLAGS...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -g)
# SwiftPM keeps the build plan of a path dependency (anim, `..`) while this
# package's manifest is unchanged: a source file added to anim since the
# last fuzz build was left out and the link failed (a C file, 2026-12-02).
# The plan is made again from the sources at every run (3 s; what was
# compiled is kept).
rm -f .build/release.yaml .build/release/description.json
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/AnimFuzz"

mkdir -p out/corpus out/artifacts
# Seed files are named by content so that files of the same name in different
# folders do not overwrite each other.
# Lottie documents for `anim import`: ours (fuzz/seeds, tests/import).
find ../examples ../tests seeds \( -name '*.anim' -o -name '*.json' -o -name '*.lottie' \) -size -4k | while read -r file; do
  cp "$file" "out/corpus/seed-$(sha1sum "$file" | cut -c1-16)"
done

# Leaks of what is built once per process are not findings (lsan.supp).
export LSAN_OPTIONS="suppressions=$here/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
exec "$binary" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -dict=anim.dict -artifact_prefix=out/artifacts/ -print_final_stats=1 \
  "$@" out/corpus
