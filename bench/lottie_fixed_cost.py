"""What bounds `anim render` of the 300 KB Lottie against ThorVG (issue 37,
SPEC §25): the imported script rendered with `--jobs 1` at 2 × 2 pixels
(every view still evaluated, walked and its outline set up, almost nothing
blended or converted) and at 512 × 512, beside ThorVG loading and drawing
the same 60 frames on one thread, in alternating rounds. Processor times;
run `bench/lottie_import.py` first (it writes the file and the script to
bench/out/).

    python3 bench/lottie_fixed_cost.py [ANIM] [ROUNDS]
"""

import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lottie_import as bench  # noqa: E402


def main():
    anim = sys.argv[1] if len(sys.argv) > 1 else bench.ANIM
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    env = dict(os.environ, PATH=os.path.join(bench.OUT, "fake") + ":" + os.environ["PATH"])
    script = os.path.join(bench.OUT, "lottie_300k.anim")
    source = os.path.join(bench.OUT, "lottie_300k.json")
    times = {"anim at 2 x 2": [], "anim at 512 x 512": [], "ThorVG at 512 x 512": []}
    for _ in range(rounds):
        for size in ("2x2", "512x512"):
            cpu, _, _ = bench.cpu_of([anim, "render", script, "-o", os.path.join(bench.OUT, "x.mp4"),
                                      "--size", size, "--quiet", "--jobs", "1"], env=env)
            times["anim at " + size.replace("x", " x ")].append(cpu)
        times["ThorVG at 512 x 512"].append(bench.thorvg_render(source, 60))
    for label, values in times.items():
        values.sort()
        print(f"{label}: cpu median {statistics.median(values):.3f} s "
              f"(min {values[0]:.3f}, max {values[-1]:.3f})")


if __name__ == "__main__":
    main()
