"""anim lsp driven by a real LSP client (pytest-lsp, on pygls/lsprotocol):
each capability on real scripts, with exact positions, ranges, items and edits."""

import asyncio
import json
import pathlib
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from lsp_support import ANIM, check_diagnostics, uri, utf16_column  # noqa: E402

pytestmark = pytest.mark.asyncio

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[ANIM, "lsp"]))
async def client(lsp_client: LanguageClient):
    lsp_client.init_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


async def published(client):
    """Waits for the next publishDiagnostics, and lets the client's handler store it."""
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await asyncio.sleep(0.05)


async def open_doc(client, path, text=None):
    path = pathlib.Path(path)
    text = path.read_text() if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="anim", version=1, text=text)
        )
    )
    await published(client)
    return uri(path)


def pos(line, character):
    return types.Position(line=line, character=character)


async def complete(client, doc, line, character):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(line, character))
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label: item for item in items}


async def hover(client, doc, line, character):
    return await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(line, character))
    )


async def definition(client, doc, line, character):
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=doc), position=pos(line, character))
    )
    return result


def at(text, needle, nth=0, delta=0):
    """The (line, character) of the nth occurrence of needle in text, plus delta characters."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += delta
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return line, len(text[start:index].encode("utf-16-le")) // 2


# ---------------------------------------------------------------- lifecycle


async def test_initialize_announces_every_capability(client: LanguageClient):
    caps = client.init_result.capabilities
    assert client.init_result.server_info.name == "anim"
    assert caps.position_encoding == types.PositionEncodingKind.Utf16
    assert caps.text_document_sync.open_close is True
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert list(caps.completion_provider.trigger_characters) == [".", "(", ":", ","]
    assert caps.hover_provider and caps.definition_provider and caps.document_symbol_provider
    assert caps.document_formatting_provider
    # A second initialize is refused.
    with pytest.raises(Exception, match="initialize was already received"):
        await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))


async def test_unknown_request_is_method_not_found(client: LanguageClient):
    with pytest.raises(Exception) as info:
        await client.protocol.send_request_async("anim/noSuchMethod", {})
    assert "-32601" in str(info.value) or "not found" in str(info.value).lower()


# ---------------------------------------------------------------- diagnostics

ERRORS = """view box(x: 0)
blink = fade(out, 1) + fade(in, 1)
print "😀 é", vew.alpha
run blnk(1) on box
"""


async def test_diagnostics_on_open_match_anim_check(client: LanguageClient, tmp_path):
    path = tmp_path / "errors.anim"
    path.write_text(ERRORS)
    doc = await open_doc(client, path)
    got = client.diagnostics[doc]
    expected = check_diagnostics(path)
    assert len(expected) == 2
    assert [d.message for d in got] == [e[3] for e in expected]
    lines = ERRORS.split("\n")
    for d, (_, line, column, message, hint) in zip(got, expected):
        assert d.severity == types.DiagnosticSeverity.Error
        assert d.range.start.line == line - 1
        assert d.range.start.character == utf16_column(lines[line - 1], column)
        assert d.source == "anim"
        if hint:
            assert [r.message for r in d.related_information] == ["hint: " + hint]
    # The emoji is two UTF-16 units but one column for anim: `vew` is at column 14
    # for anim check and at UTF-16 offset 14 (0-based) for LSP.
    assert expected[0][2] == 14
    assert got[0].range.start == pos(2, 14) and got[0].range.end == pos(2, 17)
    assert got[0].related_information[0].message == "hint: did you mean 'view'?"
    assert got[1].range.start == pos(3, 4) and got[1].range.end == pos(3, 8)
    assert got[1].message == "unknown function 'blnk'"


@pytest.mark.parametrize(
    "text",
    [
        ERRORS,
        "run fade(out, 1 + wait(2)\nstep 1\n",
        "view box\nx = fade(out 1)\ny = \"unterminated\n",
        "print \"é😀\", 3px, tiles[0].x\n",
        "for v in g {\n  run fadeIn(0.2) on v\n",
    ],
)
async def test_ranges_are_anim_check_json_ranges(client: LanguageClient, tmp_path, text):
    path = tmp_path / "json.anim"
    path.write_text(text)
    doc = await open_doc(client, path)
    result = subprocess.run([ANIM, "check", "--json", str(path)], capture_output=True, text=True)
    expected = [json.loads(line) for line in result.stdout.splitlines()]
    assert expected, result
    lines = text.split("\n")
    got = client.diagnostics[doc]
    assert [d.message for d in got] == [e["message"] for e in expected]
    for d, e in zip(got, expected):
        start = pos(e["line"] - 1, utf16_column(lines[e["line"] - 1], e["column"]))
        end = pos(e["endLine"] - 1, utf16_column(lines[e["endLine"] - 1], e["endColumn"]))
        assert (d.range.start, d.range.end) == (start, end), e
        hints = [r.message for r in d.related_information or []]
        assert hints == ([f"hint: {e['hint']}"] if e["hint"] else []), e


async def test_syntax_error_ranges_and_incremental_changes(client: LanguageClient, tmp_path):
    path = tmp_path / "syntax.anim"
    text = "run fade(out, 1 + wait(2)\nstep 1\n"
    path.write_text(text)
    doc = await open_doc(client, path)
    expected = check_diagnostics(path)
    got = client.diagnostics[doc]
    assert [(d.range.start.line + 1, d.range.start.character + 1, d.message) for d in got] == [
        (e[1], e[2], e[3]) for e in expected
    ]
    # Close the call: an incremental edit inserting ")" at the end of line 0.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=pos(0, 25), end=pos(0, 25)), text=")"
                )
            ],
        )
    )
    await published(client)
    assert client.diagnostics[doc] == ()
    # Replace `step 1` by `step vew.x` (a name error), then the whole text by a valid one.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=3),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=pos(1, 5), end=pos(1, 6)), text="vew.x"
                )
            ],
        )
    )
    await published(client)
    [d] = client.diagnostics[doc]
    assert (d.message, d.range.start, d.range.end) == ("unknown name 'vew'", pos(1, 5), pos(1, 8))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=4),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="step 1\n")],
        )
    )
    await published(client)
    assert client.diagnostics[doc] == ()


async def test_every_example_is_clean(client: LanguageClient):
    for path in sorted((ROOT / "examples").glob("*.anim")):
        doc = await open_doc(client, path)
        assert client.diagnostics[doc] == (), path.name


# ---------------------------------------------------------------- imports, several documents

async def test_imports_resolve_against_each_documents_own_path(client: LanguageClient, tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "lib.anim").write_text("view card(x: 10)\npulse = fade(out, 0.25) + fade(in, 0.25)\n")
    (tmp_path / "b" / "lib.anim").write_text("other = wait(1)\n")
    main_a = tmp_path / "a" / "main.anim"
    main_b = tmp_path / "b" / "main.anim"
    main_a.write_text('import "lib.anim"\nrun pulse on card\nprint card.x\n')
    main_b.write_text('import "lib.anim"\nrun pulse on card\nprint card.x\n')
    doc_a = await open_doc(client, main_a)
    doc_b = await open_doc(client, main_b)
    assert client.diagnostics[doc_a] == ()
    assert [d.message for d in client.diagnostics[doc_b]] == [e[3] for e in check_diagnostics(main_b)]
    # `run pulse on card` and `card.x`: both need a `card` that b's lib does not declare.
    assert [d.message for d in client.diagnostics[doc_b]] == ["unknown view 'card'", "unknown name 'card'"]

    # Definition across the import, and of the import itself.
    loc = await definition(client, doc_a, 1, 5)
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri == uri(tmp_path / "a" / "lib.anim")
    assert (loc.range.start, loc.range.end) == (pos(1, 0), pos(1, 5))
    loc = await definition(client, doc_a, 0, 10)
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri == uri(tmp_path / "a" / "lib.anim") and loc.range.start == pos(0, 0)

    # Hover on an imported motion knows its duration.
    h = await hover(client, doc_a, 1, 6)
    assert "motion, duration 0.5 s" in h.contents.value and "lib.anim" in h.contents.value

    # The unsaved text of an open import wins over the file on disk.
    lib_b = tmp_path / "b" / "lib.anim"
    await open_doc(client, lib_b, "other = wait(1)\nview card\npulse = wait(2)\n")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc_b, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=main_b.read_text())],
        )
    )
    await published(client)
    assert client.diagnostics[doc_b] == ()


async def test_error_inside_an_import_is_shown_at_the_import(client: LanguageClient, tmp_path):
    (tmp_path / "bad.anim").write_text("x = fade(out 1)\n")
    main = tmp_path / "main.anim"
    main.write_text('step 1\nimport "bad.anim"\n')
    doc = await open_doc(client, main)
    [expected] = check_diagnostics(main)
    [d] = client.diagnostics[doc]
    assert d.range.start == pos(1, 0) and d.range.end == pos(1, 17)
    assert d.message == f"bad.anim:{expected[1]}:{expected[2]}: {expected[3]}"
    rel = d.related_information[0]
    assert rel.location.uri == uri(tmp_path / "bad.anim")
    assert rel.location.range.start == pos(expected[1] - 1, expected[2] - 1)


# ---------------------------------------------------------------- completion

SCRIPT = """view box(x: 0, y: 0)
grid tiles(cols: 3, rows: 2, size: 10)
blink = fade(out, 1) + fade(in, 1)
def pop(d) = fade(out, d) + fade(in, d)
h = run blink * 2 on box
step 0.5
"""


async def completion_at(client, tmp_path, text, marker="|"):
    index = text.index(marker)
    text = text.replace(marker, "", 1)
    path = tmp_path / "c.anim"
    doc = await open_doc(client, path, text)
    line, character = at(text + " ", text[index:] + " " if index < len(text) else " ", 0) if False else (
        text.count("\n", 0, index),
        len(text[text.rfind("\n", 0, index) + 1 : index].encode("utf-16-le")) // 2,
    )
    return await complete(client, doc, line, character), (line, character)


async def test_statement_start_offers_statement_keywords_and_names(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "|")
    for word in ["view", "grid", "let", "def", "step", "settle", "run", "on", "expect", "trace", "import"]:
        assert items[word].kind == types.CompletionItemKind.Keyword, word
    for name in ["box", "tiles", "blink", "pop", "h", "fade", "stagger"]:
        assert name in items, name
    # Words valid only inside statements are not offered here.
    for word in ["frames", "until", "within", "every", "done", "as"]:
        assert word not in items, word


async def test_prefix_filters_and_edits_replace_the_word(client, tmp_path):
    items, (line, character) = await completion_at(client, tmp_path, SCRIPT + "bl|")
    assert "blink" in items and "box" not in items
    edit = items["blink"].text_edit
    assert edit.new_text == "blink"
    assert (edit.range.start, edit.range.end) == (pos(line, character - 2), pos(line, character))


async def test_builtins_carry_signature_and_summary(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run fa|")
    fade = items["fade"]
    assert fade.kind == types.CompletionItemKind.Function
    assert fade.detail.startswith("fade(in | out | A, d)")
    assert "alpha to 1, 0 or A" in fade.documentation.value
    assert "fadeIn" in items and "step" not in items


async def test_call_arguments_options_and_values(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run fade(|")
    assert {"in", "out", "ease:", "delay:", "on:", "to:", "from:"} <= set(items)
    assert items["ease:"].text_edit.new_text == "ease: "
    assert "print" not in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run move(to: (1, 2), 1, |")
    assert "ease:" in items and "to:" not in items and "by:" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run fade(out, 1, ease: |")
    assert {"linear", "outQuad", "inOutBack", "cubicBezier", "steps"} <= set(items)
    assert "box" not in items or items["outQuad"].sort_text < items["box"].sort_text
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run fade(out, 1, ease: inOut|")
    assert all(label.startswith("inOut") for label in items) and "inOutSine" in items


async def test_stagger_sorts_and_positions(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run stagger(|")
    assert "tiles" in items and "group:" in items and "sort:" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run stagger(tiles, fadeIn(0.3), sort: |")
    assert {"default", "linear", "cornered", "radial", "random", "inline", "continuous", "weighted"} <= set(items)
    assert items["radial"].detail.startswith("radial(position)")
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run stagger(tiles, fadeIn(0.3), sort: radial(|")
    assert {"topLeft", "middle", "bottomRight", "reversed:"} <= set(items)
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run stagger(tiles, fadeIn(0.3), sort: linear(|")
    assert {"topToBottom", "leftToRight"} <= set(items) and "middle" not in items


async def test_declaration_and_stage_labels(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "view card(|")
    assert {"x:", "y:", "width:", "height:", "alpha:", "rotation:", "scale:", "color:"} <= set(items)
    assert "fade" not in items and "box" not in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "view card(x: 1, |")
    assert "x:" not in items and "y:" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "grid g(|")
    # A grid's own settings and every view property (SPEC §20).
    assert set(items) == {"cols:", "rows:", "size:", "gap:", "x:", "y:", "width:", "height:",
                          "alpha:", "rotation:", "scaleX:", "scaleY:", "color:", "cornerRadius:",
                          "scale:", "anchorX:", "anchorY:", "anchor:", "stroke:", "strokeWidth:",
                          "lineCap:", "lineJoin:", "trimStart:", "trimEnd:", "trimOffset:",
                          "clip:", "parent:", "opacity:", "blur:", "blend:", "shadowColor:",
                          "shadowX:", "shadowY:", "shadowBlur:", "shadow:", "cornerTopLeft:",
                          "cornerTopRight:", "cornerBottomRight:", "cornerBottomLeft:", "dash:",
                          "dashOffset:"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "stage(|")
    assert set(items) == {"width:", "height:", "origin:", "background:"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "stage(width: 100, background: |")
    assert {"transparent", "red", "white"} <= set(items)
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run tween(|")
    assert {"alpha:", "x:", "scaleX:", "duration:", "ease:"} <= set(items)
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run spring(x: 100, |")
    assert {"stiffness:", "damping:", "dampingRatio:", "halflife:"} <= set(items) and "x:" not in items


async def test_members_after_a_dot(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "print box.|")
    assert {"x", "y", "width", "height", "alpha", "rotation", "scaleX", "scaleY", "scale", "color"} <= set(items)
    # What a view has besides its properties, read only (as the REPL offers).
    assert {"name", "position", "size"} <= set(items)
    assert "state" not in items and "fade" not in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "print h.st|")
    assert set(items) == {"state"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "print tiles.|")
    assert set(items) == {"count"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "print tiles[2].al|")
    assert set(items) == {"alpha"}


async def test_contextual_keywords(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "step |")
    assert {"to", "until"} <= set(items) and "frames" not in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "step 3 |")
    assert set(items) == {"frames", "frame"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "on h |")
    assert set(items) == {"done", "start", "repeat", "mark"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "on |")
    assert set(items) == {"h"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "cancel |")
    assert set(items) == {"all", "h"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run blink |")
    assert set(items) == {"on", "as"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "trace box.x |")
    assert set(items) == {"every"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "expect box.x == 0 |")
    assert set(items) == {"within", "and", "or"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "if box.x > 0 |")
    assert set(items) == {"and", "or"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "if box.x > 0 { print 1 }\n|")
    assert "else" in items and "run" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "for i in 0..<2 { print i }\n|")
    assert "else" not in items and "run" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "for v |")
    assert set(items) == {"in"}
    # Right after a block's `}` on its line no statement starts: `else` only.
    items, _ = await completion_at(client, tmp_path, SCRIPT + "if box.x > 0 { print 1 } el|")
    assert set(items) == {"else"}
    items, _ = await completion_at(client, tmp_path, SCRIPT + "for i in 0..<2 { print i } |")
    assert items == {}
    # A motion's target: views and groups, not handles, motions' builtins or colours.
    items, _ = await completion_at(client, tmp_path, SCRIPT + "run blink on |")
    assert {"view", "box", "tiles"} <= set(items) and not {"h", "fade", "red"} & set(items)
    items, _ = await completion_at(client, tmp_path, SCRIPT + "k = |")
    assert "run" in items and "blink" in items and "step" not in items


async def test_scope_parameters_and_loop_variables(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "def grow(amount, d) = scale(to: am|")
    assert "amount" in items
    items, _ = await completion_at(client, tmp_path, SCRIPT + "for cell in tiles {\n  run fadeIn(0.2) on c|\n}\n")
    assert "cell" in items
    items, _ = await completion_at(client, tmp_path, "def f(q) = q\n" + "print |")
    assert "q" not in items and "f" in items


async def test_no_completion_in_comments_and_strings(client, tmp_path):
    items, _ = await completion_at(client, tmp_path, SCRIPT + "# run fa|")
    assert items == {}
    items, _ = await completion_at(client, tmp_path, SCRIPT + 'print "fa|"')
    assert items == {}


async def test_completion_in_a_document_that_does_not_parse(client, tmp_path):
    text = SCRIPT + "run fade(out, 1 +\n)))\nlet x = stagger(tiles, fadeIn(0.3), sort: rad|"
    items, _ = await completion_at(client, tmp_path, text)
    assert set(items) == {"radial"}
    doc = uri(tmp_path / "c.anim")
    assert client.diagnostics[doc], "the broken document still has diagnostics"


async def test_import_path_completion(client, tmp_path):
    (tmp_path / "shared.anim").write_text("x = 1\n")
    (tmp_path / "lib").mkdir()
    items, _ = await completion_at(client, tmp_path, 'import "|"\n')
    assert set(items) == {"shared.anim", "lib/"}


# ---------------------------------------------------------------- hover

async def test_hover(client, tmp_path):
    path = tmp_path / "h.anim"
    doc = await open_doc(client, path, SCRIPT + "run pop(0.2) on tiles\n")
    text = SCRIPT
    h = await hover(client, doc, *at(text, "fade", 0, 1))
    assert h.contents.value.startswith("```anim\nfade(in | out | A, d) or fade(from: A, d)\n```\nalpha to 1, 0 or A")
    assert (h.range.start, h.range.end) == (pos(2, 8), pos(2, 12))
    h = await hover(client, doc, *at(text, "blink", 1, 2))
    assert "variable: motion, duration 2 s" in h.contents.value
    assert "blink = fade(out, 1) + fade(in, 1)" in h.contents.value
    h = await hover(client, doc, *at(text, "box", 1))
    assert h.contents.value.endswith("view") and "view box(x: 0, y: 0)" in h.contents.value
    h = await hover(client, doc, *at(text, "tiles", 0))
    assert "grid: group of 6 views" in h.contents.value
    h = await hover(client, doc, 4, 0)
    assert "run handle" in h.contents.value
    h = await hover(client, doc, *at(text, "pop", 0))
    assert "function" in h.contents.value
    h = await hover(client, doc, *at(text, "d)", 0))
    assert "parameter of `pop`" in h.contents.value
    assert await hover(client, doc, *at(text, "0.5")) is None
    assert "grid" in (await hover(client, doc, 6, 17)).contents.value  # `tiles` in the last line


# ---------------------------------------------------------------- definition, symbols

async def test_definition_in_file(client, tmp_path):
    path = tmp_path / "d.anim"
    text = SCRIPT + "blink = blink * 2\nrun blink on tiles[0]\ndef twice(m) = m * 2\n"
    doc = await open_doc(client, path, text)
    loc = await definition(client, doc, *at(text, "tiles[0]"))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri == doc and (loc.range.start, loc.range.end) == (pos(1, 5), pos(1, 10))
    # The rebinding before the use wins.
    loc = await definition(client, doc, *at(text, "blink on tiles"))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.range.start == pos(6, 0)
    # Inside `blink = blink * 2` the right side is the earlier binding.
    loc = await definition(client, doc, *at(text, "blink * 2\n", 0, 1))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.range.start in (pos(2, 0), pos(6, 0))
    loc = await definition(client, doc, *at(text, "m * 2", 0))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.range.start == pos(8, 10)
    assert await definition(client, doc, *at(text, "fade")) in (None, [])


async def test_document_symbols_of_an_example(client):
    path = ROOT / "examples" / "handlers.anim"
    doc = await open_doc(client, path)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=doc))
    )
    names = [(s.name, s.kind) for s in symbols]
    assert names[:5] == [
        ("card", types.SymbolKind.Object),
        ("enter", types.SymbolKind.Variable),
        ("shake", types.SymbolKind.Variable),
        ("leave", types.SymbolKind.Variable),
        ("first", types.SymbolKind.Variable),
    ]
    handler = symbols[5]
    assert handler.name == "on first done" and handler.kind == types.SymbolKind.Event
    assert [c.name for c in handler.children] == ["second", "on second done"]
    text = path.read_text()
    assert symbols[0].selection_range.start == pos(*at(text, "card"))


# ---------------------------------------------------------------- formatting


def offset_of(text, position):
    """The str index of an LSP position (UTF-16 character offsets)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    units = 0
    for i, ch in enumerate(line):
        if units >= position.character:
            return start + i
        units += 2 if ord(ch) > 0xFFFF else 1
    return start + len(line)


def apply_edits(text, edits):
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        a, b = offset_of(text, edit.range.start), offset_of(text, edit.range.end)
        text = text[:a] + edit.new_text + text[b:]
    return text


def anim_fmt(text):
    result = subprocess.run([ANIM, "fmt", "-"], input=text, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


async def format_doc(client, doc):
    return await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=doc),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )


MESSY = """# a comment that stays
view   box(x:0,y:0)
blink=fade(out,1)+fade(in,1)   # trailing


for t in [box]{
run blink*2 on t
}
print "é😀",box.alpha
"""


async def test_formatting_is_what_anim_fmt_writes(client, tmp_path):
    path = tmp_path / "messy.anim"
    doc = await open_doc(client, path, MESSY)
    edits = await format_doc(client, doc)
    expected = anim_fmt(MESSY)
    assert expected != MESSY
    assert apply_edits(MESSY, edits) == expected
    # One edit over the lines that change: the comment on line 0 is not touched.
    [edit] = edits
    assert edit.range.start == pos(1, 0)
    # Formatting the formatted text changes nothing.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=doc, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=expected)],
        )
    )
    await published(client)
    assert list(await format_doc(client, doc)) == []


async def test_every_example_is_formatted_already(client):
    for path in sorted((ROOT / "examples").glob("*.anim")):
        doc = await open_doc(client, path)
        assert list(await format_doc(client, doc)) == [], path.name


async def test_formatting_refuses_a_script_that_does_not_parse(client, tmp_path):
    doc = await open_doc(client, tmp_path / "broken.anim", "view box\nrun fade(out, 1\n")
    with pytest.raises(Exception, match="cannot format a script with syntax errors: 2:16"):
        await format_doc(client, doc)
