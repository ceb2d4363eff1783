#!/usr/bin/env bash
# Runs the anim benchmarks W1–W6 and prints a summary table.
#
#   bench/run.sh            everything (about a minute and a half after the build)
#   BENCH_REPEAT=1 bench/run.sh   one run of W1/W2 instead of the best of 3
#   BENCH_SKIP_BUILD=1 bench/run.sh   reuse the last release build
#   BENCH_ANIM=path/to/anim bench/run.sh   measure that binary (no build)
#   BENCH_VALGRIND=0 bench/run.sh   skip counting allocations under valgrind
#
# Builds `anim` in release into its own scratch folder (.build-bench, so it
# never blocks another build), builds bench/w1_baseline.c with
# cc -O2 -ffp-contract=off, and writes every raw output to bench/out/
# (git-ignored). Needs python3; uses hyperfine, GNU time and valgrind when
# they are installed (apt-get install -y hyperfine time valgrind) and falls
# back to a timing loop, getrusage, and no allocation counts. The figures
# and how to read them are in BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=bench/out
SCRATCH=${ANIM_BENCH_SCRATCH:-.build-bench}
REPEAT=${BENCH_REPEAT:-3}
mkdir -p "$OUT"

if [[ -n "${BENCH_ANIM:-}" ]]; then
  ANIM=$BENCH_ANIM
else
  if [[ -z "${BENCH_SKIP_BUILD:-}" ]]; then
    echo "== building anim (release, $SCRATCH)"
    # Built as the README builds it: the Swift runtime linked statically (W6),
    # both executables (anim runs scripts, anim-commands everything else).
    swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" 2>&1 | tail -n 3
  fi
  ANIM=$SCRATCH/release/anim
fi
[[ -x "$ANIM" ]] || { echo "bench/run.sh: no anim binary at $ANIM" >&2; exit 1; }
cc -O2 -ffp-contract=off -o "$OUT/w1_baseline" bench/w1_baseline.c

# field FILE KEY: the value of the line `KEY: value` (first word only).
field() { sed -n "s/^$2: \([^ ]*\).*/\1/p" "$1" | head -n 1; }
# checkpoint FILE FRAME KEY: a number from the `checkpoint:` line of FRAME.
checkpoint() { sed -n "s/^checkpoint: frame=$2 .*$3=\([0-9]*\).*/\1/p" "$1" | head -n 1; }
# best OUT CMD...: runs CMD $REPEAT times, keeps in OUT the output with the
# shortest stepping time.
best() {
  local out=$1; shift
  local best_time=""
  for ((i = 1; i <= REPEAT; i++)); do
    "$@" > "$out.try"
    local t; t=$(field "$out.try" "stepping time")
    if [[ -z "$best_time" ]] || awk -v a="$t" -v b="$best_time" 'BEGIN { exit !(a < b) }'; then
      best_time=$t; mv "$out.try" "$out"
    fi
  done
  rm -f "$out.try"
}
now_ns() { date +%s%N; }

echo "== W1 blink grid (600 frames, anim and C, best of $REPEAT)"
best "$OUT/w1_anim.txt" "$ANIM" bench bench/w1_blink_grid.anim --frames 600 --fps 60
best "$OUT/w1_c.txt" "$OUT/w1_baseline" --frames 600 --fps 60
W1_A_UPS=$(field "$OUT/w1_anim.txt" "updates per second")
W1_C_UPS=$(field "$OUT/w1_c.txt" "updates per second")
W1_A_SUM=$(field "$OUT/w1_anim.txt" checksum)
W1_C_SUM=$(field "$OUT/w1_c.txt" checksum)
W1_A_UPD=$(field "$OUT/w1_anim.txt" "property updates")
W1_C_UPD=$(field "$OUT/w1_c.txt" "property updates")
W1_A_CUPS=$(field "$OUT/w1_anim.txt" "updates per cpu second")
W1_C_CUPS=$(field "$OUT/w1_c.txt" "updates per cpu second")
# The two programs may count updates differently (anim counts what its clock
# counts), so the ratio compares the time each took for the same 600 frames.
ratio() { awk -v a="$(field "$OUT/w1_anim.txt" "$1")" -v c="$(field "$OUT/w1_c.txt" "$1")" 'BEGIN { printf "%.2f", a / c }'; }
W1_RATIO=$(ratio "stepping time")
W1_CPU_RATIO=$(ratio "stepping cpu time")
if [[ "$W1_A_SUM" == "$W1_C_SUM" ]]; then W1_MATCH=equal; else W1_MATCH=DIFFER; fi
echo "anim checksum: $W1_A_SUM   C checksum: $W1_C_SUM   ($W1_MATCH)"
echo "anim updates/s: $W1_A_UPS   C updates/s: $W1_C_UPS   anim time / C time: $W1_RATIO"
echo "per cpu second: anim $W1_A_CUPS   C $W1_C_CUPS   anim cpu time / C cpu time: $W1_CPU_RATIO"

echo "== W2 spring grid (600 frames, best of $REPEAT)"
best "$OUT/w2_anim.txt" "$ANIM" bench bench/w2_spring_grid.anim --frames 600 --fps 60
W2_UPS=$(field "$OUT/w2_anim.txt" "updates per second")
W2_CUPS=$(field "$OUT/w2_anim.txt" "updates per cpu second")

echo "== W3 parse (anim check on a generated 10 MB script)"
python3 bench/gen_w3.py "$OUT/w3_parse.anim" 10
W3_BYTES=$(wc -c < "$OUT/w3_parse.anim")
if [[ -x /usr/bin/time ]]; then
  start=$(now_ns)
  /usr/bin/time -v "$ANIM" check "$OUT/w3_parse.anim" 2> "$OUT/w3_time.txt"
  end=$(now_ns)
  W3_PEAK_KB=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/w3_time.txt")
  W3_CPU=$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.3f", s }' "$OUT/w3_time.txt")
else
  # No GNU time: a small Python wrapper reads the child's ru_maxrss.
  start=$(now_ns)
  W3_PEAK_KB=$(python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$ANIM" check "$OUT/w3_parse.anim")
  end=$(now_ns)
fi
W3_SECONDS=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", (e - s) / 1e9 }')
W3_MBPS=$(awk -v b="$W3_BYTES" -v s="$W3_SECONDS" 'BEGIN { printf "%.1f", b / 1e6 / s }')
W3_RATIO=$(awk -v k="$W3_PEAK_KB" -v b="$W3_BYTES" 'BEGIN { printf "%.2f", k * 1024 / b }')
W3_CPU_MBPS=n/a
[[ -n "${W3_CPU:-}" ]] && W3_CPU_MBPS=$(awk -v b="$W3_BYTES" -v s="$W3_CPU" 'BEGIN { printf "%.1f", b / 1e6 / s }')
echo "$W3_BYTES bytes in $W3_SECONDS s: $W3_MBPS MB/s ($W3_CPU_MBPS MB per cpu second), peak $W3_PEAK_KB KB ($W3_RATIO x source)"

echo "== W4 forever (10^6 frames, checkpoints every 10^4)"
"$ANIM" bench bench/w4_forever.anim --frames 1000000 --report-every 10000 > "$OUT/w4_anim.txt"
W4_PEAK_1E4=$(checkpoint "$OUT/w4_anim.txt" 10000 peak_kb)
W4_PEAK_1E6=$(checkpoint "$OUT/w4_anim.txt" 1000000 peak_kb)
W4_RSS_1E4=$(checkpoint "$OUT/w4_anim.txt" 10000 rss_kb)
W4_RSS_1E6=$(checkpoint "$OUT/w4_anim.txt" 1000000 rss_kb)
W4_GROWTH=$((W4_PEAK_1E6 - W4_PEAK_1E4))
W4_NS=$(field "$OUT/w4_anim.txt" "ns per frame")
echo "peak $W4_PEAK_1E4 KB after 10^4 frames, $W4_PEAK_1E6 KB after 10^6 (+$W4_GROWTH KB); $W4_NS ns/frame"

echo "== W5 pool churn (10^6 runs, one ending per frame)"
"$ANIM" bench bench/w5_pool_churn.anim --frames 1000000 --report-every 100000 > "$OUT/w5_anim.txt"
W5_RUNS=$(( $(field "$OUT/w5_anim.txt" "newest live run id") - 1 ))
W5_CAP_BEFORE=$(field "$OUT/w5_anim.txt" "pool capacity before")
W5_CAP_AFTER=$(field "$OUT/w5_anim.txt" "pool capacity after")
W5_HEAP_DELTA=$(field "$OUT/w5_anim.txt" "heap in use delta")
W5_RSS_1E5=$(checkpoint "$OUT/w5_anim.txt" 100000 rss_kb)
W5_RSS_1E6=$(checkpoint "$OUT/w5_anim.txt" 1000000 rss_kb)
W5_NS=$(field "$OUT/w5_anim.txt" "ns per frame")
echo "$W5_RUNS runs ended; pool capacity $W5_CAP_BEFORE -> $W5_CAP_AFTER; heap delta $W5_HEAP_DELTA B; rss $W5_RSS_1E5 KB at 10^5, $W5_RSS_1E6 KB at 10^6; $W5_NS ns/frame"

echo "== W6 start-up (anim run on a one-line script)"
if command -v hyperfine > /dev/null; then
  # The peer, Lua, in the same run (target: anim at most twice Lua).
  peer=()
  if command -v lua5.4 > /dev/null; then peer=("lua5.4 -e 'print(0.5)'"); fi
  hyperfine -N --warmup 10 --runs 200 --export-json "$OUT/w6.json" "$ANIM run bench/w6_startup.anim" "${peer[@]}" > "$OUT/w6_hyperfine.txt"
  W6_MS=$(python3 -c 'import json, sys; rs = json.load(open(sys.argv[1]))["results"]
f = lambda r: "%.1f ± %.1f (min %.1f; user+sys %.1f)" % (r["mean"] * 1e3, r["stddev"] * 1e3, r["min"] * 1e3, (r["user"] + r["system"]) * 1e3)
print(f(rs[0]) + ("; lua5.4 " + f(rs[1]) if len(rs) > 1 else ""))' "$OUT/w6.json")
  W6_TOOL=hyperfine
else
  for _ in 1 2 3 4 5; do "$ANIM" run bench/w6_startup.anim > /dev/null; done
  start=$(now_ns)
  for _ in $(seq 200); do "$ANIM" run bench/w6_startup.anim > /dev/null; done
  end=$(now_ns)
  W6_MS=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", (e - s) / 200 / 1e6 }')
  W6_TOOL="date loop"
fi
echo "$W6_MS ms per run ($W6_TOOL)"

# Allocations per frame: valgrind counts every malloc; the difference between
# two frame counts, past any warm-up, divided by the extra frames. `anim`
# hands `bench` to anim-commands with execv, so valgrind follows the exec
# (--trace-children=yes); without it, it counted the front alone. Valgrind
# 3.19 cannot read the debug info of Swift 6.3's release build ("Possibly
# corrupted debuginfo file"): measure a copy stripped with
# `objcopy --strip-debug` (both executables) through BENCH_ANIM.
ALLOCS_W1=n/a ALLOCS_W4=n/a ALLOCS_W5=n/a
if command -v valgrind > /dev/null && [[ "${BENCH_VALGRIND:-1}" != 0 ]]; then
  echo "== allocations per frame (valgrind memcheck; about a minute)"
  allocs() {
    valgrind --tool=memcheck --trace-children=yes "$ANIM" bench "$1" --frames "$2" 2>&1 > /dev/null \
      | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
  }
  per_frame() { # per_frame SCRIPT FEW MANY
    local a b; a=$(allocs "$1" "$2"); b=$(allocs "$1" "$3")
    awk -v a="$a" -v b="$b" -v f="$2" -v m="$3" 'BEGIN { printf "%.3f", (b - a) / (m - f) }'
  }
  ALLOCS_W1=$(per_frame bench/w1_blink_grid.anim 300 600)
  ALLOCS_W4=$(per_frame bench/w4_forever.anim 1000 2000)
  ALLOCS_W5=$(per_frame bench/w5_pool_churn.anim 1000 2000)
  echo "W1 (frames 300 -> 600): $ALLOCS_W1; W4 (1000 -> 2000): $ALLOCS_W4; W5 (1000 -> 2000): $ALLOCS_W5"
fi

SUMMARY="$OUT/summary.txt"
{
  echo
  echo "== Summary ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores)"
  printf '%-4s %-34s %-28s %s\n' "" figure value target
  printf '%-4s %-34s %-28s %s\n' W1 "anim updates per second" "$W1_A_UPS" ""
  printf '%-4s %-34s %-28s %s\n' W1 "C updates per second" "$W1_C_UPS" ""
  printf '%-4s %-34s %-28s %s\n' W1 "stepping time anim / C" "${W1_RATIO}x" ""
  printf '%-4s %-34s %-28s %s\n' W1 "anim updates per cpu second" "$W1_A_CUPS" ""
  printf '%-4s %-34s %-28s %s\n' W1 "C updates per cpu second" "$W1_C_CUPS" ""
  printf '%-4s %-34s %-28s %s\n' W1 "stepping cpu time anim / C" "${W1_CPU_RATIO}x" ""
  printf '%-4s %-34s %-28s %s\n' W1 "property updates (anim, C)" "$W1_A_UPD, $W1_C_UPD" ""
  printf '%-4s %-34s %-28s %s\n' W1 "checksums" "$W1_MATCH: $W1_A_SUM" "equal"
  printf '%-4s %-34s %-28s %s\n' W1 "loop cpu share (anim, C)" "$(field "$OUT/w1_anim.txt" "loop cpu share"), $(field "$OUT/w1_c.txt" "loop cpu share")" "~1 (else loaded)"
  printf '%-4s %-34s %-28s %s\n' W1 "allocations per frame (steady)" "$ALLOCS_W1" "0"
  printf '%-4s %-34s %-28s %s\n' W2 "anim updates per second" "$W2_UPS" ""
  printf '%-4s %-34s %-28s %s\n' W2 "anim updates per cpu second" "$W2_CUPS" ""
  printf '%-4s %-34s %-28s %s\n' W2 "checksum" "$(field "$OUT/w2_anim.txt" checksum)" ""
  printf '%-4s %-34s %-28s %s\n' W3 "parse + check speed" "$W3_MBPS MB/s" ">= 30 MB/s"
  printf '%-4s %-34s %-28s %s\n' W3 "parse + check per cpu second" "$W3_CPU_MBPS MB/s" ""
  printf '%-4s %-34s %-28s %s\n' W3 "peak memory / source size" "${W3_RATIO}x ($W3_PEAK_KB KB)" "< 10x"
  printf '%-4s %-34s %-28s %s\n' W4 "peak KB after 10^4, 10^6 frames" "$W4_PEAK_1E4, $W4_PEAK_1E6 (+$W4_GROWTH)" "+ < 1024"
  printf '%-4s %-34s %-28s %s\n' W4 "rss KB after 10^4, 10^6 frames" "$W4_RSS_1E4, $W4_RSS_1E6" ""
  printf '%-4s %-34s %-28s %s\n' W4 "ns per frame" "$W4_NS" ""
  printf '%-4s %-34s %-28s %s\n' W4 "allocations per frame" "$ALLOCS_W4" "0"
  printf '%-4s %-34s %-28s %s\n' W5 "runs ended" "$W5_RUNS" "1000000"
  printf '%-4s %-34s %-28s %s\n' W5 "pool capacity before, after" "$W5_CAP_BEFORE, $W5_CAP_AFTER" "flat"
  printf '%-4s %-34s %-28s %s\n' W5 "heap in use delta" "$W5_HEAP_DELTA B" "~0"
  printf '%-4s %-34s %-28s %s\n' W5 "rss KB at 10^5, 10^6 frames" "$W5_RSS_1E5, $W5_RSS_1E6" "flat"
  printf '%-4s %-34s %-28s %s\n' W5 "ns per frame (one run each)" "$W5_NS" ""
  printf '%-4s %-34s %-28s %s\n' W5 "allocations per run" "$ALLOCS_W5" ""
  printf '%-4s %-34s %-28s %s\n' W6 "start-up, whole process (ms)" "$W6_MS" "< 25 ms"
} | tee "$SUMMARY"
