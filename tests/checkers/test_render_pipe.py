"""The frames `anim render` pipes to ffmpeg are the frames it draws, byte for
byte, however ffmpeg reads them (docs/spec.md "Frames piped to ffmpeg").

A frame at least as large as the pipe's buffer (64 KiB and up) is handed to
the pipe by reference (Linux's vmsplice), not copied: ffmpeg reads the
frame's own buffer, which anim must then not fill again until ffmpeg has
read it. Checked from outside with a stand-in ffmpeg that reads its input
in reads of uneven sizes, pausing now and then (so that anim runs ahead
and waits on a full pipe), and writes the bytes it got: they must be the
RGBA of the same frames rendered as PNG files (decoded here by Pillow), at
sizes whose frames are above, equal to and below the pipe's sizes, on one
thread and on two.
"""

import os
import sys

import pytest
from PIL import Image

from test_render import anim

SCRIPT = """
stage(width: 160, height: 120, background: "#102030")
view a(x: 40, y: 60, width: 50, height: 40, color: "#e04020", cornerRadius: 8)
view b(x: 110, y: 50, width: 60, height: 30, color: "#20c0a080", rotation: 20)
run move(by: (60, 30), 1) | rotate(by: 180, 1) on a
run tween(alpha: 0.2, 1) | tween(width: 10, 1) on b
step 1
"""

# Reads stdin in reads of uneven sizes with pauses, and writes what it read.
STAND_IN = """#!{python}
import random, sys, time
out = open(sys.argv[-1], "wb")
pace = random.Random(11)
while True:
    chunk = sys.stdin.buffer.read1(pace.choice([1, 97, 4093, 65536, 300000]))
    if not chunk:
        break
    out.write(chunk)
    if pace.random() < 0.05:
        time.sleep(0.005)
out.close()
"""


def stand_in(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    ffmpeg = folder / "ffmpeg"
    ffmpeg.write_text(STAND_IN.format(python=sys.executable))
    ffmpeg.chmod(0o755)
    return folder


@pytest.mark.parametrize("size", ["512x512", "600x300", "128x128", "100x60"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_piped_frames_are_the_drawn_frames_however_ffmpeg_reads(tmp_path, size, jobs):
    (tmp_path / "s.anim").write_text(SCRIPT)
    folder = stand_in(tmp_path)
    env = dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}")
    # The stand-in writes what it read to its last argument, the temporary
    # file anim asks ffmpeg for; anim then moves it to x.mp4.
    anim("render", "s.anim", "-o", "x.mp4", "--size", size, "--fps", "20", "--jobs", jobs,
         "--quiet", cwd=tmp_path, env=env)
    piped = (tmp_path / "x.mp4").read_bytes()
    anim("render", "s.anim", "-o", "f%03d.png", "--size", size, "--fps", "20", "--jobs", jobs,
         "--quiet", cwd=tmp_path)
    frames = sorted(p for p in os.listdir(tmp_path) if p.endswith(".png"))
    assert len(frames) == 21
    drawn = b"".join(Image.open(tmp_path / p).convert("RGBA").tobytes() for p in frames)
    width, height = map(int, size.split("x"))
    assert len(piped) == 21 * width * height * 4
    assert piped == drawn
