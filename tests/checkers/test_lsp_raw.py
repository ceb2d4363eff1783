"""anim lsp on hostile input, through a raw pipe: garbage on stdin, random
JSON-RPC, requests out of order. It must answer with the protocol's errors
and keep serving, never crash or hang."""

import pathlib
import random
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from lsp_support import ANIM, frame, unframe  # noqa: E402


def run_raw(data, timeout=20):
    return subprocess.run([ANIM, "lsp"], input=data, capture_output=True, timeout=timeout)


def test_garbage_on_stdin_never_crashes_and_service_goes_on():
    rng = random.Random(14)
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    garbage = [
        b"hello\r\n\r\n",
        b"Content-Length: 5\r\n\r\n{{{{{",
        b"Content-Length: 4\r\n\r\n[1,]",
        b"Content-Length: 2\r\n\r\n[]",
        b"Content-Length: 12\r\n\r\n\"a string!\"",
        b"Content-Length: abc\r\n\r\n",
        frame({"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "id": 7, "method": 42}),
        frame({"jsonrpc": "2.0", "id": 8}),
        b"Content-Length: 30\r\n\r\n" + b"[" * 30,
        bytes(rng.randrange(256) for _ in range(3000)).replace(b"\n", b" ") + b"\r\n\r\n",
        frame({"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///nope.anim"}, "position": {"line": 0, "character": 0}}}),
        frame({"jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": "nonsense"}),
        frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///t/x.anim", "version": 1, "text": "\x00\x01\udcff" if False else "\x00\x01 fade((("}}}),
        frame({"jsonrpc": "2.0", "id": 11, "method": "textDocument/completion", "params": {"textDocument": {"uri": "file:///t/x.anim"}, "position": {"line": 99, "character": 99}}}),
        frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///t/x.anim", "version": 2}, "contentChanges": [{"range": {"start": {"line": 5, "character": 1}, "end": {"line": 0, "character": 0}}, "text": "é"}]}}),
        frame({"jsonrpc": "2.0", "id": 12, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///t/x.anim"}, "position": {"line": 0, "character": 3}}}),
    ]
    tail = [
        frame({"jsonrpc": "2.0", "id": 13, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "method": "exit"}),
    ]
    result = run_raw(frame(init) + b"".join(garbage) + b"".join(tail))
    assert result.returncode == 0, result.stderr
    messages = unframe(result.stdout)
    by_id = {m.get("id"): m for m in messages if m.get("id") is not None}
    assert by_id[1]["result"]["capabilities"]["hoverProvider"] is True
    errors = [m["error"]["code"] for m in messages if m.get("id") is None and "error" in m]
    assert errors.count(-32700) >= 5 and errors.count(-32600) >= 2
    assert by_id[7]["error"]["code"] == -32600
    assert by_id[8]["error"]["code"] == -32600
    assert by_id[9]["error"]["code"] == -32602
    assert by_id[10]["error"]["code"] == -32602
    assert by_id[11]["result"]["isIncomplete"] is False
    assert "result" in by_id[12]
    assert by_id[13] == {"jsonrpc": "2.0", "id": 13, "result": None}


def test_requests_before_initialize_and_exit_codes():
    result = run_raw(frame({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    assert result.returncode == 1
    [reply] = unframe(result.stdout)
    assert reply["error"]["code"] == -32002
    # The input ending without exit is exit code 1; nothing is written for no input.
    result = run_raw(b"")
    assert (result.returncode, result.stdout) == (1, b"")
    # Requests after shutdown are invalid.
    result = run_raw(
        frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
        + frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        + frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {}})
        + frame({"jsonrpc": "2.0", "method": "exit"})
    )
    assert result.returncode == 0
    replies = unframe(result.stdout)
    assert replies[2]["error"]["code"] == -32600


def test_random_frames_of_random_json():
    rng = random.Random(1414)
    parts = [frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}})]
    methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/documentSymbol", "textDocument/didOpen", "textDocument/didChange", "foo", "$/cancelRequest"]
    values = [None, 1, -1, 2.5, "x", [], {}, {"line": 0, "character": 0}, {"uri": "file:///r.anim"}, True]
    for i in range(400):
        params = {k: rng.choice(values) for k in rng.sample(["textDocument", "position", "contentChanges", "text"], rng.randrange(4))}
        if rng.random() < 0.3:
            params = {"textDocument": {"uri": "file:///r.anim", "text": "".join(rng.choice("fade(out,1)+\n.:é😀#\"") for _ in range(40)), "version": i}, "position": {"line": rng.randrange(3), "character": rng.randrange(50)}, "contentChanges": [{"text": "x", "range": {"start": {"line": rng.randrange(3), "character": rng.randrange(9)}, "end": {"line": rng.randrange(3), "character": rng.randrange(9)}}}]}
        message = {"jsonrpc": "2.0", "method": rng.choice(methods), "params": params}
        if rng.random() < 0.6:
            message["id"] = i + 1
        parts.append(frame(message))
    parts.append(frame({"jsonrpc": "2.0", "id": 9999, "method": "shutdown"}))
    parts.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    result = run_raw(b"".join(parts), timeout=60)
    assert result.returncode == 0, result.stderr
    replies = unframe(result.stdout)
    assert {"jsonrpc": "2.0", "id": 9999, "result": None} in replies
