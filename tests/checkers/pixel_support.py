"""Pixel helpers shared by the checkers that compare anim's PNG with an
independent drawing: where both images are flat (one colour over a
neighbourhood), they must agree."""

import numpy as np


def render_scene(tmp_path, name, source, at=0, suffix="png"):
    """Writes `source` as NAME.anim in `tmp_path` and has anim render its
    frame at `at` to a PNG (or, by `suffix`, an SVG): (script, output)."""
    from test_tree import run
    script = tmp_path / f"{name}.anim"
    script.write_text(source)
    out = tmp_path / f"{name}{at}.{suffix}"
    run("render", str(script), "-o", str(out), "--at", repr(at), "--quiet")
    return script, out


def chromium():
    """The Chromium program, or the test is skipped."""
    import shutil
    import pytest
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    return browser


def chromium_shot(svg, width, height):
    """Headless Chromium's screenshot of the SVG file `svg` in a window of
    width × height, as RGB levels (skips the test without Chromium)."""
    import subprocess
    shot = svg.with_name(svg.stem + ".chromium.png")
    subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size={width},{height}", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    return load(shot)


def load(path):
    from PIL import Image
    return np.array(Image.open(path).convert("RGB")).astype(int)


def flat(img, grow=2):
    """Pixels whose (2·grow+1)² neighbourhood is one colour."""
    h, w, _ = img.shape
    ok = np.ones((h, w), bool)
    for dy in range(-grow, grow + 1):
        for dx in range(-grow, grow + 1):
            shifted = np.roll(np.roll(img, dy, axis=0), dx, axis=1)
            ok &= (shifted == img).all(axis=2)
    ok[:grow, :] = ok[-grow:, :] = False
    ok[:, :grow] = ok[:, -grow:] = False
    return ok


def assert_interior_equal(mine, theirs, stray=0, compared=0.8, tolerance=0):
    """At least `compared` of the pixels are flat in both (not vacuous)."""
    assert mine.shape == theirs.shape
    both = flat(mine) & flat(theirs)
    assert both.mean() > compared
    differ = both & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) <= stray, (
        f"{int(differ.sum())} interior pixels differ, first at "
        f"{[(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist()) for x, y in zip(xs[:3], ys[:3])]}")
