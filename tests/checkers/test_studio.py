"""The preview's studio (SPEC §24) checked from the outside, in headless
Chromium at 1366 × 768 through the DevTools protocol: real mouse, wheel and
key events on the ruler, the lanes and the stage; what is drawn read from
screenshots; the inspector against `anim run`; lanes against run times
computed by hand; builds that a newer save cancels; the error overlay; the
render buttons, their downloads read by ffprobe and compared with `anim
render`/`anim export`, and their request replayed without the token or from
another origin."""

import json
import os
import re
import subprocess
import time
import urllib.request

import pytest

from cdp_support import Browser
from preview_support import ANIM, MOVING_BOX, Preview, save

WIDTH, HEIGHT = 1366, 768


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(tmp_path_factory.mktemp("chromium"), WIDTH, HEIGHT, timeout=60)
    b.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1,
           mobile=False)
    yield b
    b.close()


def open_studio(browser, preview, fragment=""):
    browser.navigate(preview.url + fragment, timeout=60)
    browser.wait_for("window.animPreview && window.animPreview.version >= 1"
                     " && window.animPreview.shownAt > 0", 30)


def near(pixel, rgb, tol=16):
    return all(abs(p - c) <= tol for p, c in zip(pixel[:3], rgb))


def state(browser):
    return json.loads(browser.evaluate("document.getElementById('anim-state').textContent"))


def rect(browser, selector):
    return browser.evaluate(
        f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,"
        " height: r.height}; })()")


def wait_paused_state(browser, t, timeout=5):
    """Waits until `#anim-state` says `t` (the page writes it when paused)."""
    browser.wait_for(
        "(() => { try { return Math.abs(JSON.parse(document.getElementById('anim-state')"
        f".textContent).t - {t}) < 1e-9; }} catch (e) {{ return false; }} }})()", timeout)


# -- layout ---------------------------------------------------------------------

WIDE_STAGE = """\
stage(width: 1000, height: 1000, background: "#203040")
view box(x: 100, y: 500, width: 100, height: 100, color: red)
run move(to: (900, 500), 4) on box
"""


def test_a_large_stage_fits_and_every_part_is_in_view_at_1366_by_768(tmp_path, browser):
    script = tmp_path / "wide.anim"
    script.write_text(WIDE_STAGE)
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        assert browser.evaluate("innerWidth") == WIDTH and browser.evaluate("innerHeight") == HEIGHT
        assert browser.evaluate("document.title").startswith("wide.anim")
        for part in ("#stage", "#play", "#scrub", "[data-anim=ruler]", "[data-anim=lane]",
                     "[data-anim=inspector]", "[data-anim=output]", "[data-anim=render]"):
            r = rect(browser, part)
            assert r["width"] > 0 and r["height"] > 0, part
            assert r["left"] >= 0 and r["top"] >= 0, part
            assert r["right"] <= WIDTH and r["bottom"] <= HEIGHT, (part, r)
        stage = rect(browser, "#stage")
        assert stage["width"] < 1000 and abs(stage["width"] - stage["height"]) < 1
        # What is drawn is the box, scaled: red at its centre, the background
        # colour beside it.
        box = rect(browser, "#v0")
        assert abs(box["width"] - 100 * stage["width"] / 1000) < 1
        shot = browser.screenshot()
        assert near(shot.getpixel((int(box["left"] + box["width"] / 2), int(box["top"] + box["height"] / 2))),
                    (255, 0, 0))
        assert near(shot.getpixel((int(stage["left"] + stage["width"] / 2), int(stage["top"] + 20))),
                    (0x20, 0x30, 0x40))
        # 1:1 shows the stage at its own size.
        x, y = browser.center_of("[data-anim=fit]")
        browser.click(x, y)
        browser.wait_for("document.getElementById('stage').getBoundingClientRect().width === 1000", 3)
        browser.click(x, y)
        browser.wait_for(f"document.getElementById('stage').getBoundingClientRect().width === {stage['width']}", 3)
    finally:
        assert preview.stop() == 0


# -- the timeline ---------------------------------------------------------------

RUNS = """\
view a(x: 20, y: 20, width: 20, height: 20, color: red)
view b(x: 60, y: 20, width: 20, height: 20, color: blue)
view c(x: 100, y: 20, width: 20, height: 20, color: lime)
h1 = run fade(out, 0.5) * 3 on a
step 0.5
h2 = run move(by: (0, 40), 1) on b
h3 = run rotate(by: 90, 1) * forever on c
step 1
"""


def lanes(browser):
    return browser.evaluate(
        "Array.from(document.querySelectorAll('[data-anim=lane]')).map(l => ({run: l.dataset.run,"
        " start: Number(l.dataset.start), end: Number(l.dataset.end), title: l.title,"
        " bar: (() => { const r = l.querySelector('.lane-bar').getBoundingClientRect();"
        " return [r.left, r.right]; })(),"
        " track: (() => { const r = l.querySelector('.lane-track').getBoundingClientRect();"
        " return [r.left, r.right]; })() }))")


def test_lanes_span_their_runs_and_a_run_still_going_reaches_the_end(tmp_path, browser):
    script = tmp_path / "runs.anim"
    script.write_text(RUNS)
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        got = lanes(browser)
        # By hand: h1 plays 3 × 0.5 s from 0; h2 1 s from 0.5; h3 forever
        # from 0.5; the range is [0, 1.5] (the clock's end).
        assert [l["run"] for l in got] == ["1", "2", "3"]
        assert [(l["start"], l["end"]) for l in got] == [(0, 1.5), (0.5, 1.5), (0.5, 1.5)]
        for lane in got:
            assert "undefined" not in lane["title"] and "NaN" not in lane["title"]
        assert "still running" in got[2]["title"] and "0.5 s → 1.5 s" in got[2]["title"]
        # The running lane's bar reaches the track's end; each bar starts
        # where its start is on the track.
        left, right = got[2]["track"]
        assert abs(got[2]["bar"][1] - right) < 1.5
        assert abs(got[1]["bar"][0] - (left + (right - left) / 3)) < 1.5
    finally:
        assert preview.stop() == 0


def tick_times(browser):
    return browser.evaluate(
        "Array.from(document.querySelectorAll('[data-anim=tick]')).map(t => [Number(t.dataset.t),"
        " t.getBoundingClientRect().left, t.textContent])")


def test_the_ruler_is_labelled_and_dragging_on_it_scrubs(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview)
        ticks = tick_times(browser)
        assert len(ticks) >= 5
        assert ticks[0][0] == 0 and all(label == f"{t:g} s" for t, _, label in ticks)
        # Ticks stand where their times are: x is linear in t.
        (t0, x0, _), (t1, x1, _) = ticks[0], ticks[-1]
        per_second = (x1 - x0) / (t1 - t0)
        for t, x, _ in ticks:
            assert abs(x0 + (t - t0) * per_second - x) < 1
        ruler = rect(browser, "[data-anim=ruler]")
        y = ruler["top"] + ruler["height"] / 2
        # Drag from 0.25 s to 1.5 s (x of the ticks): the player pauses there.
        at = lambda t: x0 + (t - t0) * per_second
        browser.drag([(at(0.25), y), (at(0.75), y), (at(1.2), y), (at(1.5), y)])
        browser.wait_for("document.getElementById('play').textContent === 'Play'", 3)
        wait_paused_state(browser, browser.evaluate(
            "document.getAnimations()[0].currentTime / 1000"))
        t = state(browser)["t"]
        assert abs(t - 1.5) < 1 / per_second + 1e-9
        # The box is drawn where it is at that time: 50 + 200·t/2.
        box = rect(browser, "#v0")
        stage = rect(browser, "#stage")
        scale = stage["width"] / browser.evaluate("Number(document.getElementById('stage').getAttribute('width'))")
        assert abs(state(browser)["views"]["box"]["x"] - (50 + 100 * t)) < 1e-6
        shot = browser.screenshot()
        assert near(shot.getpixel((int(box["left"] + box["width"] / 2), int(box["top"] + box["height"] / 2))),
                    (255, 0, 0))
        assert abs(box["width"] - 40 * scale) < 1
        # The playhead stands at that time on the ruler.
        head = rect(browser, "#playhead")
        assert abs((head["left"] + head["right"]) / 2 - at(t)) < 2
    finally:
        assert preview.stop() == 0


def test_ctrl_wheel_zooms_around_the_pointer_and_shift_wheel_pans(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        before = tick_times(browser)
        per_second = (before[-1][1] - before[0][1]) / (before[-1][0] - before[0][0])
        ruler = rect(browser, "[data-anim=ruler]")
        y = ruler["top"] + ruler["height"] / 2
        x = before[0][1] + 1.0 * per_second  # the pointer at t = 1
        browser.wheel(x, y, dy=-400, modifiers=2)
        browser.wait_for(f"document.querySelectorAll('[data-anim=tick]').length > 0", 2)
        after = tick_times(browser)
        zoomed = (after[-1][1] - after[0][1]) / (after[-1][0] - after[0][0])
        assert zoomed > per_second * 1.5, (zoomed, per_second)
        # The time under the pointer stayed where it was.
        t_at_x = after[0][0] + (x - after[0][1]) / zoomed
        assert abs(t_at_x - 1.0) < 0.01
        # Shift+wheel pans later in time.
        first = after[0][0] + (ruler["left"] - after[0][1]) / zoomed
        browser.wheel(x, y, dy=200, modifiers=8)
        panned = tick_times(browser)
        moved = panned[0][0] + (ruler["left"] - panned[0][1]) / zoomed
        assert moved > first + 0.05
        # A double click on the ruler shows the whole range again.
        browser.double_click(x, y)
        browser.wait_for("(() => { const t = document.querySelectorAll('[data-anim=tick]');"
                         " return t.length && Number(t[t.length - 1].dataset.t) === 2; })()", 3)
    finally:
        assert preview.stop() == 0


def test_a_click_on_a_lane_selects_it_and_a_double_click_seeks_to_its_start(tmp_path, browser):
    script = tmp_path / "runs.anim"
    script.write_text(RUNS)
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        x, y = browser.center_of("[data-anim=lane][data-run='2'] .lane-label")
        browser.click(x, y)
        browser.wait_for("document.querySelector('[data-anim=inspector]').dataset.view === 'b'"
                         " && !!document.querySelector('[data-anim=inspector] [data-property=x] td')", 5)
        assert browser.evaluate("document.querySelector('[data-anim=lane][data-run=\"2\"]')"
                                ".classList.contains('selected')")
        assert browser.evaluate("document.getAnimations()[0].currentTime") == 0
        browser.double_click(x, y)
        wait_paused_state(browser, 0.5)
    finally:
        assert preview.stop() == 0


def test_keys_step_frames_and_seconds_and_go_to_either_end(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=1")
        browser.press("ArrowRight")
        wait_paused_state(browser, 1 + 1 / 60)
        browser.press("ArrowRight")
        browser.press("ArrowLeft")
        browser.press("ArrowLeft")
        browser.press("ArrowLeft")
        wait_paused_state(browser, 1 - 1 / 60)
        browser.press("ArrowRight", modifiers=8)
        wait_paused_state(browser, 2 - 1 / 60)
        browser.press("ArrowLeft", modifiers=8)
        browser.press("ArrowLeft", modifiers=8)
        wait_paused_state(browser, 0)
        browser.press("End")
        wait_paused_state(browser, 2)
        assert abs(state(browser)["views"]["box"]["x"] - 250) < 1e-6
        browser.press("Home")
        wait_paused_state(browser, 0)
        assert browser.evaluate("document.getElementById('play').textContent") == "Play"
        browser.press(" ")
        browser.wait_for("document.getElementById('play').textContent === 'Pause'", 2)
        time.sleep(0.3)
        assert browser.evaluate("document.getAnimations()[0].currentTime") > 0
        browser.press(" ")
        browser.wait_for("document.getElementById('play').textContent === 'Play'", 2)
    finally:
        assert preview.stop() == 0


# -- the inspector --------------------------------------------------------------

INSPECTED = """\
view box(x: 50, y: 60, width: 40, height: 30, color: red)
star spark(x: 200, y: 60, width: 50, height: 50, color: "#ffcc00", stroke: blue, strokeWidth: 3)
run move(to: (250, 80), 2, ease: inOutCubic) on box
run fade(to: 0.25, 2) + rotate(by: 45, 1) on box
run color(to: "#00ff80", 2) on spark
"""


def printed(script_text, tmp_path, t, view):
    """The view's properties as `print` writes them at time t, by anim run."""
    probe = tmp_path / "probe.anim"
    probe.write_text(script_text + f"step {t}\nprint {view}\n")
    run = subprocess.run([ANIM, "run", str(probe)], capture_output=True, text=True, check=True)
    line = run.stdout.strip().splitlines()[-1]
    name, fields = line.split(": ", 1)
    return name, dict(field.split("=", 1) for field in fields.split(" "))


def inspector(browser):
    return browser.evaluate(
        "(() => { const box = document.querySelector('[data-anim=inspector]');"
        " const field = (f) => { const el = box.querySelector(`[data-field=${f}]`); return el ? el.textContent : null; };"
        " return { name: field('name'), kind: field('kind'), declared: field('declared'), runs: field('runs'),"
        " values: Object.fromEntries(Array.from(box.querySelectorAll('tr[data-property]'))"
        ".map(r => [r.dataset.property, r.querySelector('td').textContent])) }; })()")


def test_a_click_on_the_stage_inspects_the_view_with_anim_runs_values(tmp_path, browser):
    script = tmp_path / "inspect.anim"
    script.write_text(INSPECTED)
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        x, y = browser.center_of("#v0")
        browser.click(x, y)
        browser.wait_for("!!document.querySelector('[data-anim=inspector] tr[data-property=x] td')", 5)
        for t in (0, 0.5, 1.25, 2):
            browser.evaluate(f"location.hash = '#t={t}'")
            wait_paused_state(browser, t)
            browser.wait_for(f"Number(document.querySelector('[data-anim=inspector]').dataset.t) === {t}", 3)
            got = inspector(browser)
            name, expected = printed(INSPECTED, tmp_path, t, "box")
            assert got["name"] == name == "box"
            assert got["kind"] == "view"
            assert got["declared"] == f"{script}:1"
            assert got["runs"] == "runs: #1#2"
            for key, value in expected.items():
                assert got["values"][key] == value, (t, key, got["values"][key], value)
        # Every property of the kind is there, not only those print lists.
        # (cornerRadius is an alias of the four corners, SPEC §21.3.)
        assert {"cornerTopLeft", "cornerBottomRight", "anchorX", "strokeWidth", "lineCap"} <= set(
            got["values"])
        # The star: another kind, its colour moving.
        x, y = browser.center_of("#v1")
        browser.click(x, y)
        browser.wait_for("document.querySelector('[data-anim=inspector]').dataset.view === 'spark'"
                         " && !!document.querySelector('[data-anim=inspector] tr[data-property=points] td')", 5)
        browser.evaluate("location.hash = '#t=1'")
        wait_paused_state(browser, 1)
        browser.wait_for("Number(document.querySelector('[data-anim=inspector]').dataset.t) === 1", 3)
        got = inspector(browser)
        name, expected = printed(INSPECTED, tmp_path, 1, "spark")
        assert got["kind"] == "star" and got["declared"] == f"{script}:2"
        for key, value in expected.items():
            assert got["values"][key] == value, (key, got["values"][key], value)
        # A click beside every view clears it.
        stage = rect(browser, "#stage")
        browser.click(stage["left"] + 2, stage["bottom"] - 2)
        browser.wait_for("!document.querySelector('[data-anim=inspector]').dataset.view", 3)
    finally:
        assert preview.stop() == 0


# -- builds ---------------------------------------------------------------------

def grid(color, n=60):
    return (f"grid tiles(cols: {n}, rows: {n}, size: 6, color: {color})\n"
            "run stagger(tiles, fade(out, 1) + fade(in, 1), total: 1) * 3\n")


def test_a_newer_save_cancels_the_build_running_and_only_the_latest_is_drawn(tmp_path, browser):
    script = tmp_path / "grid.anim"
    script.write_text(grid("red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        browser.evaluate("window.__versions = []; new MutationObserver(() => window.__versions.push("
                         "document.documentElement.dataset.previewVersion)).observe("
                         "document.documentElement, {attributes: true});"
                         "window.__building = []; new MutationObserver(() => window.__building.push("
                         "!!document.querySelector('[data-anim=building]'))).observe("
                         "document.getElementById('building-slot'), {childList: true}); 0")
        first = browser.evaluate("window.animPreview.version")
        save(script, grid("blue"))
        browser.wait_for("!!document.querySelector('[data-anim=building]')", 3)
        time.sleep(0.05)
        save(script, grid("lime"))
        browser.wait_for(f"window.animPreview.version > {first}", 60)
        browser.wait_for("!document.querySelector('[data-anim=building]')", 10)
        time.sleep(1)
        # One build drawn after the two saves: the second's.
        assert browser.evaluate("window.animPreview.version") == first + 1
        assert browser.evaluate("window.__versions") == [str(first + 1)]
        assert browser.evaluate("window.__building") == [True, False]
        x, y = browser.center_of("#v0")
        assert near(browser.pixel(x, y), (0, 255, 0))
        assert "cancelled by a newer save" in preview.errors()
    finally:
        assert preview.stop() == 0


def test_a_slow_build_draws_the_new_frame_first_as_a_still(tmp_path, browser):
    # 3 600 tiles over 6 s: the first build takes well over the 250 ms after
    # which the preview sends the frame at the page's time ahead of the rest.
    script = tmp_path / "slow.anim"
    script.write_text(grid("red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0")
        browser.evaluate("window.__order = []; window.__tell = (w) => window.__order.push(w);"
                         "new MutationObserver(() => window.__tell("
                         "(document.getElementById('still') ? 'still' : 'no still') + ' '"
                         " + window.animPreview.version)).observe("
                         "document.getElementById('anim-player'), {childList: true, subtree: true});"
                         " 0")
        first = browser.evaluate("window.animPreview.version")
        assert browser.evaluate("window.animPreview.stills || 0") == 0
        save(script, grid("blue"))
        browser.wait_for("(window.animPreview.stills || 0) > 0", 60, interval=0.005)
        # The still is on the stage, the old player hidden, the build not in yet.
        assert browser.evaluate("window.animPreview.version") == first
        assert browser.evaluate("getComputedStyle(document.getElementById('stage')).display") == "none"
        still = rect(browser, "#still")
        stage_box = browser.evaluate(
            "[Number(document.getElementById('still').getAttribute('width')),"
            " Number(document.getElementById('still').getAttribute('height'))]")
        assert still["width"] > 100 and still["height"] > 100
        # The middle of tile (29, 29) of the 60 × 60 the stage is fitted to.
        shot_x = still["left"] + still["width"] * 29.5 / 60
        shot_y = still["top"] + still["height"] * 29.5 / 60
        # At t = 0 the middle tiles have not started: the new colour, opaque.
        assert near(browser.pixel(shot_x, shot_y), (0, 0, 255))
        # Then the build replaces it: the player is back, in the new colour.
        browser.wait_for(f"window.animPreview.version > {first}", 120)
        assert browser.evaluate("document.getElementById('still')") is None
        assert browser.evaluate("getComputedStyle(document.getElementById('stage')).display") != "none"
        box = rect(browser, "#stage")
        assert abs(box["width"] - still["width"]) < 0.5 and abs(box["height"] - still["height"]) < 0.5
        assert browser.evaluate("[Number(document.getElementById('stage').getAttribute('width')),"
                                " Number(document.getElementById('stage').getAttribute('height'))]"
                                ) == stage_box
        assert near(browser.pixel(shot_x, shot_y), (0, 0, 255))
        order = browser.evaluate("window.__order")
        # Shown while the old version was current, then taken down for good
        # as the build's player was swapped in.
        assert order[0] == f"still {first}", order
        assert all(o.startswith("no still") for o in order[1:]) and len(order) > 1, order
    finally:
        assert preview.stop() == 0


def test_a_quick_build_sends_no_still(tmp_path, browser):
    script = tmp_path / "quick.anim"
    text = "view a(x: 20, y: 20, width: 20, height: 20, color: {c})\nrun fade(out, 1) on a\n"
    script.write_text(text.format(c="red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0.5")
        version = browser.evaluate("window.animPreview.version")
        save(script, text.format(c="blue"))
        browser.wait_for(f"window.animPreview.version > {version}", 10)
        assert browser.evaluate("window.animPreview.stills || 0") == 0
    finally:
        assert preview.stop() == 0


def test_a_save_that_changes_one_view_keeps_the_others_elements(tmp_path, browser):
    script = tmp_path / "three.anim"
    text = ("view a(x: 20, y: 20, width: 20, height: 20, color: red)\n"
            "view b(x: 60, y: 20, width: 20, height: 20, color: {b})\n"
            "view c(x: 100, y: 20, width: 20, height: 20, color: lime)\n"
            "run fade(out, 1) on [a, c]\n")
    script.write_text(text.format(b="blue"))
    preview = Preview(script)
    try:
        open_studio(browser, preview, "#t=0.5")
        browser.evaluate("for (const id of ['v0', 'v1', 'v2']) document.getElementById(id).__mark = id; 0")
        version = browser.evaluate("window.animPreview.version")
        save(script, text.format(b="yellow"))
        browser.wait_for(f"window.animPreview.version > {version}", 10)
        kept = browser.evaluate("['v0', 'v1', 'v2'].map(id => document.getElementById(id).__mark || null)")
        assert kept == ["v0", None, "v2"]
        assert browser.evaluate("document.getAnimations().length") == 2
        x, y = browser.center_of("#v1")
        assert near(browser.pixel(x, y), (255, 255, 0))
        assert abs(browser.evaluate("document.getAnimations()[0].currentTime") - 500) < 1e-6
    finally:
        assert preview.stop() == 0


def test_an_error_overlay_is_wrapped_and_readable_and_the_output_stays(tmp_path, browser):
    script = tmp_path / "tiny.anim"
    good = 'view dot(x: 5, y: 5, width: 4, height: 4, color: red)\nprint "last good output"\n'
    script.write_text(good)
    preview = Preview(script)
    try:
        open_studio(browser, preview)
        assert "last good output" in browser.evaluate(
            "document.querySelector('[data-anim=output]').textContent")
        broken = good + 'print "' + "a long string that the overlay must wrap " * 8 + '" + (1\n'
        save(script, broken)
        browser.wait_for("window.animPreview.errorShown", 5)
        run = subprocess.run([ANIM, "run", str(script)], capture_output=True, text=True)
        overlay = browser.evaluate("document.querySelector('[data-anim=error]').textContent")
        assert overlay == run.stderr and run.returncode == 65
        box = rect(browser, "[data-anim=error]")
        assert box["width"] > 400 and box["right"] <= WIDTH and box["bottom"] <= HEIGHT
        # Wrapped: nothing is cut at the side.
        assert browser.evaluate("(() => { const e = document.querySelector('[data-anim=error]');"
                                " return e.scrollWidth <= e.clientWidth; })()")
        assert browser.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-anim=error]')).fontSize)") >= 12
        assert "last good output" in browser.evaluate(
            "document.querySelector('[data-anim=output]').textContent")
        assert not browser.evaluate("document.querySelector('[data-anim=building]')")
    finally:
        assert preview.stop() == 0


# -- rendering from the page ----------------------------------------------------

SHORT = """\
view box(x: 20, y: 20, width: 20, height: 20, color: red)
run move(to: (80, 20), 0.5) on box
"""


def ffprobe(path):
    run = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                          "stream=codec_name,width,height,nb_read_frames", "-of", "json", str(path)],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)["streams"][0]


def render_from_page(browser, format, downloads, timeout=120):
    before = set(os.listdir(downloads))
    x, y = browser.center_of(f"[data-anim=render][data-format={format}]")
    browser.click(x, y)
    browser.wait_for("window.animPreview.render && ['done', 'failed'].includes(window.animPreview.render.state)",
                     timeout)
    result = browser.evaluate("window.animPreview.render")
    assert result["state"] == "done", result
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        new = [f for f in set(os.listdir(downloads)) - before if not f.endswith(".crdownload")]
        if new:
            return os.path.join(downloads, new[0]), result
        time.sleep(0.1)
    raise AssertionError("nothing was downloaded")


def test_render_buttons_download_what_anim_render_and_export_write(tmp_path, browser):
    script = tmp_path / "short.anim"
    script.write_text(SHORT)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
    preview = Preview(script)
    try:
        open_studio(browser, preview)
        path, result = render_from_page(browser, "mp4", downloads)
        assert os.path.basename(path) == "short.mp4"
        reference = tmp_path / "reference.mp4"
        subprocess.run([ANIM, "render", str(script), "-o", str(reference)], check=True,
                       capture_output=True)
        got, expected = ffprobe(path), ffprobe(reference)
        assert got == expected and got["codec_name"] == "h264" and int(got["nb_read_frames"]) > 10
        for format, command in (("gif", "render"), ("json", "export"), ("html", "export")):
            path, _ = render_from_page(browser, format, downloads)
            reference = tmp_path / f"reference.{format}"
            subprocess.run([ANIM, command, str(script), "-o", str(reference)], check=True,
                           capture_output=True)
            with open(path, "rb") as a, open(reference, "rb") as b:
                assert a.read() == b.read(), format
        assert ffprobe(os.path.join(downloads, "short.gif")) == ffprobe(tmp_path / "reference.gif")
        assert browser.evaluate("document.getElementById('render-progress').value") == 1
    finally:
        assert preview.stop() == 0


def post(port, path, headers):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST", headers=headers,
                                     data=b"")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_render_request_needs_the_pages_token_and_origin(tmp_path, browser):
    script = tmp_path / "short.anim"
    script.write_text(SHORT)
    preview = Preview(script)
    port = preview.port
    try:
        page = urllib.request.urlopen(preview.url, timeout=10).read().decode()
        token = json.loads(re.search(r'<script id="preview-token" type="application/json">(.*?)</script>',
                                     page).group(1))
        assert re.fullmatch(r"[0-9a-f]{32}", token)
        own = preview.origin
        for headers in ({}, {"Origin": own}, {"Origin": own, "X-Anim-Token": "0" * 32},
                        {"Origin": own, "X-Anim-Token": token[:-1]},
                        {"X-Anim-Token": token},
                        {"Origin": "http://evil.example", "X-Anim-Token": token},
                        {"Origin": "null", "X-Anim-Token": token},
                        {"Origin": f"http://127.0.0.1:{port + 1}", "X-Anim-Token": token}):
            status, body = post(port, "/render?format=gif", headers)
            assert status == 403, (headers, status, body)
        assert post(port, "/render?format=png", {"Origin": own, "X-Anim-Token": token})[0] == 400
        # The page's own request, then a second while it runs: one at a time.
        status, body = post(port, "/render?format=gif", {"Origin": own, "X-Anim-Token": token})
        assert status == 202
        ident = json.loads(body)["id"]
        assert post(port, "/render?format=mp4", {"Origin": own, "X-Anim-Token": token})[0] == 409
        # The download needs the token too.
        deadline = time.monotonic() + 60
        while True:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/render/{ident}",
                                             headers={"X-Anim-Token": token})
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    data = response.read()
                    disposition = response.headers["Content-Disposition"]
                break
            except urllib.error.HTTPError as error:
                assert error.code == 404 and time.monotonic() < deadline
                time.sleep(0.2)
        assert data.startswith(b"GIF89a") and 'filename="short.gif"' in disposition
        for headers in ({}, {"X-Anim-Token": "x"}):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/render/{ident}", headers=headers)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 403
    finally:
        assert preview.stop() == 0


# -- marks, state, the REPL -----------------------------------------------------

def test_the_page_marks_its_parts_and_the_state_follows_the_playhead(tmp_path, browser):
    script = tmp_path / "box.anim"
    script.write_text(MOVING_BOX.format(color="red"))
    preview = Preview(script)
    try:
        open_studio(browser, preview)
        for mark in ("ruler", "tick", "lane", "inspector", "error", "output"):
            assert browser.evaluate(f"document.querySelectorAll('[data-anim={mark}]').length") >= 1, mark
        assert browser.evaluate(
            "Array.from(document.querySelectorAll('[data-anim=render]')).map(b => b.dataset.format)"
        ) == ["mp4", "gif", "json", "html"]
        assert browser.evaluate("document.querySelector('[data-anim=lane]').dataset.end") == "2"
        # Paused by a key, without any #t=: the readout follows.
        browser.press(" ")
        browser.wait_for("document.getElementById('play').textContent === 'Play'", 2)
        t = browser.evaluate("document.getAnimations()[0].currentTime / 1000")
        wait_paused_state(browser, t)
        browser.press("ArrowRight")
        wait_paused_state(browser, round(t * 60 + 1e-6) / 60 + 1 / 60 if abs(t * 60 - round(t * 60)) < 1e-6
                          else -(-t * 60 // 1) / 60)
    finally:
        assert preview.stop() == 0


def test_the_repl_preview_is_the_same_page_and_reset_empties_the_timeline(tmp_path, browser):
    repl = subprocess.Popen([ANIM, "repl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        def send(line):
            repl.stdin.write(line + "\n")
            repl.stdin.flush()

        send("view box(x: 50, y: 50, width: 40, height: 40, color: red)")
        send("run move(to: (250, 50), 2) on box")
        send("step 1")
        send(":preview")
        line = ""
        while "preview:" not in line:
            line = repl.stdout.readline()
        url = re.search(r"(http://\S+/)", line).group(1)
        browser.navigate(url, timeout=30)
        browser.wait_for("window.animPreview && window.animPreview.version >= 1 && window.animPreview.shownAt > 0"
                         " && document.querySelectorAll('[data-anim=lane]').length === 1", 30)
        assert browser.evaluate("document.querySelectorAll('[data-anim=render]').length") == 4
        assert browser.evaluate("document.title").startswith("REPL session")
        version = browser.evaluate("window.animPreview.version")
        send("reset")
        browser.wait_for(f"window.animPreview.version > {version}"
                         " && document.querySelectorAll('[data-anim=lane]').length === 0", 30)
        assert "no runs" in browser.evaluate("document.getElementById('lanes').textContent")
        send("run fade(out, 1) on box")
        send("step 0.5")
        browser.wait_for("document.querySelectorAll('[data-anim=lane]').length === 1", 30)
        version = browser.evaluate("window.animPreview.version")
        send(":reset")
        browser.wait_for(f"window.animPreview.version > {version}"
                         " && document.querySelectorAll('[data-anim=lane]').length === 0", 30)
        send(":quit")
        assert repl.wait(timeout=20) == 0
    finally:
        if repl.poll() is None:
            repl.kill()
