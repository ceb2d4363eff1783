#!/usr/bin/env python3
"""W7: chains of any length (SPEC §14.5).

gen_w7.py OUT.anim N KIND writes a script whose motion is one flat chain of N
parts, then runs it to the end:
  seq   m = fade(out, 0.001) + fade(in, 0.001) + …   (N parts, 0.001 s each)
  par   m = move(to: (1, 0), 1) | move(to: (2, 0), 1) | …
  lines the peer: the same N primitives, one assignment per line (no chain)
"""
import sys

out, n, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(out, "w") as f:
    if kind == "seq":
        parts = ("fade(out, 0.001)" if i % 2 == 0 else "fade(in, 0.001)" for i in range(n))
        f.write("m = " + " + ".join(parts) + "\n")
        f.write("h = run m\nsettle\nprint h.duration, view.alpha, h.state\n")
    elif kind == "par":
        f.write("m = " + " | ".join(f"move(to: ({i}, 0), 1)" for i in range(n)) + "\n")
        f.write("h = run m\nsettle\nprint h.duration, view.x, h.state\n")
    else:
        for i in range(n):
            f.write("m = fade(out, 0.001)\n" if i % 2 == 0 else "m = fade(in, 0.001)\n")
        f.write("h = run m\nsettle\nprint h.duration, view.alpha, h.state\n")
