"""Shared helpers for the Ceki card generators (Python 3 standard library only).

Everything here emits plain SVG limited to what nanosvg (SDL2_image's SVG
loader) understands: path, rect, circle, ellipse, line, polygon, solid fills
and strokes, opacity and simple transforms.  No <text>, <use>, clip paths,
masks, filters, patterns or CSS: numerals, letters and suit signs are drawn
as paths by the functions below.

Numbers are always written through fmt() so that rerunning a generator gives
byte-identical files.
"""

import math
import os

# ---------------------------------------------------------------- colours
INK = "#1b140f"        # black ink of the Ceki designs
CREAM = "#f4ecd6"      # Ceki card stock
CREAM_DARK = "#e4d6b4" # shading on Ceki cards
BORDER = "#2b1c12"     # thin dark card border
STAMP_RED = "#c0392b"  # red stamp / Red Flower
STAMP_DARK = "#7d1d14" # outline of the red stamp
WHITE = "#fbfaf6"      # western card stock
W_RED = "#c8102e"      # western red suits
W_BLACK = "#151515"    # western black suits


def fmt(v):
    """Deterministic short number format (at most 2 decimals)."""
    v = round(float(v), 2)
    if v == 0:
        v = 0.0  # no "-0"
    s = ("%.2f" % v).rstrip("0").rstrip(".")
    return s if s != "-0" else "0"


def pts(points):
    return " ".join("%s,%s" % (fmt(x), fmt(y)) for x, y in points)


# ---------------------------------------------------------------- SVG document
class Svg:
    """A tiny SVG writer.  Elements are appended as strings."""

    def __init__(self, width, height):
        self.w = width
        self.h = height
        self.parts = []

    def add(self, s):
        self.parts.append(s)

    def extend(self, items):
        for s in items:
            self.parts.append(s)

    def text(self):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                'viewBox="0 0 %d %d">\n' % (self.w, self.h, self.w, self.h))
        return head + "\n".join(self.parts) + "\n</svg>\n"

    def save(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = self.text()
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(data)
        return len(data)


def attrs(fill=None, stroke=None, sw=None, cap=None, join=None, opacity=None,
          extra=None):
    a = []
    a.append('fill="%s"' % (fill if fill else "none"))
    if stroke:
        a.append('stroke="%s"' % stroke)
        if sw is not None:
            a.append('stroke-width="%s"' % fmt(sw))
        if cap:
            a.append('stroke-linecap="%s"' % cap)
        if join:
            a.append('stroke-linejoin="%s"' % join)
    if opacity is not None:
        a.append('opacity="%s"' % fmt(opacity))
    if extra:
        a.append(extra)
    return " ".join(a)


def path(d, **kw):
    return '<path d="%s" %s/>' % (d, attrs(**kw))


def rect(x, y, w, h, rx=0, **kw):
    r = ' rx="%s"' % fmt(rx) if rx else ""
    return '<rect x="%s" y="%s" width="%s" height="%s"%s %s/>' % (
        fmt(x), fmt(y), fmt(w), fmt(h), r, attrs(**kw))


def circle(cx, cy, r, **kw):
    return '<circle cx="%s" cy="%s" r="%s" %s/>' % (fmt(cx), fmt(cy), fmt(r), attrs(**kw))


def ellipse(cx, cy, rx, ry, **kw):
    return '<ellipse cx="%s" cy="%s" rx="%s" ry="%s" %s/>' % (
        fmt(cx), fmt(cy), fmt(rx), fmt(ry), attrs(**kw))


def line(x1, y1, x2, y2, **kw):
    return '<line x1="%s" y1="%s" x2="%s" y2="%s" %s/>' % (
        fmt(x1), fmt(y1), fmt(x2), fmt(y2), attrs(**kw))


def polygon(points, **kw):
    return '<polygon points="%s" %s/>' % (pts(points), attrs(**kw))


def polyline(points, **kw):
    return '<polyline points="%s" %s/>' % (pts(points), attrs(**kw))


def group(items, transform=None):
    t = ' transform="%s"' % transform if transform else ""
    return "<g%s>\n%s\n</g>" % (t, "\n".join(items))


def rot180(cx, cy):
    return "rotate(180,%s,%s)" % (fmt(cx), fmt(cy))


# ---------------------------------------------------------------- path geometry
class Shape:
    """A path made of sub-paths of absolute points; transformable in Python.

    Commands: ('M', p), ('L', p), ('C', c1, c2, p), ('Z',).
    """

    def __init__(self):
        self.cmds = []

    def M(self, x, y):
        self.cmds.append(("M", (x, y)))
        return self

    def L(self, x, y):
        self.cmds.append(("L", (x, y)))
        return self

    def C(self, x1, y1, x2, y2, x, y):
        self.cmds.append(("C", (x1, y1), (x2, y2), (x, y)))
        return self

    def Z(self):
        self.cmds.append(("Z",))
        return self

    def extend(self, other):
        self.cmds.extend(other.cmds)
        return self

    def map(self, fn):
        out = Shape()
        for c in self.cmds:
            out.cmds.append((c[0],) + tuple(fn(p) for p in c[1:]))
        return out

    def affine(self, sx=1.0, sy=None, tx=0.0, ty=0.0, rot=0.0, ox=0.0, oy=0.0):
        """Scale about (ox,oy)... actually: p -> R(rot) * (S * (p - o)) + t."""
        if sy is None:
            sy = sx
        ca, sa = math.cos(math.radians(rot)), math.sin(math.radians(rot))

        def f(p):
            x = (p[0] - ox) * sx
            y = (p[1] - oy) * sy
            return (x * ca - y * sa + tx, x * sa + y * ca + ty)
        return self.map(f)

    def d(self):
        out = []
        for c in self.cmds:
            if c[0] == "Z":
                out.append("Z")
            else:
                out.append(c[0] + " ".join("%s,%s" % (fmt(p[0]), fmt(p[1])) for p in c[1:]))
        return "".join(out)


def arc_shape(cx, cy, rx, ry, a0, a1, shape=None, move=True):
    """Append an elliptical arc from angle a0 to a1 (degrees, y down) as cubics."""
    s = shape if shape is not None else Shape()
    n = max(1, int(math.ceil(abs(a1 - a0) / 90.0)))
    da = math.radians((a1 - a0) / n)
    k = 4.0 / 3.0 * math.tan(da / 4.0)
    a = math.radians(a0)
    x0, y0 = cx + rx * math.cos(a), cy + ry * math.sin(a)
    if move:
        s.M(x0, y0)
    else:
        s.L(x0, y0)
    for _ in range(n):
        b = a + da
        x1 = cx + rx * (math.cos(a) - k * math.sin(a))
        y1 = cy + ry * (math.sin(a) + k * math.cos(a))
        x3, y3 = cx + rx * math.cos(b), cy + ry * math.sin(b)
        x2 = x3 + rx * k * math.sin(b)
        y2 = y3 - ry * k * math.cos(b)
        s.C(x1, y1, x2, y2, x3, y3)
        a = b
    return s


def star_points(cx, cy, r_out, r_in, n, rot=-90.0):
    p = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        p.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return p


def regular_points(cx, cy, r, n, rot=-90.0):
    return [(cx + r * math.cos(math.radians(rot + i * 360.0 / n)),
             cy + r * math.sin(math.radians(rot + i * 360.0 / n))) for i in range(n)]


# ---------------------------------------------------------------- stroked glyphs
# Glyphs live in a box 6 units wide and 10 units tall (y down) and are drawn as
# strokes with round caps.  draw_glyph() scales them to any height.
def _def_glyphs():
    g = {}
    g["0"] = Shape().M(3, 0).C(5.2, 0, 6, 2.2, 6, 5).C(6, 7.8, 5.2, 10, 3, 10) \
        .C(0.8, 10, 0, 7.8, 0, 5).C(0, 2.2, 0.8, 0, 3, 0).Z()
    g["1"] = Shape().M(0.9, 2.2).L(3.4, 0).L(3.4, 10).M(0.8, 10).L(6, 10)
    g["2"] = Shape().M(0.3, 2.3).C(0.7, 0.7, 1.8, 0, 3.1, 0).C(4.8, 0, 5.8, 1.2, 5.8, 2.8) \
        .C(5.8, 4.7, 4.2, 5.9, 0.2, 10).L(6, 10)
    g["3"] = Shape().M(0.3, 1.3).C(1.1, 0.4, 2.1, 0, 3.1, 0).C(4.7, 0, 5.6, 1.1, 5.6, 2.5) \
        .C(5.6, 4, 4.4, 4.8, 2.5, 4.8).M(2.5, 4.8).C(4.8, 4.8, 6, 5.8, 6, 7.4) \
        .C(6, 9, 4.7, 10, 3, 10).C(1.8, 10, 0.8, 9.6, 0, 8.7)
    g["4"] = Shape().M(4.5, 10).L(4.5, 0).L(0, 7).L(6.2, 7)
    g["5"] = Shape().M(5.6, 0).L(1.1, 0).L(0.6, 4.4).C(1.4, 3.8, 2.3, 3.6, 3.1, 3.6) \
        .C(4.9, 3.6, 6, 4.9, 6, 6.7).C(6, 8.7, 4.6, 10, 2.9, 10).C(1.7, 10, 0.8, 9.5, 0, 8.6)
    six = Shape().M(5.3, 0.9).C(4.7, 0.3, 4, 0, 3.2, 0).C(1.2, 0, 0, 2.2, 0, 5.6) \
        .C(0, 8.5, 1.2, 10, 3.1, 10).C(4.9, 10, 6, 8.7, 6, 6.8).C(6, 5, 4.9, 3.8, 3.2, 3.8) \
        .C(1.8, 3.8, 0.6, 4.6, 0.05, 6)
    g["6"] = six
    g["7"] = Shape().M(0, 0).L(6, 0).C(4.2, 2.8, 2.9, 6, 2.4, 10)
    g["8"] = Shape().M(3, 4.6).C(1.3, 4.6, 0.5, 3.6, 0.5, 2.3).C(0.5, 0.9, 1.6, 0, 3, 0) \
        .C(4.4, 0, 5.5, 0.9, 5.5, 2.3).C(5.5, 3.6, 4.7, 4.6, 3, 4.6) \
        .C(1.1, 4.6, 0, 5.7, 0, 7.3).C(0, 8.9, 1.3, 10, 3, 10) \
        .C(4.7, 10, 6, 8.9, 6, 7.3).C(6, 5.7, 4.9, 4.6, 3, 4.6).Z()
    g["9"] = six.map(lambda p: (6 - p[0], 10 - p[1]))
    g["A"] = Shape().M(0, 10).L(3, 0).L(6, 10).M(1.1, 6.6).L(4.9, 6.6)
    g["J"] = Shape().M(2.2, 0).L(6, 0).M(4.8, 0).L(4.8, 7).C(4.8, 9, 3.8, 10, 2.5, 10) \
        .C(1.2, 10, 0.3, 9.2, 0, 7.8)
    g["Q"] = Shape().extend(g["0"]).M(3.6, 7.3).L(6.3, 10.4)
    g["K"] = Shape().M(0.4, 0).L(0.4, 10).M(5.9, 0).L(0.4, 6.3).M(2.3, 4.2).L(6.1, 10)
    return g


GLYPHS = _def_glyphs()


def glyph_width(ch):
    return 6.0


def draw_text(s, x, y, h, colour, weight=1.35, gap=1.2, align="left"):
    """Draw string s with its top-left (or centre if align='center') at x, y.

    h is the cap height in user units; returns one <path> element.  '10' is
    drawn with a condensed '1' so that two characters fit an index column.
    """
    k = h / 10.0
    adv = []
    for ch in s:
        w = 6.0
        if s == "10" and ch == "1":
            w = 3.6
        adv.append(w)
    total = sum(adv) + gap * (len(s) - 1)
    if align == "center":
        x0 = x - total * k / 2.0
    else:
        x0 = x
    shape = Shape()
    cx = 0.0
    for ch, w in zip(s, adv):
        g = GLYPHS[ch]
        if s == "10" and ch == "1":
            g = Shape().M(0.2, 1.8).L(2.4, 0).L(2.4, 10)
        shape.extend(g.affine(sx=k, tx=x0 + cx * k, ty=y))
        cx += w + gap
    return path(shape.d(), stroke=colour, sw=weight * k, cap="round", join="round")


def text_width(s, h, gap=1.2):
    k = h / 10.0
    w = 0.0
    for ch in s:
        w += 3.6 if (s == "10" and ch == "1") else 6.0
    return (w + gap * (len(s) - 1)) * k


# ---------------------------------------------------------------- red stamp
def stamp(cx, cy, r, with_ring=True):
    """The red stamp: an eight-pointed red star (rosette) with a cream ring and
    a square red seal in the middle.  Its outline (star with a hole and a square
    core) is recognisable without colour, so it doubles as the colour-blind
    shape mark.  Returns a list of elements."""
    out = []
    outer = star_points(cx, cy, r, r * 0.74, 8, rot=-90)
    out.append(polygon(outer, fill=STAMP_RED, stroke=STAMP_DARK, sw=r * 0.07, join="round"))
    if with_ring:
        out.append(circle(cx, cy, r * 0.56, fill=CREAM, stroke=STAMP_DARK, sw=r * 0.05))
    q = r * 0.3
    sq = [(cx, cy - q * 1.3), (cx + q * 1.3, cy), (cx, cy + q * 1.3), (cx - q * 1.3, cy)]
    out.append(polygon(sq, fill=STAMP_RED, stroke=STAMP_DARK, sw=r * 0.04, join="round"))
    # the notch: a cream cross cut into the seal so it reads as a seal, not a dot
    out.append(path("M%s,%sL%s,%sM%s,%sL%s,%s" % (
        fmt(cx - q * 0.55), fmt(cy), fmt(cx + q * 0.55), fmt(cy),
        fmt(cx), fmt(cy - q * 0.55), fmt(cx), fmt(cy + q * 0.55)),
        stroke=CREAM, sw=r * 0.08, cap="round"))
    return out


# ---------------------------------------------------------------- western suit signs
def suit_shape(suit, cx, cy, size, flip=False):
    """Filled path for a French suit sign centred at (cx, cy); size = height."""
    s = Shape()
    if suit == "H":
        s.M(0, 0.42).C(-0.12, 0.26, -0.5, 0.02, -0.5, -0.2).C(-0.5, -0.38, -0.37, -0.5, -0.23, -0.5) \
            .C(-0.11, -0.5, -0.03, -0.43, 0, -0.33).C(0.03, -0.43, 0.11, -0.5, 0.23, -0.5) \
            .C(0.37, -0.5, 0.5, -0.38, 0.5, -0.2).C(0.5, 0.02, 0.12, 0.26, 0, 0.42).Z()
        s = s.affine(ty=0.04)
    elif suit == "D":
        s.M(0, -0.5).C(0.1, -0.33, 0.24, -0.15, 0.38, 0).C(0.24, 0.15, 0.1, 0.33, 0, 0.5) \
            .C(-0.1, 0.33, -0.24, 0.15, -0.38, 0).C(-0.24, -0.15, -0.1, -0.33, 0, -0.5).Z()
    elif suit == "S":
        s.M(0, -0.5).C(0.1, -0.36, 0.5, -0.14, 0.5, 0.1).C(0.5, 0.28, 0.37, 0.38, 0.23, 0.38) \
            .C(0.13, 0.38, 0.06, 0.33, 0.03, 0.26).C(0.05, 0.38, 0.11, 0.46, 0.2, 0.5) \
            .L(-0.2, 0.5).C(-0.11, 0.46, -0.05, 0.38, -0.03, 0.26) \
            .C(-0.06, 0.33, -0.13, 0.38, -0.23, 0.38).C(-0.37, 0.38, -0.5, 0.28, -0.5, 0.1) \
            .C(-0.5, -0.14, -0.1, -0.36, 0, -0.5).Z()
    elif suit == "C":
        r = 0.205
        for (x, y) in ((0, -0.27), (-0.26, 0.1), (0.26, 0.1)):
            arc_shape(x, y, r, r, 0, 360, shape=s)
            s.Z()
        s.M(-0.1, -0.05).L(0.1, -0.05).L(0.1, 0.15).L(-0.1, 0.15).Z()
        s.M(0.03, 0.12).C(0.04, 0.3, 0.1, 0.43, 0.2, 0.5).L(-0.2, 0.5) \
            .C(-0.1, 0.43, -0.04, 0.3, -0.03, 0.12).Z()
    sh = s.affine(sx=size, tx=cx, ty=cy, rot=180 if flip else 0)
    return sh


def suit_colour(suit):
    return W_RED if suit in ("H", "D") else W_BLACK


def suit_sign(suit, cx, cy, size, flip=False, colour=None):
    return path(suit_shape(suit, cx, cy, size, flip).d(),
                fill=colour or suit_colour(suit))
