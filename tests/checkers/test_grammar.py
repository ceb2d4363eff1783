"""The TextMate grammar and the VS Code extension in editors/: valid JSON,
every pattern compiles with Oniguruma (the engine VS Code and TextMate use),
the grammar knows every builtin and easing anim has, and tokenising every
line of examples/ and tests/ with the grammar agrees with anim's own lexer
(`:tokens` in the REPL) on numbers, units, strings, comments and operators."""

import json
import os
import pathlib
import re
import subprocess
import sys

import onigurumacffi
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from lsp_support import ANIM  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
EDITORS = ROOT / "editors"
GRAMMAR = json.loads((EDITORS / "anim.tmLanguage.json").read_text())


def all_rules(node):
    """Every rule object in the grammar (patterns, repository entries, nested)."""
    if isinstance(node, dict):
        if any(k in node for k in ("match", "begin", "include", "patterns")):
            yield node
        for value in node.values():
            yield from all_rules(value)
    elif isinstance(node, list):
        for value in node:
            yield from all_rules(value)


def repl(text):
    result = subprocess.run([ANIM, "repl"], input=text, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    return result.stdout


# ---------------------------------------------------------------- structure


def test_every_pattern_compiles_with_oniguruma():
    count = 0
    for rule in all_rules(GRAMMAR):
        for key in ("match", "begin", "end"):
            if key in rule:
                onigurumacffi.compile(rule[key])
                count += 1
    assert count >= 20


def test_includes_resolve_and_scopes_are_named():
    repository = GRAMMAR["repository"]
    for rule in all_rules(GRAMMAR):
        if "include" in rule:
            assert rule["include"].startswith("#") and rule["include"][1:] in repository, rule
    assert GRAMMAR["scopeName"] == "source.anim"
    for rule in all_rules(GRAMMAR):
        if "match" in rule or "begin" in rule:
            assert "name" in rule or "captures" in rule or "beginCaptures" in rule, rule


def test_extension_manifest_points_at_real_files():
    manifest = json.loads((EDITORS / "package.json").read_text())
    [language] = manifest["contributes"]["languages"]
    assert language["id"] == "anim" and language["extensions"] == [".anim"]
    [grammar] = manifest["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] and grammar["language"] == "anim"
    assert (EDITORS / grammar["path"]).is_file()
    assert (EDITORS / language["configuration"]).is_file()
    assert (EDITORS / manifest["main"]).is_file()
    assert "vscode-languageclient" in manifest["dependencies"]
    assert "onLanguage:anim" in manifest["activationEvents"]
    config = json.loads((EDITORS / "language-configuration.json").read_text())
    assert config["comments"]["lineComment"] == "#"
    assert ["(", ")"] in config["brackets"] and ["{", "}"] in config["brackets"] and ["[", "]"] in config["brackets"]
    re.compile(config["wordPattern"])


def test_extension_starts_anim_lsp(tmp_path):
    """extension.js under node, with stand-ins for the vscode modules: it
    starts a LanguageClient running `anim lsp` over stdio for anim files."""
    modules = tmp_path / "node_modules"
    (modules / "vscode").mkdir(parents=True)
    (modules / "vscode" / "index.js").write_text(
        "module.exports = { workspace: { getConfiguration: (s) => ({ get: (k, d) => s === 'anim' && k === 'path' ? '/opt/anim' : d }) } };"
    )
    (modules / "vscode-languageclient").mkdir()
    (modules / "vscode-languageclient" / "node.js").write_text(
        "class LanguageClient { constructor(id, name, server, client) { global.made = {id, name, server, client}; }"
        " start() { global.started = true; } stop() { global.stopped = true; } }\n"
        "module.exports = { LanguageClient, TransportKind: { stdio: 0 } };"
    )
    script = (
        f"const ext = require({json.dumps(str(EDITORS / 'extension.js'))});"
        "ext.activate({ subscriptions: [] }); ext.deactivate();"
        "console.log(JSON.stringify({made: global.made, started: global.started, stopped: global.stopped}));"
    )
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, env={**os.environ, "NODE_PATH": str(modules)})
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["made"]["server"] == {"command": "/opt/anim", "args": ["lsp"], "transport": 0}
    assert {"scheme": "file", "language": "anim"} in state["made"]["client"]["documentSelector"]
    assert state["started"] and state["stopped"]


def alternatives(pattern):
    return set(re.findall(r"[A-Za-z]+", pattern))


def test_grammar_knows_every_builtin_and_easing():
    builtins = set(re.findall(r"^  ([A-Za-z]+)\(", repl(":help builtins\n"), re.M))
    assert {"fade", "stagger", "spring", "cubicBezier"} <= builtins
    [builtin_rule] = [r for r in GRAMMAR["repository"]["call"]["patterns"] if r["name"] == "support.function.builtin.anim"]
    assert builtins <= alternatives(builtin_rule["match"])
    easing_text = repl(":help easing\n")
    easings = set(re.findall(r"\b(?:linear|(?:in|out|inOut)[A-Z][a-z]+)\b", easing_text))
    assert len(easings) == 31
    easing = onigurumacffi.compile(GRAMMAR["repository"]["easing"]["match"])
    for name in easings | {"easeInOutQuad", "easeOutBounce"}:
        m = easing.search(name, 0)
        assert m and m.span() == (0, len(name)), name


# ---------------------------------------------------------------- a TextMate tokeniser


class Tokeniser:
    """Enough of TextMate's algorithm for this grammar: at each position the
    earliest match of the current patterns wins (the first listed on a tie);
    begin/end rules push a nested scope; captures name the groups."""

    def __init__(self, grammar):
        self.grammar = grammar
        self.cache = {}

    def compiled(self, pattern):
        if pattern not in self.cache:
            self.cache[pattern] = onigurumacffi.compile(pattern)
        return self.cache[pattern]

    def flatten(self, patterns):
        out = []
        for rule in patterns:
            if "include" in rule:
                out += self.flatten([self.grammar["repository"][rule["include"][1:]]])
            elif "match" in rule or "begin" in rule:
                out.append(rule)
            else:
                out += self.flatten(rule["patterns"])
        return out

    def line(self, text):
        """Spans (start, end, scope) of one line; text is a str."""
        spans = []
        position = 0
        patterns = self.flatten(self.grammar["patterns"])
        while position <= len(text):
            best = None
            for rule in patterns:
                m = self.compiled(rule.get("match") or rule["begin"]).search(text, position)
                if m and (best is None or m.start() < best[1].start()):
                    best = (rule, m)
            if best is None or best[1].end() == best[1].start() == len(text):
                break
            rule, m = best
            if "match" in rule:
                self.emit(spans, rule, m, "captures")
                position = max(m.end(), m.start() + 1) if m.end() == m.start() else m.end()
                continue
            # begin ... end on one line (strings cannot span lines in anim).
            self.emit(spans, rule, m, "beginCaptures")
            inner = self.flatten(rule.get("patterns", []))
            cursor = m.end()
            end_rx = self.compiled(rule["end"])
            while True:
                end = end_rx.search(text, cursor)
                first = None
                for r in inner:
                    im = self.compiled(r["match"]).search(text, cursor)
                    if im and (first is None or im.start() < first[1].start()):
                        first = (r, im)
                if first and (end is None or first[1].start() < end.start()):
                    spans.append((first[1].start(), first[1].end(), first[0]["name"]))
                    cursor = first[1].end()
                    continue
                stop = end.end() if end else len(text)
                spans.append((m.start(), stop, rule["name"]))
                position = stop if stop > m.start() else m.start() + 1
                break
        return spans

    @staticmethod
    def emit(spans, rule, m, key):
        if "name" in rule:
            spans.append((m.start(), m.end(), rule["name"]))
        for group, capture in rule.get(key, {}).items():
            s = m.span(int(group))
            if s[0] >= 0 and s[1] > s[0]:
                spans.append((s[0], s[1], capture["name"]))


def source_lines():
    files = sorted((ROOT / "examples").glob("*.anim")) + sorted((ROOT / "tests").rglob("*.anim"))
    seen = set()
    for path in files:
        for line in path.read_text(errors="replace").split("\n"):
            if line.strip() and line not in seen and "\t" not in line and len(line) < 300:
                seen.add(line)
                yield line


def scope_at(spans, column, prefix):
    return [s for s in spans if s[0] <= column < s[1] and s[2].startswith(prefix)]


def test_tokenising_examples_agrees_with_the_lexer():
    tok = Tokeniser(GRAMMAR)
    lines = list(source_lines())
    # One REPL process for all lines: each `:tokens` answer is a block of rows
    # whose columns restart; a line is separated from the next by a marker.
    marker = "__anim_grammar_marker__"
    script = "".join(f":tokens {line.strip()}\n:tokens {marker}\n" for line in lines)
    blocks = repl(script).split(f"1:1 identifier {marker}\n")
    assert len(blocks) == len(lines) + 1
    checked = {"number": 0, "string": 0, "comment": 0, "operator": 0, "builtin": 0}
    for line, block in zip(lines, blocks):
        indent = len(line) - len(line.lstrip())
        spans = tok.line(line)
        tokens = []
        for row in block.splitlines():
            m = re.match(r"^1:(\d+) (.*)$", row)
            if m:
                tokens.append((int(m.group(1)) - 1 + indent, m.group(2)))
        for index, (column, what) in enumerate(tokens):
            where = f"{line!r} column {column}: {what}"
            assert not scope_at(spans, column, "comment"), where
            if what.startswith("number"):
                numeric = [s for s in spans if s[0] == column and s[2] == "constant.numeric.anim"]
                assert numeric, where
                unit = what.split()[2] if len(what.split()) == 3 else None
                unit_spans = [s for s in spans if s[0] == numeric[0][1] and s[2] == "constant.numeric.unit.anim"]
                assert (line[unit_spans[0][0]:unit_spans[0][1]] if unit_spans else None) == unit, where
                value = float(line[numeric[0][0]:numeric[0][1]])
                scale = {"ms": 0.001, "rad": 57.29577951308232}.get(unit, 1)
                assert f"{value * scale:.6g}" == f"{float(what.split()[1]):.6g}", where
                checked["number"] += 1
            elif what.startswith("string"):
                assert [s for s in spans if s[0] == column and s[2] == "string.quoted.double.anim"], where
                checked["string"] += 1
            elif what.startswith("'"):
                ops = scope_at(spans, column, "keyword.operator") + scope_at(spans, column, "punctuation")
                assert ops, where
                assert not scope_at(spans, column, "string"), where
                checked["operator"] += 1
            elif what.startswith("identifier "):
                name = what.split()[1]
                assert not scope_at(spans, column, "string"), where
                assert not scope_at(spans, column, "constant.numeric"), where
                following = line[column + len(name):].lstrip()
                if following.startswith("(") and not scope_at(spans, column, "entity.name.anim"):
                    assert scope_at(spans, column, "support.function") or scope_at(spans, column, "entity.name.function"), where
                    checked["builtin"] += 1
        # Whatever the lexer skipped after a `#` outside a string is a comment.
        if "#" in line:
            comment = [s for s in spans if s[2].startswith("comment")]
            if comment:
                start = comment[0][0]
                assert all(column < start for column, _ in tokens), line
                checked["comment"] += 1
    assert all(count > 5 for count in checked.values()), checked


@pytest.mark.parametrize(
    "text, expected",
    [
        ("step 300ms", [("300", "constant.numeric.anim"), ("ms", "constant.numeric.unit.anim")]),
        ("rotate(to: 1.5rad, .5s)", [("1.5", "constant.numeric.anim"), ("rad", "constant.numeric.unit.anim"), (".5", "constant.numeric.anim"), ("s", "constant.numeric.unit.anim")]),
        ("x = 1e3deg", [("1e3", "constant.numeric.anim"), ("deg", "constant.numeric.unit.anim")]),
        ("x = 3px", [("3", "constant.numeric.anim"), ("px", "invalid.illegal.unit.anim")]),
        ('print "a\\n\\"b\\q"', [('\\n', "constant.character.escape.anim"), ('\\"', "constant.character.escape.anim"), ("\\q", "invalid.illegal.escape.anim")]),
        ("run m * 2 | n # a comment", [("*", "keyword.operator.arithmetic.anim"), ("|", "keyword.operator.parallel.anim"), ("# a comment", "comment.line.number-sign.anim")]),
        ("for i in 0..<3 { }", [("for", "keyword.control.anim"), ("in", "keyword.control.anim"), ("..<", "keyword.operator.range.anim")]),
        ("run fade(out, 1, ease: easeInOutQuad)", [("fade", "support.function.builtin.anim"), ("out", "support.constant.symbol.anim"), ("ease", "variable.parameter.label.anim"), ("easeInOutQuad", "support.constant.easing.anim")]),
        ("expect view.alpha ~= 0.5 within 1e-3", [("alpha", "variable.other.property.anim"), ("~=", "keyword.operator.comparison.anim"), ("within", "keyword.control.anim")]),
        ("view box(x: 10)", [("view", "keyword.declaration.anim"), ("box", "entity.name.anim")]),
        ("on h done { print time }", [("done", "keyword.control.event.anim"), ("time", "variable.language.time.anim")]),
    ],
)
def test_scopes_of_snippets(text, expected):
    spans = Tokeniser(GRAMMAR).line(text)
    found = [(text[s:e], scope) for s, e, scope in spans]
    for item in expected:
        assert item in found, (item, found)
