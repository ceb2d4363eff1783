"""Hostile input to the commands that draw (issue 32, SPEC §15–§20), checked
from outside: exit codes, the message on stderr, and what is left on disk.

- Every time option of `render`, `export`, `plot` and `bench` (`--at`,
  `--from`, `--to`, `--fps`, `--frames`) out of range is a usage error (64)
  that names the option, and writes nothing.
- A command that writes a file and is stopped by SIGTERM says so and
  leaves nothing, also while the script is still running.
"""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

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
