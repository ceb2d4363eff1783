"""`anim import` of time remapping (`tm`, SPEC §25.1): a precomposition
whose red square slides from x 20 to 180 over its frames 0–30, shown by a
layer whose `tm` plays it faster, backwards, with a hold in the middle,
frozen on one frame, or eased. anim's frames are compared with ThorVG
drawing the original (whose reading of `tm` anim follows: frame fr·tm(F))
at frames before, inside and after each stretch, to within 3 of 255
levels at every pixel away from edges. rlottie is not compared: it rounds
fr·tm down to a whole frame in single precision (at frame 7 of "faster",
13.99… becomes 13, the square 5 px behind) and ignores a fixed `tm`.
"""

import json
import os
import subprocess

import numpy as np
import pytest

import corpus_support as corpus

ANIM = os.environ.get("ANIM", ".build/debug/anim")
W, H = 200, 100
FRAMES = [0, 7, 12, 20, 33, 50]
LINEAR = {"o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}


def key(t, s, hold=False, ease=LINEAR):
    return {"t": t, "s": [s], "h": 1} if hold else {"t": t, "s": [s], **ease}


def doc(tm):
    square = {"ty": 4, "nm": "Square", "ip": 0, "op": 60, "st": 0, "ks": {
        "p": {"a": 1, "k": [{"t": 0, "s": [20, 50], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                            {"t": 30, "s": [180, 50]}]}},
        "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 30]}},
                   {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}
    layer = {"ty": 0, "nm": "Remapped", "refId": "slide", "w": W, "h": H, "ks": {}, "ip": 0, "op": 60,
             "st": 0, "tm": tm}
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": W, "h": H,
            "assets": [{"id": "slide", "layers": [square]}], "layers": [layer]}


CASES = {
    # Frames 0–30 over 0–15, then frame 30 held.
    "faster": {"a": 1, "k": [key(0, 0), key(15, 1)]},
    # Frame 30 down to 0 over frames 0–30.
    "backwards": {"a": 1, "k": [key(0, 1), key(30, 0)]},
    # Frames 0–12 over 0–12, held until 24, then 12–30 over 24–42.
    "a hold in the middle": {"a": 1, "k": [key(0, 0), key(12, 0.4, hold=True), key(24, 0.4), key(42, 1)]},
    "fixed": {"a": 0, "k": 0.5},
    "eased": {"a": 1, "k": [key(0, 0, ease={"o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}),
                            key(30, 1)]},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_remapped_precomposition_draws_as_thorvg_does(case, tmp_path):
    tm = CASES[case]
    source = tmp_path / "in.json"
    source.write_text(json.dumps(doc(tm)))
    script = tmp_path / "out.anim"
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr == "", "nothing left out"
    assert "Time remap (/layers/0/tm)" in script.read_text()
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    theirs = corpus.player_frames(str(source), "thorvg", FRAMES, W, H)
    assert theirs is not None
    for k, frame in enumerate(FRAMES):
        a, b = mine[k], theirs[k]
        assert (a[..., 3] > 0).sum() > 500, f"frame {frame}: the square is drawn"
        interior = ~corpus.edges(a) & ~corpus.edges(b)
        worst = int((np.abs(a - b).max(axis=2) * interior).max())
        assert worst <= 3, f"frame {frame}: {worst} levels apart"
