#!/usr/bin/env python3
"""Makes the sounds the script tests in this folder play (SPEC §22), all
generated here, free of rights, small, and exact where the tests pin
samples. Run it from anywhere; it writes next to itself:

  click.wav   48 kHz mono 16-bit, 0.1 s: sample 0 is 0.5, sample 100 −0.25,
              the rest silence (a click at a known sample)
  tone.wav    48 kHz mono 16-bit, 0.5 s: a 440 Hz sine of amplitude 0.5
  stereo.wav  48 kHz stereo 16-bit, 0.25 s: left +0.25, right −0.25
  beat.wav    22.05 kHz mono 16-bit, 3 s: a decaying 1 kHz blip every
              0.5 s from 0.25 s (for beats and onsets)
  bad.wav     not a sound: text named .wav
"""

import math
import os
import struct
import wave

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, frames, rate, channels=1):
    """frames: a list of samples (or of tuples per channel) in [-1, 1]."""
    data = bytearray()
    for frame in frames:
        for x in frame if channels > 1 else (frame,):
            data += struct.pack("<h", max(-32768, min(32767, round(x * 32768))))
    with wave.open(os.path.join(HERE, name), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(data))


def main():
    click = [0.0] * 4800
    click[0] = 0.5
    click[100] = -0.25
    write("click.wav", click, 48000)
    write("tone.wav", [0.5 * math.sin(2 * math.pi * 440 * k / 48000) for k in range(24000)], 48000)
    write("stereo.wav", [(0.25, -0.25)] * 12000, 48000, channels=2)
    rate = 22050
    beat = [0.0] * (3 * rate)
    for b in range(6):
        start = int((0.25 + 0.5 * b) * rate)
        for k in range(2000):
            beat[start + k] = 0.8 * math.exp(-k / 300) * math.sin(2 * math.pi * 1000 * k / rate)
    write("beat.wav", beat, rate)
    with open(os.path.join(HERE, "bad.wav"), "w") as f:
        f.write("this is not a sound\n")


if __name__ == "__main__":
    main()
