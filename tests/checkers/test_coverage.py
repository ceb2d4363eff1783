"""Turned rectangles' edge pixels hold their exact covered area (issue 22).

anim covers a turned, square-cornered, unstroked rectangle itself, by exact
area (`Sources/AnimRender/AreaCoverage.swift`), instead of through Cairo's
15-sub-row scan conversion. Here each pixel of such rectangles (flat, under
turned and scaled parents, anchored, at several scales) is compared with
the area of the pixel square inside the rectangle computed by GEOS through
shapely, times 255: anim's 8-bit value may differ by one level at most
(the rounding of a value at .5, and of a half-transparent colour twice).
Cairo's scan conversion was up to 16.7 levels off on the same pixels.
"""

import math

import numpy as np
import pytest
from shapely.geometry import Polygon, box

from pixel_support import load
from test_tree import declaration, run, view, world

W, H = 360, 280


def scene():
    """Non-overlapping turned rectangles, white on black, each inside its own
    cell of a 6 × 4 grid of 60-point cells, some with parents."""
    rng = np.random.default_rng(22)
    views = []
    for i in range(24):
        cx, cy = 30 + 60 * (i % 6), 30 + 60 * (i // 6)
        w, h = float(rng.uniform(4, 34)), float(rng.uniform(1.5, 34))
        rotation = float(rng.uniform(-180, 180))
        alpha = 0.5 if i % 7 == 3 else 1.0
        if i % 3 == 0:
            views.append(view(f"r{i}", "rect", None, cx + float(rng.uniform(-3, 3)),
                              cy + float(rng.uniform(-3, 3)), w, h, rotation=rotation,
                              alpha=alpha, color=(255, 255, 255)))
        elif i % 3 == 1:
            # Under a turned, non-uniformly scaled parent of size 0.
            views.append(view(f"p{i}", "layer", None, cx, cy, 0, 0,
                              rotation=float(rng.uniform(-90, 90)), scale=(1.2, 0.8)))
            views.append(view(f"r{i}", "rect", f"p{i}", float(rng.uniform(-2, 2)),
                              float(rng.uniform(-2, 2)), w, h, rotation=rotation,
                              alpha=alpha, color=(255, 255, 255)))
        else:
            # Anchored at a corner: drawn through its outline.
            views.append(view(f"r{i}", "rect", None, cx, cy, w / 1.6, h / 1.6,
                              rotation=rotation, anchor=(0.0, 0.0), alpha=alpha,
                              color=(255, 255, 255)))
    return views


def expected(views, k):
    """Each pixel's covered area × 255 × opacity, from the rectangles'
    world corners (test_tree's own matrices) scaled by k pixels a point."""
    out = np.zeros((int(H * k), int(W * k)))
    model = world(views)
    for v in views:
        if v["kind"] != "rect":
            continue
        m, _, alpha = model[v["name"]]
        corners = [m @ np.array([x, y, 1.0]) for x, y in
                   ((0, 0), (v["w"], 0), (v["w"], v["h"]), (0, v["h"]))]
        poly = Polygon([(k * c[0], k * c[1]) for c in corners])
        x0, y0, x1, y1 = poly.bounds
        for py in range(math.floor(y0), math.ceil(y1)):
            for px in range(math.floor(x0), math.ceil(x1)):
                out[py, px] += poly.intersection(box(px, py, px + 1, py + 1)).area * 255 * alpha
    return out


@pytest.mark.parametrize("k", [1, 1.7])
def test_turned_rectangles_cover_their_exact_area(k, tmp_path):
    views = scene()
    script = tmp_path / "turned.anim"
    script.write_text(f"stage(width: {W}, height: {H}, background: black)\n"
                      + "\n".join(declaration(v) for v in views) + "\n")
    png = tmp_path / "turned.png"
    run("render", str(script), "-o", str(png), "--scale", str(k), "--quiet")
    mine = load(png)[:, :, 0].astype(float)
    theirs = expected(views, k)
    assert mine.shape == theirs.shape
    edge = (theirs > 0.5) & (theirs < 254.5)
    assert edge.sum() > 1500  # the comparison is about edge pixels
    diff = np.abs(mine - theirs)
    assert diff.max() <= 1.0, (diff.max(), np.argwhere(diff > 1.0)[:5])
    # Every channel alike: white blended over black.
    assert (load(png)[:, :, 1] == load(png)[:, :, 0]).all()
