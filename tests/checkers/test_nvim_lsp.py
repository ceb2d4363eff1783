"""One end-to-end run in a real editor: headless Neovim (Debian's 0.7, its
built-in LSP client) attached to `anim lsp`. It opens a script with an error
and reports the diagnostic `anim check` gives; then it edits the buffer (the
client sends incremental changes) and asks for completion, hover, the definition
and formatting the way the editor does."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from lsp_support import ANIM, check_diagnostics  # noqa: E402

CONFIG = r"""
local anim = os.getenv("ANIM")
local out = os.getenv("ANIM_NVIM_OUT")
local report = { diagnostics = {}, after_edit = {} }

local function diagnostics()
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(list, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      message = d.message, severity = d.severity, source = d.source })
  end
  return list
end

local function request(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }
  local replies = vim.lsp.buf_request_sync(0, method, params, 5000) or {}
  for _, reply in pairs(replies) do return reply.result end
end

vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local id = vim.lsp.start_client({ name = "anim", cmd = { anim, "lsp" }, root_dir = vim.fn.getcwd() })
  vim.lsp.buf_attach_client(0, id)
  report.attached = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
  report.diagnostics = diagnostics()
  -- Fix the typo on line 3 (`vew` -> `view`): an incremental change.
  vim.api.nvim_buf_set_text(0, 2, 12, 2, 15, { "view" })
  report.cleared = vim.wait(10000, function() return #vim.diagnostic.get(0) == 0 end, 20)
  -- Append a line and ask what goes after `ease: inOutB`.
  vim.api.nvim_buf_set_lines(0, -1, -1, false, { "run fade(in, 1, ease: inOutB" })
  vim.wait(300)
  local last = vim.api.nvim_buf_line_count(0) - 1
  local completion = request("textDocument/completion", last, 28)
  report.completion = {}
  for _, item in ipairs((completion or {}).items or completion or {}) do table.insert(report.completion, item.label) end
  local hover = request("textDocument/hover", 1, 2)
  report.hover = hover and hover.contents.value or vim.NIL
  local definition = request("textDocument/definition", 3, 5)
  report.definition = definition
  -- Formatting as the editor does it: the buffer is rewritten by the server's edits.
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { "view   box(x:0)", "m=fade(out,1)*2 # note", "run m on box" })
  vim.wait(300)
  vim.lsp.buf.formatting_sync(nil, 5000)
  report.formatted = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.lsp.stop_client(id)
  vim.cmd("qa!")
end })
"""

SCRIPT = """view box(x: 0)
blink = fade(out, 1) + fade(in, 1)
print "é", vew.alpha
run blink on box
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (apt-get install neovim)")
def test_neovim_shows_anim_checks_diagnostic_and_serves_requests(tmp_path):
    script = tmp_path / "typo.anim"
    script.write_text(SCRIPT)
    config = tmp_path / "cfg.lua"
    config.write_text(CONFIG)
    out = tmp_path / "report.json"
    env = {**os.environ, "ANIM": ANIM, "ANIM_NVIM_OUT": str(out), "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run(
        ["nvim", "--headless", "-n", "-i", "NONE", "-u", str(config), str(script)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )
    assert out.exists(), (result.stdout, result.stderr)
    report = json.loads(out.read_text())
    [(_, line, column, message, hint)] = check_diagnostics(script)
    assert report["attached"] is True
    [d] = report["diagnostics"]
    # Neovim's columns are bytes: `é` is two bytes, one column for anim check.
    line_text = SCRIPT.split("\n")[line - 1]
    byte_col = len(line_text[: column - 1].encode("utf-8"))
    assert (d["lnum"], d["col"], d["message"], d["severity"], d["source"]) == (line - 1, byte_col, message, 1, "anim")
    assert (d["end_lnum"], d["end_col"]) == (line - 1, byte_col + 3)
    assert message == "unknown name 'vew'"
    assert report["cleared"] is True
    assert report["completion"] == ["inOutBack", "inOutBounce"]
    assert report["hover"].startswith("```anim\nblink = fade(out, 1) + fade(in, 1)\n```\nvariable: motion, duration 2 s")
    messy = "view   box(x:0)\nm=fade(out,1)*2 # note\nrun m on box\n"
    expected = subprocess.run([ANIM, "fmt", "-"], input=messy, capture_output=True, text=True).stdout
    assert expected != messy
    assert "\n".join(report["formatted"]) + "\n" == expected
    definition = report["definition"]
    definition = definition[0] if isinstance(definition, list) else definition
    assert definition["range"]["start"] == {"line": 1, "character": 0}


# The user's side: editors/README.md's Neovim set-up, copied from the page
# (never retyped here), as init.lua; `anim` found on PATH as the page says;
# everything done by typing the keys the page names.
DRIVER = r"""
local out = os.getenv("ANIM_NVIM_OUT")
local report = {}
local function keys(text) vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(text, true, false, true), "t", false) end
local function floating_text()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      return table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), "\n")
    end
  end
end
local function finish()
  local file = io.open(out, "w")
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.cmd("qa!")
end
-- Each step hands control back to Neovim's loop, so typed keys and the
-- server's answers are handled as in a terminal.
local function later(ms, step) vim.defer_fn(step, ms) end
local function until_true(condition, step, tries)
  tries = tries or 200
  if condition() or tries == 0 then step() else later(50, function() until_true(condition, step, tries - 1) end) end
end

vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  report.filetype = vim.bo.filetype
  until_true(function() return #vim.diagnostic.get(0) > 0 end, function()
    report.clients = #vim.lsp.buf_get_clients(0)
    report.diagnostics = {}
    for _, d in ipairs(vim.diagnostic.get(0)) do
      table.insert(report.diagnostics, { lnum = d.lnum, col = d.col, message = d.message })
    end
    -- Hover: the cursor on `blink` (line 4), then K.
    vim.api.nvim_win_set_cursor(0, { 4, 5 })
    keys("K")
    until_true(function() return floating_text() ~= nil end, function()
      report.hover = floating_text() or vim.NIL
      keys("<Esc>")
      vim.cmd("silent! fclose")
      for _, win in ipairs(vim.api.nvim_list_wins()) do
        if vim.api.nvim_win_get_config(win).relative ~= "" then vim.api.nvim_win_close(win, true) end
      end
      -- Go to definition: still on `blink`, gd.
      vim.api.nvim_win_set_cursor(0, { 4, 5 })
      keys("gd")
      until_true(function() return vim.api.nvim_win_get_cursor(0)[1] ~= 4 end, function()
        report.definition = vim.api.nvim_win_get_cursor(0)
        -- Completion: a new line `print box.`, then <C-x><C-o> in insert mode.
        keys("Goprint box.<C-x><C-o>")
        until_true(function() return vim.fn.pumvisible() == 1 end, function()
          report.completion = {}
          for _, item in ipairs(vim.fn.complete_info({ "items" }).items or {}) do
            table.insert(report.completion, item.word)
          end
          keys("<C-e><Esc>")
          later(50, finish)
        end)
      end)
    end)
  end)
end })
"""

NVIM_SCRIPT = """view box(x: 0)
blink = fade(out, 1) + fade(in, 1)
print vew.alpha
run blink on box
"""


def readme_neovim_config():
    """The ```lua block under editors/README.md's `## Neovim` heading, exactly."""
    from doc_blocks import blocks

    text = (pathlib.Path(__file__).resolve().parents[2] / "editors/README.md").read_text()
    heading = text.index("## Neovim")
    line = text[:heading].count("\n") + 1
    [config] = [b for b in blocks("editors/README.md") if b.language == "lua" and b.line > line][:1]
    return config.text


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed (apt-get install neovim)")
def test_the_neovim_setup_in_editors_readme_works_as_written(tmp_path):
    config_dir = tmp_path / "config" / "nvim"
    config_dir.mkdir(parents=True)
    (config_dir / "init.lua").write_text(readme_neovim_config())
    driver = tmp_path / "driver.lua"
    driver.write_text(DRIVER)
    script = tmp_path / "scene.anim"
    script.write_text(NVIM_SCRIPT)
    out = tmp_path / "report.json"
    env = {
        **os.environ,
        "PATH": f"{pathlib.Path(ANIM).resolve().parent}:{os.environ['PATH']}",
        "ANIM_NVIM_OUT": str(out),
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_STATE_HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path),
    }
    # As a user starts it: the init.lua of the config folder; the driver only types keys.
    result = subprocess.run(
        ["nvim", "--headless", "-n", "-i", "NONE", "--cmd", f"luafile {driver}", str(script)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90, stdin=subprocess.DEVNULL,
    )
    assert out.exists(), (result.stdout, result.stderr)
    report = json.loads(out.read_text())
    assert report["filetype"] == "anim"
    assert report["clients"] == 1
    assert report["diagnostics"] == [{"lnum": 2, "col": 6, "message": "unknown name 'vew'"}]
    # The float shows the server's Markdown as Neovim draws it (fences hidden).
    assert report["hover"] == "blink = fade(out, 1) + fade(in, 1)\nvariable: motion, duration 2 s"
    assert report["definition"] == [2, 0]
    assert {"alpha", "x", "y", "width", "height", "name", "position", "size"} <= set(report["completion"])
