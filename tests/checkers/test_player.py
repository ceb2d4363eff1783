"""The HTML player (`anim export -o x.html`, SPEC §13) checked by what
headless Chromium draws, driven through the DevTools protocol.

- Screenshots of the page at `#t=T` match anim's own PNG of the frame at T
  at interior pixels, for every example and several frame times each,
  including times after every motion has ended (a player that animates back
  to the declared value after a track's last keyframe fails here).
- `#anim-state` reads the drawn elements: it follows what the page draws
  when the page's animations are changed behind its back.
"""

import glob
import json
import os
import subprocess

import pytest
from PIL import Image

from cdp_support import Browser, chromium_path
from test_export import ANIM, ROOT, interior_pixels

FPS = 10


def run(args, **kw):
    return subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=300, **kw)


@pytest.fixture(scope="module")
def browser():
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    with Browser() as b:
        yield b


def state_at(browser, t):
    """Opens `#t=T` (the page's own `hashchange` handler comes later; it is
    called here at once) and reads `#anim-state`."""
    return json.loads(browser.evaluate(
        f'location.hash = "#t={t!r}"; fromHash(); '
        'document.getElementById("anim-state").textContent'))


def compare(shot, want, label):
    """Every interior pixel of anim's frame `want` in Chromium's `shot`,
    within 2/255 per channel (opaque pixels: the page shows a checkerboard
    under a transparent stage)."""
    assert shot.size == want.size, (label, shot.size, want.size)
    got = shot.load()
    compared = 0
    bad = []
    for x, y, c in interior_pixels(want, step=2):
        if c[3] != 255:
            continue
        g = got[x, y]
        if any(abs(g[i] - c[i]) > 2 for i in range(3)):
            bad.append((x, y, g, c))
        compared += 1
    assert compared > 100, (label, compared)
    assert not bad, (label, len(bad), compared, bad[:5])


def frame_times(count):
    """A few frame indices of `count` frames: early, middle, late and the last."""
    picks = {1, count // 3, count // 2, (3 * count) // 4, count - 2, count - 1}
    return sorted(k for k in picks if 0 <= k < count)


# The HTML player draws a shape's stroke and trim as they are at the first
# frame (docs/export.md); these examples animate their trim, so the page does
# not follow them yet (issue 21). Strict: the test says so once it does.
TRIM_NOT_FOLLOWED = {"checkmark.anim", "progress_ring.anim"}


def player_examples():
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim"))):
        if os.path.basename(path) in TRIM_NOT_FOLLOWED:
            reason = "the HTML player does not follow an animated trim yet"
            yield pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=reason))
        else:
            yield path


@pytest.mark.parametrize("example", list(player_examples()))
def test_chromium_draws_every_example_as_anim_renders_it(example, browser, tmp_path):
    page = tmp_path / "page.html"
    p = run(["export", example, "-o", str(page), "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    frames = tmp_path / "frames"
    frames.mkdir()
    p = run(["render", example, "-o", str(frames / "f%05d.png"), "--fps", str(FPS), "--quiet"])
    assert p.returncode == 0, p.stderr
    count = len(os.listdir(frames))
    assert count >= 2
    browser.open(f"file://{page}")
    start = json.loads(browser.evaluate('document.getElementById("anim-data").textContent'))["start"]
    for k in frame_times(count):
        t = start + k / FPS
        state = state_at(browser, t)
        assert state["t"] == t
        want = Image.open(frames / f"f{k:05d}.png").convert("RGBA")
        compare(browser.screenshot("#stage"), want, f"{os.path.basename(example)} at t = {t}")


ENDED = """
stage(width: 240, height: 120, background: "#202020")
view box(x: 30, y: 60, width: 30, height: 30, color: red, cornerRadius: 4)
view pad(x: 120, y: 30, width: 40, height: 20, color: "#3080ff")
run move(to: (200, 60), 0.5) on box
run fade(out, 0.3) | scale(to: (2, 0.5), 0.4) | rotate(to: 30, 0.2) on pad
run color(to: green, 0.4) | tween(cornerRadius: 15, width: 40, height: 40, 0.6) on box
"""


def test_motions_that_ended_stay_where_they_ended(browser, tmp_path):
    script = tmp_path / "ended.anim"
    script.write_text(ENDED)
    page = tmp_path / "ended.html"
    p = run(["export", str(script), "-o", str(page), "--to", "1", "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    browser.open(f"file://{page}")
    for t in (0.75, 1.0):
        s = state_at(browser, t)["views"]
        assert s["box"]["x"] == 200 and s["box"]["y"] == 60
        assert (s["box"]["width"], s["box"]["height"], s["box"]["cornerRadius"]) == (40, 40, 15)
        assert s["box"]["color"] == "#008000ff"
        assert s["pad"]["alpha"] == 0
        assert (s["pad"]["scaleX"], s["pad"]["scaleY"], s["pad"]["rotation"]) == (2, 0.5, 30)
    frames = tmp_path / "frames"
    frames.mkdir()
    p = run(["render", str(script), "-o", str(frames / "f%05d.png"), "--to", "1",
             "--fps", str(FPS), "--quiet"])
    assert p.returncode == 0, p.stderr
    for k in (5, 8, 10):
        state_at(browser, k / FPS)
        want = Image.open(frames / f"f{k:05d}.png").convert("RGBA")
        compare(browser.screenshot("#stage"), want, f"ended at {k / FPS}")


def test_the_readout_reads_what_is_drawn(browser, tmp_path):
    script = tmp_path / "ended.anim"
    script.write_text(ENDED)
    page = tmp_path / "ended.html"
    p = run(["export", str(script), "-o", str(page), "--to", "1", "--fps", str(FPS)])
    assert p.returncode == 0, p.stderr
    browser.open(f"file://{page}")
    assert state_at(browser, 0.25)["views"]["box"]["x"] == 115
    # Cancel every animation behind the page's back: the drawn box is back
    # at its declared place, and the readout says so.
    browser.evaluate("document.getAnimations().forEach(a => a.cancel())")
    s = browser.evaluate("state(0.25)")["views"]
    assert s["box"]["x"] == 30 and s["pad"]["alpha"] == 1
