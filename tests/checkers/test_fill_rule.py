"""`fillRule: nonzero | evenodd` (SPEC §21.3) drawn by programs anim did not
write, against anim's PNG at pixels at least 2 px from every edge:

- skia-python filling this file's own paths with `skia.PathFillType`;
- headless Chromium drawing anim's SVG (`fill-rule="evenodd"`);
- rlottie and ThorVG drawing anim's Lottie (`fl` `r` 2), schema-validated;
- the HTML player in headless Chromium.

The scene: a pentagram (its middle is inside twice) and two nested squares
running the same way, each even-odd and nonzero.
"""

import json

import numpy as np
import pytest
from PIL import Image

from test_shapes import PLAYERS
from test_tree import run, validate
from pixel_support import chromium_shot, render_scene

STAR = "M50 2 L79 92 L2 36 L98 36 L21 92 Z"
RINGS = "M5 5 H95 V95 H5 Z M25 25 H75 V75 H25 Z"
# name, path, centre, rule, colour
VIEWS = [
    ("star", STAR, (60, 60), "evenodd", "#d02060"),
    ("rings", RINGS, (180, 60), "evenodd", "#2060d0"),
    ("star2", STAR, (60, 170), "nonzero", "#20a040"),
    ("rings2", RINGS, (180, 170), "nonzero", "#a06020"),
]
SCENE = "stage(width: 240, height: 230, background: white)\n" + "".join(
    f'shape {n}(x: {x}, y: {y}, width: 100, height: 100, viewBox: (0, 0, 100, 100), '
    f'd: "{d}", color: "{c}", fillRule: {r})\n'
    for n, d, (x, y), r, c in VIEWS)


# The same paths as polygons, for skia (which has no SVG path parser here).
POLYGONS = {
    STAR: [[(50, 2), (79, 92), (2, 36), (98, 36), (21, 92)]],
    RINGS: [[(5, 5), (95, 5), (95, 95), (5, 95)], [(25, 25), (75, 25), (75, 75), (25, 75)]],
}


def skia_path(d, centre, rule):
    import skia
    p = skia.Path()
    for polygon in POLYGONS[d]:
        p.addPoly([skia.Point(x + centre[0] - 50, y + centre[1] - 50) for x, y in polygon], True)
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
    return p


def skia_scene():
    import skia
    surface = skia.Surface(240, 230)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    for _, d, centre, rule, colour in VIEWS:
        paint = skia.Paint(AntiAlias=True)
        paint.setColor(skia.Color(*[int(colour[i:i + 2], 16) for i in (1, 3, 5)]))
        c.drawPath(skia_path(d, centre, rule), paint)
    return np.array(surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]]).astype(int)


def away_from_edges():
    """Pixels 2 px or more from every edge of every subpath (inside or out)."""
    import skia
    surface = skia.Surface(240, 230)
    c = surface.getCanvas()
    c.clear(skia.ColorBLACK)
    stroke = skia.Paint(AntiAlias=True, Color=skia.ColorWHITE, Style=skia.Paint.kStroke_Style,
                        StrokeWidth=5)
    for _, d, centre, rule, _ in VIEWS:
        c.drawPath(skia_path(d, centre, rule), stroke)
    return np.array(surface.makeImageSnapshot().toarray())[:, :, 0] == 0


def assert_close(mine, theirs, label, tolerance=3):
    mask = away_from_edges()
    assert mine.shape == theirs.shape, label
    assert mask.sum() > 20000, (label, int(mask.sum()))
    differ = mask & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) == 0, (
        label, int(differ.sum()),
        [(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist())
         for x, y in zip(xs[:4], ys[:4])])


def load_rgb(path):
    return np.array(Image.open(path).convert("RGB")).astype(int)


def render(tmp_path, suffix="png"):
    return render_scene(tmp_path, "rule", SCENE, 0, suffix)


def test_skia_fills_the_paths_like_anim(tmp_path):
    _, png = render(tmp_path)
    assert_close(load_rgb(png), skia_scene(), "skia")


def test_the_rule_shows(tmp_path):
    """Not vacuous: the pentagram's middle and the inner square are white
    even-odd and filled nonzero."""
    _, png = render(tmp_path)
    mine = load_rgb(png)
    assert mine[60, 60].tolist() == [255, 255, 255]
    assert mine[60, 180].tolist() == [255, 255, 255]
    assert mine[170, 60].tolist() == [0x20, 0xa0, 0x40]
    assert mine[170, 180].tolist() == [0xa0, 0x60, 0x20]


def test_chromium_draws_anims_svg_like_its_png(tmp_path):
    _, png = render(tmp_path)
    _, svg = render(tmp_path, "svg")
    assert svg.read_text().count('fill-rule="evenodd"') == 2
    assert_close(load_rgb(png), chromium_shot(svg, 240, 230), "chromium svg")


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_fill_the_paths_like_anim(player, tmp_path):
    script, png = render(tmp_path)
    doc = tmp_path / "rule.json"
    out = run("export", str(script), "-o", str(doc), "--to", "0.1", "--fps", "10")
    assert "warning" not in out.stderr
    data = json.loads(doc.read_text())
    validate(data)
    def fills(node):
        if isinstance(node, dict):
            if node.get("ty") == "fl":
                yield node["r"]
            for v in node.values():
                yield from fills(v)
        elif isinstance(node, list):
            for v in node:
                yield from fills(v)

    rules = sorted(fills(data["layers"]))
    assert rules == [1, 1, 2, 2]
    theirs = np.array(PLAYERS[player](doc, 0).convert("RGB")).astype(int)
    assert_close(load_rgb(png), theirs, player)


def test_the_html_player_fills_the_paths_like_anim(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script, png = render(tmp_path)
    page = tmp_path / "rule.html"
    run("export", str(script), "-o", str(page), "--to", "0.1", "--fps", "10")
    with Browser() as browser:
        browser.open(f"file://{page}")
        state_at(browser, 0)
        shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
        assert_close(load_rgb(png), shot, "player")


def test_a_rule_that_changes_is_a_lottie_warning(tmp_path):
    script = tmp_path / "change.anim"
    script.write_text(SCENE + "step 0.5\nstar.fillRule = nonzero\n")
    doc = tmp_path / "change.json"
    out = run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    assert "star.fillRule: Lottie's fill rule cannot change; the file keeps the first (evenodd)" \
        in out.stderr
