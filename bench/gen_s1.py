#!/usr/bin/env python3
"""Writes the S1 shape workload: 2 500 stroked, trimmed stars (50 × 50 on a
1000 × 1000 stage), each drawing itself on and off (`trimEnd` 0 → 1 → 0)
five times, the stars' phases spread over one second. Issue 21's speed
scene; `bench/player_fps.py` plays its HTML export beside lottie-web.

Usage: gen_s1.py OUT
"""

import sys


def script() -> str:
    lines = ["# S1: 2 500 stroked stars drawing themselves on and off (written by bench/gen_s1.py).",
             'stage(width: 1000, height: 1000, background: "#101010")']
    for k in range(2500):
        row, col = divmod(k, 50)
        lines.append(
            f"star s{k}(x: {col * 20 + 10}, y: {row * 20 + 10}, width: 16, height: 16, "
            f'points: 5, color: transparent, stroke: "#ffc000", strokeWidth: 2, trimEnd: 0)')
    for k in range(2500):
        delay = (k % 50) / 50
        lines.append(f"run (draw(1, ease: linear) + undraw(1, ease: linear)) * 5 "
                     f"on s{k}" if delay == 0 else
                     f"run (draw(1, ease: linear, delay: {delay:g}) + undraw(1, ease: linear)) * 5 "
                     f"on s{k}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        f.write(script())
