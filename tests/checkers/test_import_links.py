"""`anim import` of link expressions (docs/spec.md §25.1): a property
pick-whipped in After Effects to another layer's
(`$bm_rt = thisComp.layer('Src').transform.position;`) moves as that one,
checked in pixels against ThorVG drawing the original, which evaluates such
links: within 3 of 255 levels at every pixel away from edges, at frames
across the motion —

- a layer's position, scale, opacity and anchor point, and a group's
  position, linked to another layer's, moving;
- a trim's start, end and offset, and a path, inside groups and not;
- a link inside a precomposition (`thisComp` is the precomposition) and to
  a layer that starts late (`st`);
- a link to a property that is itself a link, or that loops (`loopOut`),
  takes the value that link or loop gives, as After Effects evaluates a
  chain of expressions: the same pixels as ThorVG drawing the file with
  the chain's end linked directly, or the loop written on the property
  itself (ThorVG reads the linked property's own keyframes, rlottie none).

The links ThorVG leaves (a rotation's, a rectangle's or an ellipse's size,
a stroke's width, a fill's colour, a value read at another time) are noted
and drawn with the property's own keyframes, as both players draw them
(rlottie evaluates no expression); so are links to no such layer or item,
and links that form a cycle.
"""

import json

import pytest

import corpus_support as corpus

W, H = 200, 100
FRAMES = [0, 4, 9, 15, 22, 30, 38, 45, 59]


def fixed(v):
    return {"a": 0, "k": v}


def eased(t, s):
    return {"t": t, "s": s, "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}


def moving(a, b, end=30):
    return {"a": 1, "k": [eased(0, a), {"t": end, "s": b}]}


def linked(own, chain):
    """A fixed property `own` whose expression takes Src's `chain`."""
    return {"a": 0, "k": own, "x": f"var $bm_rt;\n$bm_rt = thisComp.layer('Src'){chain};"}


def doc(layers, assets=()):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": W, "h": H, "assets": list(assets),
            "layers": layers}


def layer(name, shapes, ks=None, **extra):
    result = {"ty": 4, "nm": name, "ip": 0, "op": 60, "st": 0, "ks": ks or {}, "shapes": shapes}
    result.update(extra)
    return result


def square(colour, size=20):
    return [{"ty": "rc", "nm": "R", "p": fixed([0, 0]), "s": fixed([size, size]), "r": fixed(0)},
            {"ty": "fl", "nm": "F", "c": fixed(colour), "o": fixed(100)}]


RED, BLUE = [1, 0, 0, 1], [0, 0, 1, 1]


def group(name, items, position=None):
    return {"ty": "gr", "nm": name, "it": items + [
        {"ty": "tr", "nm": "T", "p": position or fixed([0, 0]), "a": fixed([0, 0]),
         "s": fixed([100, 100]), "r": fixed(0), "o": fixed(100)}]}


def pair(source_ks, target_ks, colour_source=RED, colour_target=BLUE, **source_extra):
    """Src and Dst, two squares: Dst's transform takes Src's through links."""
    return doc([layer("Dst", square(colour_target), target_ks),
                layer("Src", square(colour_source), source_ks, **source_extra)])


def ring(trim, colour=(0, 0, 0, 1)):
    return [{"ty": "el", "nm": "E", "p": fixed([0, 0]), "s": fixed([50, 50])},
            {"ty": "st", "nm": "S", "c": fixed(list(colour)), "o": fixed(100), "w": fixed(6), "lc": 2,
             "lj": 2},
            {"ty": "tm", "nm": "Trim Paths 1", "m": 1, **trim}]


def trims(prop, motion, own):
    base = {"s": fixed(0), "e": fixed(60), "o": fixed(0)}
    source = dict(base, **{prop: motion})
    target = dict(base, **{prop: linked(own, f".content('Trim Paths 1').{ {'s': 'start', 'e': 'end', 'o': 'offset'}[prop]}")})
    return doc([layer("Dst", ring(target, (0, 0, 1, 1)), {"p": fixed([150, 50])}),
                layer("Src", ring(source), {"p": fixed([50, 50])})])


def outline(w):
    return {"i": [[0, 0]] * 4, "o": [[0, 0]] * 4, "c": True,
            "v": [[-w, -25], [w, -25], [w / 2, 25], [-w / 2, 25]]}


def paths(grouped):
    source = {"ty": "sh", "nm": "P", "ks": moving([outline(8)], [outline(40)])}
    chain = ".content('G').content('P').path" if grouped else ".content('P').path"
    target = {"ty": "sh", "nm": "P", "ks": linked(outline(4), chain)}

    def items(path, colour):
        shapes = [path, {"ty": "fl", "c": fixed(colour), "o": fixed(100)}]
        return [group("G", shapes)] if grouped else shapes
    return doc([layer("Dst", items(target, BLUE), {"p": fixed([150, 50])}),
                layer("Src", items(source, RED), {"p": fixed([50, 50])})])


def grouped_position():
    return doc([layer("Dst", [group("G", square(BLUE), linked([100, 80], ".content('G').transform.position"))]),
                layer("Src", [group("G", square(RED), moving([30, 30], [170, 40]))])])


def in_precomposition():
    inner = pair({"p": moving([20, 30], [180, 30])}, {"p": linked([100, 80], ".transform.position")})
    return doc([{"ty": 0, "nm": "Pre", "refId": "p", "w": W, "h": H, "ks": {}, "ip": 0, "op": 60, "st": 5,
                 "sr": 1.5}],
               [{"id": "p", "layers": inner["layers"]}])


def chained(direct=False):
    """Dst takes Mid's position, which takes Src's (with `direct`, Dst
    takes Src's)."""
    first = "Src" if direct else "Mid"
    return doc([layer("Dst", square(BLUE), {"p": {"a": 0, "k": [100, 80], "x": f"var $bm_rt;\n$bm_rt = thisComp.layer('{first}').transform.position;"}}),
                layer("Mid", square([0, 1, 0, 1], 10), {"p": linked([100, 20], ".transform.position")}),
                layer("Src", square(RED), {"p": moving([20, 30], [180, 30], end=20)})])


def looped(direct=False):
    """Dst takes Src's position, which loops (with `direct`, Dst loops the
    same keyframes itself)."""
    motion = moving([20, 30], [180, 30], end=20)
    motion["x"] = "var $bm_rt;\n$bm_rt = loopOut('cycle');"
    return pair({"p": motion}, {"p": dict(motion) if direct else linked([100, 80], ".transform.position")})


EVALUATED = {
    "a layer's position": pair({"p": moving([20, 30], [180, 30])}, {"p": linked([100, 80], ".transform.position")}),
    "a layer's scale": pair({"p": fixed([50, 50]), "s": moving([100, 100], [250, 150])},
                            {"p": fixed([150, 50]), "s": linked([100, 100], ".transform.scale")}),
    "a layer's opacity": pair({"p": fixed([50, 50]), "o": moving([100], [10])},
                              {"p": fixed([150, 50]), "o": linked(100, ".transform.opacity")}),
    "a layer's anchor point": pair({"p": fixed([50, 50]), "a": moving([0, 0], [25, 15])},
                                   {"p": fixed([150, 50]), "a": linked([0, 0], ".transform.anchorPoint")}),
    "a group's position": grouped_position(),
    "a trim's start": trims("s", moving([0], [80]), 0),
    "a trim's end": trims("e", moving([0], [100]), 100),
    "a trim's offset": trims("o", moving([0], [270]), 0),
    "a path": paths(grouped=False),
    "a path in a group": paths(grouped=True),
    "inside a precomposition": in_precomposition(),
    "to a layer that starts late": pair({"p": moving([20, 30], [180, 30])}, {"p": linked([100, 80], ".transform.position")},
                                        st=10),
}

LEFT = {
    "a rotation": (pair({"p": fixed([50, 50]), "r": moving([0], [45])},
                        {"p": fixed([150, 50]), "r": linked(10, ".transform.rotation")}), "/layers/0/ks/r"),
    "an ellipse's size": (doc([
        layer("Dst", [group("G", [{"ty": "el", "nm": "E", "p": fixed([0, 0]), "s": linked([20, 20], ".content('G').content('E').size")},
                                  {"ty": "fl", "c": fixed(BLUE), "o": fixed(100)}])], {"p": fixed([150, 50])}),
        layer("Src", [group("G", [{"ty": "el", "nm": "E", "p": fixed([0, 0]), "s": moving([10, 10], [60, 40])},
                                  {"ty": "fl", "c": fixed(RED), "o": fixed(100)}])], {"p": fixed([50, 50])})]),
        "/layers/0/shapes/0/it/0/s"),
    "a stroke's width": (doc([
        layer("Dst", [{"ty": "el", "nm": "E", "p": fixed([0, 0]), "s": fixed([40, 40])},
                      {"ty": "st", "nm": "S", "c": fixed(BLUE), "o": fixed(100), "w": linked(2, ".content('S').strokeWidth"),
                       "lc": 2, "lj": 2}], {"p": fixed([150, 50])}),
        layer("Src", [{"ty": "el", "nm": "E", "p": fixed([0, 0]), "s": fixed([40, 40])},
                      {"ty": "st", "nm": "S", "c": fixed(RED), "o": fixed(100), "w": moving([2], [16]), "lc": 2, "lj": 2}],
              {"p": fixed([50, 50])})]), "/layers/0/shapes/1/w"),
    "a fill's colour": (doc([
        layer("Dst", [{"ty": "rc", "nm": "R", "p": fixed([0, 0]), "s": fixed([30, 30]), "r": fixed(0)},
                      {"ty": "fl", "nm": "F", "c": linked(BLUE, ".content('F').color"), "o": fixed(100)}],
              {"p": fixed([150, 50])}),
        layer("Src", [{"ty": "rc", "nm": "R", "p": fixed([0, 0]), "s": fixed([30, 30]), "r": fixed(0)},
                      {"ty": "fl", "nm": "F", "c": moving(RED, [0, 1, 0, 1]), "o": fixed(100)}],
              {"p": fixed([50, 50])})]), "/layers/0/shapes/1/c"),
    "read at another time": (pair(
        {"p": moving([20, 30], [180, 30])},
        {"p": {"a": 0, "k": [100, 80],
               "x": "var $bm_rt;\n$bm_rt = thisComp.layer('Src').transform.position.valueAtTime($bm_sub(time, inPoint));"}}),
        "/layers/0/ks/p"),
    "no such layer": (pair({"p": moving([20, 30], [180, 30])},
                           {"p": {"a": 0, "k": [100, 80], "x": "$bm_rt = thisComp.layer('Nowhere').transform.position;"}}),
                      "/layers/0/ks/p"),
}


def cycle():
    """A's position takes B's, B's takes A's."""
    def link(to):
        return {"a": 0, "k": [60 if to == "B" else 140, 50],
                "x": f"var $bm_rt;\n$bm_rt = thisComp.layer('{to}').transform.position;"}
    return doc([layer("A", square(BLUE), {"p": link("B")}), layer("B", square(RED), {"p": link("A")})])


@pytest.mark.parametrize("case", sorted(EVALUATED))
def test_a_link_moves_the_property_as_thorvg_draws_it(case, tmp_path):
    source, script, notes = corpus.imported(EVALUATED[case], tmp_path)
    assert "expression not evaluated" not in notes, notes
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    corpus.assert_expression_drawn_as_thorvg(mine, source, FRAMES, W, H)


@pytest.mark.parametrize("case", sorted(LEFT))
def test_a_link_thorvg_leaves_is_noted_and_drawn_with_its_own_keyframes(case, tmp_path):
    document, pointer = LEFT[case]
    source, script, notes = corpus.imported(document, tmp_path)
    assert f"{pointer}: warning: expression not evaluated" in notes
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    for player in ("thorvg", "rlottie"):
        theirs = corpus.player_frames(str(source), player, FRAMES, W, H)
        for k, frame in enumerate(FRAMES):
            assert corpus.difference(mine[k], theirs[k]) <= corpus.MATCH, (player, frame)


@pytest.mark.parametrize("made", [chained, looped], ids=["to a link", "to a loop"])
def test_a_link_to_an_expression_takes_the_value_it_gives(made, tmp_path):
    source, script, notes = corpus.imported(made(), tmp_path)
    assert notes == ""
    direct = tmp_path / "direct.json"
    direct.write_text(json.dumps(made(direct=True)))
    mine = corpus.anim_frames(script, tmp_path, FRAMES, 30)
    corpus.assert_drawn_as("thorvg", mine, direct, FRAMES, W, H)


def test_links_in_a_cycle_are_noted_and_drawn_with_their_own_values(tmp_path):
    source, script, notes = corpus.imported(cycle(), tmp_path)
    assert "/layers/0/ks/p: warning: expression not evaluated" in notes
    assert "/layers/1/ks/p: warning: expression not evaluated" in notes
    mine = corpus.anim_frames(script, tmp_path, [0, 30], 30)
    theirs = corpus.player_frames(str(source), "rlottie", [0, 30], W, H)
    for m, r in zip(mine, theirs):
        assert corpus.difference(m, r) <= corpus.MATCH
