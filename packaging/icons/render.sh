#!/usr/bin/env bash
# Renders the PNG sizes of the icon from its SVG (committed; rerun after
# changing the SVG). Needs rsvg-convert (Debian: librsvg2-bin).
set -euo pipefail
. "$(dirname "$0")/../../tests/tools/need.bash"
need_tools rsvg-convert
cd "$(dirname "$0")"
id=io.github.ceki.Ceki
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$size"
    rsvg-convert --width "$size" --height "$size" "$id.svg" --output "$size/$id.png"
done
echo "rendered $id.png at 16..512"
