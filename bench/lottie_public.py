"""Lottie files beyond the corpus (SPEC §25: "later, more public files"):
every Lottie JSON file in the given git repositories (bare or not, e.g. the
snapshots `fetch` brings of lottie-ios, lottie-android, rlottie, lottie-web
and LottieFiles/test-files) that is not byte for byte a file of
`../shared/lottie-corpus`, imported, rendered at five frames and compared
with ThorVG and rlottie as the corpus is (tests/checkers/corpus_support.py).
Prints a summary and the files that do not import, do not render or do not
match, with the notes anim wrote; the files are copied into a temporary
folder, never into the repository. A file whose image assets lie beside it
in its repository gets a folder of its own there, with its images where it
names them.

    ANIM=.build/release/anim python3 bench/lottie_public.py GITDIR... [--seen GITDIR...]

The repositories after `--seen` are only read, not run: a file byte for
byte one of theirs (runs made before) is left out, so that a run of newly
fetched repositories counts only files nobody here has looked at.
"""

import collections
import concurrent.futures
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "tests", "checkers"))
FOLDER = tempfile.mkdtemp(prefix="anim-public-")
os.environ["LOTTIE_CORPUS"] = FOLDER
import corpus_support as corpus  # noqa: E402


def gather(repos, seen_repos=()):
    """Copies every Lottie file of `repos` not in the corpus nor in
    `seen_repos` into FOLDER."""
    corpus_dir = os.path.join(os.path.dirname(HERE), "shared", "lottie-corpus")
    seen = set()
    for name in os.listdir(corpus_dir):
        path = os.path.join(corpus_dir, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                seen.add(hashlib.sha256(f.read()).hexdigest())
    names = []
    for repo in list(seen_repos) + list(repos):
        looked_at = repo in seen_repos
        listing = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", "HEAD"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        label = os.path.basename(os.path.dirname(repo.rstrip("/"))) if repo.rstrip("/").endswith("repo") \
            else os.path.basename(repo.rstrip("/"))
        for path in listing:
            if not path.endswith(".json"):
                continue
            data = subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], capture_output=True).stdout
            try:
                doc = json.loads(data)
            except ValueError:
                continue
            if not isinstance(doc, dict) or "layers" not in doc or "fr" not in doc:
                continue
            digest = hashlib.sha256(data).hexdigest()
            if digest in seen:
                continue
            seen.add(digest)
            if looked_at:
                continue
            flat = label + "__" + path.replace("/", "_")
            images = image_files(repo, path, doc, listing)
            if images:
                # In a folder of its own, its images beside it where the
                # file says (`u` + `p` from the file's folder), as in its
                # repository: the players and anim read them from there.
                folder = os.path.join(FOLDER, flat[:-5])
                flat = os.path.join(flat[:-5], os.path.basename(path))
                for relative, blob in images.items():
                    target = os.path.normpath(os.path.join(folder, relative))
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "wb") as f:
                        f.write(blob)
            with open(os.path.join(FOLDER, flat), "wb") as f:
                f.write(data)
            names.append(flat)
    return sorted(names)


def image_files(repo, path, doc, listing):
    """The image files the Lottie file at `path` of `repo` names (assets
    with `p` not embedded, found at `u` + `p` from the file's folder in the
    repository): {path relative to the file's folder: bytes}."""
    found = {}
    listed = set(listing)
    for asset in doc.get("assets") or []:
        if not isinstance(asset, dict) or not isinstance(asset.get("p"), str) or asset.get("e") == 1 \
                or asset["p"].startswith("data:"):
            continue
        relative = os.path.join(asset.get("u") or "", asset["p"])
        where = os.path.normpath(os.path.join(os.path.dirname(path), relative))
        if where in listed:
            found[relative] = subprocess.run(["git", "-C", repo, "show", "HEAD:" + where],
                                             capture_output=True, check=True).stdout
    return found


def one(name, tmp):
    try:
        result = corpus.compare(name, tmp)
    except Exception as error:  # a player that hangs (ThorVG on one file) times out
        result = {"error": repr(error)[:200]}
    result.pop("frames", None)
    return result


def main():
    args = sys.argv[1:]
    cut = args.index("--seen") if "--seen" in args else len(args)
    names = gather(args[:cut], args[cut + 1:])
    tmp = tempfile.mkdtemp(prefix="anim-public-out-")
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = dict(zip(names, pool.map(lambda n: one(n, tmp), names)))
    outcome = collections.Counter()
    for name, r in results.items():
        if "error" in r:
            outcome["a player failed"] += 1
        elif r.get("import") != 0:
            outcome["import refused (exit %s)" % r.get("import")] += 1
        elif r.get("render") != 0:
            outcome["render failed"] += 1
        else:
            outcome["match" if r.get("match") else "differ"] += 1
    print(f"{len(names)} files beyond the corpus: " + ", ".join(f"{v} {k}" for k, v in outcome.most_common()))
    print("peak MB: import %.0f, render %.0f" % (max(r.get("rss", 0) for r in results.values()) / 1024,
                                                 max(r.get("render_rss", 0) for r in results.values()) / 1024))
    for name, r in results.items():
        if r.get("match"):
            continue
        rows = r.get("rows") or []
        worst = max((min(x for x in row[:2] if x is not None) for row in rows
                     if any(x is not None for x in row[:2])), default=None)
        notes = sorted({line.split(": ", 2)[-1][:70] for line in r.get("notes", []) if "warning" in line})
        error = [line for line in r.get("notes", []) if "error" in line][:1]
        print(f"- {name}: import {r.get('import')}, render {r.get('render')}, "
              f"worst {'–' if worst is None else f'{100 * worst:.1f} %'}; {error or notes[:3]}")


if __name__ == "__main__":
    main()
