"""Hostile input to the commands that draw (issue 32, SPEC §15–§20), checked
from outside: exit codes, the message on stderr, and what is left on disk.

- Every time option of `render`, `export`, `plot` and `bench` (`--at`,
  `--from`, `--to`, `--fps`, `--frames`) out of range is a usage error (64)
  that names the option, and writes nothing.
- A command that writes a file and is stopped by SIGTERM says so and
  leaves nothing, also while the script is still running.
- Views at the edges of the numbers (±1e308, 1e-320 viewBoxes, text sizes
  and trackings of 1e308, overflowing parents) rendered to PNG and SVG and
  exported to Lottie and HTML: each gives its exit code and a message naming
  the view and property, never a trap; no file holds `inf` or `nan` (read
  back by Pillow, an XML parser and a JSON parser), nothing is left behind.
"""

import json
import math
import os
import re
import signal
import subprocess
import time
import xml.etree.ElementTree
from pathlib import Path

import pytest
from PIL import Image

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))

SCRIPT = "view a\nrun fade(out, 1) on a\n"


def anim(*args, cwd, timeout=120):
    return subprocess.run(
        [ANIM, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
        stdin=subprocess.DEVNULL)


@pytest.fixture
def work(tmp_path):
    (tmp_path / "a.anim").write_text(SCRIPT)
    return tmp_path


# (command and output, option, value, what the message says)
TIME_OPTIONS = [
    (["render", "a.anim", "-o", "x.png"], "--at", value, "--at must be a time from 0 to 1e+12 s")
    for value in ["1e300", "1e13", "nan", "inf", "-1", "-inf"]
] + [
    (command, option, value, f"{option} must be a time from 0 to 1e+12 s")
    for command in (["render", "a.anim", "-o", "x.gif"], ["export", "a.anim", "-o", "x.json"],
                    ["export", "a.anim", "-o", "x.html"], ["plot", "a.anim", "-o", "x.svg"])
    for option in ("--from", "--to")
    for value in ("1e300", "1000000000001", "nan", "-1e-300", "inf")
] + [
    (command, "--fps", value, "--fps must be a number of frames per second in (0, 1e+06]")
    for command in (["render", "a.anim", "-o", "x.mp4"], ["export", "a.anim", "-o", "x.json"],
                    ["plot", "a.anim", "-o", "x.png"], ["bench", "a.anim"])
    for value in ("0", "-1", "1e300", "1000001", "nan", "inf")
] + [
    # Too many frames: known from the options alone, or found as the script runs.
    (["render", "a.anim", "-o", "f%05d.png"], "--fps", "1e6",
     "the frames from 0 s at 1e+06 fps pass 100000 (the most one command takes) at 0.1 s"),
    (["export", "a.anim", "-o", "x.json", "--from", "10"], "--to", "1e6",
     "the frames from 10 s at 60 fps pass 100000"),
    (["plot", "a.anim", "-o", "x.svg", "--fps", "1000"], "--to", "1000",
     "the frames from 0 s at 1000 fps pass 100000"),
    (["bench", "a.anim"], "--frames", "10000001", "--frames must be from 0 to 10000000"),
    (["bench", "a.anim", "--fps", "1e-300"], "--frames", "1",
     "--frames 1 at --fps 1e-300 last 1e+300 s, past the clock's limit of 1e+12 s"),
]


@pytest.mark.parametrize(
    "command,option,value,message", TIME_OPTIONS,
    ids=[f"{c[0]}-{c[-1]}-{o}={v}" for c, o, v, _ in TIME_OPTIONS])
def test_a_time_option_out_of_range_is_a_usage_error_naming_it(work, command, option, value,
                                                               message):
    before = set(os.listdir(work))
    result = anim(*command, f"{option}={value}", cwd=work)
    assert result.returncode == 64, result.stderr
    assert message in result.stderr
    assert option in result.stderr.splitlines()[0]
    assert set(os.listdir(work)) == before, "a refused command wrote a file"


def test_a_script_whose_clock_runs_past_the_frame_limit_is_refused_before_drawing(work):
    # No option names the range: the script's own end makes 60 000 001
    # frames. The survey stops at the 100 001st frame, not after a day.
    (work / "long.anim").write_text("view a\nrun fade(out, 1) on a\nprint 1\nstep 1e6\n")
    result = anim("render", "long.anim", "-o", "x.gif", cwd=work, timeout=60)
    assert result.returncode == 64, result.stderr
    assert result.stderr.strip() == (
        "anim render: the frames from 0 s at 50 fps pass 100000 (the most one command takes) "
        "at 2000 s: shorten the range (--from, --to) or lower --fps")
    assert not (work / "x.gif").exists()


def test_the_largest_time_is_drawn(work):
    result = anim("render", "a.anim", "-o", "x.png", "--at", "1e12", cwd=work)
    assert result.returncode == 0, result.stderr
    assert (work / "x.png").exists()


def test_an_error_while_stepping_on_names_the_last_line_not_one_past_it(work):
    # The work limit runs out while the render steps on to --to, after the
    # script's last statement: the error points just after that statement,
    # on a line the file has (it named line 5 of this 4-line file).
    (work / "late.anim").write_text(
        "view a\nrun (fade(out, 0.001) + fade(in, 0.001)) * forever on a\n\n\n")
    result = anim("render", "late.anim", "-o", "x.gif", "--to", "100", "--work-limit", "1000",
                  cwd=work)
    assert result.returncode == 70, result.stderr
    assert result.stderr.startswith(
        "late.anim:2:56: error: work limit reached: more than 1000 steps"), result.stderr


@pytest.mark.parametrize("command,output", [
    ("render", "x.png"), ("render", "x.gif"), ("export", "x.json"), ("export", "x.html"),
    ("plot", "x.svg")])
def test_sigterm_while_the_script_still_runs_says_nothing_was_written(work, command, output):
    # The script runs for a long while before any output exists: SIGTERM
    # there said nothing at all (exit 143, but no "nothing written").
    (work / "slow.anim").write_text("view a\nfor i in 0..<9000000 { a.x = i }\n")
    before = set(os.listdir(work))
    process = subprocess.Popen(
        [ANIM, command, "slow.anim", "-o", output], cwd=work, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    assert process.poll() is None, "the script ended before it was stopped"
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert err.strip() == f"anim {command}: stopped by SIGTERM; nothing written"
    assert set(os.listdir(work)) == before


# --- drawn and exported: exit code, message, and no inf or nan in any file ---

NON_FINITE = re.compile(r"(?<![A-Za-z_])-?(inf|nan|Infinity|NaN)(?![A-Za-z_])")
OUTPUTS = [("render", "out.png"), ("render", "out.svg"), ("export", "out.json"),
           ("export", "out.html")]

# (name, script, exit code for every output, what stderr says)
DRAWN = [
    ("trimmed_ellipse_1e308",
     "stage(width: 200, height: 200)\n"
     "ellipse e(x: 100, y: 100, width: 1e308, height: 1e308, stroke: red, trimEnd: 0.5)\n",
     70, "e is drawn past the ±1e+38 points anim draws at 0 s: it reaches 1e+308 "
         "(e.width is 1e+308)"),
    ("rect_far_without_stage", "view a\nrect r(x: 1e308, y: -1e308, stroke: red, trimEnd: 0.5)\n",
     70, "t.anim:2:6: error: r is drawn past the ±1e+38 points"),
    ("text_size_1e308", "stage(width: 200, height: 200)\ntext t(\"Hi\", size: 1e308)\n",
     70, "(t.size is 1e+308)"),
    ("text_tracking_1e308", "text t(\"Hello\", tracking: 1e308)\n",
     70, "t.anim:1:6: error: t.width would be past the largest number"),
    ("text_tracking_tween", "text t(\"Hello\")\nrun tween(tracking: 1e308, 1) on t\nstep 1\n",
     70, "t is drawn past the ±1e+38 points anim draws at"),
    ("child_scaled_past_range",
     "view p(scale: 1e200)\nview ch(parent: p, x: 1e200, scale: 1e200)\n",
     70, "p is drawn past the ±1e+38 points anim draws at 0 s: its scaleX is 1e+200"),
    ("stroke_1e308", "stage(width: 99, height: 99)\nellipse e(stroke: red, strokeWidth: 1e308)\n",
     70, "(e.strokeWidth is 1e+308)"),
    ("anchor_1e308", "stage(width: 99, height: 99)\nrect r(anchorX: 1e308)\n",
     70, "(r.anchorX is 1e+308)"),
    ("path_outside_a_tiny_viewbox",
     "shape s(d: \"M0 0 L10 0 L10 10 Z\", viewBox: (0, 0, 1e-320, 1e-320), stroke: red)\n",
     70, "(its path data, stretched from its viewBox onto its box)"),
    ("path_in_a_tiny_viewbox",
     "stage(width: 200, height: 200)\n"
     "shape s(d: \"M0 0 L1e-320 0 L1e-320 1e-320 Z\", viewBox: (0, 0, 1e-320, 1e-320), "
     "x: 100, y: 100, width: 100, height: 100, trimEnd: 0.5)\n", 0, ""),
    # A shape's stroke is in its viewBox's units (SPEC §21.3): 2 units of a
    # 1e-320 viewBox on a 100-point box are past every number anim draws,
    # as a strokeWidth of 1e308 is.
    ("stroke_in_a_tiny_viewbox",
     "stage(width: 200, height: 200)\n"
     "shape s(d: \"M0 0 L1e-320 0 L1e-320 1e-320 Z\", viewBox: (0, 0, 1e-320, 1e-320), "
     "x: 100, y: 100, width: 100, height: 100, stroke: red, trimEnd: 0.5)\n",
     70, "(its strokeWidth, 2 viewBox units, stretched from its viewBox onto its box)"),
    ("path_across_the_largest_numbers",
     "stage(width: 300, height: 300)\n"
     "shape s(d: \"M-1e308 -1e308 L1e308 1e308 L1e308 -1e308 Z\", "
     "viewBox: (-1e308, -1e308, 1e308, 1e308), x: 100, y: 100, stroke: red, trimEnd: 0.3)\n",
     0, ""),
    ("star_inner_radius_overshoots",
     "stage(width: 200, height: 200)\nstar s(x: 100, y: 100, points: 5, innerRadius: 0.9)\n"
     "run tween(innerRadius: 1, 1, ease: outBack) on s\nrun tween(innerRadius: -1e308, 1, delay: 1) on s\n"
     "step 2\n", 0, ""),
    ("trim_offset_1e308",
     "stage(width: 200, height: 200)\n"
     "ellipse e(x: 100, y: 100, stroke: red, trimEnd: 0.5, trimOffset: 1e308)\n"
     "run tween(trimOffset: -1e308, trimStart: 1e308, 1) on e\nstep 1\n", 0, ""),
    ("tiny_views", "stage(width: 50, height: 50)\n"
     "ellipse e(width: 1e-320, height: 1e-320, stroke: red, trimEnd: 0.5)\n"
     "rect r(scale: 1e-320, stroke: red)\ntext t(\"Hi\", size: 1e-320, stroke: red)\n", 0, ""),
    ("huge_but_drawable", "stage(width: 200, height: 200)\n"
     "rect r(x: 100, y: 100, width: 1e30, height: 20, rotation: 30, color: blue)\n"
     "ellipse e(x: 100, y: 100, width: 1e37, height: 1e37, stroke: red, strokeWidth: 1e30)\n",
     0, ""),
]


def check_written(path):
    """Reads back an output anim wrote, by the format's own reader, and
    returns its text (None for a PNG)."""
    if path.suffix == ".png":
        with Image.open(path) as image:
            image.load()
        return None
    text = path.read_text()
    if path.suffix == ".json":
        json.loads(text)
    elif path.suffix == ".svg":
        xml.etree.ElementTree.fromstring(text)
    return text


@pytest.mark.parametrize("name,script,code,message", DRAWN, ids=[d[0] for d in DRAWN])
@pytest.mark.parametrize("command,output", OUTPUTS, ids=[o[1] for o in OUTPUTS])
def test_a_hostile_drawing_gives_its_code_and_message_and_no_inf_or_nan(
        tmp_path, name, script, code, message, command, output):
    (tmp_path / "t.anim").write_text(script)
    result = anim(command, "t.anim", "-o", output, cwd=tmp_path)
    assert result.returncode == code, result.stderr
    assert message in result.stderr
    assert "Fatal error" not in result.stderr
    written = tmp_path / output
    left = sorted(set(os.listdir(tmp_path)) - {"t.anim", output})
    assert left == [], f"left behind: {left}"
    if code != 0:
        assert not written.exists()
        return
    text = check_written(written)
    if text is not None:
        found = NON_FINITE.search(text)
        assert found is None, text[max(found.start() - 60, 0):found.end() + 20]


# --- views far larger than the image are drawn where they cross it --------

def band_distance(x, y, angle):
    """Distance from pixel centre (x, y) to the line through (100, 100) at
    `angle` degrees (clockwise on screen)."""
    t = math.radians(angle)
    return abs(-math.sin(t) * (x + 0.5 - 100) + math.cos(t) * (y + 0.5 - 100))


@pytest.mark.parametrize("width", ["3e5", "1e7", "1e12"])
def test_a_turned_rectangle_far_wider_than_the_image_covers_its_band(tmp_path, width):
    # A rectangle 300 000 pixels wide, turned 30°, vanished (Cairo loses
    # such coordinates); 1e12 trapped converting its bounds to pixels.
    (tmp_path / "band.anim").write_text(
        "stage(width: 200, height: 200, background: black)\n"
        f"rect r(x: 100, y: 100, width: {width}, height: 20, rotation: 30, color: blue)\n")
    result = anim("render", "band.anim", "-o", "band.png", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    image = Image.open(tmp_path / "band.png").convert("RGBA")
    checked = 0
    for y in range(0, 200, 3):
        for x in range(0, 200, 3):
            d = band_distance(x, y, 30)
            if d < 8:
                assert image.getpixel((x, y)) == (0, 0, 255, 255), (x, y, d)
                checked += 1
            elif d > 12:
                assert image.getpixel((x, y)) == (0, 0, 0, 255), (x, y, d)
    assert checked > 300


@pytest.mark.parametrize("radius", [1e6, 1e9])
def test_the_edge_of_a_huge_circle_and_its_stroke_cross_the_image_where_they_should(
        tmp_path, radius):
    # The circle's centre lies `radius` below (100, 100): its edge passes
    # through (100, 100), curving down by (x − 100)² / 2r, a stroke 20
    # wide along it, the fill below.
    (tmp_path / "ring.anim").write_text(
        "stage(width: 200, height: 200, background: black)\n"
        f"ellipse e(x: 100, y: {100 + radius!r}, width: {2 * radius!r}, height: {2 * radius!r}, "
        "color: green, stroke: red, strokeWidth: 20)\n")
    result = anim("render", "ring.anim", "-o", "ring.png", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    image = Image.open(tmp_path / "ring.png").convert("RGBA")
    for y in range(0, 200, 3):
        for x in range(0, 200, 3):
            cx, cy = x + 0.5, y + 0.5
            # Signed distance to the circle, positive inside.
            inside = radius - math.hypot(cx - 100, cy - 100 - radius)
            pixel = image.getpixel((x, y))
            if abs(inside) < 8:
                assert pixel == (255, 0, 0, 255), (x, y, inside)
            elif inside > 12:
                assert pixel == (0, 128, 0, 255), (x, y, inside)
            elif inside < -12:
                assert pixel == (0, 0, 0, 255), (x, y, inside)


def test_an_export_of_more_views_than_it_holds_is_refused_before_it_records(tmp_path):
    # A grid of 200 500 views: 4 GB for a million, refused before the
    # script's second run, writing nothing.
    (tmp_path / "g.anim").write_text("grid g(cols: 500, rows: 401, size: 1)\n")
    for output in ("g.json", "g.html"):
        result = anim("export", "g.anim", "-o", output, cwd=tmp_path)
        assert result.returncode == 70, result.stderr
        assert result.stderr.strip() == (
            "anim export: the stage has 200501 views to record, more than the 200000 an "
            "export holds (each costs about 4 KB while it is written)")
    assert sorted(os.listdir(tmp_path)) == ["g.anim"]


def test_an_export_of_an_outline_too_large_to_keyframe_is_refused(tmp_path):
    (tmp_path / "s.anim").write_text(
        "star s(points: 100000)\nrun tween(innerRadius: 0.9, 1) on s\nstep 1\n")
    for output in ("s.json", "s.html"):
        result = anim("export", "s.anim", "-o", output, cwd=tmp_path)
        assert result.returncode == 70, result.stderr
        assert result.stderr.startswith(
            "s.anim:1:6: error: the outline of s changes at every frame: 61 frames of 200001 "
            "points, and 12200061 points in all, more than the 2000000 an export writes frame "
            "by frame")
    assert sorted(os.listdir(tmp_path)) == ["s.anim"]
