"""Scripts with shapes (SPEC §16), rendered by anim and by tools anim did
not write, compared at interior pixels.

- Skia (skia-python) draws the scene from this file's own description: the
  ellipse as Skia's exact oval, the polygon and star from §16.1's vertex
  formulas, the shape's path data as Skia path calls, strokes
  with Skia's stroker (miter limit 4), the trimmed ellipse with Skia's
  TrimPathEffect from 12 o'clock clockwise;
- headless Chromium draws anim's SVG of the same frame;
- rlottie and ThorVG draw anim's Lottie export of the same frame, for every
  shape example at several interior times.

A pixel is compared when it is at least two pixels from every edge in both
pictures (both pictures are flat there); interior pixels must be equal.
"""

import glob
import math
import os
import re
import shutil
import subprocess

import numpy as np
import pytest
from pixel_support import assert_interior_equal, load

ANIM = os.environ.get("ANIM", ".build/debug/anim")

SCENE = """\
stage(width: 400, height: 240, background: white)
ellipse e(x: 80, y: 80, width: 120, height: 80, color: red, stroke: blue, strokeWidth: 10)
polygon p(x: 200, y: 60, width: 80, height: 80, sides: 6, color: "#00a000", anchor: (0, 0))
star s(x: 340, y: 80, width: 100, height: 120, points: 5, innerRadius: 0.4, color: "#ffc000", stroke: black, strokeWidth: 4, lineJoin: round)
shape h(x: 100, y: 190, width: 120, height: 60, d: "M0 0 L12 0 L12 6 Q6 12 0 6 Z", viewBox: (0, 0, 12, 12), color: "#8000ff", rotation: 0)
ellipse ring(x: 300, y: 190, width: 70, height: 70, color: transparent, stroke: "#0080ff", strokeWidth: 12, trimEnd: 0.3)
"""


def run(*args):
    out = subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out


@pytest.fixture
def scene(tmp_path):
    script = tmp_path / "scene.anim"
    script.write_text(SCENE)
    png = tmp_path / "anim.png"
    run("render", str(script), "-o", str(png), "--quiet")
    return script, png


def skia_scene():
    import skia
    surface = skia.Surface(400, 240)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)

    def paint(color, stroke=None, join=skia.Paint.kMiter_Join, cap=skia.Paint.kButt_Cap):
        p = skia.Paint(AntiAlias=True, Color=color)
        if stroke is not None:
            p.setStyle(skia.Paint.kStroke_Style)
            p.setStrokeWidth(stroke)
            p.setStrokeMiter(4)
            p.setStrokeJoin(join)
            p.setStrokeCap(cap)
        return p

    def poly(cx, cy, w, h, n, inner=None):
        pts = []
        for k in range(n):
            a = math.radians(-90 + k * 360 / n)
            pts.append((cx + w / 2 * math.cos(a), cy + h / 2 * math.sin(a)))
            if inner is not None:
                b = math.radians(-90 + (k + 0.5) * 360 / n)
                pts.append((cx + inner * w / 2 * math.cos(b), cy + inner * h / 2 * math.sin(b)))
        path = skia.Path()
        path.addPoly([skia.Point(x, y) for x, y in pts], True)
        return path

    # ellipse: fill, then a 10-point stroke over it
    oval = skia.Rect.MakeXYWH(20, 40, 120, 80)
    canvas.drawOval(oval, paint(skia.ColorRED))
    canvas.drawOval(oval, paint(skia.ColorBLUE, 10))
    # hexagon anchored at its box's top-left corner (200, 60)
    canvas.drawPath(poly(240, 100, 80, 80, 6), paint(skia.Color(0, 0xa0, 0)))
    # star with a round-joined stroke
    star = poly(340, 80, 100, 120, 5, inner=0.4)
    canvas.drawPath(star, paint(skia.Color(0xff, 0xc0, 0)))
    canvas.drawPath(star, paint(skia.ColorBLACK, 4, join=skia.Paint.kRound_Join))
    # the shape's path data, written here as Skia calls, viewBox 12 × 12 onto 120 × 60
    shape = skia.Path()
    shape.moveTo(0, 0)
    shape.lineTo(12, 0)
    shape.lineTo(12, 6)
    shape.quadTo(6, 12, 0, 6)
    shape.close()
    canvas.save()
    canvas.translate(40, 160)
    canvas.scale(10, 5)
    canvas.drawPath(shape, paint(skia.Color(0x80, 0, 0xff)))
    canvas.restore()
    # the trimmed ring: 30 % of the circle from 12 o'clock, clockwise
    ring = skia.Path()
    ring.addOval(skia.Rect.MakeXYWH(265, 155, 70, 70), skia.PathDirection.kCW, 0)
    trim = paint(skia.Color(0, 0x80, 0xff), 12)
    trim.setPathEffect(skia.TrimPathEffect.Make(0, 0.3))
    canvas.drawPath(ring, trim)
    return surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]].astype(int)


def test_skia_draws_the_scene_like_anim(scene):
    _, png = scene
    assert_interior_equal(load(png), skia_scene())


def test_chromium_draws_anims_svg_like_its_png(scene, tmp_path):
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    script, png = scene
    svg, shot = tmp_path / "anim.svg", tmp_path / "chromium.png"
    run("render", str(script), "-o", str(svg), "--quiet")
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=400,240", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_interior_equal(load(png), load(shot))


def shape_examples():
    """Every example that declares a kind of view other than a rect, but
    those with effects (SPEC §21.2: rlottie draws none, ThorVG blurs less;
    test_effects.py compares them with the players' measured tolerances)."""
    kinds = re.compile(r"^\s*(ellipse|polygon|star|shape)\s+\w", re.M)
    effects = re.compile(r"\b(blur|shadowColor|blend):")
    paths = sorted(glob.glob(os.path.join(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))), "examples", "*.anim")))
    return [p for p in paths
            if kinds.search(open(p).read()) and not effects.search(open(p).read())]


# Interior times of each example's recording, as fractions of its span: its
# shapes' trims, strokes and turns part-way.
FRACTIONS = (0.2, 0.45, 0.7, 0.95)


def rlottie_frame(doc, frame):
    from rlottie_python import LottieAnimation
    return LottieAnimation.from_file(str(doc)).render_pillow_frame(frame_num=frame)


def thorvg_frame(doc, frame):
    import json
    import thorvg_python as tvg
    data = json.loads(doc.read_text())
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(data["w"], data["h"])
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    assert picture.load(str(doc)) == tvg.Result.SUCCESS
    picture.set_size(data["w"], data["h"])
    result = animation.set_frame(float(frame))
    # thorvg answers "insufficient condition" for the frame it already shows.
    assert result == tvg.Result.SUCCESS or (
        result == tvg.Result.INSUFFICIENT_CONDITION and animation.get_frame()[1] == frame), result
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return canvas.get_pillow()


PLAYERS = {"rlottie": rlottie_frame, "thorvg": thorvg_frame}


@pytest.mark.parametrize("player", sorted(PLAYERS))
@pytest.mark.parametrize("example", shape_examples(), ids=os.path.basename)
def test_lottie_players_draw_the_examples_like_anim(player, example, tmp_path):
    """rlottie and ThorVG, two players anim did not write, draw anim's Lottie
    export of every shape example like anim's PNG at interior times."""
    import json
    import jsonschema
    import lottie_specs

    doc = tmp_path / "anim.json"
    run("export", example, "-o", str(doc), "--fps", "30")
    schema_path = os.path.join(
        os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(schema_path) as f:
        jsonschema.Draft202012Validator(json.load(f)).validate(json.loads(doc.read_text()))
    data = json.loads(doc.read_text())
    assert data["op"] > 4
    for fraction in FRACTIONS:
        frame = round(fraction * (data["op"] - 1))
        at = frame / data["fr"]
        png = tmp_path / f"anim{frame}.png"
        run("render", example, "-o", str(png), "--at", repr(at), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        # rlottie and ThorVG measure trims on flattened curves: a trimmed
        # end may move by a fraction of a point, a few pixels at the ends.
        # Small pictures of thick strokes: about a quarter of the pixels are
        # near an edge. Mid-tween colours: the players interpolate the
        # keyframed colour in their own single precision and may land one
        # 8-bit step from anim's exact blend.
        # rlottie draws a layer through a track matte (a clip, SPEC §17) a
        # few steps darker, 249/255 of its colour (as test_tree.py allows).
        matted = player == "rlottie" and any("tt" in layer for layer in data["layers"])
        assert_interior_equal(
            load(png), theirs, stray=30, compared=0.6, tolerance=6 if matted else 1)
