"""Rendering speed of imported Lottie files beside ThorVG's (issue 37, SPEC
§25): each file imported once, then its whole frame range rendered by one or
more anim binaries and drawn by ThorVG at the same size, alternated, in the
same run.

    python3 bench/lottie_speed.py [--runs N] ANIM[,ANIM2…] FILE.json…

The size is the file's own, scaled down to fit 512 × 512 (as the corpus is
compared). Times are processor times of the measured process (user + sys),
which stay meaningful on a shared machine, and walls. anim renders to a
stand-in ffmpeg that only reads the pipe (bench/preamble.sh's), with one job
(--jobs 1), so what is timed is running the script (survey and play),
drawing, converting and piping; ThorVG's is loading the file and drawing
every frame into its buffer (thorvg-python, one thread;
bench/lottie_import.py's `thorvg_render`). The files are not
committed: give paths to public files (the corpus, a fetched repository).
"""

import json
import os
import statistics
import sys
import tempfile

from lottie_import import cpu_of, thorvg_render


def main():
    args = sys.argv[1:]
    runs = 3
    if args[:1] == ["--runs"]:
        runs, args = int(args[1]), args[2:]
    if len(args) < 2 or any(a.startswith("-") for a in args):
        sys.exit(__doc__)
    anims, files = args[0].split(","), args[1:]
    work = tempfile.mkdtemp(prefix="anim-lottie-speed-")
    fake = os.path.join(work, "ffmpeg")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\nexec cat > /dev/null\n")
    os.chmod(fake, 0o755)
    env = dict(os.environ, PATH=work + ":" + os.environ["PATH"])
    print(f"{'file':44} {'KB':>4} {'frames':>6} {'size':>9}  "
          + "  ".join(f"{'anim ' + str(k + 1) + ' cpu/wall':>17}" for k in range(len(anims)))
          + f"  {'ThorVG cpu':>10}  ratios (cpu)")
    for path in files:
        doc = json.load(open(path))
        frames = int(doc["op"] - doc["ip"])
        scale = min(1, 512 / max(doc["w"], doc["h"]))
        w, h = max(1, round(doc["w"] * scale)), max(1, round(doc["h"] * scale))
        script = os.path.join(work, "x.anim")
        _, _, run = cpu_of([anims[0], "import", path, "-o", script])
        if run.returncode != 0:
            print(f"{os.path.basename(path)[-44:]:44} import failed: {run.stderr.strip()[:80]}")
            continue
        times = [[] for _ in anims]
        tvgs = []
        for _ in range(runs):
            for k, anim in enumerate(anims):
                cpu, wall, run = cpu_of(
                    [anim, "render", script, "-o", os.path.join(work, "x.mp4"), "--size", f"{w}x{h}",
                     "--quiet", "--jobs", "1"], env=env)
                assert run.returncode == 0, run.stderr
                times[k].append((cpu, wall))
            tvgs.append(thorvg_render(path, frames, w, h))
        t = statistics.median(tvgs)
        cells = [f"{statistics.median(c for c, _ in ts):8.3f}/{statistics.median(x for _, x in ts):.3f}"
                 for ts in times]
        ratios = [f"{statistics.median(c for c, _ in ts) / t:5.1f}x" for ts in times]
        print(f"{os.path.basename(path)[-44:]:44} {os.path.getsize(path) // 1000:4} {frames:6} {w:4}x{h:<4}  "
              + "  ".join(f"{c:>17}" for c in cells) + f"  {t:10.3f}  " + " ".join(ratios), flush=True)


if __name__ == "__main__":
    main()
