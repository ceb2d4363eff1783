"""Independent checks of `anim render` (SPEC §12).

Expected pixels are computed here from the views' geometry (a point is tested
only when it lies at least 2 px inside or outside every edge), never from
anim's own output; headless Chromium (Skia) draws anim's SVG; ffprobe and
ffmpeg's decoders read the animated formats back.
"""

import math
import os
import shutil
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest
from PIL import Image

ANIM = os.environ.get("ANIM", ".build/debug/anim")
ROOT = Path(__file__).resolve().parents[2]
BG = (30, 30, 30)

# A scene with every drawing rule: position, size, rotation, scale, colour,
# alpha (the property's and the colour's), corner radius, painting order.
SCENE = """
stage(width: 240, height: 160, origin: (-20, -10), background: "#1e1e1e")
view a(x: 40, y: 50, width: 80, height: 60, color: "#d03030")
view b(x: 110, y: 70, width: 90, height: 50, rotation: 30, color: "#2050e0", alpha: 0.6, cornerRadius: 12)
view c(x: 170, y: 40, width: 50, height: 50, scaleX: 1.4, scaleY: 0.8, color: "#30c060c0", cornerRadius: 1000)
view d(x: 60, y: 120, width: 70, height: 30, rotation: -15, color: "#f0e040")
run move(by: (40, 0), 1) on a
run rotate(by: 90, 1) | fade(0.2, 1) on d
run tween(cornerRadius: 0, 1) on b
step 0.5
"""

# Each view's values at t = 0.5 (worked out by hand from SCENE).
VIEWS_AT_HALF = [
    dict(x=60, y=50, w=80, h=60, rot=0, sx=1, sy=1, r=0, rgb=(0xD0, 0x30, 0x30), a=1.0),
    dict(x=110, y=70, w=90, h=50, rot=30, sx=1, sy=1, r=6, rgb=(0x20, 0x50, 0xE0), a=0.6),
    dict(x=170, y=40, w=50, h=50, rot=0, sx=1.4, sy=0.8, r=1000,
         rgb=(0x30, 0xC0, 0x60), a=0xC0 / 255),
    dict(x=60, y=120, w=70, h=30, rot=30, sx=1, sy=1, r=0, rgb=(0xF0, 0xE0, 0x40), a=0.6),
]
ORIGIN = (-20, -10)


def anim(*args, cwd=None, check=True, env=None):
    result = subprocess.run(
        [ANIM, *args], cwd=cwd, capture_output=True, text=True, env=env, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"anim {' '.join(args)}: {result.returncode}\n{result.stderr}")
    return result


def signed_distance(view, px, py, scale=1.0):
    """Distance in pixels from a world point to the view's edge (< 0 inside)."""
    dx, dy = px - view["x"], py - view["y"]
    t = math.radians(view["rot"])
    # Undo the clockwise-on-screen rotation, then the scale.
    lx = (dx * math.cos(t) + dy * math.sin(t)) / view["sx"]
    ly = (-dx * math.sin(t) + dy * math.cos(t)) / view["sy"]
    hw, hh = view["w"] / 2, view["h"] / 2
    r = max(0.0, min(view["r"], min(view["w"], view["h"]) / 2))
    qx, qy = abs(lx) - (hw - r), abs(ly) - (hh - r)
    outside = math.hypot(max(qx, 0), max(qy, 0))
    inside = min(max(qx, qy), 0)
    return (outside + inside - r) * min(abs(view["sx"]), abs(view["sy"])) * scale


def expected_pixels(views, width, height, world_to_pixel, scale=1.0, bg=BG):
    """{(px, py): (r, g, b)} for pixel centres clear of every edge by 2 px."""
    result = {}
    for py in range(2, height - 2, 3):
        for px in range(2, width - 2, 3):
            wx, wy = world_to_pixel(px + 0.5, py + 0.5)
            colour = [float(c) for c in bg]
            clear = True
            for v in views:
                d = signed_distance(v, wx, wy, scale)
                if abs(d) < 2:
                    clear = False
                    break
                if d < 0:
                    colour = [c * (1 - v["a"]) + s * v["a"] for c, s in zip(colour, v["rgb"])]
            # A blend that lands on an exact half (x.5 in 8-bit steps) may
            # round either way in floating point: such points are left out.
            if clear and all(abs(c - math.floor(c) - 0.5) > 1e-6 for c in colour):
                result[(px, py)] = tuple(int(math.floor(c + 0.5)) for c in colour)
    return result


def world(scale=1.0):
    return lambda px, py: (px / scale + ORIGIN[0], py / scale + ORIGIN[1])


@pytest.fixture(scope="module")
def work():
    directory = Path(tempfile.mkdtemp(prefix="anim-render-"))
    (directory / "scene.anim").write_text(SCENE)
    yield directory
    shutil.rmtree(directory)


def assert_close(image, expected, tolerance, what):
    image = image.convert("RGBA")
    bad = []
    for (px, py), rgb in expected.items():
        got = image.getpixel((px, py))
        if any(abs(g - e) > tolerance for g, e in zip(got[:3], rgb)) or got[3] != 255:
            bad.append(((px, py), got, rgb))
    assert not bad, f"{what}: {len(bad)} of {len(expected)} points differ, e.g. {bad[:5]}"


def test_png_interior_pixels_match_the_geometry(work):
    anim("render", "scene.anim", "-o", "f.png", cwd=work)
    image = Image.open(work / "f.png")
    assert image.mode == "RGBA"
    assert image.size == (240, 160)
    expected = expected_pixels(VIEWS_AT_HALF, 240, 160, world())
    assert len(expected) > 2000
    # Exact: the blend of every covering view, rounded to 8 bits once.
    assert_close(image, expected, 0, "png")


def test_png_at_scale_two(work):
    anim("render", "scene.anim", "-o", "s.png", "--scale", "2", cwd=work)
    image = Image.open(work / "s.png")
    assert image.size == (480, 320)
    assert_close(image, expected_pixels(VIEWS_AT_HALF, 480, 320, world(2), 2), 0, "scale 2")


def test_size_letterboxes_the_stage(work):
    anim("render", "scene.anim", "-o", "l.png", "--size", "480x480", cwd=work)
    image = Image.open(work / "l.png").convert("RGBA")
    assert image.size == (480, 480)
    # 240 × 160 at scale 2 is 480 × 320, centred: bands of 80 px.
    assert image.getpixel((240, 40)) == BG + (255,)
    assert image.getpixel((240, 440)) == BG + (255,)
    inner = expected_pixels(VIEWS_AT_HALF, 480, 320, world(2), 2)
    shifted = {(x, y + 80): rgb for (x, y), rgb in inner.items()}
    assert_close(image, shifted, 0, "letterbox")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    pytest.skip("chromium is not installed")


def test_chromium_draws_anims_svg_like_anims_png(work):
    anim("render", "scene.anim", "-o", "f.svg", cwd=work)
    anim("render", "scene.anim", "-o", "f.png", cwd=work)
    shot = work / "chromium.png"
    subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--default-background-color=00000000", "--window-size=240,160",
         f"--screenshot={shot}", (work / "f.svg").as_uri()],
        capture_output=True, timeout=120, check=True)
    ours = Image.open(work / "f.png").convert("RGBA")
    theirs = Image.open(shot).convert("RGBA")
    expected = expected_pixels(VIEWS_AT_HALF, 240, 160, world())
    bad = [(p, ours.getpixel(p), theirs.getpixel(p)) for p in expected
           if any(abs(a - b) > 1 for a, b in zip(ours.getpixel(p), theirs.getpixel(p)))]
    assert not bad, f"{len(bad)} of {len(expected)} interior points differ: {bad[:5]}"


# --- animated formats ------------------------------------------------------

MOTION = """
stage(width: 64, height: 48, background: "#204060")
view box(x: 8, y: 24, width: 12, height: 20, color: "#f0a020")
view dot(x: 50, y: 10, width: 10, height: 10, color: "#20e0c0", cornerRadius: 5)
run move(to: (56, 24), 1) on box
run fade(0.5, 1) on dot
"""


def ffprobe(path, *extra):
    out = subprocess.run(
        ["ffprobe", "-v", "error", *extra, "-count_frames", "-select_streams", "v:0",
         "-show_entries", "stream=nb_read_frames,r_frame_rate,avg_frame_rate,width,height",
         "-of", "default=noprint_wrappers=1", str(path)],
        capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in out.split())


def decode(path, width, height, *codec):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", *codec, "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgba",
         "-"], capture_output=True, check=True).stdout
    size = width * height * 4
    return [Image.frombytes("RGBA", (width, height), raw[i:i + size])
            for i in range(0, len(raw), size)]


@pytest.fixture(scope="module")
def motion(work):
    (work / "motion.anim").write_text(MOTION)
    (work / "frames").mkdir()
    anim("render", "motion.anim", "-o", "frames/f%03d.png", "--fps", "10", cwd=work)
    return work


def frame_png(work, k):
    return Image.open(work / "frames" / f"f{k:03d}.png").convert("RGBA")


def interior_points():
    return [(x, y) for x in range(2, 62, 4) for y in range(2, 46, 4)]


def test_a_pattern_writes_every_frame_numbered_from_zero(motion):
    names = sorted(p.name for p in (motion / "frames").iterdir())
    assert names == [f"f{k:03d}.png" for k in range(11)]
    # Frame 5 is t = 0.5: the box's centre at x = 32.
    image = frame_png(motion, 5)
    assert image.getpixel((32, 24)) == (0xF0, 0xA0, 0x20, 255)
    assert image.getpixel((10, 24)) == (0x20, 0x40, 0x60, 255)


def png_chunks(path):
    """The chunks of a PNG file as (type, data), each CRC checked by
    Python's zlib."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        crc = int.from_bytes(data[at + 8 + length:at + 12 + length], "big")
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append((kind, body))
        at += 12 + length
    return chunks


def test_a_patterns_frames_are_valid_png_of_the_stills_pixels(motion):
    """A sequence's frames (compressed by igzip) read by Python's zlib and by
    Pillow: every CRC right, one zlib stream of unfiltered RGBA rows, and
    the same pixels as the still `--at` that time writes (through libpng)."""
    for k in (0, 4, 10):
        path = motion / "frames" / f"f{k:03d}.png"
        chunks = png_chunks(path)
        assert [kind for kind, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
        assert chunks[0][1] == (64).to_bytes(4, "big") + (48).to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
        rows = zlib.decompress(chunks[1][1])
        assert len(rows) == 48 * (64 * 4 + 1)
        assert all(rows[y * (64 * 4 + 1)] == 0 for y in range(48))
        pixels = b"".join(rows[y * 257 + 1:(y + 1) * 257] for y in range(48))
        anim("render", "motion.anim", "-o", f"still{k}.png", "--at", str(k / 10), cwd=motion)
        still = Image.open(motion / f"still{k}.png").convert("RGBA")
        assert still.tobytes() == pixels == frame_png(motion, k).tobytes(), k


@pytest.mark.parametrize("ext,codec,tolerance,rate", [
    ("apng", [], 0, "10/1"),
    ("webm", ["-c:v", "libvpx-vp9"], 2, "10/1"),
    ("mp4", [], 3, "10/1"),
])
def test_animated_frames_match_the_png_frames(motion, ext, codec, tolerance, rate):
    anim("render", "motion.anim", "-o", f"m.{ext}", "--fps", "10", cwd=motion)
    info = ffprobe(motion / f"m.{ext}")
    assert info["nb_read_frames"] == "11"
    # APNG stores each delay as 1/10 s; ffprobe's r_frame_rate is a guess
    # from a 1/100000 time base there, so the average rate is what counts.
    assert info["avg_frame_rate"] == rate
    frames = decode(motion / f"m.{ext}", 64, 48, *codec)
    assert len(frames) == 11
    for k in (0, 3, 5, 10):
        ours = frame_png(motion, k)
        for p in interior_points():
            a, b = ours.getpixel(p), frames[k].getpixel(p)
            # Points on an edge of a view are anti-aliased; compare inside only.
            if edge_near(k, p, 2.5 if tolerance == 0 else 5):
                continue
            assert all(abs(x - y) <= tolerance for x, y in zip(a, b)), (ext, k, p, a, b)


def edge_near(k, p, margin):
    """Whether pixel p is within `margin` px of an edge of the MOTION scene at
    frame k (lossy codecs subsample chroma in 2 × 2 blocks and smear edges)."""
    t = k / 10
    views = [
        dict(x=8 + 48 * t, y=24, w=12, h=20, rot=0, sx=1, sy=1, r=0),
        dict(x=50, y=10, w=10, h=10, rot=0, sx=1, sy=1, r=5),
    ]
    return any(abs(signed_distance(v, p[0] + 0.5, p[1] + 0.5)) < margin for v in views)


def test_gif_has_centisecond_delays_and_loops(motion):
    anim("render", "motion.anim", "-o", "m.gif", "--fps", "10", cwd=motion)
    image = Image.open(motion / "m.gif")
    assert image.n_frames == 11
    assert image.info.get("loop") == 0
    assert image.info.get("duration") == 100
    info = ffprobe(motion / "m.gif")
    assert info["nb_read_frames"] == "11"


def test_gif_default_rate_is_50(motion):
    anim("render", "motion.anim", "-o", "d.gif", cwd=motion)
    assert Image.open(motion / "d.gif").n_frames == 51


def test_mp4_with_odd_size_is_padded_to_even(work):
    (work / "odd.anim").write_text("stage(width: 33, height: 21)\nview v(x: 10, y: 10, width: 8, height: 8)\n")
    anim("render", "odd.anim", "-o", "odd.mp4", "--to", "0.1", cwd=work)
    info = ffprobe(work / "odd.mp4")
    assert (info["width"], info["height"]) == ("34", "22")


# --- bad input: a clear message and a documented exit code -----------------

@pytest.mark.parametrize("args,code,message", [
    (["-o", "x.jpg"], 64, "unknown format '.jpg'"),
    (["-o", "x.png", "--from", "0", "--to", "1"], 64, "holds one frame"),
    (["-o", "x.png", "--at", "1", "--to", "2"], 64, "cannot go with --from or --to"),
    (["-o", "x.gif", "--from", "2", "--to", "1"], 64, "--from 2 is after --to 1"),
    (["-o", "x.png", "--at=-1"], 64, "--at must be a time from 0 to 1e+12 s"),
    (["-o", "x.mp4", "--to", "inf"], 64, "--to must be a time from 0 to 1e+12 s"),
    (["-o", "x.mp4", "--fps", "0"], 64, "--fps must be a number of frames per second"),
    (["-o", "x.gif", "--fps", "30"], 64, "divides 100"),
    (["-o", "x.png", "--size", "0x10"], 64, "from 1 to 8192"),
    (["-o", "x.png", "--size", "9000x10"], 64, "from 1 to 8192"),
    (["-o", "x.png", "--scale", "1000"], 64, "larger than 8192"),
    (["-o", "f%d%d.png"], 64, "exactly one %d"),
    (["-o", "frames.png", "--fps", "10"], 64, "holds one frame"),
    (["-o", "/nonexistent/dir/x.png"], 74, "cannot write"),
    (["-o", "/nonexistent/dir/x.mp4"], 74, "cannot write"),
])
def test_bad_input(work, args, code, message):
    result = anim("render", "scene.anim", *args, cwd=work, check=False)
    assert result.returncode == code, result.stderr
    assert message in result.stderr


def test_missing_ffmpeg_is_69(work):
    env = dict(os.environ, PATH="/nonexistent")
    result = anim("render", "scene.anim", "-o", "x.mp4", cwd=work, check=False, env=env)
    assert result.returncode == 69
    assert "ffmpeg not found: install it (apt-get install ffmpeg) to write .mp4" in result.stderr
    assert not (work / "x.mp4").exists()


def test_failing_ffmpeg_is_74_with_its_stderr_and_leaves_nothing(work, tmp_path):
    fake = tmp_path / "ffmpeg"
    fake.write_text("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n")
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{tmp_path}:{os.environ['PATH']}")
    out = work / "fail"
    out.mkdir()
    result = anim("render", "scene.anim", "-o", str(out / "x.mp4"), cwd=work, check=False, env=env)
    assert result.returncode == 74
    assert "Unknown encoder libx264" in result.stderr
    assert list(out.iterdir()) == []


def test_a_failed_expectation_still_writes_and_exits_1(work):
    (work / "fails.anim").write_text("view v\nprint 7\nexpect v.x == 1\n")
    result = anim("render", "fails.anim", "-o", "e.png", cwd=work, check=False)
    assert result.returncode == 1
    assert result.stdout == "7\n"
    assert (work / "e.png").exists()


def test_a_runtime_error_writes_nothing(work):
    (work / "boom.anim").write_text("view v\nstep -1\n")
    result = anim("render", "boom.anim", "-o", "boom.png", cwd=work, check=False)
    assert result.returncode == 70
    assert not (work / "boom.png").exists()


def test_the_ten_second_cap_is_said_on_stderr(work):
    (work / "forever.anim").write_text("view v\nrun fade(out, 1) * forever on v\n")
    result = anim("render", "forever.anim", "-o", "fr/%d.png", "--fps", "1", cwd=work, check=False)
    (work / "fr").mkdir(exist_ok=True)
    result = anim("render", "forever.anim", "-o", "fr/%d.png", "--fps", "1", cwd=work)
    assert "10 s" in result.stderr
    assert len(list((work / "fr").iterdir())) == 11


def test_every_example_renders_at_its_end(tmp_path):
    examples = sorted((ROOT / "examples").glob("*.anim"))
    assert examples
    for example in examples:
        out = tmp_path / (example.stem + ".png")
        result = anim("render", str(example), "-o", str(out), check=False)
        assert result.returncode in (0, 1), f"{example.name}: {result.stderr}"
        assert Image.open(out).mode == "RGBA", example.name


# --- anim plot --------------------------------------------------------------

PLOT = """
view box(color: red)
h = run (move(to: (100, 0), 1) + mark("hit") + move(to: (0, 0), 0.5)) * 2 on box
run color(to: blue, 2) on box
view other
run fade(out, 1) on other
step 3
"""


def test_plot_svg_has_a_panel_per_property_and_the_events(work):
    import xml.etree.ElementTree as ET
    (work / "plot.anim").write_text(PLOT)
    anim("plot", "plot.anim", "-o", "p.svg", "--property", "box.x,box.color", cwd=work)
    root = ET.parse(work / "p.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    assert "box.x" in texts and "box.color" in texts and "time (s)" in texts
    # Round time ticks over 0…3 s and round value ticks over 0…100.
    for tick in ["0.0", "0.5", "1.0", "2.0", "3.0", "0", "50", "100"]:
        assert tick in texts, tick
    # Events of the runs animating box.x or box.color, none of `other`'s fade (#3).
    for label in ["start #1", "mark \"hit\" #1", "repeat 2 #1", "done #2"]:
        assert label in texts, (label, texts)
    assert not any(t and t.endswith("#3") for t in texts)
    # The colour strip passes from red to blue.
    fills = [r.get("fill") for r in root.iter(ns + "rect")]
    assert "#ff0000" in fills and "#0000ff" in fills


def test_plot_png_and_easing(work):
    (work / "plot.anim").write_text(PLOT)
    anim("plot", "plot.anim", "-o", "p.png", "--property", "other.alpha", "--to", "2", cwd=work)
    assert Image.open(work / "p.png").mode == "RGBA"
    anim("plot", "--easing", "outBack", "-o", "e.svg", cwd=work)
    text = (work / "e.svg").read_text()
    assert ">outBack<" in text
    # The overshoot of outBack (about 1.1) is inside the value axis.
    assert ">1.2<" in text


def svg_texts(path):
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    return [t.text for t in ET.parse(path).getroot().iter(ns + "text")]


def test_plot_without_property_charts_every_animated_property(work):
    # SPEC §20: in the order the runs start, each run's in the order written.
    (work / "plot.anim").write_text(PLOT)
    result = anim("plot", "plot.anim", "-o", "all.svg", cwd=work)
    assert result.stderr == ""
    texts = svg_texts(work / "all.svg")
    labels = [t for t in texts if t in ("box.x", "box.y", "box.color", "other.alpha", "box.alpha", "other.x")]
    assert labels == ["box.x", "box.y", "box.color", "other.alpha"]
    assert not any(t and t.startswith("not plotted") for t in texts)
    # Every run animates a plotted property now, so every run's events show.
    for label in ["start #1", "mark \"hit\" #1", "done #2", "start #3", "done #3"]:
        assert label in texts, (label, texts)


def test_plot_without_property_stops_at_twelve_panels_and_names_the_rest(work):
    (work / "many.anim").write_text(
        "grid g(cols: 7, rows: 1, size: 10)\n"
        "for v in g { run move(by: (5, 5), 1) on v }\n"
        "settle\n")
    result = anim("plot", "many.anim", "-o", "many.svg", cwd=work)
    texts = svg_texts(work / "many.svg")
    plotted = [f"g[{i}].{p}" for i in range(6) for p in ("x", "y")]
    assert [t for t in texts if t and t.startswith("g[")] == plotted
    assert "not plotted (2 more): g[6].x, g[6].y" in texts
    assert result.stderr == (
        "anim plot: note: the script animates 14 properties; the first 12 are plotted, "
        "not g[6].x, g[6].y (--property chooses)\n")


@pytest.mark.parametrize("args,code,message", [
    (["plot.anim", "-o", "p.jpg", "--property", "box.x"], 64, "a .svg or .png"),
    (["empty.anim", "-o", "p.svg"], 64, "nothing to plot: the script animates no property"),
    (["plot.anim", "-o", "p.svg", "--property", "bx.x"], 64, "no view 'bx'"),
    (["plot.anim", "-o", "p.svg", "--property", "box.xx"], 64, "no property 'xx'"),
    (["--easing", "nonsense", "-o", "e.svg"], 64, "unknown easing 'nonsense'"),
    (["missing.anim", "-o", "p.svg", "--property", "box.x"], 66, "no such file"),
])
def test_plot_bad_input(work, args, code, message):
    (work / "plot.anim").write_text(PLOT)
    (work / "empty.anim").write_text("view box\nbox.x = 10\nstep 1\n")
    result = anim("plot", *args, cwd=work, check=False)
    assert result.returncode == code, result.stderr
    assert message in result.stderr


TRANSPARENT = """
stage(width: 64, height: 48, background: transparent)
view box(x: 20, y: 24, width: 20, height: 20, color: "#f0a020")
run move(to: (44, 24), 1) on box
"""


@pytest.mark.parametrize("ext,codec,corner,tolerance", [
    ("apng", [], (0, 0, 0, 0), 0),          # lossless, with alpha
    ("webm", ["-c:v", "libvpx-vp9"], (0, 0, 0, 0), 2),  # VP9 with alpha
    ("mp4", [], (0, 0, 0, 255), 3),         # no alpha: flattened onto black
])
def test_a_transparent_background_per_format(work, ext, codec, corner, tolerance):
    (work / "transparent.anim").write_text(TRANSPARENT)
    anim("render", "transparent.anim", "-o", f"t.{ext}", "--fps", "10", cwd=work)
    first = decode(work / f"t.{ext}", 64, 48, *codec)[0]
    got = first.getpixel((2, 2))
    if corner[3] == 0:
        assert got[3] == 0, got
    else:
        assert all(abs(a - b) <= tolerance for a, b in zip(got, corner)), got
    box = first.getpixel((20, 24))
    assert all(abs(a - b) <= tolerance for a, b in zip(box, (0xF0, 0xA0, 0x20, 255))), box


def test_gif_transparency_is_one_bit(work):
    (work / "transparent.anim").write_text(TRANSPARENT)
    anim("render", "transparent.anim", "-o", "t.gif", "--fps", "10", cwd=work)
    image = Image.open(work / "t.gif").convert("RGBA")
    assert image.getpixel((2, 2))[3] == 0
    assert image.getpixel((20, 24)) == (0xF0, 0xA0, 0x20, 255)


def test_a_compile_error_writes_nothing(work):
    (work / "bad.anim").write_text("run fade(out, 1\n")
    result = anim("render", "bad.anim", "-o", "bad.png", cwd=work, check=False)
    assert result.returncode == 65
    assert "bad.anim:1" in result.stderr
    assert not (work / "bad.png").exists()


STILL = """stage(width: 40, height: 30, origin: (0, 0))
rect box(x: 20, y: 15, width: 20, height: 10, color: "#e04020")
print box.x
"""


@pytest.mark.parametrize("args,name", [
    (["-o", "still.png", "--at", "0"], "still.png"),
    (["-o", "still.svg", "--at", "0"], None),
    (["-o", "still%02d.png", "--from", "0", "--to", "0"], "still00.png"),
    (["-o", "still_end.png"], "still_end.png"),
])
def test_a_still_scene_draws_its_frame_at_zero(work, args, name):
    """A script whose clock never moves ends at 0: a render at its end time
    (--at 0, --from 0 --to 0) draws that frame instead of refusing it."""
    (work / "still.anim").write_text(STILL)
    result = anim("render", "still.anim", *args, cwd=work)
    assert result.stdout == "20\n"
    if name is None:
        assert '<rect x="-10" y="-5" width="20" height="10" fill="#e04020"' in (
            work / "still.svg").read_text()
        return
    image = Image.open(work / name).convert("RGBA")
    assert image.size == (40, 30)
    assert image.getpixel((20, 15)) == (0xE0, 0x40, 0x20, 255)
    assert image.getpixel((2, 2)) == (30, 30, 30, 255)
