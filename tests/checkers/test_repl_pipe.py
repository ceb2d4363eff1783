"""The REPL decides prompts and editing by standard input being a terminal.

`anim | tee log` (stdin and stderr a terminal, stdout a pipe) must still show
the banner and the prompts (on stderr, as python does), and the log (stdout)
must hold only anim's output. Driven through a real pseudo-terminal.
"""

import math
import os
import pty
import subprocess
import time

from pty_support import read_until

ANIM = os.environ.get("ANIM", ".build/debug/anim")


def test_prompts_reach_the_terminal_when_stdout_is_a_pipe(tmp_path):
    main, side = pty.openpty()
    env = dict(os.environ, HOME=str(tmp_path), TERM="xterm")
    proc = subprocess.Popen(
        [ANIM], stdin=side, stdout=subprocess.PIPE, stderr=side, env=env, close_fds=True
    )
    os.close(side)
    try:
        screen = read_until(main, b"> ")
        assert b"anim " in screen and b":help for help" in screen, screen
        assert b"> " in screen, screen
        os.write(main, b"print 1+1\r")
        screen = read_until(main, b"> ")
        assert b"> " in screen, screen
        os.write(main, b"\x04")
        out, _ = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert proc.returncode == 0
    # Only anim's output reaches the log: no banner, no prompt, no echo.
    # (Ctrl-D's closing newline still goes to stdout, hence the strip.)
    assert out.strip() == b"2", out


def _long_statement():
    """A statement that keeps the REPL busy for about a second or more in
    any build, and what it prints: a million loop steps, repeated as often
    as this build needs (a release build runs them some ten times faster
    than a debug one, and finished before the test could type)."""
    million = "for i in 1...999999 { x = i }"
    start = time.monotonic()
    subprocess.run([ANIM, "-e", f"x = 0; {million}"], check=True, capture_output=True)
    rounds = max(1, math.ceil(1.5 / max(time.monotonic() - start, 1e-3)))
    statement = f"x = 0; for r in 1...{rounds} {{ {million} }}; print x\r"
    return statement.encode(), b"999999"


LONG, LONG_PRINTS = _long_statement()


def start_and_run_a_long_statement(tmp_path):
    """A REPL on a pseudo-terminal, busy with LONG; asserts it has not
    finished yet. The work limit is raised past LONG's steps."""
    main, side = pty.openpty()
    env = dict(os.environ, HOME=str(tmp_path), TERM="xterm")
    proc = subprocess.Popen(
        [ANIM, "repl", "--work-limit", "1000000000"], stdin=side, stdout=subprocess.PIPE,
        stderr=side, env=env, close_fds=True
    )
    os.close(side)
    read_until(main, b"> ")
    os.write(main, LONG)
    screen = read_until(main, b"never shown", timeout=0.3)
    assert b"> " not in screen.split(b"print x", 1)[-1], screen
    return main, proc


def finish(main, proc):
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    return out


def test_ctrl_d_typed_while_a_statement_runs_ends_the_session_after_it(tmp_path):
    # The line discipline holds that Ctrl-D as an end-of-file mark; once
    # canonical mode is off it would read as a NUL byte, and the REPL kept
    # waiting for input.
    main, proc = start_and_run_a_long_statement(tmp_path)
    os.write(main, b"\x04")
    out = finish(main, proc)
    assert proc.returncode == 0
    assert out.split() == [LONG_PRINTS], out


def test_a_line_typed_while_a_statement_runs_runs_after_it(tmp_path):
    main, proc = start_and_run_a_long_statement(tmp_path)
    os.write(main, b"print 7\r")
    screen = read_until(main, b"7\r\n", timeout=60)
    assert b"print 7" in screen, screen
    read_until(main, b"> ", timeout=5)
    os.write(main, b"\x04")
    out = finish(main, proc)
    assert proc.returncode == 0
    assert out.split() == [LONG_PRINTS, b"7"], out
