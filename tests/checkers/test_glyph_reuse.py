"""Counting numbers in exports (SPEC §23.3): each distinct glyph is written
once and reused (Lottie: one precomposition per glyph, referenced by the
layers of the text's precomposition; the HTML player: a `<symbol>` per
glyph and `<use>`s), so a two-second count to 1 250 at 30 fps is under
60 KiB of Lottie. What rlottie, ThorVG and Chromium (the HTML player) draw
at frames along the count must be what anim's own PNG of that time shows
(anim's glyphs are checked against HarfBuzz, FreeType and Skia in
test_text.py)."""

import json
import re

import numpy as np
import pytest
from PIL import Image

from test_export import ANIM, interior_pixels
from test_player import browser, compare, open_player, run, state_at  # noqa: F401

W, H = 240, 100
FPS = 30

COUNTER = f"""
stage(width: {W}, height: {H}, background: black)
text n(value: 0, x: 120, y: 50, color: orange, size: 40)
run tween(value: 1250, 2, ease: linear) on n
step 2
"""

# A stroked, turning, fading, right-aligned count with decimals and a prefix.
FANCY = f"""
stage(width: {W}, height: {H}, background: "#102030")
text n(value: 9.5, digits: 1, prefix: "$", x: 200, y: 50, align: right, color: white,
  stroke: red, strokeWidth: 1.5, size: 30)
run tween(value: 12.25, 1, ease: linear) | rotate(to: 20, 1) | fade(to: 0.6, 1) on n
step 1
"""


# Text that types itself and a scramble (SPEC §23.2): each frame's drawing
# is its own in every output.
TYPING = f"""
stage(width: {W}, height: {H}, background: black)
text line("Types, then", size: 22, align: left, x: 10, y: 30, color: orange)
text word("MOTION", size: 28, x: 120, y: 75, color: white)
run type(line, 1)
run scramble(word, to: "ACTION", 1, seed: 5)
step 1
"""


def export(tmp_path, name, source, suffix, fps=FPS):
    script = tmp_path / f"{name}.anim"
    script.write_text(source)
    out = tmp_path / f"{name}{suffix}"
    p = run(["export", str(script), "-o", str(out), "--fps", str(fps)])
    assert p.returncode == 0, p.stderr
    return script, out


def rendered(script, t):
    png = script.parent / f"{script.stem}-{t}.png"
    p = run(["render", str(script), "-o", str(png), "--at", repr(t), "--quiet"])
    assert p.returncode == 0, p.stderr
    return Image.open(png).convert("RGBA")


def assert_same_interior(mine, theirs, label, tolerance=4):
    """Every interior pixel of anim's PNG (flat over its neighbourhood) in
    the player's frame, within `tolerance` levels: glyphs in the right
    place, of the right colour, none missing and none extra."""
    got = theirs.load()
    compared = 0
    bad = []
    for x, y, c in interior_pixels(mine, step=1):
        g = got[x, y]
        if any(abs(g[i] - c[i]) > tolerance for i in range(3)):
            bad.append((x, y, g, c))
        compared += 1
    assert compared > 1000, (label, compared)
    assert not bad, (label, len(bad), bad[:5])


def glyph_layers(doc):
    assets = {a["id"]: a for a in doc["assets"]}
    glyphs = [a for a in doc["assets"] if re.fullmatch(r"text\d+g\d+", a["id"])]
    text = next(layer for layer in doc["layers"] if layer.get("nm") == "n")
    return assets, glyphs, text


def test_a_count_to_1250_is_under_60_kib_and_writes_each_glyph_once(tmp_path):
    _, out = export(tmp_path, "counter", COUNTER, ".json")
    assert out.stat().st_size < 60 * 1024, out.stat().st_size
    doc = json.loads(out.read_text())
    assets, glyphs, text = glyph_layers(doc)
    # Ten digits and the comma, each once.
    assert len(glyphs) == 11
    assert text["ty"] == 0 and text["refId"] in assets
    slots = assets[text["refId"]]["layers"]
    assert all(s["ty"] == 0 and s["refId"] in assets for s in slots)
    assert {s["refId"] for s in slots} == {g["id"] for g in glyphs}
    # A glyph's outline is written in its precomposition only.
    assert all(len(g["layers"]) == 1 and g["layers"][0]["ty"] == 4 for g in glyphs)
    _, at60 = export(tmp_path, "counter60", COUNTER, ".json", fps=60)
    assert at60.stat().st_size < 60 * 1024, at60.stat().st_size


def test_the_player_page_writes_each_glyph_once(tmp_path):
    _, out = export(tmp_path, "counter", COUNTER, ".html")
    page = out.read_text()
    assert len(re.findall(r"<symbol ", page)) == 11
    assert len(re.findall(r"<path ", page)) == 11
    assert len(page.encode()) < 60 * 1024


def thorvg(path, frame):
    tvg = pytest.importorskip("thorvg_python")
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(W, H, W, tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(str(path))
    picture.set_size(W, H)
    animation.set_frame(float(frame))
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return canvas.get_pillow().convert("RGBA")


FRAMES = (0, 7, 15, 16, 29, 44, 59, 60)


@pytest.mark.parametrize("name,source,frames", [
    ("counter", COUNTER, FRAMES), ("fancy", FANCY, (0, 4, 11, 17, 23, 30)),
    ("typing", TYPING, (0, 3, 10, 16, 22, 29, 30))])
def test_rlottie_and_thorvg_draw_the_count_as_anim_renders_it(tmp_path, name, source, frames):
    from rlottie_python import LottieAnimation
    script, out = export(tmp_path, name, source, ".json")
    player = LottieAnimation.from_file(str(out))
    for k in frames:
        mine = rendered(script, k / FPS)
        theirs = player.render_pillow_frame(frame_num=k).convert("RGBA")
        assert_same_interior(mine, theirs, f"rlottie {name} frame {k}")
        assert_same_interior(mine, thorvg(out, k), f"thorvg {name} frame {k}")
        # Not vacuous: the frame shows the string anim shows there.
        assert (np.array(mine)[:, :, :3] != np.array(mine)[0, 0, :3]).any()


@pytest.mark.parametrize("name,source", [
    ("counter", COUNTER), ("fancy", FANCY), ("typing", TYPING)])
def test_the_html_player_draws_the_count_as_anim_renders_it(browser, tmp_path, name, source):
    to = 2 if name == "counter" else 1
    script = open_player(browser, tmp_path, name, source, to)
    # Frame times of the page (test_player's 10 fps): between frames the
    # page holds the frame's drawing, as it always has.
    for t in (0, 0.3, 0.5, 0.7, to):
        state_at(browser, t)
        compare(browser.screenshot("#stage"), rendered(script, t), f"{name} at t = {t}")
