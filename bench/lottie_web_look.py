#!/usr/bin/env python3
"""lottie-web drawing anim's Lottie of the §21.3 checker scenes (corner
radii, the even-odd rule, dashes), compared with anim's PNG at every pixel
flat in both (lottie-web is not in CI; docs/export.md records the figures).

lottie-web 5.13's SVG renderer is read out of a git mirror as
bench/player_fps.py reads it, and drawn in headless Chromium through the
DevTools protocol (tests/checkers/cdp_support.py).

Usage: ANIM=.build/debug/anim .venv-checkers/bin/python bench/lottie_web_look.py
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "checkers"))
sys.path.insert(0, str(HERE))
os.environ.setdefault("ANIM", str(HERE.parent / ".build" / "debug" / "anim"))

import numpy as np  # noqa: E402
from cdp_support import Browser  # noqa: E402
from pixel_support import flat, load  # noqa: E402
from player_fps import lottie_player  # noqa: E402
import test_corners  # noqa: E402
import test_dashes  # noqa: E402
import test_fill_rule  # noqa: E402

ANIM = os.environ["ANIM"]


def shot(browser, folder, player, doc, frame):
    data = json.loads(doc.read_text())
    page = folder / f"{doc.stem}{frame}.html"
    page.write_text(f"""<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0;background:white"><div id="stage" style="width:{data['w']}px;height:{data['h']}px"></div>
<script src="{player}"></script><script>
window.player = lottie.loadAnimation({{container: document.getElementById("stage"), renderer: "svg",
  loop: false, autoplay: false, animationData: {doc.read_text()}}});
const go = () => {{ window.player.goToAndStop({frame}, true); window.done = true; }};
if (window.player.isLoaded) go(); else window.player.addEventListener("DOMLoaded", go);
</script></body></html>""")
    browser.open(page.as_uri(), ready="window.done === true")
    time.sleep(0.4)
    return np.array(browser.screenshot("#stage").convert("RGB")).astype(int)


def main():
    player, version = lottie_player()
    print(f"lottie-web {version}")
    with tempfile.TemporaryDirectory() as tmp, Browser(width=400, height=400) as browser:
        folder = pathlib.Path(tmp)
        for name, module, times in [("corners", test_corners, [0.0, 0.5, 1.0]),
                                    ("rule", test_fill_rule, [0.0]),
                                    ("dashes", test_dashes, [0.0, 0.5, 1.0])]:
            script = folder / f"{name}.anim"
            script.write_text(module.SCENE)
            doc = folder / f"{name}.json"
            subprocess.run([ANIM, "export", str(script), "-o", str(doc)], check=True,
                           capture_output=True)
            fps = json.loads(doc.read_text())["fr"]
            for at in times:
                png = folder / f"{name}{at}.png"
                subprocess.run([ANIM, "render", str(script), "-o", str(png), "--at", repr(at),
                                "--quiet"], check=True)
                mine = load(png)
                theirs = shot(browser, folder, player, doc, at * fps)
                both = flat(mine) & flat(theirs)
                diff = np.abs(mine - theirs).max(axis=2)
                drawn = int((theirs.min(axis=2) < 250).sum())
                print(f"{name} at {at} s: {int(both.sum())} pixels flat in both, the largest "
                      f"difference {int(diff[both].max())} levels, {int((diff[both] > 3).sum())} "
                      f"over 3; lottie-web drew {drawn} pixels not white")


if __name__ == "__main__":
    main()
