#!/usr/bin/env bash
# SPEC §21.2's two speed ratios, drawing only (ANIM_RENDER_STATS: the render
# thread's processor time per frame drawing the scene, not encoding):
# 200 cards with drop shadows beside the same cards without (within 3×), and
# a blur of σ 2 beside σ 40 on the same scene (within 1.5×). 30 frames of
# each (TO=0.1: 4), encoded to MP4 (the encoding is not counted).
# Usage: bench/effects.sh [ANIM]   (default .build/release/anim)
set -euo pipefail
cd "$(dirname "$0")/.."
anim="${1:-.build/release/anim}"
for scene in fx_cards_plain fx_cards_shadow fx_blur_2 fx_blur_40; do
  echo "$scene:"
  ANIM_RENDER_STATS=1 "$anim" render "bench/$scene.anim" -o /tmp/anim-effects-bench.mp4 \
    --to "${TO:-1}" --fps 30 --jobs 1 --quiet 2>&1 | grep -i "draw" || true
done
rm -f /tmp/anim-effects-bench.mp4
