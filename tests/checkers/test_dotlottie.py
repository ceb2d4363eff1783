"""`anim import` of dotLottie files (docs/spec.md §25): ZIP archives of a
manifest, animations and their images, made here by Python's `zipfile`
(an independent writer, deflating with zlib) in the layouts of dotLottie v1
(`animations/ID.json`, `images/`) and v2 (`a/ID.json`, `i/`).

- An archive imports to the same script, and draws the same pixels, as its
  animation imported from a plain JSON file with the same images embedded
  as data URIs; `--animation` chooses among several, and a note names the
  others when it is left out.
- `anim export -o FILE.lottie` writes the `.json` export byte for byte in
  an archive that Python's `zipfile` and Info-ZIP's `unzip -t` read with
  their CRC-32s checked, and that `anim import` reads back.
- Hostile archives (a bomb whose entries lie about their size, 20 000
  entries, truncated, damaged data, a wrong CRC-32, encrypted, a method
  other than stored and deflate, ZIP64 sizes past the file, no manifest, a
  manifest of the wrong types, an animation that is not there): exit 65
  with a message saying why, in bounded time and memory.
"""

import base64
import io
import json
import os
import struct
import subprocess
import zipfile
import zlib

import numpy as np
import pytest
from PIL import Image

from corpus_support import measured_run

ANIM = os.environ.get("ANIM", ".build/debug/anim")
GIB_KIB = 1024 * 1024


def run(*args, stdin=None, timeout=120):
    return subprocess.run([ANIM, *args], capture_output=True, input=stdin, timeout=timeout)


def png_bytes(color, size=(8, 6)):
    out = io.BytesIO()
    Image.new("RGBA", size, color).save(out, format="PNG")
    return out.getvalue()


def animation(image=None, colour=(1, 0, 0, 1)):
    """A 100 × 100 Lottie: a moving rectangle, and the image asset `image`
    ((id, u, p, e)) shown by an image layer when given."""
    layers = [{"ty": 4, "nm": "Box", "ip": 0, "op": 30, "st": 0,
               "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [20, 50], "o": {"x": [0.4], "y": [0]},
                                           "i": {"x": [0.2], "y": [1]}}, {"t": 29, "s": [80, 50]}]}},
               "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [30, 20]}},
                          {"ty": "fl", "c": {"a": 0, "k": list(colour)}, "o": {"a": 0, "k": 100}}]}]
    assets = []
    if image:
        ident, u, p, e = image
        assets.append({"id": ident, "w": 8, "h": 6, "u": u, "p": p, "e": e})
        layers.insert(0, {"ty": 2, "nm": "Photo", "refId": ident, "ip": 0, "op": 30, "st": 0,
                          "ks": {"p": {"a": 0, "k": [50, 20]}, "s": {"a": 0, "k": [400, 400]}}})
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": assets,
            "layers": layers}


def archive(path, files, compression=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in files.items():
            z.writestr(name, data if isinstance(data, bytes) else json.dumps(data))
    return str(path)


def manifest(*ids, version="1"):
    return {"version": version, "generator": "test", "animations": [{"id": i} for i in ids]}


def inlined(doc, images):
    """`doc` with each image asset's file (from `images`, by name) as a data URI."""
    doc = json.loads(json.dumps(doc))
    for asset in doc["assets"]:
        if "p" in asset and asset["p"] in images:
            asset.update(u="", e=1, p="data:image/png;base64," + base64.b64encode(images[asset["p"]]).decode())
    return doc


def body(script_path):
    """The script without its first line (which names the file it came from)."""
    return open(script_path).read().split("\n", 1)[1]


def rendered(script, png):
    result = run("render", str(script), "-o", str(png), "--at", "0.5", "--quiet")
    assert result.returncode == 0, result.stderr
    return np.array(Image.open(png).convert("RGBA"))


@pytest.mark.parametrize("layout", ["v1", "v2", "v1-embedded-flag"])
def test_an_archive_imports_as_its_animation_with_its_images(tmp_path, layout):
    photo = png_bytes((0, 120, 255, 255))
    if layout == "v2":
        files_image = ("i/photo.png", ("img_0", "/i/", "photo.png", 0))
        name = "a/Main Scene.json"
    elif layout == "v1":
        files_image = ("images/photo.png", ("img_0", "/images/", "photo.png", 0))
        name = "animations/Main Scene.json"
    else:
        # dotLottie-js v1 writes `e: 1` with a plain file name.
        files_image = ("images/photo.png", ("img_0", "", "photo.png", 1))
        name = "animations/Main Scene.json"
    doc = animation(files_image[1])
    lottie = archive(tmp_path / "badge.lottie", {
        "manifest.json": manifest("Main Scene", version="2" if layout == "v2" else "1"),
        name: doc, files_image[0]: photo})
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(inlined(doc, {"photo.png": photo})))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = run("import", lottie, "-o", str(tmp_path / "a" / "badge.anim"))
    assert first.returncode == 0, first.stderr
    assert first.stderr == b""
    second = run("import", str(plain), "-o", str(tmp_path / "b" / "badge.anim"))
    assert second.returncode == 0, second.stderr
    assert body(tmp_path / "a" / "badge.anim") == body(tmp_path / "b" / "badge.anim")
    assert f"from badge.lottie/{name}".encode() in open(tmp_path / "a" / "badge.anim", "rb").readline()
    assert (tmp_path / "a" / "badge_img_0.png").read_bytes() == photo
    mine = rendered(tmp_path / "a" / "badge.anim", tmp_path / "a.png")
    theirs = rendered(tmp_path / "b" / "badge.anim", tmp_path / "b.png")
    assert np.array_equal(mine, theirs)
    # The image is drawn: blue where the photo is, red where the box is.
    assert tuple(mine[30, 60][:3]) == (0, 120, 255)


def test_the_animation_is_chosen_and_the_others_named(tmp_path):
    lottie = archive(tmp_path / "two.lottie", {
        "manifest.json": manifest("red", "green", version="2"),
        "a/red.json": animation(colour=(1, 0, 0, 1)), "a/green.json": animation(colour=(0, 1, 0, 1))})
    first = run("import", lottie, "-o", str(tmp_path / "red.anim"))
    assert first.returncode == 0
    assert first.stderr.decode() == (
        f"{lottie}: note: 2 animations; imported 'red' (the others: green); choose one with --animation ID\n")
    chosen = run("import", lottie, "--animation", "green", "-o", str(tmp_path / "green.anim"))
    assert chosen.returncode == 0 and chosen.stderr == b""
    assert "#00ff00" in open(tmp_path / "green.anim").read()
    missing = run("import", lottie, "--animation", "blue")
    assert missing.returncode == 65
    assert missing.stderr.decode() == (
        f"{lottie}: error: the dotLottie archive has no animation 'blue' (it has 'red', 'green')\n")
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(animation()))
    usage = run("import", str(plain), "--animation", "red")
    assert usage.returncode == 64
    assert b"--animation chooses an animation of a dotLottie file" in usage.stderr


def test_state_machines_are_noted_at_the_manifest_and_themes_named(tmp_path):
    listed = dict(manifest("x", version="2"), stateMachines=[{"id": "s1"}, {"id": "s2"}], themes=[{"id": "dark"}])
    lottie = archive(tmp_path / "i.lottie", {"manifest.json": listed, "a/x.json": animation(),
                                             "s/s1.json": {"states": []}, "t/dark.json": {"rules": []}})
    result = run("import", lottie, "-o", str(tmp_path / "i.anim"))
    assert result.returncode == 0
    assert result.stderr.decode() == (
        f"{lottie}: note: 1 theme (dark), none applied; apply one with --theme ID\n"
        f"{lottie}/manifest.json: /stateMachines: warning: 2 state machines (interactivity) not imported\n")
    strict = run("import", lottie, "--strict", "-o", str(tmp_path / "s.anim"))
    assert strict.returncode == 65
    assert strict.stderr.decode().endswith(
        f"{lottie}/a/x.json: error: 1 feature cannot be expressed (--strict); nothing written\n")
    assert not (tmp_path / "s.anim").exists()


def test_an_archive_from_standard_input(tmp_path):
    lottie = archive(tmp_path / "s.lottie", {"manifest.json": manifest("x"), "animations/x.json": animation()})
    result = run("import", "-", stdin=open(lottie, "rb").read())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"# Imported by `anim import` from <stdin>/animations/x.json")


def test_notes_point_into_the_archived_animation(tmp_path):
    doc = animation()
    doc["layers"][0]["ef"] = [{"ty": 5, "nm": "Slider"}]
    lottie = archive(tmp_path / "n.lottie", {"manifest.json": manifest("x"), "animations/x.json": doc})
    result = run("import", lottie, "-o", str(tmp_path / "n.anim"))
    assert result.returncode == 0
    assert result.stderr.decode().startswith(f"{lottie}/animations/x.json: /layers/0/ef/0: warning:")


def stored_zip(entries, comment=b""):
    """A ZIP written by hand (stored entries), with its central directory
    fields given: `entries` are (name, data, overrides) where overrides may
    set method, flags, crc, csize, usize, offset."""
    local, central = b"", b""
    for name, data, over in entries:
        name = name.encode()
        offset = len(local)
        crc = over.get("crc", zlib.crc32(data))
        method, flags = over.get("method", 0), over.get("flags", 0)
        csize, usize = over.get("csize", len(data)), over.get("usize", len(data))
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, 0, 0, crc, len(data), len(data),
                             len(name), 0) + name + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, method, 0, 0, crc, csize, usize,
                               len(name), len(over.get("extra", b"")), 0, 0, 0, 0,
                               over.get("offset", offset)) + name + over.get("extra", b"")
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(local),
                      len(comment)) + comment
    return local + central + end


def refused(tmp_path, data, message, name="bad.lottie"):
    path = tmp_path / name
    path.write_bytes(data)
    result, rss = measured_run(["import", str(path), "-o", str(tmp_path / "out.anim")], timeout=60)
    assert result.returncode == 65, result.stderr
    assert message in result.stderr, result.stderr
    assert rss < GIB_KIB
    assert not (tmp_path / "out.anim").exists()
    return result.stderr


MANIFEST = json.dumps(manifest("x")).encode()
ANIMATION = json.dumps(animation()).encode()


def test_a_bomb_is_refused_at_its_declared_size(tmp_path):
    # 300 MB of zeros deflate to 300 KB; the entry says 1 000 bytes.
    zeros = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = zeros.compress(b"\0" * 300_000_000) + zeros.flush()
    data = stored_zip([("manifest.json", MANIFEST, {}),
                       ("animations/x.json", bomb, {"method": 8, "usize": 1000, "crc": 0})])
    refused(tmp_path, data, "'animations/x.json' inflates past its declared size of 1000 bytes")
    # Declared at its real size, it passes the import's 100 MB limit.
    data = stored_zip([("manifest.json", MANIFEST, {}),
                       ("animations/x.json", bomb, {"method": 8, "usize": 300_000_000, "crc": 0})])
    refused(tmp_path, data, "'animations/x.json' is 300000000 bytes, larger than the limit of 100000000")


def test_damaged_archives_say_why(tmp_path):
    good = stored_zip([("manifest.json", MANIFEST, {}), ("animations/x.json", ANIMATION, {})])
    refused(tmp_path, good[: len(good) // 2], "has no end of central directory record")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}), ("animations/x.json", ANIMATION, {"crc": 7})]),
            "'animations/x.json' fails its CRC-32 check")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}), ("animations/x.json", ANIMATION, {"flags": 1})]),
            "'animations/x.json' is encrypted")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}), ("animations/x.json", ANIMATION, {"method": 14})]),
            "'animations/x.json' is compressed by method 14 (only stored and deflate are read)")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}),
                                  ("animations/x.json", b"\xff\xff\xff" * 10, {"method": 8, "usize": 50})]),
            "'animations/x.json' is not valid deflate data")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}),
                                  ("animations/x.json", ANIMATION, {"offset": 10 ** 9})]),
            "'animations/x.json''s local header is missing or damaged")
    # ZIP64 sizes far past the file (2⁶⁴ − 1): refused, no overflow.
    extra = struct.pack("<HHQQ", 1, 16, 2 ** 64 - 1, 2 ** 64 - 1)
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {}),
                                  ("animations/x.json", ANIMATION,
                                   {"csize": 0xFFFFFFFF, "usize": 0xFFFFFFFF, "extra": extra})]),
            "a ZIP64 size is past any file's")
    # With a data descriptor (flag 8) too: ZIPFoundation 0.9.20 traps on this one.
    refused(tmp_path, stored_zip([("animations/x.json", b"{}",
                                   {"flags": 8, "csize": 0xFFFFFFFF, "usize": 0xFFFFFFFF, "extra": extra})]),
            "a ZIP64 size is past any file's")
    # An end record that claims more entries than its directory can hold.
    lie = bytearray(good)
    struct.pack_into("<HH", lie, len(lie) - 22 + 8, 60000, 60000)
    refused(tmp_path, bytes(lie), "it lists more files than its central directory can hold")


def test_twenty_thousand_entries_are_refused(tmp_path):
    entries = [(f"i/{k}.png", b"", {}) for k in range(20_000)]
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {})] + entries),
            "it lists 20001 files, more than the limit of 10000")


def test_manifests_that_say_nothing_useful(tmp_path):
    refused(tmp_path, stored_zip([("animations/x.json", ANIMATION, {})]), "the dotLottie archive has no manifest.json")
    refused(tmp_path, stored_zip([("manifest.json", b"{\"animations\": 3}", {})]),
            "the dotLottie archive's manifest.json: /animations: expected an array, found a number")
    refused(tmp_path, stored_zip([("manifest.json", b"[[[[", {})]), "the dotLottie archive's manifest.json:")
    refused(tmp_path, stored_zip([("manifest.json", b"{\"animations\": []}", {})]),
            "the dotLottie archive's manifest.json lists no animation")
    refused(tmp_path, stored_zip([("manifest.json", MANIFEST, {})]),
            "the dotLottie archive lists the animation 'x' but holds no a/x.json or animations/x.json")


def test_a_missing_or_unreadable_webp_image_is_refused_at_its_asset(tmp_path):
    doc = animation(("img_0", "/i/", "photo.webp", 0))
    refused(tmp_path, open(archive(tmp_path / "m.lottie", {"manifest.json": manifest("x"), "a/x.json": doc}),
                           "rb").read(),
            "/assets/0/p: error: the image '/i/photo.webp' is not in the dotLottie archive")
    cases = [
        # A header that says nothing of a size.
        (b"RIFF\x1a\0\0\0WEBPVP8L" + b"\0" * 14, "the WebP image's header cannot be read"),
        # An extended header of 10 000 × 10 000 pixels.
        (b"RIFF\x1a\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0" + struct.pack("<I", 9999)[:3] + struct.pack("<I", 9999)[:3],
         "the WebP image is 10000 × 10000 pixels, more than the limit of 64 megapixels"),
        # A valid lossless header, then nothing an image is made of.
        (b"RIFF\x20\0\0\0WEBPVP8L\x10\0\0\0\x2f\x07\xc0\x01" + b"\xff" * 12,
         "ffmpeg cannot convert the WebP image"),
    ]
    frames = [Image.new("RGBA", (8, 6), c) for c in ((255, 0, 0, 255), (0, 255, 0, 255))]
    moving = io.BytesIO()
    frames[0].save(moving, format="WEBP", save_all=True, append_images=frames[1:], duration=100, lossless=True)
    cases.append((moving.getvalue(), "the WebP image is animated (anim reads still images)"))
    for k, (webp, message) in enumerate(cases):
        data = open(archive(tmp_path / f"w{k}.lottie", {"manifest.json": manifest("x"), "a/x.json": doc,
                                                         "i/photo.webp": webp}), "rb").read()
        refused(tmp_path, data, "/assets/0/p: error: " + message)


def webp(image, **options):
    out = io.BytesIO()
    image.save(out, format="WEBP", **options)
    return out.getvalue()


def test_webp_images_are_converted_to_png(tmp_path):
    """A dotLottie v2's images are WebP: each is written as the PNG the
    script reads, decoded by ffmpeg; Pillow's libwebp decodes the same file
    independently. Lossless: the same pixels. Lossy (4:2:0 colour, which
    the two upsample their own ways): 1 level apart on average, 12 at the
    99th percentile (premultiplied), and as close to the picture that was
    compressed as libwebp's decode is."""
    # Gradients, a hard-edged disc and a transparent hole: what the
    # pictures in public files hold (not noise, where 4:2:0 is lost).
    y, x = np.mgrid[0:48, 0:64]
    pixels = np.zeros((48, 64, 4), np.uint8)
    pixels[..., 0] = x * 4
    pixels[..., 1] = 255 - y * 5
    pixels[..., 2] = np.where((x - 40) ** 2 + (y - 24) ** 2 < 144, 230, 40)
    pixels[..., 3] = 255
    pixels[10:20, 10:30, 3] = 0
    picture = Image.fromarray(pixels)
    for k, options in enumerate([{"lossless": True}, {"quality": 80}]):
        data = webp(picture, **options)
        doc = animation((f"img_{k}", "/i/", "photo.webp", 0))
        lottie = archive(tmp_path / f"p{k}.lottie", {"manifest.json": manifest("x", version="2"), "a/x.json": doc,
                                                    "i/photo.webp": data})
        (tmp_path / f"o{k}").mkdir()
        result = run("import", lottie, "-o", str(tmp_path / f"o{k}" / "p.anim"))
        assert result.returncode == 0, result.stderr
        png = tmp_path / f"o{k}" / f"p_img_{k}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        mine = np.asarray(Image.open(png).convert("RGBA")).astype(float)
        theirs = np.asarray(Image.open(io.BytesIO(data)).convert("RGBA")).astype(float)
        assert mine.shape == theirs.shape
        assert np.array_equal(mine[..., 3], theirs[..., 3])
        difference = np.abs(mine[..., :3] * mine[..., 3:] - theirs[..., :3] * theirs[..., 3:]) / 255
        if options.get("lossless"):
            assert difference.max() == 0
        else:
            assert difference.mean() < 1 and np.percentile(difference, 99) <= 12, difference.max()
            seen = pixels[..., 3] > 0
            mine_off = np.abs(mine[..., :3] - pixels[..., :3])[seen].mean()
            theirs_off = np.abs(theirs[..., :3] - pixels[..., :3])[seen].mean()
            assert mine_off <= theirs_off + 0.5, (mine_off, theirs_off)
        assert rendered(tmp_path / f"o{k}" / "p.anim", tmp_path / f"o{k}" / "f.png").shape == (100, 100, 4)
    # The same from a data URI, and from a file beside a plain Lottie file.
    data = webp(picture, lossless=True)
    plain = animation(("img_0", "", "data:image/webp;base64," + base64.b64encode(data).decode(), 1))
    (tmp_path / "uri.json").write_text(json.dumps(plain))
    (tmp_path / "u").mkdir()
    assert run("import", str(tmp_path / "uri.json"), "-o", str(tmp_path / "u" / "u.anim")).returncode == 0
    assert np.array_equal(np.asarray(Image.open(tmp_path / "u" / "u_img_0.png").convert("RGBA")),
                          np.asarray(Image.open(io.BytesIO(data)).convert("RGBA")))
    (tmp_path / "photo.webp").write_bytes(data)
    (tmp_path / "beside.json").write_text(json.dumps(animation(("img_0", "", "photo.webp", 0))))
    (tmp_path / "b").mkdir()
    result = run("import", str(tmp_path / "beside.json"), "-o", str(tmp_path / "b" / "b.anim"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "b" / "b_img_0.png").read_bytes()[:4] == b"\x89PNG"


# Slots and themes (docs/spec.md §25): a property naming a slot (`sid`)
# takes the value of the animation's `slots`, or of a dotLottie theme's
# rule for it. ThorVG applies a file's slots as it loads it, and a theme's
# through its slot API (`gen_slot`, `apply_slot`), given the theme as the
# slots the dotLottie players make of it — written here from the dotLottie
# 2 format, not by anim.

THORVG = r"""
import sys, json, numpy as np, thorvg_python as tvg
path, slots, font, out, w, h = sys.argv[1:7]
w, h = int(w), int(h)
frames = [float(f) for f in sys.argv[7].split(",")]
engine = tvg.Engine(threads=0)
if font:
    assert tvg.Text(engine).font_load(font) == 0
canvas = tvg.SwCanvas(engine)
canvas.set_target(w, h)
anim = tvg.LottieAnimation(engine)
pic = anim.get_picture()
assert pic.load(path) == 0
pic.set_size(w, h)
canvas.add(pic)
if slots:
    assert anim.apply_slot(anim.gen_slot(slots)) == 0
shots = []
for f in frames:
    anim.set_frame(f)
    canvas.update(); canvas.draw(True); canvas.sync()
    shots.append(np.array(canvas.get_pillow().convert("RGBA")))
np.save(out, np.stack(shots))
"""

SLOT_FRAMES = [0, 7, 14, 21, 28]


def thorvg_frames(doc_path, slots, tmp_path, font="", size=(100, 100)):
    """ThorVG's frames of the Lottie at doc_path, with `slots` applied
    through its slot API and the font file `font` loaded (premultiplied,
    as ThorVG draws them)."""
    import sys
    out = str(tmp_path / "thorvg.npy")
    done = subprocess.run([sys.executable, "-c", THORVG, str(doc_path), json.dumps(slots) if slots else "", font,
                           out, str(size[0]), str(size[1]), ",".join(map(str, SLOT_FRAMES))],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return list(np.load(out).astype(int))


def slotted_animation(slots=None):
    """A 100 × 100 Lottie whose box names slots for its scale, colour,
    opacity and position, and whose bar names one for its gradient. (Not
    a rectangle's size: thorvg-python 1.1.3's ThorVG crashes, SIGSEGV, on
    a slot there; `ImportSlotTests` covers it.)"""
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
        {"ty": 4, "nm": "Box", "ip": 0, "op": 30, "st": 0,
         "ks": {"p": {"a": 0, "k": [30, 30], "sid": "place"}, "o": {"a": 0, "k": 100, "sid": "fade"},
                "s": {"a": 0, "k": [100, 100], "sid": "grow"}},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}},
                    {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0], "sid": "paint"}, "o": {"a": 0, "k": 100}}]},
        {"ty": 4, "nm": "Bar", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [50, 85]}},
         "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [80, 10]}},
                    {"ty": "gf", "t": 1, "s": {"a": 0, "k": [-40, 0]}, "e": {"a": 0, "k": [40, 0]},
                     "o": {"a": 0, "k": 100},
                     "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 0, 0, 0], "sid": "ramp"}}}]}]}
    if slots:
        doc["slots"] = slots
    return doc


NIGHT = [
    {"id": "paint", "type": "Color", "value": [0.2, 0.4, 1, 1]},
    {"id": "fade", "type": "Scalar", "keyframes": [
        {"frame": 0, "value": 100, "outTangent": {"x": 0.4, "y": 0}, "inTangent": {"x": 0.6, "y": 1}},
        {"frame": 28, "value": 40}]},
    {"id": "grow", "type": "Vector", "value": [200, 120]},
    {"id": "place", "type": "Position", "keyframes": [
        {"frame": 0, "value": [30, 30], "hold": True}, {"frame": 14, "value": [60, 40]}]},
    {"id": "ramp", "type": "Gradient", "value": [
        {"offset": 0, "color": [1, 0.8, 0, 1]}, {"offset": 0.5, "color": [0, 1, 0.5, 1]},
        {"offset": 1, "color": [0.5, 0, 1, 1]}]},
    {"id": "unused", "type": "Color", "value": [0, 0, 0], "animations": ["other"]},
]


def slots_of(rules, animation_id):
    """The Lottie slots a dotLottie theme's rules give an animation."""
    def prop(rule, convert):
        if "keyframes" not in rule:
            return {"a": 0, "k": convert(rule["value"])}
        keys = []
        for k in rule["keyframes"]:
            key = {"t": k["frame"], "s": convert(k["value"])}
            for theirs, ours in (("inTangent", "i"), ("outTangent", "o")):
                if theirs in k:
                    key[ours] = k[theirs]
            if k.get("hold"):
                key["h"] = 1
            keys.append(key)
        return {"a": 1, "k": keys}

    def gradient(stops):
        return [x for s in stops for x in [s["offset"], *s["color"][:3]]] + \
            [x for s in stops for x in [s["offset"], s["color"][3]]]
    slots = {}
    for rule in rules:
        if "animations" in rule and animation_id not in rule["animations"]:
            continue
        kind = rule["type"]
        if kind == "Gradient":
            slots[rule["id"]] = {"p": {"p": len(rule["value"]), "k": prop(rule, gradient)}}
        else:
            cut = {"Color": 3, "Vector": 2, "Position": 2}.get(kind)
            slots[rule["id"]] = {"p": prop(rule, (lambda v: v[:cut]) if cut else (lambda v: v))}
    return slots


def anim_drawn(script, tmp_path):
    from corpus_support import anim_frames
    return anim_frames(script, tmp_path, SLOT_FRAMES, 30)


def assert_drawn_alike(mine, theirs):
    from corpus_support import difference
    for k, (a, b) in enumerate(zip(mine, theirs)):
        assert difference(a, b) <= 0.001, f"frame {SLOT_FRAMES[k]}: {difference(a, b):.4f} of the drawn pixels differ"


def test_a_files_own_slots_are_drawn_as_thorvg_draws_them(tmp_path):
    slots = slots_of(NIGHT, "x")
    doc_path = tmp_path / "slotted.json"
    doc_path.write_text(json.dumps(slotted_animation(slots)))
    imported = run("import", str(doc_path), "-o", str(tmp_path / "slotted.anim"))
    assert imported.returncode == 0 and imported.stderr == b"", imported.stderr
    mine = anim_drawn(tmp_path / "slotted.anim", tmp_path)
    assert_drawn_alike(mine, thorvg_frames(doc_path, None, tmp_path))
    # The slots made the difference: the box is the slot's blue, not red.
    assert tuple(mine[0][30, 30][:3]) == (51, 102, 255)


def test_a_theme_is_drawn_as_thorvg_draws_its_slots(tmp_path):
    doc = slotted_animation()
    lottie = archive(tmp_path / "box.lottie", {
        "manifest.json": dict(manifest("x", version="2"), themes=[{"id": "day"}, {"id": "night"}]),
        "a/x.json": doc, "t/night.json": {"rules": NIGHT}, "t/day.json": {"rules": []}})
    doc_path = tmp_path / "x.json"
    doc_path.write_text(json.dumps(doc))
    themed = run("import", lottie, "--theme", "night", "-o", str(tmp_path / "night.anim"))
    assert themed.returncode == 0 and themed.stderr == b"", themed.stderr
    mine = anim_drawn(tmp_path / "night.anim", tmp_path)
    assert_drawn_alike(mine, thorvg_frames(doc_path, slots_of(NIGHT, "x"), tmp_path))
    plain = thorvg_frames(doc_path, None, tmp_path)
    assert all(np.abs(a - b).max() > 100 for a, b in zip(mine, plain))
    # A theme of no rules draws the animation as it is.
    day = run("import", lottie, "--theme", "day", "-o", str(tmp_path / "day.anim"))
    assert day.returncode == 0
    assert_drawn_alike(anim_drawn(tmp_path / "day.anim", tmp_path), plain)


def test_a_themes_image_and_text_come_from_the_archive(tmp_path):
    doc = animation(("img_0", "i/", "day.png", 0))
    lottie = archive(tmp_path / "photo.lottie", {
        "manifest.json": dict(manifest("x", version="2"), themes=[{"id": "night"}]),
        "a/x.json": dict(doc, assets=[dict(doc["assets"][0], sid="photo")]),
        "i/day.png": png_bytes((255, 200, 0, 255)), "i/night.png": png_bytes((20, 20, 90, 255)),
        "t/night.json": {"rules": [{"id": "photo", "type": "Image", "value": {"src": "i/night.png"}}]}})
    themed = run("import", lottie, "--theme", "night", "-o", str(tmp_path / "n.anim"))
    assert themed.returncode == 0, themed.stderr
    assert tuple(rendered(tmp_path / "n.anim", tmp_path / "n.png")[30, 60][:3]) == (20, 20, 90)
    plain = run("import", lottie, "-o", str(tmp_path / "d.anim"))
    assert plain.returncode == 0
    assert tuple(rendered(tmp_path / "d.anim", tmp_path / "d.png")[30, 60][:3]) == (255, 200, 0)


def test_a_theme_that_cannot_be_applied_says_why(tmp_path):
    files = {"manifest.json": dict(manifest("x", version="2"),
                                   themes=[{"id": "dark"}, {"id": "lost"}, {"id": "words"}]),
             "a/x.json": slotted_animation(),
             "t/dark.json": {"rules": [{"id": "paint", "type": "Color", "value": [1, 0]}]},
             # A rule whose type does not fit the property naming its slot.
             "t/words.json": {"rules": [{"id": "paint", "type": "Text", "value": {"text": "hi"}}]}}
    lottie = archive(tmp_path / "t.lottie", files)
    cases = [
        ("nope", "error: the dotLottie archive has no theme 'nope' (it has 'dark', 'lost', 'words')"),
        ("lost", "error: the dotLottie archive lists the theme 'lost' but holds no t/lost.json"),
        ("dark", "error: the dotLottie archive's t/dark.json: /rules/0/value: expected 3 numbers, found 2"),
    ]
    for theme, message in cases:
        result = run("import", lottie, "--theme", theme, "-o", str(tmp_path / "t.anim"))
        assert result.returncode == 65
        assert result.stderr.decode() == f"{lottie}: {message}\n"
    words = run("import", lottie, "--theme", "words", "-o", str(tmp_path / "t.anim"))
    assert words.returncode == 65
    assert words.stderr.decode() == (
        f"{lottie}/a/x.json: theme t/words.json: /slots/paint/p/k/0/s: error: "
        "expected a number or an array of numbers, found an object\n")
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(animation()))
    usage = run("import", str(plain), "--theme", "dark")
    assert usage.returncode == 64
    assert b"--theme applies a theme of a dotLottie file" in usage.stderr
    assert not (tmp_path / "t.anim").exists()


# A text whose font is a file of the archive (`f/`, as LottieFiles' tools
# write a text with no glyphs in the file): drawn in that font, beside
# ThorVG given the same file (`Text.font_load`, `thorvg_frames`), which
# it uses for a text layer naming the font.

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def text_animation(documents, size=(200, 120)):
    """A Lottie of one text layer at (20, 60) whose documents (`s` of each
    keyframe, at frames 0, 14, …) name the font "DejaVu Sans", kept in
    the archive as f/DejaVuSans.ttf; no glyphs (`chars`)."""
    keys = [{"t": 14 * k, "s": dict({"f": "DejaVu Sans", "s": 24, "fc": [0.1, 0.2, 0.9], "j": 0}, **d)}
            for k, d in enumerate(documents)]
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": size[0], "h": size[1],
            "fonts": {"list": [{"fName": "DejaVu Sans", "fFamily": "DejaVu Sans", "fStyle": "Book",
                                "fPath": "/f/DejaVuSans.ttf", "origin": 3}]},
            "layers": [{"ty": 5, "nm": "Label", "ip": 0, "op": 30, "st": 0,
                        "ks": {"p": {"a": 0, "k": [size[0] / 2 if documents[0].get("j") else 20, 50]}},
                        "t": {"d": {"k": keys}, "a": []}}]}


@pytest.mark.parametrize("case", ["left", "centred", "right", "lines", "stroke-under", "documents"])
def test_a_texts_font_file_in_the_archive_draws_as_thorvg_draws_it(tmp_path, case):
    documents = {
        "left": [{"t": "Hello, anim"}],
        "centred": [{"t": "Centred", "j": 2}],
        "right": [{"t": "Right", "j": 1}],
        "lines": [{"t": "Two\rlines", "lh": 30}],
        "stroke-under": [{"t": "Edge", "s": 40, "sc": [1, 0.5, 0], "sw": 3, "of": False}],
        "documents": [{"t": "First"}, {"t": "Second", "fc": [0.9, 0.1, 0.1]}, {"t": "Third"}],
    }[case]
    doc = text_animation(documents)
    font = open(DEJAVU, "rb").read()
    lottie = archive(tmp_path / "label.lottie", {"manifest.json": manifest("x", version="2"),
                                                 "a/x.json": doc, "f/DejaVuSans.ttf": font})
    imported = run("import", lottie, "-o", str(tmp_path / "label.anim"))
    assert imported.returncode == 0 and imported.stderr == b"", imported.stderr
    assert (tmp_path / "label_DejaVu_Sans.ttf").read_bytes() == font
    assert 'font: "label_DejaVu_Sans.ttf"' in (tmp_path / "label.anim").read_text()
    doc_path = tmp_path / "x.json"
    doc_path.write_text(json.dumps(doc))
    theirs = thorvg_frames(doc_path, None, tmp_path, font=DEJAVU, size=(200, 120))
    mine = anim_drawn(tmp_path / "label.anim", tmp_path)
    from corpus_support import difference
    for k, (a, b) in enumerate(zip(mine, theirs)):
        # The text is drawn (by both), and drawn alike.
        assert (a[..., 3] > 0).sum() > 200 and (b[..., 3] > 0).sum() > 200
        assert difference(a, b) <= 0.01, f"frame {SLOT_FRAMES[k]}: {difference(a, b):.4f}"


def sfnt(tables):
    """A font file of `tables` (tag → bytes) and nothing else."""
    head = struct.pack(">IHHHH", 0x00010000, len(tables), 0, 0, 0)
    offset = 12 + 16 * len(tables)
    directory, data = b"", b""
    for tag, body in tables.items():
        directory += struct.pack(">4sIII", tag, 0, offset + len(data), len(body))
        data += body + b"\0" * (-len(body) % 4)
    return head + directory + data


def test_a_font_file_anim_cannot_use_is_noted_or_refused(tmp_path):
    doc = text_animation([{"t": "Hello"}])
    # Not a font at all: the text is left out, with a note naming the file.
    junk = archive(tmp_path / "junk.lottie", {"manifest.json": manifest("x", version="2"),
                                              "a/x.json": doc, "f/DejaVuSans.ttf": b"not a font" * 10})
    result = run("import", junk, "-o", str(tmp_path / "junk.anim"))
    assert result.returncode == 0
    assert result.stderr.decode() == (
        f"{junk}/a/x.json: /fonts: warning: the font 'DejaVu Sans' not read: the archive's "
        "f/DejaVuSans.ttf is not a TrueType or OpenType font\n"
        f"{junk}/a/x.json: /layers/0: warning: text layer not imported: the file has no glyph "
        "outlines (chars) of its font 'DejaVu Sans', and its archive no font file of it\n")
    assert "text " not in (tmp_path / "junk.anim").read_text()
    # Its metrics, but nothing FreeType can open: refused, exit 65.
    head = b"\0" * 18 + struct.pack(">H", 1000) + b"\0" * 34
    hhea = b"\0" * 4 + struct.pack(">hh", 800, -200) + b"\0" * 26
    broken = archive(tmp_path / "broken.lottie", {"manifest.json": manifest("x", version="2"),
                                                  "a/x.json": doc,
                                                  "f/DejaVuSans.ttf": sfnt({b"head": head, b"hhea": hhea})})
    refused = run("import", broken, "-o", str(tmp_path / "broken.anim"))
    assert refused.returncode == 65
    assert refused.stderr.decode().startswith(
        f"{broken}/a/x.json: /fonts: error: the font file broken_DejaVu_Sans.ttf cannot be used: ")
    assert not (tmp_path / "broken.anim").exists()
    # A plain Lottie file naming the same font is left out as before.
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(doc))
    alone = run("import", str(plain), "-o", str(tmp_path / "plain.anim"))
    assert alone.returncode == 0
    assert alone.stderr.decode() == (
        f"{plain}: /layers/0: warning: text layer not imported: the file has no glyph outlines "
        "(chars) of its font 'DejaVu Sans'\n")


@pytest.mark.parametrize("document, message", [
    ({"s": 0}, "size 0"), ({"s": -5}, "size -5"), ({"s": 1e308}, "size 1e+308"),
    ({"lh": 1e308, "t": "a\rb"}, "line height 1e+308"), ({"ls": -1e300}, "baseline shift -1e+300"),
    ({"tr": 1e308}, "tracking 1e+308"), ({"sc": [1, 0, 0], "sw": 1e308}, "stroke width 1e+308"),
    ({"t": "a\r" * 1001}, "more than 1000 lines"),
])
def test_a_font_files_text_past_what_anim_draws_is_noted(tmp_path, document, message):
    doc = text_animation([dict({"t": "Hello"}, **document)])
    lottie = archive(tmp_path / "edge.lottie", {"manifest.json": manifest("x", version="2"), "a/x.json": doc,
                                                "f/DejaVuSans.ttf": open(DEJAVU, "rb").read()})
    result = run("import", lottie, "-o", str(tmp_path / "edge.anim"))
    assert result.returncode == 0
    assert result.stderr.decode() == f"{lottie}/a/x.json: /layers/0/t/d: warning: a text of {message} not imported\n"
    assert "\ntext " not in (tmp_path / "edge.anim").read_text()
    rendered(tmp_path / "edge.anim", tmp_path / "edge.png")


def test_a_font_files_text_of_the_smallest_size_is_drawn_as_nothing(tmp_path):
    doc = text_animation([{"t": "Hello", "s": 1e-320, "j": 2}])
    lottie = archive(tmp_path / "tiny.lottie", {"manifest.json": manifest("x", version="2"), "a/x.json": doc,
                                                "f/DejaVuSans.ttf": open(DEJAVU, "rb").read()})
    assert run("import", lottie, "-o", str(tmp_path / "tiny.anim")).returncode == 0
    assert "size: 1e-320" in (tmp_path / "tiny.anim").read_text()
    assert (rendered(tmp_path / "tiny.anim", tmp_path / "tiny.png")[..., 3] == 0).all()


def test_a_slots_file_is_drawn_as_thorvg_applies_it(tmp_path):
    # `--slots FILE`: the slots an app sets at run time (ThorVG's
    # `gen_slot`, the dotLottie players' `setSlots`), over the file's own.
    doc_path = tmp_path / "x.json"
    doc_path.write_text(json.dumps(slotted_animation(slots_of(NIGHT[:2], "x"))))
    given = slots_of(NIGHT[2:], "x")
    given["paint"] = {"p": {"a": 0, "k": [0.9, 0.7, 0.1]}}
    (tmp_path / "app.json").write_text(json.dumps(given))
    result = run("import", str(doc_path), "--slots", str(tmp_path / "app.json"), "-o", str(tmp_path / "app.anim"))
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    mine = anim_drawn(tmp_path / "app.anim", tmp_path)
    assert_drawn_alike(mine, thorvg_frames(doc_path, given, tmp_path))
    assert tuple(mine[0][30, 30][:3]) == (230, 179, 26)
    # Over a theme's too.
    lottie = archive(tmp_path / "box.lottie", {
        "manifest.json": dict(manifest("x", version="2"), themes=[{"id": "night"}]),
        "a/x.json": slotted_animation(), "t/night.json": {"rules": NIGHT}})
    both = run("import", lottie, "--theme", "night", "--slots", str(tmp_path / "app.json"),
               "-o", str(tmp_path / "both.anim"))
    assert both.returncode == 0, both.stderr
    assert '"#e6b31a"' in (tmp_path / "both.anim").read_text()
    # What is not a table of slots says so, at the file.
    for text, message in [("[1]", 'expected an object of slots ({"ID": {"p": value}}), found an array'),
                          ('{"paint": {"p": {"a": 0, "k": "red"}}}',
                           "/paint/p/k: error: expected a number or an array of numbers, found a string")]:
        (tmp_path / "bad.json").write_text(text)
        bad = run("import", str(doc_path), "--slots", str(tmp_path / "bad.json"))
        assert bad.returncode == 65
        assert message in bad.stderr.decode()
        assert f"{doc_path}: slots {tmp_path / 'bad.json'}: " in bad.stderr.decode()
    missing = run("import", str(doc_path), "--slots", str(tmp_path / "none.json"))
    assert missing.returncode == 66
