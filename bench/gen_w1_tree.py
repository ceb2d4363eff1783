#!/usr/bin/env python3
"""Writes bench/w1_tree_grid.anim: W1's 10 000 tiles as children of 100 row
layers (each row turning), for BENCHMARKS.md "Trees" (issue 22)."""
import os

lines = [
    "# W1 as a tree (issue 22): W1's 10 000 tiles as children of 100 row",
    "# views of size 0, each row turning. Stepped as W1 (600 frames at 60 fps)",
    "# and drawn as W1's grid (BENCHMARKS.md, \"Trees\"); bench/gen_w1_tree.py",
    "# writes it.",
    "grid rows(cols: 1, rows: 100, size: 10, width: 0, height: 0)",
]
lines += [f"grid r{r}(cols: 100, rows: 1, size: 10, parent: rows[{r}])" for r in range(100)]
lines.append("blink = fade(out, 1) + fade(in, 1)")
members = ", ".join(f"r{r}" for r in range(100))
lines.append(f"run stagger([{members}], blink * 100, sort: default, total: 1)")
lines.append("run rotate(by: 360, 10) * forever on rows")
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "w1_tree_grid.anim"), "w") as f:
    f.write("\n".join(lines) + "\n")
