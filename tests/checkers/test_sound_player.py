"""The HTML player's sound (SPEC §22), played in headless Chromium driven
through the DevTools protocol: the mix is embedded (the page is one file),
the audio drives the picture while it plays, and seeking, pausing, a new
speed and looping keep the two within 20 ms; without a gesture the
browser refuses sound and a click on Play starts it."""

import json
import os
import re
import statistics
import subprocess
import time
import wave

import numpy as np
import pytest

from cdp_support import Browser, chromium_path

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
AUTOPLAY = ["--autoplay-policy=no-user-gesture-required"]

SCRIPT = """
stage(width: 400, height: 100, background: black)
sound tone("tone.wav")
view box(x: 20, y: 50, width: 20, height: 20, color: white)
run play(tone)
run move(to: (380, 50), 3) on box
step 3
"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    folder = tmp_path_factory.mktemp("player")
    rate = 48000
    t = np.arange(3 * rate) / rate
    ints = np.round(0.3 * np.sin(2 * np.pi * 440 * t) * 32768).astype("<i2")
    with wave.open(str(folder / "tone.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(ints.tobytes())
    (folder / "p.anim").write_text(SCRIPT)
    r = subprocess.run([ANIM, "export", "p.anim", "-o", "p.html", "--fps", "30"], cwd=folder,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return folder / "p.html"


def state(b):
    return json.loads(b.evaluate("document.getElementById('anim-state').textContent"))


def wait_playing(b):
    b.wait_for("!document.querySelector('audio').paused && "
               "JSON.parse(document.getElementById('anim-state').textContent).audioTime > 0.05", 20)


def frame_drifts(b, seconds):
    """Over `seconds`, at each frame: the picture's time (its animations')
    less where the audio was at the frame's time."""
    b.evaluate("""window.drifts = []; window.keep = true; (function f() {
      const a = document.getAnimations()[0], au = document.querySelector('audio');
      if (a && !au.paused && a.playState === 'running') {
        const late = performance.now() - document.timeline.currentTime;
        drifts.push(a.currentTime / 1000 - (au.currentTime - late * au.playbackRate / 1000));
      }
      if (keep) requestAnimationFrame(f); })(); 1""")
    time.sleep(seconds)
    drifts = b.evaluate("keep = false; drifts")
    # The frames around a start or a loop, while the picture is set to the
    # audio again, are left out: at most 3 in 20.
    drifts = sorted(abs(d) for d in drifts)
    return drifts[: max(1, len(drifts) - len(drifts) * 3 // 20)], drifts


def test_the_page_embeds_the_mix_and_stays_one_file(page):
    html = page.read_text()
    assert '<script id="anim-sound" type="application/octet-stream">' in html
    assert "tone.wav" not in html
    assert not re.search(r'\s(src|href)\s*=|@import|url\(', html)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", html)
    # Played, it asks for nothing but itself and the sound it unpacks.
    with Browser(extra_args=AUTOPLAY) as b:
        b.open(f"file://{page}")
        b.call("Network.enable")
        b.events.clear()
        b.call("Page.reload")
        time.sleep(0.5)
        wait_playing(b)
        b.evaluate("1")
        urls = {e["params"]["request"]["url"].split("#")[0] for e in b.events
                if e.get("method") == "Network.requestWillBeSent"}
        assert f"file://{page}" in urls and any(u.startswith("blob:") for u in urls), urls
        assert all(u == f"file://{page}" or u.startswith("blob:") for u in urls), urls


def test_the_audio_drives_the_picture_within_20_ms(page):
    with Browser(extra_args=AUTOPLAY) as b:
        b.open(f"file://{page}")
        wait_playing(b)
        kept, every = frame_drifts(b, 1.5)
        assert len(every) > 20
        assert max(kept) <= 0.020, every[-5:]
        assert statistics.median(every) <= 0.005
        # The state the page writes every frame says the same.
        for _ in range(10):
            s = state(b)
            assert s["playing"] is True
            assert abs(s["time"] - s["audioTime"]) <= 0.020, s
            time.sleep(0.05)


def test_seek_pause_speed_and_loop_keep_sound_and_picture_together(page):
    with Browser(extra_args=AUTOPLAY) as b:
        b.open(f"file://{page}")
        wait_playing(b)
        # Seek (the scrubber pauses, as dragging it does): the audio is there.
        b.evaluate("const s = document.getElementById('scrub'); s.value = '1.3'; "
                   "s.dispatchEvent(new Event('input')); 1")
        s = state(b)
        assert s["playing"] is False
        assert abs(s["audioTime"] - 1.3) <= 0.020 and abs(s["time"] - 1.3) <= 0.020
        assert b.evaluate("document.querySelector('audio').paused") is True
        assert abs(b.evaluate("document.querySelector('audio').currentTime") - 1.3) <= 0.020
        # What is drawn is the frame at the audio's time: the box's left
        # edge at x = 20 + 120·t − 10 px (it moves 360 px in 3 s).
        shot = b.screenshot("#stage").convert("RGB")
        xs = [x for x in range(400) if shot.getpixel((x, 50)) == (255, 255, 255)]
        assert xs and abs(xs[0] - (20 + 120 * s["audioTime"] - 10)) <= 2
        # Play from there: sound and picture go on together from 1.3.
        b.evaluate("document.getElementById('play').click(); 1")
        wait_playing(b)
        # (from where it was paused: 1.3 within the 20 ms allowed above)
        assert 1.3 - 0.020 <= state(b)["audioTime"] <= 1.8
        kept, every = frame_drifts(b, 0.6)
        assert max(kept) <= 0.020, every[-5:]
        # Pause: both stop at one time.
        b.evaluate("document.getElementById('play').click(); 1")
        time.sleep(0.2)
        s = state(b)
        assert s["playing"] is False and b.evaluate("document.querySelector('audio').paused")
        assert abs(s["audioTime"] - s["time"]) <= 0.020
        # Twice the speed: the audio plays twice as fast (and higher).
        b.evaluate("const v = document.getElementById('speed'); v.value = '2'; "
                   "v.dispatchEvent(new Event('change')); document.getElementById('play').click(); 1")
        wait_playing(b)
        assert b.evaluate("document.querySelector('audio').playbackRate") == 2
        assert b.evaluate("document.querySelector('audio').preservesPitch") is False
        # Over a second: each reading is #anim-state as the last frame wrote
        # it, a frame's time off at either end (0.4 s read 1.598 once).
        t0, s0 = time.monotonic(), state(b)["audioTime"]
        time.sleep(1.0)
        t1, s1 = time.monotonic(), state(b)["audioTime"]
        if s1 > s0:  # not looped meanwhile
            assert 1.6 <= (s1 - s0) / (t1 - t0) <= 2.4
        # Loop: past the end both start again from 0, together.
        b.wait_for("JSON.parse(document.getElementById('anim-state').textContent).audioTime < 0.5", 10)
        assert b.evaluate("document.getElementById('loop').checked") is True
        assert b.evaluate("document.querySelector('audio').paused") is False
        kept, every = frame_drifts(b, 0.5)
        assert max(kept) <= 0.020, every[-5:]


def test_without_a_gesture_the_picture_plays_alone_until_play_is_clicked(page):
    with Browser() as b:
        b.open(f"file://{page}")
        b.wait_for("document.getElementById('sound-note').textContent !== ''", 10)
        assert b.evaluate("document.querySelector('audio').paused") is True
        assert state(b)["playing"] is True
        x, y = b.evaluate("(() => { const r = document.getElementById('play').getBoundingClientRect(); "
                          "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            b.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        wait_playing(b)
        assert state(b)["playing"] is True
        # The note clears when play()'s promise resolves, a task that a
        # loaded machine may run after the audio's clock has moved on.
        b.wait_for("document.getElementById('sound-note').textContent === ''", 10)


def test_a_page_without_sound_has_no_audio(tmp_path):
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    (tmp_path / "s.anim").write_text("view b\nrun fade(out, 1) on b\n")
    r = subprocess.run([ANIM, "export", "s.anim", "-o", "s.html"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "s.html").read_text()
    assert "anim-sound" not in html and "audioTime" not in html


def test_the_live_preview_plays_the_sound_and_a_new_build_takes_it_over(page, tmp_path):
    """`anim preview` (SPEC §22): its page plays the mix too (its security
    policy lets the player's blob through), and a save swaps in the new
    build's sound: one audio element, playing, the old one gone."""
    from test_preview import Preview, save
    folder = page.parent
    script = folder / "live.anim"
    save(script, SCRIPT)
    preview = Preview(script)
    try:
        with Browser(extra_args=AUTOPLAY) as b:
            b.open(preview.url, ready="!!document.getElementById('anim-player-code')")
            wait_playing(b)
            kept, every = frame_drifts(b, 1.0)
            assert max(kept) <= 0.020, every[-5:]
            version = b.evaluate("window.animPreview.version")
            save(script, SCRIPT.replace("color: white", "color: red"))
            b.wait_for(f"window.animPreview.version > {version}", 30)
            wait_playing(b)
            assert b.evaluate("document.querySelectorAll('audio').length") == 1
            # The studio fits the stage to its window (SPEC §24): the box's
            # row is the stage's middle one, whatever the scale.
            shot = b.screenshot("#stage").convert("RGB")
            width, height = shot.size
            assert any(shot.getpixel((x, height // 2)) == (255, 0, 0) for x in range(width))
            # The new player's readout, not the old one's with it.
            text = b.evaluate("document.getElementById('anim-state').textContent")
            assert text.count('"audioTime"') == 1, text
            state = json.loads(text)
            assert state["playing"] is True and abs(state["time"] - state["audioTime"]) < 0.05
    finally:
        assert preview.stop() == 0


def rms_of_wav(base64_text, folder):
    """The RMS of a stereo WAV given as base64 (its two channels the same),
    decoded by ffmpeg, and its frame count."""
    import base64
    path = folder / "held.wav"
    path.write_bytes(base64.b64decode(base64_text))
    r = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-"],
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    samples = np.frombuffer(r.stdout, "<f4").reshape(-1, 2)
    assert np.array_equal(samples[:, 0], samples[:, 1])
    return float(np.sqrt(np.mean(samples[:, 0] ** 2))), len(samples)


def test_the_live_preview_sends_the_mix_only_when_it_changes_and_drops_it_with_the_sounds(page):
    """`anim preview` (SPEC §22, §24): a save that changes only the picture
    sends no mix (megabytes) and keeps the sound checkbox as it was; a new
    mix is sent and played; a save without sounds removes the audio, its
    checkbox, its note and its readout; sounds again bring them back."""
    from test_preview import Preview, save
    folder = page.parent
    script = folder / "mix.anim"
    save(script, SCRIPT)
    preview = Preview(script)
    held = "document.getElementById('anim-sound').textContent"
    try:
        with Browser(extra_args=AUTOPLAY) as b:
            b.open(preview.url, ready="!!document.getElementById('anim-player-code')")
            wait_playing(b)
            # The 440 Hz tone at 0.3 over the 3 s range: RMS 0.3/√2.
            rms, count = rms_of_wav(b.evaluate(held), folder)
            assert count == 3 * 48000 and abs(rms - 0.3 / 2 ** 0.5) < 0.002, rms
            b.call("Network.enable")

            def saved(text):
                version = b.evaluate("window.animPreview.version")
                b.events.clear()
                save(script, text)
                b.wait_for(f"window.animPreview.version > {version}", 30)
                b.evaluate("1")
                frames = [e["params"]["response"]["payloadData"] for e in b.events
                          if e.get("method") == "Network.webSocketFrameReceived"]
                return [f for f in frames if '"type":"build"' in f]

            b.evaluate("document.getElementById('sound').click(); 1")
            b.wait_for("document.querySelector('audio').paused")
            # Only the picture changed: the page keeps its mix, and sound off.
            builds = saved(SCRIPT.replace("color: white", "color: red"))
            assert builds and not any('"sound":' in f for f in builds), [f[:200] for f in builds]
            assert all(len(f) < 20000 for f in builds), [len(f) for f in builds]
            b.wait_for("document.getElementById('play').textContent === 'Pause'")
            assert b.evaluate("document.querySelectorAll('audio').length") == 1
            assert b.evaluate("document.getElementById('sound').checked") is False
            time.sleep(0.3)
            assert b.evaluate("document.querySelector('audio').paused") is True
            assert abs(rms_of_wav(b.evaluate(held), folder)[0] - 0.3 / 2 ** 0.5) < 0.002
            # A new mix: sent once, held, played (sound on again by a click).
            builds = saved(SCRIPT.replace("play(tone)", "play(tone, volume: 0.5)"))
            assert sum('"sound":"UklGR' in f for f in builds) == 1, [f[:200] for f in builds]
            rms, count = rms_of_wav(b.evaluate(held), folder)
            assert count == 3 * 48000 and abs(rms - 0.15 / 2 ** 0.5) < 0.002, rms
            b.evaluate("document.getElementById('sound').click(); 1")
            wait_playing(b)
            assert b.evaluate("document.querySelectorAll('audio').length") == 1
            # No sounds: no audio, no checkbox, no note, no mix, no readout of it.
            quiet = "\n".join(line for line in SCRIPT.splitlines()
                              if "tone" not in line) + "\n"
            builds = saved(quiet)
            assert sum('"sound":null' in f for f in builds) == 1, [f[:200] for f in builds]
            gone = b.evaluate("['anim-sound', 'anim-audio', 'sound', 'sound-note']"
                              ".filter((id) => document.getElementById(id)).concat("
                              "document.querySelectorAll('audio').length)")
            assert gone == [0], gone
            assert "audioTime" not in b.evaluate(
                "document.getElementById('anim-state').textContent")
            assert b.evaluate("document.getElementById('play').textContent") == "Pause"
            # Sounds again.
            builds = saved(SCRIPT)
            assert sum('"sound":"UklGR' in f for f in builds) == 1
            wait_playing(b)
            assert b.evaluate("document.querySelectorAll('audio').length") == 1
    finally:
        assert preview.stop() == 0
