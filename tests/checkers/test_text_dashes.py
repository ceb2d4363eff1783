"""A text's dashed stroke in the HTML player (SPEC §21.3), against anim's
PNG: the player's text group carries the pattern in the text's points and
the offset, which its glyphs' paths inherit, and headless Chromium dashes
each glyph contour from its start as anim does. The offset tweens, so the
dashes must move as anim's do. A trimmed text's dashes are still drawn
solid, and `anim export` says so.
"""

import numpy as np
import pytest

from pixel_support import flat, load
from test_tree import run

SCENE = """
stage(width: 320, height: 120, background: white)
text word("Dash", size: 80, x: 160, y: 60, color: transparent, stroke: "#1a3d9f", strokeWidth: 8, dash: [12, 8], dashOffset: 3)
run tween(dashOffset: 25, 1, ease: linear) on word
"""


def assert_same_dashes(mine, theirs, label, tolerance):
    """As test_dashes.assert_same_dashes, for glyphs: a text's outline has
    more edges than a shape's, so fewer pixels (over 60 %) are flat in
    both; of those, enough are inked, and none differ."""
    both = flat(mine) & flat(theirs)
    assert both.mean() > 0.6, (label, float(both.mean()))
    inked = both & (mine != 255).any(axis=2)
    assert inked.sum() > 300, (label, int(inked.sum()))
    differ = both & (np.abs(mine - theirs) > tolerance).any(axis=2)
    ys, xs = np.nonzero(differ)
    assert int(differ.sum()) == 0, (
        label, int(differ.sum()),
        [(int(x), int(y), mine[y, x].tolist(), theirs[y, x].tolist())
         for x, y in zip(xs[:4], ys[:4])])


def export(tmp_path, scene=SCENE):
    script = tmp_path / "text.anim"
    script.write_text(scene)
    page = tmp_path / "text.html"
    out = run("export", str(script), "-o", str(page), "--to", "1", "--fps", "10")
    return script, page, out


def test_the_html_player_dashes_a_texts_stroke_as_anim_renders_it(tmp_path):
    from cdp_support import Browser, chromium_path
    from test_player import state_at
    if chromium_path() is None:
        pytest.skip("chromium is not installed")
    script, page, out = export(tmp_path)
    assert "dash" not in out.stderr, out.stderr
    html = page.read_text()
    assert "stroke-dasharray:12 8;" in html and "stroke-dashoffset:3;" in html
    solid = tmp_path / "solid.anim"
    solid.write_text(SCENE.replace(", dash: [12, 8], dashOffset: 3", "")
                     .replace("run tween(dashOffset: 25, 1, ease: linear) on word\n", ""))
    solid_png = tmp_path / "solid.png"
    run("render", str(solid), "-o", str(solid_png), "--at", "0", "--quiet")
    with Browser() as browser:
        browser.open(f"file://{page}")
        for t in (0, 0.5, 1):
            png = tmp_path / f"at{t}.png"
            run("render", str(script), "-o", str(png), "--at", str(t), "--quiet")
            state_at(browser, t)
            shot = np.array(browser.screenshot("#stage").convert("RGB")).astype(int)
            mine = load(png)
            assert_same_dashes(mine, shot, f"player at {t}", tolerance=2)
            # Not vacuous: the solid stroke differs in the gaps.
            undashed = load(solid_png)
            both = flat(mine) & flat(undashed)
            assert int((both & (np.abs(mine - undashed) > 0).any(axis=2)).sum()) > 100, t


def test_a_trimmed_texts_dashes_are_drawn_solid_and_said(tmp_path):
    _, page, out = export(tmp_path, SCENE.replace("dashOffset: 3)", "dashOffset: 3, trimEnd: 0.5)"))
    assert "word.dash: a trimmed text's dashed stroke is drawn solid by the HTML player" in out.stderr
    assert "stroke-dasharray:12 8" not in page.read_text()
