#!/usr/bin/env python3
"""Writes the Lua peer of W3 (SPEC §23.1's speed target): a Lua 5.4 file of
varied, valid statements of the same size as W3's script, for
`luac5.4 -p` (parse only) beside `anim check` of W3.

Usage: gen_lua.py OUT [MEGABYTES]   (default 10)

Each block (a function stored in the global `blocks`, since a Lua function
has at most 200 locals) mirrors a W3 block: a table for the card, locals, functions,
closures, a loop, string building, arithmetic, calls with tables of named
arguments and conditionals, with names and numbers varying by block. The
output is deterministic.
"""

import sys


def block(n: int) -> str:
    x, y = n % 400, (n * 7) % 300
    d = 0.1 + (n % 9) * 0.05
    # Each block is a function of its own: Lua allows 200 locals per function.
    return f"""\
-- block {n}: a card, its motions, a run and its checks
blocks[{n + 1}] = function()
local card{n} = {{x = {x}, y = {y}, width = 50, height = 40, alpha = 1, rotation = 0, scale = 1, color = "#f80"}}
local d{n} = {d:.2f} + {n % 5} * 0.01
local function pulse{n}(v) return fade(v, "out", d{n}) + fade(v, "in", d{n}, {{ease = "outQuad"}}) end
local slide{n} = move({{to = {{{x + 10}, {y - 5}}}, duration = 1, ease = "outBack"}}) | rotate({{by = 45, duration = 0.3}})
local function wobble{n}(v, k) return on(spin("slightly", k) + expand("moderately", k) + slide("up", 20, k), v) end
local tint{n} = color({{to = "#f80", duration = 0.5, space = "oklab"}}) + discolor("#00ff00", 0.25)
local h{n} = run(on(pulse{n}(card{n}) * 3 + slide{n} + yoyo(tint{n}), card{n}))
local g{n} = run(reverse(move({{by = {{-{x % 50}, 12}}, duration = 1}})) + speed(wobble{n}(card{n}, 0.4), 2) * 2.5)
h{n}.done = function() print("done", h{n}.id, time); restart(g{n}) end
g{n}.marks["half"] = function() card{n}.alpha = 0.5 end
run(stagger(tiles, fadeIn(0.5) + mark("half"), {{sort = "radial", total = {1 + n % 3}}}))
run(on(spring({{x = {x * 2}, y = -{y}, stiffness = 120, damping = 8, velocity = 0.5}}), card{n}))
for i = 0, {2 + n % 4} do card{n}.x = card{n}.x + i * 2.5; card{n}.rotation = -i * 15 end
local calc{n} = math.abs(-{n}) % 7 + math.min(1, 2) * math.max(3, 4) / math.sqrt(16) - math.floor(2.5) + math.ceil(0.5)
step(0.016); tick(); step(2 / 60)
print("card", card{n}.x, card{n}.width .. "x" .. card{n}.height, h{n}.state, #tiles, tiles[{n % 25 + 1}].alpha)
if card{n}.alpha > 0.4 and card{n}.alpha < 0.6 then print("ok {n}") else error("card {n}") end
assert(card{n}.color == "#f80")
end
"""


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):  # "--help" is not a file name
        sys.exit("usage: gen_lua.py OUT [MEGABYTES]")
    target = int(float(sys.argv[2]) * 1_000_000) if len(sys.argv) > 2 else 10_000_000
    size = 0
    n = 0
    with open(sys.argv[1], "w") as out:
        while size < target:
            text = block(n)
            out.write(text)
            size += len(text.encode())
            n += 1


if __name__ == "__main__":
    main()
