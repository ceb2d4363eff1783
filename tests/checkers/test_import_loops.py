"""`anim import` of `loopOut` expressions (docs/spec.md §25.1): a
property's keyframes repeated past the last one, from the first (`cycle`)
or back and forth (`pingpong`), checked in pixels against ThorVG drawing
the original, which evaluates them (lottie-web's `loopOut` and ThorVG's
agree for a loop of all the keyframes): within 3 of 255 levels at every
pixel away from edges, at frames in the keyframes, at the jumps and in
later loops —

- a position whose eased keyframes end away from where they start (a jump
  at every cycle), looped and ping-ponged;
- a rectangle's size, a fill colour with a hold and a rotation ping-ponged,
  inside a group;
- a loop inside a precomposition that starts late and plays slower or
  faster (`st`, `sr`), and inside one played backwards by a time remap.

Loops the players do not agree on or take no value from — `offset`,
`continue`, a loop of the last keyframes only, a `loopOut` without
`$bm_rt` — are noted and drawn without the loop, as rlottie (which
evaluates no expression) draws them.
"""

import json
import os
import subprocess

import numpy as np
import pytest

import corpus_support as corpus

ANIM = os.environ.get("ANIM", ".build/debug/anim")
W, H = 200, 100
FRAMES = [0, 5, 13, 20, 21, 27, 33, 40, 41, 47, 55, 62, 70, 77, 85, 89]
CYCLE = "var $bm_rt;\n$bm_rt = loopOut('cycle');"
PINGPONG = "var $bm_rt;\n$bm_rt = loopOut('pingpong');"


def fixed(v):
    return {"a": 0, "k": v}


def eased(t, s, **extra):
    return {"t": t, "s": s, "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}, **extra}


def position(expression):
    """Eased from (30, 50) to (170, 50) over frames 0–12, then to (100, 80)
    at frame 20: a loop of 20 frames that jumps back at its end."""
    return {"a": 1, "k": [eased(0, [30, 50]), eased(12, [170, 50]), {"t": 20, "s": [100, 80]}],
            "x": expression}


def square(expression, op=90):
    return {"ty": 4, "nm": "Sq", "ip": 0, "op": op, "st": 0, "ks": {"p": position(expression)},
            "shapes": [{"ty": "rc", "p": fixed([0, 0]), "s": fixed([30, 30])},
                       {"ty": "fl", "c": fixed([1, 0, 0, 1]), "o": fixed(100)}]}


def doc(layers, assets=()):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 90, "w": W, "h": H, "assets": list(assets),
            "layers": layers}


def precomp(layer_extra, inner):
    layer = {"ty": 0, "nm": "Pre", "refId": "p", "w": W, "h": H, "ks": {}, "ip": 0, "op": 90, "st": 0}
    layer.update(layer_extra)
    return doc([layer], [{"id": "p", "layers": [inner]}])


def group():
    """A rectangle growing from frame 5 to 25 (cycled), its fill held red
    then blue to green (cycled), the layer turning 0–90° over frames 0–15
    (ping-ponged)."""
    rotation = {"a": 1, "k": [eased(0, [0]), {"t": 15, "s": [90]}], "x": PINGPONG}
    size = {"a": 1, "k": [eased(5, [20, 20]), {"t": 25, "s": [60, 40]}], "x": CYCLE}
    colour = {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "h": 1}, eased(10, [0, 0, 1, 1]),
                            {"t": 17, "s": [0, 1, 0, 1]}], "x": CYCLE}
    shapes = [{"ty": "gr", "it": [
        {"ty": "rc", "p": fixed([0, 0]), "s": size},
        {"ty": "fl", "c": colour, "o": fixed(100)},
        {"ty": "tr", "p": fixed([0, 0]), "a": fixed([0, 0]), "s": fixed([100, 100]), "r": fixed(0),
         "o": fixed(100)}]}]
    return doc([{"ty": 4, "nm": "G", "ip": 0, "op": 90, "st": 0,
                 "ks": {"p": fixed([100, 50]), "r": rotation}, "shapes": shapes}])


# Played backwards: the remap runs from 3 s down to 0 over the 90 frames
# (the square's own frames reach 95, past the remap's first frame, 90).
BACKWARDS = {"a": 1, "k": [{"t": 0, "s": [3], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                           {"t": 90, "s": [0]}]}

EVALUATED = {
    "a position cycled": doc([square(CYCLE)]),
    "a position ping-ponged": doc([square(PINGPONG)]),
    "size, colour and rotation in a group": group(),
    "in a precomposition starting late, slower": precomp({"st": 7, "sr": 1.5}, square(CYCLE)),
    "in a precomposition starting early, faster": precomp({"st": -5, "sr": 0.5}, square(PINGPONG)),
    "in a precomposition played backwards": precomp({"tm": BACKWARDS}, square(CYCLE, op=95)),
}

NOT_EVALUATED = {
    "offset": "var $bm_rt;\n$bm_rt = loopOut('offset');",
    "the last segment only": "var $bm_rt;\n$bm_rt = loopOut('cycle', 1);",
    "no $bm_rt": "loopOut('cycle')",
}


def imported(document, tmp_path):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document))
    script = tmp_path / "out.anim"
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return source, script, run.stderr


def worst_interior(a, b):
    interior = ~corpus.edges(a) & ~corpus.edges(b)
    return int((np.abs(a - b).max(axis=2) * interior).max())


@pytest.mark.parametrize("case", sorted(EVALUATED))
def test_a_loop_repeats_its_keyframes_as_thorvg_draws_it(case, tmp_path):
    source, script, notes = imported(EVALUATED[case], tmp_path)
    assert notes == "", "every loop evaluated"
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    theirs = corpus.player_frames(str(source), "thorvg", FRAMES, W, H)
    for k, frame in enumerate(FRAMES):
        worst = worst_interior(mine[k], theirs[k])
        assert worst <= 3, f"frame {frame}: {worst} levels from ThorVG"
        assert corpus.difference(mine[k], theirs[k]) <= corpus.MATCH, frame
    # The loop shows: at some frame past the keyframes anim draws other
    # pixels than rlottie, which holds the last keyframe.
    held = corpus.player_frames(str(source), "rlottie", FRAMES, W, H)
    assert any(corpus.difference(m, r) > corpus.MATCH for m, r in zip(mine, held))


@pytest.mark.parametrize("case", sorted(NOT_EVALUATED))
def test_a_loop_the_players_do_not_agree_on_is_noted_and_left_out(case, tmp_path):
    source, script, notes = imported(doc([square(NOT_EVALUATED[case])]), tmp_path)
    assert "/layers/0/ks/p: warning: expression not evaluated" in notes
    frames = [0, 13, 40, 77]
    mine = corpus.anim_frames(script, tmp_path, frames, 30)
    theirs = corpus.player_frames(str(source), "rlottie", frames, W, H)
    for k, frame in enumerate(frames):
        assert corpus.difference(mine[k], theirs[k]) <= corpus.MATCH, frame
    # Held at the last keyframe from frame 20 on.
    assert np.array_equal(mine[2], mine[3])
