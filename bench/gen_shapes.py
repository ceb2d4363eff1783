#!/usr/bin/env python3
"""Writes the shapes benchmark's two scripts (BENCHMARKS.md, "Shapes"):
S1, a 50 × 50 grid of 2 500 stroked stars whose stroke draws on and off
(trimEnd, 600 frames at 60 fps), and S1r, the same grid of filled rects
running the same motion (their trim draws nothing: they have no stroke),
both on a 1000 × 1000 stage.

    bench/gen_shapes.py bench/out    # writes s1_stars.anim and s1_rects.anim
"""
import os
import sys

N = 50
STEP = 20
MOTION = "(draw(1, ease: linear) + undraw(1, ease: linear)) * 5"


def script(kind, settings):
    lines = ["stage(width: 1000, height: 1000, background: \"#101418\")"]
    names = []
    for r in range(N):
        for c in range(N):
            name = f"s{r}_{c}"
            names.append(name)
            lines.append(f"{kind} {name}(x: {c * STEP + STEP / 2:g}, y: {r * STEP + STEP / 2:g}, "
                         f"width: 16, height: 16, {settings})")
    lines.append("group all = [" + ", ".join(names) + "]")
    lines.append(f"run {MOTION} on all")
    return "\n".join(lines) + "\n"


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "bench/out"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "s1_stars.anim"), "w") as f:
        f.write(script("star", "points: 5, innerRadius: 0.45, color: \"#2a3a4a\", "
                               "stroke: \"#ffd54f\", strokeWidth: 2, lineJoin: round, trimEnd: 0"))
    with open(os.path.join(out, "s1_rects.anim"), "w") as f:
        f.write(script("rect", "color: \"#2a3a4a\", trimEnd: 0"))


main()
