"""Writes AnimTestVariable.ttf beside this file: a tiny variable TrueType
font for test_fonts.py, made once by hand (it needs fontTools, which the
checkers do not install): `python3 make_variable_font.py`.

Family "Anim Test Variable", one axis `wght` 100…900 (default 400), and
three named instances: Light (300), Regular (400), Bold (700). Its one
drawn glyph, `I`, is a stem whose right edge and advance grow with the
weight (gvar deltas on the outline and the advance's phantom point, no
HVAR), so a face drawn at the wrong instance has a stem of another width.
At Light the stem is 50 units narrower than at Regular, at Bold 120 wider:
whole font units, the same in FreeType's unscaled outlines and HarfBuzz's.
"""

import os

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation

FAMILY = "Anim Test Variable"


def stem(left, right, top):
    pen = TTGlyphPen(None)
    pen.moveTo((left, 0))
    pen.lineTo((left, top))
    pen.lineTo((right, top))
    pen.lineTo((right, 0))
    pen.closePath()
    return pen.glyph()


def main():
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "space", "I"])
    builder.setupCharacterMap({0x20: "space", 0x49: "I"})
    builder.setupGlyf({
        ".notdef": stem(50, 450, 700),
        "space": TTGlyphPen(None).glyph(),
        "I": stem(100, 300, 700),
    })
    builder.setupHorizontalMetrics({".notdef": (500, 50), "space": (250, 0), "I": (400, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": FAMILY, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200,
                     usWeightClass=400)
    builder.setupPost()
    builder.setupFvar(
        [("wght", 100, 400, 900, "Weight")],
        [dict(location=dict(wght=300), stylename="Light"),
         dict(location=dict(wght=400), stylename="Regular"),
         dict(location=dict(wght=700), stylename="Bold")])
    # The stem's right edge (points 2, 3) and the advance (phantom point 5)
    # move: +200 units at 900 (Bold, 0.6 of the way: +120), −150 at 100
    # (Light, a third of the way: −50).
    def moved(dx):
        return [(0, 0), (0, 0), (dx, 0), (dx, 0), (0, 0), (dx, 0), (0, 0), (0, 0)]
    builder.setupGvar({"I": [
        TupleVariation({"wght": (0, 1.0, 1.0)}, moved(200)),
        TupleVariation({"wght": (-1.0, -1.0, 0)}, moved(-150)),
    ]})
    builder.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "AnimTestVariable.ttf"))


if __name__ == "__main__":
    main()
