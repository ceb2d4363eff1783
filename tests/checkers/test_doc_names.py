"""The code names the documents give exist: every Swift file a page names
(`FrameWriter.swift`, `Sources/AnimEngine/Runs/Clock.swift`) is in the
repository, and every `Type.member` (`Builtins.all`,
`Parser.maximumNestingDepth`) is a type the sources declare with a member of
that name. A recipe that sends an engineer to a file or a name that is not
there fails here."""

import pathlib
import re
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from doc_blocks import ROOT, documents  # noqa: E402

SWIFT = list(ROOT.glob("Sources/**/*.swift")) + list(ROOT.glob("Tests/**/*.swift")) + [ROOT / "Package.swift"]
FILE_NAMES = {p.name for p in SWIFT}
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in SWIFT)
TYPES = set(re.findall(r"\b(?:struct|enum|class|protocol|actor|typealias|extension)\s+([A-Z]\w*)", SOURCE))


def code_spans(document):
    text = (ROOT / document).read_text(encoding="utf-8")
    text = re.sub(r"^ *```.*?^ *```", "", text, flags=re.S | re.M)  # fenced blocks are run, not read here
    return re.findall(r"`([^`\n]+)`", text)




def members_by_type():
    """Each type's members: the names declared in its top-level declaration
    and extensions (from the `struct|enum|class|extension Name` line to the
    `}` that closes it at the start of a line)."""
    found = {}
    head = re.compile(r"^(?:@\w+ )*(?:(?:public|private|fileprivate|internal|final|indirect) )*(?:struct|enum|class|extension|protocol|actor) ([A-Z]\w*)")
    for path in SWIFT:
        current = None
        for line in path.read_text(encoding="utf-8").split("\n"):
            m = head.match(line)
            if m:
                current = found.setdefault(m.group(1), set())
            elif line.startswith("}"):
                current = None
            if current is not None:
                current.update(re.findall(r"\b(?:func|var|let|case)\s+`?(\w+)", line))
                current.update(re.findall(r"\bcase\s+\w+(?:\([^)]*\))?(?:\s*=\s*[^,]+)?((?:,\s*\w+)+)", line) and
                               re.findall(r",\s*(\w+)", line) or [])
    return found


MEMBERS = members_by_type()
# `README.md`, `SPEC.md`, `CoverageRaster.c`: a file, not a member.
EXTENSIONS = {"md", "swift", "anim", "json", "py", "html", "lua", "toml", "png", "svg", "gif", "txt", "c",
              "h"}


@pytest.mark.parametrize("document", documents())
def test_the_code_names_a_document_gives_exist(document):
    missing = []
    for span in code_spans(document):
        for word in re.findall(r"(?<![*\w./+-])[\w./+-]+\.swift\b", span):
            path = word.lstrip("./")
            if "/" in path and path.startswith(("Sources/", "Tests/")):
                if not (ROOT / path).exists():
                    missing.append(f"no file {path}")
            elif path.split("/")[-1] not in FILE_NAMES:
                missing.append(f"no file named {path}")
        m = re.fullmatch(r"([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)(\(.*\))?", span.strip())
        if m and m.group(2) not in EXTENSIONS:
            kind, member = m.group(1), m.group(2)
            if kind not in TYPES:
                missing.append(f"no type {kind} (in `{span}`)")
            elif member not in MEMBERS.get(kind, set()):
                missing.append(f"no member {member} (in `{span}`)")
    assert not missing, f"{document} names code that is not there:\n" + "\n".join(missing)
