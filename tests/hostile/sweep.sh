#!/usr/bin/env bash
# Runs every hostile script through `anim check` and `anim run` directly (not
# through `anim test`) and prints any exit code other than the documented ones
# (0, 1, 65, 66, 70): a signal (128 + n) or a timeout (124) is a bug.
#
#   tests/hostile/sweep.sh [ANIM-BINARY] [SECONDS-PER-RUN]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
anim=${1:-$here/../../.build/debug/anim}
limit=${2:-10}
bad=0
count=0
while IFS= read -r file; do
  for command in check run; do
    timeout "$limit" "$anim" "$command" "$file" > /dev/null 2>&1
    code=$?
    count=$((count + 1))
    case $code in
      0 | 1 | 65 | 66 | 70) ;;
      *)
        if grep -q '^# skip:' "$file"; then
          echo "known ($code): $command $file"
        else
          echo "BAD ($code): $command $file"
          bad=$((bad + 1))
        fi
        ;;
    esac
  done
done < <(find "$here" -name '*.anim' | sort)
echo "$count runs, $bad with an undocumented exit code"
[ "$bad" -eq 0 ]
