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
  faster (`st`, `sr`), and inside one played backwards by a time remap;
- a time remap looped (After Effects' way of looping a precomposition),
  a trim's end, a stroke's width and a layer's opacity.

Loops the players do not agree on or take no value from — `offset`,
`continue`, a loop of the last keyframes only, a `loopOut` without
`$bm_rt` — are noted and drawn without the loop, as rlottie (which
evaluates no expression) draws them; so are loops of a shape's or a
mask's path and of a gradient's stops, which ThorVG holds too (both
players draw them alike, and anim as they do).
"""

import numpy as np
import pytest

import corpus_support as corpus

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
    p = {"a": 1, "k": [eased(0, [30, 50]), eased(12, [170, 50]), {"t": 20, "s": [100, 80]}]}
    if expression:
        p["x"] = expression
    return p


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


def remapped(tm):
    """A precomposition of a square sliding over its frames 0–30, shown
    through the time remap `tm`."""
    slide = square(None)
    slide["ks"]["p"] = {"a": 1, "k": [{"t": 0, "s": [20, 50], "o": {"x": [0], "y": [0]},
                                       "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [180, 50]}]}
    return precomp({"tm": tm}, slide)


def stroked(width=fixed(8), trim_end=None):
    shapes = [{"ty": "el", "p": fixed([0, 0]), "s": fixed([70, 70])},
              {"ty": "st", "c": fixed([0, 0, 0, 1]), "o": fixed(100), "w": width, "lc": 2, "lj": 2}]
    if trim_end:
        shapes.append({"ty": "tm", "s": fixed(0), "e": trim_end, "o": fixed(0), "m": 1})
    return doc([{"ty": 4, "nm": "S", "ip": 0, "op": 90, "st": 0, "ks": {"p": fixed([100, 50])},
                 "shapes": shapes}])


def outline(w):
    return {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "c": True,
            "v": [[100 - w, 30], [100 + w, 30], [100 + w / 2, 70], [100 - w / 2, 70]]}


def path_layer(expression):
    path = {"ty": "sh", "ks": {"a": 1, "k": [eased(0, [outline(20)]), eased(12, [outline(70)]),
                                              {"t": 20, "s": [outline(40)]}], "x": expression}}
    return doc([{"ty": 4, "nm": "P", "ip": 0, "op": 90, "st": 0, "ks": {},
                 "shapes": [path, {"ty": "fl", "c": fixed([0, 0.5, 1, 1]), "o": fixed(100)}]}])


def masked(expression):
    mask = {"mode": "a", "o": fixed(100), "inv": False,
            "pt": {"a": 1, "k": [eased(0, [outline(20)]), {"t": 20, "s": [outline(80)]}], "x": expression}}
    return doc([{"ty": 1, "nm": "S", "ip": 0, "op": 90, "st": 0, "sc": "#3080ff", "sw": W, "sh": H,
                 "ks": {}, "masksProperties": [mask], "hasMask": True}])


def gradient(expression):
    stops = {"a": 1, "k": [eased(0, [0, 1, 0, 0, 1, 0, 0, 1]), {"t": 20, "s": [0, 0, 1, 0, 1, 1, 1, 0]}],
             "x": expression}
    paint = {"ty": "gf", "o": fixed(100), "r": 1, "t": 1, "s": fixed([-80, 0]), "e": fixed([80, 0]),
             "g": {"p": 2, "k": stops}}
    return doc([{"ty": 4, "nm": "G", "ip": 0, "op": 90, "st": 0, "ks": {"p": fixed([100, 50])},
                 "shapes": [{"ty": "rc", "p": fixed([0, 0]), "s": fixed([160, 60])}, paint]}])


def faded(expression):
    document = doc([square(None)])
    document["layers"][0]["ks"]["o"] = {"a": 1, "k": [eased(0, [100]), {"t": 15, "s": [30]}],
                                        "x": expression}
    return document


EVALUATED = {
    "a position cycled": doc([square(CYCLE)]),
    "a position ping-ponged": doc([square(PINGPONG)]),
    "size, colour and rotation in a group": group(),
    "in a precomposition starting late, slower": precomp({"st": 7, "sr": 1.5}, square(CYCLE)),
    "in a precomposition starting early, faster": precomp({"st": -5, "sr": 0.5}, square(PINGPONG)),
    "in a precomposition played backwards": precomp({"tm": BACKWARDS}, square(CYCLE, op=95)),
    "a time remap cycled": remapped({"a": 1, "k": [eased(0, [0.2]), {"t": 25, "s": [0.9]}], "x": CYCLE}),
    "a time remap ping-ponged": remapped(
        {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                       {"t": 20, "s": [0.9]}], "x": PINGPONG}),
    "a trim's end ping-ponged": stroked(trim_end={"a": 1, "k": [eased(0, [0]), {"t": 18, "s": [100]}],
                                                  "x": PINGPONG}),
    "a stroke's width cycled": stroked(width={"a": 1, "k": [eased(0, [2]), {"t": 20, "s": [16]}], "x": CYCLE}),
    "a layer's opacity cycled": faded(CYCLE),
}

NOT_EVALUATED = {
    "offset": doc([square("var $bm_rt;\n$bm_rt = loopOut('offset');")]),
    "the last segment only": doc([square("var $bm_rt;\n$bm_rt = loopOut('cycle', 1);")]),
    "no $bm_rt": doc([square("loopOut('cycle')")]),
    "a shape's path": path_layer(CYCLE),
    "a mask's path": masked(CYCLE),
    "a gradient's stops": gradient(CYCLE),
}
NOTED_AT = {"a shape's path": "/layers/0/shapes/0/ks", "a mask's path": "/layers/0/masksProperties/0/pt",
            "a gradient's stops": "/layers/0/shapes/1/g/k"}


@pytest.mark.parametrize("case", sorted(EVALUATED))
def test_a_loop_repeats_its_keyframes_as_thorvg_draws_it(case, tmp_path):
    source, script, notes = corpus.imported(EVALUATED[case], tmp_path)
    assert notes == "", "every loop evaluated"
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    corpus.assert_expression_drawn_as_thorvg(mine, source, FRAMES, W, H)


@pytest.mark.parametrize("case", sorted(NOT_EVALUATED))
def test_a_loop_the_players_do_not_agree_on_is_noted_and_left_out(case, tmp_path):
    source, script, notes = corpus.imported(NOT_EVALUATED[case], tmp_path)
    assert f"{NOTED_AT.get(case, '/layers/0/ks/p')}: warning: expression not evaluated" in notes
    frames = [0, 13, 40, 77]
    mine = corpus.anim_frames(script, tmp_path, frames, 30)
    theirs = corpus.player_frames(str(source), "rlottie", frames, W, H)
    for k, frame in enumerate(frames):
        assert corpus.difference(mine[k], theirs[k]) <= corpus.MATCH, frame
    # Held at the last keyframe from frame 20 on.
    assert np.array_equal(mine[2], mine[3])
