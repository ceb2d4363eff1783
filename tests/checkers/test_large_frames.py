"""Frames larger than one canvas (docs/spec.md, "memory of large frames").

A frame of more than 2 Mi pixels is drawn in bands of rows, so a render's
memory stays bounded whatever its size (a public Lottie file's own 5800 ×
6075 needed 1.58 GB drawn whole). Checked here against what anim did not
write: Skia (skia-python's SVGDOM) draws anim's SVG of the same frame, and
the PNG drawn in bands must agree with it inside every shape, seams
included; `/usr/bin/time` measures the peak memory of a 4000 × 3000 PNG and
of an 8192 × 4096 pattern drawn with many threads.
"""

import os
import subprocess
import tempfile

import numpy as np
import pytest

from corpus_support import measured_run
from pixel_support import load

skia = pytest.importorskip("skia")

GIB_KIB = 1 << 20
# 4000 pixels wide: 524 rows a band, seams at rows 524, 1048, 1572, 2096, 2620.
SCENE = """\
stage(width: 4000, height: 3000, background: "#f4f1ea")
rect across(x: 900, y: 524, width: 1400, height: 500, color: "#1e88e5", rotation: 17)
rect tile(x: 2900, y: 1048.5, width: 700, height: 300, color: "#43a047", cornerRadius: 60)
ellipse sun(x: 2000, y: 1572, width: 1800, height: 900, color: linear((0, 0), (1, 1), [(0, "#ff6a00"), (1, "#ee0979")]))
star mark(x: 800, y: 2096, width: 900, height: 900, points: 5, color: "#fdd835", stroke: "#263238", strokeWidth: 24)
rect veil(x: 3000, y: 2620, width: 1600, height: 500, color: "#5e35b180", rotation: -8)
"""


def render(*args):
    run, rss = measured_run(list(args))
    assert run.returncode == 0, run.stderr
    return rss


@pytest.fixture(scope="module")
def work():
    with tempfile.TemporaryDirectory(prefix="anim-large-") as directory:
        script = os.path.join(directory, "large.anim")
        with open(script, "w") as f:
            f.write(SCENE)
        yield directory, script


def smooth(img, grow=2, step=2):
    """Pixels whose (2·grow+1)² neighbourhood changes by at most `step`
    levels from them: inside shapes and gradients, away from every edge."""
    ok = np.ones(img.shape[:2], bool)
    for dy in range(-grow, grow + 1):
        for dx in range(-grow, grow + 1):
            shifted = np.roll(np.roll(img, dy, axis=0), dx, axis=1)
            ok &= (np.abs(shifted - img) <= step).all(axis=2)
    ok[:grow, :] = ok[-grow:, :] = False
    ok[:, :grow] = ok[:, -grow:] = False
    return ok


def skia_draws(svg, width, height):
    with open(svg, "rb") as f:
        dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(f.read()))
    dom.setContainerSize(skia.Size(width, height))
    surface = skia.Surface(width, height)
    with surface as canvas:
        dom.render(canvas)
    return surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)[:, :, :3].astype(int)


def test_a_frame_drawn_in_bands_is_skias_drawing_of_its_svg(work):
    directory, script = work
    png = os.path.join(directory, "large.png")
    svg = os.path.join(directory, "large.svg")
    rss = render("render", script, "-o", png, "--quiet")
    render("render", script, "-o", svg, "--quiet")
    mine = load(png)
    assert mine.shape == (3000, 4000, 3)
    theirs = skia_draws(svg, 4000, 3000)
    both = smooth(mine) & smooth(theirs)
    # Not vacuous: most of the frame is inside a shape or the background.
    assert both.mean() > 0.95
    apart = np.abs(mine - theirs).max(axis=2)
    assert int((apart[both] > 1).sum()) == 0, f"{int((apart[both] > 1).sum())} pixels differ"
    # Along every seam, the rows on either side hold the shapes' insides as
    # Skia draws them (a seam a band left blank or drew twice would show).
    for seam in (524, 1048, 1572, 2096, 2620):
        rows = slice(seam - 2, seam + 2)
        inside = both[rows]
        assert inside.mean() > 0.95
        assert (apart[rows][inside] <= 1).all()
    # 12 million pixels: one canvas of doubles alone would be 384 MB.
    assert rss < 320 * 1024, f"peaked at {rss} KiB"


def test_many_threads_drawing_large_frames_stay_under_a_gigabyte(work):
    directory, _ = work
    script = os.path.join(directory, "wide.anim")
    with open(script, "w") as f:
        f.write(SCENE.replace("stage(width: 4000, height: 3000",
                              "stage(width: 8192, height: 4096")
                + "run spin(90, 1) on across\n")
    pattern = os.path.join(directory, "frames", "f%02d.png")
    rss = render("render", script, "-o", pattern, "--from", "0", "--to", "0.1", "--fps", "30",
                 "--jobs", "16", "--quiet")
    assert sorted(os.listdir(os.path.join(directory, "frames"))) == [
        "f00.png", "f01.png", "f02.png", "f03.png"]
    assert rss < GIB_KIB, f"peaked at {rss} KiB"
