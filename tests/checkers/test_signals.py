"""A stopped anim leaves nothing (issue 20): SIGINT (Ctrl-C), SIGTERM (what
`timeout`, CI runners and service managers send) and SIGHUP (a closed
terminal) each stop `anim render`, `export`, `test` and `lsp` the same way:
no temporary `.OUT.tmp-…` file, no partial output, no ffmpeg left writing,
and exit 128 + the signal's number (130, 143, 129), as a shell reports a
process killed by that signal. Checked from outside: the files in the folder,
the processes in /proc.
"""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
ROOT = Path(__file__).resolve().parents[2]

# 10 000 views blinking for 10 s (W1): long enough to be stopped mid-way.
GRID = (ROOT / "bench" / "w1_blink_grid.anim").read_text()

SIGNALS = [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]


def children(pid):
    """The process ids whose parent is `pid` (any of its threads)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, what, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def start(args, cwd):
    return subprocess.Popen(
        [ANIM, *args], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)


def stop(process, signum):
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    return process.returncode, err


@pytest.mark.parametrize("signum,code", SIGNALS, ids=lambda v: str(v))
@pytest.mark.parametrize("one_pass", [False, True], ids=["two-passes", "one-pass"])
def test_a_stopped_mp4_render_leaves_no_file_and_no_ffmpeg(tmp_path, signum, code, one_pass):
    # With a stage of a given size and one thread, ffmpeg starts at the
    # script's first frame and is fed while the script still runs (its one
    # pass); without, after the script has run once.
    stage = "stage(width: 1000, height: 1000)\n" if one_pass else ""
    (tmp_path / "grid.anim").write_text(stage + GRID)
    jobs = ["--jobs", "1"] if one_pass else []
    p = start(["render", "grid.anim", "-o", "x.mp4", "--size", "200x200", "--quiet", *jobs],
              tmp_path)
    ffmpeg = wait_for(lambda: children(p.pid), "ffmpeg to start")
    # Some frames reach ffmpeg, so it has opened (and begun writing) its file.
    temporary = wait_for(
        lambda: [f for f in tmp_path.iterdir() if f.name.startswith(".x.mp4.tmp-")],
        "the temporary file")
    time.sleep(0.5)
    assert p.poll() is None, "the render ended before it was stopped"
    returncode, err = stop(p, signum)
    assert returncode == code, err
    name = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    assert f"anim render: {name}; nothing written" in err
    assert sorted(f.name for f in tmp_path.iterdir()) == ["grid.anim"], temporary
    for pid in ffmpeg:
        assert not alive(pid), f"ffmpeg {pid} still running"


def test_a_stopped_frame_pattern_removes_its_frames(tmp_path):
    (tmp_path / "grid.anim").write_text(GRID)
    p = start(["render", "grid.anim", "-o", "f%04d.png", "--size", "100x100", "--quiet"],
              tmp_path)
    wait_for(lambda: (tmp_path / "f0002.png").exists(), "a few frames")
    returncode, err = stop(p, signal.SIGTERM)
    assert returncode == 143, err
    assert sorted(f.name for f in tmp_path.iterdir()) == ["grid.anim"]


def test_a_stopped_frame_pattern_in_one_pass_removes_its_staged_frames_and_folder(tmp_path):
    # A stage of a given size: the frames are staged beside their places
    # as the script's one run takes them; none has landed when it stops.
    (tmp_path / "grid.anim").write_text("stage(width: 1000, height: 1000)\n" + GRID)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "f0000.png").write_bytes(b"an earlier frame")
    for folder in ("out", "new/deeper"):
        p = start(["render", "grid.anim", "-o", f"{folder}/f%04d.png", "--size", "100x100",
                   "--quiet"], tmp_path)
        wait_for(lambda: any(f.name.startswith(".f0002.png.tmp-")
                             for f in (tmp_path / folder).glob(".*")), "a few staged frames")
        returncode, err = stop(p, signal.SIGTERM)
        assert returncode == 143, err
        assert sorted(f.name for f in tmp_path.iterdir()) == ["grid.anim", "out"]
        assert [(f.name, f.read_bytes()) for f in (tmp_path / "out").iterdir()] == [
            ("f0000.png", b"an earlier frame")]


@pytest.mark.parametrize("signum,code", SIGNALS[:2], ids=lambda v: str(v))
def test_a_stopped_export_leaves_nothing(tmp_path, signum, code):
    (tmp_path / "grid.anim").write_text(GRID)
    p = start(["export", "grid.anim", "-o", "x.json"], tmp_path)
    # Stopped while the file is being written (its temporary name exists), or
    # earlier when the machine is slow to get there: either way nothing stays.
    try:
        wait_for(lambda: any(f.name.startswith(".x.json.tmp-") for f in tmp_path.iterdir()),
                 "the export's temporary file", seconds=60)
    except AssertionError:
        pass
    assert p.poll() is None, "the export ended before it was stopped"
    returncode, err = stop(p, signum)
    assert returncode == code, err
    assert sorted(f.name for f in tmp_path.iterdir()) == ["grid.anim"]


def test_a_stopped_test_run_exits_143(tmp_path):
    # 900 million steps of the interpreter, the work limit raised past them:
    # minutes in any build (ten million, the default limit, took about a
    # second in a release build, and the run could end before the stop).
    (tmp_path / "slow.anim").write_text(
        "x = 0\nfor i in 0..<30000 { for j in 0..<30000 { x = j } }\n")
    p = start(["test", "--work-limit", "2000000000", str(tmp_path)], tmp_path)
    time.sleep(1)
    assert p.poll() is None, "the test run ended before it was stopped"
    returncode, err = stop(p, signal.SIGTERM)
    assert returncode == 143, err


@pytest.mark.parametrize("signum,code", SIGNALS, ids=lambda v: str(v))
def test_a_stopped_language_server_exits_quietly(tmp_path, signum, code):
    p = subprocess.Popen([ANIM, "lsp"], cwd=tmp_path, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.5)
    assert p.poll() is None
    p.send_signal(signum)
    # Its input stays open: the end of the input would end it too (exit 1).
    p.wait(timeout=30)
    out, err = p.communicate(timeout=30)
    assert p.returncode == code
    assert err == b""


@pytest.fixture
def full_disk(tmp_path):
    """A 32 KiB file system (tmpfs; needs root, as CI has), unmounted after."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32k", "tmpfs", str(disk)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    yield disk
    subprocess.run(["umount", str(disk)], check=True)


@pytest.mark.parametrize("command,output", [
    ("render", "x.mp4"), ("render", "x.gif"), ("render", "f%03d.png"), ("render", "x.png"),
    ("export", "x.json"), ("export", "x.html"),
])
def test_a_full_disk_exits_74_and_leaves_nothing(full_disk, tmp_path, command, output):
    script = tmp_path / "grid.anim"
    script.write_text("grid squares(cols: 30, rows: 30, size: 10, gap: 5)\n"
                      "run stagger(squares, fade(out, 1), sort: default, total: 1)\n")
    args = [command, str(script), "-o", output, "--size", "400x400"]
    if output != "x.png":
        args += ["--to", "1"]
    # All but 4 KiB taken: even a small PNG does not fit.
    (full_disk / "filler").write_bytes(b"x" * (28 * 1024))
    result = subprocess.run([ANIM, *args], cwd=full_disk, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 74, result.stderr
    assert f"anim {command}: " in result.stderr
    assert [f.name for f in full_disk.iterdir()] == ["filler"]


def test_a_full_disk_in_a_patterns_one_pass_exits_74_and_leaves_nothing(full_disk, tmp_path):
    # A stage of a given size: the frames are staged (and flushed by a
    # thread of their own) as the script's one run takes them; the disk
    # fills at the first or second.
    script = tmp_path / "grid.anim"
    script.write_text("stage(width: 400, height: 400)\n"
                      "grid squares(cols: 30, rows: 30, size: 10, gap: 5)\n"
                      "run stagger(squares, fade(out, 1), sort: default, total: 1)\n")
    (full_disk / "filler").write_bytes(b"x" * (20 * 1024))
    for jobs in ("1", "2"):
        result = subprocess.run(
            [ANIM, "render", str(script), "-o", "out/f%03d.png", "--to", "1", "--jobs", jobs],
            cwd=full_disk, capture_output=True, text=True, timeout=300)
        assert result.returncode == 74, result.stderr
        assert "anim render: cannot write" in result.stderr and "out/f0" in result.stderr
        assert [f.name for f in full_disk.iterdir()] == ["filler"]
