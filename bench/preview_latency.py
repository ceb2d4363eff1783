#!/usr/bin/env python3
"""Reload latency of `anim preview`: save -> the new frame drawn in a browser.

    .venv-checkers/bin/python bench/preview_latency.py [ANIM] [SCRIPT] [SAVES] [--edit comment|value]

(defaults: .build/release/anim, bench/w1_blink_grid.anim, 5 saves, comment).
Copies SCRIPT to bench/out/, starts `ANIM preview` on the copy, opens the page
in headless Chromium (DevTools protocol, tests/checkers/cdp_support.py) at
1366 x 768 and t=0.5, then SAVES times rewrites the copy and renames it over
the old one, and reads, on the page, `window.animPreview.shownAt`: Date.now()
two animation frames after the new build was swapped in, and, when the
build was slow enough to send the frame at the page's time first (a still,
SPEC §24), `stillShownAt`: the same two frames after the still was put on
the stage. Latency is the first of these minus the time of the rename, on
the same wall clock; the animation's own time is printed beside it.

`--edit comment` adds a comment line each save (the script's views do not
change); `--edit value` changes the first number of the script's last line by
a step each save (for W1, the stagger's total: every view's animation
changes, the page rebuilds all of them). The peer measured in the same run is
`anim export SCRIPT -o x.html` (what the preview made and sent on each save
before SPEC §24), timed as a process. Also prints the page's size and the
preview's own run time per save (its stderr).
"""

import argparse
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

OUT = ROOT / "bench/out"


def edited(original, k, how):
    """The script's text for save k (1, 2, …)."""
    if how == "comment":
        return original + f"# save {k}\n"
    lines = original.rstrip("\n").split("\n")
    m = re.search(r"\d+(\.\d+)?", lines[-1])
    value = float(m.group(0)) * (1 + 0.01 * k)
    lines[-1] = lines[-1][:m.start()] + f"{value:g}" + lines[-1][m.end():]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("anim", nargs="?", default=str(ROOT / ".build/release/anim"))
    parser.add_argument("script", nargs="?", default=str(ROOT / "bench/w1_blink_grid.anim"))
    parser.add_argument("saves", nargs="?", type=int, default=5)
    parser.add_argument("--edit", choices=["comment", "value"], default="comment")
    args = parser.parse_args()
    script = pathlib.Path(args.script)
    OUT.mkdir(parents=True, exist_ok=True)
    copy = OUT / ("preview_" + script.name)
    original = script.read_text()
    copy.write_text(original)
    stderr = open(OUT / "preview_latency.stderr", "w")
    preview = subprocess.Popen([args.anim, "preview", str(copy)], stdout=subprocess.PIPE,
                               stderr=stderr, text=True)
    line = preview.stdout.readline()
    url = re.fullmatch(r"preview: (\S+)\n", line).group(1)
    browser = Browser(tempfile.mkdtemp(prefix="anim-preview-bench-"), 1366, 768, timeout=300)
    try:
        browser.call("Emulation.setDeviceMetricsOverride", width=1366, height=768,
                     deviceScaleFactor=1, mobile=False)
        started = time.time()
        browser.navigate(url + "#t=0.5", timeout=300)
        browser.wait_for("window.animPreview && window.animPreview.shownAt > 0", 300)
        print(f"first page shown {time.time() - started:.2f} s after navigating")
        latencies = []
        stills = []
        for k in range(args.saves):
            version = browser.evaluate("window.animPreview.version")
            before = browser.evaluate("window.animPreview.stills || 0")
            tmp = str(copy) + ".tmp"
            with open(tmp, "w") as f:
                f.write(edited(original, k + 1, args.edit))
            saved = time.time() * 1000
            os.replace(tmp, copy)
            browser.wait_for(f"window.animPreview.version > {version}", 300, interval=0.005)
            shown = browser.evaluate("window.animPreview.shownAt")
            # A slow build sends the frame at the page's time first (a still).
            still = None
            if browser.evaluate("window.animPreview.stills || 0") > before:
                still = browser.evaluate("window.animPreview.stillShownAt") - saved
                stills.append(still)
            first = still if still is not None else shown - saved
            latencies.append(first)
            print(f"save {k + 1}: new frame drawn {first:.0f} ms after the save"
                  + (f" (a still; the animation {shown - saved:.0f} ms)" if still is not None
                     else " (the animation)"), flush=True)
            time.sleep(1)
        print(f"reload latency ({args.edit}): median {statistics.median(latencies):.0f} ms, "
              f"min {min(latencies):.0f}, max {max(latencies):.0f} ms over {args.saves} saves")
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
        subprocess.run([args.anim, "export", str(copy), "-o", str(OUT / "preview_peer.html")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peers.append(time.monotonic() - t)
    print("peer, anim export -o x.html (s): " + ", ".join(f"{p:.2f}" for p in peers))


if __name__ == "__main__":
    main()
