"""`anim render --jobs N` (SPEC §22): the script runs once and the threads
draw copies of its scene at their frames; a scene too large to copy has
each thread run the script itself. Either way every frame is the one a
single thread draws: checked here on the examples' hardest scenes (letters
that retire, a tree with clips, pictures, gradients, blurs and shadows) by
decoding the files with ffmpeg and by comparing PNG sequences byte for
byte, and on a grid of 90 000 views (each thread then runs the script).
The copies of a shared run are freed once drawn: two threads' peak memory
stays within a few times one thread's."""

import hashlib
import os
import shutil

import pytest

from test_render import anim
from test_sound import framemd5  # ffmpeg's MD5 of each decoded frame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")


def pattern_md5s(folder):
    names = sorted(os.listdir(folder))
    return names, [hashlib.md5((folder / n).read_bytes()).hexdigest() for n in names]


@pytest.mark.parametrize("example", ["kinetic", "gallery", "focus", "title_pair", "logo"])
def test_every_jobs_count_draws_the_frames_one_thread_draws(tmp_path, example):
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    folder = tmp_path / "ex"
    runs = {}
    stats = dict(os.environ, ANIM_RENDER_STATS="1")
    for jobs in (1, 2, 4):
        out = f"j{jobs}.webm"
        r = anim("render", f"{example}.anim", "-o", out, "--quiet", "--fps", "12", "--jobs",
                 str(jobs), cwd=folder, env=stats)
        if jobs > 1:
            assert f"{jobs} threads drawing, the script run once" in r.stderr
        runs[jobs] = framemd5(folder / out)
    assert len(runs[1]) > 5
    assert runs[1] == runs[2] == runs[4]
    # A pattern's PNG files are written by the threads themselves.
    for jobs in (1, 3):
        anim("render", f"{example}.anim", "-o", f"p{jobs}/f%03d.png", "--fps", "6", "--jobs",
             str(jobs), cwd=folder)
    one, three = pattern_md5s(folder / "p1"), pattern_md5s(folder / "p3")
    assert one == three and len(one[0]) > 2


def test_a_scene_too_large_to_copy_has_each_thread_run_the_script(tmp_path):
    # 90 000 views: copies of its values for 2 threads (5 in flight) would
    # pass the 64 MiB the copies may take, so each thread runs the script.
    (tmp_path / "g.anim").write_text(
        "stage(width: 300, height: 300, background: black)\n"
        "grid cells(cols: 300, rows: 300, size: 0.8, gap: 0.2, color: \"#3af\")\n"
        "run fade(out, 0.3) on cells[7]\n"
        "run move(by: (0, 50), 0.3) on cells[89999]\n")
    sums = {}
    stats = dict(os.environ, ANIM_RENDER_STATS="1")
    for jobs in (1, 2):
        r = anim("render", "g.anim", "-o", f"g{jobs}.mp4", "--quiet", "--fps", "10", "--jobs",
                 str(jobs), cwd=tmp_path, env=stats)
        if jobs > 1:
            assert "2 threads drawing, each thread running the script" in r.stderr
        sums[jobs] = framemd5(tmp_path / f"g{jobs}.mp4")
    assert len(sums[1]) >= 2 and sums[1] == sums[2]


def test_an_error_drawing_a_frame_stops_every_thread_with_the_message_one_thread_gives(tmp_path):
    # The output cannot be written: the same message and exit status
    # whatever the number of threads, and no thread is left behind.
    (tmp_path / "s.anim").write_text("view b\nrun fade(out, 2) on b\n")
    (tmp_path / "file").write_text("")
    results = []
    for jobs in (1, 2, 4):
        r = anim("render", "s.anim", "-o", "file/f%03d.png", "--jobs", str(jobs), "--quiet",
                 cwd=tmp_path, check=False)
        results.append((r.returncode, r.stderr))
    assert results[0][0] != 0 and "file" in results[0][1]
    assert results[0] == results[1] == results[2]


def peak_kib(args, cwd):
    """Peak resident memory (KiB) of `anim ARGS`, through /usr/bin/time."""
    import subprocess
    stamp = cwd / "time.txt"
    r = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(stamp), os.path.abspath(ANIM_BIN), *args],
                       cwd=cwd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return int(stamp.read_text().split()[-1])


ANIM_BIN = os.environ.get("ANIM", ".build/debug/anim")


def test_the_scenes_a_shared_run_hands_out_are_freed_once_taken(tmp_path):
    # 20 000 views, copied for 2 threads (a few in flight), over 120 frames.
    # The queue of copies kept each taken one until 64 had gone by: this
    # render peaked at 1.19 GB where one thread needs 87 MB (release
    # build); now about 0.42 GB, the copies in flight and the threads'
    # allocators' own.
    (tmp_path / "g.anim").write_text(
        "stage(width: 400, height: 200)\nfps 60\n"
        "grid squares(cols: 200, rows: 100, size: 1.5, gap: 0.5)\n"
        "run fade(out, 2) on squares\n")
    one = peak_kib(["render", "g.anim", "-o", "one/f%03d.png", "--quiet", "--jobs", "1"], tmp_path)
    two = peak_kib(["render", "g.anim", "-o", "two/f%03d.png", "--quiet", "--jobs", "2"], tmp_path)
    assert len(os.listdir(tmp_path / "two")) == 121
    assert two < 8 * one, (one, two)
