"""Fills' edge coverage (SPEC §12.1's decision: each pixel the area of the
polygon anim cuts the outline into) against an independent drawing:
skia-python draws anim's SVG of the same frame at 16 × 16 samples a pixel,
averaged, which is each pixel's covered share to within a level. Over the
edge pixels of an ellipse, a star, a pentagon, a curved path and a line of
text, anim's PNG must be near it on average and nowhere far (Cairo's
sampled fills were 3.8 and 3.4 levels off on average, 31 at most; anim's
own are 2.8 and 2.3, 14 at most, 2026-11-29)."""

import numpy as np
import pytest

from pixel_support import render_scene

skia = pytest.importorskip("skia")

SAMPLES = 16

SHAPES = """stage(width: 160, height: 120, background: black)
ellipse e(x: 40.3, y: 35.7, width: 47.1, height: 31.3, color: white)
star s(x: 110.2, y: 40.4, points: 7, width: 50, height: 50, color: white, rotation: 13)
polygon p(x: 45.5, y: 90.1, sides: 5, width: 40, height: 36, color: white, rotation: 7)
shape h(d: "M 0 0 C 30 -20 60 40 90 10 L 70 40 Q 40 60 0 30 Z", x: 115, y: 92, width: 70, height: 40, color: white)
"""

TEXT = """stage(width: 200, height: 100, background: black)
text t("Quartz HI", x: 100, y: 50, size: 36, color: white)
"""


def supersampled(svg, width, height):
    """Skia's drawing of `svg` at SAMPLES² samples a pixel, averaged: red
    levels, one a pixel."""
    data = svg.read_bytes()  # kept alive: the stream does not copy it
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(data))
    dom.setContainerSize(skia.Size(width, height))
    surface = skia.Surface(width * SAMPLES, height * SAMPLES)
    with surface as canvas:
        canvas.scale(SAMPLES, SAMPLES)
        dom.render(canvas)
    big = surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)[:, :, 0]
    return big.astype(float).reshape(height, SAMPLES, width, SAMPLES).mean(axis=(1, 3))


def away(mask):
    """The pixels of `mask` whose eight neighbours are in it too (away from
    every edge of a picture wholly covered, or wholly uncovered, there)."""
    height, width = mask.shape
    padded = np.pad(mask, 1, constant_values=False)
    return np.logical_and.reduce([padded[1 + dy:1 + dy + height, 1 + dx:1 + dx + width]
                                  for dy in (-1, 0, 1) for dx in (-1, 0, 1)])


def drawn_and_reference(tmp_path, name, source):
    """anim's PNG of `source`'s first frame (red levels) and Skia's
    supersampled drawing of anim's SVG of it."""
    from PIL import Image
    _, png = render_scene(tmp_path, name, source)
    _, svg = render_scene(tmp_path, name, source, suffix="svg")
    ours = np.asarray(Image.open(png).convert("RGB"))[:, :, 0].astype(float)
    height, width = ours.shape
    return ours, supersampled(svg, width, height)


@pytest.mark.parametrize("name,source,mean,most", [
    ("shapes", SHAPES, 3.2, 20),
    ("text", TEXT, 2.8, 20),
])
def test_anims_fill_edges_are_the_covered_share(tmp_path, name, source, mean, most):
    ours, reference = drawn_and_reference(tmp_path, name, source)
    edge = (reference > 2) & (reference < 253)
    assert edge.sum() > 300
    error = np.abs(ours - reference)[edge]
    assert error.mean() <= mean, error.mean()
    assert error.max() <= most, error.max()
    # Away from every edge: exactly the fill or the background.
    inside = away(reference >= 254.9)
    outside = away(reference <= 0.1)
    assert inside.sum() > 40 and outside.sum() > 1000
    assert (ours[inside] == 255).all() and (ours[outside] == 0).all()
