"""Processor and wall time of one command run by two or more anim builds
in turn (A, B, A, B, …), so that a shared machine's slow and quiet phases
fall on every build alike (BENCHMARKS.md's before/after figures).

    python3 bench/alternate.py N BIN1,BIN2 -- {A} render x.anim -o x.mp4 --quiet

runs the command N times for each build, `{A}` replaced by the build's
`anim` (a path), and prints each build's least and median processor time
(user + sys of anim and its children, a stand-in ffmpeg's included) and
wall time. `PATH` gains bench/out/fake (bench/lottie_import.py's stand-in
ffmpeg that only reads the pipe) when it exists.
"""

import os
import resource
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        sys.exit(__doc__)
    runs = int(sys.argv[1])
    builds = sys.argv[2].split(",")
    command = sys.argv[4:]
    fake = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", "fake")
    env = dict(os.environ)
    if os.path.isdir(fake):
        env["PATH"] = fake + os.pathsep + env["PATH"]
    cpu = {b: [] for b in builds}
    wall = {b: [] for b in builds}
    for _ in range(runs):
        for build in builds:
            args = [a.replace("{A}", build) for a in command]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            run = subprocess.run(args, capture_output=True, env=env)
            wall[build].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if run.returncode != 0:
                sys.exit(f"{build}: exit {run.returncode}: {run.stderr.decode(errors='replace')}")
            cpu[build].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    for build in builds:
        print(f"{build}: cpu least {min(cpu[build]):.3f} median {statistics.median(cpu[build]):.3f}"
              f"  wall least {min(wall[build]):.3f} median {statistics.median(wall[build]):.3f}")


if __name__ == "__main__":
    main()
