"""Every `SPEC §N` the project cites is a section of docs/spec.md.

The sources, tests and docs cite the specification as `SPEC §12.3`,
`(SPEC §12.1–§12.2)`, `(SPEC §5.1, §14.1)` or, where a comment wraps,
`SPEC` at the end of one line and `§13` at the start of the next. In this
repository a `§` followed by a number always means a section of
docs/spec.md, so every one of them is checked, whether or not `SPEC` stands
right before it, and so is `SPEC 14.2` written without the sign. A section
of another document (an RFC, a Unicode annex) is written without `§`
("RFC 9110, section 7.2") so that it is not taken for one of ours.

The headings of docs/spec.md are `## N. Title` and `### N.M Title`.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs" / "spec.md"

# Where citations are looked for: the Swift sources and unit tests (the
# brief of the checker), and the prose and grammar that cite the same
# sections.
CITING = [
    (ROOT / "Sources", "*.swift"),
    (ROOT / "Sources", "*.c"),
    (ROOT / "Sources", "*.h"),
    (ROOT / "Tests", "*.swift"),
    (ROOT / "docs", "*.md"),
    (ROOT / "grammar", "*.ebnf"),
    (ROOT / "tests", "*.anim"),
    (ROOT / "tests", "*.py"),
    (ROOT / "bench", "*.py"),
]
CITING_FILES = [ROOT / "README.md", ROOT / "REPL.md", ROOT / "BENCHMARKS.md"]

HEADING = re.compile(r"^#{2,3}\s+(\d+(?:\.\d+)*)\.?\s+\S", re.MULTILINE)
SECTION_SIGN = re.compile(r"§\s*(\d+(?:\.\d+)*)")
SPEC_WITHOUT_SIGN = re.compile(r"\bSPEC\s+(\d+(?:\.\d+)*)")


def spec_sections():
    """The section numbers docs/spec.md has headings for."""
    return set(HEADING.findall(SPEC.read_text(encoding="utf-8")))


def citations(text):
    """(line, section) for every section cited in text."""
    found = []
    for pattern in (SECTION_SIGN, SPEC_WITHOUT_SIGN):
        for match in pattern.finditer(text):
            section = match.group(1).rstrip(".")
            line = text.count("\n", 0, match.start()) + 1
            found.append((line, section))
    return found


def citing_files():
    files = list(CITING_FILES)
    for folder, pattern in CITING:
        files.extend(sorted(folder.rglob(pattern)))
    # This file's own examples of citations are not citations.
    here = pathlib.Path(__file__).resolve()
    return [f for f in files if f.is_file() and f not in (SPEC, here)]


def test_the_spec_numbers_its_sections_one_to_twenty():
    sections = spec_sections()
    for n in range(1, 21):
        assert str(n) in sections, f"docs/spec.md has no heading '## {n}. …'"


def test_the_spec_has_no_section_twice():
    numbers = HEADING.findall(SPEC.read_text(encoding="utf-8"))
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    assert not repeated, f"docs/spec.md numbers these sections twice: {repeated}"


def test_the_citation_finder_reads_every_form_the_sources_use():
    text = (
        "/// The exit codes of SPEC §8.\n"
        "/// Runs statements (SPEC §4–§7) and plays (SPEC §12.3, §13).\n"
        "/// One wrapped comment (SPEC\n/// §14.6).\n"
        "(* seek h to 1.5 (SPEC 14.2). *)\n"
    )
    assert [s for _, s in citations(text)] == [
        "8", "4", "7", "12.3", "13", "14.6", "14.2",
    ]
    assert citations("SPEC §5.5.")[0] == (1, "5.5")


def test_every_cited_section_is_a_heading_of_the_spec():
    sections = spec_sections()
    cited = 0
    missing = []
    for path in citing_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for line, section in citations(text):
            cited += 1
            if section not in sections:
                missing.append(f"{path.relative_to(ROOT)}:{line}: §{section}")
    # The sources cite the spec about a hundred times; finding none would
    # mean the search itself is broken.
    assert cited > 80, f"found only {cited} citations"
    assert not missing, (
        "these citations name no heading of docs/spec.md (add the section, "
        "or cite the one meant):\n" + "\n".join(missing)
    )


def github_anchor(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped,
    spaces made hyphens (`13. Shipping it: \\`anim export\\`` becomes
    `13-shipping-it-anim-export`)."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def test_links_into_the_spec_name_a_heading():
    spec = SPEC.read_text(encoding="utf-8")
    anchors = {
        github_anchor(h)
        for h in re.findall(r"^#{1,6}\s+(.+?)\s*$", spec, re.MULTILINE)
    }
    assert "13-shipping-it-anim-export" in anchors
    broken = []
    for path in citing_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for match in re.finditer(r"spec\.md#([\w\-]+)", text):
            if match.group(1) not in anchors:
                line = text.count("\n", 0, match.start()) + 1
                broken.append(f"{path.relative_to(ROOT)}:{line}: #{match.group(1)}")
    assert not broken, "links to no heading of docs/spec.md:\n" + "\n".join(broken)
