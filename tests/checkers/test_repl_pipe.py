"""The REPL decides prompts and editing by standard input being a terminal.

`anim | tee log` (stdin and stderr a terminal, stdout a pipe) must still show
the banner and the prompts (on stderr, as python does), and the log (stdout)
must hold only anim's output. Driven through a real pseudo-terminal.
"""

import os
import pty
import subprocess

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
