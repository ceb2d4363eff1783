"""Changes between frames land where they happened (SPEC §13): a cancel at
t = 1.23 exported at 10 fps shows at 1.23, not at the next frame (1.3), read
by python-lottie between frames and checked against anim's own values; and
changes at a frame's own instant show right after that frame (below)."""

import json
import os
import subprocess

import pytest
from lottie.objects.properties import Value

from cdp_support import Browser, chromium_path

ANIM = os.environ.get("ANIM", ".build/debug/anim")

SCRIPT = """
stage(width: 300, height: 100)
view box(x: 0, y: 50, width: 20, height: 20)
run move(to: (200, 50), 2) on box
step 1
h = run move(to: (101, 50), 0.1) | rotate(to: 90, 0.5) on box
step 0.23
cancel h
"""


# After the cancel at 1.23, between frames (1.235, 1.25, 1.28) and at them.
TIMES = (1.235, 1.25, 1.28, 1.3, 1.5)


def values_at(tmp_path, t):
    path = tmp_path / "at.anim"
    path.write_text(SCRIPT + f"step to {t!r}\nprint box.x\nprint box.rotation\n")
    out = subprocess.run([ANIM, "run", str(path)], capture_output=True, text=True, check=True)
    return [float(v) for v in out.stdout.split()]


def test_a_cancel_between_frames_lands_at_its_time(tmp_path):
    script = tmp_path / "cancel.anim"
    script.write_text(SCRIPT)
    out = tmp_path / "cancel.json"
    p = subprocess.run([ANIM, "export", str(script), "-o", str(out), "--to", "2", "--fps", "10"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    ks = next(l for l in doc["layers"] if l["nm"] == "box")["ks"]
    # python-lottie reads split positions wrongly as a whole: x alone.
    x_reader = Value.load(ks["p"]["x"])
    rotation_reader = Value.load(ks["r"])
    for t in TIMES:
        x, rotation = values_at(tmp_path, t)
        assert x_reader.get_value(t * 10) == pytest.approx(x, abs=1e-6), t
        assert rotation_reader.get_value(t * 10) == pytest.approx(rotation, abs=1e-6), t


def test_chromium_shows_the_cancel_at_its_time_in_the_html(tmp_path):
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script = tmp_path / "cancel.anim"
    script.write_text(SCRIPT)
    page = tmp_path / "cancel.html"
    p = subprocess.run([ANIM, "export", str(script), "-o", str(page), "--to", "2", "--fps", "10"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in TIMES:
            x, rotation = values_at(tmp_path, t)
            state = json.loads(browser.evaluate(
                f'location.hash = "#t={t!r}"; fromHash(); '
                'document.getElementById("anim-state").textContent'))["views"]["box"]
            assert state["x"] == pytest.approx(x, rel=1e-5), t
            assert state["rotation"] == pytest.approx(rotation, abs=1e-4), t


# Changes at a frame's own instant (SPEC §12.3, §13): at 10 fps, 1.0 and 1.2
# are frame times. The frame keeps the value anim's frame shows there (the
# scene before the statements at that instant); what they changed shows
# right after it, not from the next frame on.
PRELUDE = """
stage(width: 300, height: 100)
view box(x: 0, y: 50, width: 20, height: 20)
view dot(x: 50, y: 20, width: 10, height: 10)
view bar(x: 250, y: 80, width: 30, height: 6)
run move(to: (200, 50), 2) on box
"""

# (instant, statements run there): at 1.0 a takeover from where the box
# stands, an assignment, and a run that starts with a jump (the bar's alpha
# from 1 to 0.2, then back to 1 over 0.4 s); at 1.2 a cancel that restores
# the box's values.
BLOCKS = [
    (1.0, "h = run move(to: (101, 50), 0.1) | rotate(to: 90, 0.5) on box\n"
          "dot.x = 150\n"
          "run fade(from: 0.2, 0.4) on bar"),
    (1.2, "cancel h"),
]

AT_FRAMES_TIMES = (0.95, 1.0, 1.02, 1.05, 1.1, 1.15, 1.2, 1.21, 1.25, 1.3, 1.5)


def at_frames_script():
    text = PRELUDE
    for instant, statements in BLOCKS:
        text += f"step to {instant!r}\n{statements}\n"
    return text


def at_frames_values(tmp_path, t):
    """anim's own values at t: the statements of instants before t have run,
    those at t have not (a frame at t shows the scene before them)."""
    text = PRELUDE
    for instant, statements in BLOCKS:
        if instant < t:
            text += f"step to {instant!r}\n{statements}\n"
    text += f"step to {t!r}\n"
    text += "print box.x\nprint box.rotation\nprint dot.x\nprint bar.alpha\n"
    path = tmp_path / "at_frames_values.anim"
    path.write_text(text)
    out = subprocess.run([ANIM, "run", str(path)], capture_output=True, text=True, check=True)
    return [float(v) for v in out.stdout.split()]


def export_at_frames(tmp_path, ext):
    script = tmp_path / "at_frames.anim"
    script.write_text(at_frames_script())
    out = tmp_path / f"at_frames.{ext}"
    p = subprocess.run([ANIM, "export", str(script), "-o", str(out), "--to", "2", "--fps", "10"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return out


def test_changes_at_a_frames_instant_show_right_after_it_in_lottie(tmp_path):
    doc = json.loads(export_at_frames(tmp_path, "json").read_text())
    layers = {l["nm"]: l["ks"] for l in doc["layers"]}
    readers = {
        "box.x": Value.load(layers["box"]["p"]["x"]),
        "box.rotation": Value.load(layers["box"]["r"]),
        "dot.x": Value.load(layers["dot"]["p"]["x"]),
        "bar.alpha": Value.load(layers["bar"]["o"]),
    }
    for t in AT_FRAMES_TIMES:
        x, rotation, dot_x, alpha = at_frames_values(tmp_path, t)
        got = {name: reader.get_value(t * 10) for name, reader in readers.items()}
        assert got["box.x"] == pytest.approx(x, abs=1e-6), (t, got)
        assert got["box.rotation"] == pytest.approx(rotation, abs=1e-6), (t, got)
        assert got["dot.x"] == pytest.approx(dot_x, abs=1e-6), (t, got)
        # Lottie opacity is in percent.
        assert got["bar.alpha"] == pytest.approx(alpha * 100, abs=1e-6), (t, got)


def test_the_takeover_at_a_frames_instant_is_what_the_issue_measured(tmp_path):
    # Issue 20: the takeover at 1.0 showed at 1.1, the old move still
    # running at 1.05 (x 105 instead of 100.5).
    doc = json.loads(export_at_frames(tmp_path, "json").read_text())
    ks = next(l for l in doc["layers"] if l["nm"] == "box")["ks"]
    x = Value.load(ks["p"]["x"])
    assert x.get_value(10) == pytest.approx(100, abs=1e-9)
    assert x.get_value(10.5) == pytest.approx(100.5, abs=1e-6)
    assert x.get_value(11) == pytest.approx(101, abs=1e-9)


def test_chromium_shows_changes_at_a_frames_instant_right_after_it(tmp_path):
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    page = export_at_frames(tmp_path, "html")
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in AT_FRAMES_TIMES:
            x, rotation, dot_x, alpha = at_frames_values(tmp_path, t)
            views = json.loads(browser.evaluate(
                f'location.hash = "#t={t!r}"; fromHash(); '
                'document.getElementById("anim-state").textContent'))["views"]
            assert views["box"]["x"] == pytest.approx(x, rel=1e-5), t
            assert views["box"]["rotation"] == pytest.approx(rotation, abs=1e-4), t
            assert views["dot"]["x"] == pytest.approx(dot_x, rel=1e-5), t
            assert views["bar"]["alpha"] == pytest.approx(alpha, abs=1e-4), t
