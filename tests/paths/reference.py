#!/usr/bin/env python3
"""Independent reference values for tests/paths/*.anim (SPEC §14.3).

Written apart from anim's Swift code and by other methods: the centripetal
Catmull–Rom curve is evaluated by the Barry–Goldman pyramid (knots
t_{i+1} = t_i + |P_{i+1} − P_i|^0.5), its derivative by mpmath.diff, and arc
lengths by mpmath.quad (tanh-sinh) at 40 significant digits; a length is
turned back into a parameter by mpmath.findroot. Usage:

    python3 tests/paths/reference.py "[(0,0),(100,0),(100,100),(0,100)]" 0.25 0.5 0.75
"""
import ast
import sys

import mpmath as mp

mp.mp.dps = 40


def spans(points):
    """The spans of the smooth curve: (p0, p1, p2, p3) with phantom ends."""
    pts = [mp.matrix([mp.mpf(x), mp.mpf(y)]) for x, y in points]
    n = len(pts)
    out = []
    for i in range(n - 1):
        p0 = pts[i - 1] if i > 0 else 2 * pts[0] - pts[1]
        p3 = pts[i + 2] if i + 2 < n else 2 * pts[n - 1] - pts[n - 2]
        out.append((p0, pts[i], pts[i + 1], p3))
    return out


def pyramid(p0, p1, p2, p3):
    """The Barry–Goldman evaluation of one span, as a function of s in 0…1."""
    def dist(a, b):
        return mp.sqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2)

    if dist(p1, p2) == 0:
        return lambda s: p1
    # Coincident neighbours: the reflected end (as for phantom points).
    if dist(p0, p1) == 0:
        p0 = 2 * p1 - p2
    if dist(p2, p3) == 0:
        p3 = 2 * p2 - p1
    t0 = mp.mpf(0)
    t1 = t0 + mp.sqrt(dist(p0, p1))
    t2 = t1 + mp.sqrt(dist(p1, p2))
    t3 = t2 + mp.sqrt(dist(p2, p3))

    def at(s):
        t = t1 + (t2 - t1) * s
        a1 = (t1 - t) / (t1 - t0) * p0 + (t - t0) / (t1 - t0) * p1
        a2 = (t2 - t) / (t2 - t1) * p1 + (t - t1) / (t2 - t1) * p2
        a3 = (t3 - t) / (t3 - t2) * p2 + (t - t2) / (t3 - t2) * p3
        b1 = (t2 - t) / (t2 - t0) * a1 + (t - t0) / (t2 - t0) * a2
        b2 = (t3 - t) / (t3 - t1) * a2 + (t - t1) / (t3 - t1) * a3
        return (t2 - t) / (t2 - t1) * b1 + (t - t1) / (t2 - t1) * b2

    return at


def speed(f, s):
    dx = mp.diff(lambda u: f(u)[0], s)
    dy = mp.diff(lambda u: f(u)[1], s)
    return mp.sqrt(dx * dx + dy * dy)


def sample(points, progress):
    fs = [pyramid(*sp) for sp in spans(points)]
    lengths = [mp.quad(lambda s: speed(f, s), [0, 0.5, 1]) for f in fs]
    total = sum(lengths)
    target = progress * total
    for f, length in zip(fs, lengths):
        if target <= length and length > 0:
            s = mp.findroot(lambda u: mp.quad(lambda v: speed(f, v), [0, u]) - target,
                            target / length)
            p = f(s)
            dx = mp.diff(lambda u: f(u)[0], s)
            dy = mp.diff(lambda u: f(u)[1], s)
            return total, p[0], p[1], mp.degrees(mp.atan2(dy, dx))
        target -= length
    raise ValueError("progress beyond the end")


if __name__ == "__main__":
    pts = ast.literal_eval(sys.argv[1])
    for arg in sys.argv[2:]:
        total, x, y, angle = sample(pts, mp.mpf(arg))
        print(f"p={arg} length={mp.nstr(total, 17)} x={mp.nstr(x, 17)} y={mp.nstr(y, 17)} "
              f"angle={mp.nstr(angle, 17)}")
