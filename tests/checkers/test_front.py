"""`anim` runs plain script runs itself and hands the rest to anim-commands.

The `anim` executable takes `anim run FILE...` and `anim FILE.anim...`
without the argument parser or Foundation (for a fast start, W6) and
replaces itself with `anim-commands`, beside it, for every other command
line. Both must behave as one program: the same output, diagnostics and exit
code for every script in tests/ and examples/, whichever runs it.
"""

import os
import pathlib
import shutil
import subprocess

import pytest

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
COMMANDS = os.path.join(os.path.dirname(ANIM), "anim-commands")
SCRIPTS = sorted(
    str(p) for p in pathlib.Path("tests").rglob("*.anim")
) + sorted(str(p) for p in pathlib.Path("examples").glob("*.anim"))


def run(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, timeout=120, **kwargs)


def test_the_front_links_neither_foundation_nor_the_argument_parser():
    symbols = run(["nm", ANIM]).stdout.decode()
    assert symbols, "nm printed nothing"
    assert "FoundationEssentials" not in symbols
    assert "ArgumentParser" not in symbols
    # The full command line has both.
    full = run(["nm", COMMANDS]).stdout.decode()
    assert "ArgumentParser" in full


def test_there_are_scripts_to_compare():
    assert len(SCRIPTS) > 400


# The scripts in eight shares, so that the checkers' workers share them.
SHARES = 8


@pytest.mark.parametrize("share", range(SHARES))
def test_every_script_gives_the_same_result_from_either_executable(share):
    differing = []
    for script in SCRIPTS[share::SHARES]:
        front = run([ANIM, "run", script])
        full = run([COMMANDS, "run", script])
        if (front.returncode, front.stdout, front.stderr) != (
            full.returncode,
            full.stdout,
            full.stderr,
        ):
            differing.append(script)
    assert differing == []


def test_the_short_forms_and_standard_input_match_too():
    for argv in (["examples/design.anim"], ["run", "-"], ["nosuch.anim"], ["run", "."]):
        stdin = b"print 1 + 1\n"
        front = run([ANIM, *argv], input=stdin)
        full = run([COMMANDS, "run", *[a for a in argv if a != "run"]], input=stdin)
        assert (front.returncode, front.stdout, front.stderr) == (
            full.returncode,
            full.stdout,
            full.stderr,
        ), argv
    assert run([ANIM, "run", "-"], input=b"print 2 * 3\n").stdout == b"6\n"


def test_other_command_lines_are_handed_over_unchanged():
    for argv in (["--version"], ["check", "--json", "examples/design.anim"], ["-e", "print 7"]):
        front = run([ANIM, *argv])
        full = run([COMMANDS, *argv])
        assert (front.returncode, front.stdout, front.stderr) == (
            full.returncode,
            full.stdout,
            full.stderr,
        ), argv
    assert run([ANIM, "-e", "print 7"]).stdout == b"7\n"


def test_without_anim_commands_beside_it_anim_says_so_and_exits_69(tmp_path):
    alone = tmp_path / "anim"
    shutil.copy(ANIM, alone)
    done = run([str(alone), "--version"])
    assert done.returncode == 69
    assert f"anim: cannot start {tmp_path}/anim-commands".encode() in done.stderr
    assert b"build every product" in done.stderr
    # Scripts still run.
    done = run([str(alone), "run", "examples/design.anim"])
    assert (done.returncode, done.stdout) == (0, b"0.5\n")
