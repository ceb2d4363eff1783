#!/usr/bin/env python3
"""Makes the sounds the examples play (SPEC §22). Everything here is
synthesised by this script (numpy, then ffmpeg's libopus for the music), so
it is free of rights; run it again to make them anew (numpy's generator is
seeded, so the samples are the same each time):

  click.wav   a 40 ms tap: a decaying burst of filtered noise, 48 kHz mono
  music.opus  12 s of a 120 BPM loop, 48 kHz mono Opus at 40 kb/s: a kick on
              every beat, a hat between, a bass line and a two-note lead,
              and a pad of swelling sines, so that beats(), onsets() and
              bands() have something to find
"""

import os
import subprocess
import wave

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RATE = 48000


def write_wav(path, x, channels=1):
    data = np.clip(np.round(np.asarray(x) * 32768), -32768, 32767).astype("<i2")
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def click(rng):
    n = int(0.04 * RATE)
    k = np.arange(n)
    burst = rng.uniform(-1, 1, n) * np.exp(-k / (0.004 * RATE))
    # A short resonance gives the tap its pitch.
    tone = np.sin(2 * np.pi * 2400 * k / RATE) * np.exp(-k / (0.006 * RATE))
    return 0.5 * burst + 0.4 * tone


def music(rng, seconds=12.0, bpm=120):
    n = int(seconds * RATE)
    left = np.zeros(n)
    right = np.zeros(n)
    beat = 60 / bpm
    notes = [55.0, 55.0, 65.41, 49.0]  # A1 A1 C2 G1, one per bar
    for b in range(int(seconds / beat)):
        start = int(b * beat * RATE)
        k = np.arange(min(int(0.25 * RATE), n - start))
        sweep = 50 * (1 + 2 * np.exp(-k / (0.02 * RATE)))
        kick = 0.9 * np.exp(-k / (0.06 * RATE)) * np.sin(2 * np.pi * np.cumsum(sweep) / RATE)
        left[start:start + len(k)] += kick
        right[start:start + len(k)] += kick
        hat = int((b + 0.5) * beat * RATE)
        m = np.arange(min(int(0.04 * RATE), n - hat))
        noise = rng.uniform(-1, 1, len(m)) * np.exp(-m / (0.008 * RATE))
        left[hat:hat + len(m)] += 0.25 * noise
        right[hat:hat + len(m)] += 0.15 * noise
        # The bass: a note per beat from the bar's root.
        f = notes[(b // 4) % len(notes)]
        q = np.arange(min(int(0.45 * beat * RATE), n - start))
        bass = 0.35 * np.sign(np.sin(2 * np.pi * f * q / RATE)) * np.exp(-q / (0.15 * RATE))
        left[start:start + len(q)] += bass
        right[start:start + len(q)] += bass
        # The lead: on every other beat, an octave jump.
        if b % 2 == 1:
            lead = 880.0 if (b // 2) % 2 else 1320.0
            r = np.arange(min(int(0.3 * RATE), n - start))
            tone = 0.15 * np.sin(2 * np.pi * lead * r / RATE) * np.exp(-r / (0.12 * RATE))
            left[start:start + len(r)] += 0.6 * tone
            right[start:start + len(r)] += tone
    # A pad under it all: a minor chord whose notes swell in turn, so that
    # every band has something to show between the beats.
    t = np.arange(n) / RATE
    for i, f in enumerate([220.0, 261.63, 329.63, 440.0, 659.25, 2637.0]):
        swell = 0.5 + 0.5 * np.sin(2 * np.pi * t / (2 + i) + i)
        left += 0.05 * swell * np.sin(2 * np.pi * f * t)
        right += 0.05 * (1 - swell) * np.sin(2 * np.pi * f * t)
    peak = max(np.abs(left).max(), np.abs(right).max())
    return np.stack([left, right], axis=1) * (0.9 / peak)


def main():
    rng = np.random.default_rng(2026)
    write_wav(os.path.join(HERE, "click.wav"), click(rng))
    tmp = os.path.join(HERE, "music.tmp.wav")
    write_wav(tmp, music(rng).mean(axis=1))
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", tmp, "-c:a", "libopus", "-b:a", "40k",
                    "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact",
                    os.path.join(HERE, "music.opus")], check=True)
    os.remove(tmp)


if __name__ == "__main__":
    main()
