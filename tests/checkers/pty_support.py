"""Helpers shared by the checkers that drive anim through a pseudo-terminal."""

import os
import select
import time


def read_until(fd, needle, timeout=10.0):
    """What `fd` gives until `needle` is in it, it ends, or `timeout` passes."""
    seen = b""
    end = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen
