#!/usr/bin/env python3
"""Writes the W3 parse workload: a script of varied, valid anim statements.

Usage: gen_w3.py OUT [MEGABYTES]   (default 10; the file is at least that big)

Each block uses names of its own (suffixed with the block number), so every
statement resolves; the blocks cycle through views, bindings, every kind of
primitive, easing, combinator, stagger sort, spring form, colour, handler,
loop, step, print, trace and expect, with numbers that vary from block to
block. The output is deterministic (no randomness), so runs compare.
"""

import sys

EASINGS = ["linear", "inSine", "outQuad", "inOutCubic", "outBack", "inOutElastic",
           "outBounce", "easeInOutQuad", "cubicBezier(0.25, 0.1, 0.25, 1)", "steps(4)"]
SORTS = ["default", "linear(leftToRight)", "cornered(topLeft)", "radial(middle)",
         "random(seed: 7)", "inline(bottomRight)", "continuous(middle, duration: 1)",
         "weighted(topLeft, horizontal: heavy, vertical: light, duration: 1)"]
COLORS = ["red", '"#f80"', "rgb(255, 128, 0)", "hsb(200, 1, 1, 0.5)", '"#336699cc"', "teal"]
SPRINGS = ["stiffness: 120, damping: 8", "duration: 0.5, bounce: 0.3",
           "frequency: 2, halflife: 0.1", "response: 0.4, dampingRatio: 0.6"]


def block(n: int) -> str:
    """One block of statements, about 1.3 KB, numbered n."""
    e = EASINGS[n % len(EASINGS)]
    s = SORTS[n % len(SORTS)]
    c = COLORS[n % len(COLORS)]
    sp = SPRINGS[n % len(SPRINGS)]
    x, y = n % 400, (n * 7) % 300
    d = 0.1 + (n % 9) * 0.05
    return f"""\
# block {n}: a card, its motions, a run and its checks
view card{n}(x: {x}, y: {y}, width: 50, height: 40, alpha: 1, rotation: 0, scale: 1, color: {c})
let d{n} = {d:.2f} + {n % 5} * 0.01
pulse{n} = fade(out, d{n}) + fade(in, d{n}, ease: {e})
slide{n} = move(to: ({x + 10}, {y - 5}), 1, ease: outBack) | rotate(by: 45deg, 300ms) | scale(to: (1.5, 0.5), .5)
def wobble{n}(v, k) = (spin(slightly, k) + expand(moderately, k) + slide(up, 20, k)) on v
tint{n} = color(to: {c}, 0.5, space: oklab) + discolor("#00ff00", 250ms) | tween(alpha: 0.5, x: {x}, width: 80, 1)
h{n} = run (pulse{n} * 3 + slide{n} + yoyo(tint{n})) on card{n}
run reverse(move(by: (-{x % 50}, 12), 1)) + speed(wobble{n}(card{n}, 0.4), 2) * 2.5 as g{n}
on h{n} done {{ print "done", h{n}.id, time; restart g{n} }}
on g{n} mark "half" {{ card{n}.alpha = 0.5 }}
run stagger(tiles, fadeIn(0.5) + mark("half"), sort: {s}, total: {1 + n % 3}) on tiles
run spring(x: {x * 2}, y: -{y}, {sp}, velocity: 0.5) on card{n}
run ease(delay(appear(0.2) + disappear(0.2), 0.1), inOutCubic) * forever on card{n}
for i in 0..<{3 + n % 4} {{ card{n}.x = card{n}.x + i * 2.5; card{n}.rotation = -i * 15deg }}
calc{n} = abs(-{n}) % 7 + min(1, 2) * max(3, 4) / sqrt(16) - floor(2.5) + ceil(0.5) + round(1.5)
step {16 + n % 9}ms; tick; step 2 frames
print "card", card{n}.x, card{n}.position, card{n}.size, h{n}.state, tiles.count, tiles[{n % 25}].alpha
trace card{n}.alpha, card{n}.x every 0.25 for 1
expect card{n}.alpha ~= 0.5 within 0.1
expect card{n}.color == {c}
"""


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):  # "--help" is not a file name
        sys.exit("usage: gen_w3.py OUT [MEGABYTES]")
    target = float(sys.argv[2]) * 1_000_000 if len(sys.argv) > 2 else 10_000_000
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        header = "# W3 parse workload, written by bench/gen_w3.py\ngrid tiles(cols: 5, rows: 5, size: 100, gap: 4)\nfps 60\nseed 42\n"
        out.write(header)
        size, n = len(header), 0
        while size < target:
            text = block(n)
            out.write(text)
            size += len(text.encode("utf-8"))
            n += 1
    print(f"wrote {sys.argv[1]}: {size} bytes, {n} blocks")


if __name__ == "__main__":
    main()
