"""Sound (SPEC §22) checked against tools anim did not write.

- The sounds are made here with numpy (noise, tones, clicks at known
  samples) and ffmpeg's lavfi; the mix of a script is computed here again,
  from the rule of SPEC §22 alone, and compared with anim's WAV sample for
  sample.
- MP4 and WebM are read back by ffprobe and ffmpeg's decoders: an audio
  track of the range's length, with the clicks where the mix puts them.
- `beats` and `onsets` are compared with what aubio's own tool prints;
  `loudness` and `bands` with numpy's RMS and FFT.
- A split render put back together (`--frames K/N`, `--concat`) is compared
  with the whole one, and renders with any `--jobs` with each other.
- Bad input: missing, undecodable, a FIFO, a directory, a huge volume.
- A 2-hour file of which one second is played stays out of memory.
"""

import json
import os
import re
import shutil
import subprocess
import wave
from pathlib import Path

import numpy as np
import pytest

ANIM = os.path.abspath(os.environ.get("ANIM", ".build/debug/anim"))
ROOT = Path(__file__).resolve().parents[2]
RATE = 48000

needs_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="needs ffmpeg")
pytestmark = needs_ffmpeg


def run(args, cwd, **kw):
    return subprocess.run([ANIM, *args], capture_output=True, text=True, cwd=cwd, timeout=600, **kw)


def write_wav(path, samples, rate=RATE):
    """samples: frames × channels (or frames) floats in [-1, 1], 16-bit."""
    data = np.asarray(samples, dtype=float)
    channels = 1 if data.ndim == 1 else data.shape[1]
    ints = np.clip(np.round(data * 32768), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(ints.tobytes())
    # What a decoder gives back: the 16-bit values over 32768.
    return ints.astype(float) / 32768


def read_wav(path):
    with wave.open(str(path), "rb") as w:
        assert w.getframerate() == RATE and w.getnchannels() == 2 and w.getsampwidth() == 2
        return np.frombuffer(w.readframes(w.getnframes()), "<i2").reshape(-1, 2).astype(int)


def decode(path, stream="a"):
    """A file's audio as float frames × 2 at 48 kHz, by ffmpeg."""
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-map", f"0:{stream}", "-f", "f32le", "-ac", "2",
         "-ar", str(RATE), "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, "<f4").reshape(-1, 2)


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries",
         "stream=codec_type,codec_name,sample_rate,channels,duration", "-of", "json", str(path)],
        capture_output=True, text=True, check=True).stdout
    return json.loads(out)["streams"]


class Mix:
    """The mix of SPEC §22, computed here: 48 kHz stereo over [A, B]; a play
    heard from t starts at frame round((t − A)·48000) and reads one sample
    of its sound a frame at speed 1; mono at full level in both channels;
    volume and linear fades over the play's own time; sum clipped; a cut at
    round((t_cut − A)·48000)."""

    def __init__(self, a, b):
        self.a = a
        self.out = np.zeros((int(round((b - a) * RATE)), 2))

    def play(self, sound, t, frm=0.0, to=None, volume=1.0, fade_in=0.0, fade_out=0.0, cut=None,
             pieces=None):
        """`sound`: frames (× channels) at 48 kHz. `pieces`: [(clock start,
        play time there, clock end)] when pauses or seeks split the play."""
        if sound.ndim == 1:
            sound = np.stack([sound, sound], axis=1)
        to = len(sound) / RATE if to is None else to
        d = to - frm
        length = int(round(d * RATE))
        if pieces is None:
            end = t + d if cut is None else min(cut, t + d)
            pieces = [(t, 0.0, end)]
        for start, tau0, end in pieces:
            k0 = int(round((start - self.a) * RATE))
            k1 = min(int(round((end - self.a) * RATE)), len(self.out))
            j0 = int(round(tau0 * RATE))
            for k in range(max(k0, 0), k1):
                j = j0 + (k - k0)
                if j >= length:
                    break
                tau = j / RATE
                g = volume
                if fade_in > 0 and tau < fade_in:
                    g *= tau / fade_in
                if fade_out > 0 and d - tau < fade_out:
                    g *= (d - tau) / fade_out
                self.out[k] += sound[int(round(frm * RATE)) + j] * g

    def pcm16(self):
        return np.clip(np.round(np.clip(self.out, -1, 1) * 32768), -32768, 32767).astype(int)


@pytest.fixture(scope="module")
def sounds(tmp_path_factory):
    """A noise burst (mono), a stereo chord, and a click, all 48 kHz."""
    folder = tmp_path_factory.mktemp("sounds")
    rng = np.random.default_rng(7)
    noise = write_wav(folder / "noise.wav", rng.uniform(-0.6, 0.6, int(0.3 * RATE)))
    t = np.arange(int(0.4 * RATE)) / RATE
    chord = write_wav(folder / "chord.wav", np.stack(
        [0.4 * np.sin(2 * np.pi * 330 * t), 0.3 * np.sin(2 * np.pi * 550 * t + 1)], axis=1))
    click = np.zeros(4800)
    click[0] = 0.9
    click = write_wav(folder / "click.wav", click)
    return folder, {"noise": noise, "chord": chord, "click": click}


def render_wav(folder, script, name, *args):
    (folder / f"{name}.anim").write_text(script)
    r = run(["render", f"{name}.anim", "-o", f"{name}.wav", *args], cwd=folder)
    assert r.returncode == 0, r.stderr
    return read_wav(folder / f"{name}.wav")


# -- The mix, sample for sample ------------------------------------------------


def test_the_wav_is_the_mix_of_every_play_sample_for_sample(sounds):
    folder, s = sounds
    script = """
sound noise("noise.wav")
sound chord("chord.wav")
run play(noise)
run delay(play(chord, from: 0.05, to: 0.35, volume: 0.5, fadeIn: 0.02, fadeOut: 0.05), 0.1234)
h = run delay(play(noise, volume: 2), 0.4)
step 0.5
cancel h
run play(chord, to: 0.2) | wait(0.2)
step 0.31
"""
    got = render_wav(folder, script, "mix", "--to", "0.81")
    mix = Mix(0, 0.81)
    mix.play(s["noise"], 0)
    mix.play(s["chord"], 0.1234, frm=0.05, to=0.35, volume=0.5, fade_in=0.02, fade_out=0.05)
    mix.play(s["noise"], 0.4, volume=2, cut=0.5)
    mix.play(s["chord"], 0.5, to=0.2)
    want = mix.pcm16()
    assert got.shape == want.shape == (38880, 2)
    # The first sample of the delayed chord is at round(0.1234 · 48000).
    assert abs(got - want).max() <= 1, np.argwhere(abs(got - want) > 1)[:5]
    # A mono sound is at full level in both channels (the noise alone, first).
    assert (got[:100, 0] == got[:100, 1]).all()
    assert (got[:100, 0] == np.round(s["noise"][:100] * 32768)).all()
    # Clipped where the loud noise and the rest add past full scale.
    assert got[19200:24000].max() == 32767 or got[19200:24000].min() == -32768


def test_pause_seek_and_speed_move_the_sound_at_their_instants(sounds):
    folder, s = sounds
    script = """
sound noise("noise.wav")
h = run play(noise)
step 0.05
pause h
step 0.1
resume h
step 0.05
seek h to 0.02
step 0.04
"""
    got = render_wav(folder, script, "control", "--to", "0.24")
    mix = Mix(0, 0.24)
    # Heard 0–0.05 from 0; paused to 0.15; from 0.05 until 0.2; then from
    # 0.02 until the range ends.
    mix.play(s["noise"], 0, pieces=[(0, 0, 0.05), (0.15, 0.05, 0.2), (0.2, 0.02, 0.24)])
    want = mix.pcm16()
    assert got.shape == want.shape
    assert abs(got - want).max() <= 1


def test_a_sound_at_speed_two_reads_every_other_sample_like_a_tape(sounds):
    folder, s = sounds
    script = """
sound chord("chord.wav")
h = run play(chord)
h.speed = 2
step 0.2
"""
    got = render_wav(folder, script, "speed", "--to", "0.2")
    chord = s["chord"]
    want = np.clip(np.round(chord[0:2 * 9600:2] * 32768), -32768, 32767).astype(int)
    assert got.shape == (9600, 2)
    assert abs(got - want).max() <= 1


def test_a_sound_at_half_speed_is_linearly_interpolated_and_an_octave_down(sounds):
    folder, s = sounds
    got = render_wav(folder, """
sound chord("chord.wav")
run speed(play(chord), 0.5)
step 0.1
""", "slow", "--to", "0.1")
    chord = s["chord"]
    x = np.arange(4800) * 0.5
    i = np.floor(x).astype(int)
    f = (x - i)[:, None]
    want = chord[i] + (chord[i + 1] - chord[i]) * f
    assert abs(got - np.round(want * 32768)).max() <= 1
    # The 330 Hz tone (left) is heard at 165 Hz.
    spectrum = np.abs(np.fft.rfft(got[:, 0] * np.hanning(4800)))
    assert abs(np.argmax(spectrum) * RATE / 4800 - 165) <= 10


def test_a_huge_volume_clips_and_never_writes_nan(sounds):
    folder, _ = sounds
    got = render_wav(folder, """
sound noise("noise.wav")
sound chord("chord.wav")
run play(noise, volume: 1e308) | play(chord, volume: 1e308) | play(noise, volume: 1e308)
step 0.3
""", "loud", "--to", "0.3")
    # Every sample is at full scale but where every sound is exactly 0.
    assert set(np.unique(got)) <= {-32768, 0, 32767}
    assert (np.abs(got) > 0).mean() > 0.99


def test_a_file_at_another_rate_is_resampled_to_48_khz(tmp_path):
    rate = 44100
    t = np.arange(rate // 2) / rate
    write_wav(tmp_path / "a.wav", 0.5 * np.sin(2 * np.pi * 1000 * t), rate)
    got = render_wav(tmp_path, 'sound a("a.wav")\nprint a.duration\nrun play(a)\nstep 0.5\n', "r",
                     "--to", "0.5")
    assert got.shape == (24000, 2)
    x = got[2000:22000, 0] / 32768
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    assert abs(np.argmax(spectrum) * RATE / len(x) - 1000) < 3
    assert abs(np.sqrt(np.mean(x ** 2)) - 0.5 / np.sqrt(2)) < 0.01


# -- MP4 and WebM ------------------------------------------------------------


CLICKS = """
sound click("click.wav")
view box(width: 20, height: 20)
run move(by: (100, 0), 1) on box
for t in [0.25, 0.5, 0.8125] { run delay(play(click), t) }
step 1
"""


@pytest.mark.parametrize("ext, codec", [("mp4", "aac"), ("webm", "opus")])
def test_video_has_an_audio_track_of_the_ranges_length_with_the_clicks_in_place(sounds, ext,
                                                                                 codec):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    r = run(["render", "clicks.anim", "-o", f"clicks.{ext}", "--quiet", "--fps", "30"], cwd=folder)
    assert r.returncode == 0, r.stderr
    streams = probe(folder / f"clicks.{ext}")
    audio = [st for st in streams if st["codec_type"] == "audio"]
    assert len(audio) == 1 and audio[0]["codec_name"] == codec
    assert audio[0]["sample_rate"] == "48000" and audio[0]["channels"] == 2
    if ext == "mp4":
        assert abs(float(audio[0]["duration"]) - 1) < 1e-4
    x = decode(folder / f"clicks.{ext}")[:, 0]
    assert len(x) >= RATE
    for t in (0.25, 0.5, 0.8125):
        k = int(round(t * RATE))
        window = np.abs(x[k - 200:k + 200])
        assert abs(int(np.argmax(window)) - 200) <= 2, (t, np.argmax(window) - 200)
        assert window.max() > 0.4
    # Silence between the clicks.
    assert np.abs(x[13000:23000]).max() < 0.05


def test_mute_leaves_the_track_out_and_gif_says_it_has_no_sound(sounds):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    r = run(["render", "clicks.anim", "-o", "muted.mp4", "--quiet", "--mute"], cwd=folder)
    assert r.returncode == 0, r.stderr
    assert [st["codec_type"] for st in probe(folder / "muted.mp4")] == ["video"]
    r = run(["render", "clicks.anim", "-o", "c.gif", "--quiet", "--fps", "10"], cwd=folder)
    assert r.returncode == 0
    assert r.stderr.count("holds no sound") == 1


def test_a_script_without_sound_gets_no_audio_track(tmp_path):
    (tmp_path / "s.anim").write_text("view b\nrun fade(out, 0.5) on b\n")
    r = run(["render", "s.anim", "-o", "s.mp4", "--quiet"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert [st["codec_type"] for st in probe(tmp_path / "s.mp4")] == ["video"]


# -- Renders on every core, and in chunks --------------------------------------


def test_jobs_give_the_same_file_byte_for_byte(sounds):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    files = []
    for jobs in (1, 2, 3):
        out = f"jobs{jobs}.mp4"
        r = run(["render", "clicks.anim", "-o", out, "--quiet", "--jobs", str(jobs)], cwd=folder)
        assert r.returncode == 0, r.stderr
        files.append((folder / out).read_bytes())
    assert files[0] == files[1] == files[2]
    # A pattern's PNG files, written by the threads themselves.
    for jobs in (1, 3):
        r = run(["render", "clicks.anim", "-o", f"p{jobs}/f%03d.png", "--fps", "10", "--jobs",
                 str(jobs)], cwd=folder)
        assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(folder / "p1"))
    assert names == sorted(os.listdir(folder / "p3")) and len(names) == 11
    for name in names:
        assert (folder / "p1" / name).read_bytes() == (folder / "p3" / name).read_bytes()


def framemd5(path):
    out = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-map", "0:v", "-f", "framemd5",
                          "-"], capture_output=True, text=True, check=True).stdout
    return [line.split(",")[-1].strip() for line in out.splitlines() if not line.startswith("#")]


def test_chunks_put_together_are_the_whole_render(sounds):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    # The mix: the chunks' samples end to end are the whole one.
    whole = render_wav(folder, CLICKS, "whole")
    parts = [render_wav(folder, CLICKS, f"part{k}", "--frames", f"{k}/3") for k in (1, 2, 3)]
    assert (np.concatenate(parts) == whole).all()
    # PNG frames: the same files, numbered as in the whole.
    r = run(["render", "clicks.anim", "-o", "all/f%03d.png", "--fps", "10"], cwd=folder)
    assert r.returncode == 0, r.stderr
    for k in (1, 2, 3):
        r = run(["render", "clicks.anim", "-o", "split/f%03d.png", "--fps", "10", "--frames",
                 f"{k}/3"], cwd=folder)
        assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(folder / "all"))
    assert names == sorted(os.listdir(folder / "split")) and len(names) == 11
    for name in names:
        assert (folder / "all" / name).read_bytes() == (folder / "split" / name).read_bytes()
    # Lossless WebM: the joined chunks show the same frames and play the
    # same sound as the whole render.
    r = run(["render", "clicks.anim", "-o", "whole.webm", "--quiet"], cwd=folder)
    assert r.returncode == 0, r.stderr
    for k in (1, 2, 3):
        r = run(["render", "clicks.anim", "-o", f"c{k}.webm", "--quiet", "--frames", f"{k}/3"],
                cwd=folder)
        assert r.returncode == 0, r.stderr
        assert "a chunk holds no sound" in r.stderr
    r = run(["render", "clicks.anim", "-o", "joined.webm", "--concat", "c1.webm", "c2.webm",
             "c3.webm"], cwd=folder)
    assert r.returncode == 0, r.stderr
    assert framemd5(folder / "joined.webm") == framemd5(folder / "whole.webm")
    assert (decode(folder / "joined.webm") == decode(folder / "whole.webm")).all()


def test_chunk_and_concat_refuse_what_they_cannot_do(sounds):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    for args in (["-o", "x.png", "--frames", "1/2"], ["-o", "x.mp4", "--frames", "3/2"],
                 ["-o", "x.mp4", "--frames", "0/2"], ["-o", "x.mp4", "--jobs", "0"],
                 ["-o", "x.gif", "--concat", "a.gif"], ["-o", "x.wav", "--mute"],
                 ["-o", "x.mp4", "--frames", "a/b"]):
        r = run(["render", "clicks.anim", *args], cwd=folder)
        assert r.returncode == 64, (args, r.stderr)
    r = run(["render", "clicks.anim", "-o", "x.mp4", "--concat", "missing.mp4"], cwd=folder)
    assert r.returncode == 66 and "missing.mp4" in r.stderr


# -- Analyses ---------------------------------------------------------------


def drum_loop(seconds, rate, bpm=120):
    """Kicks on the beat, hats between: something a beat tracker locks onto."""
    n = int(seconds * rate)
    x = np.zeros(n)
    rng = np.random.default_rng(3)
    period = 60 / bpm
    for b in range(int(seconds / period)):
        start = int(b * period * rate)
        k = np.arange(min(int(0.15 * rate), n - start))
        x[start:start + len(k)] += 0.8 * np.exp(-k / (0.03 * rate)) * np.sin(
            2 * np.pi * 60 * k / rate * (1 + np.exp(-k / (0.01 * rate))))
        h = int((b + 0.5) * period * rate)
        if h < n:
            m = np.arange(min(int(0.03 * rate), n - h))
            x[h:h + len(m)] += 0.2 * rng.uniform(-1, 1, len(m)) * np.exp(-m / (0.005 * rate))
    return x


def aubio_times(command, path):
    out = subprocess.run(["aubio", command, str(path)], capture_output=True, text=True,
                         check=True).stdout
    return [float(v) for v in out.split()]


@pytest.mark.skipif(shutil.which("aubio") is None, reason="needs aubio-tools")
@pytest.mark.parametrize("name, rate, channels, encode", [
    ("mono", 44100, 1, None), ("stereo", 48000, 2, None), ("mp3", 44100, 2, "libmp3lame")])
def test_beats_and_onsets_are_the_times_aubio_prints(tmp_path, name, rate, channels, encode):
    x = drum_loop(12, rate)
    data = x if channels == 1 else np.stack([x, 0.5 * x], axis=1)
    path = tmp_path / f"{name}.wav"
    write_wav(path, data, rate)
    if encode:
        mp3 = tmp_path / f"{name}.mp3"
        subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-c:a", encode, str(mp3)],
                       check=True)
        path = mp3
    # Printed in samples: six significant digits hold them exactly.
    (tmp_path / "a.anim").write_text(
        f'sound s("{path.name}")\n'
        f"for t in onsets(s) {{ print \"o\", round(t * {rate}) }}\n"
        f"for t in beats(s) {{ print \"b\", round(t * {rate}) }}\n")
    r = run(["run", "a.anim"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    onsets = [int(line.split()[1]) for line in r.stdout.splitlines() if line.startswith("o ")]
    beats = [int(line.split()[1]) for line in r.stdout.splitlines() if line.startswith("b ")]
    want_onsets = [round(t * rate) for t in aubio_times("onset", path)]
    want_beats = [round(t * rate) for t in aubio_times("beat", path)]
    assert onsets == want_onsets
    assert beats == want_beats
    assert len(beats) >= 5 and len(onsets) >= 20


def test_loudness_and_bands_are_numpys_rms_and_spectrum(tmp_path):
    rate = 44100
    n = rate
    t = np.arange(n) / rate
    left = 0.6 * np.sin(2 * np.pi * 250 * t) * (t > 0.5)
    right = 0.3 * np.sin(2 * np.pi * 3000 * t)
    x = write_wav(tmp_path / "s.wav", np.stack([left, right], axis=1), rate)
    mono = x.mean(axis=1)
    times = [0.0, 0.25, 0.5, 0.731, 0.99]
    lines = "\n".join(f"print loudness(s, {t}), bands(s, {t}, 10)" for t in times)
    (tmp_path / "a.anim").write_text(f'sound s("s.wav")\n{lines}\n')
    r = run(["run", "a.anim"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr

    def window(t, width):
        first = int(round(t * rate)) - width // 2
        out = np.zeros(width)
        for i in range(width):
            if 0 <= first + i < n:
                out[i] = mono[first + i]
        return out

    hann = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(2048) / 2048)
    for line, t in zip(r.stdout.splitlines(), times):
        loud, rest = line.split(" ", 1)
        w = window(t, int(round(0.05 * rate)))
        assert abs(float(loud) - np.sqrt(np.mean(w ** 2))) <= 1e-5 * max(1, float(loud))
        spectrum = np.fft.rfft(window(t, 2048) * hann)
        power = np.abs(spectrum) ** 2
        width = rate / 2048
        want = []
        for i in range(10):
            lo, hi = 20 * 1000 ** (i / 10), 20 * 1000 ** ((i + 1) / 10)
            total = 0
            for k in range(1, 1024):
                share = (min(hi, (k + 0.5) * width) - max(lo, (k - 0.5) * width)) / width
                if share > 0:
                    total += power[k] * share
            want.append(min(np.sqrt(4 * total / (2048 * np.sum(hann ** 2))), 1))
        got = [float(v) for v in re.findall(r"[-0-9.e]+", rest)]
        assert np.allclose(got, want, rtol=1e-5, atol=1e-6), (t, got, want)
    # The 250 Hz sine of amplitude 0.3 in the downmix (0.6 / 2) fills its
    # band (159–317 Hz), the 3 kHz one of 0.15 its own (2.5–5 kHz).
    last = [float(v) for v in re.findall(r"[-0-9.e]+", r.stdout.splitlines()[-1].split(" ", 1)[1])]
    assert 0.28 < last[3] < 0.31 and 0.14 < last[7] < 0.16 and max(last[:3] + last[8:]) < 0.03


# -- Lottie markers ----------------------------------------------------------


def test_lottie_has_a_marker_per_play(sounds):
    folder, _ = sounds
    (folder / "clicks.anim").write_text(CLICKS)
    r = run(["export", "clicks.anim", "-o", "clicks.json", "--fps", "32"], cwd=folder)
    assert r.returncode == 0, r.stderr
    doc = json.loads((folder / "clicks.json").read_text())
    # At 0.25, 0.5 and 0.8125 s, 0.1 s each, at 32 frames a second.
    assert [m["cm"] for m in doc["markers"]] == ["click"] * 3
    assert np.allclose([m["tm"] for m in doc["markers"]], [8, 16, 26], atol=1e-9)
    assert np.allclose([m["dr"] for m in doc["markers"]], [3.2] * 3, atol=1e-9)
    import lottie_specs
    import jsonschema
    schema = Path(lottie_specs.__file__).parent / "data" / "lottie.schema.json"
    jsonschema.Draft202012Validator(json.loads(schema.read_text())).validate(doc)


# -- Bad input ---------------------------------------------------------------


def test_bad_sound_files_are_errors_at_the_declaration(tmp_path):
    os.mkfifo(tmp_path / "fifo.wav")
    (tmp_path / "bad.wav").write_text("not a sound")
    (tmp_path / "dir.wav").mkdir()
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=red:s=8x8:d=0.1",
                    str(tmp_path / "video.mp4")], check=True)
    for name, message in [("missing.wav", "no such file"), ("fifo.wav", "FIFO"),
                          ("bad.wav", "ffmpeg cannot read it"), ("dir.wav", "directory"),
                          ("video.mp4", "finds no sound in it")]:
        (tmp_path / "s.anim").write_text(f'sound s("{name}")\nrun play(s)\n')
        for command in ("check", "run"):
            r = run([command, "s.anim"], cwd=tmp_path, stdin=subprocess.DEVNULL)
            assert r.returncode == 65, (name, command, r.stderr)
            assert f's.anim:1:9: error: cannot use the sound file "{name}"' in r.stderr
            assert message in r.stderr, r.stderr


def test_a_play_bound_with_on_and_bad_numbers_are_errors(sounds):
    folder, _ = sounds
    cases = [
        ('view b\nrun play(click) on b\n', "check", 65, "a play has no target"),
        ('run play(click, volume: -2)\n', "run", 70, "volume must not be negative"),
        ('run play(click, from: 0.2)\n', "run", 70, "from (0.2) is past the end of click"),
        ('run play(click, from: 0.05, to: 0.04)\n', "run", 70, "comes before from"),
        ('run play(click, fadeIn: -1)\n', "run", 70, "fadeIn must not be negative"),
    ]
    for body, command, code, message in cases:
        (folder / "e.anim").write_text('sound click("click.wav")\n' + body)
        r = run([command, "e.anim"], cwd=folder)
        assert r.returncode == code, (body, r.stderr)
        assert message in r.stderr, r.stderr


def test_a_two_hour_file_of_which_one_second_is_played_stays_out_of_memory(tmp_path):
    # 2 hours of an 8 kHz sine, 8-bit: 58 MB on disk.
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=f=440:r=8000:d=7200",
                    "-c:a", "pcm_u8", str(tmp_path / "long.wav")], check=True)
    (tmp_path / "l.anim").write_text(
        'sound long("long.wav")\nprint long.duration\nrun play(long, from: 1800, to: 1801)\nstep 1\n')
    r = subprocess.run(["/usr/bin/time", "-f", "%M", ANIM, "render", "l.anim", "-o", "l.wav"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "7200\n"
    peak_kb = int(r.stderr.strip().splitlines()[-1])
    assert peak_kb < 80_000, peak_kb
    got = read_wav(tmp_path / "l.wav")
    assert got.shape == (48000, 2)
    # ffmpeg's own sine, heard: about 1/8 of full scale (lavfi's default).
    assert 0.1 < np.sqrt(np.mean((got[1000:47000, 0] / 32768) ** 2)) * np.sqrt(2) < 0.15
