"""More public Lottie files than `../shared/lottie-corpus` holds (SPEC §25:
"later, more public files you have not seen"): every Lottie file in the test
and demo folders of six public repositories, less those the corpus already
has (by content), imported, rendered at five frames and compared with
ThorVG and rlottie as bench/lottie_corpus.py compares the corpus.

The repositories are not fetched here: give their git directories (a clone
or a bare mirror), one per repository, named for it as owner+name (as
`/work/.mirror/owner+name/repo`) or passed as owner/name=PATH. The files
are written to bench/out/more/ (git-ignored: they are not ours to commit),
with a SOURCES.md of each file's repository, path and commit.

    ANIM=.build/release/anim python3 bench/lottie_more.py \\
        airbnb/lottie-ios=/work/.mirror/airbnb+lottie-ios/repo ... > /tmp/more.md
"""

import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "more")
CORPUS = os.environ.get("LOTTIE_CORPUS", os.path.join(os.path.dirname(ROOT), "shared", "lottie-corpus"))
# Each repository's folders of Lottie files.
FOLDERS = {
    "LottieFiles/test-files": ["data/"],
    "airbnb/lottie-ios": ["Tests/Samples/"],
    "airbnb/lottie-web": ["docs/json/", "demo/", "test/animations/"],
    "airbnb/lottie-android": ["snapshot-tests/src/main/assets/", "sample/", "sample-compose/"],
    "Samsung/rlottie": ["example/resource/"],
    "thorvg/thorvg.example": ["res/lottie/"],
}


def git(directory, *args):
    return subprocess.run(["git", "-C", directory, *args], capture_output=True, check=True).stdout


def main():
    repos = {}
    for arg in sys.argv[1:]:
        name, _, path = arg.partition("=")
        if name not in FOLDERS:
            sys.exit(f"unknown repository {name!r}: one of {', '.join(FOLDERS)}")
        repos[name] = path
    if not repos:
        sys.exit(__doc__)
    seen = set()
    for name in os.listdir(CORPUS):
        if name.endswith(".json"):
            with open(os.path.join(CORPUS, name), "rb") as f:
                seen.add(hashlib.sha256(f.read()).hexdigest())
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for repo, directory in repos.items():
        commit = git(directory, "rev-parse", "HEAD").decode().strip()
        short = repo.split("/")[1]
        for path in git(directory, "ls-tree", "-r", "--name-only", "HEAD").decode().splitlines():
            if not path.endswith(".json") or not any(path.startswith(p) for p in FOLDERS[repo]):
                continue
            data = git(directory, "show", f"HEAD:{path}")
            digest = hashlib.sha256(data).hexdigest()
            if digest in seen:
                continue
            try:
                doc = json.loads(data)
            except ValueError:
                continue
            if not isinstance(doc, dict) or "layers" not in doc or "fr" not in doc:
                continue
            seen.add(digest)
            name = short + "__" + path.replace("/", "_")
            with open(os.path.join(OUT, name), "wb") as f:
                f.write(data)
            # Every file counted as in scope: the report's notes and the
            # missing column tell what each one holds.
            rows.append(f"| {name} | {repo} | {path} | {commit} | see the repository | in | {digest[:16]} |")
    with open(os.path.join(OUT, "SOURCES.md"), "w") as f:
        f.write("| file | repository | path | commit | licence | kind | sha256 (16) |\n")
        f.write("|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")
    print(f"{len(rows)} files not in the corpus", file=sys.stderr)
    env = dict(os.environ, LOTTIE_CORPUS=OUT)
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "lottie_corpus.py")], env=env, check=True)


if __name__ == "__main__":
    main()
