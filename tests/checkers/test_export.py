"""`anim export` checked by programs anim did not write (SPEC §13).

- Every Lottie file validates against the schema PyPI `lottie-specs` ships.
- python-lottie reads each property at every frame; anim itself then checks
  those values with `expect ... within` (1e-9 relative), so the reference is
  anim's own clock, not the exporter.
- rlottie renders frames that match anim's own PNG at interior pixels.
- Headless Chromium opens the HTML player at `#t=T`; the values it writes into
  `<pre id="anim-state">` (read from the drawn elements' computed style) are
  checked by anim the same way (1e-5; colours within a step; an alpha the
  browser drew clamped to 0 or 1 only on that side). test_player.py compares
  the player's pixels with anim's.
- Every example exports to both formats.
"""

import concurrent.futures
import glob
import html
import json
import os
import re
import shutil
import subprocess

import jsonschema
import lottie_specs
import pytest
from lottie.objects.properties import ColorValue, MultiDimensional, Value

ANIM = os.environ.get("ANIM", ".build/debug/anim")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCHEMA_PATH = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
with open(SCHEMA_PATH) as f:
    VALIDATOR = jsonschema.Draft202012Validator(json.load(f))

FPS = 30

# Exact segments only: every easing here has an exact Bézier or steps form.
EXACT = """
stage(width: 320, height: 240, background: "#202830")
view a(x: 40, y: 40, width: 40, height: 30, color: red)
view b(x: 160, y: 120, width: 60, height: 60, color: "#3080ff")
view c(x: 260, y: 60, width: 30, height: 50, color: "#ffcc00c0", alpha: 0.8)
run move(to: (280, 200), 1.5, ease: inOutBounce) on a
run rotate(to: 135, 1.2, ease: outBack) | scale(to: (1.6, 0.6), 0.9, ease: inOutQuad) on b
run (move(by: (0, 80), 0.37, ease: inCubic) + move(by: (-60, 0), 0.41, ease: cubicBezier(0.3, -0.4, 0.6, 1.5))) * 2 on c
run color(to: "#00ff80", 1.1, ease: outQuad) on b
run fade(out, 0.9, ease: steps(3)) + fade(in, 0.4, ease: inOutBack) on c
run tween(width: 90, height: 20, 1.3, ease: outCubic) on a
"""

# Sampled segments: springs, inexact easings, colours blended in OKLab and HSB.
SAMPLED = """
stage(width: 320, height: 240, background: "#101010")
view s(x: 40, y: 120, width: 40, height: 40, color: white)
view e(x: 160, y: 40, width: 50, height: 30, color: red)
run spring(x: 260, y: 200, stiffness: 120, damping: 7) on s
run rotate(to: 200, 1.4, ease: inOutElastic) | scale(to: 1.8, 1.1, ease: outExpo) on e
run color(to: blue, 1.2, space: oklab) on e
run color(to: green, 1.6, space: hsb) | fade(out, 1.7, ease: inOutSine) on s
"""

# What the segments do not show: pause, resume, cancel, finish, an assignment,
# a run a handler starts and a takeover between two frames.
CONTROL = """
stage(width: 320, height: 240)
view p(x: 20, y: 40, width: 30, height: 30, color: orange)
view q(x: 20, y: 120, width: 30, height: 30, color: purple)
view r(x: 20, y: 200, width: 30, height: 30, color: teal)
h = run move(to: (300, 40), 2, ease: inOutQuad) on p
g = run move(to: (300, 120), 1.5) | rotate(to: 90, 1.5) on q
k = run move(to: (300, 200), 3, ease: outBack) on r
cue = run wait(0.4) + mark("a") + wait(0.3) + mark("b") + wait(0.35) + mark("c")
on cue mark "a" { pause h; cancel g }
on cue mark "b" { resume h; finish k }
on cue mark "c" {
  p.y = 90
  run move(to: (100, 120), 0.6, ease: outBounce) on q
  run delay(move(to: (150, 200), 0.5, ease: inCubic), 0.1234) on r
}
"""

SCRIPTS = {"exact": EXACT, "sampled": SAMPLED, "control": CONTROL}
END = 2.0
PROPERTIES = ["x", "y", "width", "height", "alpha", "rotation", "scaleX", "scaleY"]


def run(args, **kw):
    return subprocess.run([ANIM, *args], capture_output=True, text=True, timeout=120, **kw)


def num(v):
    return "%.17g" % v


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Each script exported to Lottie and HTML over [0, END] at FPS."""
    d = tmp_path_factory.mktemp("export")
    out = {}
    for name, source in SCRIPTS.items():
        script = d / f"{name}.anim"
        script.write_text(source)
        for ext in ("json", "html"):
            target = d / f"{name}.{ext}"
            p = run(["export", str(script), "-o", str(target), "--to", str(END), "--fps", str(FPS)])
            assert p.returncode == 0, p.stderr
        with open(d / f"{name}.json") as f:
            out[name] = (script, json.load(f), d / f"{name}.html")
    return out


def check_with_anim(script, checks, tmp_path):
    """Appends `step to T` and `expect` lines to the script and runs it: anim's
    own clock is the reference. `checks` is a list of (T, [expect texts])."""
    lines = [script.read_text()]
    for t, expects in sorted(checks, key=lambda c: c[0]):
        lines.append(f"step to {num(t)}")
        lines.extend(f"expect {e}" for e in expects)
    path = tmp_path / "check.anim"
    path.write_text("\n".join(lines) + "\n")
    p = run(["run", str(path)])
    failures = [l for l in p.stderr.splitlines() if "expectation failed" in l]
    assert p.returncode == 0, "\n".join(failures[:20]) or p.stderr


def within(v, relative):
    return f"within {num(relative * max(1.0, abs(v)))}"


# -- The schema ---------------------------------------------------------------

@pytest.mark.parametrize("name", SCRIPTS)
def test_lottie_validates_against_the_specification_schema(exported, name):
    _, doc, _ = exported[name]
    errors = list(VALIDATOR.iter_errors(doc))
    assert not errors, [(e.json_path, e.message[:200]) for e in errors[:5]]


def test_lottie_document_layout(exported):
    _, doc, _ = exported["exact"]
    assert doc["v"] and doc["fr"] == FPS and doc["ip"] == 0
    assert doc["op"] == END * FPS + 1
    assert (doc["w"], doc["h"]) == (320, 240)
    names = [layer["nm"] for layer in doc["layers"]]
    # Topmost first; the background is the bottom layer.
    assert names == ["c", "b", "a", "background"]
    for layer in doc["layers"][:-1]:
        keys = list(layer)
        assert keys.index("ddd") < keys.index("ks")
        assert layer["ks"]["p"]["s"] is True
        assert [s["ty"] for s in layer["shapes"]] == ["rc", "fl"]
    assert doc["layers"][-1]["ty"] == 1 and doc["layers"][-1]["sc"] == "#202830"


def test_exact_segments_write_no_frame_by_frame_keyframes(exported):
    """Exact easings are curves: a keyframe per piece, not per frame."""
    _, doc, _ = exported["exact"]
    a = doc["layers"][2]
    x_keys = a["ks"]["p"]["x"]["k"]
    # inOutBounce: 7 + 7 monotone arcs, then the end.
    assert len(x_keys) <= 16, len(x_keys)
    assert all("o" in k or "h" in k for k in x_keys[:-1])


# -- python-lottie reads the values ----------------------------------------------

def lottie_reader(layer):
    ks = layer["ks"]
    rect, fill = layer["shapes"]
    size = MultiDimensional.load(rect["s"])
    scale = MultiDimensional.load(ks["s"])
    readers = {
        # python-lottie misreads split positions as a whole: x and y apart.
        "x": (ks["p"]["x"], lambda p, f: Value.load(p).get_value(f)),
        "y": (ks["p"]["y"], lambda p, f: Value.load(p).get_value(f)),
        "rotation": (ks["r"], lambda p, f: Value.load(p).get_value(f)),
        "alpha": (ks["o"], lambda p, f: Value.load(p).get_value(f) / 100),
        "scaleX": (ks["s"], lambda p, f: scale.get_value(f)[0] / 100),
        "scaleY": (ks["s"], lambda p, f: scale.get_value(f)[1] / 100),
        "width": (rect["s"], lambda p, f: size.get_value(f)[0]),
        "height": (rect["s"], lambda p, f: size.get_value(f)[1]),
    }
    return readers


def jumps_at(prop, frame):
    """Whether a keyframe of `prop` at `frame` ends a hold (python-lottie reads
    the value before such a jump at the key's exact time)."""
    if prop.get("a") != 1:
        return False
    keys = prop["k"]
    for i, k in enumerate(keys):
        if abs(k["t"] - frame) < 1e-6 and i > 0:
            before = keys[i - 1]
            if before.get("h") == 1 or abs(before["t"] - frame) < 0.01:
                return True
    return False


@pytest.mark.parametrize("name", SCRIPTS)
def test_python_lottie_values_at_every_frame_equal_anims(exported, name, tmp_path):
    script, doc, _ = exported[name]
    checks = []
    layers = [l for l in doc["layers"] if l["ty"] == 4]
    for k in range(int(END * FPS) + 1):
        expects = []
        for layer in layers:
            view = layer["nm"]
            for prop, (raw, read) in lottie_reader(layer).items():
                if jumps_at(raw, k):
                    continue
                v = read(raw, k)
                if prop == "alpha" and v <= 0:
                    # Opacity is written as anim draws it: clamped to 0…1.
                    expects.append(f"{view}.alpha <= 1e-9")
                elif prop == "alpha" and v >= 1:
                    expects.append(f"{view}.alpha >= {num(1 - 1e-9)}")
                else:
                    expects.append(f"{view}.{prop} == {num(v)} {within(v, 1e-9)}")
            fill = layer["shapes"][1]
            if not (jumps_at(fill["c"], k) or jumps_at(fill["o"], k)):
                c = list(ColorValue.load(fill["c"]).get_value(k))[:3]
                a = Value.load(fill["o"]).get_value(k) / 100
                rgba = "".join("%02x" % round(min(max(ch, 0), 1) * 255) for ch in c + [a])
                expects.append(f'{view}.color == "#{rgba}"')
        checks.append((k / FPS, expects))
    check_with_anim(script, checks, tmp_path)


# -- rlottie draws what anim draws ------------------------------------------------

def interior_pixels(image, step=3):
    """Pixels whose 5×5 neighbourhood in anim's own PNG is one colour: away
    from every edge, where both renderers must agree exactly."""
    w, h = image.size
    px = image.load()
    for y in range(2, h - 2, step):
        for x in range(2, w - 2, step):
            c = px[x, y]
            if all(px[x + dx, y + dy] == c for dx in (-2, 0, 2) for dy in (-2, 0, 2)):
                yield x, y, c


@pytest.mark.parametrize("name", SCRIPTS)
def test_rlottie_renders_what_anim_renders(exported, name, tmp_path):
    from PIL import Image
    from rlottie_python import LottieAnimation

    script, _, _ = exported[name]
    animation = LottieAnimation.from_file(str(script.with_suffix(".json")))
    compared = 0
    for k in (7, 16, 23, 31, 44, 52):
        png = tmp_path / f"f{k}.png"
        p = run(["render", str(script), "--at", num(k / FPS), "-o", str(png)])
        assert p.returncode == 0, p.stderr
        mine = Image.open(png).convert("RGBA")
        theirs = animation.render_pillow_frame(frame_num=k).convert("RGBA")
        assert theirs.size == mine.size
        tp = theirs.load()
        for x, y, want in interior_pixels(mine):
            got = tp[x, y]
            # rlottie gives premultiplied values and rounds layer opacity coarsely.
            a = got[3]
            rgb = [round(c * 255 / a) if a else 0 for c in got[:3]]
            if want[3] == 0:
                assert a <= 3, (k, x, y, got, want)
                continue
            assert abs(a - want[3]) <= 3, (k, x, y, got, want)
            for g, w in zip(rgb, want[:3]):
                assert abs(g - w) <= 3 + 255 * 3 / max(a, 1) / 2, (k, x, y, got, want)
            compared += 1
    assert compared > 1000


# -- Chromium plays the HTML ------------------------------------------------------

def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("chromium is not installed")


def browser_state(page, t):
    p = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000",
         "--dump-dom", f"file://{page}#t={num(t)}"],
        capture_output=True, text=True, timeout=120)
    m = re.search(r'<pre id="anim-state">(.*?)</pre>', p.stdout, re.S)
    assert m, p.stderr[-2000:]
    return json.loads(html.unescape(m.group(1)))


# Exact segments are exact between frames too; sampled ones at frame times.
TIMES = {
    "exact": [0.0, 0.1, 0.2345, 0.41, 0.5, 0.7, 0.77, 0.9, 1.0, 1.1234, 1.3, 1.61, 2.0],
    "sampled": [0.0, 0.1, 0.2, 0.4, 0.5, 0.7, 0.8, 0.9, 1.0, 1.2, 1.3, 1.6, 2.0],
    "control": [0.0, 0.2345, 0.4, 0.41, 0.55, 0.7, 0.77, 0.9, 1.05, 1.1234, 1.2, 1.61, 2.0],
}


@pytest.mark.parametrize("name", SCRIPTS)
def test_chromium_plays_the_html_as_anim_computes_it(exported, name, tmp_path):
    script, doc, page = exported[name]
    names = [l["nm"] for l in doc["layers"] if l["ty"] == 4]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        states = list(pool.map(lambda t: browser_state(page, t), TIMES[name]))
    checks = []
    for t, state in zip(TIMES[name], states):
        assert state["t"] == t
        assert sorted(state["views"]) == sorted(names)
        expects = []
        for view, values in state["views"].items():
            for prop in PROPERTIES:
                v = values[prop]
                if prop == "alpha" and v in (0, 1):
                    # Read from what is drawn: an opacity is drawn clamped to 0…1.
                    expects.append(f"{view}.alpha <= 0.00001" if v == 0
                                   else f"{view}.alpha >= 0.99999")
                    continue
                expects.append(f"{view}.{prop} == {num(v)} {within(v, 1e-5)}")
            # Colours within a step (anim's ~= on colours allows 1.5 steps).
            expects.append(f'{view}.color ~= "{values["color"]}"')
        checks.append((t, expects))
    check_with_anim(script, checks, tmp_path)


def test_html_is_self_contained(exported):
    _, _, page = exported["control"]
    text = page.read_text()
    assert "<svg" in text and "anim-state" in text
    assert not re.search(r'\s(src|href)\s*=|@import|url\(', text)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)


# -- Every example, both formats -----------------------------------------------------

@pytest.mark.parametrize("example", sorted(glob.glob(os.path.join(ROOT, "examples", "*.anim"))))
def test_every_example_exports_to_both_formats(example, tmp_path):
    for ext in ("json", "html"):
        out = tmp_path / f"x.{ext}"
        p = run(["export", example, "-o", str(out)])
        assert p.returncode == 0, p.stderr
        assert out.stat().st_size > 0
    with open(tmp_path / "x.json") as f:
        doc = json.load(f)
    errors = list(VALIDATOR.iter_errors(doc))
    assert not errors, [(e.json_path, e.message[:200]) for e in errors[:5]]


# -- The benchmarks: W1 and W2 (BENCHMARKS.md, "Export") -------------------------------

def count_keyframes(doc):
    """Keyframes of the animated properties, by property path, over every layer."""
    counts = {}

    def walk(o, path):
        if isinstance(o, dict):
            if o.get("a") == 1 and isinstance(o.get("k"), list):
                counts[path] = counts.get(path, 0) + len(o["k"])
                return
            for k, v in o.items():
                walk(v, path + "/" + k)
        elif isinstance(o, list):
            for v in o:
                walk(v, path)

    for layer in doc["layers"]:
        walk(layer, "")
    return counts


@pytest.mark.parametrize(
    "workload, keyframes",
    [("w1_blink_grid", {"/ks/o": 119832}), ("w2_spring_grid", {"/ks/p/y": 747251})],
)
def test_benchmark_exports_keep_their_keyframes_in_bounded_memory(workload, keyframes, tmp_path):
    """W1: 10 000 tiles blinking, exact linear keyframes; W2: 10 000 springs,
    one keyframe per frame while each moves. Recorded a track at a time where
    something happens, stored by column and written as made: before that, the
    peaks were 303 MB and 1.2 GB."""
    out = tmp_path / "w.json"
    script = os.path.join(ROOT, "bench", f"{workload}.anim")
    p = subprocess.run(
        ["/usr/bin/time", "-f", "%M", ANIM, "export", script, "-o", str(out), "--to", "9.99"],
        capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    peak_kb = int(p.stderr.strip().splitlines()[-1])
    doc = json.loads(out.read_text())
    assert doc["op"] == 600 and len(doc["layers"]) == 10001
    assert count_keyframes(doc) == keyframes
    # A track gets a builder and keyframes only once something happens to
    # it (W1: one of a view's 28 properties): 92 MB for W1 and 96 MB for W2
    # measured (debug build, 26 Nov 13:55 UTC), where a builder for every
    # property took 159 and 172 MB. By 29 Nov W1 had grown to 159–160 MB
    # (W2 137 MB) with the wider view record of the look's properties, at
    # this bound's edge (a21f00e and 8a9ea49 alike; not yet traced): the
    # bound still catches the 303 MB and 1.2 GB this test was written for.
    assert peak_kb < 200_000, peak_kb


# -- Bad input ------------------------------------------------------------------------

def test_bad_input_is_refused_and_leaves_nothing(tmp_path):
    script = tmp_path / "s.anim"
    script.write_text("view box\nrun fade(out, 1) on box\n")
    p = run(["export", str(script), "-o", str(tmp_path / "x.gif")])
    assert p.returncode == 64 and ".json" in p.stderr and ".html" in p.stderr
    p = run(["export", str(script), "-o", str(tmp_path / "x.json"), "--from", "2", "--to", "1"])
    assert p.returncode == 64
    missing = tmp_path / "no" / "such" / "dir" / "x.json"
    p = run(["export", str(script), "-o", str(missing)])
    assert p.returncode == 74 and not missing.exists()
    assert sorted(os.listdir(tmp_path)) == ["s.anim"]


def test_a_run_that_never_ends_is_recorded_up_to_b(tmp_path):
    script = tmp_path / "s.anim"
    script.write_text("view box\nrun (fade(out, 1) + fade(in, 1)) * forever on box\n")
    out = tmp_path / "x.json"
    p = run(["export", str(script), "-o", str(out), "--to", "3", "--fps", "10"])
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    assert doc["op"] == 31
    keys = doc["layers"][0]["ks"]["o"]["k"]
    assert max(k["t"] for k in keys) <= 30 + 1e-9


def test_a_still_scene_exports_its_frame_at_zero(tmp_path):
    """A script whose clock never moves ends at 0: `--from 0 --to 0` exports
    its one frame (Lottie: valid, one frame, drawn by rlottie; HTML: the
    state at 0 with every property of the table, as Chromium runs it)."""
    from PIL import Image
    from rlottie_python import LottieAnimation

    script = tmp_path / "still.anim"
    script.write_text('stage(width: 40, height: 30, origin: (0, 0))\n'
                      'rect box(x: 20, y: 15, width: 20, height: 10, cornerRadius: 2, color: "#e04020")\n')
    for ext in ("json", "html"):
        p = run(["export", str(script), "--from", "0", "--to", "0", "-o", str(tmp_path / f"s.{ext}")])
        assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "s.json").read_text())
    VALIDATOR.validate(doc)
    assert doc["op"] == 1
    frame = LottieAnimation.from_file(str(tmp_path / "s.json")).render_pillow_frame(frame_num=0)
    assert frame.convert("RGBA").getpixel((20, 15)) == (0xE0, 0x40, 0x20, 255)
    state = browser_state(tmp_path / "s.html", 0)
    assert state["views"]["box"] == {
        "x": 20, "y": 15, "width": 20, "height": 10, "alpha": 1, "rotation": 0, "scaleX": 1,
        "scaleY": 1, "color": "#e04020ff", "cornerRadius": 2}
