"""Morphing (SPEC §16.4), checked against an implementation of the section
written here from its text, and against pictures drawn by tools anim did
not write.

- geometry: a script morphs views; anim's SVG of a frame gives the morphing
  outline's control points, compared with this file's own §16.4: the kinds'
  outlines from §16.1's formulas, OTHER placed anchor on anchor, the one
  with fewer segments subdivided at half its parameter, longest first by
  arc length (scipy quad over |B'(t)|), ties to the earliest, OTHER's start
  rotated to the least sum of squared vertex distances, every control point
  on its straight line with the eased progress;
- pixels: skia-python fills that geometry, Chromium draws anim's SVG, and
  both match anim's PNG at interior pixels;
- Lottie: the export validates against the lottie-specs schema, every
  keyframe of a morphing path has the same vertex count, and rlottie draws
  each checked frame like anim's PNG.
"""

import json
import math
import os
import re
import shutil
import subprocess

import numpy as np
import pytest
from pixel_support import assert_interior_equal, load
from scipy.integrate import quad

ANIM = os.environ.get("ANIM", ".build/debug/anim")
KAPPA = 0.5519150244935105

# One morph per pair of kinds: an ellipse into a star of another box and
# anchor (the star has more segments: the ellipse is subdivided), a star
# into a rounded rect (the rect has fewer: it is subdivided, and OTHER's
# start rotated), an open line into an open curve. Linear easing: the
# progress at time t is t.
SCENE = """\
stage(width: 540, height: 200, background: white)
ellipse a(x: 80, y: 100, width: 120, height: 90, color: "#d03000")
star s(x: 0, y: 0, width: 140, height: 150, points: 5, innerRadius: 0.45, anchor: (0.3, 0.6), alpha: 0)
star b(x: 220, y: 100, width: 130, height: 130, points: 6, innerRadius: 0.5, color: "#0060c0", anchor: (0.5, 0.5))
rect r(x: 0, y: 0, width: 100, height: 70, cornerRadius: 14, alpha: 0)
shape l(x: 350, y: 100, width: 100, height: 100, d: "M10 50 L90 50", viewBox: (0, 0, 100, 100), color: transparent, stroke: "#208020", strokeWidth: 8)
shape c(x: 0, y: 0, width: 100, height: 100, d: "M10 90 C30 0 70 0 90 90", viewBox: (0, 0, 100, 100), alpha: 0)
rect q(x: 470, y: 100, width: 70, height: 110, color: "#806000")
ellipse o(x: 0, y: 0, width: 100, height: 60, alpha: 0)
run morph(to: s, 1, ease: linear, on: a) | morph(to: r, 1, ease: linear, on: b) | morph(to: c, 1, ease: linear, on: l) | morph(to: o, 1, ease: linear, on: q)
step 1
"""

VIEWS = {
    "a": dict(kind="ellipse", w=120, h=90, anchor=(0.5, 0.5)),
    "s": dict(kind="star", w=140, h=150, n=5, r=0.45, anchor=(0.3, 0.6)),
    "b": dict(kind="star", w=130, h=130, n=6, r=0.5, anchor=(0.5, 0.5)),
    "r": dict(kind="rect", w=100, h=70, radius=14, anchor=(0.5, 0.5)),
    "l": dict(kind="path", w=100, h=100, cubics=[[(10, 50), (10 + 80 / 3, 50), (10 + 160 / 3, 50), (90, 50)]],
              closed=False, anchor=(0.5, 0.5)),
    "q": dict(kind="rect", w=70, h=110, radius=0, anchor=(0.5, 0.5)),
    "o": dict(kind="ellipse", w=100, h=60, anchor=(0.5, 0.5)),
    "c": dict(kind="path", w=100, h=100, cubics=[[(10, 90), (30, 0), (70, 0), (90, 90)]],
              closed=False, anchor=(0.5, 0.5)),
}
PAIRS = [("a", "s"), ("b", "r"), ("l", "c"), ("q", "o")]


def run(*args):
    out = subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out


# --- §16.1 and §16.4, written from the text ---------------------------------

def line(p, q):
    p, q = np.asarray(p, float), np.asarray(q, float)
    return [p, p + (q - p) / 3, p + 2 * (q - p) / 3, q]


def ellipse_point(deg, w, h, scale=1.0):
    a = math.radians(deg)
    return (w / 2 + scale * w / 2 * math.cos(a), h / 2 + scale * h / 2 * math.sin(a))


def outline(v):
    """(cubics as 4 points each, closed) in the view's box."""
    w, h = v["w"], v["h"]
    if v["kind"] == "ellipse":
        rx, ry, cx, cy = w / 2, h / 2, w / 2, h / 2
        kx, ky = KAPPA * rx, KAPPA * ry
        pts = [(cx, 0), (w, cy), (cx, h), (0, cy)]
        cubics = [
            [(cx, 0), (cx + kx, 0), (w, cy - ky), (w, cy)],
            [(w, cy), (w, cy + ky), (cx + kx, h), (cx, h)],
            [(cx, h), (cx - kx, h), (0, cy + ky), (0, cy)],
            [(0, cy), (0, cy - ky), (cx - kx, 0), (cx, 0)],
        ]
        del pts
        return [[np.array(p, float) for p in c] for c in cubics], True
    if v["kind"] == "star":
        n = v["n"]
        vs = []
        for k in range(n):
            vs.append(ellipse_point(-90 + k * 360 / n, w, h))
            vs.append(ellipse_point(-90 + (k + 0.5) * 360 / n, w, h, v["r"]))
        return [line(vs[i], vs[(i + 1) % len(vs)]) for i in range(len(vs))], True
    if v["kind"] == "rect" and v["radius"] == 0:
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        return [line(corners[i], corners[(i + 1) % 4]) for i in range(4)], True
    if v["kind"] == "rect":
        r = v["radius"]
        k = KAPPA * r
        P = lambda x, y: np.array((x, y), float)  # noqa: E731
        return [
            line((r, 0), (w - r, 0)),
            [P(w - r, 0), P(w - r + k, 0), P(w, r - k), P(w, r)],
            line((w, r), (w, h - r)),
            [P(w, h - r), P(w, h - r + k), P(w - r + k, h), P(w - r, h)],
            line((w - r, h), (r, h)),
            [P(r, h), P(r - k, h), P(0, h - r + k), P(0, h - r)],
            line((0, h - r), (0, r)),
            [P(0, r), P(0, r - k), P(r - k, 0), P(r, 0)],
        ], True
    return [[np.array(p, float) for p in c] for c in v["cubics"]], v["closed"]


def arc_length(c):
    p0, p1, p2, p3 = c

    def speed(t):
        d = 3 * ((1 - t) ** 2 * (p1 - p0) + 2 * (1 - t) * t * (p2 - p1) + t * t * (p3 - p2))
        return math.hypot(*d)
    return quad(speed, 0, 1, epsabs=1e-13, epsrel=1e-13, limit=200)[0]


def halve(c):
    p0, p1, p2, p3 = c
    a, b, cc = (p0 + p1) / 2, (p1 + p2) / 2, (p2 + p3) / 2
    d, e = (a + b) / 2, (b + cc) / 2
    f = (d + e) / 2
    return [p0, a, d, f], [f, e, cc, p3]


def subdivide(cubics, count):
    pieces = [(c, arc_length(c)) for c in cubics]
    while len(pieces) < count:
        best = 0
        for i, (_, length) in enumerate(pieces):
            if length > pieces[best][1] * (1 + 1e-12):
                best = i
        left, right = halve(pieces[best][0])
        pieces[best:best + 1] = [(left, arc_length(left)), (right, arc_length(right))]
    return [c for c, _ in pieces]


def rotate(theirs, mine):
    n = len(theirs)
    best, best_cost = 0, None
    for k in range(n):
        cost = sum(float(np.sum((mine[i][0] - theirs[(i + k) % n][0]) ** 2)) for i in range(n))
        if best_cost is None or cost < best_cost - 1e-12 * max(best_cost, 1):
            best, best_cost = k, cost
    return theirs[best:] + theirs[:best]


def morph(target, other, progress):
    """The morphing outline's cubics in the target's box."""
    t, o = VIEWS[target], VIEWS[other]
    mine, closed = outline(t)
    theirs, _ = outline(o)
    shift = np.array((t["anchor"][0] * t["w"] - o["anchor"][0] * o["w"],
                      t["anchor"][1] * t["h"] - o["anchor"][1] * o["h"]))
    theirs = [[p + shift for p in c] for c in theirs]
    if len(mine) < len(theirs):
        mine = subdivide(mine, len(theirs))
    elif len(theirs) < len(mine):
        theirs = subdivide(theirs, len(mine))
    if closed:
        theirs = rotate(theirs, mine)
    return [[p + (q - p) * progress for p, q in zip(c, d)] for c, d in zip(mine, theirs)]


# --- anim's pictures -----------------------------------------------------------

@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    folder = tmp_path_factory.mktemp("morph")
    script = folder / "scene.anim"
    script.write_text(SCENE)
    return folder, script


def svg_paths(svg_text):
    """Each <path>'s control points (cubics) and its translation."""
    found = []
    for m in re.finditer(r'<path d="([^"]*)"[^>]*transform="matrix\(([^)]*)\)"', svg_text):
        numbers = [float(x) for x in re.findall(r"-?[\d.]+(?:e-?\d+)?", m.group(1))]
        matrix = [float(x) for x in m.group(2).split()]
        start = np.array(numbers[:2])
        cubics, current = [], start
        rest = numbers[2:]
        for i in range(0, len(rest) - len(rest) % 6, 6):
            pts = [np.array(rest[i + j:i + j + 2]) for j in (0, 2, 4)]
            cubics.append([current] + pts)
            current = pts[2]
        found.append((cubics, matrix))
    return found


@pytest.mark.parametrize("at", [0.25, 0.5, 0.8])
def test_morph_geometry_follows_the_spec(scene, at):
    folder, script = scene
    svg = folder / f"at{at}.svg"
    run("render", str(script), "-o", str(svg), "--at", str(at), "--quiet")
    drawn = svg_paths(svg.read_text())
    # The views drawn, in declaration order (those of alpha 0 leave no path).
    assert len(drawn) == 4
    by_order = dict(zip(["a", "b", "l", "q"], drawn))
    for target, other in PAIRS:
        expected = morph(target, other, at)
        cubics, _ = by_order[target]
        assert len(cubics) == len(expected), (target, len(cubics), len(expected))
        for got, want in zip(cubics, expected):
            for p, q in zip(got, want):
                assert np.allclose(p, q, rtol=0, atol=1e-9), (target, at, p, q)


def skia_picture(at):
    """The scene at progress `at` drawn by Skia from this file's geometry."""
    import skia
    surface = skia.Surface(540, 200)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    placed = {"a": ((80, 100), "#d03000"), "b": ((220, 100), "#0060c0"),
              "q": ((470, 100), "#806000")}
    for target, other in [PAIRS[0], PAIRS[1], PAIRS[3]]:
        (x, y), colour = placed[target]
        v = VIEWS[target]
        cubics = morph(target, other, at)
        path = skia.Path()
        path.moveTo(*cubics[0][0])
        for c in cubics:
            path.cubicTo(*c[1], *c[2], *c[3])
        path.close()
        canvas.save()
        canvas.translate(x - v["w"] / 2, y - v["h"] / 2)
        paint = skia.Paint(AntiAlias=True, Color=skia.Color(*[int(colour[i:i + 2], 16) for i in (1, 3, 5)]))
        canvas.drawPath(path, paint)
        canvas.restore()
    # The open line morphing into a curve, stroked butt, 8 wide, unfilled.
    v = VIEWS["l"]
    cubics = morph("l", "c", at)
    path = skia.Path()
    path.moveTo(*cubics[0][0])
    for c in cubics:
        path.cubicTo(*c[1], *c[2], *c[3])
    canvas.save()
    canvas.translate(350 - v["w"] / 2, 100 - v["h"] / 2)
    paint = skia.Paint(AntiAlias=True, Color=skia.Color(0x20, 0x80, 0x20),
                       Style=skia.Paint.kStroke_Style, StrokeWidth=8, StrokeMiter=4)
    canvas.drawPath(path, paint)
    canvas.restore()
    image = surface.makeImageSnapshot()
    return np.array(image.convert(alphaType=skia.kUnpremul_AlphaType,
                                  colorType=skia.kRGBA_8888_ColorType))[:, :, :3].astype(int)


@pytest.mark.parametrize("at", [0.3, 0.7])
def test_skia_fills_the_spec_geometry_like_anims_png(scene, at):
    folder, script = scene
    png = folder / f"at{at}.png"
    run("render", str(script), "-o", str(png), "--at", str(at), "--quiet")
    assert_interior_equal(load(png), skia_picture(at))


@pytest.mark.parametrize("at", [0.3, 0.7])
def test_chromium_draws_anims_svg_like_its_png(scene, at, tmp_path):
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    folder, script = scene
    png, svg, shot = tmp_path / "anim.png", tmp_path / "anim.svg", tmp_path / "chromium.png"
    run("render", str(script), "-o", str(png), "--at", str(at), "--quiet")
    run("render", str(script), "-o", str(svg), "--at", str(at), "--quiet")
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=540,200", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_interior_equal(load(png), load(shot))


def validate(doc):
    import jsonschema
    import lottie_specs
    schema_path = os.path.join(
        os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(schema_path) as f:
        jsonschema.Draft202012Validator(json.load(f)).validate(doc)


def path_keyframes(doc, name):
    layer = next(layer for layer in doc["layers"] if layer["nm"] == name)
    found = []

    def walk(items):
        for item in items:
            if item["ty"] == "gr":
                walk(item["it"])
            elif item["ty"] == "sh":
                found.append(item["ks"])
    walk(layer.get("shapes", []))
    return found


# Outlines that change without a morph (SPEC §16.5): a polygon and a shape
# resized, a star's innerRadius, an anchor that moves, a trim whose start
# passes its end.
CHANGING = """\
stage(width: 400, height: 200, background: white)
polygon p(x: 70, y: 100, width: 60, height: 60, sides: 6, color: "#00a000")
star s(x: 190, y: 100, width: 120, height: 120, points: 5, innerRadius: 0.3, color: "#ffc000")
shape h(x: 320, y: 60, width: 60, height: 60, d: "M0 0 L12 0 L12 6 Q6 12 0 6 Z", viewBox: (0, 0, 12, 12), color: "#8000ff", anchor: (0, 0))
ellipse ring(x: 320, y: 150, width: 60, height: 60, color: transparent, stroke: "#0080ff", strokeWidth: 10, trimStart: 0.1, trimEnd: 0.6)
run resize(to: (110, 80), 1, ease: linear, on: p) | tween(innerRadius: 0.8, 1, ease: linear, on: s) | resize(to: (70, 40), 1, on: h) | tween(anchorX: 1, 1, on: h) | tween(trimStart: 0.9, 1, ease: linear, on: ring)
step 1
"""


@pytest.mark.parametrize("example,frames", [
    ("scene", [0, 15, 30, 45, 60]),
    ("changing", [0, 20, 40, 60]),
    ("examples/morph.anim", [0, 30, 60, 90, 120, 138]),
    ("examples/hamburger.anim", [6, 12, 24, 60]),
    ("examples/spinner.anim", [10, 30, 50]),
    ("examples/progress_ring.anim", [10, 30, 50]),
    ("examples/checkmark.anim", [20, 40, 54]),
])
def test_rlottie_plays_changing_outlines_like_anim(scene, example, frames, tmp_path):
    from rlottie_python import LottieAnimation
    folder, script = scene
    source = str(script) if example == "scene" else example
    if example == "changing":
        source = str(tmp_path / "changing.anim")
        (tmp_path / "changing.anim").write_text(CHANGING)
    doc_path = tmp_path / "anim.json"
    run("export", source, "-o", str(doc_path))
    doc = json.loads(doc_path.read_text())
    validate(doc)
    morphing = [layer["nm"] for layer in doc["layers"]
                if any(ks["a"] == 1 for ks in path_keyframes(doc, layer["nm"]))]
    if example in ("scene", "changing") or "morph" in example or "hamburger" in example:
        assert morphing, "no layer has path keyframes"
    for name in morphing:
        for ks in path_keyframes(doc, name):
            counts = {len(key["s"][0]["v"]) for key in ks["k"]}
            assert len(counts) == 1, (name, counts)
    animation = LottieAnimation.from_file(str(doc_path))
    for frame in frames:
        at = frame / doc["fr"]
        png = tmp_path / f"anim{frame}.png"
        run("render", source, "-o", str(png), "--at", repr(at), "--quiet")
        theirs = np.array(animation.render_pillow_frame(frame_num=frame).convert("RGB")).astype(int)
        # rlottie flattens curves to lines of its own; a few edge pixels
        # move (and mid-blend colours land one 8-bit step away).
        assert_interior_equal(load(png), theirs, stray=30, compared=0.6, tolerance=1)
