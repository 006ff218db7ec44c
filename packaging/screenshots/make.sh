#!/usr/bin/env bash
# Remakes the AppStream screenshots with the program's own headless
# screenshot mode:  packaging/screenshots/make.sh [PATH/TO/ceki]
# (default build/ceki). The metainfo lists them by these names at 1280x800.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ceki=${1:-$here/../../build/ceki}
shot() {
    local name=$1
    shift
    SDL_VIDEODRIVER=dummy "$ceki" --screenshot "$here/$name.png" --size 1280x800 "$@"
    echo "$here/$name.png"
}
shot table --scene table --variant thothit --players 3 --seed 7
shot learn --scene learn --variant thothit
shot variants --scene variants
shot gallery --scene gallery --deck-style ceki
shot title --scene title
