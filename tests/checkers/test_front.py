"""`anim` runs plain script runs itself and hands the rest to anim-batch or
anim-commands.

The `anim` executable takes `anim run FILE...` and `anim FILE.anim...`
without the argument parser or Foundation (for a fast start, W6) and
replaces itself, for every other command line, with `anim-batch` beside it
(a subcommand or a script other than the REPL, the preview and help: no
preview server linked, so no libcurl to load) or `anim-commands` (the
REPL, the preview, help, the version; every command line when anim-batch
is missing). All must behave as one program: the same output, diagnostics
and exit code for every script in tests/ and examples/, whichever runs it.
"""

import os
import pathlib
import shutil
import subprocess

import pytest

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
COMMANDS = os.path.join(os.path.dirname(ANIM), "anim-commands")
BATCH = os.path.join(os.path.dirname(ANIM), "anim-batch")
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


def test_anim_batch_links_no_preview_server_and_loads_no_libcurl():
    symbols = run(["nm", BATCH]).stdout.decode()
    assert "ArgumentParser" in symbols
    assert "FlyingFox" not in symbols and "FoundationNetworking" not in symbols
    # Linked statically (a release build: libcurl itself) or not (a debug
    # build: Foundation's networking library, which needs libcurl).
    needed = run(["readelf", "-d", BATCH]).stdout.decode()
    assert "libc.so" in needed
    assert "libcurl" not in needed and "libFoundationNetworking" not in needed
    # anim-commands has the preview, and so one or the other.
    full = run(["readelf", "-d", COMMANDS]).stdout.decode()
    assert "libcurl" in full or "libFoundationNetworking" in full


def test_anim_batch_runs_what_it_is_handed_as_anim_commands_does(tmp_path):
    for argv in (["check", "--json", "examples/design.anim"], ["-e", "print 7"],
                 ["check", "tests/errors/name_stage_unknown.anim"], ["render", "--help"],
                 ["test", "--help"], ["nosuch"], ["render", "examples/design.anim", "--at", "0.5",
                                                  "-o", str(tmp_path / "x.png")]):
        batch = run([BATCH, *argv])
        full = run([COMMANDS, *argv])
        assert (batch.returncode, batch.stdout, batch.stderr) == (
            full.returncode,
            full.stdout,
            full.stderr,
        ), argv
    # What the front hands to which: the executable it replaces itself with.
    if shutil.which("strace"):
        front = run(["strace", "-f", "-e", "trace=execve", ANIM, "check", "examples/design.anim"])
        assert b"/anim-batch" in front.stderr
        version = run(["strace", "-f", "-e", "trace=execve", ANIM, "--version"])
        assert b"/anim-commands" in version.stderr and b"/anim-batch" not in version.stderr


def test_without_anim_batch_beside_it_anim_commands_runs_every_command_line(tmp_path):
    for name in ("anim", "anim-commands"):
        shutil.copy(os.path.join(os.path.dirname(ANIM), name), tmp_path / name)
    done = run([str(tmp_path / "anim"), "check", "--json", "examples/design.anim"])
    full = run([COMMANDS, "check", "--json", "examples/design.anim"])
    assert (done.returncode, done.stdout, done.stderr) == (full.returncode, full.stdout, full.stderr)
    assert run([str(tmp_path / "anim"), "-e", "print 7"]).stdout == b"7\n"


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
