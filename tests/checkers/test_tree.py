"""Trees of views (SPEC §17) checked against models anim did not write.

- World values: `worldX`, `worldY`, `worldRotation` and `worldAlpha` of a
  deep tree with anchors, rotations, non-uniform scales and alphas equal
  this file's own composition of 3 × 3 matrices in numpy (1e-9): each view's
  transform is T(x, y)·R(rotation)·S(scaleX, scaleY)·T(−ax·w, −ay·h), a
  child's world transform its parent's times its own.
- Pixels: a scene of nested rotated, scaled and clipped subtrees, drawn by
  skia-python from this file's description (its own matrices, clip paths and
  per-shape opacities), by headless Chromium from anim's SVG, and by rlottie
  and thorvg from anim's Lottie (validated against the 1.0 schema), equal
  anim's PNG at interior pixels.
- Nested clips in Lottie: two clips, a turning rotated rect and an ellipse
  whose size animates inside it, intersect in rlottie and thorvg at several
  frames, pixels inside one clip and outside the other included; every
  example with a tree (wipe, logo, pendulum, squash) in both players.
"""

import json
import math
import os
import shutil
import subprocess

import numpy as np
import pytest

from pixel_support import assert_interior_equal, flat, load
from test_shapes import PLAYERS

ANIM = os.environ.get("ANIM", ".build/debug/anim")


def run(*args, check=True):
    out = subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=120)
    if check:
        assert out.returncode == 0, out.stdout + out.stderr
    return out


def own(v):
    """A view's own transform as a 3 × 3 matrix (SPEC §16.1)."""
    r = math.radians(v["rotation"])
    c, s = math.cos(r), math.sin(r)
    t = np.array([[1, 0, v["x"]], [0, 1, v["y"]], [0, 0, 1]], float)
    rot = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], float)
    sc = np.diag([v["scaleX"], v["scaleY"], 1.0])
    back = np.array([[1, 0, -v["ax"] * v["w"]], [0, 1, -v["ay"] * v["h"]], [0, 0, 1]], float)
    return t @ rot @ sc @ back


def world(views):
    """Each view's world matrix, world rotation and world alpha, by name."""
    out = {}
    for v in views:  # parents come first
        m, rot, alpha = own(v), v["rotation"], min(max(v["alpha"], 0), 1)
        if v["parent"]:
            pm, prot, palpha = out[v["parent"]]
            m, rot, alpha = pm @ m, prot + rot, palpha * alpha
        out[v["name"]] = (m, rot, alpha)
    return out


def declaration(v):
    fields = (f'x: {v["x"]!r}, y: {v["y"]!r}, width: {v["w"]!r}, height: {v["h"]!r}, '
              f'rotation: {v["rotation"]!r}, scaleX: {v["scaleX"]!r}, scaleY: {v["scaleY"]!r}, '
              f'anchor: ({v["ax"]!r}, {v["ay"]!r}), alpha: {v["alpha"]!r}')
    for key in ("color", "clip"):
        if key in v:
            fields += f", {key}: {v[key]}"
    if v["parent"]:
        fields += f', parent: {v["parent"]}'
    return f'{v["kind"]} {v["name"]}({fields})'


def random_tree(seed, count=40):
    rng = np.random.default_rng(seed)
    views = []
    for i in range(count):
        parent = None if i == 0 or rng.random() < 0.15 else views[int(rng.integers(0, i))]["name"]
        views.append({
            "name": f"v{i}", "kind": ["rect", "ellipse", "layer"][i % 3], "parent": parent,
            "x": float(rng.uniform(-200, 200)), "y": float(rng.uniform(-200, 200)),
            "w": float(rng.uniform(0, 120)), "h": float(rng.uniform(0, 120)),
            "rotation": float(rng.uniform(-360, 360)),
            "scaleX": float(rng.uniform(-2, 2)), "scaleY": float(rng.uniform(0.1, 2)),
            "ax": float(rng.uniform(-0.5, 1.5)), "ay": float(rng.uniform(-0.5, 1.5)),
            "alpha": float(rng.uniform(0, 1)),
        })
    return views


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_world_values_equal_numpy_matrices(seed, tmp_path):
    views = random_tree(seed)
    model = world(views)
    lines = [declaration(v) for v in views]
    for v in views:
        m, rot, alpha = model[v["name"]]
        # The anchor point: the parent's world matrix applied to (x, y).
        wx, wy, _ = (float(c) for c in m @ np.array([v["ax"] * v["w"], v["ay"] * v["h"], 1.0]))
        n = v["name"]
        lines += [f"expect {n}.worldX == {wx!r} within 1e-9",
                  f"expect {n}.worldY == {wy!r} within 1e-9",
                  f"expect {n}.worldRotation == {rot!r} within 1e-9",
                  f"expect {n}.worldAlpha == {alpha!r} within 1e-9"]
    script = tmp_path / "world.anim"
    script.write_text("\n".join(lines) + '\nprint "ok"\n')
    out = run(str(script), check=False)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stdout + out.stderr


def test_world_values_follow_a_parent_in_motion(tmp_path):
    views = random_tree(7, count=12)
    script = tmp_path / "moving.anim"
    lines = [declaration(v) for v in views]
    lines.append("run rotate(by: 90, 1) | move(by: (30, -20), 1) | scale(to: 0.5, 1) on v0")
    lines.append("step 0.5")
    # Halfway through linear motions.
    views[0]["rotation"] += 45
    views[0]["x"] += 15
    views[0]["y"] -= 10
    views[0]["scaleX"] = (views[0]["scaleX"] + 0.5) / 2
    views[0]["scaleY"] = (views[0]["scaleY"] + 0.5) / 2
    model = world(views)
    for v in views:
        m, rot, _ = model[v["name"]]
        wx, wy, _ = (float(c) for c in m @ np.array([v["ax"] * v["w"], v["ay"] * v["h"], 1.0]))
        lines += [f'expect {v["name"]}.worldX == {wx!r} within 1e-9',
                  f'expect {v["name"]}.worldY == {wy!r} within 1e-9',
                  f'expect {v["name"]}.worldRotation == {rot!r} within 1e-9']
    script.write_text("\n".join(lines) + '\nprint "ok"\n')
    out = run(str(script), check=False)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stdout + out.stderr


def view(name, kind, parent, x, y, w, h, rotation=0.0, scale=(1.0, 1.0), anchor=(0.5, 0.5),
         alpha=1.0, color=None, clip=False):
    v = {"name": name, "kind": kind, "parent": parent, "x": x, "y": y, "w": w, "h": h,
         "rotation": rotation, "scaleX": scale[0], "scaleY": scale[1], "ax": anchor[0],
         "ay": anchor[1], "alpha": alpha}
    if color is not None:
        v["color"] = f'"#{color[0]:02x}{color[1]:02x}{color[2]:02x}"'
        v["rgb"] = color
    if clip:
        v["clip"] = "true"
    return v


# Nested rotated, scaled, clipped subtrees with half-transparent parents.
SCENE = [
    view("car", "layer", None, 120, 90, 0, 0, rotation=30, scale=(1.5, 1.5)),
    view("body", "rect", "car", 0, 0, 100, 36, alpha=0.5, color=(255, 0, 0)),
    view("wheel", "ellipse", "car", -35, 22, 28, 28, color=(0, 0, 255)),
    view("win", "rect", None, 250, 60, 110, 110, rotation=20, anchor=(0, 0),
         color=(51, 51, 51), clip=True),
    view("sun", "ellipse", "win", 0, 0, 110, 110, color=(255, 220, 0)),
    view("inner", "rect", "win", 70, 75, 80, 80, rotation=45, scale=(1.0, 0.6),
         color=(0, 160, 0), clip=True, alpha=0.8),
    view("deep", "ellipse", "inner", 40, 40, 100, 100, color=(0, 128, 255), alpha=0.5),
    view("mask", "layer", None, 80, 170, 140, 90, anchor=(0, 0), rotation=-10, clip=True),
    view("disc", "ellipse", "mask", 140, 45, 120, 120, scale=(1.3, 0.8), color=(160, 0, 200)),
]


def scene_script():
    return ("stage(width: 400, height: 300, background: white)\n"
            + "\n".join(declaration(v) for v in SCENE) + "\n")


def skia_scene():
    """The scene drawn by Skia from SCENE: each view under its world matrix,
    inside its clipping ancestors' outlines, at its world opacity."""
    import skia
    surface = skia.Surface(400, 300)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    model = world(SCENE)
    by_name = {v["name"]: v for v in SCENE}

    def matrix(m):
        return skia.Matrix.MakeAll(m[0, 0], m[0, 1], m[0, 2], m[1, 0], m[1, 1], m[1, 2], 0, 0, 1)

    def outline(v):
        path = skia.Path()
        box = skia.Rect.MakeXYWH(0, 0, v["w"], v["h"])
        if v["kind"] == "ellipse":
            path.addOval(box)
        else:
            path.addRect(box)
        return path

    for v in SCENE:  # declared in paint order
        if "rgb" not in v:
            continue
        clips, p = [], v["parent"]
        while p:
            if by_name[p].get("clip"):
                clips.insert(0, by_name[p])
            p = by_name[p]["parent"]
        canvas.save()
        for c in clips:
            canvas.setMatrix(matrix(model[c["name"]][0]))
            canvas.clipPath(outline(c), skia.ClipOp.kIntersect, True)
        canvas.setMatrix(matrix(model[v["name"]][0]))
        r, g, b = v["rgb"]
        alpha = model[v["name"]][2]
        paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(r / 255, g / 255, b / 255, alpha))
        canvas.drawPath(outline(v), paint)
        canvas.restore()
    return surface.makeImageSnapshot().toarray()[:, :, [2, 1, 0]].astype(int)


@pytest.fixture
def scene(tmp_path):
    script = tmp_path / "tree.anim"
    script.write_text(scene_script())
    png = tmp_path / "anim.png"
    run("render", str(script), "-o", str(png), "--quiet")
    return script, png


def test_skia_draws_the_tree_like_anim(scene):
    _, png = scene
    # Translucent paints: Skia blends in 8 bits, anim in doubles rounded once.
    assert_interior_equal(load(png), skia_scene(), tolerance=1)


def test_chromium_draws_anims_svg_of_the_tree_like_its_png(scene, tmp_path):
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser")
                    if shutil.which(n)), None)
    if browser is None:
        pytest.skip("chromium is not installed")
    script, png = scene
    svg, shot = tmp_path / "anim.svg", tmp_path / "chromium.png"
    run("render", str(script), "-o", str(svg), "--quiet")
    text = svg.read_text()
    assert "clip-path=" in text and " opacity=" not in text
    subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=400,300", f"--screenshot={shot}", svg.as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_interior_equal(load(png), load(shot), tolerance=1)


def validate(data):
    import jsonschema
    import lottie_specs
    schema_path = os.path.join(
        os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
    with open(schema_path) as f:
        jsonschema.Draft202012Validator(json.load(f)).validate(data)


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_draw_the_tree_like_anim(player, scene, tmp_path):
    script, png = scene
    doc = tmp_path / "anim.json"
    run("export", str(script), "-o", str(doc))
    data = json.loads(doc.read_text())
    validate(data)
    layers = {layer["nm"]: layer for layer in data["layers"]}
    # Parenting by ind; a paint's opacity is the world product, the layer's 100.
    assert layers["wheel"]["parent"] == layers["car"]["ind"]
    assets = {a["id"]: a for a in data["assets"]}
    win = {layer["nm"]: layer for layer in assets[layers["win contents"]["refId"]]["layers"]}
    deep = {layer["nm"]: layer for layer in assets[win["inner contents"]["refId"]]["layers"]}
    assert deep["deep"]["ks"]["o"]["k"] == 100
    fills = [i for i in deep["deep"]["shapes"] if i.get("ty") == "fl"]
    assert fills[0]["o"]["k"] == pytest.approx(0.8 * 0.5 * 100)
    # A clip view's descendants are a precomposition layer parented to it,
    # whose matte is the layer just above it, an outline parented to it too.
    for comp, clip in ((layers, "win"), (win, "inner"), (layers, "mask")):
        order = list(comp)
        contents = comp[clip + " contents"]
        above = comp[order[order.index(clip + " contents") - 1]]
        assert above.get("td") == 1 and above["parent"] == comp[clip]["ind"]
        assert contents["ty"] == 0 and contents["parent"] == comp[clip]["ind"]
        assert contents["tt"] == 1 and contents["tp"] == above["ind"]
    theirs = np.array(PLAYERS[player](doc, 0).convert("RGB")).astype(int)
    assert_interior_equal(load(png), theirs, compared=0.6, tolerance=MATTE_STEPS)


# rlottie draws a precomposition through its matte a few steps darker (an
# opaque matte's interior gives 249/255 of the colour): 6 steps of tolerance.
MATTE_STEPS = 6


def played(player, tmp_path, name, source, frames):
    """Writes `source` as NAME.anim and exports it to Lottie (1 s at 20 fps,
    validated against the schema); yields, for each frame, its index,
    anim's PNG of it and `player`'s drawing of it."""
    script = tmp_path / f"{name}.anim"
    script.write_text(source)
    doc = tmp_path / f"{name}.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "20")
    validate(json.loads(doc.read_text()))
    for frame in frames:
        png = tmp_path / f"{name}{frame}.png"
        run("render", str(script), "-o", str(png), "--at", repr(frame / 20), "--quiet")
        yield frame, load(png), np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)


# Two nested clips: a rotated, turning rect clips an ellipse whose size
# animates and which clips a large rect. The inner ellipse grows out of the
# outer rect, so part of it is inside one clip and outside the other.
NESTED = """
stage(width: 300, height: 240, background: white)
rect outer(x: 150, y: 120, width: 160, height: 120, rotation: 20, color: "#dddddd", clip: true)
ellipse inner(x: 110, y: 60, width: 120, height: 190, color: "#8080ff", clip: true, parent: outer)
rect deep(x: 60, y: 60, width: 400, height: 400, color: "#ff2000", parent: inner)
run tween(width: 220, height: 60, 1, ease: inOutQuad) on inner
run rotate(by: 30, 1) on outer
"""


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_intersect_nested_clips(player, tmp_path):
    script = tmp_path / "nested.anim"
    script.write_text(NESTED)
    doc = tmp_path / "nested.json"
    run("export", str(script), "-o", str(doc), "--to", "1", "--fps", "20")
    validate(json.loads(doc.read_text()))
    # The same scene where only the inner clip applies: the pixels where the
    # two renders differ are inside the inner clip and outside the outer one.
    single = tmp_path / "single.anim"
    single.write_text(NESTED.replace(
        'color: "#dddddd", clip: true', 'color: "#dddddd"'))
    for frame in (0, 5, 10, 15, 19):
        t = frame / 20
        png, only = tmp_path / f"f{frame}.png", tmp_path / f"s{frame}.png"
        run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
        run("render", str(single), "-o", str(only), "--at", str(t), "--quiet")
        mine = load(png)
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        outside = flat(mine) & flat(load(only)) & (mine != load(only)).any(axis=2)
        assert outside.sum() > 200, (frame, int(outside.sum()))
        # Inside the inner clip but outside the outer one: not drawn.
        assert (np.abs(theirs[outside] - mine[outside]) <= MATTE_STEPS).all(), frame
        assert_interior_equal(mine, theirs, compared=0.6, tolerance=MATTE_STEPS)


def tree_examples():
    """Every example that gives a view a parent or a clip, but those with
    effects (SPEC §21.2: rlottie draws none, ThorVG blurs less;
    test_effects.py compares them with the players' measured tolerances)."""
    import glob
    import re
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tree = re.compile(r"\b(parent|clip):|\)\s*\{", re.M)
    effects = re.compile(r"\b(blur|shadowColor|blend):")
    return [p for p in sorted(glob.glob(os.path.join(root, "examples", "*.anim")))
            if tree.search(open(p).read()) and not effects.search(open(p).read())]


@pytest.mark.parametrize("player", sorted(PLAYERS))
@pytest.mark.parametrize("example", tree_examples(), ids=os.path.basename)
def test_lottie_players_draw_the_tree_examples_like_anim(player, example, tmp_path):
    """The wipe (a clip whose width animates), the logo and the pendulum in
    rlottie and thorvg at interior frames, against anim's PNG."""
    doc = tmp_path / "e.json"
    run("export", example, "-o", str(doc))
    data = json.loads(doc.read_text())
    validate(data)
    for fraction in (0.2, 0.5, 0.8):
        frame = round(fraction * (data["op"] - 1))
        png = tmp_path / f"a{frame}.png"
        run("render", example, "-o", str(png), "--at", repr(frame / data["fr"]), "--quiet")
        theirs = np.array(PLAYERS[player](doc, frame).convert("RGB")).astype(int)
        assert_interior_equal(load(png), theirs, compared=0.6, tolerance=MATTE_STEPS)


# A clip whose outline morphs (SPEC §16.4): the matte follows the morph.
MORPHING_CLIP = """
stage(width: 240, height: 160, background: "#202020")
star target(x: 0, y: 0, width: 100, height: 100, points: 5, alpha: 0, color: red)
ellipse lens(x: 120, y: 80, width: 120, height: 120, color: "#404040", clip: true)
rect bars(x: 60, y: 60, width: 200, height: 30, color: "#ffc000", parent: lens, rotation: 30)
run morph(to: target, 1) on lens
"""


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_follow_a_morphing_clip(player, tmp_path):
    for _, mine, theirs in played(player, tmp_path, "morph", MORPHING_CLIP, (6, 12, 19)):
        assert_interior_equal(mine, theirs, compared=0.6, tolerance=MATTE_STEPS)


# A clip switched on and off by the script (`clip` is a property, set at
# 0.3 s and 0.6 s) while the clip view turns: the matte covers the whole
# precomposition while `clip` is false (docs/export.md).
SWITCHING_CLIP = """
stage(width: 240, height: 160, background: "#202020")
ellipse lens(x: 120, y: 80, width: 120, height: 80, color: "#404040", clip: true) {
  rect bar(x: 60, y: 40, width: 220, height: 30, color: "#ff4040")
}
run spin(90, 1) on lens
step 0.3
lens.clip = false
step 0.3
lens.clip = true
"""


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_follow_a_clip_switched_on_and_off(player, tmp_path):
    # The bar reaches past the ellipse: drawn there only while off.
    frames = (2, 5, 6, 7, 9, 12, 13, 15, 19)
    for frame, mine, theirs in played(player, tmp_path, "switch", SWITCHING_CLIP, frames):
        assert_interior_equal(mine, theirs, compared=0.6, tolerance=MATTE_STEPS)
        # The whole bar (220 × 30) while off; at most its part inside the
        # ellipse while on. A statement after `step 0.3` runs once the
        # frame of 0.3 s is taken, so `clip` is off in frames 7 to 12.
        bar = (np.abs(theirs - [255, 64, 64]) <= MATTE_STEPS).all(axis=2).sum()
        assert bar > 4500 if 7 <= frame <= 12 else bar < 3600, (frame, int(bar))


# Anchors that move (SPEC §16.1) in a recording with a tree, where every
# layer's anchor is its box's anchor point: a rect and a star at the root,
# a layer whose children follow its box corner; and texts (SPEC §18) whose
# anchor moves, one clipping a child while its size and string change (the
# matte follows each drawing for the frames it is shown).
MOVING_ANCHORS = """
stage(width: 320, height: 220, background: "#202020")
rect a(x: 70, y: 90, width: 80, height: 50, color: "#ff4040", rotation: 30)
star s(x: 250, y: 70, width: 80, height: 80, points: 5, color: "#40ff80")
layer p(x: 150, y: 40, width: 60, height: 30, rotation: 20) {
  rect c(x: 10, y: 10, width: 20, height: 20, color: "#4080ff")
}
text t("Hello", x: 90, y: 180, size: 36, color: white, rotation: 10)
text m("MASK", x: 230, y: 160, size: 40, color: "#303030", clip: true) {
  rect fill(x: 0, y: 0, width: 800, height: 800, color: "#ffc000")
}
run tween(anchor: (0, 1), 1) on a
run tween(anchorX: 1, 1) | spin(40, 1) on s
run tween(anchor: (1, 1), 1) on p
run tween(anchorX: 0, anchorY: 1, 1, ease: inOutQuad) on t
run tween(anchor: (1, 0), 1) | tween(size: 52, 1) on m
step 0.5
m.text = "WIDER"
"""


@pytest.mark.parametrize("player", sorted(PLAYERS))
def test_lottie_players_follow_moving_anchors_and_a_texts_clip(player, tmp_path):
    frames = (0, 5, 10, 11, 12, 15, 20)
    for _, mine, theirs in played(player, tmp_path, "anchors", MOVING_ANCHORS, frames):
        assert_interior_equal(mine, theirs, compared=0.6, tolerance=MATTE_STEPS)
