"""Reads the fenced blocks of the project's Markdown documents for the doctests
(`test_docs.py`); docs/testing.md ("Examples in the documents") states the
convention this file implements.

A fence is a line of three or more backticks (or tildes), indented by any
amount, whose info string names the block's language and, after it, settings
for the doctest: `anim name=blink.anim exit=65`, `sh norun`, `text repl
columns=72`. A block ends at a fence of the same character, at least as long,
with nothing after it.
"""

import dataclasses
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The documents whose examples run: the two at the root, every Markdown file
# anywhere under docs/ (found afresh each run, so a new page is picked up),
# and the editors' set-up.
FIXED_DOCUMENTS = ["README.md", "REPL.md", "editors/README.md"]

# What each language of fence is, for the error that lists them.
LANGUAGES = {
    "anim": "a script: runs, and must pass as `anim test` would pass it",
    "output": "what the block before it prints (standard output, then standard error)",
    "console": "`$ ` command lines, each followed by what it prints",
    "sh": "command lines; every `anim ...` line runs and must succeed (`sh norun`: shown only)",
    "text": "shown as is; a REPL transcript (lines starting `anim 0.000s> `) is replayed",
    "lua": "shown as is (editors/README.md's Neovim set-up is run by test_nvim_lsp.py)",
    "toml": "shown as is",
    "json": "shown as is",
    "swift": "shown as is (code of anim itself)",
    "ebnf": "shown as is",
}

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
PROMPT = re.compile(r"^anim \d+\.\d{3}s> ")
CONTINUATION = "...> "


@dataclasses.dataclass
class Block:
    """One fenced block: where it is, its language and settings, its text."""

    document: str  # path relative to the repository's root
    line: int  # 1-based line of the opening fence
    language: str  # "" when the fence names none
    settings: dict  # `key=value` words as strings, bare words as True
    text: str  # the lines between the fences, their common indentation removed

    @property
    def where(self):
        return f"{self.document}:{self.line}"

    def is_transcript(self):
        """A `text` block holding REPL prompts is a session to replay."""
        return self.language == "text" and any(PROMPT.match(line) for line in self.text.splitlines())


def documents():
    """The documents whose examples run, as paths relative to the root."""
    found = [name for name in FIXED_DOCUMENTS if (ROOT / name).exists()]
    found += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))
    return found


def parse_settings(words):
    settings = {}
    for word in words:
        key, sep, value = word.partition("=")
        settings[key] = value if sep else True
    return settings


def blocks(document):
    """Every fenced block of `document` (relative to the root), in order."""
    lines = (ROOT / document).read_text(encoding="utf-8").split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, indent = m.group("fence"), m.group("indent")
        words = m.group("info").split()
        start = i
        body = []
        i += 1
        while i < len(lines):
            close = FENCE.match(lines[i])
            if close and close.group("fence")[0] == fence[0] and len(close.group("fence")) >= len(fence) and not close.group("info").strip():
                break
            body.append(lines[i])
            i += 1
        i += 1
        # A block inside a list item is indented like its fence.
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in body]
        text = "\n".join(body) + ("\n" if body else "")
        found.append(Block(document, start + 1, words[0] if words else "", parse_settings(words[1:]), text))
    return found


def transcript_inputs(text):
    """The lines typed in a REPL transcript: what follows each prompt."""
    inputs = []
    for line in text.splitlines():
        m = PROMPT.match(line)
        if m:
            inputs.append(line[m.end():])
        elif line.startswith(CONTINUATION):
            inputs.append(line[len(CONTINUATION):])
    return inputs


def transcript_output(text):
    """What a REPL transcript shows anim printing: every line that is no prompt."""
    return [line for line in text.splitlines() if not PROMPT.match(line) and not line.startswith(CONTINUATION)]


def console_commands(text):
    """A console block as (command, expected output lines) pairs."""
    pairs = []
    for line in text.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"console block: output before any `$ ` command: {line!r}")
    return pairs


def sh_commands(text):
    """The command lines of a sh block (comments and blank lines dropped;
    a trailing `\\` joins lines)."""
    commands = []
    pending = ""
    for line in text.splitlines():
        if pending:
            line = pending + " " + line.strip()
            pending = ""
        if line.rstrip().endswith("\\"):
            pending = line.rstrip()[:-1]
            continue
        stripped = strip_comment(line).strip()
        if stripped:
            commands.append(stripped)
    return commands


def strip_comment(line):
    """A shell line without its trailing `# comment` (outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line
