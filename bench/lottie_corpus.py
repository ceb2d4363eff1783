"""The corpus report of docs/testing.md and BENCHMARKS.md (SPEC §25): every
file of `../shared/lottie-corpus` imported, rendered at five frames and
compared with ThorVG and rlottie as tests/checkers/test_import_corpus.py does
(corpus_support.py), printed as a markdown table with each file's class,
result, notes, the worst frame's differences and peak memory.

    ANIM=.build/debug/anim python3 bench/lottie_corpus.py > /tmp/corpus.md
"""

import concurrent.futures
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "checkers"))
import corpus_support as corpus  # noqa: E402
from test_import_corpus import EXPECTED_MISSES  # noqa: E402


def main():
    names = corpus.files()
    tmp = tempfile.mkdtemp(prefix="anim-corpus-")
    kinds = corpus.classes()

    def one(name):
        if kinds[name] == "fuzz":
            return corpus.import_and_render(name, tmp)
        return corpus.compare(name, tmp)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = dict(zip(names, pool.map(one, names)))
    print("| file | class | import | matches | worst frame: anim–ThorVG, anim–rlottie, ThorVG–rlottie (% of drawn pixels) | notes | peak MB (import, render) | missing |")
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        r = results[name]
        rows = r.get("rows") or []

        def pct(x):
            return "–" if x is None else f"{100 * x:.1f}"
        worst = max(rows, key=lambda row: min(x for x in row[:2] if x is not None) if any(x is not None for x in row[:2]) else 0, default=None)
        cells = ", ".join(pct(x) for x in worst) if worst else "–"
        match = "yes" if r.get("match") else ("–" if kinds[name] == "fuzz" else "no")
        print(f"| {name} | {kinds[name]} | {r['import']} | {match} | {cells} | {len(r['notes'])} | "
              f"{r['rss'] // 1024}, {r.get('render_rss', 0) // 1024} | {EXPECTED_MISSES.get(name, '')} |")
    for kind in ("in", "hard", "soft", "fuzz"):
        group = [n for n in names if kinds[n] == kind]
        imported = [n for n in group if results[n]["import"] == 0]
        matched = [n for n in group if results[n].get("match")]
        print(f"\n{kind}: {len(group)} files, {len(imported)} import, {len(matched)} match")
    worst_rss = max(max(r["rss"], r.get("render_rss", 0)) for r in results.values())
    print(f"largest peak memory: {worst_rss // 1024} MB")


if __name__ == "__main__":
    main()
