#!/usr/bin/env python3
"""Generate the card backs (assets/cards/backs/).

  ceki.svg     200 x 500: dark red with a gold kawung lattice (the batik motif
               of four ovals around a point) and a round central medallion.
  western.svg  250 x 350: indigo with a cream lozenge (diagonal) lattice,
               dots at the crossings and a central medallion.

Run: python3 gen_backs.py [outdir]   (default: ../backs)
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardlib import Svg, Shape, arc_shape, path, rect, circle, line, fmt, BORDER

RED = "#6e1a1a"
RED_DARK = "#4a0f0f"
GOLD = "#d8b25a"
INDIGO = "#1d2d5c"
INDIGO_DARK = "#131e40"
PALE = "#e8e0c8"


def lens(cx, cy, length, width, ang):
    """A pointed oval (two cubic curves) centred at cx, cy along angle ang."""
    l, w = length / 2.0, width / 2.0
    s = Shape().M(-l, 0).C(-l * 0.5, -w * 1.33, l * 0.5, -w * 1.33, l, 0) \
        .C(l * 0.5, w * 1.33, -l * 0.5, w * 1.33, -l, 0).Z()
    return s.affine(rot=ang, tx=cx, ty=cy)


def kawung(x0, y0, cols, rows, cell):
    petals = Shape()
    dots = []
    for r in range(rows):
        for c in range(cols):
            cx = x0 + (c + 0.5) * cell
            cy = y0 + (r + 0.5) * cell
            q = cell * 0.25
            for (dx, dy, a) in ((-1, -1, 45), (1, -1, -45), (1, 1, 45), (-1, 1, -45)):
                petals.extend(lens(cx + dx * q, cy + dy * q, cell * 0.62, cell * 0.3, a))
    for r in range(rows + 1):
        for c in range(cols + 1):
            dots.append(circle(x0 + c * cell, y0 + r * cell, cell * 0.07, fill=GOLD))
    return [path(petals.d(), fill=GOLD)] + dots


def ceki_back():
    W, H = 200, 500
    svg = Svg(W, H)
    svg.add(rect(1, 1, W - 2, H - 2, rx=14, fill=RED, stroke=BORDER, sw=2))
    svg.add(rect(7, 7, W - 14, H - 14, rx=9, stroke=GOLD, sw=1.6))
    cols, rows = 5, 14
    cell = 172.0 / cols
    x0 = (W - cols * cell) / 2.0
    y0 = (H - rows * cell) / 2.0
    svg.add(rect(x0 - 2, y0 - 2, cols * cell + 4, rows * cell + 4, fill=RED_DARK, stroke=GOLD,
                 sw=1.2))
    svg.extend(kawung(x0, y0, cols, rows, cell))
    # central medallion
    svg.add(circle(W / 2, H / 2, 44, fill=RED_DARK, stroke=GOLD, sw=3))
    svg.add(circle(W / 2, H / 2, 37, stroke=GOLD, sw=1.2))
    pet = Shape()
    for i in range(8):
        a = i * 45
        r = 20
        pet.extend(lens(W / 2 + r * math.cos(math.radians(a)), H / 2 + r * math.sin(math.radians(a)),
                        26, 11, a))
    svg.add(path(pet.d(), fill=GOLD))
    svg.add(circle(W / 2, H / 2, 6, fill=RED_DARK, stroke=GOLD, sw=2))
    return svg


def clip_diag(c, slope, x0, y0, x1, y1):
    """Clip the line y = slope*x + c (slope +-1) to the rectangle."""
    ptsl = []
    for x in (x0, x1):
        y = slope * x + c
        if y0 - 1e-9 <= y <= y1 + 1e-9:
            ptsl.append((x, y))
    for y in (y0, y1):
        x = (y - c) / slope
        if x0 - 1e-9 <= x <= x1 + 1e-9:
            ptsl.append((x, y))
    ptsl = sorted(set((round(p[0], 4), round(p[1], 4)) for p in ptsl))
    if len(ptsl) < 2:
        return None
    return ptsl[0], ptsl[-1]


def western_back():
    W, H = 250, 350
    svg = Svg(W, H)
    svg.add(rect(1, 1, W - 2, H - 2, rx=12, fill="#fbfaf6", stroke="#3a3a3a", sw=2))
    x0, y0, x1, y1 = 14, 14, W - 14, H - 14
    svg.add(rect(x0, y0, x1 - x0, y1 - y0, rx=6, fill=INDIGO))
    step = 22.0
    s = Shape()
    cx, cy = W / 2.0, H / 2.0
    for slope in (1, -1):
        k = -40
        while k <= 40:
            c = cy - slope * cx + k * step
            seg = clip_diag(c, slope, x0 + 6, y0 + 6, x1 - 6, y1 - 6)
            if seg:
                s.M(*seg[0]).L(*seg[1])
            k += 1
    svg.add(path(s.d(), stroke=PALE, sw=1.1, opacity=0.8))
    dots = Shape()
    for i in range(-20, 21):
        for j in range(-20, 21):
            # crossings of the two line families
            x = cx + (i + j) * step / 2.0
            y = cy + (j - i) * step / 2.0
            if x0 + 10 <= x <= x1 - 10 and y0 + 10 <= y <= y1 - 10:
                dots.M(x, y - 2.6).L(x + 2.6, y).L(x, y + 2.6).L(x - 2.6, y).Z()
    svg.add(path(dots.d(), fill=PALE))
    svg.add(rect(x0 + 4, y0 + 4, x1 - x0 - 8, y1 - y0 - 8, rx=4, stroke=PALE, sw=1.5))
    # medallion
    svg.add(circle(cx, cy, 46, fill=INDIGO_DARK, stroke=PALE, sw=3))
    svg.add(circle(cx, cy, 39, stroke=PALE, sw=1.2))
    pet = Shape()
    for i in range(4):
        a = 45 + i * 90
        pet.extend(lens(cx + 16 * math.cos(math.radians(a)), cy + 16 * math.sin(math.radians(a)),
                        30, 15, a))
    svg.add(path(pet.d(), fill=PALE))
    svg.add(circle(cx, cy, 5, fill=INDIGO_DARK, stroke=PALE, sw=2))
    return svg


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "backs")
    for name, fn in (("ceki", ceki_back), ("western", western_back)):
        n = fn().save(os.path.join(outdir, name + ".svg"))
        print("%-8s %6d bytes" % (name, n))


if __name__ == "__main__":
    main()
