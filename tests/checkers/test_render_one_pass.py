"""`anim render` to a video runs the script once (SPEC §12.3, docs/spec.md
"One pass"): the frames are drawn (on one thread, or on N from copies of the
scene) and piped to ffmpeg as the survey takes them, on the guess that the
layout at the first frame (a stage with a size) and the survey's frame rate
are the plan's. When the plan the script ends with says otherwise, ffmpeg
is stopped and the render runs the script a second time: the file is the
same either way. Checked from outside: ffmpeg's MD5 of each decoded frame
against the file of a render that always takes two passes (a chunk, `--frames
1/1`, the whole range), the files left in the folder, the exit codes, the
progress (`ANIM_PROGRESS=lines`: its total estimated until the end is known)
and `ANIM_RENDER_STATS`, which names the path taken."""

import os
import shutil

import pytest

from test_render import anim
from test_sound import ROOT, framemd5  # framemd5: ffmpeg's MD5 of each decoded frame

STATS = dict(os.environ, ANIM_RENDER_STATS="1")
MOVE = "rect box(width: 20, height: 20, color: \"#3af\")\nrun tween(x: 80, 1) on box\n"

SCRIPTS = {
    # Taken in one pass: the stage has its size before the first frame.
    "sized": ("stage(width: 100, height: 100)\n" + MOVE, True),
    # The background changes after the first frame: the layout guessed
    # there is not the plan's.
    "late background": ("stage(width: 100, height: 100, background: red)\n" + MOVE
                        + "step 0.5\nstage(background: blue)\n", False),
    # A rate the survey cannot read before the script runs: frames were
    # taken at 60 per second, the plan's are 24.
    "rate from a function": ("stage(width: 100, height: 100)\ndef rate(n) = n\nfps rate(24)\n"
                             + MOVE, False),
    # A reset discards frames already piped.
    "reset": ("stage(width: 100, height: 100)\n" + MOVE + "step 0.5\nreset\n"
              "run tween(x: 10, 1) on box\nstep 1\n", False),
    # No size at the first frame: the stage is fitted, known at the end;
    # no guess is made.
    "sized late": (MOVE + "step 0.5\nstage(width: 100, height: 100)\n", False),
    "fitted": (MOVE, False),
}


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_one_pass_or_two_the_file_is_the_one_two_passes_write(tmp_path, name):
    script, one_pass = SCRIPTS[name]
    (tmp_path / "s.anim").write_text(script)
    r = anim("render", "s.anim", "-o", "two.mp4", "--frames", "1/1", "--quiet", "--jobs", "1",
             cwd=tmp_path, env=STATS)
    assert "one pass" not in r.stderr
    two = framemd5(tmp_path / "two.mp4")
    assert len(two) >= 24
    for jobs in ("1", "2", "3"):
        r = anim("render", "s.anim", "-o", f"j{jobs}.mp4", "--quiet", "--jobs", jobs,
                 cwd=tmp_path, env=STATS)
        if jobs == "1":
            assert ("one pass" in r.stderr) == one_pass, r.stderr
        elif one_pass:
            # The threads draw copies of the one run's scenes.
            assert f"{jobs} threads drawing, the script run once" in r.stderr
            assert "worker threads' drawing" in r.stderr
        assert framemd5(tmp_path / f"j{jobs}.mp4") == two
    assert sorted(f.name for f in tmp_path.iterdir()) == [
        "j1.mp4", "j2.mp4", "j3.mp4", "s.anim", "two.mp4"]


PROGRESS = dict(os.environ, ANIM_PROGRESS="lines", ANIM_RENDER_STATS="1")


def progress_lines(stderr):
    """The (done, total) of each `frame D/T` line."""
    return [tuple(int(n) for n in line[6:].split("/")) for line in stderr.splitlines()
            if line.startswith("frame ")]


@pytest.mark.parametrize("script, totals", [
    # Runs that end at 2 s, the clock never moved by the script: 121
    # frames, known from the first.
    ("stage(width: 40, height: 40)\nrect box(width: 4, height: 4)\n"
     "run tween(x: 30, 2) on box\nrun tween(y: 30, 1) on box\n", {121}),
    # Past the 10 s cap: 601 frames.
    ("stage(width: 40, height: 40)\nrect box(width: 4, height: 4)\n"
     "run tween(x: 30, 25) on box\n", {601}),
    # A script that steps: 0.5 s while the first step goes on, then 1.5 s.
    ("stage(width: 40, height: 40)\nrect box(width: 4, height: 4)\n"
     "run tween(x: 30, 5) on box\nstep 0.5\nstep 1\n", {31, 91}),
])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_render_that_shows_its_progress_takes_one_pass_its_total_estimated(
        tmp_path, script, totals, jobs):
    (tmp_path / "s.anim").write_text(script)
    r = anim("render", "s.anim", "-o", "one.mp4", "--jobs", jobs, cwd=tmp_path, env=PROGRESS)
    assert "survey: none apart" in r.stderr
    seen = progress_lines(r.stderr)
    final = max(totals)
    # The first frame's line, every total an estimate of the moment, the
    # last line exact.
    assert seen[0][0] == 1 and seen[-1] == (final, final)
    assert {total for _, total in seen} == totals
    assert all(done <= total for done, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    anim("render", "s.anim", "-o", "two.mp4", "--frames", "1/1", "--quiet", "--jobs", "1",
         cwd=tmp_path)
    assert framemd5(tmp_path / "one.mp4") == framemd5(tmp_path / "two.mp4")


def test_progress_past_1800_frames_and_with_to(tmp_path):
    # 1 801 frames: the last one drawn by the second run, the total exact
    # from then; with --to the total is known from the first frame.
    (tmp_path / "s.anim").write_text(
        "stage(width: 16, height: 16)\nrect box(width: 4, height: 4)\n"
        "run tween(x: 12, 30) on box\nstep 30\n")
    r = anim("render", "s.anim", "-o", "one.mp4", "--jobs", "1", cwd=tmp_path, env=PROGRESS)
    seen = progress_lines(r.stderr)
    assert seen[-1] == (1801, 1801) and "frames 1801" in r.stderr
    assert all(done <= total for done, total in seen)
    r = anim("render", "s.anim", "-o", "to.mp4", "--to", "2", "--jobs", "1", cwd=tmp_path,
             env=PROGRESS)
    assert {total for _, total in progress_lines(r.stderr)} == {121}


def test_a_fallen_back_render_shows_the_plans_total(tmp_path):
    # A reset: the one pass stops, the second pass counts its own frames.
    (tmp_path / "s.anim").write_text(SCRIPTS["reset"][0])
    r = anim("render", "s.anim", "-o", "x.mp4", "--jobs", "1", cwd=tmp_path, env=PROGRESS)
    assert "one pass" not in r.stderr
    seen = progress_lines(r.stderr)
    assert seen[-1][0] == seen[-1][1] and seen[-1][1] > 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_error_after_frames_were_piped_leaves_no_file(tmp_path, jobs):
    # Frames up to 0.5 s have gone to ffmpeg when the script fails.
    (tmp_path / "s.anim").write_text(
        "stage(width: 100, height: 100)\n" + MOVE + "step 0.5\nprint box.x\nx = [1, 2][5]\n")
    r = anim("render", "s.anim", "-o", "x.mp4", "--quiet", "--jobs", jobs, cwd=tmp_path,
             check=False)
    assert r.returncode == 70
    assert r.stdout == "40\n"
    assert "s.anim:6:12: error: index 5 is out of range 0..<2" in r.stderr
    assert sorted(f.name for f in tmp_path.iterdir()) == ["s.anim"]


def test_a_failed_expectation_still_writes_the_file_and_exits_1(tmp_path):
    # As with two passes: the expectation is reported, the frames written.
    (tmp_path / "s.anim").write_text(
        "stage(width: 100, height: 100)\n" + MOVE + "step 0.5\nexpect box.x == 3\n")
    r = anim("render", "s.anim", "-o", "x.gif", "--quiet", "--jobs", "1", cwd=tmp_path,
             env=STATS, check=False)
    assert r.returncode == 1
    assert "one pass" in r.stderr
    assert "expectation failed: box.x is 40, expected 3 (t=0.5)" in r.stderr
    assert len(framemd5(tmp_path / "x.gif")) == 26  # 0 to 0.5 s at 50 per second


def test_sounds_in_an_mp4_take_two_passes(tmp_path):
    # The mix is the plan's: known only at the end, so the frames piped are
    # dropped and the render runs again with the audio track.
    shutil.copy(ROOT / "examples" / "sounds" / "click.wav", tmp_path / "click.wav")
    (tmp_path / "s.anim").write_text(
        "stage(width: 100, height: 100)\n" + MOVE + "sound click(\"click.wav\")\nrun play(click)\n")
    r = anim("render", "s.anim", "-o", "x.mp4", "--quiet", "--jobs", "1", cwd=tmp_path,
             env=STATS)
    assert r.returncode == 0, r.stderr
    assert "one pass" not in r.stderr
    assert sorted(f.name for f in tmp_path.iterdir()) == ["click.wav", "s.anim", "x.mp4"]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("out", ["x.mp4", "f%04d.png"])
def test_past_1800_frames_a_second_run_draws_the_rest_into_the_same_output(tmp_path, jobs, out):
    # 2 101 frames: the first 1 800 drawn as the survey takes them, the rest
    # by a second run once the end is known (OnePassRender.framesBeforeTheEnd).
    # A pattern's 2 101 files are compared byte for byte (which caught
    # igzip's level 1 writing other bytes for the same rows from run to run).
    (tmp_path / "s.anim").write_text(
        "stage(width: 16, height: 16)\nrect box(width: 4, height: 4, color: \"#3af\")\n"
        "run tween(x: 12, 35) on box\nstep 35\n")
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    r = anim("render", "s.anim", "-o", f"one/{out}", "--quiet", "--jobs", jobs, cwd=tmp_path,
             env=STATS)
    assert "survey: none apart" in r.stderr and "frames 2101" in r.stderr
    anim("render", "s.anim", "-o", f"two/{out}", "--frames", "1/1", "--quiet", "--jobs", "1",
         cwd=tmp_path)
    if out == "x.mp4":
        one, two = framemd5(tmp_path / "one" / out), framemd5(tmp_path / "two" / out)
    else:
        one, two = frame_files(tmp_path / "one"), frame_files(tmp_path / "two")
    assert len(one) == 2101 and one == two


def test_a_range_too_long_is_refused_after_at_most_1800_frames_drawn(tmp_path):
    # 120 001 frames at 60 per second: refused (exit 64) as with two passes,
    # no file left; what was drawn meanwhile is bounded.
    (tmp_path / "s.anim").write_text(
        "stage(width: 16, height: 16)\nrect box(width: 4, height: 4)\n"
        "run tween(x: 12, 3000) on box\nstep 2000\n")
    r = anim("render", "s.anim", "-o", "x.mp4", "--quiet", "--jobs", "1", cwd=tmp_path,
             check=False)
    assert r.returncode == 64
    assert "pass 100000 (the most one command takes) at 1666.67 s" in r.stderr
    assert sorted(f.name for f in tmp_path.iterdir()) == ["s.anim"]


def test_the_bar_at_a_terminal_shows_an_estimated_total(tmp_path):
    # stderr a terminal: the bar shows after half a second, its total with
    # a `~` while the one pass does not know the end, and is cleared.
    import pty
    import subprocess
    from test_render import ANIM
    (tmp_path / "s.anim").write_text(
        "stage(width: 400, height: 400)\nrect box(width: 200, height: 200)\n"
        "run tween(x: 80, 20) on box\n")
    leader, follower = pty.openpty()
    child = subprocess.Popen([os.path.abspath(ANIM), "render", "s.anim", "-o", "x.mp4", "--jobs",
                              "1"], cwd=tmp_path, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    while True:  # read as it comes, so that a slow render never fills the terminal
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the render closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert child.wait(timeout=300) == 0
    text = seen.decode()
    # Capped at 10 s: 601 frames, estimated as such from the first.
    bars = [part for part in text.split("\r") if "frames" in part]
    assert bars and all("/~601 frames" in bar and "~0:" in bar for bar in bars), text
    assert "\r\x1b[2K" in text
    assert len(framemd5(tmp_path / "x.mp4")) == 601


def frame_files(folder):
    """Each file of a folder by name, with its bytes (temporary files
    included: none must be left)."""
    return {f.name: f.read_bytes() for f in sorted(folder.iterdir())}


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_a_patterns_frames_in_one_pass_or_two_are_the_files_two_passes_write(tmp_path, name):
    # A pattern's files are staged beside their places as they are drawn
    # and put in place once the plan holds the guess; when it does not,
    # they are removed and two passes write the plan's frames.
    script, one_pass = SCRIPTS[name]
    (tmp_path / "s.anim").write_text(script)
    r = anim("render", "s.anim", "-o", "two/f%03d.png", "--frames", "1/1", "--quiet",
             "--jobs", "1", cwd=tmp_path, env=STATS)
    assert "survey: none apart" not in r.stderr
    two = frame_files(tmp_path / "two")
    assert len(two) >= 24 and all(n.startswith("f") and n.endswith(".png") for n in two)
    for jobs in ("1", "2"):
        r = anim("render", "s.anim", "-o", f"j{jobs}/f%03d.png", "--quiet", "--jobs", jobs,
                 cwd=tmp_path, env=STATS)
        assert ("survey: none apart" in r.stderr) == one_pass, r.stderr
        assert frame_files(tmp_path / f"j{jobs}") == two, (name, jobs)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pattern_whose_script_fails_leaves_the_files_that_were_there(tmp_path, jobs):
    # Frames up to 0.5 s were drawn and staged when the script fails: none
    # lands, and the frames of an earlier render stay as they were.
    (tmp_path / "s.anim").write_text(
        "stage(width: 100, height: 100)\n" + MOVE + "step 0.5\nx = [1, 2][5]\n")
    (tmp_path / "out").mkdir()
    for k in range(3):
        (tmp_path / "out" / f"f{k:03d}.png").write_bytes(b"earlier %d" % k)
    r = anim("render", "s.anim", "-o", "out/f%03d.png", "--quiet", "--jobs", jobs,
             cwd=tmp_path, check=False)
    assert r.returncode == 70, r.stderr
    assert frame_files(tmp_path / "out") == {f"f{k:03d}.png": b"earlier %d" % k for k in range(3)}
    # In a folder it made: the folder goes too.
    r = anim("render", "s.anim", "-o", "new/deeper/f%03d.png", "--quiet", "--jobs", jobs,
             cwd=tmp_path, check=False)
    assert r.returncode == 70
    assert sorted(f.name for f in tmp_path.iterdir()) == ["out", "s.anim"]
