#!/usr/bin/env python3
"""Regenerate every card SVG under assets/cards/ (deterministic output)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_backs
import gen_ceki
import gen_french
import gen_western

if __name__ == "__main__":
    sys.argv = sys.argv[:1]
    for mod in (gen_ceki, gen_western, gen_french, gen_backs):
        mod.main()
