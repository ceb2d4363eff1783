"""`--loop` (SPEC §20): `anim export --loop` and `anim render --loop` for
animated formats make the range half-open, [A, B), so a looping file does
not repeat the frame at the seam; GIF and APNG loop for ever; `--loop` with
`--at` or a single image is a usage error (64). Frames are counted by
ffprobe, PIL and python-lottie, not by anim."""

import json
import os
import subprocess

import pytest
from PIL import Image

ANIM = os.environ.get("ANIM", ".build/debug/anim")

# A full turn in 1 s: the frame at B = 1 is the frame at A = 0 again.
TURN = """
stage(width: 60, height: 60, background: "#101010")
view v(x: 30, y: 30, width: 30, height: 10, color: orange)
run rotate(by: 360, 1) on v
"""


def anim(*args, cwd):
    return subprocess.run([ANIM, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture
def work(tmp_path):
    (tmp_path / "turn.anim").write_text(TURN)
    return tmp_path


def frames(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
         "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", str(path)],
        capture_output=True, text=True, check=True).stdout
    return int(out.strip())


def test_lottie_export_leaves_out_the_seam(work):
    for args, count in ((["--loop"], 10), ([], 11)):
        p = anim("export", "turn.anim", "-o", "t.json", "--to", "1", "--fps", "10", *args, cwd=work)
        assert p.returncode == 0, p.stderr
        doc = json.loads((work / "t.json").read_text())
        assert (doc["ip"], doc["op"], doc["fr"]) == (0, count, 10)
    from lottie.importers.core import import_lottie
    from lottie.objects.properties import Value
    an = import_lottie(str(work / "t.json"))
    layer = next(l for l in an.layers if l.name == "v")
    assert isinstance(layer.transform.rotation, Value)
    # The last frame is 0.9 (324°); playing on, frame 10 would be frame 0 again.
    assert layer.transform.rotation.get_value(9) == pytest.approx(324, abs=1e-6)


@pytest.mark.parametrize("ext", ["gif", "apng", "mp4", "webm"])
def test_animated_formats_leave_out_the_seam(work, ext):
    p = anim("render", "turn.anim", "-o", f"t.{ext}", "--to", "1", "--fps", "10", "--loop",
             cwd=work)
    assert p.returncode == 0, p.stderr
    assert frames(work / f"t.{ext}") == 10
    p = anim("render", "turn.anim", "-o", f"u.{ext}", "--to", "1", "--fps", "10", cwd=work)
    assert frames(work / f"u.{ext}") == 11


def test_gif_and_apng_loop_for_ever(work):
    anim("render", "turn.anim", "-o", "t.gif", "--to", "1", "--fps", "10", "--loop", cwd=work)
    assert Image.open(work / "t.gif").info.get("loop") == 0
    anim("render", "turn.anim", "-o", "t.apng", "--to", "1", "--fps", "10", "--loop", cwd=work)
    with Image.open(work / "t.apng") as im:
        assert im.info.get("loop") == 0 and im.n_frames == 10


def test_a_frame_pattern_leaves_out_the_seam(work):
    (work / "f").mkdir()
    p = anim("render", "turn.anim", "-o", "f/x%03d.png", "--to", "1", "--fps", "10", "--loop",
             cwd=work)
    assert p.returncode == 0, p.stderr
    assert sorted(os.listdir(work / "f")) == [f"x{k:03d}.png" for k in range(10)]


def test_a_range_that_is_not_a_frame_time_keeps_every_frame_before_b(work):
    p = anim("export", "turn.anim", "-o", "t.json", "--to", "0.95", "--fps", "10", "--loop",
             cwd=work)
    assert p.returncode == 0, p.stderr
    assert json.loads((work / "t.json").read_text())["op"] == 10


def test_the_html_player_loops_over_b_minus_a(work):
    p = anim("export", "turn.anim", "-o", "t.html", "--to", "1", "--fps", "10", "--loop",
             cwd=work)
    assert p.returncode == 0, p.stderr
    text = (work / "t.html").read_text()
    data = json.loads(text.split('<script id="anim-data" type="application/json">')[1]
                      .split("</script>")[0])
    assert data["duration"] == 1 and data["fps"] == 10


@pytest.mark.parametrize("command,args,message", [
    ("render", ["-o", "x.png", "--at", "0.5", "--loop"], "--loop applies to a range of frames"),
    ("render", ["-o", "x.png", "--loop"], "holds one frame"),
    ("render", ["-o", "x.svg", "--loop"], "holds one frame"),
    ("render", ["-o", "x.gif", "--at", "0.5", "--loop"], "--at takes one frame"),
    ("export", ["-o", "x.json", "--from", "1", "--to", "1", "--loop"], "--loop leaves no frame"),
])
def test_loop_with_one_frame_is_a_usage_error(work, command, args, message):
    p = anim(command, "turn.anim", *args, cwd=work)
    assert p.returncode == 64, p.stderr
    assert message in p.stderr
    assert not [f for f in os.listdir(work) if f.startswith("x")]
