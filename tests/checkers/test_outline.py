"""Independent checks of anim's outline geometry (SPEC §16).

anim's geometry is read through its hidden test hook `anim geometry` (JSON:
subpaths of cubic segments, segment lengths, bounds, SVG path data, Lottie
form; docs/testing.md) and compared with tools anim did not write:

- arc lengths: scipy's quad over the Bézier derivative, 1e-6 relative (the
  issue's bar; anim aims at 1e-9);
- SVG path data: svgpathtools parses the same strings on its own (exact
  elliptical arcs, quadratics kept as quadratics) for lengths, tight bounds
  and on-curve points; Skia's own SVG parser (skia-python's SVGDOM) draws the
  same `d` and its pixels are compared with Skia drawing anim's cubics;
- kinds: vertices from SPEC §16.1's formulas computed here, and Skia's exact
  oval (conics) against anim's κ ellipse, pixel by pixel;
- trim: Skia's PathMeasure.getSegment on anim's untrimmed outline, with the
  wrap-around rules of §16.3 written here again;
- morph: the morphed outline at progress 1 fills the pixels OTHER fills.
"""

import json
import math
import os
import subprocess

import numpy as np
import pytest
import skia
import svgpathtools
from scipy.integrate import quad

ANIM = os.environ.get("ANIM", ".build/debug/anim")
KAPPA = 0.5519150244935105


def geometry(*args):
    out = subprocess.run(
        [ANIM, "geometry", *args], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def beziers(data):
    """Each subpath's segments as 4 × 2 arrays of control points."""
    result = []
    for sub in data["subpaths"]:
        current = sub["start"]
        segs = []
        for c in sub["segments"]:
            segs.append(np.array([current, c[0:2], c[2:4], c[4:6]], dtype=float))
            current = c[4:6]
        result.append(segs)
    return result


def cubic_length(p):
    def speed(t):
        u = 1 - t
        d = 3 * (u * u * (p[1] - p[0]) + 2 * u * t * (p[2] - p[1]) + t * t * (p[3] - p[2]))
        return math.hypot(d[0], d[1])

    value, _ = quad(speed, 0, 1, epsabs=0, epsrel=1e-12, limit=200)
    return value


def skia_path(data):
    """Skia drawing anim's cubics exactly as the JSON gives them."""
    path = skia.Path()
    for sub in data["subpaths"]:
        path.moveTo(*sub["start"])
        for c in sub["segments"]:
            path.cubicTo(*c)
        if sub["closed"]:
            path.close()
    return path


# Pictures are drawn 4× larger than their coordinates: at 1× Skia flattens
# a quadratic coarsely enough to change the covered area by 0.4 %.
ZOOM = 4


def raster(draw, size=(220, 220)):
    surface = skia.Surface(size[0] * ZOOM, size[1] * ZOOM)
    with surface as canvas:
        canvas.clear(skia.ColorWHITE)
        canvas.scale(ZOOM, ZOOM)
        draw(canvas)
    image = surface.makeImageSnapshot()
    return image.toarray(colorType=skia.kRGBA_8888_ColorType).astype(int)


def fill(path, translate=(10, 10), scale=1.0):
    paint = skia.Paint(AntiAlias=True, Color=skia.ColorBLACK)

    def draw(canvas):
        canvas.translate(*translate)
        canvas.scale(scale, scale)
        canvas.drawPath(path, paint)

    return raster(draw)


def svgdom_fill(d, translate=(10, 10), scale=1.0):
    """Skia's own SVG parser (SkParsePath inside SVGDOM) filling `d`."""
    text = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="220">'
        f'<g transform="translate({translate[0]} {translate[1]}) scale({scale})">'
        f'<path d="{d}" fill="black"/></g></svg>'
    )
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(text.encode()))
    dom.setContainerSize(skia.Size(220, 220))
    return raster(dom.render)


def assert_same_pixels(a, b, coverage=0.002):
    """Interior pixels (no partly covered pixel within one pixel in either
    picture) equal, and the covered areas (in square points) within
    `coverage` relative: edge pixels are compared through the area only, as
    two rasterisers flatten curves into lines differently.
    """
    ga = a[:, :, :3].min(axis=2)
    gb = b[:, :, :3].min(axis=2)

    def edge(g):
        partial = (g != 0) & (g != 255)
        grown = partial.copy()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                grown |= np.roll(np.roll(partial, dy, axis=0), dx, axis=1)
        return grown

    interior = ~(edge(ga) | edge(gb))
    bad = int((ga[interior] != gb[interior]).sum())
    assert bad == 0, f"{bad} interior pixels differ"
    area_a = (255 - ga).sum() / 255 / ZOOM**2
    area_b = (255 - gb).sum() / 255 / ZOOM**2
    assert area_a == pytest.approx(area_b, rel=coverage, abs=0.1)


PATHS = [
    # Every command, absolute and relative, implicit repeats.
    "M10 10 L90 10 L90 90 L10 90 Z",
    "m10 10 l80 0 0 80 -80 0 z",
    "M10 10 H90 V90 H10 Z M30 30 h40 v40 h-40 z",
    "M10 100 C40 10 70 10 100 100 S160 190 190 100",
    "m10 100 c30 -90 60 -90 90 0 s60 90 90 0",
    "M10 100 Q55 10 100 100 T190 100",
    "m10 100 q45 -90 90 0 t90 0",
    "M1.5.5L-.5-1e-3l100,50 1e2,2E+1",
    # Arcs: both flags, radius scaling, rotation, packed flags.
    "M20 100 A80 80 0 0 1 180 100",
    "M20 100 A80 80 0 0 0 180 100",
    "M100 20 A60 60 0 1 1 40 80",
    "M100 20 A60 60 0 1 0 40 80",
    "M20 100 A5 5 0 0 1 180 100",
    "M40 40 A80 40 30 1 1 160 160",
    "M40 40a80 40 -30 01120 120",
    "M100 10 A90 90 0 1 1 99.99 10 Z",
    "M20 20 A0 10 0 0 1 180 180",
]


@pytest.mark.parametrize("d", PATHS)
def test_segment_lengths_match_scipy_quad(d):
    data = geometry("--d", d)
    total = 0.0
    for segs, lengths in zip(beziers(data), data["lengths"]):
        assert len(segs) == len(lengths)
        for p, length in zip(segs, lengths):
            ref = cubic_length(p)
            total += ref
            assert length == pytest.approx(ref, rel=1e-6, abs=1e-12)
    assert data["length"] == pytest.approx(total, rel=1e-9)


@pytest.mark.filterwarnings("ignore:Replacing degenerate")
@pytest.mark.parametrize("d", PATHS)
def test_path_data_matches_svgpathtools(d):
    data = geometry("--d", d)
    ref = svgpathtools.parse_path(d)
    has_arc = any(isinstance(s, svgpathtools.Arc) for s in ref)
    # Lengths: exact elliptical arcs against anim's cubics of at most 90°.
    assert data["length"] == pytest.approx(ref.length(), rel=2e-4 if has_arc else 1e-9)
    # Tight bounds: of anim's own cubics (read back from its SVG output by
    # svgpathtools) against the reference's.
    mine = svgpathtools.parse_path(data["svg"])
    for a, b in zip(mine.bbox(), ref.bbox()):
        assert a == pytest.approx(b, abs=0.05 if has_arc else 1e-9)
    if not has_arc:
        # Every on-curve point of the reference is a segment end of anim's,
        # in order (closing lines of zero length are dropped by both).
        ends = [complex(*c[4:6]) for sub in data["subpaths"] for c in sub["segments"]]
        ref_ends = [s.end for s in ref if s.length() > 0]
        assert len(ends) == len(ref_ends)
        for a, b in zip(ends, ref_ends):
            assert abs(a - b) < 1e-9


@pytest.mark.parametrize("d", PATHS)
def test_skias_parser_fills_the_same_pixels(d):
    data = geometry("--d", d)
    # Skia fills an open subpath as closed, as anim's renderer will.
    assert_same_pixels(fill(skia_path(data)), svgdom_fill(d))


def test_output_path_data_is_read_back_by_skia_identically():
    data = geometry("--kind", "star", "--points", "7", "--inner-radius", "0.4")
    assert_same_pixels(
        fill(skia_path(data)), svgdom_fill(data["svg"])
    )


def test_view_box_stretches_like_svg():
    d = "M2 2 L22 2 L12 22 Z"
    data = geometry("--d", d, "--view-box", "0,0,24,24", "--width", "192", "--height", "96")
    ref = svgdom_fill(d, scale=1)
    # SVG's preserveAspectRatio="none": x × 8, y × 4.
    text = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="220" height="220">'
        '<svg x="10" y="10" width="192" height="96" viewBox="0 0 24 24" '
        f'preserveAspectRatio="none"><path d="{d}"/></svg></svg>'
    )
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(text.encode()))
    dom.setContainerSize(skia.Size(220, 220))
    ref = raster(dom.render)
    assert_same_pixels(fill(skia_path(data)), ref)


def polygon_vertices(n, w, h, inner=None):
    rx, ry = w / 2, h / 2
    out = []
    for k in range(n):
        a = math.radians(-90 + k * 360 / n)
        out.append((rx + rx * math.cos(a), ry + ry * math.sin(a)))
        if inner is not None:
            b = math.radians(-90 + (k + 0.5) * 360 / n)
            out.append((rx + inner * rx * math.cos(b), ry + inner * ry * math.sin(b)))
    return out


@pytest.mark.parametrize(
    "args,expected",
    [
        (("--kind", "polygon", "--sides", "3", "--width", "120", "--height", "80"),
         polygon_vertices(3, 120, 80)),
        (("--kind", "polygon", "--sides", "7", "--width", "100", "--height", "100"),
         polygon_vertices(7, 100, 100)),
        (("--kind", "star", "--points", "5", "--inner-radius", "0.5", "--width", "100",
          "--height", "90"), polygon_vertices(5, 100, 90, 0.5)),
        (("--kind", "star", "--points", "12", "--inner-radius", "1", "--width", "60",
          "--height", "60"), polygon_vertices(12, 60, 60, 1)),
    ],
)
def test_polygon_and_star_vertices_follow_the_spec(args, expected):
    data = geometry(*args)
    (lottie,) = data["lottie"]
    assert lottie["c"] is True
    assert len(lottie["v"]) == len(expected)
    for got, want in zip(lottie["v"], expected):
        assert got == pytest.approx(want, abs=1e-9)
    # Straight sides: tangents at one third of each side.
    v = np.array(lottie["v"])
    o = np.array(lottie["o"])
    assert np.allclose(o, (np.roll(v, -1, axis=0) - v) / 3, atol=1e-9)


def test_ellipse_is_close_to_skias_exact_oval():
    data = geometry("--kind", "ellipse", "--width", "200", "--height", "120")
    oval = skia.Path()
    oval.addOval(skia.Rect.MakeXYWH(0, 0, 200, 120))
    # κ's cubic is within 2.7e-4 of the radius of the true ellipse: at most
    # 0.03 px here, a few levels of anti-aliasing.
    assert_same_pixels(fill(skia_path(data)), fill(oval), coverage=1e-3)
    assert data["bounds"] == [0, 0, 200, 120]
    sub = data["subpaths"][0]
    assert sub["start"] == [100, 0]
    assert sub["segments"][0] == pytest.approx([100 + 100 * KAPPA, 0, 200, 60 - 60 * KAPPA, 200, 60])


def test_rounded_rect_is_close_to_skias_rrect():
    data = geometry("--kind", "rect", "--width", "180", "--height", "100", "--corner-radius", "30")
    rr = skia.Path()
    rr.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeWH(180, 100), 30, 30))
    assert_same_pixels(fill(skia_path(data)), fill(rr), coverage=1e-3)
    assert data["subpaths"][0]["start"] == [30, 0]
    assert len(data["subpaths"][0]["segments"]) == 8


@pytest.mark.parametrize("corners,scaled", [
    ((40, 0, 10, 25), (40, 0, 10, 25)),
    # Left side 80 + 60 on 100: CSS's f = 100/140 for all four (skia's own).
    ((80, 5, 0, 60), (80 * 100 / 140, 5 * 100 / 140, 0, 60 * 100 / 140)),
    ((-10, 300, 0, 0), (0, 100, 0, 0)),
])
def test_per_corner_rect_is_close_to_skias_rrect(corners, scaled):
    """SPEC §21.3: anim's outline of four radii against skia's RRect given
    the radii as written (skia scales overlapping radii itself)."""
    data = geometry("--kind", "rect", "--width", "180", "--height", "100",
                    "--corners=" + ",".join(repr(float(c)) for c in corners))
    rr = skia.RRect()
    radii = [max(c, 0) for c in corners]
    rr.setRectRadii(skia.Rect.MakeWH(180, 100), [skia.Point(r, r) for r in radii])
    expected = skia.Path()
    expected.addRRect(rr)
    assert_same_pixels(fill(skia_path(data)), fill(expected), coverage=1e-3)
    sub = data["subpaths"][0]
    assert sub["start"] == pytest.approx([scaled[0], 0])
    # One arc per rounded corner, plus the edges that have a length.
    arcs = sum(1 for r in scaled if r > 0)
    assert len(sub["segments"]) >= arcs + 2


def wrap_pieces(s, e, o):
    """SPEC §16.3's pieces, as fractions, written here apart from anim."""
    s, e = min(max(s, 0), 1), min(max(e, 0), 1)
    lo, hi = min(s, e), max(s, e)
    if lo == 0 and hi == 1:
        return None
    if lo == hi:
        return []
    start = (lo + o) % 1.0
    end = start + (hi - lo)
    if end <= 1:
        return [(start, end)]
    return [(start, 1.0), (0.0, end - 1)]


TRIMS = [
    (0, 0.25, 0), (0.1, 0.6, 0), (0.6, 0.1, 0), (0, 0.5, 0.875), (0.2, 0.9, 0.5),
    (0.3, 0.4, -0.35), (-0.5, 0.3, 0.1), (0.5, 1.7, 0.25), (0.4, 0.4, 0),
]
SHAPES = [
    ("--kind", "rect", "--width", "160", "--height", "90"),
    ("--kind", "rect", "--width", "160", "--height", "90", "--corner-radius", "25"),
    ("--kind", "ellipse", "--width", "150", "--height", "100"),
    ("--kind", "star", "--points", "5", "--inner-radius", "0.45"),
    ("--d", "M10 100 C40 10 70 10 100 100 S160 190 190 100"),
    ("--kind", "rect", "--width", "160", "--height", "90", "--corners", "40,0,12,30"),
]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("trim", TRIMS)
def test_trim_matches_skias_path_measure(shape, trim):
    whole = geometry(*shape)
    piece = geometry(*shape, "--trim=" + ",".join(str(x) for x in trim))
    expected = wrap_pieces(*trim)
    if expected is None:
        assert piece["subpaths"] == whole["subpaths"]
        return
    assert len(piece["subpaths"]) == len(expected)
    # Skia measures in single precision, to about 1e-5 of the length.
    measure = skia.PathMeasure(skia_path(whole), False, 64)
    total = measure.getLength()
    assert total == pytest.approx(whole["length"], rel=1e-4)
    for sub, (a, b) in zip(piece["subpaths"], expected):
        ref = skia.Path()
        assert measure.getSegment(a * total, b * total, ref, True)
        points = ref.getPoints(ref.countPoints())
        first, last = points[0], points[-1]
        assert sub["start"] == pytest.approx([first.x(), first.y()], abs=0.02)
        end = sub["segments"][-1][4:6]
        assert end == pytest.approx([last.x(), last.y()], abs=0.02)
        assert sub["closed"] is False
        sub_len = sum(cubic_length(p) for p in beziers({"subpaths": [sub]})[0])
        assert sub_len == pytest.approx((b - a) * whole["length"], rel=1e-6)


def test_trim_walks_several_subpaths_in_order():
    d = "M10 10 L110 10 M10 50 L110 50"
    piece = geometry("--d", d, "--trim", "0.25,0.75,0")
    starts = [s["start"] for s in piece["subpaths"]]
    ends = [s["segments"][-1][4:6] for s in piece["subpaths"]]
    assert starts == [pytest.approx([60, 10]), [10, 50]]
    assert ends == [[110, 10], pytest.approx([60, 50])]


def test_morph_reaches_the_other_outline():
    star = geometry("--kind", "star", "--points", "5")
    square = "M0 0 H100 V100 H0 Z"
    at_one = geometry("--d", square, "--morph-to", star["svg"], "--progress", "1")
    at_zero = geometry("--d", square, "--morph-to", star["svg"], "--progress", "0")
    assert len(at_one["subpaths"][0]["segments"]) == 10
    assert_same_pixels(fill(skia_path(at_one)), fill(skia_path(star)))
    assert_same_pixels(
        fill(skia_path(at_zero)), svgdom_fill(square)
    )


def test_bad_path_data_names_the_offset():
    out = subprocess.run(
        [ANIM, "geometry", "--d", "M10 10 L20 x"], capture_output=True, text=True
    )
    assert out.returncode == 65
    assert out.stderr.strip() == "anim: bad path data at offset 11: expected a number, found 'x'"
    out = subprocess.run(
        [ANIM, "geometry", "--d", "M0 0 L1 0", "--morph-to", "M0 0 H5 V5 Z"],
        capture_output=True, text=True,
    )
    assert out.returncode == 65


# Cairo's fills and strokes (anim geometry --png) against Skia's stroker,
# which trims with its own PathMeasure by the rules of wrap_pieces above.
FILL = (255, 0, 0)
STROKE = (0, 0, 255, 128)


def over(top, alpha, bottom):
    return tuple(round(t * alpha + b * (1 - alpha)) for t, b in zip(top, bottom))


def classes(img, colours):
    """Index of the pure colour each pixel is (within 2/255), else -1."""
    label = np.full(img.shape[:2], -1)
    for k, c in enumerate(colours):
        close = (np.abs(img[:, :, :3] - np.array(c)) <= 2).all(axis=2)
        label[close & (label == -1)] = k
    return label


def skia_picture(data, width, cap, join, trim):
    caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap,
            "square": skia.Paint.kSquare_Cap}
    joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join,
             "bevel": skia.Paint.kBevel_Join}
    whole = skia_path(data)
    pieces = wrap_pieces(*trim)
    if pieces is None:
        stroked = whole
    else:
        stroked = skia.Path()
        measure = skia.PathMeasure(whole, False, 64)
        total = measure.getLength()
        for a, b in pieces:
            # skia-python's getSegment replaces `dst`: one path per piece.
            piece = skia.Path()
            measure.getSegment(a * total, b * total, piece, True)
            stroked.addPath(piece)

    def draw(canvas):
        canvas.translate(10, 10)
        canvas.drawPath(whole, skia.Paint(AntiAlias=True, Color=skia.Color(*FILL)))
        canvas.drawPath(stroked, skia.Paint(
            AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=width,
            StrokeCap=caps[cap], StrokeJoin=joins[join], StrokeMiter=4,
            Color=skia.Color(*STROKE)))

    return raster(draw)


STROKES = [("butt", "miter", (0, 1, 0)), ("round", "round", (0.1, 0.55, 0)),
           ("square", "bevel", (0, 0.5, 0.8))]
STROKE_CASES = [
    (shape, *stroke)
    for shape in SHAPES[:4] + [("--d", "M20 20 L120 40 L30 90")]
    for stroke in STROKES
] + [(SHAPES[3], "butt", "miter", (0.2, 0.9, 0.5))]


@pytest.mark.parametrize("shape,cap,join,trim", STROKE_CASES)
def test_cairo_strokes_match_skia(tmp_path, shape, cap, join, trim):
    data = geometry(*shape)
    png = tmp_path / "cairo.png"
    out = subprocess.run(draw_args(shape, cap, join, trim, png=png), capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    from PIL import Image
    mine = np.array(Image.open(png).convert("RGBA")).astype(int)
    ref = skia_picture(data, 9, cap, join, trim)
    assert_same_interior(mine, ref, exact=True)


def assert_same_interior(mine, ref, exact, grow=2, ignore=(), stray=0):
    """Every pixel at least `grow` pixels from an edge in either picture
    shows the same pure colour (white, the fill, the stroke over white, the
    stroke over the fill) in both; with `exact`, anim's are exactly the
    blend rounded once."""
    white = (255, 255, 255)
    a = STROKE[3] / 255
    colours = [white, FILL, over(STROKE[:3], a, white), over(STROKE[:3], a, FILL)]
    la, lb = classes(mine, colours), classes(ref, colours)
    edge = (la == -1) | (lb == -1)
    grown = edge.copy()
    for dy in range(-grow, grow + 1):
        for dx in range(-grow, grow + 1):
            grown |= np.roll(np.roll(edge, dy, axis=0), dx, axis=1)
    interior = ~grown
    # Not a vacuous comparison: most pixels are interior, and both pictures
    # have some interior fill and some stroke.
    assert interior.mean() > 0.9
    # Discs (x, y, r) in pixels left out of the comparison.
    yy, xx = np.mgrid[0:mine.shape[0], 0:mine.shape[1]]
    for x, y, r in ignore:
        interior &= (xx - x) ** 2 + (yy - y) ** 2 > r * r
    assert (interior & (la == 1)).sum() > 1000
    assert (interior & (la >= 2)).sum() > 100
    differ = interior & (la != lb)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) <= stray, (
        f"{int(differ.sum())} interior pixels differ, first at {list(zip(xs[:3], ys[:3]))}")
    if exact:
        for k, c in enumerate(colours):
            sel = interior & (la == k)
            if sel.any():
                assert np.abs(mine[sel][:, :3] - np.array(c)).max() == 0


def draw_args(shape, cap, join, trim, **out):
    hexstroke = "#%02x%02x%02x%02x" % STROKE
    files = [x for k, v in out.items() for x in (f"--{k}", str(v))]
    return [ANIM, "geometry", *shape, *files, "--png-size", f"{220 * ZOOM}x{220 * ZOOM}",
            "--scale", str(ZOOM), "--offset", f"{10 * ZOOM},{10 * ZOOM}", "--fill", "#ff0000",
            "--stroke", hexstroke, "--stroke-width", "9", "--cap", cap, "--join", join,
            "--trim=" + ",".join(map(str, trim))]


@pytest.mark.parametrize("shape,cap,join,trim", [STROKE_CASES[i] for i in (0, 4, 8, 11, 15)])
def test_chromium_draws_the_svg_like_cairo(tmp_path, shape, cap, join, trim):
    import shutil
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    png, svg, shot = tmp_path / "cairo.png", tmp_path / "f.svg", tmp_path / "chromium.png"
    out = subprocess.run(draw_args(shape, cap, join, trim, png=png, svg=svg),
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    size = 220 * ZOOM
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--default-background-color=00000000", f"--window-size={size},{size}",
         f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    from PIL import Image
    mine = np.array(Image.open(png).convert("RGBA")).astype(int)
    theirs = np.array(Image.open(shot).convert("RGBA")).astype(int)
    assert_same_interior(mine, theirs, exact=True)


# The same picture as Lottie shape items (anim geometry --lottie): the
# schema accepts it, and rlottie draws it as Cairo does at interior pixels:
# the fill untrimmed, the stroke trimmed with Lottie's own `tm` (offset in
# degrees, pieces running past the end continuing from the start).
# The star's wrapped piece ends between vertices here: where a piece ends
# exactly on a vertex, rlottie 1.3.8 adds a join there (a sliver of the
# segment before, from its single-precision lengths) that anim and Skia do
# not draw.
RLOTTIE_CASES = [STROKE_CASES[i] for i in (0, 2, 4, 8, 11, 14)] + [
    (SHAPES[3], "butt", "miter", (0.23, 0.87, 0.5))
]


@pytest.mark.parametrize("shape,cap,join,trim", RLOTTIE_CASES)
def test_rlottie_draws_the_lottie_items_like_cairo(tmp_path, shape, cap, join, trim):
    import jsonschema
    import lottie_specs
    from PIL import Image
    from rlottie_python import LottieAnimation

    png, doc = tmp_path / "cairo.png", tmp_path / "f.json"
    out = subprocess.run(draw_args(shape, cap, join, trim, png=png, lottie=doc),
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    schema_path = os.path.join(
        os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(schema_path) as f:
        jsonschema.Draft202012Validator(json.load(f)).validate(json.loads(doc.read_text()))
    frame = LottieAnimation.from_file(str(doc)).render_pillow_frame(frame_num=0)
    premultiplied = np.array(frame.convert("RGBA")).astype(float)
    # rlottie's values are premultiplied: composite over white.
    alpha = premultiplied[:, :, 3:4] / 255
    theirs = np.concatenate(
        [np.round(premultiplied[:, :, :3] + 255 * (1 - alpha)), np.full(alpha.shape, 255)], axis=2)
    mine = np.array(Image.open(png).convert("RGBA")).astype(int)
    ignore = []
    if trim[1] - trim[0] + (trim[2] % 1) > 1:
        # A piece that wraps past the outline's start: rlottie 1.3.8 joins
        # the two pieces there (a miter at a star's top) where SPEC §16.3,
        # Skia and anim draw two pieces each with its own caps; near the
        # outline's start and end (4 stroke widths, the miter's reach) the
        # pictures are left uncompared. Reported, not hidden.
        data = geometry(*shape)
        first = data["subpaths"][0]
        for x, y in (first["start"], first["segments"][-1][4:6]):
            ignore.append(((10 + x) * ZOOM, (10 + y) * ZOOM, 4 * 9 * ZOOM))
    # rlottie measures lengths on flattened curves: a trimmed end may move by
    # a small fraction of a point, a few pixels at this zoom.
    assert_same_interior(mine, theirs.astype(int), exact=True, ignore=ignore, stray=40)
