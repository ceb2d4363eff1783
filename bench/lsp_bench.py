#!/usr/bin/env python3
"""Latency of `anim lsp` on a 1 MB script, measured by a small client.

    python3 bench/lsp_bench.py [ANIM]      (default .build-lsp-bench/release/anim)

Generates bench/out/lsp_1mb.anim (about 1 MB: views, motions, defs, runs,
steps), starts `ANIM lsp`, opens the script, and times, on the client's
clock (send to answer read):
  - diagnostics after a change: 30 incremental edits (a number changed in
    the middle, an error made at the end and fixed again), from sending
    didChange to reading the publishDiagnostics it causes;
  - completion at 40 places (statement starts, call arguments, `ease:`,
    members after `.`), the first after a change included;
  - hover at 40 places (bound motions, which the server evaluates, views,
    builtins).
The peer measured in the same run is `anim check` on the same file (a process
per check), the same front end without the server. Prints one line per figure.
"""

import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
ANIM = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build-lsp-bench/release/anim")
OUT = ROOT / "bench/out"


def generate(path):
    blocks = []
    i = 0
    size = 0
    while size < 1_000_000:
        block = (
            f"view v{i}(x: {i % 400}, y: {i % 300}, alpha: 1)\n"
            f"m{i} = fade(out, 0.5) + move(to: ({i % 97}, {i % 53}), 1, ease: outQuad)\n"
            f"def f{i}(d) = fade(in, d) | rotate(by: 90, d)\n"
            f"h{i} = run m{i} * 2 on v{i}\n"
            f"step 10ms  # block {i}\n"
        )
        blocks.append(block)
        size += len(block)
        i += 1
    path.write_text("".join(blocks))
    return i


class Client:
    def __init__(self):
        self.process = subprocess.Popen(os.environ.get("LSP_BENCH_PREFIX", "").split() + [ANIM, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def cpu_ms(self):
        """CPU time the server's main thread has used, in ms (schedstat is in ns):
        unlike the wall time it does not grow when other processes take the cores."""
        pid = self.process.pid
        with open(f"/proc/{pid}/task/{pid}/schedstat") as f:
            return int(f.read().split()[0]) / 1e6

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message["params"]["diagnostics"]


def summary(name, samples):
    samples = sorted(samples)
    p90 = samples[int(0.9 * (len(samples) - 1))]
    print(f"{name}: n={len(samples)} median={statistics.median(samples):.1f} ms p90={p90:.1f} ms max={samples[-1]:.1f} ms")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "lsp_1mb.anim"
    blocks = generate(path)
    text = path.read_text()
    lines = text.split("\n")
    uri = path.resolve().as_uri()
    print(f"script: {path} {len(text.encode())} bytes, {len(lines) - 1} lines, {blocks} blocks")

    peer = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([ANIM, "check", str(path)], check=True)
        peer.append((time.perf_counter() - start) * 1000)
    summary("peer: anim check (process start to exit)", peer)

    client = Client()
    client.request("initialize", {"capabilities": {}, "processId": os.getpid()})
    client.notify("initialized", {})
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "anim", "version": 1, "text": text}})
    assert client.diagnostics() == []
    print(f"open (1 MB didOpen to diagnostics): {(time.perf_counter() - start) * 1000:.1f} ms")

    version = 1
    cpu = {"diagnostics": [], "completion, first after a change": [], "completion": [], "hover": []}
    diagnostics = []
    completion = []
    first_completion = []
    hover = []
    middle = len(lines) // 2 - (len(lines) // 2) % 5  # the start of a block
    last = len(lines) - 1

    def change(line, start_char, end_char, new_text):
        nonlocal version
        version += 1
        c0 = client.cpu_ms()
        t0 = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": start_char}, "end": {"line": line, "character": end_char}}, "text": new_text}],
        })
        found = client.diagnostics()
        diagnostics.append((time.perf_counter() - t0) * 1000)
        cpu["diagnostics"].append(client.cpu_ms() - c0)
        return found

    def timed(kind, samples, line, character):
        c0 = client.cpu_ms()
        t0 = time.perf_counter()
        reply = client.request(kind, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        samples.append((time.perf_counter() - t0) * 1000)
        name = "hover" if kind.endswith("hover") else "completion, first after a change" if samples is first_completion else "completion"
        cpu[name].append(client.cpu_ms() - c0)
        assert "result" in reply, reply
        return reply["result"]

    for k in range(15):
        # `m{i} = fade(out, 0.5)`: change 0.5 to 0.6 and back, in the middle.
        target = middle + 1 + 5 * k
        column = lines[target].index("0.5") + 2
        assert change(target, column, column + 1, "6") == []
        result = timed("textDocument/completion", first_completion, target + 3, 0)
        assert any(item["label"] == "step" for item in result["items"])
        assert change(target, column, column + 1, "5") == []
    # An error at the end, then fixed.
    found = change(last, 0, 0, "print vew.alpha")
    assert [d["message"] for d in found] == ["unknown name 'vew'"], found
    assert change(last, 0, 15, "") == []

    for k in range(10):
        block = middle + 5 * k
        m_line = lines[block + 1]
        result = timed("textDocument/completion", completion, block + 1, m_line.index("ease: ") + 6)
        assert any(item["label"] == "outQuad" for item in result["items"])
        result = timed("textDocument/completion", completion, block + 1, m_line.index("fade(") + 5)
        assert any(item["label"] == "out" for item in result["items"])
        h_line = lines[block + 3]
        result = timed("textDocument/completion", completion, block + 3, len(h_line))
        assert [item["label"] for item in result["items"]] == [f"v{(block + 3) // 5}"], result
        result = timed("textDocument/completion", completion, block + 4, 0)
        assert result["items"]
        result = timed("textDocument/hover", hover, block + 3, h_line.index("m") + 1)
        assert "motion, duration 1.5 s" in result["contents"]["value"], result
        result = timed("textDocument/hover", hover, block + 3, len(h_line) - 1)
        assert result["contents"]["value"].endswith("view"), result
        result = timed("textDocument/hover", hover, block + 1, m_line.index("move") + 1)
        assert "move(to: (x, y), d)" in result["contents"]["value"]
        result = timed("textDocument/hover", hover, block + 2, 5)
        assert "function" in result["contents"]["value"]

    summary("diagnostics after a change (didChange to publishDiagnostics)", diagnostics)
    summary("completion, first after a change", first_completion)
    summary("completion", completion)
    summary("hover", hover)
    for name, samples in cpu.items():
        summary(f"server main-thread CPU time: {name}", samples)
    with open("/proc/loadavg") as f:
        print(f"load average during the run: {f.read().split()[0]} (2 cores)")
    client.request("shutdown", None)
    client.notify("exit", None)
    print(f"exit code: {client.process.wait()}")


if __name__ == "__main__":
    main()
