"""Group opacity, the composition stage's first user (SPEC §21.2), drawn by
players anim did not write, against anim's PNG at interior pixels:

- skia-python drawing the scene from this file's own description, each group
  made with `saveLayerAlpha` (Skia's own group picture);
- headless Chromium drawing anim's SVG (`<g opacity>`) and playing anim's
  HTML player (its group `g{i}`'s `opacity` animated) at frame times;
- rlottie and ThorVG drawing anim's Lottie (each group a precomposition
  whose layer has the opacity, the view's ancestors null layers in it),
  validated against the Lottie 1.0 schema.

The scene has what a group must get right: overlapping children that must
not show through each other, a group nested in a group, a group inside a
clipping, turning parent, a filled and stroked view alone at an opacity,
and opacities that animate (a group's and a lone view's).
"""

import json
import os
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

from pixel_support import assert_interior_equal, load
from test_shapes import PLAYERS
from test_tree import MATTE_STEPS, run, validate

SCENE = """
stage(width: 240, height: 180, background: white)
layer card(x: 70, y: 60, width: 120, height: 100, opacity: 0.5) {
  rect back(x: 45, y: 50, width: 70, height: 70, color: "#2050ff")
  rect front(x: 75, y: 50, width: 70, height: 70, color: "#ff5020")
  layer inner(x: 60, y: 80, width: 40, height: 40, opacity: 0.5) {
    rect dot(x: 20, y: 20, width: 30, height: 30, color: "#108010")
  }
}
rect frame(x: 175, y: 70, width: 90, height: 90, rotation: 15, color: "#eeeeee", clip: true) {
  layer g(x: 45, y: 45, width: 90, height: 90, opacity: 0.6) {
    ellipse a(x: 30, y: 45, width: 70, height: 70, color: "#aa00aa")
    ellipse b(x: 70, y: 45, width: 70, height: 70, color: "#00aaaa")
  }
}
rect lone(x: 60, y: 150, width: 80, height: 30, color: "#ffcc00", stroke: "#000080", strokeWidth: 8, opacity: 0.5)
rect fading(x: 180, y: 150, width: 60, height: 30, color: "#800000")
run tween(opacity: 0.2, 1) on fading
run tween(opacity: 0.9, 1, ease: inOutQuad) on g
"""


def scene_files(tmp_path, at):
    script = tmp_path / "groups.anim"
    script.write_text(SCENE)
    png = tmp_path / f"groups{at}.png"
    run("render", str(script), "-o", str(png), "--at", repr(at), "--quiet")
    return script, png


def rgb(hex_colour):
    return [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]


def skia_scene():
    """The scene at t = 0 drawn by Skia: each group a `saveLayerAlpha`."""
    import skia
    surface = skia.Surface(240, 180)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)

    def paint(hex_colour, stroke=None):
        p = skia.Paint(AntiAlias=True, Color=skia.Color(*rgb(hex_colour)))
        if stroke:
            p.setStyle(skia.Paint.kStroke_Style)
            p.setStrokeWidth(stroke)
            p.setStrokeJoin(skia.Paint.kMiter_Join)
            p.setStrokeMiter(4)
        return p

    def rect(cx, cy, w, h):
        return skia.Rect.MakeXYWH(cx - w / 2, cy - h / 2, w, h)

    # card: its box's top-left at (10, 10); children in its box.
    c.save()
    c.translate(10, 10)
    c.saveLayerAlpha(None, 128)
    c.drawRect(rect(45, 50, 70, 70), paint("#2050ff"))
    c.drawRect(rect(75, 50, 70, 70), paint("#ff5020"))
    c.save()
    c.translate(40, 60)
    c.saveLayerAlpha(None, 128)
    c.drawRect(rect(20, 20, 30, 30), paint("#108010"))
    c.restore()
    c.restore()
    c.restore()
    c.restore()
    # frame: turned 15° about its centre; clips its descendants to its box.
    c.save()
    c.translate(175, 70)
    c.rotate(15)
    c.translate(-45, -45)
    c.drawRect(skia.Rect.MakeWH(90, 90), paint("#eeeeee"))
    c.clipRect(skia.Rect.MakeWH(90, 90), doAntiAlias=True)
    c.saveLayerAlpha(None, 153)
    c.drawOval(rect(30, 45, 70, 70), paint("#aa00aa"))
    c.drawOval(rect(70, 45, 70, 70), paint("#00aaaa"))
    c.restore()
    c.restore()
    # lone: fill and stroke as one picture at half.
    c.saveLayerAlpha(None, 128)
    c.drawRect(rect(60, 150, 80, 30), paint("#ffcc00"))
    c.drawRect(rect(60, 150, 80, 30), paint("#000080", stroke=8))
    c.restore()
    c.drawRect(rect(180, 150, 60, 30), paint("#800000"))
    image = surface.makeImageSnapshot()
    return np.array(image.toarray()[:, :, [2, 1, 0]]).astype(int)


def test_skia_draws_the_groups_like_anim(tmp_path):
    _, png = scene_files(tmp_path, 0)
    # Skia's layers are 8 bits (alpha 128 for 0.5, 153 for 0.6): 2 steps.
    assert_interior_equal(load(png), skia_scene(), compared=0.7, tolerance=2)


def test_chromium_draws_anims_svg_of_the_groups_like_its_png(tmp_path):
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    script, png = scene_files(tmp_path, 0.5)
    svg, shot = tmp_path / "groups.svg", tmp_path / "chromium.png"
    run("render", str(script), "-o", str(svg), "--at", "0.5", "--quiet")
    text = svg.read_text()
    assert text.count(' opacity="0.5"') >= 3 and text.count(' opacity="') >= 4
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=240,180", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_interior_equal(load(png), load(shot), compared=0.7, tolerance=2)


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_the_groups_like_anim(player, tmp_path):
    script = tmp_path / "groups.anim"
    script.write_text(SCENE)
    doc = tmp_path / "groups.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    data = json.loads(doc.read_text())
    validate(data)
    layers = {layer["nm"]: layer for layer in data["layers"]}
    assets = {a["id"]: a for a in data["assets"]}
    # A group is a precomposition layer at the view's opacity.
    card = layers["card group"]
    assert card["ty"] == 0 and card["ks"]["o"]["k"] == 50
    inside = {layer["nm"]: layer for layer in assets[card["refId"]]["layers"]}
    assert inside["inner group"]["ks"]["o"]["k"] == 50
    # The fading view alone takes its opacity into its paint.
    assert "fading group" not in layers
    for frame in (0, 5, 10):
        png = tmp_path / f"anim{frame}.png"
        run("render", str(script), "-o", str(png), "--at", repr(frame / 10), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        assert_interior_equal(load(png), theirs, compared=0.6, tolerance=MATTE_STEPS)


def test_the_html_player_plays_the_groups_as_anim_renders_them(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import compare, state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = tmp_path / "groups.anim"
    script.write_text(SCENE)
    page = tmp_path / "groups.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    html = page.read_text()
    assert html.count('<g id="g') == 4, html.count('<g id="g')
    assert '"p":"opacity"' in html and '"e":"g"' in html
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.35, 0.7, 1):
            png = tmp_path / f"at{t}.png"
            run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
            state_at(browser, t)
            want = Image.open(png).convert("RGBA")
            compare(browser.screenshot("#stage"), want, f"groups at t = {t}")
