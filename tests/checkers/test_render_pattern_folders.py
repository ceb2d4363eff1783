"""`anim render FILE -o frames/f%05d.png` makes the pattern's folders as
`mkdir -p` would (README: "every frame as PNG files"), and a render that
fails removes the frames and the folders it made, leaving nothing behind."""

import os
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from lsp_support import ANIM  # noqa: E402

BLINK = "view box(x: 0)\nrun (fade(out, 1) + fade(in, 1)) * 2 on box\n"


def render(folder, script, *args):
    (folder / "s.anim").write_text(script)
    return subprocess.run([ANIM, "render", "s.anim", *args], cwd=folder, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"}, timeout=120)


def test_a_frame_pattern_in_missing_folders_creates_them(tmp_path):
    result = render(tmp_path, BLINK, "-o", "out/frames/f%05d.png", "--fps", "10", "--from", "0", "--to", "0.5")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out/frames").iterdir()) == [f"f{k:05d}.png" for k in range(6)]
    assert (tmp_path / "out/frames/f00000.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_folders_of_one_letter_are_made(tmp_path):
    # Foundation's deletingLastPathComponent trapped on a one-letter name
    # (swift-corelibs-foundation 6.3.1): `-o f/x%03d.png` crashed (exit 132)
    # whenever `f/` did not exist.
    for pattern, folder in [("f/x%03d.png", "f"), ("g/h/x%03d.png", "g/h")]:
        result = render(tmp_path, BLINK, "-o", pattern, "--fps", "2", "--to", "1")
        assert result.returncode == 0, result.stderr
        assert sorted(p.name for p in (tmp_path / folder).iterdir()) == ["x000.png", "x001.png", "x002.png"]


def test_an_existing_folder_is_used_as_it_is(tmp_path):
    (tmp_path / "frames").mkdir()
    (tmp_path / "frames/keep.txt").write_text("mine")
    result = render(tmp_path, BLINK, "-o", "frames/f%03d.png", "--fps", "2", "--from", "0", "--to", "1")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "frames").iterdir()) == ["f000.png", "f001.png", "f002.png", "keep.txt"]


def test_a_failed_render_removes_the_frames_and_folders_it_made(tmp_path):
    # The frame number is in a folder's name, so each frame makes a folder;
    # the third cannot be made (a file is in the way): the render fails after
    # two frames and two folders were written, and removes them.
    (tmp_path / "a").mkdir()
    (tmp_path / "a/f00002").write_text("in the way")
    result = render(tmp_path, BLINK, "-o", "a/f%05d/x.png", "--fps", "10", "--from", "0", "--to", "1")
    assert result.returncode == 74, result.stderr
    assert "a/f00002/x.png" in result.stderr
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["f00002"]


def test_a_file_where_a_folder_must_go_is_an_io_error(tmp_path):
    (tmp_path / "frames").write_text("a file")
    result = render(tmp_path, BLINK, "-o", "frames/f%05d.png", "--fps", "2", "--to", "1")
    assert result.returncode == 74
    assert "frames/f00000.png" in result.stderr
    assert (tmp_path / "frames").read_text() == "a file"


def test_a_fifo_where_a_frame_goes_is_refused_and_left_as_it_was(tmp_path):
    # Frame 2's name is a FIFO: refused (never opened, so the render does not
    # block), exit 74, and the cleanup of the frames written leaves it there.
    for stage in ("", "stage(width: 20, height: 20)\n"):  # two passes; one pass tried first
        folder = tmp_path / "frames"
        folder.mkdir()
        os.mkfifo(folder / "f002.png")
        result = render(tmp_path, stage + BLINK, "-o", "frames/f%03d.png", "--fps", "2", "--to", "2")
        assert result.returncode == 74, result.stderr
        assert "cannot write frames/f002.png: not a regular file" in result.stderr
        assert [p.name for p in folder.iterdir()] == ["f002.png"]
        (folder / "f002.png").unlink()
        folder.rmdir()
