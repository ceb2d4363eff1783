"""Doctests: every fenced example in README.md, REPL.md, editors/README.md and
every Markdown file under docs/ runs against the built anim, as rustdoc runs
Rust's examples, and must still show what the page says. docs/testing.md
("Examples in the documents") is the convention; `doc_blocks.py` reads it.

- ```anim: the script runs; without an ```output block after it, it must pass
  as a file passes `anim test` (its `# expect:` lines, `expect` statements and
  `# expect error:` lines hold); with one, `anim run` must print exactly that
  and exit with `exit=N` (default 0).
- ```console: each `$ ` command runs in a folder holding the scripts it names
  and prints exactly the lines below it.
- ```sh: each line is an `anim` command that must succeed (and write the
  `-o` file it names), unless the fence says `sh norun`.
- ```text with REPL prompts: the typed lines are piped into `anim repl`,
  which must print the rest.
"""

import os
import pathlib
import shlex
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from doc_blocks import LANGUAGES, ROOT, blocks, console_commands, documents, sh_commands, transcript_inputs, transcript_output  # noqa: E402
from lsp_support import ANIM  # noqa: E402

TIMEOUT = 300


def all_blocks():
    return [(document, index, block) for document in documents() for index, block in enumerate(blocks(document))]


BLOCKS = all_blocks()


def environment(columns=None):
    env = {**os.environ, "NO_COLOR": "1", "PATH": f"{pathlib.Path(ANIM).resolve().parent}:{os.environ['PATH']}", "ANIM_HISTORY": ""}
    env.pop("COLUMNS", None)
    if columns:
        env["COLUMNS"] = str(columns)
    return env


def lines_of(text):
    """Output as lines without trailing white space (as `anim test` compares),
    trailing empty lines dropped."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def next_block(document, index):
    siblings = blocks(document)
    return siblings[index + 1] if index + 1 < len(siblings) else None


def script_name(block):
    return block.settings.get("name") or "example.anim"


def prepare(folder, document, commands):
    """Fills `folder` with what commands name: the document's named scripts,
    then each relative path the commands mention that the repository (or, for
    a bare script name, examples/) holds."""
    named = {}
    for b in blocks(document):
        if b.language == "anim" and isinstance(b.settings.get("name"), str):
            assert b.settings["name"] not in named, f"{b.where}: a second block named {b.settings['name']}"
            named[b.settings["name"]] = b.text
    for name, text in named.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    for command in commands:
        for word in shlex.split(command, comments=True):
            if word.startswith("-") or word.startswith("/") or "%" in word or "=" in word:
                continue
            target = folder / word
            if target.exists():
                continue
            for source in (ROOT / word, ROOT / "examples" / word):
                if source.is_file() and source.suffix == ".anim":
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(source, target)
                    # The pictures an example shows (SPEC §21.4), beside it.
                    pictures = source.parent / "images"
                    if source.parent == ROOT / "examples" and pictures.is_dir() \
                            and not (target.parent / "images").exists():
                        shutil.copytree(pictures, target.parent / "images")
                    break
                if source.is_dir() and word.rstrip("/") in ("tests", "examples", "docs/media"):
                    shutil.copytree(source, target)
                    break


def written_output(folder, command):
    """The file an `anim render|plot|export ... -o OUT` command must have
    written (the first frame for a pattern), or None."""
    words = shlex.split(command, comments=True)
    if "-o" not in words or words.index("-o") + 1 >= len(words):
        return None
    out = words[words.index("-o") + 1]
    if "%" in out:
        return folder / (out % 0) if (folder / (out % 0)).exists() else folder / (out % 1)
    return folder / out


@pytest.mark.parametrize("document,index,block", BLOCKS, ids=[f"{b.where}:{b.language or 'none'}" for _, _, b in BLOCKS])
def test_doc_block(document, index, block, tmp_path):
    if block.language not in LANGUAGES:
        known = "\n".join(f"  ```{name}: {meaning}" for name, meaning in LANGUAGES.items())
        pytest.fail(
            f"{block.where}: a fence must name its language, so the doctests know whether it runs "
            f"(found {block.language or 'none'!r}); one of:\n{known}\n(see docs/testing.md, Examples in the documents)"
        )
    if block.settings.get("norun"):
        pytest.skip(f"{block.where}: shown only (norun)")
    run = {"anim": check_script, "output": check_output_has_script, "console": check_console, "sh": check_sh, "text": check_text}
    run.get(block.language, lambda *_: None)(document, index, block, tmp_path)


def check_script(document, index, block, folder):
    following = next_block(document, index)
    path = folder / script_name(block)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(block.text)
    if following is not None and following.language == "output":
        result = subprocess.run([ANIM, "run", path.name], cwd=path.parent, capture_output=True, text=True, env=environment(), timeout=TIMEOUT)
        expected_exit = int(block.settings.get("exit", 0))
        shown = lines_of(result.stdout + result.stderr)
        assert (result.returncode, shown) == (expected_exit, lines_of(following.text)), (
            f"{block.where}: `anim run` of the example exits {result.returncode} and prints:\n"
            + "\n".join(shown)
            + f"\n\nwhile {following.where} says (exit {expected_exit}):\n{following.text}"
        )
        return
    assert "exit" not in block.settings, f"{block.where}: exit= needs an ```output block right after it giving the message"
    result = subprocess.run([ANIM, "test", path.name], cwd=path.parent, capture_output=True, text=True, env=environment(), timeout=TIMEOUT)
    assert result.returncode == 0, (
        f"{block.where}: the example does not pass as a script test (a block that prints states it with "
        f"`# expect:` lines or an ```output block after it):\n{result.stdout}{result.stderr}"
    )


def check_output_has_script(document, index, block, folder):
    previous = blocks(document)[index - 1] if index > 0 else None
    assert previous is not None and previous.language == "anim", f"{block.where}: an ```output block follows the ```anim block it belongs to"


def check_console(document, index, block, folder):
    pairs = console_commands(block.text)
    assert pairs, f"{block.where}: a console block holds `$ ` commands"
    prepare(folder, document, [c for c, _ in pairs])
    for number, (command, expected) in enumerate(pairs):
        result = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=environment(block.settings.get("columns")), timeout=TIMEOUT)
        last = number == len(pairs) - 1
        expected_exit = int(block.settings.get("exit", 0)) if last else 0
        shown = lines_of(result.stdout + result.stderr)
        assert (result.returncode, shown) == (expected_exit, lines_of("\n".join(expected))), (
            f"{block.where}: `{command}` exits {result.returncode} and prints:\n" + "\n".join(shown) + "\n\nwhile the page shows:\n" + "\n".join(expected)
        )


def check_sh(document, index, block, folder):
    commands = sh_commands(block.text)
    others = [c for c in commands if not c.startswith("anim ")]
    assert not others, (
        f"{block.where}: a ```sh block runs its `anim` commands; this one also has {others[0]!r}: "
        "make it ```sh norun if it is only shown"
    )
    prepare(folder, document, commands)
    for command in commands:
        result = subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=environment(), timeout=TIMEOUT)
        assert result.returncode == 0, f"{block.where}: `{command}` exits {result.returncode}:\n{result.stdout}{result.stderr}"
        out = written_output(folder, command)
        if out is not None:
            assert out.exists() and out.stat().st_size > 0, f"{block.where}: `{command}` did not write {out.relative_to(folder)}"


def check_text(document, index, block, folder):
    if not block.is_transcript():
        return
    inputs = transcript_inputs(block.text)
    result = subprocess.run(
        [ANIM, "repl"], cwd=folder, input="\n".join(inputs) + "\n", stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env=environment(block.settings.get("columns")), timeout=TIMEOUT,
    )
    shown = lines_of(result.stdout)
    expected = [line.rstrip() for line in transcript_output(block.text)]
    assert (result.returncode, shown) == (0, lines_of("\n".join(expected))), (
        f"{block.where}: replaying the transcript's input into `anim repl` prints:\n" + "\n".join(shown) + "\n\nwhile the page shows:\n" + "\n".join(expected)
    )
