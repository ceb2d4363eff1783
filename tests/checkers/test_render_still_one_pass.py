"""`anim render --at T` to a PNG or SVG runs the script once (docs/spec.md
"One pass"): the survey keeps a copy of the scene as the clock passes T and
draws it once the script has ended. When the survey cannot vouch for the
frame (a `reset`), the script runs a second time as before. Checked from
outside: the file against the one two passes write for the same frame (a
script that resets the clock before T takes two passes and draws the same
scene), `ANIM_RENDER_STATS`, which names the path taken, the exit codes, the
script's output printed once, and nothing written when the script fails after
T."""

import os

import pytest

from test_render import anim

STATS = dict(os.environ, ANIM_RENDER_STATS="1")
ONE_PASS = "survey: none apart"
BOX = 'rect box(width: 20, height: 20, color: "#3af")\n'
MOVE = "run tween(x: 80, rotation: 30, alpha: 0.5, 1) on box\n"


def still(tmp_path, script, out, at="0.5"):
    """Renders `script` at `at` to `out` as a user does, then again with
    `ANIM_RENDER_STATS` to see the path taken (the same bytes both times):
    the first run's result, its stderr followed by the second's."""
    (tmp_path / "s.anim").write_text(script)
    run = anim("render", "s.anim", "--at", at, "-o", out, cwd=tmp_path, check=False)
    written = (tmp_path / out).read_bytes() if (tmp_path / out).exists() else None
    (tmp_path / out).unlink(missing_ok=True)
    told = anim("render", "s.anim", "--at", at, "-o", out, cwd=tmp_path, env=STATS, check=False)
    assert told.returncode == run.returncode
    assert told.stdout == run.stdout
    again = (tmp_path / out).read_bytes() if (tmp_path / out).exists() else None
    assert again == written
    run.stderr += told.stderr
    return run


@pytest.mark.parametrize("stage", ["stage(width: 100, height: 80)\n", "",
                                   "stage(width: 100, height: 80, background: transparent)\n"])
@pytest.mark.parametrize("out", ["f.png", "f.svg"])
@pytest.mark.parametrize("at", ["0", "0.5", "1", "3"])
def test_the_still_is_the_one_two_passes_write(tmp_path, stage, out, at):
    one = still(tmp_path, stage + BOX + MOVE, out, at)
    assert one.returncode == 0, one.stderr
    assert ONE_PASS in one.stderr
    first = (tmp_path / out).read_bytes()
    # The same scene at T, behind a `reset` before anything moved: two passes.
    two = still(tmp_path, stage + BOX + "step 0.25\nreset\n" + MOVE, out, at)
    assert two.returncode == 0, two.stderr
    assert ONE_PASS not in two.stderr
    assert "survey (the script's first run" in two.stderr
    assert (tmp_path / out).read_bytes() == first
    assert len(first) > 100


def test_a_reset_after_t_takes_the_clocks_second_pass_through_t(tmp_path):
    # `reset` sets the clock and the views back to the start: the frame at
    # T is the one the clock passes after it.
    script = ("stage(width: 100, height: 80)\n" + BOX + MOVE + "step 2\nreset\n"
              "run tween(x: 10, 1) on box\nstep 1\nprint box.x\n")
    r = still(tmp_path, script, "r.png")
    assert r.returncode == 0, r.stderr
    assert ONE_PASS not in r.stderr
    assert r.stdout == "10\n"
    plain = still(tmp_path, "stage(width: 100, height: 80)\n" + BOX
                  + "run tween(x: 10, 1) on box\n", "p.png")
    assert plain.returncode == 0 and ONE_PASS in plain.stderr
    assert (tmp_path / "r.png").read_bytes() == (tmp_path / "p.png").read_bytes()


def test_the_output_is_printed_once_and_a_failed_expectation_still_writes(tmp_path):
    r = still(tmp_path, "stage(width: 50, height: 50)\n" + BOX + MOVE
              + 'print "hi"\nexpect box.x == 3\n', "e.png")
    assert r.returncode == 1
    assert r.stdout == "hi\n"
    assert ONE_PASS in r.stderr
    assert (tmp_path / "e.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("out", ["x.png", "x.svg"])
def test_an_error_after_t_writes_nothing(tmp_path, out):
    r = still(tmp_path, "stage(width: 50, height: 50)\n" + BOX + MOVE + "step 2\nprint 1 / 0\n",
              out)
    assert r.returncode == 70
    assert "division by zero" in r.stderr
    assert not (tmp_path / out).exists()


def test_an_unwritable_still_is_74_after_one_pass(tmp_path):
    r = still(tmp_path, "stage(width: 50, height: 50)\n" + BOX + MOVE, "no/such/x.png")
    assert r.returncode == 74
    assert "cannot write no/such/x.png" in r.stderr


def test_a_stage_too_large_is_a_usage_error(tmp_path):
    r = still(tmp_path, "stage(width: 9000, height: 9000)\n" + BOX, "big.png")
    assert r.returncode == 64
    assert "8192" in r.stderr
    assert not (tmp_path / "big.png").exists()
