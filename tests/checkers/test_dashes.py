"""Dashed strokes (SPEC §21.3) drawn by tools anim did not write, against
anim's PNG at interior pixels (pixels whose 5 × 5 neighbourhood is one
colour in both pictures):

- skia-python: anim's untrimmed outline (read through `anim geometry`),
  trimmed with Skia's own PathMeasure.getSegment and dashed with Skia's own
  DashPathEffect (phase = dashOffset, an odd list repeated here as SVG
  says), stroked with the same caps and joins;
- headless Chromium drawing anim's SVG (`stroke-dasharray`) and its HTML
  player (the trim and the dashes as one pattern of period 1);
- ThorVG and rlottie drawing anim's Lottie (the stroke's `d`).

The scene: a rectangle whose dashOffset is tweened past a whole pattern
(7 → −21, a pattern of 28: marching ants), an ellipse with an odd list,
round caps and a negative offset, and a curved shape trimmed while its
trim end is tweened, its offset larger than its pattern.
"""

import json
import os
import subprocess

import numpy as np
import pytest
import skia

from pixel_support import flat, load
from test_shapes import PLAYERS
from test_tree import run, validate
from pixel_support import chromium_shot, render_scene

ANIM = os.environ.get("ANIM", ".build/debug/anim")

CURVE = "M0 30 C60 -20 120 80 240 30"
SCENE = f"""
stage(width: 300, height: 200, background: white)
rect frame(x: 80, y: 60, width: 120, height: 70, color: transparent, stroke: "#c00000", strokeWidth: 8, dash: [18, 10], dashOffset: 7)
ellipse oval(x: 220, y: 60, width: 100, height: 70, color: transparent, stroke: "#0000c0", strokeWidth: 6, dash: [12, 8, 4], lineCap: round, dashOffset: -5)
shape route(x: 150, y: 150, width: 240, height: 60, viewBox: (0, 0, 240, 60), d: "{CURVE}", color: transparent, stroke: "#008000", strokeWidth: 7, dash: [20, 8], dashOffset: 30, trimStart: 0.1, trimEnd: 0.3)
run tween(trimEnd: 0.95, 1, ease: linear) on route
run tween(dashOffset: -21, 1, ease: linear) on frame
"""

# The views as the model draws them at time t (the tweens are linear).
VIEWS = [
    dict(geometry=("--kind", "rect", "--width", "120", "--height", "70"), x=80, y=60, w=120,
         h=70, colour=(0xc0, 0, 0), width=8, dash=[18, 10], cap="butt",
         offset=lambda t: 7 + (-21 - 7) * t, trim=lambda t: (0, 1)),
    dict(geometry=("--kind", "ellipse", "--width", "100", "--height", "70"), x=220, y=60,
         w=100, h=70, colour=(0, 0, 0xc0), width=6, dash=[12, 8, 4], cap="round",
         offset=lambda t: -5, trim=lambda t: (0, 1)),
    dict(geometry=("--d", CURVE), x=150, y=150, w=240, h=60, colour=(0, 0x80, 0), width=7,
         dash=[20, 8], cap="butt", offset=lambda t: 30,
         trim=lambda t: (0.1, 0.3 + (0.95 - 0.3) * t)),
]
CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap}


def outline(view):
    out = subprocess.run([ANIM, "geometry", *view["geometry"]], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    path = skia.Path()
    for sub in data["subpaths"]:
        path.moveTo(*sub["start"])
        for c in sub["segments"]:
            path.cubicTo(*c)
        if sub["closed"]:
            path.close()
    return path


# A 24-unit icon drawn eight times larger (SPEC §21.3): its stroke width,
# dashes and offset are in its viewBox's units, so Skia draws it under the
# box's scale, as SVG draws a viewBox.
TICK = "M4 12 L10 18 L20 6"
ICON = f"""
stage(width: 240, height: 220, background: white)
shape tick(x: 120, y: 110, width: 192, height: 192, viewBox: (0, 0, 24, 24), d: "{TICK}", color: transparent, stroke: "#6a1b9a", strokeWidth: 2, lineJoin: round, dash: [3, 2], dashOffset: 1)
"""
ICON_VIEWS = [
    dict(geometry=("--d", TICK), x=120, y=110, w=192, h=192, unit=8, colour=(0x6a, 0x1b, 0x9a),
         width=2, dash=[3, 2], cap="butt", join="round", offset=lambda t: 1,
         trim=lambda t: (0, 1)),
]
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join}


def skia_scene(t, views=None, size=(300, 200)):
    """Skia's picture of the scene at time t: each outline trimmed by
    PathMeasure, then dashed by DashPathEffect from the piece's start."""
    surface = skia.Surface(*size)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    for view in views or VIEWS:
        whole = outline(view)
        start, end = view["trim"](t)
        if (start, end) == (0, 1):
            stroked = whole
        else:
            measure = skia.PathMeasure(whole, False, 1)
            total = measure.getLength()
            stroked = skia.Path()
            assert measure.getSegment(start * total, end * total, stroked, True)
        dash = view["dash"] * (2 if len(view["dash"]) % 2 else 1)
        paint = skia.Paint(
            AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=view["width"],
            StrokeCap=CAPS[view["cap"]], StrokeJoin=JOINS[view.get("join", "miter")],
            StrokeMiter=4,
            Color=skia.Color(*view["colour"]),
            PathEffect=skia.DashPathEffect.Make(dash, view["offset"](t)))
        canvas.save()
        canvas.translate(view["x"] - view["w"] / 2, view["y"] - view["h"] / 2)
        canvas.scale(view.get("unit", 1), view.get("unit", 1))
        canvas.drawPath(stroked, paint)
        canvas.restore()
    return surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]].astype(int)


def assert_same_dashes(mine, theirs, label, stray=0, tolerance=0):
    """Pixels flat in both agree; enough of them are a stroke's colour (a
    dash's inside) and enough are white inside the stroke's band (a gap),
    so the comparison is about dashes, not the background."""
    both = flat(mine) & flat(theirs)
    assert both.mean() > 0.8, label
    inked = both & (mine != 255).any(axis=2)
    assert inked.sum() > 300, (label, int(inked.sum()))
    differ = both & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) <= stray, (
        label, int(differ.sum()),
        [(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist())
         for x, y in zip(xs[:4], ys[:4])])


def render(tmp_path, at, suffix="png"):
    return render_scene(tmp_path, "dashes", SCENE, at, suffix)


@pytest.mark.parametrize("at", [0.0, 0.3, 0.5, 1.0])
def test_skia_dashes_the_trimmed_strokes_like_anim(tmp_path, at):
    _, png = render(tmp_path, at)
    assert_same_dashes(load(png), skia_scene(at), f"skia at {at}")


def test_the_dashes_are_not_the_solid_stroke(tmp_path):
    """Not vacuous: the scene drawn solid differs from the dashed one at
    many interior pixels (the gaps), and the offset moves the dashes."""
    _, png = render(tmp_path, 0.5)
    mine = load(png)
    saved = [v["dash"] for v in VIEWS]
    try:
        for v in VIEWS:
            v["dash"] = [1e6, 0]
        undashed = skia_scene(0.5)
    finally:
        for v, d in zip(VIEWS, saved):
            v["dash"] = d
    both = flat(mine) & flat(undashed)
    assert int((both & (np.abs(mine - undashed) > 0).any(axis=2)).sum()) > 200
    quarter = skia_scene(0.25)
    both = flat(mine) & flat(quarter)
    assert int((both & (np.abs(mine - quarter) > 0).any(axis=2)).sum()) > 100


@pytest.mark.parametrize("at", [0.0, 0.5])
def test_chromium_draws_anims_dashed_svg_like_its_png(tmp_path, at):
    _, png = render(tmp_path, at)
    _, svg = render(tmp_path, at, "svg")
    assert svg.read_text().count("stroke-dasharray") == 3
    assert_same_dashes(load(png), chromium_shot(svg, 300, 200), f"chromium svg at {at}",
                       tolerance=2)


def test_the_html_player_plays_the_dashes_as_anim_renders_them(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = tmp_path / "dashes.anim"
    script.write_text(SCENE)
    page = tmp_path / "dashes.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.3, 0.5, 1):
            png = tmp_path / f"at{t}.png"
            run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
            state_at(browser, t)
            shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
            assert_same_dashes(load(png), shot, f"player at {t}", tolerance=2)


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_dash_the_trimmed_strokes_like_anim(player, tmp_path):
    script = tmp_path / "dashes.anim"
    script.write_text(SCENE)
    doc = tmp_path / "dashes.json"
    out = run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    assert "warning" not in out.stderr, out.stderr
    data = json.loads(doc.read_text())
    validate(data)
    assert json.dumps(data).count('"n": "o"') == 3
    for frame in (0, 3, 5, 10):
        png = tmp_path / f"anim{frame}.png"
        run("render", str(script), "-o", str(png), "--at", repr(frame / 10), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        # rlottie measures the trim and the dashes along flattened curves
        # (as test_shapes says of its trims): a dash's end on the curve
        # lands a pixel away, 24 pixels of the curve's dashes at frame 10.
        stray = 30 if player == "rlottie" else 0
        assert_same_dashes(load(png), theirs, f"{player} frame {frame}", stray, tolerance=3)


def test_the_lottie_dash_entries_are_named_as_after_effects_names_them(tmp_path):
    """Each entry of a stroke's `d` has a name of its own (dash, gap, dash2,
    gap2, …, offset), as After Effects writes them: lottie-web 5.13 draws
    nothing at all of a file where two entries share a name (found by hand
    in Chromium with the SCENE above, whose oval's [12, 8, 4] repeats to six
    lengths; lottie-web is not in CI)."""
    script = tmp_path / "dashes.anim"
    script.write_text(SCENE)
    doc = tmp_path / "dashes.json"
    run("export", str(script), "-o", str(doc), "--to", "0.1", "--fps", "10")
    lists = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("ty") == "st" and "d" in node:
                lists.append([(e["n"], e["nm"]) for e in node["d"]])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(doc.read_text()))
    assert sorted(len(entries) for entries in lists) == [3, 3, 7], lists
    six = next(entries for entries in lists if len(entries) == 7)
    assert six == [("d", "dash"), ("g", "gap"), ("d", "dash2"), ("g", "gap2"),
                   ("d", "dash3"), ("g", "gap3"), ("o", "offset")]
    for entries in lists:
        assert len({name for _, name in entries}) == len(entries), entries


def test_a_shapes_stroke_and_dashes_are_in_its_viewbox_units(tmp_path):
    """skia-python, Chromium (SVG and the player) and ThorVG draw the icon
    as anim does: a stroke 2 units wide is 16 points wide at 8×, its dashes
    24 and 16 points, its offset 8."""
    script = tmp_path / "icon.anim"
    script.write_text(ICON)
    png, svg = tmp_path / "icon.png", tmp_path / "icon.svg"
    run("render", str(script), "-o", str(png), "--quiet")
    mine = load(png)
    assert_same_dashes(mine, skia_scene(0, ICON_VIEWS, (240, 220)), "skia icon")
    run("render", str(script), "-o", str(svg), "--quiet")
    text = svg.read_text()
    assert 'stroke-width="16"' in text and 'stroke-dasharray="24 16"' in text, text
    doc = tmp_path / "icon.json"
    run("export", str(script), "-o", str(doc), "--to", "0.1", "--fps", "10")
    theirs = np.array(PLAYERS["thorvg"](doc, 0).convert("RGB")).astype(int)
    assert_same_dashes(mine, theirs, "thorvg icon", tolerance=3)
    assert_same_dashes(mine, chromium_shot(svg, 240, 220), "chromium icon", tolerance=2)
    from cdp_support import Browser
    from test_player import state_at
    page = tmp_path / "icon.html"
    run("export", str(script), "-o", str(page), "--to", "0.1", "--fps", "10")
    with Browser() as b:
        b.open(f"file://{page}")
        state = state_at(b, 0)["views"]["tick"]
        assert state["strokeWidth"] == 16, state
        shot = np.array(b.screenshot("#stage").convert("RGB")).astype(int)
    assert_same_dashes(mine, shot, "player icon", tolerance=2)
