"""Per-corner radii (SPEC §21.3) drawn by programs anim did not write,
against anim's PNG at pixels at least 2 px from every edge of every view
(inside and outside a view: a corner drawn square, or rounded too much,
shows in the pixels just outside the rounded corner):

- skia-python drawing this file's own description of the scene with
  `skia.RRect.setRectRadii`, which scales radii that overlap as CSS does
  (the scaling is skia's, not re-implemented here);
- headless Chromium drawing anim's SVG (a `<path>` where corners differ);
- rlottie and ThorVG drawing anim's Lottie (`sh` paths, keyframed while a
  corner moves), validated against the Lottie 1.0 schema;
- the HTML player in headless Chromium, seeked to frame times.

The scene: radii that overlap on one side (scaled by 0.75), a bar with
rounded top corners only whose radii exceed its width, a turned view with
a negative corner (drawn square), and a tween from square corners to four
different radii.
"""

import json

import numpy as np
import pytest
from PIL import Image

from test_shapes import PLAYERS
from test_tree import run, validate
from pixel_support import chromium_shot, render_scene

SCENE = """
stage(width: 240, height: 160, background: white)
rect a(x: 60, y: 45, width: 100, height: 60, color: "#ff8000", cornerRadius: (30, 0, 10, 50))
rect bar(x: 150, y: 75, width: 40, height: 100, color: "#2060d0", cornerRadius: (30, 30, 0, 0))
rect turned(x: 60, y: 118, width: 80, height: 50, rotation: 20, color: "#20a040", cornerRadius: (-10, 25, 0, 25))
rect grow(x: 205, y: 118, width: 60, height: 50, color: "#a02090")
run tween(cornerRadius: (40, 5, 30, 0), 1, ease: linear) on grow
"""

# Box centre, size, rotation, colour, and corner radii (tl, tr, br, bl) at
# the start and, for `grow`, at the end of its tween.
VIEWS = {
    "a": dict(x=60, y=45, w=100, h=60, rot=0, color="#ff8000", r=(30, 0, 10, 50)),
    "bar": dict(x=150, y=75, w=40, h=100, rot=0, color="#2060d0", r=(30, 30, 0, 0)),
    "turned": dict(x=60, y=118, w=80, h=50, rot=20, color="#20a040", r=(-10, 25, 0, 25)),
    "grow": dict(x=205, y=118, w=60, h=50, rot=0, color="#a02090", r=(0, 0, 0, 0),
                 r1=(40, 5, 30, 0)),
}

TOLERANCE = 3


def radii_at(view, progress):
    r = view["r"]
    if "r1" in view:
        r = [a + (b - a) * progress for a, b in zip(r, view["r1"])]
    return [max(x, 0) for x in r]  # a negative radius is drawn square


def rrect_path(view, progress):
    import skia
    tl, tr, br, bl = radii_at(view, progress)
    rr = skia.RRect()
    rr.setRectRadii(skia.Rect.MakeWH(view["w"], view["h"]),
                    [skia.Point(tl, tl), skia.Point(tr, tr), skia.Point(br, br),
                     skia.Point(bl, bl)])
    p = skia.Path()
    p.addRRect(rr)
    m = skia.Matrix()
    m.setTranslate(view["x"], view["y"])
    m.preRotate(view["rot"])
    m.preTranslate(-view["w"] / 2, -view["h"] / 2)
    p.transform(m)
    return p


def skia_scene(progress):
    import skia
    surface = skia.Surface(240, 160)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    for view in VIEWS.values():
        paint = skia.Paint(AntiAlias=True)
        paint.setColor(skia.Color(*[int(view["color"][i:i + 2], 16) for i in (1, 3, 5)]))
        c.drawPath(rrect_path(view, progress), paint)
    return np.array(surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]]).astype(int)


def away_from_edges(progress):
    """Pixels at least 2 px from every view's edge: inside one, or outside
    all (around the rounded corners too)."""
    import skia
    surface = skia.Surface(240, 160)
    c = surface.getCanvas()
    c.clear(skia.ColorBLACK)
    for view in VIEWS.values():
        c.drawPath(rrect_path(view, progress), skia.Paint(AntiAlias=True, Color=skia.ColorWHITE))
    level = np.array(surface.makeImageSnapshot().toarray())[:, :, 0]

    def eroded(region):
        out = region.copy()
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                out &= np.roll(np.roll(region, dy, axis=0), dx, axis=1)
        return out

    return eroded(level == 255) | eroded(level == 0)


def corner_pixels(progress):
    """The pixels inside each view's box but outside its rounded outline, 2 px
    from the arc: where a square corner would differ (not vacuous)."""
    import skia
    surface = skia.Surface(240, 160)
    c = surface.getCanvas()
    c.clear(skia.ColorBLACK)
    for view in VIEWS.values():
        square = dict(view, r=(0, 0, 0, 0))
        square.pop("r1", None)
        c.drawPath(rrect_path(square, 0), skia.Paint(AntiAlias=False, Color=skia.ColorWHITE))
    box = np.array(surface.makeImageSnapshot().toarray())[:, :, 0] == 255
    return box & away_from_edges(progress) & (skia_scene(progress) == 255).all(axis=2)


def assert_close(mine, theirs, mask, label, tolerance=TOLERANCE):
    assert mine.shape == theirs.shape, label
    assert mask.sum() > 10000, (label, int(mask.sum()))
    differ = mask & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) == 0, (
        label, int(differ.sum()), int(mask.sum()),
        [(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist())
         for x, y in zip(xs[:4], ys[:4])])


def load_rgb(path):
    return np.array(Image.open(path).convert("RGB")).astype(int)


def render(tmp_path, at, suffix="png"):
    return render_scene(tmp_path, "corners", SCENE, at, suffix)


@pytest.mark.parametrize("at", [0.0, 0.5, 1.0])
def test_skia_draws_the_corners_like_anim(tmp_path, at):
    _, png = render(tmp_path, at)
    assert_close(load_rgb(png), skia_scene(at), away_from_edges(at), f"skia at {at}")


def test_the_corners_compared_are_not_square(tmp_path):
    """Not vacuous: the box's corners outside the rounded outline are many
    pixels, white in anim's picture (a square corner would fill them)."""
    _, png = render(tmp_path, 1.0)
    corners = corner_pixels(1.0)
    assert corners.sum() > 600, int(corners.sum())
    assert (load_rgb(png)[corners] == 255).all()


def test_overlapping_radii_are_scaled_as_css_does(tmp_path):
    """`a`'s left side holds 30 + 50 on 60 points: f = 0.75, so its
    bottom-left corner is 37.5, not 50 (nor clamped to 30 alone): the pixel
    on its diagonal 37.5·(1 − 1/√2) + 1 in from the box corner is filled,
    and one 3 px nearer the corner is not."""
    _, png = render(tmp_path, 0.0)
    mine = load_rgb(png)
    x0, y1 = 10, 75  # a's bottom-left box corner
    inset = 37.5 * (1 - 2 ** -0.5)  # 10.98: where the arc meets the diagonal
    inside = int(x0 + inset + 1.5), int(y1 - inset - 1.5)
    outside = int(x0 + inset - 2), int(y1 - inset + 2)
    assert mine[inside[1], inside[0]].tolist() == [255, 128, 0]
    assert mine[outside[1], outside[0]].tolist() == [255, 255, 255]


@pytest.mark.parametrize("at", [0.0, 0.5])
def test_chromium_draws_anims_svg_of_the_corners_like_its_png(tmp_path, at):
    _, png = render(tmp_path, at)
    _, svg = render(tmp_path, at, "svg")
    text = svg.read_text()
    # Corners that differ are paths; none is a <rect rx>.
    assert "rx=" not in text and text.count("<path") >= 3
    assert_close(load_rgb(png), chromium_shot(svg, 240, 160), away_from_edges(at),
                 f"chromium svg at {at}")


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_the_corners_like_anim(player, tmp_path):
    script = tmp_path / "corners.anim"
    script.write_text(SCENE)
    doc = tmp_path / "corners.json"
    out = run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    assert "warning" not in out.stderr
    data = json.loads(doc.read_text())
    validate(data)
    items = json.dumps(data)
    # A Lottie `rc` has one radius: every view here is a path.
    assert '"ty": "rc"' not in items and items.count('"ty": "sh"') == 4
    for frame in (0, 5, 10):
        png = tmp_path / f"anim{frame}.png"
        run("render", str(script), "-o", str(png), "--at", repr(frame / 10), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        assert_close(load_rgb(png), theirs, away_from_edges(frame / 10),
                     f"{player} frame {frame}")


def test_the_html_player_plays_the_corners_as_anim_renders_them(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = tmp_path / "corners.anim"
    script.write_text(SCENE)
    page = tmp_path / "corners.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.5, 1):
            png = tmp_path / f"at{t}.png"
            run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
            state_at(browser, t)
            shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
            assert_close(load_rgb(png), shot, away_from_edges(t), f"player at {t}")


def test_uniform_corners_keep_their_one_radius_forms(tmp_path):
    """Four equal corners stay a `<rect rx>` in the SVG, an `rc` in Lottie,
    a `<rect>` in the player, and print as one `cornerRadius=`."""
    script = tmp_path / "one.anim"
    script.write_text(
        "stage(width: 120, height: 80)\n"
        "rect card(x: 60, y: 40, width: 80, height: 50, cornerRadius: (8, 8, 8, 8))\n"
        "run tween(cornerRadius: 20, 1) on card\nprint card\n")
    out = run("run", str(script))
    assert out.stdout.strip().endswith("cornerRadius=8")
    svg = tmp_path / "one.svg"
    run("render", str(script), "-o", str(svg), "--at", "0", "--quiet")
    assert 'rx="8" ry="8"' in svg.read_text()
    doc = tmp_path / "one.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    items = json.dumps(json.loads(doc.read_text()))
    assert items.count('"ty": "rc"') == 1 and '"ty": "sh"' not in items
