"""Image views (SPEC §21.4) drawn by programs anim did not write, against
anim's PNG at interior pixels (inside the flat quadrants of the test
images, away from where a scaling filter blends them):

- Pillow decoding the same PNG and JPEG and skia-python drawing them with
  the same fit (``fit_rect`` below is this file's own model of fill, contain
  and cover), and Skia's own SVG renderer (`SVGDOM`) drawing the SVG;
- headless Chromium drawing anim's SVG (`<image>` with a data URI) and
  playing its HTML player at frame times;
- rlottie and ThorVG drawing anim's Lottie (image assets as data URIs, image
  layers parented to the view's layer), validated against the schema;
- the error cases: a missing file, a folder, a FIFO, a file that is not an
  image, a corrupt PNG and an image over the pixel limit, each reported at
  the `src:` argument with exit 65, without waiting or reading unboundedly.
"""

import base64
import json
import os
import pathlib
import shutil
import struct
import subprocess
import zlib

import numpy as np
import pytest
from PIL import Image

from pixel_support import flat, load
from test_shapes import PLAYERS
from test_tree import MATTE_STEPS, run, validate

IMAGES = pathlib.Path(__file__).resolve().parent.parent / "look" / "images"
ANIM = pathlib.Path(__file__).resolve().parents[2] / ".build" / "debug" / "anim"

SCENE = """
stage(width: 240, height: 160, background: white)
image a(src: "images/quad.png", x: 60, y: 45, width: 96, height: 64)
image b(src: "images/quad.svg", x: 180, y: 45, width: 100, height: 60, fit: cover)
image c(src: "images/quad.jpg", x: 60, y: 120, width: 96, height: 56, fit: contain, stroke: "#000080", strokeWidth: 4)
image d(src: "images/quad.png", x: 180, y: 120, width: 70, height: 50, rotation: 20, alpha: 0.5, fit: cover)
run tween(width: 40, 1, ease: linear) on a
run tween(alpha: 1, 1, ease: linear) on d
"""


# Images in a tree: inside a group at an opacity (under a view drawn over
# it), an image that clips its child image, the child resized.
TREE = """
stage(width: 240, height: 160, background: white)
layer card(x: 120, y: 80, width: 200, height: 120, rotation: 10, opacity: 0.6) {
  image a(src: "images/quad.png", x: 60, y: 40, width: 96, height: 64)
  rect over(x: 100, y: 40, width: 40, height: 40, color: "#000080")
}
image frame(src: "images/quad.jpg", x: 170, y: 110, width: 80, height: 60, fit: cover, clip: true) {
  image inner(src: "images/quad.svg", x: 60, y: 30, width: 60, height: 30, alpha: 0.7)
}
run tween(width: 40, 1, ease: linear) on inner
"""


def scene_dir(tmp_path, text=SCENE):
    shutil.copytree(IMAGES, tmp_path / "images")
    script = tmp_path / "images.anim"
    script.write_text(text)
    return script


def render(script, out, at):
    run("render", str(script), "-o", str(out), "--at", repr(at), "--quiet")
    return out


def fit_rect(fit, iw, ih, w, h):
    """The rectangle (x, y, w, h) in the box a picture of iw × ih is
    stretched onto: this file's model of SPEC §21.4."""
    if fit == "fill":
        return 0, 0, w, h
    s = (min if fit == "contain" else max)(w / iw, h / ih)
    return (w - iw * s) / 2, (h - ih * s) / 2, iw * s, ih * s


def skia_image(path):
    import skia
    rgba = np.array(Image.open(path).convert("RGBA"))
    return skia.Image.fromarray(rgba, colorType=skia.kRGBA_8888_ColorType,
                                alphaType=skia.kUnpremul_AlphaType)


def skia_scene(at):
    """The scene at `at` drawn by Skia from Pillow's decoding of the files
    and Skia's drawing of the SVG."""
    import skia
    surface = skia.Surface(240, 160)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)

    def draw(image, cx, cy, w, h, fit, rotation=0, alpha=1.0, stroke=None, size=None):
        iw, ih = size or (image.width(), image.height())
        c.save()
        c.translate(cx, cy)
        c.rotate(rotation)
        c.translate(-w / 2, -h / 2)
        c.save()
        c.clipRect(skia.Rect.MakeWH(w, h), doAntiAlias=True)
        x, y, pw, ph = fit_rect(fit, iw, ih, w, h)
        paint = skia.Paint(AntiAlias=True, Alphaf=alpha)
        c.drawImageRect(image, skia.Rect.MakeXYWH(x, y, pw, ph), sampling, paint)
        c.restore()
        if stroke:
            p = skia.Paint(AntiAlias=True, Color=skia.Color(0, 0, 0x80), StrokeWidth=stroke,
                           Style=skia.Paint.kStroke_Style)
            p.setStrokeMiter(4)
            c.drawRect(skia.Rect.MakeWH(w, h), p)
        c.restore()

    png = skia_image(IMAGES / "quad.png")
    jpg = skia_image(IMAGES / "quad.jpg")
    # The SVG drawn by Skia's SVG renderer at 8 times its size.
    dom = skia.SVGDOM.MakeFromStream(skia.Stream.MakeFromFile(str(IMAGES / "quad.svg")))
    picture = skia.Surface(320, 160)
    picture.getCanvas().scale(8, 8)
    dom.render(picture.getCanvas())
    svg = picture.makeImageSnapshot()
    draw(png, 60, 45, 96 + (40 - 96) * at, 64, "fill")
    draw(svg, 180, 45, 100, 60, "cover", size=(40, 20))
    draw(jpg, 60, 120, 96, 56, "contain", stroke=4)
    draw(png, 180, 120, 70, 50, "cover", rotation=20, alpha=0.5 + 0.5 * at)
    return np.array(surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]]).astype(int)


def assert_flat_equal(mine, theirs, tolerance, compared=0.5, label=""):
    """Where both pictures are flat over 5 × 5 pixels they agree within
    `tolerance`, and at least `compared` of the frame is compared."""
    assert mine.shape == theirs.shape, label
    both = flat(mine) & flat(theirs)
    assert both.mean() > compared, (label, both.mean())
    differ = both & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) == 0, (
        label, int(differ.sum()),
        [(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist()) for x, y in
         zip(xs[:4], ys[:4])])


def test_the_decoded_pixels_are_pillows():
    """anim's PNG of an image drawn at its own size, one pixel a point, is
    Pillow's decoding of the file, pixel for pixel (over white)."""
    for name in ("quad.png", "quad.jpg"):
        want = Image.new("RGBA", Image.open(IMAGES / name).size, "white")
        want.alpha_composite(Image.open(IMAGES / name).convert("RGBA"))
        want = np.array(want.convert("RGB")).astype(int)
        h, w, _ = want.shape
        script = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"own-size-{os.getpid()}.anim"
        script.write_text(
            f'stage(width: {w}, height: {h}, background: white)\n'
            f'image i(src: "{IMAGES / name}", x: {w / 2}, y: {h / 2})\n')
        png = script.with_suffix(".png")
        render(script, png, 0)
        got = load(png)
        # The JPEG is decoded by libjpeg-turbo both times (Pillow links it).
        assert np.abs(got - want).max() <= 1, name


@pytest.mark.parametrize("at", [0, 0.5, 1])
def test_skia_draws_the_images_like_anim(tmp_path, at):
    script = scene_dir(tmp_path)
    mine = load(render(script, tmp_path / "anim.png", at))
    assert_flat_equal(mine, skia_scene(at), tolerance=2, label=f"skia at {at}")


@pytest.mark.parametrize("scene", ["flat", "tree"])
def test_chromium_draws_anims_svg_of_the_images_like_its_png(tmp_path, scene):
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    script = scene_dir(tmp_path, SCENE if scene == "flat" else TREE)
    png = render(script, tmp_path / "anim.png", 0.5)
    svg = render(script, tmp_path / "anim.svg", 0.5)
    text = svg.read_text()
    # Each file embedded as it is, by its own media type.
    assert text.count('href="data:image/png;base64,') == (2 if scene == "flat" else 1)
    assert text.count('href="data:image/jpeg;base64,') == 1
    assert text.count('href="data:image/svg+xml;base64,') == 1
    embedded = text.split('href="data:image/jpeg;base64,')[1].split('"')[0]
    assert base64.b64decode(embedded) == (IMAGES / "quad.jpg").read_bytes()
    shot = tmp_path / "chromium.png"
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=240,160", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_flat_equal(load(png), load(shot), tolerance=2, compared=0.45,
                      label=f"chromium svg, {scene}")


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_the_images_like_anim(player, tmp_path):
    script = scene_dir(tmp_path)
    doc = tmp_path / "images.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    data = json.loads(doc.read_text())
    validate(data)
    # One asset per file (the PNG twice is one asset), each a PNG data URI;
    # the SVG rasterised at twice the largest size drawn.
    assets = {a["id"]: a for a in data["assets"]}
    assert len(assets) == 3
    for asset in assets.values():
        assert asset["e"] == 1 and asset["p"].startswith("data:image/png;base64,")
        raw = base64.b64decode(asset["p"].split(",", 1)[1])
        assert raw[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", raw[16:24]) == (asset["w"], asset["h"])
    sizes = sorted((a["w"], a["h"]) for a in assets.values())
    assert sizes == [(8, 4), (16, 16), (240, 120)], sizes
    layers = {layer["nm"]: layer for layer in data["layers"]}
    inds = {layer["ind"] for layer in data["layers"]}
    for name in "abcd":
        image = layers[f"{name} image"]
        assert image["ty"] == 2 and image["refId"] in assets
        assert image["parent"] == layers[name]["ind"] and image["parent"] in inds
    # Only a cover picture reaching past its box is masked.
    assert layers["b image"]["hasMask"] and layers["d image"]["hasMask"]
    assert "hasMask" not in layers["a image"] and "hasMask" not in layers["c image"]
    for frame in (0, 5, 10):
        png = render(script, tmp_path / f"anim{frame}.png", frame / 10)
        drawn = PLAYERS[player](doc, frame).convert("RGBA")
        over = Image.new("RGBA", drawn.size, "white")
        over.alpha_composite(drawn)
        theirs = np.array(over.convert("RGB")).astype(int)
        # rlottie blends 8-bit premultiplied: 3 levels on the half-opaque quadrant.
        assert_flat_equal(load(png), theirs, tolerance=3, label=f"{player} frame {frame}")


def test_the_html_player_plays_the_images_as_anim_renders_them(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = scene_dir(tmp_path)
    page = tmp_path / "images.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    html = page.read_text()
    assert html.count('<image id="m') == 4 and html.count('<clipPath id="k') == 4
    assert '"e":"m"' in html and '"e":"r"' in html
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.3, 0.5, 1):
            png = render(script, tmp_path / f"at{t}.png", t)
            state_at(browser, t)
            got = browser.screenshot("#stage").convert("RGB")
            assert_flat_equal(load(png), np.array(got).astype(int), tolerance=2,
                              label=f"html player at {t}")


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_images_in_a_tree_like_anim(player, tmp_path):
    script = scene_dir(tmp_path, TREE)
    doc = tmp_path / "tree.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "10")
    data = json.loads(doc.read_text())
    validate(data)
    for frame in (0, 5, 10):
        png = render(script, tmp_path / f"anim{frame}.png", frame / 10)
        drawn = PLAYERS[player](doc, frame).convert("RGBA")
        over = Image.new("RGBA", drawn.size, "white")
        over.alpha_composite(drawn)
        theirs = np.array(over.convert("RGB")).astype(int)
        # rlottie draws a clip's precomposition through its matte a few steps darker.
        assert_flat_equal(load(png), theirs, tolerance=MATTE_STEPS, compared=0.45,
                          label=f"{player} frame {frame}")


def test_the_html_player_plays_images_in_a_tree(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = scene_dir(tmp_path, TREE)
    page = tmp_path / "tree.html"
    run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.5, 1):
            png = render(script, tmp_path / f"at{t}.png", t)
            state_at(browser, t)
            got = browser.screenshot("#stage").convert("RGB")
            assert_flat_equal(load(png), np.array(got).astype(int), tolerance=2, compared=0.45,
                              label=f"html player at {t}")


def check(tmp_path, src, *extra):
    """`anim check` of an image naming `src`: its exit code and stderr."""
    script = tmp_path / "bad.anim"
    script.write_text(f'image pic(x: 10, src: "{src}")\n' + "".join(extra))
    out = subprocess.run([str(ANIM), "check", str(script)], capture_output=True, text=True,
                         timeout=60)
    return out.returncode, out.stderr


def write_png(path, width, height):
    """A PNG whose header says width × height, with one tiny IDAT (enough
    for a header check; decoding it would need width × height × 4 bytes)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    path.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b""))


def test_bad_files_are_errors_at_src(tmp_path):
    cases = {
        "missing.png": "no such file",
        ".": "is a directory",
    }
    shutil.copy(IMAGES / "corrupt.png", tmp_path / "corrupt.png")
    shutil.copy(IMAGES / "notimage.png", tmp_path / "notimage.png")
    cases["corrupt.png"] = "cannot"
    cases["notimage.png"] = "not a PNG, JPEG or SVG image"
    os.mkfifo(tmp_path / "pipe.png")
    cases["pipe.png"] = "a FIFO"
    write_png(tmp_path / "huge.png", 9000, 9000)
    cases["huge.png"] = "more than the limit of 64 megapixels"
    (tmp_path / "empty.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    cases["empty.svg"] = "the SVG has no size"
    (tmp_path / "wide.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1e38" height="10"/>')
    cases["wide.svg"] = "larger than the limit of 1000000 points a side"
    for src, words in cases.items():
        code, err = check(tmp_path, src)
        assert code == 65, (src, code, err)
        assert "bad.anim:1:18: error:" in err and words in err, (src, err)


def test_an_image_needs_src_and_has_no_colour(tmp_path):
    script = tmp_path / "bad.anim"
    script.write_text('image pic(x: 10)\nimage q(src: "q.png", color: red)\n')
    out = subprocess.run([str(ANIM), "check", str(script)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 65
    assert "bad.anim:1:7: error: an image needs its file as src:" in out.stderr
    assert "an image has no property 'color'" in out.stderr


def test_the_preview_reloads_when_an_image_changes(tmp_path):
    """SPEC §21.4: `anim preview` watches the image files a script shows."""
    from cdp_support import chromium_path
    from test_preview import Preview, near, shown_version, wait_for_version
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    from cdp_support import Browser
    picture = tmp_path / "dot.png"
    Image.new("RGB", (4, 4), (255, 0, 0)).save(picture)
    script = tmp_path / "main.anim"
    script.write_text('image dot(src: "dot.png", x: 50, y: 50, width: 40, height: 40)\n'
                      "run fade(out, 1) on dot\n")
    preview = Preview(script)
    try:
        with Browser() as browser:
            browser.navigate(preview.url + "#t=0")
            wait_for_version(browser, 1)
            centre = browser.center_of("#m0")
            assert near(browser.pixel(*centre), (255, 0, 0))
            version = shown_version(browser)
            # Saved as an editor saves: a new file renamed over the old one.
            Image.new("RGB", (4, 4), (0, 0, 255)).save(tmp_path / "new.png")
            os.replace(tmp_path / "new.png", picture)
            wait_for_version(browser, version + 1, timeout=3)
            assert near(browser.pixel(*centre), (0, 0, 255))
    finally:
        assert preview.stop() == 0


def test_a_picture_shown_far_smaller_than_its_pixels_is_skias(tmp_path):
    """A 1600 × 800 picture drawn at 96 × 48 (from halved copies, SPEC §21.4
    docs) has Skia's colours inside its quadrants, and a turned one too."""
    import skia
    big = Image.new("RGBA", (1600, 800))
    for i, colour in enumerate([(230, 40, 40, 255), (40, 200, 60, 255), (30, 60, 220, 255),
                                (250, 210, 0, 128)]):
        big.paste(colour, ((i % 2) * 800, (i // 2) * 400, (i % 2) * 800 + 800, (i // 2) * 400 + 400))
    big.save(tmp_path / "big.png")
    script = tmp_path / "small.anim"
    script.write_text(
        "stage(width: 240, height: 120, background: white)\n"
        'image a(src: "big.png", x: 60, y: 60, width: 96, height: 48)\n'
        'image b(src: "big.png", x: 180, y: 60, width: 80, height: 60, rotation: 30, fit: contain)\n')
    mine = load(render(script, tmp_path / "small.png", 0))
    surface = skia.Surface(240, 120)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    image = skia_image(tmp_path / "big.png")
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
    c.drawImageRect(image, skia.Rect.MakeXYWH(12, 36, 96, 48), sampling, skia.Paint(AntiAlias=True))
    c.save()
    c.translate(180, 60)
    c.rotate(30)
    c.translate(-40, -30)
    x, y, w, h = fit_rect("contain", 1600, 800, 80, 60)
    c.drawImageRect(image, skia.Rect.MakeXYWH(x, y, w, h), sampling, skia.Paint(AntiAlias=True))
    c.restore()
    theirs = np.array(surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]]).astype(int)
    assert_flat_equal(mine, theirs, tolerance=2, compared=0.5, label="downscaled")
