#!/usr/bin/env bash
# Type-checks the fuzz target against the main package's debug build (CI runs
# it after `swift build`), so that fuzz/ cannot rot unnoticed when the API it
# uses changes: two seconds, where building the fuzz package itself (its own
# copy of anim, with the sanitizers) takes minutes. fuzz/run.sh still builds
# and links it for real.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build=.build/debug
[[ -d $build/Modules ]] || { echo "fuzz/typecheck.sh: run swift build first" >&2; exit 1; }
maps=()
for map in "$build"/*.build/module.modulemap $(find .build/checkouts -name module.modulemap); do
  maps+=(-Xcc "-fmodule-map-file=$map")
done
swiftc -typecheck -parse-as-library fuzz/Sources/AnimFuzz/*.swift \
  -I "$build/Modules" -I fuzz/Sources/CLibFuzzer "${maps[@]}"
echo "fuzz target: type-checks"
