"""Cairo, libpng and libedit are opened on first use, not at start-up.

`anim run` must not load them (the dynamic loader lists none of them), and
when one is missing the commands that need it say which Debian package to
install and exit with 69, while everything else goes on working. A missing
library is made by binding /dev/null over it in a private mount namespace
(`unshare --mount`, as root); where that is not allowed, those tests skip.
"""

import os
import pty
import shutil
import subprocess

import pytest
from pty_support import read_until

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
SCRIPT = "examples/design.anim"
LIBRARIES = {
    "cairo": "libcairo.so.2",
    "png": "libpng16.so.16",
    "edit": "libedit.so.2",
    "isal": "libisal.so.2",
}


def library_path(soname):
    listing = subprocess.run(
        ["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True
    ).stdout
    for line in listing.splitlines():
        parts = line.strip().split(" => ")
        if len(parts) == 2 and parts[0].split(" ")[0] == soname and "x86-64" in parts[0]:
            return parts[1]
    pytest.skip(f"{soname} is not installed")


def can_hide_libraries():
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "--mount", "mount", "--bind", "/dev/null", "/dev/null"],
        capture_output=True,
    )
    return probe.returncode == 0


hiding = pytest.mark.skipif(
    not can_hide_libraries(), reason="needs root and unshare --mount to hide a library"
)


def run_without(library, argv, **kwargs):
    """Runs argv with `library` replaced by an empty file."""
    path = library_path(LIBRARIES[library])
    inner = 'mount --bind /dev/null "$0" && exec "$@"'
    return subprocess.run(
        ["unshare", "--mount", "sh", "-c", inner, path, *argv], **kwargs
    )


def test_start_up_loads_none_of_the_drawing_or_editing_libraries():
    needed = subprocess.run(["ldd", ANIM], capture_output=True, text=True, check=True).stdout
    for soname in LIBRARIES.values():
        assert soname not in needed, needed
    # And the run itself opens none of them.
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    assert trace.stdout == "0.5\n"
    for soname in LIBRARIES.values():
        assert soname not in trace.stderr


def test_render_loads_cairo_and_libpng_when_it_draws(tmp_path):
    env = dict(os.environ, LD_DEBUG="files")
    out = tmp_path / "f.png"
    trace = subprocess.run(
        [ANIM, "render", SCRIPT, "--at", "0.5", "-o", str(out)],
        capture_output=True, text=True, env=env, check=True,
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "libcairo.so.2" in trace.stderr and "libpng16.so.16" in trace.stderr


@hiding
@pytest.mark.parametrize(
    "library, package", [("cairo", "libcairo2"), ("png", "libpng16-16")]
)
def test_render_without_a_drawing_library_exits_69_naming_the_package(
    tmp_path, library, package
):
    out = tmp_path / "f.png"
    done = run_without(
        library, [ANIM, "render", SCRIPT, "--at", "0.5", "-o", str(out)],
        capture_output=True, text=True,
    )
    assert done.returncode == 69, done
    assert f"cannot load {LIBRARIES[library]}: install it (apt-get install {package})" in done.stderr
    assert not out.exists()
    # SVG needs neither library; neither does running the script.
    svg = tmp_path / "f.svg"
    done = run_without(
        library, [ANIM, "render", SCRIPT, "--at", "0.5", "-o", str(svg)],
        capture_output=True, text=True,
    )
    assert done.returncode == 0, done
    assert "<svg " in svg.read_text()
    done = run_without(library, [ANIM, "run", SCRIPT], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "0.5\n")


def sequence(tmp_path, name, argv_prefix=(), env=None):
    """Renders three frames of the example as a PNG sequence; their pixels."""
    from PIL import Image
    folder = tmp_path / name
    done = subprocess.run(
        [*argv_prefix, ANIM, "render", SCRIPT, "--to", "0.2", "--fps", "10",
         "-o", str(folder / "f%02d.png")],
        capture_output=True, text=True, env=env,
    )
    assert done.returncode == 0, done
    return done, [Image.open(folder / f"f{k:02d}.png").convert("RGBA").tobytes() for k in range(3)]


def test_a_sequence_loads_igzip_to_write_its_frames(tmp_path):
    done, _ = sequence(tmp_path, "seq", env=dict(os.environ, LD_DEBUG="files"))
    assert "libisal.so.2" in done.stderr


@hiding
def test_a_sequence_without_igzip_is_written_by_libpng_with_the_same_pixels(tmp_path):
    _, with_igzip = sequence(tmp_path, "with")
    path = library_path(LIBRARIES["isal"])
    inner = 'mount --bind /dev/null "$0" && exec "$@"'
    done, without = sequence(tmp_path, "without", ("unshare", "--mount", "sh", "-c", inner, path))
    assert done.stderr == ""
    assert without == with_igzip
    # libpng's fast setting writes a different file of the same pixels.
    assert (tmp_path / "with" / "f01.png").read_bytes() != (tmp_path / "without" / "f01.png").read_bytes()


@hiding
def test_plot_png_without_cairo_exits_69(tmp_path):
    out = tmp_path / "p.png"
    done = run_without(
        "cairo", [ANIM, "plot", SCRIPT, "--property", "view.alpha", "-o", str(out)],
        capture_output=True, text=True,
    )
    assert done.returncode == 69, done
    assert "apt-get install libcairo2" in done.stderr
    assert not out.exists()


@hiding
def test_repl_without_libedit_says_so_and_reads_plain_lines(tmp_path):
    main, side = pty.openpty()
    path = library_path(LIBRARIES["edit"])
    inner = 'mount --bind /dev/null "$0" && exec "$@"'
    env = dict(os.environ, HOME=str(tmp_path), TERM="xterm")
    proc = subprocess.Popen(
        ["unshare", "--mount", "sh", "-c", inner, path, ANIM],
        stdin=side, stdout=side, stderr=side, env=env, close_fds=True,
    )
    os.close(side)
    seen = b""
    try:
        os.write(main, b"print 6*7\n")
        seen = read_until(main, b"42")
        os.write(main, b"\x04")
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert b"line editing is off: cannot load libedit.so.2 (apt-get install libedit2)" in seen
    assert b"42" in seen
    assert proc.returncode == 0


TEXT_LIBRARIES = ("libfontconfig.so.1", "libfreetype.so.6", "libharfbuzz.so.0")


def test_a_script_without_text_loads_no_text_library():
    """W6: fontconfig, FreeType and HarfBuzz are opened by the first text only."""
    needed = subprocess.run(["ldd", ANIM], capture_output=True, text=True, check=True).stdout
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    for soname in TEXT_LIBRARIES:
        assert soname not in needed, needed
        assert soname not in trace.stderr


def test_a_script_with_text_loads_the_text_libraries(tmp_path):
    script = tmp_path / "t.anim"
    script.write_text('text t("Hi")\nprint t.height\n')
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", str(script)], capture_output=True, text=True, env=env, check=True
    )
    assert trace.stdout == "38.4\n"
    for soname in TEXT_LIBRARIES:
        assert soname in trace.stderr


def test_a_script_without_beats_or_onsets_loads_no_aubio(tmp_path):
    """W6 (SPEC §22): aubio (and the libav*, FFTW and libsndfile it brings)
    is opened by the first `beats` or `onsets`; a script that plays a sound
    or measures its loudness spawns ffmpeg but loads nothing more."""
    needed = subprocess.run(["ldd", ANIM], capture_output=True, text=True, check=True).stdout
    assert "libaubio" not in needed
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    assert "libaubio" not in trace.stderr
    sounds = os.path.abspath("tests/sound")
    script = tmp_path / "s.anim"
    script.write_text(
        f'sound c("{sounds}/click.wav")\nrun play(c)\nprint c.duration, loudness(c, 0) > 0\n'
    )
    trace = subprocess.run(
        [ANIM, "run", str(script)], capture_output=True, text=True, env=env, check=True
    )
    assert trace.stdout == "0.1 true\n"
    assert "libaubio" not in trace.stderr and "libavcodec" not in trace.stderr
    script.write_text(f'sound b("{sounds}/beat.wav")\nprint onsets(b).count\n')
    trace = subprocess.run(
        [ANIM, "run", str(script)], capture_output=True, text=True, env=env, check=True
    )
    assert trace.stdout == "6\n"
    assert "libaubio.so.5" in trace.stderr


@hiding
def test_beats_without_aubio_is_an_error_naming_the_package(tmp_path):
    path = library_path("libaubio.so.5")
    inner = 'mount --bind /dev/null "$0" && exec "$@"'
    script = tmp_path / "s.anim"
    script.write_text(f'sound b("{os.path.abspath("tests/sound/beat.wav")}")\nprint beats(b)\n')
    done = subprocess.run(
        ["unshare", "--mount", "sh", "-c", inner, path, ANIM, "run", str(script)],
        capture_output=True, text=True,
    )
    assert done.returncode == 70, done
    assert "cannot analyse sounds" in done.stderr and "apt-get install libaubio5" in done.stderr


IMAGE_LIBRARIES = {"png": "libpng16.so.16", "jpeg": "libturbojpeg.so.0", "svg": "librsvg-2.so.2"}


def test_a_script_without_images_loads_no_image_library():
    """SPEC §21.4: libturbojpeg and librsvg are opened by the first image of
    their kind only (libpng by drawing, or a PNG image)."""
    needed = subprocess.run(["ldd", ANIM], capture_output=True, text=True, check=True).stdout
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    for soname in IMAGE_LIBRARIES.values():
        assert soname not in needed, needed
        assert soname not in trace.stderr


@pytest.mark.parametrize("kind", sorted(IMAGE_LIBRARIES))
def test_an_image_loads_only_its_own_library(kind, tmp_path):
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.join(here, "..", "look", "images", "quad." + {"jpeg": "jpg"}.get(kind, kind))
    script = tmp_path / "i.anim"
    script.write_text(f'image i(src: "{os.path.abspath(source)}")\nprint i.width\n')
    env = dict(os.environ, LD_DEBUG="files")
    trace = subprocess.run(
        [ANIM, "run", str(script)], capture_output=True, text=True, env=env, check=True
    )
    assert trace.stdout == {"png": "8\n", "jpeg": "16\n", "svg": "40\n"}[kind]
    assert IMAGE_LIBRARIES[kind] in trace.stderr
    # librsvg needs libpng itself (through Cairo and gdk-pixbuf).
    for other in ("jpeg", "svg"):
        if other != kind:
            assert IMAGE_LIBRARIES[other] not in trace.stderr, (other, kind)
