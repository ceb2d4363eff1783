"""The HTML player (`anim export -o x.html`, SPEC §13) checked by what
headless Chromium draws, driven through the DevTools protocol.

- Screenshots of the page at `#t=T` match anim's own PNG of the frame at T
  at interior pixels, for every example and several frame times each,
  including times after every motion has ended (a player that animates back
  to the declared value after a track's last keyframe fails here).
- `#anim-state` reads the drawn elements: it follows what the page draws
  when the page's animations are changed behind its back.
"""

import glob
import json
import os
import subprocess

import pytest
from PIL import Image

from cdp_support import Browser, chromium_path
from test_export import ANIM, ROOT, interior_pixels

FPS = 10


def run(args, **kw):
    return subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=300, **kw)


@pytest.fixture(scope="module")
def browser():
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    with Browser() as b:
        yield b


def state_at(browser, t):
    """Opens `#t=T` (the page's own `hashchange` handler comes later; it is
    called here at once) and reads `#anim-state`."""
    return json.loads(browser.evaluate(
        f'location.hash = "#t={t!r}"; fromHash(); '
        'document.getElementById("anim-state").textContent'))


def compare(shot, want, label, stray=0):
    """Every interior pixel of anim's frame `want` in Chromium's `shot`,
    within 2/255 per channel (opaque pixels: the page shows a checkerboard
    under a transparent stage), but for at most `stray` of them."""
    assert shot.size == want.size, (label, shot.size, want.size)
    got = shot.load()
    compared = 0
    bad = []
    for x, y, c in interior_pixels(want, step=2):
        if c[3] != 255:
            continue
        g = got[x, y]
        if any(abs(g[i] - c[i]) > 2 for i in range(3)):
            bad.append((x, y, g, c))
        compared += 1
    assert compared > 100, (label, compared)
    assert len(bad) <= stray, (label, len(bad), compared, bad[:5])


def frame_times(count):
    """A few frame indices of `count` frames: early, middle, late and the last."""
    picks = {1, count // 3, count // 2, (3 * count) // 4, count - 2, count - 1}
    return sorted(k for k in picks if 0 <= k < count)


def open_player(browser, tmp_path, name, source, to):
    """Writes `source` as NAME.anim, exports its player to `to` s and opens
    it in Chromium; returns the script's path."""
    script = tmp_path / f"{name}.anim"
    script.write_text(source)
    page = tmp_path / f"{name}.html"
    p = run(["export", str(script), "-o", str(page), "--to", str(to), "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    browser.open(f"file://{page}")
    return script


def assert_plays_as_rendered(browser, script, times, label, stray=0):
    """At each time (frame times and between), the player's stage drawn by
    Chromium against anim's own PNG of that time."""
    for t in times:
        png = script.parent / f"{label}-at{t}.png"
        p = run(["render", str(script), "-o", str(png), "--at", str(t), "--quiet"])
        assert p.returncode == 0, p.stderr
        state_at(browser, t)
        want = Image.open(png).convert("RGBA")
        compare(browser.screenshot("#stage"), want, f"{label} at t = {t}", stray=stray)


def player_examples():
    return sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim")))


@pytest.mark.parametrize("example", list(player_examples()))
def test_chromium_draws_every_example_as_anim_renders_it(example, browser, tmp_path):
    page = tmp_path / "page.html"
    p = run(["export", example, "-o", str(page), "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    frames = tmp_path / "frames"
    frames.mkdir()
    p = run(["render", example, "-o", str(frames / "f%05d.png"), "--fps", str(FPS), "--quiet"])
    assert p.returncode == 0, p.stderr
    count = len(os.listdir(frames))
    assert count >= 2
    browser.open(f"file://{page}")
    start = json.loads(browser.evaluate('document.getElementById("anim-data").textContent'))["start"]
    for k in frame_times(count):
        t = start + k / FPS
        state = state_at(browser, t)
        assert state["t"] == t
        want = Image.open(frames / f"f{k:05d}.png").convert("RGBA")
        compare(browser.screenshot("#stage"), want, f"{os.path.basename(example)} at t = {t}")


ENDED = """
stage(width: 240, height: 120, background: "#202020")
view box(x: 30, y: 60, width: 30, height: 30, color: red, cornerRadius: 4)
view pad(x: 120, y: 30, width: 40, height: 20, color: "#3080ff")
run move(to: (200, 60), 0.5) on box
run fade(out, 0.3) | scale(to: (2, 0.5), 0.4) | rotate(to: 30, 0.2) on pad
run color(to: green, 0.4) | tween(cornerRadius: 15, width: 40, height: 40, 0.6) on box
"""


def test_motions_that_ended_stay_where_they_ended(browser, tmp_path):
    script = tmp_path / "ended.anim"
    script.write_text(ENDED)
    page = tmp_path / "ended.html"
    p = run(["export", str(script), "-o", str(page), "--to", "1", "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    browser.open(f"file://{page}")
    for t in (0.75, 1.0):
        s = state_at(browser, t)["views"]
        assert s["box"]["x"] == 200 and s["box"]["y"] == 60
        assert (s["box"]["width"], s["box"]["height"], s["box"]["cornerRadius"]) == (40, 40, 15)
        assert s["box"]["color"] == "#008000ff"
        assert s["pad"]["alpha"] == 0
        assert (s["pad"]["scaleX"], s["pad"]["scaleY"], s["pad"]["rotation"]) == (2, 0.5, 30)
    frames = tmp_path / "frames"
    frames.mkdir()
    p = run(["render", str(script), "-o", str(frames / "f%05d.png"), "--to", "1",
             "--fps", str(FPS), "--quiet"])
    assert p.returncode == 0, p.stderr
    for k in (5, 8, 10):
        state_at(browser, k / FPS)
        want = Image.open(frames / f"f{k:05d}.png").convert("RGBA")
        compare(browser.screenshot("#stage"), want, f"ended at {k / FPS}")


def test_the_readout_reads_what_is_drawn(browser, tmp_path):
    script = tmp_path / "ended.anim"
    script.write_text(ENDED)
    page = tmp_path / "ended.html"
    p = run(["export", str(script), "-o", str(page), "--to", "1", "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    browser.open(f"file://{page}")
    assert state_at(browser, 0.25)["views"]["box"]["x"] == 115
    # Cancel every animation behind the page's back: the drawn box is back
    # at its declared place, and the readout says so.
    browser.evaluate("document.getAnimations().forEach(a => a.cancel())")
    s = browser.evaluate("state(0.25)")["views"]
    assert s["box"]["x"] == 30 and s["pad"]["alpha"] == 1


# Every animated shape property (SPEC §16): a rect's size and corner radius
# under a corner anchor, a trim whose start is after its end, moving offset
# past the end of the outline (wrap-around), a star's inner radius on an
# overshooting curve, stroke width and colour, a polygon's width, and a
# round-capped stroke of zero length (no dot) that starts drawing at 0.6 s.
SHAPES = """
stage(width: 300, height: 200, background: "#202020")
rect r(x: 40, y: 30, width: 60, height: 40, color: "#3080ff", stroke: white, strokeWidth: 4, cornerRadius: 4, anchor: (0, 0))
ellipse e(x: 210, y: 60, width: 100, height: 70, color: transparent, stroke: "#ff8000", strokeWidth: 10, lineCap: round, trimStart: 0.8, trimEnd: 0.3, trimOffset: 0.1)
star s(x: 70, y: 145, width: 80, height: 80, points: 5, innerRadius: 0.5, color: "#ffc000", stroke: black, strokeWidth: 3)
polygon p(x: 210, y: 150, width: 70, height: 70, sides: 6, color: "#00a000", stroke: white, strokeWidth: 2, lineJoin: round)
ellipse z(x: 140, y: 100, width: 30, height: 30, color: transparent, stroke: "#00ffff", strokeWidth: 8, lineCap: round, trimEnd: 0)
run tween(width: 100, height: 30, cornerRadius: 12, 1, ease: inOutCubic) on r
run tween(trimOffset: 0.7, 1) | tween(trimEnd: 0.95, 0.6, ease: outQuad) on e
run tween(innerRadius: 0.2, 1, ease: outBack) | tween(strokeWidth: 8, 0.5) on s
run tween(stroke: red, 1) | tween(width: 40, 0.8, ease: inQuad) on p
run draw(0.5, delay: 0.6) on z
"""


def test_chromium_follows_every_animated_shape_property(browser, tmp_path):
    script = open_player(browser, tmp_path, "shapes", SHAPES, 1.2)
    # Frame times and times between frames (anim renders any time with --at).
    times = (0.1, 0.3, 0.45, 0.55, 0.63, 0.77, 0.9, 1.2)
    assert_plays_as_rendered(browser, script, times, "shapes")
    # The readout adds a path's stroke as drawn.
    s = state_at(browser, 1.2)["views"]
    assert s["p"]["stroke"] == "#ff0000ff" and s["p"]["lineJoin"] == "round"
    assert s["s"]["strokeWidth"] == 8 and s["e"]["lineCap"] == "round"
    assert s["r"]["x"] == 40 and s["r"]["width"] == 100


# Parents whose size and anchor animate (SPEC §17): children placed in the
# parent's box follow it; clips of every outline follow the clip view's
# animated geometry (an ellipse and a star whose size and inner radius
# move, a layer's box under a moving anchor, an ellipse morphing to a star).
PARENTS = """
stage(width: 320, height: 220, background: "#202020")
rect card(x: 80, y: 70, width: 100, height: 60, color: "#3080ff", anchor: (0, 0))
rect dot(x: 20, y: 20, width: 16, height: 16, color: white, parent: card)
rect corner(x: 100, y: 60, width: 20, height: 20, color: "#ffc000", parent: card)
ellipse lens(x: 240, y: 70, width: 80, height: 60, color: "#404040", clip: true)
rect bar(x: 40, y: 30, width: 140, height: 14, color: "#ff4040", parent: lens)
star badge(x: 230, y: 165, width: 70, height: 70, points: 5, innerRadius: 0.5, color: "#505050", clip: true, rotation: 10)
rect stripe(x: 35, y: 35, width: 20, height: 120, color: "#40ff80", parent: badge)
layer frame(x: 60, y: 150, width: 60, height: 40, anchor: (1, 1), clip: true)
ellipse ball(x: 30, y: 20, width: 70, height: 70, color: "#ff80ff", parent: frame)
star target(x: 0, y: 0, width: 60, height: 60, points: 4, alpha: 0)
ellipse eye(x: 150, y: 170, width: 60, height: 60, color: "#303060", clip: true)
rect lid(x: 30, y: 10, width: 80, height: 16, color: "#80c0ff", parent: eye, rotation: 20)
run morph(to: target, 1, ease: inOutQuad) on eye
run tween(width: 160, height: 90, 1, ease: inOutCubic) | tween(anchorX: 0.5, anchorY: 0.5, 1) on card
run tween(width: 140, height: 30, 1, ease: outQuad) on lens
run tween(innerRadius: 0.2, width: 100, 1) on badge
run tween(width: 100, height: 70, 1) | tween(anchor: (0.5, 0.5), 1, ease: inQuad) on frame
"""


def test_children_and_clips_follow_a_parents_animated_box(browser, tmp_path):
    script = open_player(browser, tmp_path, "parents", PARENTS, 1)
    # Frame times and times between frames.
    assert_plays_as_rendered(browser, script, (0, 0.3, 0.45, 0.7, 0.85, 1), "parents")


# A fill whose colour's alpha animates under a translucent stroke (SPEC
# §16.2): the fill and the stroke each at their own alpha, where the stroke
# overlaps the fill too. `e` changes its colour's red, green, blue and alpha
# together while its alpha fades; `s` only its colour's alpha, eased, and
# its stroke's hue and alpha together (which CSS would blend premultiplied).
PAINTS = """
stage(width: 300, height: 160, background: "#202020")
ellipse e(x: 80, y: 80, width: 110, height: 110, color: "#ff2000", stroke: "#00ff8080", strokeWidth: 24, alpha: 0.9)
star s(x: 220, y: 80, width: 120, height: 120, points: 5, innerRadius: 0.5, color: "#ffffff", stroke: "#3080ffc0", strokeWidth: 14, lineJoin: round)
run color(to: "#0040ff40", 1) | fade(to: 0.4, 1) on e
run tween(color: "#ffffff30", 1, ease: inOutCubic) | tween(stroke: "#ff000040", 1) on s
"""


def test_fill_and_stroke_keep_their_own_alphas(browser, tmp_path):
    script = open_player(browser, tmp_path, "paints", PAINTS, 1)
    assert ' data-alpha="opacity" style' not in script.with_suffix(".html").read_text()
    # Frame times, and between frames (where e's colour is straight between
    # its frames' values, within the comparison's 2/255).
    times = (0, 0.2, 0.25, 0.5, 0.55, 0.8, 1)
    assert_plays_as_rendered(browser, script, times, "paints")
    for t in times:
        s = state_at(browser, t)["views"]
        assert abs(s["e"]["alpha"] - (0.9 + (0.4 - 0.9) * t)) < 1e-5


# A text's stroke and trim animated (SPEC §18): a label typing itself on by
# its trim, glyph after glyph, its stroke width and colour moving, and a
# filled title whose alpha fades under its stroke; and a shape of three
# subpaths drawn on, one after the other, with a moving offset (§16.3).
TEXTS = """
stage(width: 360, height: 160, background: "#202020")
shape bars(x: 40, y: 80, width: 50, height: 60, d: "M0 0 L50 0 M0 30 L50 30 M0 60 L50 60", color: transparent, stroke: "#40ff80", strokeWidth: 8, trimEnd: 0)
run draw(1) | tween(trimOffset: 0.2, 1) on bars
text label("Hello", size: 56, x: 180, y: 50, color: transparent, stroke: "#ffc000", strokeWidth: 3, lineJoin: round, trimEnd: 0)
text title("Go", size: 60, x: 180, y: 120, color: "#3080ff", stroke: white, strokeWidth: 2)
run draw(1, ease: inOutQuad) | tween(strokeWidth: 6, 1) on label
run tween(stroke: "#ff4040", strokeWidth: 8, 1) | fade(to: 0.5, 1) on title
"""


def test_a_texts_stroke_and_trim_play(browser, tmp_path):
    script = open_player(browser, tmp_path, "texts", TEXTS, 1)
    # A trimmed end lies where Chromium's arc length puts it (Skia
    # measures flattened curves): a fraction of a point off, a few
    # pixels at each end of the piece.
    assert_plays_as_rendered(browser, script, (0, 0.2, 0.35, 0.5, 0.8, 1), "texts", stray=8)


# A trimmed outline of several subpaths whose size animates (SPEC §16.3):
# one dash runs over the subpaths in order, each subpath's share of the
# length following the outline frame by frame, where one path with one
# dash would draw a piece of every subpath (browsers start a dash again at
# each subpath). Closed subpaths too, filled, drawn on with a moving offset
# as the box grows from its left edge.
MOVING_CONTOURS = """
stage(width: 300, height: 160, background: "#202020")
shape bars(x: 150, y: 80, width: 120, height: 100, d: "M0 0 L100 0 M0 50 L100 50 M0 100 L60 100", color: transparent, stroke: "#40ff80", strokeWidth: 10, trimEnd: 0.1)
run tween(width: 240, 1, ease: inOutQuad) | tween(trimEnd: 0.9, 1) on bars
shape boxes(x: 150, y: 130, width: 100, height: 16, d: "M0 0 H40 V16 H0 Z M60 0 H100 V16 H60 Z", color: "#3080ff", stroke: white, strokeWidth: 4, lineJoin: round, trimEnd: 0, anchor: (0, 0.5))
run draw(1) | tween(width: 140, height: 24, 1, ease: outQuad) | tween(trimOffset: 0.3, 1) on boxes
"""


def test_a_trimmed_outline_of_several_subpaths_follows_its_moving_size(browser, tmp_path):
    script = open_player(browser, tmp_path, "contours", MOVING_CONTOURS, 1)
    # Frame times and times between frames.
    # The trimmed end a fraction of a point off (see the texts' test).
    assert_plays_as_rendered(browser, script, (0, 0.2, 0.35, 0.5, 0.65, 0.8, 1), "contours", stray=8)


# A text that clips (SPEC §17, §18) follows its drawings: its size grows,
# then its string changes; the clip is the glyphs anim draws at each frame,
# not the first drawing's. A counting number clips its child too.
TEXT_CLIPS = """
stage(width: 360, height: 160, background: "#202020")
text word("HI", x: 120, y: 80, size: 40, color: "#303030", clip: true) {
  rect fill(x: 0, y: 0, width: 800, height: 800, color: "#ff4040")
}
text count(value: 1, size: 60, x: 290, y: 80, color: "#303030", clip: true) {
  rect bar(x: 0, y: 0, width: 800, height: 800, color: "#40ff80")
}
run tween(size: 90, 0.5, ease: outQuad) on word
run tween(value: 80, 1) on count
step 0.6
word.text = "WOW"
"""


def test_a_texts_clip_follows_its_drawings(browser, tmp_path):
    script = open_player(browser, tmp_path, "textclips", TEXT_CLIPS, 1)
    # Frame times, before and after the string changed (between frames the
    # page holds the frame's drawing, a text's as its clip's: docs/export.md).
    times = (0, 0.1, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 1)
    assert_plays_as_rendered(browser, script, times, "text clips")


# Texts whose anchor moves (SPEC §16.1, §18): the glyphs follow the box's
# corner as it moves about the anchor point; a text that clips moves its
# clip's glyphs the same way, while its string changes too.
TEXT_ANCHORS = """
stage(width: 320, height: 180, background: "#202020")
text t("Hello", x: 100, y: 60, size: 40, color: white, rotation: 10)
text m("MASK", x: 220, y: 120, size: 44, color: "#303030", clip: true) {
  rect fill(x: 0, y: 0, width: 800, height: 800, color: "#40ff80")
}
run tween(anchorX: 0, anchorY: 1, 1, ease: inOutQuad) on t
run tween(anchor: (1, 0), 1) | tween(size: 56, 1) on m
step 0.5
m.text = "WIDER"
"""


def test_a_texts_moving_anchor_plays(browser, tmp_path):
    script = open_player(browser, tmp_path, "textanchors", TEXT_ANCHORS, 1)
    # Between frames too (0.25, 0.85), but at frame times around the string
    # change: between frames the page holds the frame's drawing and clip.
    times = (0, 0.25, 0.5, 0.6, 0.85, 1)
    assert_plays_as_rendered(browser, script, times, "text anchors", stray=8)


# A clip switched on and off by the script (SPEC §17: `clip` is a
# property; test_tree's SWITCHING_CLIP, on, off from 0.3 s, on again from
# 0.6 s, while the clip view turns): the page clips only while anim's PNG
# does.
def test_a_clip_switched_on_and_off_plays(browser, tmp_path):
    from test_tree import SWITCHING_CLIP
    script = open_player(browser, tmp_path, "clipswitch", SWITCHING_CLIP, 1)
    times = (0, 0.2, 0.3, 0.45, 0.55, 0.6, 0.7, 1)
    assert_plays_as_rendered(browser, script, times, "clip switch")


def test_anims_own_text_clip_lies_on_its_glyphs_as_its_size_moves(tmp_path):
    """anim's PNG (the reference above) clips to the glyphs it draws while
    the text's box grows between declarations: the red a clipping text
    shows is where the same text, unclipped, draws white (world transforms
    lay texts out first, even when no text has letters). The clip is
    Cairo's coverage of the glyphs and the white text anim's own fill's
    (SPEC §12.1), which differ by a few levels along the edges (at most 8
    here): the inside is the same to the level."""
    clipped = tmp_path / "clipped.anim"
    clipped.write_text(
        'stage(width: 200, height: 100, background: black)\n'
        'text t("HI", x: 100, y: 50, size: 40, color: black, clip: true) {\n'
        '  rect r(x: 0, y: 0, width: 800, height: 800, color: red)\n}\n'
        'run tween(size: 80, 1, ease: linear) on t\n')
    plain = tmp_path / "plain.anim"
    plain.write_text(
        'stage(width: 200, height: 100, background: black)\n'
        'text t("HI", x: 100, y: 50, size: 40, color: white)\n'
        'run tween(size: 80, 1, ease: linear) on t\n')
    for script in (clipped, plain):
        p = run(["render", str(script), "-o", str(script.with_suffix(".png")), "--at", "0.5",
                 "--quiet"])
        assert p.returncode == 0, p.stderr
    red = Image.open(clipped.with_suffix(".png")).convert("RGB").load()
    white = Image.open(plain.with_suffix(".png")).convert("RGB").load()
    inside = 0
    for y in range(100):
        for x in range(200):
            r = red[x, y][0]
            w = white[x, y][0]
            assert abs(r - w) <= (0 if w in (0, 255) and r in (0, 255) else 10), \
                (x, y, red[x, y], white[x, y])
            inside += r == 255
    assert inside > 500, inside


# SPEC §16.3 in the player: a round-capped line being trimmed shows no dot
# where the stroke is not (issue 33: a dash of the period-one pattern ending
# exactly at the start, or starting exactly at the end, was drawn by Chromium
# as a round cap's dot: 15 of 4 310 interior points wrong at ¼, ½, ¾).
ROUND_LINE = """\
stage(width: 240, height: 60, background: white)
shape l(x: 120, y: 30, width: 200, height: 20, d: "M0 10 L200 10", viewBox: (0, 0, 200, 20), color: transparent, stroke: black, strokeWidth: 16, lineCap: round)
run tween(trimStart: 1, 1, ease: linear) on l
"""

DRAWN_LINE = """\
stage(width: 240, height: 60, background: white)
shape l(x: 120, y: 30, width: 200, height: 20, d: "M0 10 L200 10", viewBox: (0, 0, 200, 20), color: transparent, stroke: black, strokeWidth: 16, lineCap: round, trimEnd: 0)
run tween(trimEnd: 1, 1, ease: linear) on l
"""


@pytest.mark.parametrize("name, source", [("undraw", ROUND_LINE), ("draw", DRAWN_LINE)])
def test_a_round_capped_line_being_trimmed_has_no_stray_dot(browser, tmp_path, name, source):
    script = open_player(browser, tmp_path, name, source, 1)
    for t in (0.2, 0.3, 0.5, 0.7, 0.8):
        png = tmp_path / f"{name}{t}.png"
        r = run(["render", str(script), "-o", str(png), "--at", str(t), "--quiet"])
        assert r.returncode == 0, r.stderr
        state_at(browser, t)
        shot = browser.screenshot("#stage")
        compare(shot.convert("RGBA"), Image.open(png).convert("RGBA"), f"{name} at {t}")
        # The dots' places in particular: the line's ends, where the stroke is not.
        want = Image.open(png).convert("RGB")
        got = shot.convert("RGB")
        for x in (20, 220):
            if want.getpixel((x, 30)) == (255, 255, 255):
                assert got.getpixel((x, 30)) == (255, 255, 255), (name, t, x, got.getpixel((x, 30)))


SHRINKING_CORNERS = """\
stage(width: 90, height: 90)
rect r(x: 45, y: 45, width: 0.0005, height: 0.0005, cornerRadius: 10, color: "#ffd640", stroke: "#1aa699", strokeWidth: 10)
run tween(width: 60, 0.2, ease: cubicBezier(0.167, 0.167, 0.667, 1)) on r
run tween(height: 60, 0.2, ease: cubicBezier(0.167, 0.167, 0.667, 1)) on r
run wait(0.4) + tween(cornerRadius: 0.3, 0.15) + tween(cornerRadius: 15.3, 0.2) on r
"""


def test_a_rounded_rectangle_growing_from_nothing_plays(browser, tmp_path):
    # Its path changes form as it grows from a dot, so DerivedKeyframes
    # takes it at every frame (straight between frames, so only frame
    # times are compared); the export once trapped on such a rectangle
    # imported from Lottie.
    script = open_player(browser, tmp_path, "corners", SHRINKING_CORNERS, 0.8)
    times = (0.1, 0.2, 0.3, 0.5, 0.6, 0.7)
    assert_plays_as_rendered(browser, script, times, "growing corners")
