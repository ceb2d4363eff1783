#!/usr/bin/env python3
"""Frames per second of anim's HTML player beside lottie-web playing anim's
own Lottie export of the same workload, in one headless Chromium, measured
the same way: requestAnimationFrame callbacks over 3 s (and the longest gap
between two), through the DevTools protocol.

    bench/player_fps.py [--anim .build/release/anim] [--runs 3] [WORKLOAD.anim ...]

Default workloads: bench/w1_blink_grid.anim (10 000 views) exported over
[0, 9.99]. Needs the checkers' virtual environment (.venv-checkers, for
`websocket-client` and the DevTools driver tests/checkers/cdp_support.py)
and lottie-web 5.13's build/player/lottie.min.js, read out of a git mirror of
github.com/airbnb/lottie-web (LOTTIE_WEB_GIT, the git directory) into
bench/out/lottie/ (git-ignored): lottie-web is on neither PyPI nor Debian,
and none of its code is kept in this repository.

Writes every export to bench/out/ and prints one line per page and run.
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "checkers"))
from cdp_support import Browser  # noqa: E402

OUT = os.path.join(ROOT, "bench", "out")
LOTTIE_GIT = os.environ.get("LOTTIE_WEB_GIT", "/work/.mirror/airbnb+lottie-web/repo")

MEASURE = """
new Promise(resolve => {
  let frames = 0, worst = 0, first = null, last = null;
  function frame(now) {
    if (first === null) { first = now; last = now; }
    else { frames++; worst = Math.max(worst, now - last); last = now; }
    if (now - first < 3000) requestAnimationFrame(frame);
    else resolve({ fps: frames / ((now - first) / 1000), worst });
  }
  requestAnimationFrame(frame);
})
"""


def lottie_player():
    """bench/out/lottie/lottie.min.js, from the mirror, and its version."""
    folder = os.path.join(OUT, "lottie")
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, "lottie.min.js")
    try:
        script = subprocess.run(["git", f"--git-dir={LOTTIE_GIT}", "show",
                                 "HEAD:build/player/lottie.min.js"],
                                capture_output=True, check=True).stdout
        package = json.loads(subprocess.run(["git", f"--git-dir={LOTTIE_GIT}", "show",
                                             "HEAD:package.json"],
                                            capture_output=True, check=True).stdout)
    except (subprocess.CalledProcessError, FileNotFoundError):
        sys.exit(f"player_fps: no lottie-web mirror at {LOTTIE_GIT} (set LOTTIE_WEB_GIT to a git "
                 "directory of github.com/airbnb/lottie-web)")
    with open(target, "wb") as f:
        f.write(script)
    return target, package["version"]


def lottie_page(name, doc_path, script):
    """A page that plays the Lottie file with lottie-web's SVG renderer, looping."""
    data_js = os.path.join(OUT, f"{name}.lottie-data.js")
    with open(doc_path) as f, open(data_js, "w") as out:
        out.write("window.animationData = ")
        out.write(f.read())
        out.write(";\n")
    page = os.path.join(OUT, f"{name}.lottie.html")
    with open(page, "w") as f:
        f.write(f"""<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0;background:#2a2a2a">
<div id="stage"></div>
<script src="{os.path.relpath(script, OUT)}"></script>
<script src="{os.path.basename(data_js)}"></script>
<script>
window.player = lottie.loadAnimation({{ container: document.getElementById("stage"),
  renderer: "svg", loop: true, autoplay: true, animationData: window.animationData }});
</script></body></html>
""")
    return page


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--anim", default=os.path.join(ROOT, ".build", "release", "anim"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--to", default="9.99")
    parser.add_argument("--reuse", action="store_true",
                        help="measure the exports already in bench/out (no export)")
    parser.add_argument("--also", action="append", default=[], metavar="LABEL=PAGE.html",
                        help="measure another page too (e.g. an older build's export)")
    parser.add_argument("workloads", nargs="*",
                        default=[os.path.join(ROOT, "bench", "w1_blink_grid.anim")])
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    script, version = lottie_player()
    pages = []
    for workload in args.workloads:
        name = os.path.splitext(os.path.basename(workload))[0]
        html = os.path.join(OUT, f"{name}.html")
        doc = os.path.join(OUT, f"{name}.json")
        for out in (html, doc):
            if args.reuse and os.path.exists(out):
                continue
            subprocess.run([args.anim, "export", workload, "-o", out, "--to", args.to], check=True)
        pages.append((name, "anim player", html, "document.getAnimations().length > 0 || true"))
        pages.append((name, f"lottie-web {version}", lottie_page(name, doc, script),
                      "window.player && window.player.isLoaded"))
    for extra in args.also:
        label, page = extra.split("=", 1)
        pages.append(("", label, os.path.abspath(page), "true"))
    print(f"chromium headless, {args.runs} runs, requestAnimationFrame over 3 s")
    with Browser(width=1400, height=1200) as browser:
        for run in range(args.runs):
            for name, player, page, ready in pages:
                browser.open("file://" + page, ready=ready)
                time.sleep(1)  # past the first frames
                r = browser.evaluate(MEASURE, await_promise=True)
                print(f"{name:16} {player:18} run {run + 1}: {r['fps']:6.1f} fps, "
                      f"worst frame {r['worst']:7.1f} ms", flush=True)


if __name__ == "__main__":
    main()
