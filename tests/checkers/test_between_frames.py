"""Changes between frames land where they happened (SPEC §13): a cancel at
t = 1.23 exported at 10 fps shows at 1.23, not at the next frame (1.3), read
by python-lottie between frames and checked against anim's own values."""

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
