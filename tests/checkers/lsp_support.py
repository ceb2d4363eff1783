"""Helpers shared by the language-server checkers: anim's own diagnostics
(`anim check`), file URIs, and a raw JSON-RPC pipe for hostile input."""

import json
import os
import pathlib
import re
import subprocess

ANIM = os.environ.get("ANIM", str(pathlib.Path(__file__).resolve().parents[2] / ".build/debug/anim"))


def uri(path):
    return pathlib.Path(path).resolve().as_uri()


def check_diagnostics(path):
    """The errors `anim check PATH` prints: (file, line, column, message, hint), 1-based."""
    result = subprocess.run([ANIM, "check", str(path)], capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    found = []
    for line in result.stderr.splitlines():
        m = re.match(r"^(.*?):(\d+):(\d+): error: (.*)$", line)
        if m:
            found.append([m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), None])
        h = re.match(r"^\s*= hint: (.*)$", line)
        if h and found:
            found[-1][4] = h.group(1)
    return [tuple(f) for f in found]


def utf16_column(line_text, scalar_column):
    """The 0-based UTF-16 offset of a 1-based column counted in Unicode scalars."""
    prefix = line_text[: scalar_column - 1]
    return len(prefix.encode("utf-16-le")) // 2


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def unframe(data):
    """Splits a server's output into JSON messages."""
    out = []
    while data:
        header, sep, rest = data.partition(b"\r\n\r\n")
        assert sep, data[:200]
        length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
        out.append(json.loads(rest[:length]))
        data = rest[length:]
    return out
