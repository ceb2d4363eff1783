#!/usr/bin/env python3
"""Writes the text benchmark's two scripts (BENCHMARKS.md, "Text"): T1, a
paragraph of 2 000 letters (40 lines of 50) whose letters are revealed one
by one, each a fade and a lift staggered 4 ms after the one before, and
T1r, 2 000 rects in the same 50 × 40 places running the same stagger, both
on a 1000 × 1000 stage. The stagger ends at 8.5 s, within 600 frames.

    bench/gen_text.py bench/out    # writes t1_letters.anim and t1_rects.anim
"""
import os
import sys

COLS, ROWS = 50, 40
MOTION = "fade(from: 0, 0.5) | move(by: (0, -8), 0.5)"
STAGGER = "sort: default, each: 0.004"
WORDS = "the quick brown fox jumps over a lazy dog while motion reveals type "


def letters():
    lines = []
    text = WORDS * (COLS * ROWS // len(WORDS) + 1)
    for r in range(ROWS):
        lines.append(text[r * COLS:(r + 1) * COLS])
    return lines


def paragraph():
    body = "\\n".join(letters())
    return (
        "stage(width: 1000, height: 1000, background: \"#101418\")\n"
        f"text p(\"{body}\", size: 20, align: left, color: \"#e8eef2\", x: 500, y: 500)\n"
        f"run stagger(p.letters, {MOTION}, {STAGGER})\n")


def rects():
    out = ["stage(width: 1000, height: 1000, background: \"#101418\")"]
    names = []
    for r in range(ROWS):
        for c in range(COLS):
            name = f"r{r}_{c}"
            names.append(name)
            out.append(f"rect {name}(x: {100 + c * 16 + 6:g}, y: {20 + r * 24 + 12:g}, "
                       f"width: 12, height: 20, color: \"#e8eef2\")")
    out.append("group all = [" + ", ".join(names) + "]")
    out.append(f"run stagger(all, {MOTION}, {STAGGER})")
    return "\n".join(out) + "\n"


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "bench/out"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "t1_letters.anim"), "w") as f:
        f.write(paragraph())
    with open(os.path.join(out, "t1_rects.anim"), "w") as f:
        f.write(rects())


main()
