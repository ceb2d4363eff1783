"""`anim import` end to end (SPEC §25): the command's exit codes and
messages for hostile files, the scripts it writes running like any other,
and the round trip of every example through anim's own Lottie.

- Hostile files (made here): bad JSON, wrong types, precompositions that
  contain themselves, precomposition bombs, a 50 MB file, a deep nesting of
  arrays, numbers out of range, a missing image asset: exit 65 with the JSON
  Pointer of the value at fault, in bounded time and memory (/usr/bin/time);
  a missing file or a directory 66, an unwritable output 74, a FIFO read as
  a file, standard input.
- `--strict` turns every note into an error (65, nothing written).
- Round trip: every example exported to Lottie by anim, imported, rendered
  at five interior times, equals the example's own render at interior pixels.
"""

import json
import math
import os
import subprocess
import tempfile
import threading

import numpy as np
import pytest

from corpus_support import measured_run
from pixel_support import flat

ANIM = os.environ.get("ANIM", ".build/debug/anim")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GIB_KIB = 1024 * 1024


def run(*args, stdin=None, timeout=120):
    return subprocess.run([ANIM, *args], capture_output=True, text=True, input=stdin, timeout=timeout)


def doc(layers, assets=(), **top):
    d = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": list(assets),
         "layers": layers}
    d.update(top)
    return d


def rect_layer(name="Box", **extra):
    layer = {"ty": 4, "nm": name, "ip": 0, "op": 30, "st": 0, "ks": {},
             "shapes": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 20]}},
                        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}
    layer.update(extra)
    return layer


def write(tmp_path, name, content):
    path = tmp_path / name
    if isinstance(content, (dict, list)):
        content = json.dumps(content)
    path.write_text(content)
    return str(path)


def refused(tmp_path, content, pointer_and_message, name="bad.json", timeout=60):
    path = write(tmp_path, name, content)
    out = tmp_path / "out.anim"
    result, rss = measured_run(["import", path, "-o", str(out)], timeout=timeout)
    assert result.returncode == 65, result.stderr
    assert f"{path}: {pointer_and_message}" in result.stderr, result.stderr
    assert not out.exists()
    assert rss < GIB_KIB
    return result


def test_a_simple_file_imports_runs_and_checks(tmp_path):
    path = write(tmp_path, "box.json", doc([rect_layer("My box!")]))
    out = tmp_path / "box.anim"
    result = run("import", path, "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    text = out.read_text()
    assert "rect My_box__Rectangle(" not in text  # shapes without a name
    assert "layer My_box_(x: 0, y: 0, width: 100, height: 100, anchor: (0, 0))" in text
    assert 'rect My_box__shape(parent: My_box_, x: 50, y: 50, width: 40, height: 20, color: "#ff0000")' in text
    for command in (["check"], ["run"], ["fmt", "--check"]):
        checked = run(*command, str(out))
        assert checked.returncode == 0, checked.stdout + checked.stderr
    # Standard output when -o is left out; standard input as "-".
    assert run("import", path).stdout == text
    assert run("import", "-", stdin=open(path).read()).stdout.replace("<stdin>", "box.json") == text


def test_bad_json_names_its_line_and_column(tmp_path):
    refused(tmp_path, '{"fr": 30,\n  "op": }', "error: invalid JSON at line 2, column 9: unexpected character '}'")


def test_wrong_types_name_the_value_by_its_pointer(tmp_path):
    refused(tmp_path, doc([rect_layer(ks={"p": {"a": 0, "k": "left"}})]),
            "/layers/0/ks/p/k: error: expected a number or an array of numbers, found a string")
    refused(tmp_path, doc("nope"), "/layers: error: expected an array, found a string")
    refused(tmp_path, json.dumps(doc([])).replace('"fr": 30', '"fr": 1e999'),
            "/fr: error: the number is out of range")
    refused(tmp_path, doc([], fr=-1), "/fr: error: the frame rate -1 is outside anim's (0, 1000000]")


def test_an_easing_handle_past_cubic_beziers_range_is_refused_by_its_pointer(tmp_path):
    # Before, the import wrote `cubicBezier(1, -1e+308, 0, 1e+308)` and the
    # script stopped at that line when run (exit 70).
    def keyed(o_y, i_y):
        return {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.3], "y": o_y}, "i": {"x": [0.7], "y": i_y}},
                              {"t": 30, "s": [100, 100]}]}
    refused(tmp_path, doc([rect_layer(ks={"p": keyed([-1e308], [1])})]),
            "/layers/0/ks/p/k/0/o/y: error: an easing handle's y of -1e+308 is outside anim's ±1e+06"
            " (cubicBezier's range)")
    refused(tmp_path, doc([rect_layer(ks={"p": keyed([0, 0], [1, 2e6])})]),
            "/layers/0/ks/p/k/0/i/y: error: an easing handle's y of 2000000 is outside anim's ±1e+06")
    # At the bound, imported and run.
    path = write(tmp_path, "edge.json", doc([rect_layer(ks={"p": keyed([-1e6], [1e6])})]))
    assert run("import", path, "-o", str(tmp_path / "edge.anim")).returncode == 0
    assert run("run", str(tmp_path / "edge.anim")).returncode == 0


def test_an_easing_past_cubic_beziers_range_on_a_segment_that_does_not_move_is_dropped(tmp_path):
    # After Effects writes handles such as y 16926231.132 where a segment's
    # values are equal (lottie-android's lottiefiles `playing`,
    # `swiftkey-logo`, `xuanwheel_logo`, refused before): the easing draws
    # nothing there, as in a hold or after the last keyframe.
    still = {"a": 1, "k": [
        {"t": 0, "s": [40, 50], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.5], "y": [16926231.132]}},
        {"t": 10, "s": [40, 50], "h": 1, "o": {"x": [0.3], "y": [-6.3e14]}, "i": {"x": [0.7], "y": [1]}},
        {"t": 20, "s": [40, 50], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}},
        {"t": 30, "s": [140, 50], "o": {"x": [0.3], "y": [-1.8e6]}, "i": {"x": [0.7], "y": [1]}}]}
    # An older file's segment, its `e` apart but the next `s` equal: the
    # players run a segment to the next keyframe's value.
    old = {"a": 1, "k": [
        {"t": 0, "s": [20], "e": [50], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [-9e12]}},
        {"t": 30, "s": [20]}]}
    path = write(tmp_path, "still.json", doc([rect_layer(ks={"p": still, "r": old}, op=40)], op=40))
    done = run("import", path, "-o", str(tmp_path / "still.anim"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    script = (tmp_path / "still.anim").read_text()
    assert "layer Box(x: 40, y: 50, width: 100, height: 100, anchor: (0, 0), rotation: 20)" in script, script
    # The still segments wait; the last one (an ordinary ease) moves.
    assert "run wait(0.6666666666666666) +\n  tween(x: 140, y: 50, 0.33333333333333337, ease: cubicBezier(0.3, 0, 0.7, 1)) on Box" in script, script
    # The rotation stands at 20 throughout: no tween of it.
    assert script.count("rotation") == 1, script
    values = run("run", str(tmp_path / "still.anim"), stdin=None)
    assert values.returncode == 0, values.stderr
    # The segment that moves, with such a handle, is still refused.
    moving = {"a": 1, "k": [
        {"t": 0, "s": [40, 50], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.5], "y": [16926231.132]}},
        {"t": 10, "s": [41, 50]}]}
    refused(tmp_path, doc([rect_layer(ks={"p": moving})]),
            "/layers/0/ks/p/k/0/i/y: error: an easing handle's y of 16926231.132 is outside anim's ±1e+06")


def test_precompositions_that_contain_themselves(tmp_path):
    assets = [{"id": "a", "layers": [{"ty": 0, "refId": "b"}]}, {"id": "b", "layers": [{"ty": 0, "refId": "a"}]}]
    refused(tmp_path, doc([{"ty": 0, "refId": "a"}], assets),
            "/assets/1/layers/0/refId: error: precomposition 'a' contains itself")


def test_a_precomposition_bomb_is_refused_without_expanding_it(tmp_path):
    # Ten levels, each using the next ten times: 10^10 layers once expanded.
    assets = [{"id": f"c{i}", "layers": [{"ty": 0, "refId": f"c{i + 1}"}] * 10} for i in range(10)]
    assets.append({"id": "c10", "layers": [{"ty": 3}]})
    result = refused(tmp_path, doc([{"ty": 0, "refId": "c0"}], assets),
                     "error: more than 1000000 layers once precompositions are expanded")
    assert "(the limit of anim import)" in result.stderr


def test_a_missing_image_asset(tmp_path):
    refused(tmp_path, doc([{"ty": 2, "refId": "photo", "ks": {}}]),
            "/layers/0/refId: error: no image asset with id 'photo'")


def test_deep_nesting_is_an_error_not_a_crash(tmp_path):
    refused(tmp_path, "[" * 1_000_000 + "]" * 1_000_000, "error: expected an object, found an array")
    refused(tmp_path, '{"layers": ' + "[" * 500_000, "error: invalid JSON at line 1, column 500012: unexpected end of input")


def test_a_line_of_two_hundred_thousand_parents_is_refused_in_bounded_time_and_memory(tmp_path):
    # Each parent is a level of anim's tree (at most 256): the import walked
    # every layer's whole line of parents, and each layer's comment named
    # them all, so this 38 MB file ran past 300 s (a line of 8 000 took
    # 6.8 s, 365 MB and wrote 160 MB of script). Refused where the line
    # passes 256, at that layer's parent, in one walk.
    layers = [{"ty": 3, "ind": k + 1, "ip": 0, "op": 30, "st": 0,
               "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]},
                                           "i": {"x": [0.7], "y": [1]}}, {"t": 30, "s": [1]}]}}}
              for k in range(200_000)]
    for k, layer in enumerate(layers[1:], start=1):
        layer["parent"] = k
    layers.append({"ty": 1, "ind": 300_000, "parent": 200_000, "ip": 0, "op": 30, "st": 0, "ks": {},
                   "sc": "#ff0000", "sw": 10, "sh": 10})
    refused(tmp_path, doc(layers), "/layers/257/parent: error: the layer is 257 parents deep; "
            "anim draws at most 256 (each parent is a level of the script's tree of views)")


def test_a_file_of_fifty_megabytes(tmp_path):
    # A path of 4 million numbers: over the vertex limit, refused in bounded
    # time and memory.
    n = 2_100_000
    vertices = "[" + ",".join(["[1.5,2.5]"] * n) + "]"
    text = json.dumps(doc([{"ty": 4, "ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"v": 0}}}]}]))
    text = text.replace('{"v": 0}', '{"c": true, "v": ' + vertices + "}")
    assert len(text) > 20_000_000
    refused(tmp_path, text, "/layers/0/shapes/0/ks/k/v: error: more than 1000000 vertices in one path")


def test_fifty_megabytes_of_layers_are_refused_in_bounded_time_and_memory(tmp_path):
    # 83 000 layers, each a rectangle moving through four keyframes, filled
    # and stroked: 249 000 shape items and as many views, more than the
    # 200 000 items a file may hold and the 100 000 views an imported
    # script may declare (rendering one costs about 6 KB a view: this
    # script took 1.48 GB to render). Naming each layer's place scanned the layers
    # before it, and the file's tape was still held while the script was
    # written: this file took 48 s and 819 MB in a release build, then 5 s
    # and 681 MB to import; refused now where its views pass the limit.
    layers = []
    for k in range(83_000):
        layers.append({
            "ty": 4, "ind": k + 1, "nm": f"L{k}", "ip": 0, "op": 30, "st": 0,
            "ks": {"p": {"a": 1, "k": [{"t": t, "s": [(k + t) % 100, 50], "o": {"x": [0.3], "y": [0]},
                                        "i": {"x": [0.7], "y": [1]}} for t in (0, 10, 20)]
                         + [{"t": 30, "s": [50, k % 100]}]}},
            "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}},
                       {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
                       {"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100},
                        "w": {"a": 0, "k": 1}}]})
    text = json.dumps(doc(layers))
    assert len(text) > 50_000_000
    refused(tmp_path, text, "/layers/66666/shapes: error: more than 200000 shape items in the file (the "
            "limit of anim import, which keeps importing and rendering it under 1 GiB)", timeout=180)
    # 30 000 of them import, and the script renders, in bounded memory.
    out = tmp_path / "many.anim"
    small = write(tmp_path, "some.json", doc(layers[:30_000]))
    result, rss = measured_run(["import", small, "-o", str(out)], timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < GIB_KIB
    script = out.read_text()
    assert script.count("\nlayer L") == 30_000
    assert '# Layer "L29999" (/layers/29999)' in script
    result, rss = measured_run(["render", str(out), "-o", str(tmp_path / "some.png"), "--at", "0.5"],
                               timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < GIB_KIB


def test_fifty_megabytes_of_a_million_small_layers_or_groups_stay_in_bounded_memory(tmp_path):
    # Files made of the smallest layers and groups there are: a million
    # null layers (17 MB) passed 1.4 GB (each layer's seven fixed transform
    # values allocated their keyframes, and the list of layers grew by
    # doubling); solids, shape layers and groups filling 50 MB passed
    # 1.3–2.0 GB. The nulls import (they draw nothing); the solids are
    # refused where their views pass 100 000, the shapes where the file's
    # shape items pass 200 000 (the groups at once: their list is longer).
    top = '{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":200,"h":200,"layers":['
    shape_layer = ('{"ty":4,"ks":{},"shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[4,4]}},'
                   '{"ty":"fl","c":{"k":[1,0,0,1]}}]}')
    group = '{"ty":"gr","it":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[4,4]}},{"ty":"fl","c":{"k":[1,0,0,1]}}]}'
    cases = {
        "nulls": top + ",".join(['{"ty":3,"ks":{}}'] * 999_999) + "]}",
        "solids": top + ",".join(['{"ty":1,"ks":{},"op":30,"sc":"#ff0000","sw":10,"sh":10}'] * 999_999) + "]}",
        "layers": top + ",".join([shape_layer] * (50_000_000 // len(shape_layer))) + "]}",
        "groups": top + '{"ty":4,"ks":{},"shapes":[' + ",".join([group] * (50_000_000 // len(group))) + "]}]}",
    }
    for name, text in cases.items():
        path = write(tmp_path, name + ".json", text)
        out = tmp_path / (name + ".anim")
        result, rss = measured_run(["import", path, "-o", str(out)], timeout=180)
        assert rss < GIB_KIB, (name, rss)
        limit = ("error: more than 200000 shape items in the file (the limit of anim import, which keeps "
                 "importing and rendering it under 1 GiB)")
        expected = {
            "solids": f"{path}: error: the script would declare more than 100000 views (the limit of anim "
                      "import, which keeps rendering and exporting the script under 1 GiB)\n",
            "layers": f"{path}: /layers/100000/shapes: {limit}\n",
            "groups": f"{path}: /layers/0/shapes: {limit}\n",
        }
        if name == "nulls":
            assert result.returncode == 0, result.stderr[-2000:]
            assert "layer " not in out.read_text()
        else:
            assert result.returncode == 65, (name, result.stderr[-2000:])
            assert result.stderr == expected[name]
            assert not out.exists()


def test_millions_of_short_keyframes_are_refused_in_bounded_memory(tmp_path):
    # 2.85 million keyframes in three properties (63 MB, each under the
    # million one property may have) passed 1.5 GB importing; 600 000 in
    # one imported in 760 MB into a script whose render took 1.37 GB. A
    # file may have 500 000 keyframes in all, and its script 250 000 tweens.
    def prop(n, dims):
        return '{"a":1,"k":[' + ",".join(
            '{"t":%d,"s":[%s]}' % (t, ",".join([str(t % 7)] * dims)) for t in range(n)) + "]}"

    def layer(**ks):
        return ('{"ty":4,"ip":0,"op":1000000,"st":0,"ks":{' + ",".join(f'"{k}":{v}' for k, v in ks.items())
                + '},"shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[4,4]}},{"ty":"fl","c":{"k":[1,0,0,1]}}]}')

    top = '{"v":"5.7.0","fr":30,"ip":0,"op":1000000,"w":200,"h":200,"layers":['
    refused(tmp_path, top + layer(p=prop(950_000, 2), s=prop(950_000, 2)) + "]}",
            "/layers/0/ks/s/k/0: error: more than 500000 keyframes in the file (the limit of anim import, "
            "which keeps importing and rendering it under 1 GiB)", timeout=180)
    refused(tmp_path, top + layer(p=prop(300_000, 2)) + "]}",
            "error: the script would run more than 250000 tweens, paths and morphs (the limit of anim "
            "import, which keeps rendering the script under 1 GiB)", timeout=180)
    out = tmp_path / "out.anim"
    # 240 000 import, and one frame of the script renders, under 1 GiB.
    fewer = write(tmp_path, "fewer.json", top + layer(p=prop(240_000, 2)) + "]}")
    result, rss = measured_run(["import", fewer, "-o", str(out)], timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < GIB_KIB
    result, rss = measured_run(["render", str(out), "-o", str(tmp_path / "f.png"), "--at", "0.5"], timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < GIB_KIB


def test_values_keyframed_apart_over_ten_million_frames_import_in_bounded_time_and_memory(tmp_path):
    # A gradient's end and stops, and a drop shadow's colour and opacity,
    # keyframed at different times over 10 million frames: each was taken
    # at every frame (82 s, 9.6 GB and a 1.4 GB script for the gradient);
    # past 10 000 frames they are taken at their keyframes, noted.
    def kf(t, v):
        return {"t": t, "s": v, "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}
    gradient = {"ty": "gf", "t": 2, "o": {"a": 0, "k": 100},
                "g": {"p": 2, "k": {"a": 1, "k": [kf(0, [0, 1, 0, 0, 1, 0, 0, 1]),
                                                  {"t": 1e7, "s": [0, 0, 1, 0, 1, 1, 1, 1]}]}},
                "s": {"a": 0, "k": [50, 50]},
                "e": {"a": 1, "k": [kf(0, [100, 50]), kf(5e6, [80, 80]), {"t": 1e7, "s": [50, 100]}]},
                "h": {"a": 0, "k": 0}, "a": {"a": 0, "k": 0}}
    shadow = {"ty": 25, "nm": "Drop Shadow", "ef": [
        {"ty": 2, "v": {"a": 1, "k": [kf(0, [0, 0, 0, 1]), {"t": 1e7, "s": [1, 0, 0, 1]}]}},
        {"ty": 0, "v": {"a": 1, "k": [kf(0, [128]), kf(3e6, [50]), {"t": 1e7, "s": [200]}]}},
        {"ty": 0, "v": {"a": 0, "k": 135}}, {"ty": 0, "v": {"a": 0, "k": 5}},
        {"ty": 0, "v": {"a": 0, "k": 0}}]}
    layer = rect_layer("G", op=1e7, ef=[shadow])
    layer["shapes"][1] = gradient
    path = write(tmp_path, "long.json", doc([layer], op=1e7))
    out = tmp_path / "long.anim"
    result, rss = measured_run(["import", path, "-o", str(out)], timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < 200 * 1024
    assert os.path.getsize(out) < 10_000
    notes = result.stderr.splitlines()
    assert f"{path}: /layers/0/shapes/1: warning: values keyframed at different times, moving over more than 10000 frames: drawn straight between their keyframes" in notes
    assert f"{path}: /layers/0/ef/0: warning: values keyframed at different times, moving over more than 10000 frames: drawn straight between their keyframes" in notes


def test_path_keyframes_over_ten_million_frames_import_in_bounded_time_and_memory(tmp_path):
    # A 1 000-gon into a 1 000-gon listed from its next corner, over 10
    # million frames: anim's morph would pair them turned, so the importer
    # cuts such segments into frames, which took 100 000 outlines and
    # passed 4.8 GB within a minute; past 4 000 000 vertices in a file
    # anim morphs them between keyframes, noted.
    import math

    def polygon(radius, first):
        v = [[50 + radius * math.cos(2 * math.pi * ((k + first) % 1000) / 1000),
              50 + radius * math.sin(2 * math.pi * ((k + first) % 1000) / 1000)] for k in range(1000)]
        return {"c": True, "v": v, "i": [[0, 0]] * 1000, "o": [[0, 0]] * 1000}
    keys = [{"t": 0, "s": [polygon(40, 0)], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
            {"t": 1e7, "s": [polygon(20, 1)]}]
    layer = rect_layer("M", op=1e7)
    layer["shapes"][0] = {"ty": "sh", "ks": {"a": 1, "k": keys}}
    path = write(tmp_path, "morph.json", doc([layer], op=1e7))
    result, rss = measured_run(["import", path, "-o", str(tmp_path / "morph.anim")], timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert rss < 300 * 1024
    assert result.stderr.splitlines() == [
        f"{path}: /layers/0/shapes/0/ks: warning: path keyframes that anim cannot morph point by point, "
        "over more frames than the import cuts them into (4000000 vertices in a file): morphed by anim "
        "between keyframes"]


def test_masks_and_shapes_moving_apart_over_ten_million_frames_import_in_bounded_memory(tmp_path):
    # Ten added masks (or ten shapes under one fill) of 1 000 vertices,
    # keyframed at different times over 10 million frames: their joined
    # outline was taken at every frame, and the import passed 20 GB (the
    # shapes: killed at 24 GB). Now within the file's 4 000 000 sampled
    # vertices, at fewer times, noted.
    import math

    def polygon(r):
        v = [[50 + r * math.cos(2 * math.pi * k / 1000), 50 + r * math.sin(2 * math.pi * k / 1000)]
             for k in range(1000)]
        return {"c": True, "v": v, "i": [[0, 0]] * 1000, "o": [[0, 0]] * 1000}

    def keys(j):
        return {"a": 1, "k": [{"t": 0, "s": [polygon(10)], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
                              {"t": 1e7 * (j + 1) / 20, "s": [polygon(20)], "o": {"x": 0.3, "y": 0},
                               "i": {"x": 0.7, "y": 1}},
                              {"t": 1e7, "s": [polygon(30)]}]}
    masked = rect_layer("M", op=1e7, hasMask=True,
                        masksProperties=[{"mode": "a", "pt": keys(j), "o": {"a": 0, "k": 100}} for j in range(10)])
    filled = rect_layer("F", op=1e7)
    filled["shapes"] = [{"ty": "sh", "ks": keys(j)} for j in range(10)] + [filled["shapes"][1]]
    for name, layer, pointer in (("masks", masked, "/layers/0/masksProperties/0"),
                                 ("shapes", filled, "/layers/0/shapes/0")):
        path = write(tmp_path, name + ".json", doc([layer], op=1e7))
        result, rss = measured_run(["import", path, "-o", str(tmp_path / (name + ".anim"))], timeout=120)
        assert result.returncode == 0, result.stderr[-2000:]
        assert rss < 600 * 1024, (name, rss)
        assert (f"{path}: {pointer}: warning: an outline moving over more frames than the import takes it at "
                "(10000 frames, 4000000 vertices in a file): taken at 399 times, straight between") \
            in result.stderr.splitlines(), result.stderr


def test_empty_path_keyframes_beside_a_huge_path_are_refused_not_filled_in(tmp_path):
    # A path of 200 000 vertices, then 60 keyframes of none: each empty one
    # would be filled in with the big path shrunk to a point, 12 million
    # vertices in all, over the import's bound of 10 million.
    n = 200_000
    big = {"c": False, "v": [[k, 0] for k in range(n)], "i": [[0, 0]] * n, "o": [[0, 0]] * n}
    none = {"c": False, "v": [], "i": [], "o": []}
    keys = [{"t": 0, "s": [big]}] + [{"t": k + 1, "s": [none]} for k in range(60)]
    layer = {"ty": 4, "ks": {}, "ip": 0, "op": 30,
             "shapes": [{"ty": "sh", "ks": {"a": 1, "k": keys}},
                        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}
    refused(tmp_path, doc([layer]), "/layers/0/shapes/0/ks: error: empty path keyframes that would "
            "take more than 10000000 vertices in all to fill in (the import's limit)")


def test_over_a_hundred_megabytes_is_refused_naming_the_limit(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(100_000_001)
    result = run("import", str(path), "-o", str(tmp_path / "o.anim"))
    assert result.returncode == 65
    assert "error: the file is larger than the limit of 100 MB (100000001 bytes)" in result.stderr


def test_missing_files_directories_fifos_and_unwritable_outputs(tmp_path):
    missing = run("import", str(tmp_path / "nope.json"))
    assert (missing.returncode, missing.stderr.strip()) == (66, f"anim: {tmp_path}/nope.json: no such file or directory")
    directory = run("import", str(tmp_path))
    assert (directory.returncode, directory.stderr.strip()) == (66, f"anim: {tmp_path}: is a directory")
    good = write(tmp_path, "good.json", doc([rect_layer()]))
    unwritable = run("import", good, "-o", "/nonexistent/dir/x.anim")
    assert unwritable.returncode == 74, unwritable.stderr
    assert "anim import: cannot write /nonexistent/dir/x.anim" in unwritable.stderr
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: open(fifo, "w").write(json.dumps(doc([rect_layer()]))))
    writer.start()
    piped = run("import", str(fifo), "-o", str(tmp_path / "piped.anim"))
    writer.join()
    assert piped.returncode == 0, piped.stderr
    assert (tmp_path / "piped.anim").read_text() == run("import", good).stdout.replace("good.json", "pipe.json")


def test_the_render_has_the_files_frames_and_export_gives_back_its_op(tmp_path):
    # Keyed at op and far past it (most files' last keyframe sits at op):
    # the players show frames ip … op − 1. The import cut every motion at
    # op, so the render had one frame more than the file (a loop showed its
    # first frame twice) and the export wrote op + 1.
    key = {"o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}
    # An op a hair past a whole number of frames (After Effects' 29.97 fps
    # files write 30.0000012 for 30) is that number, as the players count it.
    for n, (ip, op, last) in enumerate(((0, 30, 30), (0, 30, 300), (5, 20.5, 40), (0, 30.0000012219251, 30))):
        layer = rect_layer("Box", ip=ip, op=op, ks={"p": {"a": 1, "k": [
            dict(key, t=ip, s=[0, 50]), {"t": last, "s": [100, 50]}]}})
        path = write(tmp_path, "keyed.json", doc([layer], ip=ip, op=op))
        script = tmp_path / "keyed.anim"
        result = run("import", path, "-o", str(script))
        assert result.returncode == 0, result.stderr
        frames = tmp_path / f"frames{n}"
        frames.mkdir()
        result = run("render", str(script), "-o", str(frames / "f%03d.png"), "--size", "20x10")
        assert result.returncode == 0, result.stderr
        shown = math.ceil(op - ip - 0.001)
        assert len(os.listdir(frames)) == shown, (ip, op, sorted(os.listdir(frames))[-2:])
        out = tmp_path / "again.json"
        result = run("export", str(script), "-o", str(out))
        assert result.returncode == 0, result.stderr
        again = json.loads(out.read_text())
        assert (again["ip"], again["op"]) == (0, shown)


def test_notes_name_what_is_not_expressed_and_strict_refuses(tmp_path):
    layer = rect_layer("Glow", ef=[{"ty": 20, "nm": "Tint"}], bm=15)
    path = write(tmp_path, "fx.json", doc([layer, {"ty": 5, "nm": "Title", "ks": {}}]))
    result = run("import", path, "-o", str(tmp_path / "fx.anim"))
    assert result.returncode == 0
    assert result.stderr.splitlines() == [
        f"{path}: /layers/1: warning: text layer not imported: /layers/1: missing 't'",
        f"{path}: /layers/0: warning: blend mode 15 (luminosity) not drawn: anim's blend has no luminosity",
        f"{path}: /layers/0/ef/0: warning: layer effect 'Tint' not drawn",
    ]
    strict = run("import", path, "-o", str(tmp_path / "strict.anim"), "--strict")
    assert strict.returncode == 65
    assert f"{path}: /layers/0/ef/0: error: layer effect 'Tint' not drawn" in strict.stderr
    assert strict.stderr.strip().endswith("error: 3 features cannot be expressed (--strict); nothing written")
    assert not (tmp_path / "strict.anim").exists()
    clean = write(tmp_path, "clean.json", doc([rect_layer()]))
    assert run("import", clean, "--strict").returncode == 0


def examples():
    return sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "examples")) if f.endswith(".anim"))


@pytest.mark.parametrize("example", examples())
def test_round_trip_through_anims_own_lottie(example, tmp_path):
    """Exported at 10 fps (the frames the stage is fitted to, when the
    example sets none), imported, rendered at the same frames: five interior
    frames equal the example's own."""
    from PIL import Image
    source = os.path.join(ROOT, "examples", example + ".anim")
    exported = tmp_path / "x.json"
    assert run("export", source, "-o", str(exported), "--fps", "10", timeout=600).returncode in (0, 1)
    imported = tmp_path / "x.anim"
    result = run("import", str(exported), "-o", str(imported), timeout=600)
    assert result.returncode == 0, result.stderr
    if result.stderr:
        # Images (§21.4) the importer does not read yet (docs/testing.md):
        # said, and the round trip not compared. Any other note fails
        # (gradients, §21.1, blur, shadows and blend modes, §21.2, are
        # read: their examples are compared).
        # A rectangle whose corners differ and move is exported as a path
        # keyframed at every frame (SPEC §21.3); keyframes whose points the
        # importer cannot pair are drawn approximately, said, not compared.
        known = ("warning: image layer not imported",
                 "warning: path keyframes that anim cannot morph point by point")
        lines = result.stderr.splitlines()
        assert all(any(k in line for k in known) for line in lines), lines
        pytest.skip("the importer does not read this example's images or moving corners yet")
    assert result.stderr == "", "anim's own Lottie uses nothing the importer cannot express"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with open(exported) as f:
        end = repr((json.load(f)["op"] - 1) / 10)  # the range the export recorded
    assert run("render", source, "-o", str(tmp_path / "a" / "f%d.png"), "--fps", "10", "--to", end,
               timeout=900).returncode in (0, 1)
    rendered = run("render", str(imported), "-o", str(tmp_path / "b" / "f%d.png"), "--fps", "10",
                   "--to", end, timeout=900)
    assert rendered.returncode == 0, rendered.stderr
    count = len(os.listdir(tmp_path / "a"))
    assert count == len(os.listdir(tmp_path / "b"))
    for k in range(1, 6):
        frame = count * k // 6
        mine = np.array(Image.open(tmp_path / "a" / f"f{frame}.png").convert("RGBA")).astype(int)
        back = np.array(Image.open(tmp_path / "b" / f"f{frame}.png").convert("RGBA")).astype(int)
        assert mine.shape == back.shape
        if np.abs(mine - back).max() <= 1:
            continue  # every pixel within a level (a blurred frame has few flat ones)
        both = flat(mine) & flat(back)
        assert both.mean() > 0.5
        differ = both & (np.abs(mine - back).max(axis=2) > 1)
        assert int(differ.sum()) == 0, f"frame {frame}: {int(differ.sum())} interior pixels differ"


def test_an_imported_script_tests_exports_and_previews_like_any_other(tmp_path):
    """tests/import/badge.anim (what `anim import badge.json` writes): its
    test passes; it exports to Lottie that ThorVG draws as it draws the
    original badge.json at five frames (the import and the export together
    change nothing a player shows) and to the HTML player; the preview
    serves it."""
    import http.client
    import re
    import signal

    from corpus_support import difference, player_frames

    folder = os.path.join(ROOT, "tests", "import")
    tested = run("test", folder)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    exported = tmp_path / "again.json"
    assert run("export", os.path.join(folder, "badge.anim"), "-o", str(exported)).returncode == 0
    assert run("export", os.path.join(folder, "badge.anim"), "-o", str(tmp_path / "b.html")).returncode == 0
    original = os.path.join(folder, "badge.json")
    frames = [0, 5, 10, 20, 40]
    mine = player_frames(str(exported), "thorvg", frames, 200, 200)
    theirs = player_frames(original, "thorvg", frames, 200, 200)
    for k, f in enumerate(frames):
        assert difference(mine[k], theirs[k]) <= 0.001, f"frame {f}"
    preview = subprocess.Popen([ANIM, "preview", os.path.join(folder, "badge.anim")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        m = re.fullmatch(r"preview: http://127\.0\.0\.1:(\d+)/\n", preview.stdout.readline())
        assert m
        conn = http.client.HTTPConnection("127.0.0.1", int(m.group(1)), timeout=20)
        conn.request("GET", "/")
        response = conn.getresponse()
        page = response.read().decode()
        assert response.status == 200
        assert "anim-state" in page
    finally:
        preview.send_signal(signal.SIGINT)
        assert preview.wait(timeout=20) == 0


def mutations(doc, rng, count):
    """`count` documents, each `doc` with one value somewhere replaced by a
    value of another type, an extreme number, or removed."""
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + [i])
    walk(doc, [])
    replacements = ["x", None, True, [], {}, [[]], -1, 0, 1e308, -1e308, 5e-324, 1e15, 3.5,
                    [1e308, -1e308], {"a": 1, "k": "k"}, {"a": 1, "k": []}, {"a": 1, "k": [{"t": 0}]},
                    [{"t": 1e308, "s": [1]}, {"t": -1e308, "s": [2]}], {"k": {"v": [[0, 0]]}}]
    for _ in range(count):
        copy = json.loads(json.dumps(doc))
        path = rng.choice(paths[1:])
        parent = copy
        for key in path[:-1]:
            parent = parent[key]
        if rng.random() < 0.2 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = rng.choice(replacements)
        yield copy


def test_mutated_files_import_or_are_refused_and_what_they_import_checks(tmp_path):
    """240 mutations of our own seeds (fuzz/seeds, tests/import): each is
    imported (exit 0, and its script passes `anim check`) or refused with an
    error (exit 65): never a crash, a hang or another exit code."""
    import random
    rng = random.Random(37)
    seeds = [os.path.join(ROOT, "fuzz", "seeds", f) for f in sorted(os.listdir(os.path.join(ROOT, "fuzz", "seeds")))
             if f.endswith(".json")]
    seeds.append(os.path.join(ROOT, "tests", "import", "badge.json"))
    outcomes = {0: 0, 65: 0}
    for seed in seeds:
        with open(seed) as f:
            doc = json.load(f)
        for k, mutated in enumerate(mutations(doc, rng, 240 // len(seeds))):
            path = write(tmp_path, "m.json", mutated)
            result = run("import", path, "-o", str(tmp_path / "m.anim"), timeout=60)
            assert result.returncode in (0, 65), (seed, k, result.stderr[-500:])
            outcomes[result.returncode] += 1
            if result.returncode == 0:
                checked = run("check", str(tmp_path / "m.anim"))
                assert checked.returncode == 0, (seed, k, checked.stderr[-500:], json.dumps(mutated)[:2000])
            else:
                assert result.stderr.count("error:") == 1, result.stderr
    assert outcomes[0] > 30 and outcomes[65] > 30, outcomes
