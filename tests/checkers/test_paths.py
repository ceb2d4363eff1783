"""Independent checks of motion paths (SPEC §14.3).

The reference is computed here, apart from anim and by other methods: the
centripetal Catmull–Rom curve by the Barry–Goldman pyramid (knots
t_{i+1} = t_i + |P_{i+1} − P_i|^0.5) with its derivative differentiated level
by level, arc lengths by mpmath's tanh-sinh quadrature at 30 digits, and a
length turned back into a parameter by mpmath.findroot. anim must agree to
1e-9 relative (its `==` in `expect`), on random routes with repeated points,
at random progress values, for x, y and the direction of travel.
"""

import os
import random
import subprocess
import tempfile

import mpmath as mp
import pytest

ANIM = os.environ.get("ANIM", ".build/debug/anim")
mp.mp.dps = 30


def _vec(p):
    return (mp.mpf(p[0]), mp.mpf(p[1]))


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _mul(k, a):
    return (k * a[0], k * a[1])


def _dist(a, b):
    return mp.sqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2)


def _lerp(a, b, ta, tb, t):
    """Point and derivative (in t) of the line through a at ta and b at tb."""
    point = _add(_mul((tb - t) / (tb - ta), a), _mul((t - ta) / (tb - ta), b))
    return point, _mul(1 / (tb - ta), _sub(b, a))


def _blend(pa, da, pb, db, ta, tb, t):
    """((tb − t)·A + (t − ta)·B)/(tb − ta) and its derivative."""
    point = _add(_mul((tb - t) / (tb - ta), pa), _mul((t - ta) / (tb - ta), pb))
    deriv = _add(
        _mul(1 / (tb - ta), _sub(pb, pa)),
        _add(_mul((tb - t) / (tb - ta), da), _mul((t - ta) / (tb - ta), db)),
    )
    return point, deriv


def _span(p0, p1, p2, p3):
    """The pyramid of one span as s ↦ (point, d point/ds), s in 0…1."""
    if _dist(p1, p2) == 0:
        return lambda s: (p1, (mp.mpf(0), mp.mpf(0)))
    if _dist(p0, p1) == 0:
        p0 = _sub(_mul(2, p1), p2)
    if _dist(p2, p3) == 0:
        p3 = _sub(_mul(2, p2), p1)
    t0 = mp.mpf(0)
    t1 = t0 + mp.sqrt(_dist(p0, p1))
    t2 = t1 + mp.sqrt(_dist(p1, p2))
    t3 = t2 + mp.sqrt(_dist(p2, p3))

    def at(s):
        t = t1 + (t2 - t1) * s
        a1, da1 = _lerp(p0, p1, t0, t1, t)
        a2, da2 = _lerp(p1, p2, t1, t2, t)
        a3, da3 = _lerp(p2, p3, t2, t3, t)
        b1, db1 = _blend(a1, da1, a2, da2, t0, t2, t)
        b2, db2 = _blend(a2, da2, a3, da3, t1, t3, t)
        c, dc = _blend(b1, db1, b2, db2, t1, t2, t)
        return c, _mul(t2 - t1, dc)

    return at


def _line(a, b):
    return lambda s: (_add(a, _mul(s, _sub(b, a))), _sub(b, a))


def reference(points, curve, progress):
    """(x, y, direction in degrees) at `progress` along the route."""
    pts = [_vec(p) for p in points]
    n = len(pts)
    spans = []
    for i in range(n - 1):
        if curve == "linear":
            spans.append(_line(pts[i], pts[i + 1]))
        else:
            p0 = pts[i - 1] if i > 0 else _sub(_mul(2, pts[0]), pts[1])
            p3 = pts[i + 2] if i + 2 < n else _sub(_mul(2, pts[n - 1]), pts[n - 2])
            spans.append(_span(p0, pts[i], pts[i + 1], p3))

    def speed(f, s):
        d = f(s)[1]
        return mp.sqrt(d[0] ** 2 + d[1] ** 2)

    lengths = [mp.quad(lambda s, f=f: speed(f, s), [0, 0.5, 1]) for f in spans]
    target = mp.mpf(progress) * sum(lengths)
    for f, length in zip(spans, lengths):
        if length > 0 and target <= length:
            s = mp.findroot(
                lambda u: mp.quad(lambda v: speed(f, v), [0, u]) - target, target / length
            )
            point, d = f(s)
            return point[0], point[1], mp.degrees(mp.atan2(d[1], d[0]))
        target -= length
    raise AssertionError("progress beyond the route")


def _route(rng):
    points = [(rng.uniform(-200, 200), rng.uniform(-200, 200)) for _ in range(rng.randint(2, 6))]
    if len(points) > 2 and rng.random() < 0.5:
        i = rng.randrange(len(points))
        points.insert(i, points[i])  # a repeated point: a zero-length segment
    return [(round(x, 3), round(y, 3)) for x, y in points]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("curve", ["linear", "smooth"])
def test_path_matches_reference(seed, curve):
    rng = random.Random(seed * 31 + len(curve))
    points = _route(rng)
    text = ", ".join(f"({x}, {y})" for x, y in points)
    lines = []
    for progress in [rng.uniform(0.02, 0.98) for _ in range(2)]:
        x, y, angle = reference(points, curve, progress)
        lines += [
            "reset",
            f"run path([{text}], 1, curve: {curve}, orient: true)",
            f"step {progress!r}",
            f"expect view.x == {mp.nstr(x, 20)}",
            f"expect view.y == {mp.nstr(y, 20)}",
            f"expect view.rotation == {mp.nstr(angle, 20)}",
        ]
    with tempfile.NamedTemporaryFile("w", suffix=".anim", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        script = f.name
    try:
        result = subprocess.run([ANIM, "run", script], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(script)
    assert result.returncode == 0, result.stderr + "\n" + "\n".join(lines)
