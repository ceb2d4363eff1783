#!/usr/bin/env python3
"""Reload latency of `anim preview`: save -> the new frame drawn in a browser.

    .venv-checkers/bin/python bench/preview_latency.py [ANIM] [SCRIPT] [SAVES]

(defaults: .build/release/anim, bench/w1_blink_grid.anim, 5). Copies SCRIPT to
bench/out/, starts `ANIM preview` on the copy, opens the page in headless
Chromium (DevTools protocol, tests/checkers/cdp_support.py) at t=0.5, then
SAVES times adds a comment line (rewrites the copy and renames it over
the old one) and reads, on the page, `window.animPreview.shownAt`: Date.now()
two animation frames after the new player was swapped in. Latency is that
minus the time of the rename, on the same wall clock. The peer measured in
the same run is `anim export SCRIPT -o x.html` (the run and the page the
preview makes on each save), timed as a process. Also prints the page's
size and the preview's own run time per save (its stderr).
"""

import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests/checkers"))
from cdp_support import Browser  # noqa: E402

ANIM = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build/release/anim")
SCRIPT = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ROOT / "bench/w1_blink_grid.anim")
SAVES = int(sys.argv[3]) if len(sys.argv) > 3 else 5
OUT = ROOT / "bench/out"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    copy = OUT / ("preview_" + SCRIPT.name)
    original = SCRIPT.read_text()
    copy.write_text(original)
    stderr = open(OUT / "preview_latency.stderr", "w")
    preview = subprocess.Popen([ANIM, "preview", str(copy)], stdout=subprocess.PIPE,
                               stderr=stderr, text=True)
    line = preview.stdout.readline()
    url = re.fullmatch(r"preview: (\S+)\n", line).group(1)
    browser = Browser(tempfile.mkdtemp(prefix="anim-preview-bench-"), 1200, 900, timeout=300)
    try:
        started = time.time()
        browser.navigate(url + "#t=0.5", timeout=300)
        browser.wait_for("window.animPreview && window.animPreview.shownAt > 0", 300)
        print(f"first page shown {time.time() - started:.2f} s after navigating")
        latencies = []
        for k in range(SAVES):
            version = browser.evaluate("window.animPreview.version")
            text = original + f"# save {k + 1}\n"
            tmp = str(copy) + ".tmp"
            with open(tmp, "w") as f:
                f.write(text)
            saved = time.time() * 1000
            os.replace(tmp, copy)
            browser.wait_for(f"window.animPreview.version > {version}", 300, interval=0.005)
            shown = browser.evaluate("window.animPreview.shownAt")
            latencies.append(shown - saved)
            print(f"save {k + 1}: new frame drawn {shown - saved:.0f} ms after the save")
            time.sleep(0.5)
        print(f"reload latency: median {statistics.median(latencies):.0f} ms, "
              f"min {min(latencies):.0f}, max {max(latencies):.0f} ms over {SAVES} saves")
        size = len(browser.evaluate("document.documentElement.outerHTML"))
        print(f"page: {size} characters")
    finally:
        browser.close()
        preview.terminate()
        preview.wait()
        stderr.close()
    runs = re.findall(r"run in ([0-9.]+) s", (OUT / "preview_latency.stderr").read_text())
    print("preview's own runs (s): " + ", ".join(runs))
    peers = []
    for _ in range(3):
        t = time.monotonic()
        subprocess.run([ANIM, "export", str(copy), "-o", str(OUT / "preview_peer.html")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peers.append(time.monotonic() - t)
    print("peer, anim export -o x.html (s): " + ", ".join(f"{p:.2f}" for p in peers))


if __name__ == "__main__":
    main()
