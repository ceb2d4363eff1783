#!/usr/bin/env python3
"""Makes the pictures the gallery example shows (SPEC §21.4). Everything
here is drawn by this script with Pillow, so it is free of rights; run it
again to make them anew (the same pixels each time):

  dunes.jpg    160 × 100: a sky over three dune ridges, JPEG at quality 85
  lake.png     120 × 120: a sun over hills and their reflection, PNG
  forest.jpg   100 × 150: pine triangles on a green slope, JPEG at quality 85
  badge.svg    a round badge with a star, 48 × 48 (vectors)
"""

import math
import os

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))


def vertical(size, top, bottom):
    w, h = size
    image = Image.new("RGB", size)
    px = image.load()
    for y in range(h):
        t = y / max(h - 1, 1)
        c = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
        for x in range(w):
            px[x, y] = c
    return image


def dunes():
    image = vertical((160, 100), (250, 190, 120), (255, 230, 180))
    d = ImageDraw.Draw(image)
    for i, (colour, base) in enumerate([((214, 150, 80), 55), ((190, 120, 60), 70),
                                         ((160, 95, 45), 85)]):
        points = [(x, base + 10 * math.sin(x / 18 + i * 2)) for x in range(0, 161, 4)]
        d.polygon(points + [(160, 100), (0, 100)], fill=colour)
    image.save(os.path.join(HERE, "dunes.jpg"), quality=85)


def lake():
    image = vertical((120, 120), (120, 170, 230), (200, 225, 250))
    d = ImageDraw.Draw(image)
    d.ellipse((70, 18, 96, 44), fill=(255, 220, 90))
    d.polygon([(0, 70), (30, 45), (60, 66), (90, 40), (120, 64), (120, 70)], fill=(70, 120, 90))
    d.rectangle((0, 70, 120, 120), fill=(60, 110, 170))
    d.polygon([(0, 70), (30, 95), (60, 74), (90, 100), (120, 76), (120, 70)], fill=(60, 100, 100))
    image.save(os.path.join(HERE, "lake.png"))


def forest():
    image = vertical((100, 150), (170, 215, 235), (230, 245, 250))
    d = ImageDraw.Draw(image)
    d.polygon([(0, 90), (100, 70), (100, 150), (0, 150)], fill=(80, 140, 70))
    for x, y, s in [(15, 95, 22), (40, 85, 30), (70, 80, 26), (88, 100, 20), (55, 115, 24)]:
        d.polygon([(x, y - s * 1.6), (x - s / 2, y), (x + s / 2, y)], fill=(30, 80, 50))
        d.rectangle((x - 2, y, x + 2, y + 6), fill=(90, 60, 30))
    image.save(os.path.join(HERE, "forest.jpg"), quality=85)


def badge():
    points = []
    for i in range(10):
        r = 15 if i % 2 == 0 else 6.5
        a = math.pi / 2 + i * math.pi / 5
        points.append(f"{24 + r * math.cos(a):.2f},{24 - r * math.sin(a):.2f}")
    with open(os.path.join(HERE, "badge.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" '
                'viewBox="0 0 48 48">\n'
                '  <circle cx="24" cy="24" r="22" fill="#ffb000"/>\n'
                '  <circle cx="24" cy="24" r="18" fill="none" stroke="#101820" '
                'stroke-width="2"/>\n'
                f'  <polygon points="{" ".join(points)}" fill="#101820"/>\n'
                "</svg>\n")


dunes()
lake()
forest()
badge()
