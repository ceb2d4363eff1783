"""Fonts by family, weight and style (SPEC §21.5) checked against fontconfig
and the font files it names, with tools anim did not write.

The face: for each family, CSS weight and slant, the face anim reports
(`t.face`) is the full name `fc-match` gives for the same request, the
weight mapped to fontconfig's scale by fontconfig's own
FcWeightFromOpenTypeDouble (called through ctypes).

The glyphs: every contour start of anim's SVG against HarfBuzz (uharfbuzz)
shaping the string in the file `fc-match` names and FreeType (freetype-py)
decomposing its glyphs, to 1e-6; pixels of anim's PNG (Cairo), Chromium
drawing anim's SVG and its HTML player, and its Lottie in rlottie and
thorvg, against Skia filling those FreeType outlines (test_text's reference,
given that file). A text's letters take its face: their boxes against
HarfBuzz's advances in that file.

The errors: an unknown family is refused by `anim check` (exit 65) at the
`font:` argument, the hint naming the three families of `fc-list` nearest
by edit distance (computed here). A font file's path is relative to the
script's folder, whatever the working directory, in every command.
"""

import ctypes
import json
import os
import re
import shutil
import subprocess

import numpy as np
import pytest

from test_text import (
    ORANGE, W, H, assert_text_pixels, expected_contours, script, thorvg_frame)
from test_letters import shaped_letters

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))


def anim(*args, cwd=None, check=True):
    done = subprocess.run([ANIM, *args], capture_output=True, text=True, cwd=cwd)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def fontconfig_weight(css):
    """CSS's weight in fontconfig's scale, by fontconfig itself."""
    library = ctypes.CDLL("libfontconfig.so.1")
    library.FcWeightFromOpenTypeDouble.restype = ctypes.c_double
    library.FcWeightFromOpenTypeDouble.argtypes = [ctypes.c_double]
    return library.FcWeightFromOpenTypeDouble(css)


def fc_match(family, weight, italic):
    """The file and full name fontconfig chooses for the request."""
    pattern = (f"{family}:weight={fontconfig_weight(weight)}:slant={100 if italic else 0}"
               ":variable=false:outline=true")
    out = subprocess.run(["fc-match", "-f", "%{file}\n%{fullname[0]}\n", pattern],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return out[0], out[1]


def settings(family, weight, italic):
    return f'"{family}", weight: {weight}, italic: {"true" if italic else "false"}'


FACES = [
    # family, CSS weight, italic
    ("DejaVu Sans", 700, False),
    ("DejaVu Sans", 200, False),
    ("DejaVu Sans", 400, True),
    ("DejaVu Sans", 900, True),
    ("DejaVu Serif", 700, True),
    ("DejaVu Serif", 300, False),
    ("DejaVu Sans Condensed", 650, True),
    ("DejaVu Sans Mono", 550, False),
]


def test_every_weight_and_slant_is_the_face_fc_match_chooses(tmp_path):
    """100…900 by 50 (and a few between), upright and italic, in each DejaVu
    family: the face anim draws is fontconfig's choice."""
    families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed",
                "DejaVu Serif Condensed"]
    weights = list(range(100, 901, 50)) + [101, 349.5, 375, 899]
    requests = [(f, w, i) for f in families for w in weights for i in (False, True)]
    source = tmp_path / "faces.anim"
    source.write_text("".join(
        f'text t{n}("a", font: {settings(*r)})\nprint t{n}.face\n'
        for n, r in enumerate(requests)))
    faces = anim("run", str(source)).stdout.splitlines()
    expected = [fc_match(*r)[1] for r in requests]
    assert faces == expected
    # The sweep reaches every face the families have here.
    assert {"DejaVu Sans ExtraLight", "DejaVu Sans Bold Oblique", "DejaVu Serif Italic",
            "DejaVu Sans Condensed Bold", "DejaVu Sans Mono Oblique"} <= set(faces)


CASE = ("Hamfiv, AV!", 110, 1.5, "center")


def face_id(face):
    return f"{face[0]}-{face[1]}{'-italic' if face[2] else ''}"


def draw(face, tmp_path):
    """The case in `face` rendered (PNG, SVG) and exported (Lottie, HTML)."""
    source = tmp_path / "t.anim"
    source.write_text(script(*CASE, font=settings(*face)) + "print t.face\n")
    for ext in ("png", "svg"):
        anim("render", str(source), "-o", str(tmp_path / f"t.{ext}"), "--background", "black")
    anim("export", str(source), "-o", str(tmp_path / "t.json"))
    anim("export", str(source), "-o", str(tmp_path / "t.html"))
    return face, fc_match(*face), tmp_path


@pytest.fixture(params=FACES, ids=face_id)
def drawn(request, tmp_path):
    return draw(request.param, tmp_path)


def test_glyphs_are_the_chosen_files_outlines(drawn):
    face, (file, name), tmp = drawn
    assert anim("run", str(tmp / "t.anim")).stdout == name + "\n"
    starts, _, box_w, box_h = expected_contours(*CASE, font_file=file)
    svg = (tmp / "t.svg").read_text()
    data = re.search(r'<path d="([^"]*)"', svg).group(1)
    mine = [(float(x), float(y)) for x, y in re.findall(r"M(-?[\d.e+-]+) (-?[\d.e+-]+)", data)]
    e, f = (float(v) for v in re.search(
        r'transform="matrix\(1 0 0 1 (\S+) (\S+)\)"', svg).groups())
    assert e == pytest.approx(400 - box_w / 2, abs=1e-9)
    assert f == pytest.approx(150 - box_h / 2, abs=1e-9)
    mine = [(x + e - 400, y + f - 150) for x, y in mine]
    assert len(mine) == len(starts)
    worst = max(max(abs(x - ex), abs(y - ey)) for (x, y), (ex, ey) in zip(mine, starts))
    assert worst <= 1e-6


def test_cairo_draws_the_chosen_face(drawn):
    from PIL import Image
    _, (file, _), tmp = drawn
    assert_text_pixels(np.array(Image.open(tmp / "t.png").convert("RGB")), CASE, font_file=file)


def test_lottie_players_draw_the_chosen_face(drawn):
    """No font travels with the Lottie: its glyphs are shapes (no text layer,
    no fonts list), which rlottie and thorvg fill as Skia does."""
    from rlottie_python import LottieAnimation
    _, (file, _), tmp = drawn
    doc = json.loads((tmp / "t.json").read_text())
    assert "fonts" not in doc and "chars" not in doc
    assert all(layer.get("ty") != 5 for layer in doc["layers"])
    frame = LottieAnimation.from_file(str(tmp / "t.json")).render_pillow_frame(frame_num=0)
    assert_text_pixels(np.array(frame.convert("RGB")), CASE, font_file=file)
    assert_text_pixels(thorvg_frame(tmp / "t.json"), CASE, font_file=file)


def browser():
    found = next((shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)),
                 None)
    if found is None:
        pytest.skip("chromium is not installed")
    return found


@pytest.mark.parametrize("face", [FACES[0], FACES[3]], ids=face_id)
def test_chromium_draws_the_svg_and_the_player_alike(face, tmp_path):
    """The SVG and the HTML player name no font (no <text>, no @font-face):
    Chromium draws their glyph outlines as Skia fills the font's (two faces:
    Chromium is the slowest of the players)."""
    from PIL import Image
    face, (file, _), tmp = draw(face, tmp_path)
    for name in ("t.svg", "t.html"):
        page = (tmp / name).read_text()
        assert "<text" not in page and "@font-face" not in page and "font-family" not in page
    shot = tmp / "svg.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size={W},{H}", f"--screenshot={shot}", (tmp / "t.svg").as_uri()],
        capture_output=True, timeout=120, check=True)
    assert_text_pixels(np.array(Image.open(shot).convert("RGB")), CASE, font_file=file)
    shot = tmp / "html.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--window-size={W + 32},{H + 80}", "--virtual-time-budget=2000",
         f"--screenshot={shot}", (tmp / "t.html").as_uri() + "#t=0"],
        capture_output=True, timeout=120, check=True)
    page = np.array(Image.open(shot).convert("RGB"))
    assert_text_pixels(page[16:16 + H, 16:16 + W], CASE, font_file=file)


def test_letters_take_the_text_face(tmp_path):
    """Each letter of a bold oblique text has the advance box HarfBuzz gives
    its cluster in that face's file, and reports that face."""
    face = ("DejaVu Sans", 700, True)
    file, name = fc_match(*face)
    text, size, tracking, align = "Wave fi AV", 56, 2, "left"
    source = tmp_path / "l.anim"
    source.write_text(
        f"stage(width: {W}, height: {H}, background: black)\n"
        f'text t("{text}", font: {settings(*face)}, size: {size}, tracking: {tracking}, '
        f"align: {align}, color: orange, x: 400, y: 150)\n"
        "for l in t.letters {\n  print l.face\n}\n")
    faces = anim("run", str(source)).stdout.splitlines()
    anim("render", str(source), "-o", str(tmp_path / "l.svg"))
    expected, _, _ = shaped_letters(text, size, tracking, align, font_file=file)
    assert faces == [name] * len(expected)
    svg = (tmp_path / "l.svg").read_text()
    for i, (string, left, top, *_) in enumerate(expected):
        e, f = (float(v) for v in re.search(
            rf'data-view="t\.letters\[{i}\]" transform="matrix\(1 0 0 1 (\S+) (\S+)\)"',
            svg).groups())
        assert abs(e - left) <= 1e-6 and abs(f - top) <= 1e-6, (string, (e, f), (left, top))


def distance(a, b):
    """Optimal-string-alignment edit distance, ignoring case."""
    a, b = a.lower(), b.lower()
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1,
                         rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def nearest_families(name):
    listed = subprocess.run(["fc-list", "--format", "%{family}\n"], capture_output=True,
                            text=True, check=True).stdout
    families, seen = [], set()
    for family in sorted({f for line in listed.splitlines() for f in line.split(",") if f}):
        key = family.lower().replace(" ", "")
        if key not in seen:
            seen.add(key)
            families.append(family)
    return sorted(families, key=lambda f: distance(name, f))[:3]


@pytest.mark.parametrize("family", ["DejaVu Sanz", "dejavu serf", "Helvetica", "Comic Sans MS"])
def test_an_unknown_family_is_refused_before_running_naming_the_nearest(family, tmp_path):
    source = tmp_path / "u.anim"
    source.write_text(f'print "ran"\ntext t("Hi", size: 20, font: "{family}")\n')
    for command in (["check"], ["run"], ["render", "-o", str(tmp_path / "u.png")]):
        done = anim(*command, str(source), check=False)
        assert done.returncode == 65 and done.stdout == "", (command, done)
        lines = done.stderr.splitlines()
        assert lines[0] == f"{source}:2:24: error: font '{family}' not found"
        assert lines[-1] == ("  = hint: closest families: " + ", ".join(nearest_families(family))
                             + " (all of them: fc-list : family)")
    assert not (tmp_path / "u.png").exists()


FONT_DIR = "/usr/share/fonts/truetype/dejavu"


def test_a_font_files_path_is_relative_to_the_script_in_every_command(tmp_path):
    """Run from another folder: run, check, test, render, export and preview
    all find `fonts/B.ttf` beside the script, and an imported file's path is
    relative to that file."""
    scripts = tmp_path / "scripts"
    (scripts / "fonts").mkdir(parents=True)
    (scripts / "lib" / "fonts").mkdir(parents=True)
    shutil.copy(f"{FONT_DIR}/DejaVuSans-Bold.ttf", scripts / "fonts" / "B.ttf")
    shutil.copy(f"{FONT_DIR}/DejaVuSerif-Bold.ttf", scripts / "lib" / "fonts" / "B.ttf")
    (scripts / "lib" / "l.anim").write_text('text u("Hi", font: "fonts/B.ttf")\n')
    (scripts / "s.anim").write_text(
        'import "lib/l.anim"\n'
        'text t("Hi", font: "fonts/B.ttf", size: 40, color: orange)\n'
        "print t.face, u.face  # expect: DejaVu Sans Bold DejaVu Serif Bold\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script_path = os.path.join("..", "scripts", "s.anim")
    assert anim("run", script_path, cwd=elsewhere).stdout == "DejaVu Sans Bold DejaVu Serif Bold\n"
    anim("check", script_path, cwd=elsewhere)
    assert "1 passed" in anim("test", script_path, cwd=elsewhere).stdout
    anim("render", script_path, "-o", "s.svg", cwd=elsewhere)
    anim("export", script_path, "-o", "s.json", cwd=elsewhere)
    starts, _, _, _ = expected_contours("Hi", 40, 0, "center",
                                        font_file=f"{FONT_DIR}/DejaVuSans-Bold.ttf")
    paths = re.findall(r'<path d="([^"]*)"', (elsewhere / "s.svg").read_text())
    assert any(len(re.findall("M", d)) == len(starts) for d in paths)
    assert json.loads((elsewhere / "s.json").read_text())["layers"]
    # The preview builds the script from its own folder too (named by its
    # full path: the helper keeps its log beside it).
    from test_preview import Preview, request
    preview = Preview(scripts / "s.anim", cwd=elsewhere)
    try:
        status, _, page = request(preview.port)
        assert status == 200 and "DejaVu Sans Bold DejaVu Serif Bold" in page.decode()
    finally:
        preview.stop()


@pytest.mark.parametrize("at", [0.3, 0.7, 2.0])
def test_the_title_pair_example_plays_in_rlottie_and_thorvg_as_anim_draws_it(at, tmp_path):
    """examples/title_pair.anim (a light line over a bold word, revealed):
    its Lottie played by rlottie and thorvg against anim's own PNG, at
    interior pixels, while the letters rise and at the end."""
    from rlottie_python import LottieAnimation
    from pixel_support import assert_interior_equal
    from PIL import Image
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "title_pair.anim")
    anim("render", example, "-o", str(tmp_path / "t.png"), "--at", str(at))
    anim("export", example, "-o", str(tmp_path / "t.json"))
    mine = np.array(Image.open(tmp_path / "t.png").convert("RGB")).astype(int)
    frame = round(at * 60)
    played = LottieAnimation.from_file(str(tmp_path / "t.json")).render_pillow_frame(
        frame_num=frame)
    # rlottie rounds a layer's opacity coarsely (TOOLS.md): ±4 of 255.
    assert_interior_equal(mine, np.array(played.convert("RGB")).astype(int), tolerance=4)
    drawn = thorvg_frame(tmp_path / "t.json", frame, 640, 300)[:, :, :3].astype(int)
    assert_interior_equal(mine, drawn, tolerance=4)


def collection(fonts):
    """A TrueType collection (OpenType 1.8, "TTC Header") of the font files
    `fonts`, each face's tables copied whole: the header, each face's table
    directory with offsets from the file's start, then the tables."""
    import struct
    faces = []
    for path in fonts:
        data = open(path, "rb").read()
        version, count = struct.unpack(">IH", data[:6])
        records = [struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i]) for i in range(count)]
        faces.append((data[:12], records, data))
    header = 12 + 4 * len(faces)
    directories = [12 + 16 * len(records) for _, records, _ in faces]
    table_start = header + sum(directories)
    out_dirs, tables = [], b""
    for head, records, data in faces:
        directory = head
        for tag, checksum, offset, length in records:
            directory += struct.pack(">4sIII", tag, checksum, table_start + len(tables), length)
            tables += data[offset:offset + length] + b"\0" * (-length % 4)
        out_dirs.append(directory)
    offsets, at = [], header
    for directory in out_dirs:
        offsets.append(at)
        at += len(directory)
    return (b"ttcf" + struct.pack(">HHI", 1, 0, len(faces))
            + b"".join(struct.pack(">I", o) for o in offsets) + b"".join(out_dirs) + tables)


def test_a_face_inside_a_collection_is_the_one_fontconfig_names(tmp_path):
    """fontconfig names a face of a .ttc by its index: anim draws that face
    (its outlines from FreeType's and HarfBuzz's face of the same index), not
    the file's first. The machine's fonts are hidden behind a configuration
    that holds only the collection (DejaVu Sans, then its Bold)."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "pair.ttc").write_bytes(collection(
        [f"{FONT_DIR}/DejaVuSans.ttf", f"{FONT_DIR}/DejaVuSans-Bold.ttf"]))
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        f"<fontconfig><dir>{fonts}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>\n")
    env = dict(os.environ, FONTCONFIG_FILE=str(config))
    listed = subprocess.run(["fc-list", "-f", "%{index} %{fullname[0]}\n"], env=env,
                            capture_output=True, text=True, check=True).stdout
    assert sorted(listed.splitlines()) == ["0 DejaVu Sans", "1 DejaVu Sans Bold"]
    source = tmp_path / "c.anim"
    source.write_text(script(*CASE, font='"DejaVu Sans", weight: bold')
                      + 'text first("a", font: "fonts/pair.ttc")\nprint t.face, "/", first.face\n')
    done = subprocess.run([ANIM, "run", str(source)], env=env, capture_output=True, text=True)
    assert done.stdout == "DejaVu Sans Bold / DejaVu Sans\n", done.stderr
    subprocess.run([ANIM, "render", str(source), "-o", str(tmp_path / "c.svg")], env=env,
                   check=True, capture_output=True)
    starts, _, box_w, box_h = expected_contours(
        *CASE, font_file=str(fonts / "pair.ttc"), index=1)
    svg = (tmp_path / "c.svg").read_text()
    data = re.search(r'<path d="([^"]*)"', svg)  # t's, declared first
    mine = [(float(x), float(y))
            for x, y in re.findall(r"M(-?[\d.e+-]+) (-?[\d.e+-]+)", data.group(1))]
    e, f = (float(v) for v in re.search(
        r'transform="matrix\(1 0 0 1 (\S+) (\S+)\)"', svg).groups())
    mine = [(x + e - 400, y + f - 150) for x, y in mine]
    assert len(mine) == len(starts)
    assert max(max(abs(x - ex), abs(y - ey)) for (x, y), (ex, ey) in zip(mine, starts)) <= 1e-6


SWITCHING = """stage(width: 400, height: 200, background: black)
text t("Switch", size: 64, color: orange, x: 200, y: 100)
run move(by: (0, 0), 3) on t
step 1
t.weight = bold
step 0.5
t.italic = true
"""


@pytest.mark.parametrize("at", [0.5, 1.25, 2.0])
def test_a_face_set_while_playing_is_drawn_from_then_on_by_every_player(at, tmp_path):
    """The weight set at 1 s and the slant at 1.5 s: each exported drawing
    (one per face shown, each visible for its frames) is the one anim's
    PNG shows at that time, in rlottie, thorvg and the HTML player."""
    from rlottie_python import LottieAnimation
    from pixel_support import assert_interior_equal, load
    from PIL import Image
    source = tmp_path / "s.anim"
    source.write_text(SWITCHING)
    anim("render", str(source), "-o", str(tmp_path / "s.png"), "--at", str(at))
    anim("export", str(source), "-o", str(tmp_path / "s.json"), "--to", "2.5")
    anim("export", str(source), "-o", str(tmp_path / "s.html"), "--to", "2.5")
    mine = load(tmp_path / "s.png")
    frame = round(at * 60)
    played = LottieAnimation.from_file(str(tmp_path / "s.json")).render_pillow_frame(
        frame_num=frame)
    assert_interior_equal(mine, np.array(played.convert("RGB")).astype(int), tolerance=4)
    drawn = thorvg_frame(tmp_path / "s.json", frame, 400, 200)[:, :, :3].astype(int)
    assert_interior_equal(mine, drawn, tolerance=4)
    shot = tmp_path / "html.png"
    subprocess.run(
        [browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--window-size=432,280", "--virtual-time-budget=2000",
         f"--screenshot={shot}", (tmp_path / "s.html").as_uri() + f"#t={at}"],
        capture_output=True, timeout=120, check=True)
    page = np.array(Image.open(shot).convert("RGB")).astype(int)
    assert_interior_equal(mine, page[16:216, 16:416], tolerance=2)
    # The three faces' drawings differ: each glyph is written once per face
    # (SPEC §23.3's glyph reuse), so every letter of "Switch" three times.
    doc = json.loads((tmp_path / "s.json").read_text())
    glyphs = [layer["nm"].split(": ", 1)[1] for asset in doc["assets"]
              for layer in asset.get("layers", []) if layer.get("nm", "").startswith("glyph ")]
    assert sorted(glyphs) == sorted("Switch" * 3)


def test_fontconfig_is_loaded_by_a_text_only(tmp_path):
    """fontconfig (with FreeType and HarfBuzz) is opened on first use: `anim
    check` and `anim run` of a script without text load none of them; a
    text's family written out is looked up by `anim check` itself."""
    plain = tmp_path / "plain.anim"
    plain.write_text("view v(alpha: 0.5)\nprint v.alpha\n")
    named = tmp_path / "named.anim"
    named.write_text('text t("Hi", font: "DejaVu Serif", weight: bold)\nprint t.face\n')
    env = dict(os.environ, LD_DEBUG="files")
    for command in ("check", "run"):
        trace = subprocess.run([ANIM, command, str(plain)], capture_output=True, text=True,
                               env=env, check=True)
        assert "libfontconfig.so.1" not in trace.stderr, command
    trace = subprocess.run([ANIM, "check", str(named)], capture_output=True, text=True, env=env,
                           check=True)
    assert "libfontconfig.so.1" in trace.stderr
    assert anim("run", str(named)).stdout == "DejaVu Serif Bold\n"


VARIABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts",
                        "AnimTestVariable.ttf")


@pytest.mark.parametrize("weight", [150, 300, 400, 650, 700, 900])
def test_a_variable_fonts_named_instance_is_drawn_as_fontconfig_names_it(weight, tmp_path):
    """A variable font (fonts/AnimTestVariable.ttf: Light, Regular, Bold on
    a `wght` axis; its stem's width and advance move with the axis) is
    matched by its named instances, never its whole design space: anim's
    face is fc-match's, and its outlines and advances are FreeType's and
    HarfBuzz's at that instance (FreeType's face index, whose high bits
    name it, and HarfBuzz's), not the default's."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copy(VARIABLE, fonts)
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        f"<fontconfig><dir>{fonts}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>\n")
    env = dict(os.environ, FONTCONFIG_FILE=str(config))
    pattern = (f"Anim Test Variable:weight={fontconfig_weight(weight)}:slant=0"
               ":variable=false:outline=true")
    index, name = subprocess.run(
        ["fc-match", "-f", "%{index}\n%{fullname[0]}", pattern], env=env, capture_output=True,
        text=True, check=True).stdout.split("\n")
    case = ("II I", 100, 0, "center")
    source = tmp_path / "v.anim"
    source.write_text(script(*case, font=f'"Anim Test Variable", weight: {weight}')
                      + "print t.face\n")
    done = subprocess.run([ANIM, "run", str(source)], env=env, capture_output=True, text=True)
    assert done.stdout == name + "\n", done.stderr
    subprocess.run([ANIM, "render", str(source), "-o", str(tmp_path / "v.svg")], env=env,
                   check=True, capture_output=True)
    starts, paths, box_w, box_h = expected_contours(
        *case, font_file=str(fonts / "AnimTestVariable.ttf"), index=int(index))
    svg = (tmp_path / "v.svg").read_text()
    data = re.search(r'<path d="([^"]*)"', svg).group(1)
    e, f = (float(v) for v in re.search(
        r'transform="matrix\(1 0 0 1 (\S+) (\S+)\)"', svg).groups())
    assert e == pytest.approx(400 - box_w / 2, abs=1e-9)
    # Every stem's corners: the end points of anim's segments (its lines
    # are cubics) against the reference's points, in the same coordinates.
    ends = [args.split()[-2] for command, args in re.findall(r"([MLC])([^MLCZ]*)", data)]
    xs = sorted({round(float(x) + e - 400, 6) for x in ends})
    expected = sorted({round(p.x(), 6) for path in paths
                       for p in path.getPoints(path.countPoints())})
    assert xs == expected
    # The instance changes the stems: Light 35, Regular 40, Bold 52 per I.
    assert box_w == pytest.approx({"Light": 3 * 35 + 25, "Regular": 3 * 40 + 25,
                                   "Bold": 3 * 52 + 25}[name.split()[-1]], abs=1e-9)
