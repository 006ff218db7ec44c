#!/usr/bin/env python3
"""Generate the 30 traditional-style Ceki card faces (assets/cards/ceki/*.svg).

Card: 200 x 500, cream stock, rounded corners, thin dark border, black ink.
  top panel   index numeral (top-left) + suit badge, and a large pip block
              (dice layout of suit pips) that gives the rank at a glance;
  body        the suit design: coins = cash coins with a square hole,
              strings = rolled strings of cash, myriads = a wong (person)
              whose crown has as many points as the rank;
  foot panel  a tumpal (triangle) border and the index rotated 180 degrees.
Honours: OT = king under a royal parasol (crown emblem), WF = white jasmine
(outlined petals), RF = red flower (filled red petals).
Red-stamped kinds (OT, RF, S9) carry the red star stamp in the top panel and
a large one in the foot panel.

Run: python3 gen_ceki.py [outdir]   (default: ../ceki next to this script)
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardlib import (Svg, Shape, arc_shape, path, rect, circle, ellipse, line,
                     polygon, group, rot180, draw_text, stamp, star_points, fmt,
                     INK, CREAM, CREAM_DARK, BORDER, STAMP_RED, STAMP_DARK)

W, H = 200, 500
STAMPED = ("OT", "RF", "S9")

# top panel geometry
IDX_X, IDX_Y, IDX_H = 15, 16, 50
BADGE_C = (30, 91)
SMALL_STAMP = (30, 129, 18)
PIP_CX = (82, 121, 160)
PIP_CY = (40, 80, 120)
# body box
BX0, BY0, BX1, BY1 = 20, 164, 180, 394

DICE = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)],
    5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)],
    7: [(0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(r, c) for r in range(3) for c in range(3)],
}


# ---------------------------------------------------------------- suit pieces
def coin(cx, cy, r, detail=True):
    """A cast cash coin: black rim, cream face, square hole, four marks."""
    out = [circle(cx, cy, r, fill=INK),
           circle(cx, cy, r * 0.8, fill=CREAM)]
    h = r * 0.34
    out.append(rect(cx - h, cy - h, 2 * h, 2 * h, fill=INK))
    hh = r * 0.17
    out.append(rect(cx - hh, cy - hh, 2 * hh, 2 * hh, fill=CREAM))
    if detail and r >= 14:
        d = r * 0.57
        t = r * 0.07
        k = r * 0.13
        s = Shape()
        # north: two bars, south: a cross, west/east: upright strokes
        s.M(cx - k, cy - d - t * 1.3).L(cx + k, cy - d - t * 1.3)
        s.M(cx - k, cy - d + t * 1.3).L(cx + k, cy - d + t * 1.3)
        s.M(cx - k, cy + d).L(cx + k, cy + d).M(cx, cy + d - k).L(cx, cy + d + k)
        s.M(cx - d, cy - k).L(cx - d, cy + k).M(cx + d, cy - k).L(cx + d, cy + k)
        out.append(path(s.d(), stroke=INK, sw=r * 0.075, cap="round"))
    return out


def bundle(cx, top, bottom, w, detail=True):
    """A rolled string of cash: a cylinder of coins with two ties, the end coin
    (with its hole) on top and a cord loop rising from it."""
    rx = w / 2.0
    ry = w * 0.2
    out = []
    # cord loop
    lp = Shape().M(cx - rx * 0.18, top + ry * 0.2).C(cx - rx * 0.9, top - w * 0.75,
                                                       cx + rx * 0.9, top - w * 0.75,
                                                       cx + rx * 0.18, top + ry * 0.2)
    out.append(path(lp.d(), stroke=INK, sw=max(2.0, w * 0.07), cap="round"))
    body = Shape().M(cx - rx, top)
    body.L(cx - rx, bottom)
    arc_shape(cx, bottom, rx, ry, 180, 0, shape=body, move=False)
    body.L(cx + rx, top).Z()
    out.append(path(body.d(), fill=INK))
    if detail:
        # coin edges: short cream arcs stacked down the roll
        n = int((bottom - top) / max(5.0, w * 0.16))
        s = Shape()
        for i in range(1, n):
            y = top + (bottom - top) * i / n
            s.M(cx - rx * 0.78, y).C(cx - rx * 0.3, y + ry * 0.7, cx + rx * 0.3, y + ry * 0.7,
                                     cx + rx * 0.78, y)
        out.append(path(s.d(), stroke=CREAM, sw=max(0.8, w * 0.035), cap="round"))
        # two ties
        for f in (0.3, 0.72):
            y = top + (bottom - top) * f
            t = Shape().M(cx - rx, y - w * 0.06)
            arc_shape(cx, y - w * 0.06, rx, ry, 180, 0, shape=t, move=False)
            t.L(cx + rx, y + w * 0.06)
            arc_shape(cx, y + w * 0.06, rx, ry, 0, 180, shape=t, move=False)
            t.Z()
            out.append(path(t.d(), fill=CREAM, stroke=INK, sw=max(1.0, w * 0.04)))
    # end coin
    out.append(ellipse(cx, top, rx, ry, fill=CREAM, stroke=INK, sw=max(1.2, w * 0.05)))
    out.append(rect(cx - rx * 0.22, top - ry * 0.3, rx * 0.44, ry * 0.6, fill=INK))
    return out


def wong_pip(cx, cy, s):
    """Small person silhouette (myriads pip); s = height."""
    out = [circle(cx, cy - s * 0.24, s * 0.2, fill=INK)]
    b = Shape().M(cx - s * 0.2, cy - s * 0.02).L(cx + s * 0.2, cy - s * 0.02) \
        .L(cx + s * 0.34, cy + s * 0.5).L(cx - s * 0.34, cy + s * 0.5).Z()
    out.append(path(b.d(), fill=INK))
    # crown point
    out.append(polygon([(cx - s * 0.08, cy - s * 0.42), (cx, cy - s * 0.56),
                        (cx + s * 0.08, cy - s * 0.42)], fill=INK))
    return out


def string_pip(cx, cy, s):
    """A small upright roll (strings pip); s = height."""
    w = s * 0.56
    out = [rect(cx - w / 2, cy - s / 2, w, s, rx=w * 0.28, fill=INK)]
    for f in (0.3, 0.7):
        y = cy - s / 2 + s * f
        out.append(line(cx - w / 2 + 1.5, y, cx + w / 2 - 1.5, y, stroke=CREAM, sw=s * 0.08))
    return out


def coin_pip(cx, cy, s):
    r = s / 2.0
    out = [circle(cx, cy, r, fill=INK)]
    h = r * 0.3
    out.append(rect(cx - h, cy - h, 2 * h, 2 * h, fill=CREAM))
    return out


PIP = {"C": coin_pip, "S": string_pip, "M": wong_pip}


# ---------------------------------------------------------------- flowers, crown
def petal_shape(cx, cy, ang, length, width, pointed):
    """A petal from the centre outwards at angle ang (deg)."""
    s = Shape()
    w = width / 2.0
    if pointed:
        s.M(0, 0).C(length * 0.35, -w * 1.1, length * 0.8, -w * 0.9, length, 0) \
            .C(length * 0.8, w * 0.9, length * 0.35, w * 1.1, 0, 0).Z()
    else:
        s.M(0, 0).C(length * 0.2, -w * 1.1, length * 1.02, -w * 1.25, length, 0) \
            .C(length * 1.02, w * 1.25, length * 0.2, w * 1.1, 0, 0).Z()
    return s.affine(rot=ang, tx=cx, ty=cy)


def white_flower(cx, cy, r, sw):
    """Jasmine-like flower: five rounded outlined petals, cream inside."""
    out = []
    for i in range(5):
        p = petal_shape(cx, cy, -90 + i * 72, r, r * 0.78, False)
        out.append(path(p.d(), fill="#fffdf6", stroke=INK, sw=sw, join="round"))
    vein = Shape()
    for i in range(5):
        a = math.radians(-90 + i * 72)
        vein.M(cx + r * 0.3 * math.cos(a), cy + r * 0.3 * math.sin(a)) \
            .L(cx + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a))
    out.append(path(vein.d(), stroke=INK, sw=sw * 0.6, cap="round"))
    out.append(circle(cx, cy, r * 0.22, fill=INK))
    out.append(circle(cx, cy, r * 0.09, fill="#fffdf6"))
    return out


def red_flower(cx, cy, r, sw):
    """Red flower: eight pointed petals filled red in two rings, dark centre."""
    out = []
    for i in range(8):
        p = petal_shape(cx, cy, -90 + 22.5 + i * 45, r * 0.8, r * 0.5, True)
        out.append(path(p.d(), fill=STAMP_DARK, stroke=INK, sw=sw * 0.8, join="round"))
    for i in range(8):
        p = petal_shape(cx, cy, -90 + i * 45, r, r * 0.5, True)
        out.append(path(p.d(), fill=STAMP_RED, stroke=INK, sw=sw, join="round"))
    out.append(circle(cx, cy, r * 0.26, fill=INK))
    dots = []
    for i in range(6):
        a = math.radians(i * 60)
        dots.append(circle(cx + r * 0.14 * math.cos(a), cy + r * 0.14 * math.sin(a),
                           r * 0.04, fill=CREAM))
    out.extend(dots)
    return out


def crown_emblem(cx, cy, s):
    """King's crown, height s, centred at (cx, cy)."""
    w = s * 1.2
    top = cy - s / 2
    base = cy + s * 0.32
    pts_ = [(cx - w / 2, base), (cx - w / 2, top + s * 0.3), (cx - w * 0.27, top + s * 0.55),
            (cx - w * 0.25, top + s * 0.12), (cx - w * 0.09, top + s * 0.45),
            (cx, top), (cx + w * 0.09, top + s * 0.45), (cx + w * 0.25, top + s * 0.12),
            (cx + w * 0.27, top + s * 0.55), (cx + w / 2, top + s * 0.3), (cx + w / 2, base)]
    out = [polygon(pts_, fill=INK, join="round", stroke=INK, sw=s * 0.03)]
    out.append(rect(cx - w / 2 - s * 0.03, base, w + s * 0.06, s * 0.18, rx=s * 0.03, fill=INK))
    for x in (-0.5, -0.25, 0, 0.25, 0.5):
        px = cx + w * x
        py = {0.5: top + s * 0.3, 0.25: top + s * 0.12, 0: top}[abs(x)]
        out.append(circle(px, py - s * 0.02, s * 0.07, fill=INK))
    for x in (-0.3, 0, 0.3):
        out.append(circle(cx + w * x, base + s * 0.09, s * 0.045, fill=CREAM))
    out.append(polygon([(cx, top + s * 0.5), (cx + s * 0.07, top + s * 0.62),
                        (cx, top + s * 0.74), (cx - s * 0.07, top + s * 0.62)], fill=CREAM))
    return out


# ---------------------------------------------------------------- figures
def face(cx, cy, rx, ry):
    out = [ellipse(cx, cy, rx, ry, fill=CREAM, stroke=INK, sw=2.6)]
    ex = rx * 0.42
    ey = cy - ry * 0.08
    for sgn in (-1, 1):
        x = cx + sgn * ex
        eye = Shape().M(x - rx * 0.2, ey).C(x - rx * 0.08, ey - ry * 0.12, x + rx * 0.08,
                                             ey - ry * 0.12, x + rx * 0.22, ey - ry * 0.02) \
            .C(x + rx * 0.06, ey + ry * 0.07, x - rx * 0.08, ey + ry * 0.07, x - rx * 0.2, ey).Z()
        out.append(path(eye.d(), fill=INK))
        brow = Shape().M(x - rx * 0.24, ey - ry * 0.2).C(x - rx * 0.05, ey - ry * 0.32,
                                                           x + rx * 0.1, ey - ry * 0.3,
                                                           x + rx * 0.26, ey - ry * 0.2)
        out.append(path(brow.d(), stroke=INK, sw=1.6, cap="round"))
        out.append(circle(cx + sgn * (rx + 1.5), cy + ry * 0.15, 3.2, fill=CREAM, stroke=INK, sw=1.6))
    nose = Shape().M(cx, ey + ry * 0.04).C(cx - rx * 0.06, ey + ry * 0.25, cx - rx * 0.12,
                                            ey + ry * 0.33, cx + rx * 0.04, ey + ry * 0.36)
    out.append(path(nose.d(), stroke=INK, sw=1.5, cap="round"))
    mouth = Shape().M(cx - rx * 0.22, cy + ry * 0.5).C(cx - rx * 0.08, cy + ry * 0.58,
                                                        cx + rx * 0.08, cy + ry * 0.58,
                                                        cx + rx * 0.22, cy + ry * 0.5)
    out.append(path(mouth.d(), stroke=INK, sw=1.8, cap="round"))
    return out


def robe(cx, ytop, ybot, sh, hem, pattern):
    """Robe (black) with a cream collar, sash and a small repeating pattern."""
    out = []
    body = Shape().M(cx - sh, ytop + 8).C(cx - sh * 0.7, ytop - 2, cx - 14, ytop - 4, cx, ytop - 4) \
        .C(cx + 14, ytop - 4, cx + sh * 0.7, ytop - 2, cx + sh, ytop + 8) \
        .L(cx + hem, ybot).L(cx - hem, ybot).Z()
    out.append(path(body.d(), fill=INK))
    # pattern
    s = Shape()
    rows = int((ybot - ytop - 50) / 16)
    for r in range(rows):
        y = ytop + 58 + r * 16
        half = sh + (hem - sh) * (y - ytop) / (ybot - ytop) - 9
        k = int(half / 16)
        for c in range(-k, k + 1):
            x = cx + c * 16 + (8 if r % 2 else 0)
            if abs(x - cx) > half:
                continue
            if pattern == "kawung":
                for dx, dy in ((0, -3.2), (3.2, 0), (0, 3.2), (-3.2, 0)):
                    arc_shape(x + dx, y + dy, 1.8 if dx else 1.2, 1.2 if dx else 1.8, 0, 360,
                              shape=s)
                    s.Z()
            else:  # lozenge
                s.M(x, y - 4).L(x + 3, y).L(x, y + 4).L(x - 3, y).Z()
    out.append(path(s.d(), fill=CREAM))
    # collar
    col = Shape().M(cx - 22, ytop - 2).L(cx, ytop + 30).L(cx + 22, ytop - 2) \
        .L(cx + 15, ytop - 4).L(cx, ytop + 18).L(cx - 15, ytop - 4).Z()
    out.append(path(col.d(), fill=CREAM, stroke=INK, sw=1.2))
    return out


def sembah_hands(cx, cy):
    """Palms pressed together at the chest (the Javanese sembah)."""
    out = []
    arm = Shape().M(cx - 40, cy - 30).C(cx - 40, cy + 2, cx - 24, cy + 18, cx - 6, cy + 16) \
        .M(cx + 40, cy - 30).C(cx + 40, cy + 2, cx + 24, cy + 18, cx + 6, cy + 16)
    out.append(path(arm.d(), stroke=CREAM, sw=3, cap="round"))
    hand = Shape().M(cx, cy - 20).C(cx + 7, cy - 12, cx + 8, cy + 6, cx + 6, cy + 18) \
        .L(cx - 6, cy + 18).C(cx - 8, cy + 6, cx - 7, cy - 12, cx, cy - 20).Z()
    out.append(path(hand.d(), fill=CREAM, stroke=INK, sw=1.8, join="round"))
    out.append(line(cx, cy - 16, cx, cy + 17, stroke=INK, sw=1.2))
    return out


def crown_points(cx, cy, n, r0, r1):
    """Headdress of the wong: a fan of n leaf-shaped points with knobs."""
    out = []
    spread = 0 if n == 1 else min(132.0, 17.0 * (n - 1))
    bw = min(11.0, 70.0 / n + 2)
    s = Shape()
    knobs = []
    for i in range(n):
        a = -90.0 if n == 1 else -90.0 - spread / 2 + i * spread / (n - 1)
        ar = math.radians(a)
        ca, sa = math.cos(ar), math.sin(ar)
        px, py = -sa, ca
        bx, by = cx + r0 * ca, cy + r0 * sa
        tx, ty = cx + r1 * ca, cy + r1 * sa
        mx, my = cx + (r0 + (r1 - r0) * 0.45) * ca, cy + (r0 + (r1 - r0) * 0.45) * sa
        s.M(bx - px * bw / 2, by - py * bw / 2) \
            .C(mx - px * bw * 0.75, my - py * bw * 0.75, tx - px * 1.5, ty - py * 1.5, tx, ty) \
            .C(tx + px * 1.5, ty + py * 1.5, mx + px * bw * 0.75, my + py * bw * 0.75,
               bx + px * bw / 2, by + py * bw / 2).Z()
        knobs.append(circle(tx + ca * 3, ty + sa * 3, 4.2, fill=INK))
        knobs.append(circle(mx, my, 1.6, fill=CREAM))
    out.append(path(s.d(), fill=INK))
    out.extend(knobs)
    return out


def wong(rank):
    """The myriads figure: crown with `rank` points, head, robe, sembah hands."""
    cx = 100
    hy = 232
    out = []
    out.extend(crown_points(cx, hy + 4, rank, 24, 56 if rank > 1 else 60))
    out.extend(robe(cx, 272, 392, 42, 58, "kawung" if rank % 2 else "lozenge"))
    out.append(rect(cx - 7, 252, 14, 18, fill=CREAM, stroke=INK, sw=2))
    # headband
    band = arc_shape(cx, hy, 25, 27, 195, 345)
    arc_shape(cx, hy + 2, 23, 21, 345, 195, shape=band, move=False)
    band.Z()
    out.extend(face(cx, hy, 21, 25))
    out.append(path(band.d(), fill=INK))
    out.extend(sembah_hands(cx, 334))
    return out


def king():
    """Old Thousand: a king under a royal parasol (payung), large crown."""
    cx = 100
    hy = 256
    out = []
    # parasol
    out.append(line(cx, 168, cx, 240, stroke=INK, sw=4))
    dome = Shape().M(cx - 66, 214).C(cx - 60, 186, cx - 30, 176, cx, 176) \
        .C(cx + 30, 176, cx + 60, 186, cx + 66, 214).Z()
    out.append(path(dome.d(), fill=INK))
    s = Shape()
    for i in range(12):
        x0 = cx - 66 + i * 11
        s.M(x0, 213)
        arc_shape(x0 + 5.5, 213, 5.5, 6, 180, 0, shape=s, move=False)
    out.append(path(s.d(), stroke=INK, sw=2.2))
    rib = Shape()
    for f in (-0.6, -0.25, 0.25, 0.6):
        rib.M(cx + f * 20, 180).L(cx + f * 66, 210)
    out.append(path(rib.d(), stroke=CREAM, sw=1.4, cap="round"))
    out.append(polygon([(cx - 5, 177), (cx, 160), (cx + 5, 177)], fill=INK))
    out.append(circle(cx, 160, 4.5, fill=INK))
    # tassels
    for x in (cx - 66, cx + 66):
        out.append(line(x, 214, x, 230, stroke=INK, sw=2))
        out.append(circle(x, 232, 3.2, fill=INK))
    # robe
    out.extend(robe(cx, 292, 392, 46, 62, "lozenge"))
    # necklace
    nk = arc_shape(cx, 292, 30, 22, 10, 170)
    out.append(path(nk.d(), stroke=CREAM, sw=3, cap="round"))
    out.append(rect(cx - 7, 274, 14, 18, fill=CREAM, stroke=INK, sw=2))
    out.extend(face(cx, hy, 20, 23))
    # crown (makuta): band, tall peak, side wings
    mk = Shape().M(cx - 24, hy - 12).L(cx - 26, hy - 26).L(cx - 14, hy - 34).L(cx - 8, hy - 52) \
        .L(cx, hy - 64).L(cx + 8, hy - 52).L(cx + 14, hy - 34).L(cx + 26, hy - 26) \
        .L(cx + 24, hy - 12).C(cx + 10, hy - 18, cx - 10, hy - 18, cx - 24, hy - 12).Z()
    out.append(path(mk.d(), fill=INK, stroke=INK, sw=1.5, join="round"))
    for (x, y, r) in ((cx, hy - 30, 3.6), (cx - 13, hy - 24, 2.4), (cx + 13, hy - 24, 2.4),
                      (cx, hy - 46, 2.2)):
        out.append(circle(x, y, r, fill=CREAM))
    for sgn in (-1, 1):
        wing = Shape().M(cx + sgn * 22, hy - 14).C(cx + sgn * 34, hy - 24, cx + sgn * 40,
                                                   hy - 10, cx + sgn * 33, hy + 2) \
            .C(cx + sgn * 30, hy - 6, cx + sgn * 26, hy - 8, cx + sgn * 21, hy - 6).Z()
        out.append(path(wing.d(), fill=INK))
    out.extend(sembah_hands(cx, 350))
    return out


def flower_body(red):
    out = []
    stem = Shape().M(100, 268).C(96, 310, 110, 340, 102, 392)
    out.append(path(stem.d(), stroke=INK, sw=5, cap="round"))
    for sgn, y in ((-1, 330), (1, 356)):
        leaf = Shape().M(102, y).C(102 + sgn * 14, y - 28, 102 + sgn * 44, y - 30,
                                   102 + sgn * 58, y - 22) \
            .C(102 + sgn * 46, y - 6, 102 + sgn * 22, y + 6, 102, y).Z()
        out.append(path(leaf.d(), fill=INK))
        mid = Shape().M(102 + sgn * 6, y - 3).C(102 + sgn * 24, y - 14, 102 + sgn * 40, y - 19,
                                                 102 + sgn * 54, y - 21)
        out.append(path(mid.d(), stroke=CREAM, sw=1.4, cap="round"))
    if red:
        out.extend(red_flower(100, 244, 64, 2.6))
    else:
        # a bud on a side stem
        bs = Shape().M(101, 300).C(120, 296, 140, 284, 150, 266)
        out.append(path(bs.d(), stroke=INK, sw=3, cap="round"))
        bud = petal_shape(150, 266, -60, 26, 16, False)
        out.append(path(bud.d(), fill="#fffdf6", stroke=INK, sw=2.6, join="round"))
        out.extend(white_flower(96, 240, 58, 3.4))
    return out


# ---------------------------------------------------------------- body layouts
def fit_coins(rows, box):
    """Largest coin radius for rows of 1/2/3 coins (rows may interlock) that
    fits the box; returns a list of (cx, cy, r)."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2.0
    half = (x1 - x0) / 2.0
    r = 70.0
    while r > 8:
        pad = r * 0.06
        need = 2 * r + 2 * pad
        two = max(r + pad, half - r - 4)
        xs = {1: [cx], 2: [cx - two, cx + two], 3: [cx - need, cx, cx + need]}
        if all(min(xs[n]) - r >= x0 - 0.01 and max(xs[n]) + r <= x1 + 0.01 for n in rows):
            ys = [0.0]
            for a, b in zip(rows, rows[1:]):
                dy = need * 0.6
                for xa in xs[a]:
                    for xb in xs[b]:
                        dx = abs(xa - xb)
                        if dx < need:
                            dy = max(dy, math.sqrt(need * need - dx * dx))
                ys.append(ys[-1] + dy)
            total = ys[-1] + 2 * r
            if total <= (y1 - y0):
                off = y0 + (y1 - y0 - total) / 2.0 + r
                return [(x, off + y, r) for n, y in zip(rows, ys) for x in xs[n]]
        r -= 0.5
    raise ValueError("coins do not fit")


COIN_ROWS = {1: [1], 2: [1, 1], 3: [1, 1, 1], 4: [2, 2], 5: [2, 1, 2], 6: [2, 2, 2],
             7: [1, 2, 1, 2, 1], 8: [2, 1, 2, 1, 2], 9: [3, 3, 3]}


def coins_body(n):
    cap = {1: 62, 2: 52, 3: 38}.get(n, 40)
    placed = fit_coins(COIN_ROWS[n], (BX0, BY0, BX1, BY1))
    out = []
    for (x, y, r) in placed:
        r = min(r, cap)
        out.extend(coin(x, y, r))
    return out


STRING_ROWS = {1: [1], 2: [2], 3: [3], 4: [2, 2], 5: [3, 2], 6: [3, 3], 7: [4, 3], 8: [4, 4],
               9: [3, 3, 3]}


def strings_body(n):
    rows = STRING_ROWS[n]
    maxc = max(rows)
    w = {1: 64, 2: 50, 3: 40, 4: 36}[maxc]
    gapx = (BX1 - BX0 - maxc * w) / (maxc + 1.0)
    rh = (BY1 - BY0) / float(len(rows))
    out = []
    for ri, cnt in enumerate(rows):
        y0 = BY0 + ri * rh
        top = y0 + w * 0.75 + 4
        bottom = y0 + rh - w * 0.2 - 4
        span = cnt * w + (cnt - 1) * gapx
        xs = [(BX0 + BX1) / 2.0 - span / 2.0 + w / 2.0 + i * (w + gapx) for i in range(cnt)]
        for x in xs:
            out.extend(bundle(x, top, bottom, w))
    return out


# ---------------------------------------------------------------- panels
def pip_block(suit, n):
    out = []
    if n == 1:
        out.extend(PIP[suit](PIP_CX[1], PIP_CY[1], 84 if suit != "C" else 76))
        return out
    size = {"C": 35, "S": 35, "M": 37}[suit]
    for (r, c) in DICE[n]:
        out.extend(PIP[suit](PIP_CX[c], PIP_CY[r], size))
    return out


def badge(kind):
    x, y = BADGE_C
    if kind in ("OT",):
        return crown_emblem(x, y, 24)
    if kind == "WF":
        return white_flower(x, y, 14, 1.6)
    if kind == "RF":
        return red_flower(x, y, 15, 1.2)
    return PIP[kind[0]](x, y, 26)


def tumpal(x0, x1, y0, y1):
    """A row of tumpal triangles (a classic Javanese border)."""
    n = int((x1 - x0) / 20)
    wd = (x1 - x0) / float(n)
    s = Shape()
    inner = Shape()
    for i in range(n):
        a = x0 + i * wd
        s.M(a, y1).L(a + wd / 2, y0).L(a + wd, y1).Z()
        inner.M(a + wd / 2, y1 - 3).L(a + wd / 2, y0 + 12)
        inner.M(a + wd * 0.3, y1 - 3).L(a + wd / 2, y0 + 20).L(a + wd * 0.7, y1 - 3)
    return [path(s.d(), fill=INK), path(inner.d(), stroke=CREAM, sw=1.3, cap="round",
                                        join="round"),
            line(x0, y1 + 3, x1, y1 + 3, stroke=INK, sw=2)]


def frame():
    out = [rect(1, 1, W - 2, H - 2, rx=14, fill=CREAM, stroke=BORDER, sw=2),
           rect(7, 7, W - 14, H - 14, rx=9, stroke=INK, sw=1.2)]
    # top panel rule and foot panel rule (double lines)
    for y in (152, 156):
        out.append(line(7, y, W - 7, y, stroke=INK, sw=1.2 if y == 156 else 2.2))
    for y in (400, 404):
        out.append(line(7, y, W - 7, y, stroke=INK, sw=1.2 if y == 400 else 2.2))
    # divider between index column and pip block
    out.append(line(52, 12, 52, 148, stroke=INK, sw=1))
    return out


def corner(kind, rank_str):
    out = [draw_text(rank_str, IDX_X, IDX_Y, IDX_H, INK, weight=1.55)]
    out.extend(badge(kind))
    if kind in STAMPED:
        out.extend(stamp(*SMALL_STAMP))
    return out


def card(kind):
    svg = Svg(W, H)
    svg.extend(frame())
    suit = kind[0]
    if kind in ("OT", "WF", "RF"):
        rank = 1
        cx, cy = PIP_CX[1], PIP_CY[1]
        if kind == "OT":
            svg.extend(crown_emblem(cx, cy + 4, 80))
            svg.extend(king())
        elif kind == "WF":
            svg.extend(white_flower(cx, cy, 52, 3.6))
            svg.extend(flower_body(False))
        else:
            svg.extend(red_flower(cx, cy, 56, 2.6))
            svg.extend(flower_body(True))
    else:
        rank = int(kind[1])
        svg.extend(pip_block(suit, rank))
        if suit == "C":
            svg.extend(coins_body(rank))
        elif suit == "S":
            svg.extend(strings_body(rank))
        else:
            svg.extend(wong(rank))
    c = corner(kind, str(rank))
    svg.add(group(c))
    # foot panel: tumpal border on the left, big stamp for red-stamped kinds,
    # and the rotated corner index on the right
    if kind in STAMPED:
        svg.extend(stamp(80, 447, 38))
    else:
        svg.extend(tumpal(14, 146, 420, 476))
    svg.add(group([draw_text(str(rank), IDX_X, IDX_Y, IDX_H, INK, weight=1.55)],
                  transform=rot180(W / 2.0, H / 2.0)))
    return svg


KINDS = ["C%d" % i for i in range(1, 10)] + ["S%d" % i for i in range(1, 10)] + \
        ["M%d" % i for i in range(1, 10)] + ["OT", "WF", "RF"]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "ceki")
    for k in KINDS:
        n = card(k).save(os.path.join(outdir, k + ".svg"))
        print("%-4s %6d bytes" % (k, n))


if __name__ == "__main__":
    main()
