#!/usr/bin/env python3
"""Generate the 52-card French pack used by Kings (assets/cards/french/).

File names follow RULES.md 1.3: rank A 2 ... 10 J Q K followed by suit
S H D C, e.g. AS.svg, 10D.svg, QC.svg, KH.svg.  The pips, indices and court
figures come from gen_western.py so both packs share one style.

Run: python3 gen_french.py [outdir]   (default: ../french)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_western import make_card, rank_text

SUITS = "SHDC"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "french")
    for suit in SUITS:
        for rank in range(1, 14):
            name = rank_text(rank) + suit
            n = make_card(rank, suit).save(os.path.join(outdir, name + ".svg"))
            print("%-4s %6d bytes" % (name, n))


if __name__ == "__main__":
    main()
