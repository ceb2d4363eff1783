"""Shapes through points (SPEC §23.1) checked against a computation anim did
not make: the centripetal Catmull–Rom spline (α = 0.5) converted to cubic
Béziers by Yuksel, Schaefer and Keyser's knot-interval tangents (not d3's
formula, which anim follows, but the same curve), with d3's conventions at
the ends (an open spline's first and last segments have no outer
neighbour: their outer control point is their end point; a closed one
starts at the second point and goes round to it). The path data anim
prints must match to 1e-9; what anim draws (PNG), and what rlottie, ThorVG
and Chromium (SVG and the HTML player) draw of the same shapes moving
point by point, must match Skia drawing the reference spline."""

import math
import os
import re
import subprocess

import numpy as np
import pytest

skia = pytest.importorskip("skia")

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
W, H = 240, 160


def anim(*args):
    done = subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def knot(a, b):
    return math.hypot(b[0] - a[0], b[1] - a[1]) ** 0.5


def cubic(p0, p1, p2, p3):
    """The Bézier of the centripetal segment p1 → p2 (p0 or p3 None at an
    open end): tangents from the knot intervals d1, d2, d3."""
    d2 = knot(p1, p2)
    if d2 == 0:
        # A segment of no length stays on its point (the tangents' limit).
        return p1, p2, p2

    def tangent_start():
        if p0 is None or knot(p0, p1) <= 1e-12:
            return p1
        d1 = knot(p0, p1)
        m = [d2 * ((p1[i] - p0[i]) / d1 - (p2[i] - p0[i]) / (d1 + d2) + (p2[i] - p1[i]) / d2)
             for i in (0, 1)]
        return (p1[0] + m[0] / 3, p1[1] + m[1] / 3)

    def tangent_end():
        if p3 is None or knot(p2, p3) <= 1e-12:
            return p2
        d3 = knot(p2, p3)
        m = [d2 * ((p2[i] - p1[i]) / d2 - (p3[i] - p1[i]) / (d2 + d3) + (p3[i] - p2[i]) / d3)
             for i in (0, 1)]
        return (p2[0] - m[0] / 3, p2[1] - m[1] / 3)

    return tangent_start(), tangent_end(), p2


def reference(points, closed):
    """(start, [cubic…]) of the spline through `points`."""
    n = len(points)
    if closed:
        at = lambda i: points[i % n]  # noqa: E731
        return at(1), [cubic(at(k - 1), at(k), at(k + 1), at(k + 2)) for k in range(1, n + 1)]
    segments = []
    for i in range(n - 1):
        segments.append(cubic(points[i - 1] if i > 0 else None, points[i], points[i + 1],
                              points[i + 2] if i + 2 < n else None))
    return points[0], segments


CASES = [
    ([(0, 100), (60, 20), (120, 60), (180, 10), (240, 80)], False),
    ([(0, 0), (10, 0), (20, 0)], False),  # collinear
    ([(0, 0), (0, 0), (50, 50), (50, 50), (100, 0)], False),  # repeated points
    ([(5, 5), (1e6, -3), (2e6, 7e5)], False),  # far apart
    ([(20, 20), (100, 30), (80, 90), (30, 70)], True),
    ([(0, 0), (100, 0), (50, 80)], True),
    ([(0, 0), (100, 0)], False),
    ([(0, 0), (100, 0)], True),
]


def numbers(text):
    return [float(v) for v in re.findall(r"-?[\d.]+(?:e[+-]?\d+)?", text)]


@pytest.mark.parametrize("points,closed", CASES)
def test_the_spline_is_the_centripetal_catmull_rom(tmp_path, points, closed):
    source = tmp_path / "s.anim"
    listed = ", ".join(f"({x}, {y})" for x, y in points)
    source.write_text(
        f"shape s(points: [{listed}], closed: {str(closed).lower()}, smooth: true)\nprint s.d\n")
    d = anim("run", str(source)).strip()
    if len(points) == 2:
        # Two points: a line, from the second for a closed spline (as d3).
        start = points[1] if closed else points[0]
        end = points[0] if closed else points[1]
        values = numbers(d)
        vertices = [tuple(values[i:i + 2]) for i in range(0, len(values), 2)]
        assert vertices[0] == start and end in vertices and d.endswith("Z") == closed
        return
    start, segments = reference(points, closed)
    values = numbers(d)
    assert d.startswith("M") and d.endswith("Z") == closed
    got = [tuple(values[i:i + 2]) for i in range(2, len(values), 2)]
    got = [tuple(got[i:i + 3]) for i in range(0, len(got), 3)]
    scale = max(1.0, max(abs(c) for p in points for c in p))

    def kept(start, segments):
        # A segment of no length (two points alike) adds nothing: anim
        # leaves out one whose points are all its start (SPEC §16.1).
        out, at = [], start
        for seg in segments:
            if all(math.dist(p, at) <= 1e-9 * scale for p in seg):
                continue
            out.append(seg)
            at = seg[2]
        return out

    want_segments = kept(start, segments)
    got_segments = kept(tuple(values[:2]), got)
    assert math.dist(values[:2], start) <= 1e-9 * scale
    assert len(got_segments) == len(want_segments), (d, want_segments)
    for g, w in zip(got_segments, want_segments):
        for gp, wp in zip(g, w):
            assert math.dist(gp, wp) <= 1e-9 * scale, (gp, wp)


def test_straight_points_are_the_polyline():
    out = subprocess.run(
        [ANIM, "-e", "shape s(points: [(0, 0), (10, 5), (20, -5)], closed: true)\nprint s.d"],
        capture_output=True, text=True)
    assert out.stdout.strip() == "M0 0 L10 5 L20 -5 Z"


SCENE = f"""
stage(width: {W}, height: {H}, background: black)
shape line(points: [(0, 100), (60, 20), (120, 60), (180, 10), (240, 80)], smooth: true,
  x: 120, y: 70, width: 240, height: 120, color: transparent, stroke: "#4da3ff",
  strokeWidth: 6, lineJoin: round)
shape area(points: [(20, 20), (100, 30), (80, 90), (30, 70)], closed: true, smooth: true,
  x: 120, y: 90, width: 120, height: 120, color: "#ff7043")
run tween(points: [(0, 20), (60, 90), (120, 30), (180, 100), (240, 40)], 1, ease: linear) on line
run tween(points: [(10, 60), (90, 10), (110, 100), (20, 110)], 1, ease: linear) on area
step 1
"""

LINE_FROM = [(0, 100), (60, 20), (120, 60), (180, 10), (240, 80)]
LINE_TO = [(0, 20), (60, 90), (120, 30), (180, 100), (240, 40)]
AREA_FROM = [(20, 20), (100, 30), (80, 90), (30, 70)]
AREA_TO = [(10, 60), (90, 10), (110, 100), (20, 110)]


def mixed(a, b, p):
    return [(x0 + (x1 - x0) * p, y0 + (y1 - y0) * p) for (x0, y0), (x1, y1) in zip(a, b)]


def skia_path(points, closed, dx, dy):
    start, segments = reference(points, closed)
    path = skia.Path()
    path.moveTo(start[0] + dx, start[1] + dy)
    for c1, c2, end in segments:
        path.cubicTo(c1[0] + dx, c1[1] + dy, c2[0] + dx, c2[1] + dy, end[0] + dx, end[1] + dy)
    if closed:
        path.close()
    return path


def skia_frame(p):
    """The scene at progress p drawn by Skia from the reference splines of
    the points moved that far (each point on a straight line)."""
    surface = skia.Surface(W, H)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)
    stroke = skia.Paint(AntiAlias=True, Color=skia.Color(0x4D, 0xA3, 0xFF),
                        Style=skia.Paint.kStroke_Style, StrokeWidth=6,
                        StrokeJoin=skia.Paint.kRound_Join)
    canvas.drawPath(skia_path(mixed(LINE_FROM, LINE_TO, p), False, 0, 10), stroke)
    fill = skia.Paint(AntiAlias=True, Color=skia.Color(0xFF, 0x70, 0x43))
    canvas.drawPath(skia_path(mixed(AREA_FROM, AREA_TO, p), True, 60, 30), fill)
    image = surface.makeImageSnapshot().toarray()  # BGRA
    return image[:, :, [2, 1, 0]].astype(int)


def flat(img):
    """Pixels whose 5×5 neighbourhood is one colour."""
    ok = np.ones(img.shape[:2], bool)
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            ok &= (np.roll(np.roll(img, dy, 0), dx, 1) == img).all(axis=2)
    ok[:2, :] = ok[-2:, :] = ok[:, :2] = ok[:, -2:] = False
    return ok


def assert_draws(theirs, p, label, tolerance=6):
    want = skia_frame(p)
    both = flat(want) & flat(theirs)
    assert both.mean() > 0.7, label
    bad = both & (np.abs(want - theirs) > tolerance).any(axis=2)
    assert bad.sum() == 0, (label, int(bad.sum()))
    # Not vacuous: the curves cover pixels the other frames do not.
    assert (want != [0, 0, 0]).any(axis=2).sum() > 2000


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("points")
    script = tmp / "scene.anim"
    script.write_text(SCENE)
    anim("export", str(script), "-o", str(tmp / "scene.json"), "--fps", "10")
    anim("export", str(script), "-o", str(tmp / "scene.html"), "--fps", "10")
    return script


PROGRESS = (0, 0.3, 0.5, 1)


def test_anims_png_draws_the_reference_spline_as_the_points_move(scene):
    from PIL import Image
    for p in PROGRESS:
        png = scene.parent / f"at{p}.png"
        anim("render", str(scene), "-o", str(png), "--at", str(p))
        assert_draws(np.array(Image.open(png).convert("RGB")).astype(int), p, f"png at {p}")


def test_rlottie_and_thorvg_draw_it_too(scene):
    from rlottie_python import LottieAnimation
    tvg = pytest.importorskip("thorvg_python")
    player = LottieAnimation.from_file(str(scene.parent / "scene.json"))
    for p in PROGRESS:
        frame = round(p * 10)
        theirs = np.array(player.render_pillow_frame(frame_num=frame).convert("RGB")).astype(int)
        assert_draws(theirs, p, f"rlottie at {p}")
        engine = tvg.Engine()
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(W, H, W, tvg.Colorspace.ABGR8888)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        picture.load(str(scene.parent / "scene.json"))
        picture.set_size(W, H)
        animation.set_frame(float(frame))
        canvas.add(picture)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        assert_draws(np.array(canvas.get_pillow().convert("RGB")).astype(int), p,
                     f"thorvg at {p}")


def test_chromium_draws_the_svg_and_the_player_alike(scene):
    from PIL import Image
    from cdp_support import Browser, chromium_path
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    for p in PROGRESS:
        svg = scene.parent / f"at{p}.svg"
        anim("render", str(scene), "-o", str(svg), "--at", str(p))
        shot = scene.parent / f"svg{p}.png"
        subprocess.run(
            [chromium_path(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={W},{H}", f"--screenshot={shot}", svg.as_uri()],
            capture_output=True, timeout=120, check=True)
        assert_draws(np.array(Image.open(shot).convert("RGB")).astype(int), p, f"svg at {p}")
    with Browser() as browser:
        browser.open((scene.parent / "scene.html").as_uri())
        for p in PROGRESS:
            browser.evaluate(f'location.hash = "#t={p!r}"; fromHash(); 0')
            shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
            assert_draws(shot, p, f"player at {p}")
