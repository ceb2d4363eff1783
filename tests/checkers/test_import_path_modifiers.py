"""Offset paths (`op`), mask expansion (`x`) and pucker and bloat (`pb`)
imported (docs/spec.md §25.1). Offsets are drawn as Skia draws the same
outline moved: skia-python's stroker
and path operations (an independent implementation of joins, caps and
boolean operations) give a closed path moved out by a as the union of its
fill and a stroke 2a wide with the same join and miter limit, moved in as
the fill less that stroke, and an open path moved by a as a stroke 2a wide
(butt ends, round ones for round joins). After Effects' own renders of
LottieFiles' test files (`offset-path`, `offset-path-round`,
`mask-expansion`) are anim's within 0.0 % by the corpus rule
(docs/testing.md); ThorVG moves an open path as if it were closed and
expands masks otherwise, rlottie ignores both, so neither player is the
reference there. Pucker and bloat are compared with ThorVG.
"""

import json
import os
import subprocess

import numpy as np
import pytest

import corpus_support as corpus

skia = pytest.importorskip("skia")

ANIM = os.environ.get("ANIM", ".build/debug/anim")
W, H = 200, 160

# A closed path with straight corners sharp and blunt, a concave corner and
# a curved side; an open path of a corner and a curve.
CLOSED = {"v": [[40, 30], [150, 40], [110, 90], [160, 130], [50, 120]],
          "i": [[0, 0], [0, 0], [0, 0], [0, 0], [20, 10]],
          "o": [[0, 0], [0, 0], [0, 0], [0, 0], [-25, -30]], "c": True}
OPEN = {"v": [[30, 40], [100, 50], [150, 120]], "i": [[0, 0], [0, 0], [-10, -40]],
        "o": [[0, 0], [30, 0], [0, 0]], "c": False}


def fixed(v):
    return {"a": 0, "k": v}


def layer(shapes, masks=None):
    out = {"ty": 4, "nm": "Shape", "ks": {}, "ip": 0, "op": 30, "st": 0, "shapes": shapes}
    if masks:
        out["masksProperties"] = masks
    return out


def document(layers):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": W, "h": H, "assets": [], "layers": layers}


def white_fill():
    return {"ty": "fl", "c": fixed([1, 1, 1, 1]), "o": fixed(100)}


def offset(amount, join, limit=4):
    return {"ty": "op", "a": fixed(amount), "lj": join, "ml": fixed(limit)}


def skia_path(p):
    path = skia.Path()
    v, i, o = p["v"], p["i"], p["o"]
    path.moveTo(*v[0])
    n = len(v)
    for k in range(n if p["c"] else n - 1):
        a, b = v[k], v[(k + 1) % n]
        path.cubicTo(a[0] + o[k][0], a[1] + o[k][1], b[0] + i[(k + 1) % n][0], b[1] + i[(k + 1) % n][1], *b)
    if p["c"]:
        path.close()
    return path


JOINS = {1: skia.Paint.kMiter_Join, 2: skia.Paint.kRound_Join, 3: skia.Paint.kBevel_Join}


def moved(p, amount, join, limit):
    """Skia's outline of `p` moved by `amount`."""
    stroke = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=2 * abs(amount),
                        StrokeJoin=JOINS[join], StrokeMiter=limit,
                        StrokeCap=skia.Paint.kRound_Cap if join == 2 else skia.Paint.kButt_Cap)
    band = skia.Path()
    assert stroke.getFillPath(skia_path(p), band)
    if not p["c"]:
        return band
    op = skia.PathOp.kUnion_PathOp if amount > 0 else skia.PathOp.kDifference_PathOp
    return skia.Op(skia_path(p), band, op)


def skia_frame(path):
    surface = skia.Surface(W, H)
    with surface as canvas:
        canvas.clear(skia.ColorBLACK)
        canvas.drawPath(path, skia.Paint(AntiAlias=True, Color=skia.ColorWHITE))
    rgba = np.array(surface.makeImageSnapshot().convert(colorType=skia.kRGBA_8888_ColorType,
                                                       alphaType=skia.kUnpremul_AlphaType))
    return corpus.premultiplied(rgba)


def anim_frame(doc, tmp_path):
    from PIL import Image
    source, script, png = tmp_path / "in.json", tmp_path / "out.anim", tmp_path / "f.png"
    backdrop = {"ty": 1, "nm": "Black", "ks": {}, "ip": 0, "op": 30, "st": 0, "sw": W, "sh": H,
                "sc": "#000000"}
    doc["layers"].append(backdrop)
    source.write_text(json.dumps(doc))
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    run = subprocess.run([ANIM, "render", str(script), "--at", "0", "-o", str(png), "--quiet"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return corpus.premultiplied(np.array(Image.open(png).convert("RGBA"))), script.read_text()


def assert_same_outline(mine, theirs):
    """The corpus' rule (at most 1 % of the drawn pixels apart away from
    edges), and covered areas within 0.5 %."""
    assert corpus.difference(mine, theirs) <= corpus.MATCH
    area_mine, area_theirs = mine[..., 0].sum() / 255, theirs[..., 0].sum() / 255
    assert abs(area_mine - area_theirs) <= 0.005 * area_theirs, (area_mine, area_theirs)


CASES = {
    "closed, out, miter": (CLOSED, 8, 1, 4),
    "closed, out, miter past its limit (bevelled)": (CLOSED, 8, 1, 1.2),
    "closed, out, round": (CLOSED, 8, 2, 4),
    "closed, out, bevel": (CLOSED, 8, 3, 4),
    "closed, in, miter": (CLOSED, -6, 1, 4),
    "closed, in, round": (CLOSED, -6, 2, 4),
    "open, miter (butt ends)": (OPEN, 7, 1, 4),
    "open, round (round ends)": (OPEN, 7, 2, 4),
    "open, a negative amount moves both sides": (OPEN, -7, 3, 4),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_offset_path_fills_the_outline_skia_moves(case, tmp_path):
    path, amount, join, limit = CASES[case]
    shapes = [{"ty": "gr", "it": [{"ty": "sh", "ks": fixed(path)}, offset(amount, join, limit), white_fill(),
                                  {"ty": "tr"}]}]
    mine, _ = anim_frame(document([layer(shapes)]), tmp_path)
    assert_same_outline(mine, skia_frame(moved(path, amount, join, limit)))


def test_a_rectangle_moved_out_by_a_miter_is_the_larger_rectangle(tmp_path):
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([60, 40]), "r": fixed(0)}, offset(10, 1),
              white_fill()]
    mine, script = anim_frame(document([layer(shapes)]), tmp_path)
    # Exactly the rectangle 80 × 60 about the same centre: pixels whole.
    expected = np.zeros((H, W), bool)
    expected[50:110, 60:140] = True
    assert (mine[..., 0] == 255).sum() == expected.sum()
    assert ((mine[..., 0] == 255) == expected).all()
    assert "M60 110 " in script and " 140 50 " in script and " 60 50 " in script


def test_an_inward_offset_that_closes_the_region_leaves_nothing(tmp_path):
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([30, 20]), "r": fixed(0)}, offset(-12, 1),
              white_fill()]
    mine, _ = anim_frame(document([layer(shapes)]), tmp_path)
    assert mine[..., 0].max() == 0


def test_a_moving_offset_moves_the_outline_at_every_frame(tmp_path):
    ramp = {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                          {"t": 20, "s": [20]}]}
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([40, 40]), "r": fixed(0)},
              {"ty": "op", "a": ramp, "lj": 1, "ml": fixed(4)}, white_fill()]
    doc = document([layer(shapes)])
    source = tmp_path / "in.json"
    source.write_text(json.dumps(doc))
    script = tmp_path / "out.anim"
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    from PIL import Image
    for frame, half in ((0, 20), (10, 30), (20, 40), (29, 40)):
        png = tmp_path / f"f{frame}.png"
        run = subprocess.run([ANIM, "render", str(script), "--at", repr(frame / 30), "-o", str(png), "--quiet"],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        alpha = np.array(Image.open(png).convert("RGBA"))[..., 3]
        assert (alpha == 255).sum() == (2 * half) ** 2, frame


def test_a_mask_expansion_clips_with_the_mask_moved_out_round(tmp_path):
    mask = {"mode": "a", "inv": False, "pt": fixed(CLOSED), "o": fixed(100), "x": fixed(9)}
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([200, 160]), "r": fixed(0)}, white_fill()]
    mine, _ = anim_frame(document([layer(shapes, masks=[mask])]), tmp_path)
    assert_same_outline(mine, skia_frame(moved(CLOSED, 9, 2, 4)))


def test_a_negative_mask_expansion_clips_with_the_mask_moved_in(tmp_path):
    mask = {"mode": "a", "inv": False, "pt": fixed(CLOSED), "o": fixed(100), "x": fixed(-5)}
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([200, 160]), "r": fixed(0)}, white_fill()]
    mine, _ = anim_frame(document([layer(shapes, masks=[mask])]), tmp_path)
    assert_same_outline(mine, skia_frame(moved(CLOSED, -5, 2, 4)))


@pytest.mark.parametrize("amount", [1e308, -1e308, 1e-320, 0])
def test_an_extreme_offset_imports_and_draws(amount, tmp_path):
    shapes = [{"ty": "rc", "p": fixed([100, 80]), "s": fixed([60, 40]), "r": fixed(0)}, offset(amount, 2),
              white_fill()]
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document([layer(shapes)])))
    script = tmp_path / "out.anim"
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode in (0, 65), run.stderr
    if run.returncode == 0:
        text = script.read_text()
        assert "nan" not in text and "inf" not in text
        run = subprocess.run([ANIM, "render", str(script), "--at", "0", "-o", str(tmp_path / "f.png"), "--quiet"],
                             capture_output=True, text=True)
        assert run.returncode in (0, 70), run.stderr
    else:
        assert "/layers/0/shapes/1" in run.stderr


@pytest.mark.parametrize("amount", [-40, 35])
def test_pucker_and_bloat_draw_as_thorvg_draws_them(amount, tmp_path):
    """Pucker and bloat (`pb`), fixed and moving, against ThorVG (which
    draws LottieFiles' `pucker` and `bloat` as After Effects' renders show
    them, 0.0 % off, as anim does; rlottie ignores `pb`)."""
    from PIL import Image
    ramp = {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
                          {"t": 20, "s": [amount]}]}
    star = {"ty": "sr", "sy": 2, "d": 1, "pt": fixed(5), "p": fixed([100, 80]), "r": fixed(0), "or": fixed(60),
            "os": fixed(0)}
    shapes = [star, {"ty": "el", "p": fixed([40, 40]), "s": fixed([50, 40])}, {"ty": "pb", "a": ramp},
              white_fill()]
    doc = document([layer(shapes)])
    source, script = tmp_path / "in.json", tmp_path / "out.anim"
    source.write_text(json.dumps(doc))
    run = subprocess.run([ANIM, "import", str(source), "-o", str(script)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    frames = [0, 10, 25]
    theirs = corpus.player_frames(str(source), "thorvg", frames, W, H)
    assert theirs is not None
    for k, frame in enumerate(frames):
        png = tmp_path / f"f{frame}.png"
        run = subprocess.run([ANIM, "render", str(script), "--at", repr(frame / 30), "-o", str(png), "--quiet"],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        mine = corpus.premultiplied(np.array(Image.open(png).convert("RGBA")))
        assert corpus.difference(mine, theirs[k]) <= corpus.MATCH, frame
        area_mine, area_theirs = mine[..., 3].sum() / 255, theirs[k][..., 3].sum() / 255
        assert abs(area_mine - area_theirs) <= 0.005 * area_theirs, (frame, area_mine, area_theirs)
