"""`anim import` speed (issue 37, SPEC §25): a Lottie of about 300 KB,
imported and its frames rendered by anim, beside ThorVG drawing the same
frames at the same size, in the same run.

The file is made here from three files of the public corpus
(`../shared/lottie-corpus`, or LOTTIE_CORPUS): ThorVG's frog_vr, alien,
coin and graph examples, each a precomposition in one quarter of a 512 × 512
composition (written to bench/out/, git-ignored: the corpus is not ours to
commit). Times are processor times of the measured process (user + sys),
which stay meaningful on a shared machine; walls are printed too.

    python3 bench/lottie_import.py [ANIM]     (default .build/release/anim)
    SIZES=128,256,512,1024 python3 bench/lottie_import.py [ANIM]

With SIZES, the one-thread processor times and the walls at defaults are
compared at each of those sizes instead (RUNS runs of each, alternated):
a small frame shows the costs that do not grow with the pixels (the
script, the scene, the outlines), a large one the pixels'.

anim's render goes to a stand-in ffmpeg that only reads the pipe
(bench/standin_ffmpeg.c, compiled here with cc; without a C compiler,
bench/preamble.sh's `cat`), so what is timed is running the script,
drawing, converting and piping the frames. The stand-in's own processor
time (reading 1 MiB a frame out of the pipe, which ffmpeg would spend) is
counted in anim's children's and printed beside it: the figures "without
the stand-in" take it off, anim's own time; ThorVG's is loading the file and drawing
each frame into its buffer, on one thread (`threads=0`, thorvg-python's
default) and, for its wall time, with as many worker threads as the machine
has cores. anim is timed with its default threads and with `--jobs 1`, the
like-for-like processor figure, and writing the frames as a PNG sequence
(`-o f%05d.png`, default threads). Walls: anim's from its start to its exit (a
process of its own, started and linked), ThorVG's inside this process (the
library already loaded), so the wall ratios favour ThorVG a little.
"""

import json
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("LOTTIE_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "lottie-corpus"))
OUT = os.path.join(ROOT, "bench", "out")
ANIM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "anim")
SIZE = 512
# Runs of each render and of ThorVG, alternated (RUNS in the environment).
RUNS = int(os.environ.get("RUNS", "7"))
PARTS = ["thorvg.example__res_lottie_frog_vr.json", "thorvg.example__res_lottie_alien.json",
         "thorvg.example__res_lottie_coin.json", "thorvg.example__res_lottie_graph.json"]


def combined():
    """The three files as precompositions of one 512 × 512 composition."""
    docs = [json.load(open(os.path.join(CORPUS, name))) for name in PARTS]
    fr = docs[0]["fr"]
    op = min(d["op"] - d["ip"] for d in docs)
    assets, layers = [], []
    for k, d in enumerate(docs):
        prefix = f"p{k}_"

        def rename(items):
            for layer in items:
                if "refId" in layer:
                    layer["refId"] = prefix + layer["refId"]
            return items
        for asset in d.get("assets", []):
            asset = dict(asset)
            asset["id"] = prefix + asset["id"]
            if "layers" in asset:
                asset["layers"] = rename(asset["layers"])
            assets.append(asset)
        assets.append({"id": prefix + "main", "layers": rename(d["layers"]), "w": d["w"], "h": d["h"]})
        scale = 50 * SIZE / max(d["w"], d["h"])
        x, y = (k % 2) * SIZE / 2, (k // 2) * SIZE / 2
        layers.append({"ddd": 0, "ind": k + 1, "ty": 0, "nm": PARTS[k].split("_lottie_")[1][:-5],
                       "refId": prefix + "main", "w": d["w"], "h": d["h"], "ip": 0, "op": op,
                       # Its frame g at this composition's frame st + sr·g: its ip at 0,
                       # at its own speed.
                       "st": -d["ip"] * fr / d["fr"], "sr": fr / d["fr"],
                       "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [x, y]},
                              "s": {"a": 0, "k": [scale, scale]}}})
    return {"v": "5.7.0", "fr": fr, "ip": 0, "op": op, "w": SIZE, "h": SIZE, "nm": "bench",
            "assets": assets, "layers": layers}


STANDIN_CPU = os.path.join(OUT, "fake", "standin_cpu.txt")


def cpu_of(args, env=None):
    """(user + sys seconds, wall seconds) of one run of args; the stand-in
    ffmpeg's own share of it is `standin_cpu()` after the run."""
    if os.path.exists(STANDIN_CPU):
        os.remove(STANDIN_CPU)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(args, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert run.returncode == 0, run.stderr
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, run


def standin_cpu():
    """The processor seconds the compiled stand-in ffmpeg reported for the
    last run (0 for the shell one, which reports none)."""
    if not os.path.exists(STANDIN_CPU):
        return 0.0
    with open(STANDIN_CPU) as f:
        return sum(float(v) for line in f for v in line.split())


def thorvg_render(path, frames, width=SIZE, height=SIZE, threads=0):
    """(processor seconds, wall seconds) ThorVG takes to load the file and
    draw `frames` at `width` × `height`: on the calling thread alone with
    `threads=0` (thorvg-python's default), else with that many workers of
    its own beside it."""
    import thorvg_python as tvg
    start = time.process_time()
    wall = time.perf_counter()
    engine = tvg.Engine(threads=threads)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    pic.load(path)
    pic.set_size(width, height)
    canvas.add(pic)
    for f in range(frames):
        anim.set_frame(float(f))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return time.process_time() - start, time.perf_counter() - wall


def prepared():
    """The stand-in ffmpeg and the composite file written to bench/out/:
    (the document, its path, its frame count)."""
    os.makedirs(os.path.join(OUT, "fake"), exist_ok=True)
    fake = os.path.join(OUT, "fake", "ffmpeg")
    source = os.path.join(ROOT, "bench", "standin_ffmpeg.c")
    compiled = subprocess.run(["cc", "-O2", source, "-o", fake], capture_output=True)
    if compiled.returncode != 0:
        with open(fake, "w") as f:
            f.write("#!/bin/sh\nexec cat > /dev/null\n")
        os.chmod(fake, 0o755)
    doc = combined()
    path = os.path.join(OUT, "lottie_300k.json")
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    return doc, path, int(doc["op"] - doc["ip"])


def main():
    doc, path, frames = prepared()
    size = os.path.getsize(path)
    print(f"file: {size} bytes, {frames} frames at {doc['fr']} fps, {SIZE} x {SIZE}")
    script = os.path.join(OUT, "lottie_300k.anim")
    imports = [cpu_of([ANIM, "import", path, "-o", script]) for _ in range(10)]
    cpus = sorted(c for c, _, _ in imports)
    print(f"anim import: cpu median {statistics.median(cpus):.3f} s (min {cpus[0]:.3f}, max {cpus[-1]:.3f}), "
          f"wall median {statistics.median(w for _, w, _ in imports):.3f} s, "
          f"{os.path.getsize(script)} bytes of script, {len(imports[0][2].stderr.splitlines())} notes")
    env = dict(os.environ, PATH=os.path.join(OUT, "fake") + ":" + os.environ["PATH"], ANIM_RENDER_STATS="1",
               STANDIN_CPU=STANDIN_CPU)
    render = [ANIM, "render", script, "-o", os.path.join(OUT, "lottie_300k.mp4"), "--size", f"{SIZE}x{SIZE}",
              "--quiet"]
    # The same frames as a PNG sequence, a folder of files (what a checker
    # that reads the frames back would ask for).
    sequence = [ANIM, "render", script, "-o", os.path.join(OUT, "lottie_300k_png", "f%05d.png"),
                "--size", f"{SIZE}x{SIZE}", "--quiet"]
    renders, singles, thorvgs, threaded, pngs = [], [], [], [], []
    cores = os.cpu_count() or 1
    # Alternated, so that a shared machine's slow minutes fall on all three
    # alike (ThorVG's own time has ranged 0.08–0.16 s on this machine).
    for _ in range(RUNS):
        cpu, wall, run = cpu_of(render, env=env)
        renders.append((cpu, wall, run.stderr, standin_cpu()))
        cpu, wall, run = cpu_of(render + ["--jobs", "1"], env=env)
        singles.append((cpu, wall, run.stderr, standin_cpu()))
        thorvgs.append(thorvg_render(path, frames))
        threaded.append(thorvg_render(path, frames, threads=cores))
        cpu, wall, run = cpu_of(sequence, env=env)
        pngs.append((cpu, wall, run.stderr, 0.0))
    tvg = statistics.median(c for c, _ in thorvgs)
    tvg_wall = statistics.median(w for _, w in thorvgs)
    tvg_threaded = statistics.median(w for _, w in threaded)
    for label, runs in (("default threads", renders), ("--jobs 1, one thread as ThorVG's", singles),
                        ("as PNG files, default threads", pngs)):
        cpu = statistics.median(r[0] for r in runs)
        print(f"anim render, {label} ({frames} frames, the script run and the frames drawn, converted, piped): "
              f"cpu median {cpu:.3f} s (min {min(r[0] for r in runs):.3f}), "
              f"wall median {statistics.median(r[1] for r in runs):.3f} s, {cpu / tvg:.2f}x ThorVG's cpu")
        reader = statistics.median(r[3] for r in runs)
        if reader > 0:
            own = statistics.median(r[0] - r[3] for r in runs)
            print(f"  without the stand-in ffmpeg's reading (median {reader:.3f} s): anim's own cpu median "
                  f"{own:.3f} s, {own / tvg:.2f}x ThorVG's cpu")
        for line in runs[0][2].splitlines():
            if line.startswith("render stats:"):
                print("  " + line)
    print(f"ThorVG, one thread (load and draw the same {frames} frames): cpu median {tvg:.3f} s "
          f"(min {min(c for c, _ in thorvgs):.3f}, max {max(c for c, _ in thorvgs):.3f}), "
          f"wall median {tvg_wall:.3f} s; with {cores} worker threads of its own: wall median "
          f"{tvg_threaded:.3f} s ({RUNS} runs of each, alternated)")
    wall = statistics.median(r[1] for r in renders)
    print(f"wall to wall, each at its default (anim's threads, ThorVG's one): {wall / tvg_wall:.2f}x; "
          f"anim's threads against ThorVG's {cores}: {wall / tvg_threaded:.2f}x")
    png_wall = statistics.median(r[1] for r in pngs)
    print(f"as PNG files (anim encoding and writing {frames} files, ThorVG drawing into memory): "
          f"wall median {png_wall:.3f} s, {png_wall / tvg_wall:.2f}x ThorVG's wall")

def sizes(spec):
    """The same frames at each size of `spec` (\"128,512\"): anim's
    `--jobs 1` cpu against ThorVG's one thread, and anim's wall at its
    default threads against ThorVG's."""
    _, path, frames = prepared()
    script = os.path.join(OUT, "lottie_300k.anim")
    cpu_of([ANIM, "import", path, "-o", script])
    env = dict(os.environ, PATH=os.path.join(OUT, "fake") + ":" + os.environ["PATH"],
               STANDIN_CPU=STANDIN_CPU)
    m = statistics.median
    for size in (int(s) for s in spec.split(",")):
        render = [ANIM, "render", script, "-o", os.path.join(OUT, "lottie_300k.mp4"),
                  "--size", f"{size}x{size}", "--quiet"]
        one, own, walls, tvg_cpu, tvg_wall = [], [], [], [], []
        for _ in range(RUNS):
            one.append(cpu_of(render + ["--jobs", "1"], env=env)[0])
            own.append(one[-1] - standin_cpu())
            walls.append(cpu_of(render, env=env)[1])
            cpu, wall = thorvg_render(path, frames, size, size)
            tvg_cpu.append(cpu)
            tvg_wall.append(wall)
        print(f"{size} x {size}: anim --jobs 1 cpu {m(one):.3f} s, ThorVG one thread cpu "
              f"{m(tvg_cpu):.3f} s: {m(one) / m(tvg_cpu):.2f}x (anim's own, without the stand-in's "
              f"reading, {m(own):.3f} s: {m(own) / m(tvg_cpu):.2f}x); anim wall at its default threads "
              f"{m(walls):.3f} s, ThorVG wall {m(tvg_wall):.3f} s: {m(walls) / m(tvg_wall):.2f}x")


if __name__ == "__main__":
    if os.environ.get("SIZES"):
        sizes(os.environ["SIZES"])
    else:
        main()
