#!/usr/bin/env python3
"""Generate the Western substitute decks for Ceki.

Writes assets/cards/western-clubs/<KIND>.svg and western-spades/<KIND>.svg,
named by the Ceki kind each French card stands for (RULES.md 1.2):

  western-clubs : C1-C9 = A-9 of diamonds, S1-S9 = A-9 of hearts,
                  M1-M9 = A-9 of spades, WF/RF/OT = J/Q/K of clubs
  western-spades: C1-C9 = A-9 of diamonds, S1-S9 = A-9 of hearts,
                  M1-M9 = A-9 of clubs,  WF/RF/OT = J/Q/K of spades

plus OT-stamped.svg, RF-stamped.svg and S9-stamped.svg in each folder: the
same card with the red stamp (and its shape mark) in the two free corners.

The drawing functions here (pips, courts, frame) are also used by
gen_french.py for the 52-card pack, so both share one style.

Card: 250 x 350, white stock, corner index top-left and (rotated)
bottom-right.  Run: python3 gen_western.py [cards-dir]
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardlib import (Svg, Shape, arc_shape, path, rect, circle, ellipse, line,
                     polygon, group, rot180, draw_text, text_width, stamp,
                     suit_sign, suit_colour, fmt, WHITE, W_RED, W_BLACK,
                     STAMP_RED)

W, H = 250, 350
CX, CY = W / 2.0, H / 2.0

GOLD = "#e8b923"
GOLD_DARK = "#9a7410"
BLUE = "#1f4e9a"
SKIN = "#f4d4b0"
OUTLINE = "#1a1a1a"
EDGE = "#3a3a3a"

# ------------------------------------------------------------------ pips
XL, XC, XR = 80.0, 125.0, 170.0
YT, YB = 72.0, 278.0
YM = (YT + YB) / 2.0
Y4 = [YT + (YB - YT) * i / 3.0 for i in range(4)]

PIPS = {
    2: [(XC, YT), (XC, YB)],
    3: [(XC, YT), (XC, YM), (XC, YB)],
    4: [(XL, YT), (XR, YT), (XL, YB), (XR, YB)],
    5: [(XL, YT), (XR, YT), (XC, YM), (XL, YB), (XR, YB)],
    6: [(XL, YT), (XR, YT), (XL, YM), (XR, YM), (XL, YB), (XR, YB)],
    7: [(XL, YT), (XR, YT), (XC, (YT + YM) / 2), (XL, YM), (XR, YM), (XL, YB), (XR, YB)],
    8: [(XL, YT), (XR, YT), (XC, (YT + YM) / 2), (XL, YM), (XR, YM),
        (XC, (YM + YB) / 2), (XL, YB), (XR, YB)],
    9: [(x, y) for y in Y4 for x in (XL, XR)] + [(XC, YM)],
    10: [(x, y) for y in Y4 for x in (XL, XR)] + [(XC, (Y4[0] + Y4[1]) / 2),
                                                  (XC, (Y4[2] + Y4[3]) / 2)],
}
PIP_SIZE = 46


def pips(rank, suit):
    out = []
    if rank == 1:
        if suit == "S":
            out.append(circle(CX, CY, 70, stroke=W_BLACK, sw=1.5))
            out.append(circle(CX, CY, 64, stroke=W_BLACK, sw=0.8))
        out.append(suit_sign(suit, CX, CY, 104 if suit != "S" else 96))
        return out
    for (x, y) in PIPS[rank]:
        out.append(suit_sign(suit, x, y, PIP_SIZE, flip=y > CY + 1))
    return out


# ------------------------------------------------------------------ index
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_text(rank):
    return RANK_TEXT.get(rank, str(rank))


def index(rank, suit):
    t = rank_text(rank)
    h = 36
    x0 = 13 if t != "10" else 9
    w = text_width(t, h)
    colour = suit_colour(suit)
    out = [draw_text(t, x0, 14, h, colour, weight=1.5)]
    out.append(suit_sign(suit, x0 + w / 2.0, 14 + h + 20, 27))
    return out


# ------------------------------------------------------------------ courts
TINT = {13: "#f8ebc0", 12: "#f8dede", 11: "#dde7f6"}


def bust(rank, suit):
    """Upper half of a court figure (drawn above the card's centre line)."""
    cx = CX
    out = []
    sc = suit_colour(suit)
    robe = {13: W_RED, 12: BLUE, 11: GOLD}[rank]
    trim = {13: GOLD, 12: GOLD, 11: W_RED}[rank]
    # held object behind the right shoulder (the suit sign sits top-left)
    if rank == 13:      # sword
        out.append(rect(173, 64, 7, 96, fill="#cfd6dc", stroke=OUTLINE, sw=1.5))
        out.append(rect(163, 150, 27, 6, rx=2, fill=GOLD, stroke=OUTLINE, sw=1.5))
        out.append(polygon([(173, 64), (176.5, 50), (180, 64)], fill="#cfd6dc", stroke=OUTLINE,
                           sw=1.5, join="round"))
    elif rank == 11:    # staff with a leaf blade
        out.append(rect(175, 66, 5, 96, fill=GOLD_DARK, stroke=OUTLINE, sw=1.2))
        blade = Shape().M(177.5, 42).C(188, 54, 188, 66, 177.5, 74).C(167, 66, 167, 54, 177.5, 42).Z()
        out.append(path(blade.d(), fill="#cfd6dc", stroke=OUTLINE, sw=1.5))
    # shoulders / robe
    body = Shape().M(cx - 62, CY).L(cx - 62, 152).C(cx - 60, 138, cx - 40, 130, cx - 16, 128) \
        .L(cx + 16, 128).C(cx + 40, 130, cx + 60, 138, cx + 62, 152).L(cx + 62, CY).Z()
    out.append(path(body.d(), fill=robe, stroke=OUTLINE, sw=2, join="round"))
    # front panel / collar
    panel = Shape().M(cx - 16, 128).L(cx, 150).L(cx + 16, 128).L(cx + 10, CY).L(cx - 10, CY).Z()
    out.append(path(panel.d(), fill=trim, stroke=OUTLINE, sw=1.5, join="round"))
    deco = Shape()
    for i in range(4):
        y = 140 + i * 9
        deco.M(cx - 50 + i * 2, y).L(cx - 28, y + 4)
        deco.M(cx + 50 - i * 2, y).L(cx + 28, y + 4)
    out.append(path(deco.d(), stroke=trim, sw=2.2, cap="round"))
    if rank == 13:  # ermine collar
        col = Shape().M(cx - 44, 134).C(cx - 30, 124, cx + 30, 124, cx + 44, 134) \
            .C(cx + 30, 142, cx - 30, 142, cx - 44, 134).Z()
        out.append(path(col.d(), fill="#ffffff", stroke=OUTLINE, sw=1.5))
        for x in (-30, -15, 0, 15, 30):
            out.append(rect(cx + x - 1.5, 132, 3, 5, fill=OUTLINE))
    # hair behind the head
    if rank == 12:
        hair = Shape().M(cx - 22, 96).C(cx - 30, 120, cx - 28, 136, cx - 36, 146) \
            .L(cx + 36, 146).C(cx + 28, 136, cx + 30, 120, cx + 22, 96).Z()
        out.append(path(hair.d(), fill=GOLD, stroke=OUTLINE, sw=1.5))
    # neck + head
    out.append(rect(cx - 7, 114, 14, 16, fill=SKIN, stroke=OUTLINE, sw=1.5))
    out.append(ellipse(cx, 98, 17, 21, fill=SKIN, stroke=OUTLINE, sw=2))
    # face
    for sgn in (-1, 1):
        out.append(ellipse(cx + sgn * 7, 95, 2.4, 1.8, fill=OUTLINE))
        out.append(path(Shape().M(cx + sgn * 3.5, 89.5).L(cx + sgn * 11, 88.5).d(), stroke=OUTLINE,
                        sw=1.5, cap="round"))
    out.append(path(Shape().M(cx, 96).L(cx - 2.5, 104).L(cx + 1, 105).d(), stroke=OUTLINE, sw=1.3,
                    cap="round", join="round"))
    if rank == 13:  # beard and moustache
        beard = Shape().M(cx - 16, 100).C(cx - 16, 118, cx - 8, 128, cx, 130) \
            .C(cx + 8, 128, cx + 16, 118, cx + 16, 100).C(cx + 10, 110, cx - 10, 110, cx - 16, 100).Z()
        out.append(path(beard.d(), fill="#8a5a2b", stroke=OUTLINE, sw=1.5))
        out.append(path(Shape().M(cx - 9, 108).C(cx - 4, 105, cx + 4, 105, cx + 9, 108).d(),
                        stroke=OUTLINE, sw=2, cap="round"))
    else:
        out.append(path(Shape().M(cx - 5, 110).C(cx - 2, 112, cx + 2, 112, cx + 5, 110).d(),
                        stroke=W_RED, sw=2, cap="round"))
    # head-wear
    if rank == 13:   # crown: band + three points with balls
        cr = Shape().M(cx - 19, 82).L(cx - 22, 56).L(cx - 11, 70).L(cx, 50).L(cx + 11, 70) \
            .L(cx + 22, 56).L(cx + 19, 82).Z()
        out.append(path(cr.d(), fill=GOLD, stroke=OUTLINE, sw=1.8, join="round"))
        for (x, y) in ((cx - 22, 54), (cx, 47), (cx + 22, 54)):
            out.append(circle(x, y, 3.5, fill=GOLD, stroke=OUTLINE, sw=1.3))
        out.append(rect(cx - 20, 76, 40, 7, fill=GOLD, stroke=OUTLINE, sw=1.5))
        for x in (-11, 0, 11):
            out.append(circle(cx + x, 79.5, 2, fill=W_RED))
    elif rank == 12:  # diadem: rounded arches with pearls, veil
        veil = Shape().M(cx - 19, 86).C(cx - 26, 80, cx - 22, 66, cx, 64).C(cx + 22, 66, cx + 26, 80,
                                                                           cx + 19, 86).Z()
        out.append(path(veil.d(), fill=W_RED, stroke=OUTLINE, sw=1.5))
        di = Shape().M(cx - 18, 82)
        arc_shape(cx - 9, 82, 9, 12, 180, 360, shape=di, move=False)
        arc_shape(cx + 9, 82, 9, 12, 180, 360, shape=di, move=False)
        di.L(cx + 18, 84).L(cx - 18, 84).Z()
        out.append(path(di.d(), fill=GOLD, stroke=OUTLINE, sw=1.6, join="round"))
        for (x, y) in ((cx - 9, 69), (cx + 9, 69), (cx, 80), (cx - 18, 80), (cx + 18, 80)):
            out.append(circle(x, y, 2.6, fill="#ffffff", stroke=OUTLINE, sw=1))
        # rose in hand
        out.append(path(Shape().M(cx + 40, 166).C(cx + 44, 150, cx + 44, 140, cx + 46, 128).d(),
                        stroke="#2e7d32", sw=3, cap="round"))
        out.append(circle(cx + 46, 124, 8, fill=W_RED, stroke=OUTLINE, sw=1.5))
        out.append(path(arc_shape(cx + 46, 124, 4, 4, 200, 470).d(), stroke=OUTLINE, sw=1.2))
    else:  # jack: beret with a feather, short hair
        hair = Shape().M(cx - 17, 96).C(cx - 20, 84, cx - 14, 78, cx, 78) \
            .C(cx + 14, 78, cx + 20, 84, cx + 17, 96).C(cx + 12, 88, cx - 12, 88, cx - 17, 96).Z()
        out.append(path(hair.d(), fill="#8a5a2b", stroke=OUTLINE, sw=1.3))
        cap = Shape().M(cx - 24, 82).C(cx - 26, 62, cx + 22, 58, cx + 26, 78).C(cx + 10, 74,
                                                                              cx - 10, 76,
                                                                              cx - 24, 82).Z()
        out.append(path(cap.d(), fill=BLUE, stroke=OUTLINE, sw=1.8, join="round"))
        fe = Shape().M(cx - 12, 66).C(cx - 22, 58, cx - 30, 50, cx - 36, 40) \
            .C(cx - 26, 44, cx - 14, 52, cx - 6, 62).Z()
        out.append(path(fe.d(), fill=W_RED, stroke=OUTLINE, sw=1.5, join="round"))
        out.append(path(Shape().M(cx - 9, 64).C(cx - 18, 56, cx - 28, 48, cx - 35, 41).d(),
                        stroke=OUTLINE, sw=1, cap="round"))
    # the suit sign in the frame corner
    out.append(suit_sign(suit, 66, 58, 28))
    return out


def court(rank, suit):
    x0, y0, x1, y1 = 44, 36, 206, 314
    out = [rect(x0, y0, x1 - x0, y1 - y0, rx=4, fill=TINT[rank], stroke=suit_colour(suit), sw=2)]
    half = bust(rank, suit)
    out.append(group(half))
    out.append(group(half, transform=rot180(CX, CY)))
    out.append(line(x0, CY, x1, CY, stroke=suit_colour(suit), sw=1.5))
    out.append(rect(x0 + 4, y0 + 4, x1 - x0 - 8, y1 - y0 - 8, rx=2, stroke=suit_colour(suit),
                    sw=0.8))
    return out


# ------------------------------------------------------------------ card
def make_card(rank, suit, stamped=False):
    """rank 1..13 (1 = ace, 11 J, 12 Q, 13 K); suit one of S H D C."""
    svg = Svg(W, H)
    svg.add(rect(1, 1, W - 2, H - 2, rx=12, fill=WHITE, stroke=EDGE, sw=2))
    if rank >= 11:
        svg.extend(court(rank, suit))
    else:
        svg.extend(pips(rank, suit))
    idx = index(rank, suit)
    svg.add(group(idx))
    svg.add(group(idx, transform=rot180(CX, CY)))
    if stamped:
        st = stamp(218, 36, 25)
        svg.add(group(st))
        svg.add(group(st, transform=rot180(CX, CY)))
    return svg


STYLES = {
    "western-clubs": {"C": "D", "S": "H", "M": "S", "honours": "C"},
    "western-spades": {"C": "D", "S": "H", "M": "C", "honours": "S"},
}
HONOUR_RANK = {"WF": 11, "RF": 12, "OT": 13}
KINDS = ["C%d" % i for i in range(1, 10)] + ["S%d" % i for i in range(1, 10)] + \
        ["M%d" % i for i in range(1, 10)] + ["OT", "WF", "RF"]
STAMPED = ("OT", "RF", "S9")


def kind_card(style, kind):
    m = STYLES[style]
    if kind in HONOUR_RANK:
        return HONOUR_RANK[kind], m["honours"]
    return int(kind[1]), m[kind[0]]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    base = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..")
    for style in sorted(STYLES):
        for k in KINDS:
            rank, suit = kind_card(style, k)
            n = make_card(rank, suit).save(os.path.join(base, style, k + ".svg"))
            print("%s/%s %d bytes" % (style, k, n))
            if k in STAMPED:
                n = make_card(rank, suit, True).save(os.path.join(base, style, k + "-stamped.svg"))
                print("%s/%s-stamped %d bytes" % (style, k, n))


if __name__ == "__main__":
    main()
