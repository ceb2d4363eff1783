"""A held frame is not drawn again (docs/spec.md "Frames kept"): a frame
whose scene draws alike the last one drawn keeps the image it has. Checked
from outside: every frame of a render with holds and changes of every kind
(a value, a colour, a string, an opacity, a view declared, a clip let
go) is the frame `--at` draws alone at its time, on a canvas that
drew nothing before, pixel for pixel; with one thread and two, as a PNG
sequence and as raw frames piped to a stand-in ffmpeg."""

import os

import numpy as np
import pytest
from PIL import Image

from test_render import anim

SCRIPT = """stage(width: 90, height: 60, background: "#102030")
rect a(x: 20, y: 20, width: 20, height: 10, color: "#e04040", cornerRadius: 3)
text t("Hi", x: 45, y: 45, size: 12, color: white)
layer g(x: 70, y: 30, width: 30, height: 30, clip: true)
ellipse e(parent: g, x: 0, y: 0, width: 40, height: 12, color: "#40e040")
run tween(x: 60, 0.3) on a
step 0.5
t.text = "Ho"
step 0.3
a.color = "#3af"
step 0.3
a.alpha = 0.5
step 0.3
rect b(x: 80, y: 52, width: 6, height: 6, color: yellow)
step 0.3
g.clip = false
step 0.3
"""
FPS = 10
FRAMES = 22  # 0 to 2.1 s


def pixels(path):
    return np.asarray(Image.open(path).convert("RGBA"))


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """Each frame drawn alone, `--at` its time."""
    d = tmp_path_factory.mktemp("alone")
    (d / "s.anim").write_text(SCRIPT)
    frames = []
    for k in range(FRAMES):
        anim("render", "s.anim", "-o", f"at{k}.png", "--at", repr(k / FPS), cwd=d)
        frames.append(pixels(d / f"at{k}.png"))
    return frames


def test_the_frames_differ_where_the_script_changes_them(alone):
    # The script's changes reach the pictures (not a render of one frame).
    distinct = sum(1 for k in range(1, FRAMES) if not np.array_equal(alone[k], alone[k - 1]))
    assert distinct == 8  # 3 of the tween, then one at each change


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_frame_of_a_sequence_is_the_frame_drawn_alone(tmp_path, alone, jobs):
    (tmp_path / "s.anim").write_text(SCRIPT)
    anim("render", "s.anim", "-o", "f%03d.png", "--fps", str(FPS), "--to", "2.1", "--jobs", jobs,
         cwd=tmp_path)
    names = sorted(n for n in os.listdir(tmp_path) if n.startswith("f"))
    assert len(names) == FRAMES
    for k, name in enumerate(names):
        assert np.array_equal(pixels(tmp_path / name), alone[k]), f"frame {k}"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_piped_frame_is_the_frame_drawn_alone(tmp_path, alone, jobs):
    # The raw RGBA frames anim pipes to ffmpeg, caught by a stand-in.
    (tmp_path / "s.anim").write_text(SCRIPT)
    fake = tmp_path / "bin" / "ffmpeg"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\nexec cat > "$CAPTURE"\n')
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{fake.parent}:{os.environ['PATH']}",
               CAPTURE=str(tmp_path / "frames.raw"), ANIM_RENDER_STATS="1")
    run = anim("render", "s.anim", "-o", "x.mp4", "--fps", str(FPS), "--to", "2.1", "--quiet",
               "--jobs", jobs, cwd=tmp_path, env=env)
    raw = np.frombuffer((tmp_path / "frames.raw").read_bytes(), dtype=np.uint8)
    frames = raw.reshape(FRAMES, 60, 90, 4)
    for k in range(FRAMES):
        assert np.array_equal(frames[k], alone[k]), f"frame {k}"
    # The statistics count the frames kept: on one thread each frame alike
    # the one before (the script changes something visible at each change
    # of picture, and never returns to an earlier one). On two, a worker
    # compares with the last frame it drew, whichever that was: some
    # frames are kept, never more than on one thread.
    line = next(l for l in run.stderr.splitlines() if l.startswith("render stats: frames"))
    alike = sum(1 for k in range(1, FRAMES) if np.array_equal(alone[k], alone[k - 1]))
    if jobs == "1":
        assert line == (f"render stats: frames {FRAMES}, {alike} kept "
                        "(alike the last frame their canvas drew: not drawn again)")
    else:
        kept = int(line.split(", ")[1].split(" ")[0])
        assert 0 < kept <= alike
