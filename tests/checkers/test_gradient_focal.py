"""A radial gradient's focal point (SPEC §21.1, `radial(…, focal: (x, y))`)
drawn by players anim did not write, against anim's PNG at interior pixels:

- skia-python's own two-point conical gradient (focal circle of radius 0,
  the outer circle the centre's), premultiplied, under the box's matrix;
- headless Chromium drawing anim's SVG (`fx`, `fy` on `<radialGradient>`);
- rlottie and ThorVG drawing anim's Lottie (the highlight `h`, `a`);
- the HTML player in headless Chromium at frame times (the focal point
  tweens, so its definitions must follow).

`ball`'s focal point tweens across its circle; `far`'s lies outside its
circle and is drawn at 0.99 of the radius in its direction (the rule every
backend shares, as lottie-web and ThorVG clamp Lottie's highlight).
"""

import json
import math

import numpy as np
import pytest

from test_gradients import assert_close, box_matrix, load_rgb, rgba
from test_shapes import PLAYERS
from test_tree import run, validate
from pixel_support import chromium_shot, render_scene

STOPS = '[(0, "#ffffff"), (0.5, "#ff000080"), (1, "#0000ff")]'
SCENE = f"""
stage(width: 240, height: 120, background: white)
ellipse ball(x: 60, y: 60, width: 100, height: 100, color: radial(center: (0.5, 0.5), radius: 0.5, focal: (0.3, 0.3), stops: {STOPS}))
rect far(x: 180, y: 60, width: 100, height: 100, color: radial(center: (0.5, 0.5), radius: 0.4, focal: (1.5, 0.5), stops: {STOPS}))
run tween(color: radial(center: (0.5, 0.5), radius: 0.5, focal: (0.7, 0.6), stops: {STOPS}), 1, ease: linear) on ball
"""

STOP_LIST = [(0, "#ffffffff"), (0.5, "#ff000080"), (1, "#0000ffff")]
VIEWS = {
    "ball": dict(x=60, y=60, w=100, h=100, rot=0, shape="oval", center=(0.5, 0.5), r=0.5,
                 focal=((0.3, 0.3), (0.7, 0.6))),
    "far": dict(x=180, y=60, w=100, h=100, rot=0, shape="rect", center=(0.5, 0.5), r=0.4,
                focal=((1.5, 0.5), (1.5, 0.5))),
}


def drawn_focal(view, progress):
    """The focal point at `progress` of the tween, moved within 0.99 of the
    radius of the centre."""
    (x0, y0), (x1, y1) = view["focal"]
    fx, fy = x0 + (x1 - x0) * progress, y0 + (y1 - y0) * progress
    cx, cy = view["center"]
    d = math.hypot(fx - cx, fy - cy)
    limit = 0.99 * view["r"]
    if d > limit:
        fx, fy = cx + (fx - cx) * limit / d, cy + (fy - cy) * limit / d
    return fx, fy


def shader(view, progress):
    import skia
    colours = [skia.Color4f(*rgba(c)).toColor() for _, c in STOP_LIST]
    local = box_matrix(view)
    local.preScale(view["w"], view["h"])
    fx, fy = drawn_focal(view, progress)
    return skia.GradientShader.MakeTwoPointConical(
        skia.Point(fx, fy), 0, skia.Point(*view["center"]), view["r"], colours,
        [o for o, _ in STOP_LIST], skia.TileMode.kClamp,
        skia.GradientShader.kInterpolateColorsInPremul_Flag, local)


def path(view):
    import skia
    p = skia.Path()
    rect = skia.Rect.MakeWH(view["w"], view["h"])
    p.addOval(rect) if view["shape"] == "oval" else p.addRect(rect)
    p.transform(box_matrix(view))
    return p


def skia_scene(progress):
    import skia
    surface = skia.Surface(240, 120)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    for view in VIEWS.values():
        c.drawPath(path(view), skia.Paint(AntiAlias=True, Shader=shader(view, progress)))
    return np.array(surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]]).astype(int)


def interior(names):
    """Pixels at least 2 px inside the named shapes."""
    import skia
    surface = skia.Surface(240, 120)
    c = surface.getCanvas()
    c.clear(skia.ColorBLACK)
    for name in names:
        c.drawPath(path(VIEWS[name]), skia.Paint(AntiAlias=True, Color=skia.ColorWHITE))
    inside = np.array(surface.makeImageSnapshot().toarray())[:, :, 0] == 255
    out = inside.copy()
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            out &= np.roll(np.roll(inside, dy, axis=0), dx, axis=1)
    return out


def render(tmp_path, at, suffix="png"):
    return render_scene(tmp_path, "focal", SCENE, at, suffix)


@pytest.mark.parametrize("at", [0.0, 0.5, 1.0])
def test_skia_draws_the_focal_points_like_anim(tmp_path, at):
    _, png = render(tmp_path, at)
    assert_close(load_rgb(png), skia_scene(at), interior(VIEWS), f"skia at {at}")


def test_the_focal_point_is_not_the_centre_drawn(tmp_path):
    """Not vacuous: the focal point moves what is drawn far from a centred
    gradient's (the white spot sits at the focal point)."""
    _, png = render(tmp_path, 0.0)
    mine = load_rgb(png)
    # ball's focal point (0.3, 0.3) of its box is pixel (40, 40): white.
    assert (mine[40, 40] >= 250).all(), mine[40, 40]
    # Its centre, 0.2·√2 of the way to a radius 0.5 circle from the focal
    # point: well into the red half, far from white.
    assert mine[60, 60][1] < 200, mine[60, 60]


@pytest.mark.parametrize("at", [0.0, 0.5])
def test_chromium_draws_anims_svg_of_the_focal_points_like_its_png(tmp_path, at):
    script, png = render(tmp_path, at)
    _, svg = render(tmp_path, at, "svg")
    text = svg.read_text()
    # far's focal point as anim draws it: 0.99 of 0.4 right of the centre.
    assert 'fx="0.896" fy="0.5"' in text, text
    assert_close(load_rgb(png), chromium_shot(svg, 240, 120), interior(VIEWS),
                 f"chromium svg at {at}")


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_the_focal_points_like_anim(player, tmp_path):
    script = tmp_path / "focal.anim"
    script.write_text(SCENE)
    doc = tmp_path / "focal.json"
    out = run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    assert "warning" not in out.stderr, out.stderr
    data = json.loads(doc.read_text())
    validate(data)
    items = [i for layer in data["layers"] for i in walk(layer) if i.get("ty") == "gf"]
    far = next(i for i in items if i["h"]["a"] == 0)
    assert far["h"]["k"] == pytest.approx(99) and far["a"]["k"] == 0
    # Beside far's focal point, 0.99 of the radius out, every stop is
    # passed within a pixel on the circle's side: the players' 8-bit colour
    # tables differ there by a few levels, so 7 px about it are left out (skia-python
    # agrees with anim there, above).
    yy, xx = np.mgrid[0:120, 0:240]
    mask = interior(VIEWS) & (np.hypot(xx + 0.5 - 219.6, yy + 0.5 - 60) > 7)
    for frame in (0, 5, 10):
        png = tmp_path / f"anim{frame}.png"
        run("render", str(script), "-o", str(png), "--at", repr(frame / 10), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        assert_close(load_rgb(png), theirs, mask, f"{player} frame {frame}")


def walk(o):
    if isinstance(o, dict):
        yield o
        for v in o.values():
            yield from walk(v)
    elif isinstance(o, list):
        for v in o:
            yield from walk(v)


def test_the_html_player_moves_the_focal_point_as_anim_renders_it(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = tmp_path / "focal.anim"
    script.write_text(SCENE)
    page = tmp_path / "focal.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    assert page.read_text().count(" fx=") > 2
    mask = interior(VIEWS)
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.5, 1):
            png = tmp_path / f"at{t}.png"
            run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
            state_at(browser, t)
            shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
            assert_close(load_rgb(png), shot, mask, f"player at {t}")


def test_a_focal_point_prints_tweens_and_is_refused_when_not_a_finite_point(tmp_path):
    script = tmp_path / "print.anim"
    script.write_text(SCENE + "step 0.5\nprint ball.color\nprint far.color\n")
    lines = run("run", str(script)).stdout.splitlines()
    assert lines[-2] == (
        "radial((0.5, 0.5), 0.5, [(0, #ffffff), (0.5, #ff000080), (1, #0000ff)], focal: (0.5, 0.45))")
    # As written: the clamp is how it is drawn, not what it holds.
    assert lines[-1].endswith("focal: (1.5, 0.5))"), lines[-1]
    # No focal point, or the centre: printed as before.
    plain = tmp_path / "plain.anim"
    plain.write_text('print radial(center: (0.5, 0.5), radius: 0.5, focal: (0.5, 0.5), '
                     'stops: [(0, red), (1, blue)])\n')
    assert run("run", str(plain)).stdout == "radial((0.5, 0.5), 0.5, [(0, #ff0000), (1, #0000ff)])\n"
    # Like the centre: wrong values are runtime errors (exit 70) at the value
    # (the language makes no non-finite number: 1e308 * 10 is refused where
    # it is computed).
    for value, message, code in (
            ("0.5", "focal must be a point (x, y), not number", 70),
            ('"top"', "focal must be a point (x, y), not string", 70),
            ("(1e400, 0)", "number is too large", 65)):
        bad = tmp_path / "bad.anim"
        bad.write_text('stage(width: 10, height: 10)\n'
                       f'rect r(color: radial(center: (0.5, 0.5), radius: 0.5, focal: {value}, '
                       'stops: [(0, red), (1, blue)]))\n')
        out = run("run", str(bad), check=False)
        assert out.returncode == code, (value, out.returncode, out.stderr)
        # The caret at the value (column 62), or at the number inside it.
        column = 63 if value.startswith("(") else 62
        assert f"bad.anim:2:{column}: error: {message}" in out.stderr, out.stderr
    # A misspelt label is refused before the script runs, the right one named.
    bad.write_text('print radial(center: (0.5, 0.5), radius: 0.5, focus: (0, 0), '
                   'stops: [(0, red), (1, blue)])\n')
    out = run("run", str(bad), check=False)
    assert out.returncode == 65 and "did you mean 'focal:'?" in out.stderr, out.stderr


def test_a_focal_point_round_trips_through_lottie(tmp_path):
    """anim's Lottie of a tweening focal point, imported back (the highlight
    `h`, `a` read as lottie-web reads it), draws what anim drew."""
    script = tmp_path / "ball.anim"
    script.write_text(SCENE.replace("\nrect far(", "\n# rect far("))
    doc = tmp_path / "ball.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    back = tmp_path / "back.anim"
    out = run("import", str(doc), "-o", str(back))
    assert "highlight" not in out.stderr, out.stderr
    assert "focal: (" in back.read_text()
    for t in (0, 0.5, 1):
        a, b = tmp_path / f"a{t}.png", tmp_path / f"b{t}.png"
        run("render", str(script), "-o", str(a), "--at", str(t), "--quiet")
        run("render", str(back), "-o", str(b), "--at", str(t), "--quiet")
        diff = np.abs(load_rgb(a) - load_rgb(b))
        assert diff.max() <= 1, (t, int(diff.max()), int((diff > 1).any(axis=2).sum()))
