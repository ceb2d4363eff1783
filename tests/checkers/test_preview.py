"""`anim preview` (SPEC §19) checked from the outside: a real browser
(headless Chromium over the DevTools protocol) opens the page, the test edits
the script on disk and looks at what the page draws (screenshot pixels) and
when; raw sockets check the server's safety rules and exit codes."""

import json
import os
import re
import signal
import socket
import subprocess
import time

import pytest
import websocket

from cdp_support import Browser
from pty_support import read_until

from preview_support import (ANIM, MOVING_BOX, Preview, answer_to, request, resident_kib,
                             save)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(tmp_path_factory.mktemp("chromium"), 1000, 800, timeout=30)
    yield b
    b.close()


def near(pixel, rgb, tol=12):
    return all(abs(p - c) <= tol for p, c in zip(pixel[:3], rgb))


def shown_version(browser):
    return browser.evaluate("window.animPreview ? window.animPreview.version : 0") or 0


def wait_for_version(browser, version, timeout=5):
    browser.wait_for(
        f"window.animPreview && window.animPreview.version >= {version}"
        f" && window.animPreview.shownAt > 0", timeout)


def player_time(browser):
    """The time the drawn animations are at, in seconds."""
    return browser.evaluate("document.getAnimations()[0].currentTime") / 1000


# -- the page, reloads, errors ------------------------------------------------


def test_first_line_names_the_loopback_address_and_the_page_is_self_contained(tmp_path):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        assert preview.host == "127.0.0.1"
        status, kind, body = request(preview.port)
        assert status == 200 and kind.startswith("text/html")
        page = body.decode()
        for part in ('id="anim-state"', 'id="scrub"', 'id="play"', 'id="timeline"', 'id="preview-output"'):
            assert part in page
        # No external resource: no src/href to another origin, no link or import.
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
        assert "<link" not in page and "@import" not in page
    finally:
        assert preview.stop() == 0


def test_a_save_shows_the_new_value_at_the_same_time_within_a_second(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=0")
        wait_for_version(browser, 1)
        at_start = browser.center_of("#v0")
        browser.evaluate("location.hash = '#t=1'")
        browser.wait_for("Math.abs(document.getAnimations()[0].currentTime - 1000) < 1e-6", 2)
        centre = browser.center_of("#v0")
        # At t=1 the box is halfway along its 200 px move.
        assert centre[0] - at_start[0] > 50
        assert near(browser.pixel(*centre), (255, 0, 0))
        version = shown_version(browser)

        saved = time.time() * 1000
        save(script, MOVING_BOX.format(color="blue"))
        wait_for_version(browser, version + 1, timeout=3)
        latency = browser.evaluate("window.animPreview.shownAt") - saved
        assert latency < 1000, f"the new frame was drawn {latency:.0f} ms after the save"

        # The same time, still paused, the new colour drawn where the box was.
        assert abs(player_time(browser) - 1) < 1e-6
        assert browser.evaluate("document.getElementById('play').textContent") == "Play"
        assert browser.center_of("#v0") == centre
        assert near(browser.pixel(*centre), (0, 0, 255))
        state = json.loads(browser.evaluate("document.getElementById('anim-state').textContent"))
        assert state["t"] == 1 and state["views"]["box"]["color"] == "#0000ffff"
        # The page was not navigated: the same document, the output updated.
        assert browser.evaluate("performance.getEntriesByType('navigation').length") == 1
        assert "box is #0000ff" in browser.evaluate(
            "document.getElementById('preview-output').textContent")
    finally:
        assert preview.stop() == 0


def test_a_playing_page_keeps_playing_at_its_time_and_speed(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        browser.navigate(preview.url)
        wait_for_version(browser, 1)
        browser.evaluate(
            "(() => { const s = document.getElementById('speed'); s.value = '0.25';"
            " s.dispatchEvent(new Event('change')); })()")
        assert browser.evaluate("document.getElementById('play').textContent") == "Pause"
        version = shown_version(browser)
        before = player_time(browser)
        save(script, MOVING_BOX.format(color="blue"))
        wait_for_version(browser, version + 1, timeout=3)
        after = player_time(browser)
        # At 0.25x the time moved on by a quarter of the wall time, not back to 0.
        assert browser.evaluate("document.getElementById('play').textContent") == "Pause"
        assert browser.evaluate("document.getElementById('speed').value") == "0.25"
        assert 0 <= (after - before) % 2 < 0.5
        t1 = player_time(browser)
        time.sleep(0.4)
        assert player_time(browser) != t1
    finally:
        assert preview.stop() == 0


def test_a_shorter_animation_clamps_the_time_to_its_new_end(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=1.5")
        wait_for_version(browser, 1)
        assert abs(player_time(browser) - 1.5) < 1e-6
        version = shown_version(browser)
        save(script, MOVING_BOX.format(color="red").replace(", 2) on box", ", 1) on box"))
        wait_for_version(browser, version + 1, timeout=3)
        assert browser.evaluate("document.getElementById('scrub').max") == "1"
        assert abs(player_time(browser) - 1) < 1e-6
        assert browser.evaluate("document.getElementById('play').textContent") == "Play"
    finally:
        assert preview.stop() == 0


def test_an_error_shows_over_the_last_good_animation_as_anim_run_prints_it(tmp_path, browser):
    script = tmp_path / "box.anim"
    good = MOVING_BOX.format(color="red")
    script.write_text(good)
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=1")
        wait_for_version(browser, 1)
        centre = browser.center_of("#v0")
        assert near(browser.pixel(*centre), (255, 0, 0))

        broken = good + "run fade(out, 1 + wait(2)\n"
        save(script, broken)
        browser.wait_for("window.animPreview.errorShown", 3)
        run = subprocess.run([ANIM, "run", str(script)], capture_output=True, text=True)
        assert run.returncode == 65
        overlay = browser.evaluate("document.getElementById('preview-error').textContent")
        assert overlay == run.stderr
        assert "expected ')'" in overlay and "^" in overlay
        covered = browser.pixel(*centre)
        assert not near(covered, (255, 0, 0), 40) and covered[0] < 140 and covered[1] < 40
        # The last good animation is still there, under it.
        assert browser.evaluate("!!document.getElementById('v0')")

        version = shown_version(browser)
        save(script, MOVING_BOX.format(color="lime"))
        wait_for_version(browser, version + 1, timeout=3)
        assert not browser.evaluate("window.animPreview.errorShown")
        assert browser.evaluate("document.getElementById('preview-error').hidden")
        assert near(browser.pixel(*centre), (0, 255, 0))
        assert preview.proc.poll() is None, "the server stopped on a script error"
    finally:
        assert preview.stop() == 0


def test_an_import_is_watched_and_a_runtime_error_is_shown(tmp_path, browser):
    (tmp_path / "colour.anim").write_text("c = red\n")
    script = tmp_path / "main.anim"
    script.write_text(
        'import "colour.anim"\n'
        "view box(x: 50, y: 50, width: 40, height: 40, color: c)\n"
        "run fade(out, 1) on box\n")
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=0")
        wait_for_version(browser, 1)
        centre = browser.center_of("#v0")
        assert near(browser.pixel(*centre), (255, 0, 0))
        version = shown_version(browser)
        save(tmp_path / "colour.anim", "c = blue\n")
        wait_for_version(browser, version + 1, timeout=3)
        assert near(browser.pixel(*centre), (0, 0, 255))

        version = shown_version(browser)
        save(tmp_path / "colour.anim", "c = blue\nexpect 1 == 2\n")
        wait_for_version(browser, version + 1, timeout=3)
        # A failed expectation still counts as good: shown with the output.
        assert not browser.evaluate("window.animPreview.errorShown")
        assert "1 == 2" in browser.evaluate(
            "document.querySelector('#preview-output .failures').textContent")
    finally:
        assert preview.stop() == 0


def test_a_data_file_is_watched_as_an_import_is(tmp_path, browser):
    """SPEC §23.1: `anim preview` reloads when a file the script reads with
    csv() changes, through the same files-read record as imports."""
    (tmp_path / "colours.csv").write_text("name,width\nbar,40\n")
    script = tmp_path / "main.anim"
    script.write_text(
        'let rows = csv("colours.csv")\n'
        "view box(x: 50, y: 50, width: rows[0].width, height: 40, color: red)\n"
        "run fade(out, 1) on box\n")
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=0")
        wait_for_version(browser, 1)
        width = browser.evaluate("document.getElementById('v0').getBoundingClientRect().width")
        version = shown_version(browser)
        save(tmp_path / "colours.csv", "name,width\nbar,80\n")
        wait_for_version(browser, version + 1, timeout=3)
        wider = browser.evaluate("document.getElementById('v0').getBoundingClientRect().width")
        assert wider == pytest.approx(2 * width, rel=0.05)
        # Bad data keeps the last good animation and shows the error.
        version = shown_version(browser)
        save(tmp_path / "colours.csv", 'name,width\nbar,"80\n')
        wait_for_version(browser, version + 1, timeout=3)
        assert browser.evaluate("window.animPreview.errorShown")
    finally:
        assert preview.stop() == 0


# -- the timeline --------------------------------------------------------------

LANES = """\
view a(x: 0, y: 0, width: 20, height: 20, color: red)
view b(x: 40, y: 0, width: 20, height: 20, color: blue)
h1 = run fade(out, 0.5) * 3 on a
h2 = run fade(out, 1) + mark("hit") + fade(in, 1) on b
step 0.5
group pair = [a, b]
h3 = run move(to: (40, 40), 1) on pair
step 1.25
cancel h2
step 1
"""


def test_one_lane_per_run_with_its_events_and_a_double_click_seeks_to_its_start(tmp_path, browser):
    script = tmp_path / "lanes.anim"
    script.write_text(LANES)
    preview = Preview(script)
    try:
        browser.navigate(preview.url + "#t=2.5")
        wait_for_version(browser, 1)
        lanes = browser.evaluate(
            "Array.from(document.querySelectorAll('#timeline .lane')).map(l => ({"
            " run: l.dataset.run, target: l.dataset.target, start: l.dataset.start, end: l.dataset.end, ended: l.dataset.ended,"
            " marks: Array.from(l.querySelectorAll('.mark')).map(m => [m.dataset.kind, Number(m.dataset.t)]) }))")
        assert [lane["run"] for lane in lanes] == ["1", "2", "3"]
        assert [lane["target"] for lane in lanes] == ["a", "b", "a, b"]
        assert [float(lane["start"]) for lane in lanes] == [0, 0, 0.5]
        assert float(lanes[0]["end"]) == 1.5 and float(lanes[2]["end"]) == 1.5
        assert float(lanes[1]["end"]) == pytest.approx(1.75, abs=1 / 60 + 1e-9)  # cancelled at 1.75
        assert lanes[0]["marks"] == [["repeat", 0.5], ["repeat", 1], ["done", 1.5]]
        assert [lane["ended"] for lane in lanes] == ["done", "cancelled", "done"]
        assert lanes[1]["marks"] == [["mark", 1], ["done", 1.75]]
        assert lanes[2]["marks"] == [["done", 1.5]]
        # A double click on the third lane seeks to its start (0.5) and stays
        # paused (a click selects it: SPEC §24).
        x, y = browser.center_of("#timeline .lane[data-run='3'] .lane-label")
        browser.double_click(x, y)
        browser.wait_for("Math.abs(document.getAnimations()[0].currentTime - 500) < 1e-6", 2)
        assert browser.evaluate("document.getElementById('play').textContent") == "Play"
        # The playhead is drawn at that time on the tracks.
        # The range is [0, 2.75].
        browser.wait_for(
            "(() => { const p = document.getElementById('playhead').getBoundingClientRect();"
            " const t = document.querySelector('#timeline .lane-track').getBoundingClientRect();"
            " return Math.abs((p.left + p.width / 2 - t.left) / t.width - 0.5 / 2.75) < 0.01; })()", 2)
    finally:
        assert preview.stop() == 0


def test_the_page_requests_nothing_but_itself_and_its_stream(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        browser.navigate("about:blank")
        browser.events.clear()
        browser.call("Network.enable")
        browser.navigate(preview.url)
        wait_for_version(browser, 1)
        save(script, MOVING_BOX.format(color="blue"))
        wait_for_version(browser, 2, timeout=3)
        browser.call("Network.disable")
        urls = [e["params"]["request"]["url"] for e in browser.events
                if e.get("method") == "Network.requestWillBeSent"]
        urls += [e["params"]["url"] for e in browser.events
                 if e.get("method") == "Network.webSocketCreated"]
        assert urls, "no request seen"
        for url in urls:
            assert url in (preview.url, f"ws://127.0.0.1:{preview.port}/stream"), url
    finally:
        assert preview.stop() == 0


# -- the REPL's :preview -----------------------------------------------------


def test_repl_preview_shows_the_session_paused_at_its_clock(tmp_path, browser):
    main, side = os.openpty()
    env = dict(os.environ, ANIM_HISTORY=str(tmp_path / "history"), NO_COLOR="1")
    repl = subprocess.Popen([ANIM, "repl"], stdin=side, stdout=side, stderr=side, env=env,
                            close_fds=True)
    os.close(side)

    def send(line):
        os.write(main, (line + "\n").encode())

    try:
        send("view box(x: 50, y: 50, width: 40, height: 40, color: red)")
        send("h = run move(to: (250, 50), 2) on box")
        send(":preview")
        seen = read_until(main, b"/\r\n", timeout=20)
        m = re.search(rb"preview: (http://127\.0\.0\.1:(\d+)/)", seen)
        assert m, seen
        url, port = m.group(1).decode(), int(m.group(2))
        browser.navigate(url)
        wait_for_version(browser, 1)
        version = shown_version(browser)
        send("step 1")
        wait_for_version(browser, version + 1, timeout=20)
        browser.wait_for("Math.abs(document.getAnimations()[0].currentTime - 1000) < 1e-6", 3)
        assert browser.evaluate("document.getElementById('play').textContent") == "Play"
        lanes = browser.evaluate("document.querySelectorAll('#timeline .lane').length")
        assert lanes == 1
        centre = browser.center_of("#v0")
        assert near(browser.pixel(*centre), (255, 0, 0))
        version = shown_version(browser)
        send("box.color = blue")
        send("h2 = run fade(out, 1) on box")
        send("step 0.5")
        # Three statements, but the REPL builds the newest session first and
        # may skip one that a newer one replaced: wait for what the last shows.
        wait_for_version(browser, version + 1, timeout=20)
        browser.wait_for(
            "Math.abs(document.getAnimations()[0].currentTime - 1500) < 1e-6"
            " && document.querySelectorAll('#timeline .lane').length === 2", 20)
        send(":preview stop")
        read_until(main, b"preview stopped", timeout=10)
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
        send(":quit")
        assert repl.wait(timeout=10) == 0
    finally:
        if repl.poll() is None:
            repl.kill()
        os.close(main)


def test_repl_preview_through_a_pipe(tmp_path):
    repl = subprocess.Popen([ANIM, "repl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        repl.stdin.write("view box(x: 0, y: 0, width: 10, height: 10)\n:preview\n")
        repl.stdin.flush()
        line = repl.stdout.readline()
        m = re.fullmatch(r"preview: http://127\.0\.0\.1:(\d+)/\n", line)
        assert m, line
        port = int(m.group(1))
        deadline = time.monotonic() + 5
        while True:
            status, _, body = request(port)
            if b'id="anim-player-code"' in body or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert status == 200 and b'"pausedAt":0' in body
        out, err = repl.communicate(":preview stop\n", timeout=10)
        assert out == "preview stopped\n" and err == ""
        assert repl.returncode == 0
    finally:
        if repl.poll() is None:
            repl.kill()
