"""A text's letters (SPEC §18) checked against tools anim did not write.

Layout: each letter's advance box (its left and top from anim's SVG, its
width and height from the anchor of its Lottie layer, its x, y from the
layer's position) against HarfBuzz (uharfbuzz) shaping each line of the same
string in the same font file with the optional ligatures off, grapheme
clusters merged where one glyph spans several, to 1e-6.

Pixels: a title revealed letter by letter (a stagger of fade and move, each
letter 0.04 s after the one before) at a frame in the middle of the reveal,
drawn independently (FreeType's outlines of HarfBuzz's glyphs, each letter at
its own opacity and offset, rasterised by Skia), against anim's PNG (Cairo),
Chromium drawing anim's SVG, anim's Lottie through rlottie and thorvg, and
the HTML player in Chromium: the letter's colour times its opacity inside
every glyph, the background outside.
"""

import json
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

hb = pytest.importorskip("uharfbuzz")
freetype = pytest.importorskip("freetype")
skia = pytest.importorskip("skia")

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
ORANGE = (255, 165, 0)
W, H = 800, 300


def anim(*args):
    done = subprocess.run([ANIM, *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def quoted(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def graphemes(line):
    """The line's grapheme clusters as (start, end) UTF-8 byte offsets, for
    the strings these tests use: a base character with the combining marks
    and emoji modifiers (U+1F3FB…U+1F3FF) that follow it."""
    clusters = []
    offset = 0
    for ch in line:
        n = len(ch.encode("utf-8"))
        joins = 0x300 <= ord(ch) <= 0x36F or 0x1F3FB <= ord(ch) <= 0x1F3FF
        if joins and clusters:
            clusters[-1][1] = offset + n
        else:
            clusters.append([offset, offset + n])
        offset += n
    return clusters


def shaped_letters(text, size, tracking, align, font_file=FONT):
    """Each letter as (its string, left, top, width, height, glyphs), the
    glyphs as (glyph id, x offset from the letter's left, y offset) at
    `size`, in the text's box shaped in `font_file`; and the box's width
    and height."""
    face = hb.Face(hb.Blob.from_file_path(font_file))
    font = hb.Font(face)
    k = size / face.upem
    line_height = 1.2 * size
    lines = []
    for line in text.split("\n"):
        buf = hb.Buffer()
        buf.add_utf8(line.encode("utf-8"))
        buf.guess_segment_properties()
        buf.direction = "ltr"
        hb.shape(font, buf, {"liga": False, "clig": False, "dlig": False})
        glyphs = list(zip(buf.glyph_infos, buf.glyph_positions))
        letters = []
        data = line.encode("utf-8")
        for start, end in graphemes(line):
            # A cluster whose bytes no glyph starts in joins the one before.
            mine = [(i, p) for i, p in glyphs if start <= i.cluster < end]
            if not mine and letters:
                letters[-1][0] += data[start:end].decode("utf-8")
                continue
            letters.append([data[start:end].decode("utf-8"), mine])
        width = sum(p.x_advance for _, p in glyphs) * k + len(letters) * tracking
        lines.append((letters, width))
    box_w = max(w for _, w in lines)
    fraction = {"left": 0, "center": 0.5, "right": 1}[align]
    result = []
    for n, (letters, width) in enumerate(lines):
        pen = (box_w - width) * fraction
        for string, glyphs in letters:
            placed, advance = [], 0.0
            for info, pos in glyphs:
                placed.append((info.codepoint, advance + pos.x_offset * k, -pos.y_offset * k))
                advance += pos.x_advance * k
            result.append((string, pen, n * line_height, advance + tracking, line_height, placed))
            pen += advance + tracking
    return result, box_w, len(lines) * line_height


LAYOUTS = [
    # string, size, tracking, align
    ("Hello, AVA fi ffi", 64, 0, "center"),
    ("Wave\u0301 \U0001F44D\U0001F3FDx", 48, 3.5, "left"),
    ("Two lines\nof text, right", 40, -1.25, "right"),
]


@pytest.mark.parametrize("case", LAYOUTS, ids=lambda c: c[0].encode("ascii", "replace").decode())
def test_each_letter_box_matches_harfbuzz(case, tmp_path):
    text, size, tracking, align = case
    source = tmp_path / "t.anim"
    source.write_text(
        f"stage(width: {W}, height: {H}, background: black)\n"
        f'text t("{quoted(text)}", font: "{FONT}", size: {size}, tracking: {tracking}, '
        f"align: {align}, color: orange, x: 400, y: 150)\n"
        "print t.letters.count\n")
    count = int(anim("run", str(source)).split()[0])
    anim("render", str(source), "-o", str(tmp_path / "t.svg"))
    anim("export", str(source), "-o", str(tmp_path / "t.json"))
    expected, box_w, box_h = shaped_letters(text, size, tracking, align)
    assert count == len(expected)
    # "ffi" is three letters (no ligature); a line break is no letter.
    assert count == len(text.replace("\n", "")) - text.count("\u0301") - text.count("\U0001F3FD")
    svg = (tmp_path / "t.svg").read_text()
    layers = {layer["nm"]: layer for layer in json.loads((tmp_path / "t.json").read_text())["layers"]}
    for i, (string, left, top, width, height, _) in enumerate(expected):
        name = f"t.letters[{i}]"
        e, f = (float(v) for v in re.search(
            rf'data-view="{re.escape(name)}" transform="matrix\(1 0 0 1 (\S+) (\S+)\)"',
            svg).groups())
        assert abs(e - left) <= 1e-6 and abs(f - top) <= 1e-6, (string, (e, f), (left, top))
        ks = layers[name]["ks"]
        ax, ay = ks["a"]["k"][:2]
        assert abs(2 * ax - width) <= 1e-6 and abs(2 * ay - height) <= 1e-6, (string, ax, width)
        px, py = ks["p"]["x"]["k"], ks["p"]["y"]["k"]
        assert abs(px - (left + width / 2)) <= 1e-6 and abs(py - (top + height / 2)) <= 1e-6
        assert layers[name]["parent"] == layers["t"]["ind"]


REVEAL = ("Reveal fi AV!", 72, 2, "center")
AT = 0.2  # seconds: letters 0-4 part-way in, 5 on not started


def reveal_script():
    text, size, tracking, align = REVEAL
    return (
        f"stage(width: {W}, height: {H}, background: black)\n"
        f'text t("{text}", font: "{FONT}", size: {size}, tracking: {tracking}, '
        f"align: {align}, color: orange, x: 400, y: 150)\n"
        "run stagger(t.letters, fade(from: 0, 0.3, ease: linear) | "
        "move(by: (0, -12), 0.3, ease: linear), sort: default, each: 0.04)\n"
        "step 1\n")


def reference_reveal():
    """Each letter's interior and exterior pixels and its opacity at AT,
    from FreeType's outlines placed as HarfBuzz shapes them."""
    text, size, tracking, align = REVEAL
    letters, box_w, box_h = shaped_letters(text, size, tracking, align)
    ft = freetype.Face(FONT)
    k = size / ft.units_per_EM
    baseline = (1.2 * size - (ft.ascender - ft.descender) * k) / 2 + ft.ascender * k
    result = []
    for i, (string, left, top, _, _, glyphs) in enumerate(letters):
        p = min(max((AT - 0.04 * i) / 0.3, 0), 1)
        path = skia.Path()
        for gid, gx, gy in glyphs:
            ft.load_glyph(gid, freetype.FT_LOAD_NO_SCALE | freetype.FT_LOAD_NO_HINTING
                          | freetype.FT_LOAD_NO_BITMAP)
            ox = 400 - box_w / 2 + left + gx
            oy = 150 - box_h / 2 + top + baseline + gy - 12 * p

            def at(v, ox=ox, oy=oy):
                return (ox + v.x * k, oy - v.y * k)

            def move_to(a, _, at=at):
                if path.countVerbs():
                    path.close()
                path.moveTo(*at(a))
                return 0

            def line_to(a, _, at=at):
                path.lineTo(*at(a))
                return 0

            def conic_to(a, b, _, at=at):
                path.quadTo(*at(a), *at(b))
                return 0

            def cubic_to(a, b, c, _, at=at):
                path.cubicTo(*at(a), *at(b), *at(c))
                return 0

            ft.glyph.outline.decompose(None, move_to, line_to, conic_to, cubic_to)
        if path.countVerbs():
            path.close()
        surface = skia.Surface(W, H)
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorTRANSPARENT)
        canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=skia.ColorBLACK))
        cover = surface.makeImageSnapshot().toarray()[:, :, 3].astype(int)
        padded = np.pad(cover, 1, mode="edge")
        near = [padded[1 + dy:1 + dy + H, 1 + dx:1 + dx + W]
                for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        result.append((string, p, np.min(near, axis=0) == 255, np.max(near, axis=0) > 0))
    return result


def assert_reveal(rgb, tolerance):
    letters = reference_reveal()
    assert sorted({round(p, 3) for _, p, _, _ in letters}) == [0, 0.133, 0.267, 0.4, 0.533, 0.667]
    touched = np.zeros((H, W), bool)
    rgb = rgb[:, :, :3].astype(int)
    for i, (string, p, inside, near) in enumerate(letters):
        touched |= near
        want = np.array(ORANGE) * p
        wrong = np.abs(rgb[inside] - want).max(axis=1) > tolerance
        assert inside.sum() > 100 or string == " ", (i, string)
        assert wrong.sum() == 0, (
            f"letter {i} at opacity {p:.3f}: {wrong.sum()} of {inside.sum()} interior pixels "
            f"differ, e.g. {rgb[inside][wrong][:3].tolist()} for {want.tolist()}")
    outside = ~touched
    wrong = np.abs(rgb[outside]).max(axis=1) > tolerance
    assert wrong.sum() == 0, f"{wrong.sum()} exterior pixels are not the background"


@pytest.fixture(scope="module")
def reveal(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("reveal")
    source = tmp / "r.anim"
    source.write_text(reveal_script())
    for ext in ("png", "svg"):
        anim("render", str(source), "-o", str(tmp / f"r.{ext}"), "--at", str(AT),
             "--background", "black")
    anim("export", str(source), "-o", str(tmp / "r.json"))
    anim("export", str(source), "-o", str(tmp / "r.html"))
    return tmp


def browser():
    found = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)),
                 None)
    if found is None:
        pytest.skip("chromium is not installed")
    return found


def test_png_reveals_letter_by_letter(reveal):
    from PIL import Image
    assert_reveal(np.array(Image.open(reveal / "r.png").convert("RGB")), 2)


def test_chromium_draws_the_svg_reveal_alike(reveal):
    from PIL import Image
    shot = reveal / "chromium.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size={W},{H}", f"--screenshot={shot}", (reveal / "r.svg").as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_reveal(np.array(Image.open(shot).convert("RGB")), 2)


def test_rlottie_plays_the_reveal_alike(reveal):
    from rlottie_python import LottieAnimation
    frame = LottieAnimation.from_file(str(reveal / "r.json")).render_pillow_frame(
        frame_num=round(AT * 60))
    # rlottie rounds a layer's opacity coarsely (TOOLS.md): ±4 of 255.
    assert_reveal(np.array(frame.convert("RGB")), 4)


def test_thorvg_plays_the_reveal_alike(reveal):
    tvg = pytest.importorskip("thorvg_python")
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(W, H, W, tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(str(reveal / "r.json"))
    picture.set_size(W, H)
    animation.set_frame(AT * 60)
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    assert_reveal(np.array(canvas.get_pillow().convert("RGBA")), 4)


def test_html_player_reveals_alike(reveal):
    """The player's stage is an SVG 16 px inside the page, drawn by Chromium."""
    from PIL import Image
    shot = reveal / "html.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size={W + 32},{H + 80}", "--virtual-time-budget=2000",
         f"--screenshot={shot}", (reveal / "r.html").as_uri() + f"#t={AT}"],
        capture_output=True, timeout=120, check=True)
    page = np.array(Image.open(shot).convert("RGB"))
    assert_reveal(page[16:16 + H, 16:16 + W], 2)


COUNTER = """stage(width: 300, height: 100, background: black)
text n(value: 0, x: 150, y: 50, size: 40, color: orange)
print n.letters.count
run tween(value: 120, 1, ease: linear) on n
run stagger(n.letters, fade(from: 0, 0.5, ease: linear), each: 0.1, sort: default)
step 1
"""


@pytest.mark.parametrize("at", [0.3, 0.7, 1.0])
def test_counting_letters_play_in_rlottie_as_anim_draws_them(at, tmp_path):
    """A number text whose letters were read: each string it shows has
    letters of its own (the old ones hidden from the frame they are
    replaced), so the Lottie shows the string of each frame, as anim's
    PNG does."""
    from rlottie_python import LottieAnimation
    from pixel_support import assert_interior_equal, load
    source = tmp_path / "c.anim"
    source.write_text(COUNTER)
    anim("export", str(source), "-o", str(tmp_path / "c.json"))
    anim("render", str(source), "-o", str(tmp_path / "c.png"), "--at", str(at))
    frame = LottieAnimation.from_file(str(tmp_path / "c.json")).render_pillow_frame(
        frame_num=round(at * 60))
    played = np.array(frame.convert("RGB")).astype(int)
    mine = load(tmp_path / "c.png")
    assert (mine > 100).any(axis=2).sum() > 200  # digits are drawn
    # rlottie rounds opacity coarsely: 3 of 255.
    assert_interior_equal(mine, played, tolerance=3)


CLIPPING = """stage(width: 240, height: 120, background: black)
text t("HI", x: 120, y: 60, size: 90, clip: true) {
  rect r(x: 0, y: 0, width: 800, height: 800, color: red)
}
for l in t.letters { l.alpha = 0 }
"""


def test_a_text_drawn_as_letters_clips_to_its_glyphs(tmp_path):
    """A clipping text whose letters were read still clips its children to
    its laid-out glyphs (docs/spec.md §18), in anim's PNG, in rlottie and
    in the HTML player (its letters are hidden, so only the clipped red
    rect shows)."""
    from PIL import Image
    from rlottie_python import LottieAnimation
    from pixel_support import assert_interior_equal, load
    source = tmp_path / "c.anim"
    source.write_text(CLIPPING)
    anim("render", str(source), "-o", str(tmp_path / "c.png"), "--at", "0")
    anim("export", str(source), "-o", str(tmp_path / "c.json"))
    anim("export", str(source), "-o", str(tmp_path / "c.html"))
    mine = load(tmp_path / "c.png")
    red = (mine[..., 0] > 200) & (mine[..., 1] < 50)
    assert red.sum() > 1500  # the glyphs' area shows the red child
    assert not red[:, :40].any() and not red[:, 200:].any()  # and nothing beside them
    frame = LottieAnimation.from_file(str(tmp_path / "c.json")).render_pillow_frame(frame_num=0)
    assert_interior_equal(mine, np.array(frame.convert("RGB")).astype(int), tolerance=5)
    shot = tmp_path / "html.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=272,200", "--virtual-time-budget=2000",
         f"--screenshot={shot}", (tmp_path / "c.html").as_uri() + "#t=0"],
        capture_output=True, timeout=120, check=True)
    page = np.array(Image.open(shot).convert("RGB")).astype(int)
    assert_interior_equal(mine, page[16:16 + 120, 16:16 + 240], tolerance=2)


TRIMMED = """stage(width: 400, height: 120, background: black)
text t("Draw me", x: 200, y: 60, size: 64, color: transparent, stroke: white, strokeWidth: 2, trimEnd: 0)
run tween(trimEnd: 1, 2, ease: linear) on t
"""


@pytest.mark.parametrize("at", [0.4, 0.8, 1.5])
def test_a_text_drawn_as_letters_keeps_its_trim_glyph_after_glyph(at, tmp_path):
    """SPEC §18: the trim runs over the text's glyph contours glyph after
    glyph; letters have no trim of their own, so a text whose letters were
    read draws the same piece as one whose letters were not (anim's PNGs,
    ±3 where letters' strokes overlap), and rlottie plays it alike."""
    from rlottie_python import LottieAnimation
    from pixel_support import assert_interior_equal, load
    whole = tmp_path / "whole.anim"
    whole.write_text(TRIMMED)
    lettered = tmp_path / "letters.anim"
    lettered.write_text(TRIMMED + "n = t.letters.count\n")
    for source in (whole, lettered):
        anim("render", str(source), "-o", str(source.with_suffix(".png")), "--at", str(at))
    anim("export", str(lettered), "-o", str(tmp_path / "letters.json"))
    mine = load(tmp_path / "letters.png")
    plain = load(tmp_path / "whole.png")
    assert (mine > 100).any(axis=2).sum() > 500  # a piece of stroke is drawn
    assert np.abs(mine - plain).max() <= 3
    frame = LottieAnimation.from_file(str(tmp_path / "letters.json")).render_pillow_frame(
        frame_num=round(at * 60))
    assert_interior_equal(mine, np.array(frame.convert("RGB")).astype(int), tolerance=5)
