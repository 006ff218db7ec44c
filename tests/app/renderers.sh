#!/usr/bin/env bash
# The two ways of drawing give the same pictures: every scene drawn in a real
# window (under Xvfb) by the graphics-card path (SDL's OpenGL renderer; on a
# machine without a GPU that is Mesa's llvmpipe) and by SDL's software
# renderer, compared pixel by pixel within a tolerance; the headless
# screenshots (the goldens' path) against the software window; a whole
# match played at the table with the software renderer forced; and a moving
# table in a software window drawing frames in part.
# Usage: renderers.sh path/to/ceki path/to/png_diff OUT_DIR
set -u
ceki=$1
diff=$2
out=$3
mkdir -p "$out"
passes=0
failures=0
. "$(dirname "$0")/../tools/need.bash"
need_tools xvfb-run xauth
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config SDL_AUDIODRIVER=dummy
unset SDL_VIDEODRIVER
# In the sanitizer build: a real X window loads D-Bus and Mesa, which leave
# allocations LeakSanitizer reports (libdbus-1, and a GL driver unloaded
# before the report can name it). Our own code is leak-checked by every
# headless suite; here only the drawing is judged.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
run_x() { xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; }
check() { # name, command...
    local name=$1
    shift
    if "$@" >"$out/$name.log" 2>&1; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL $name: $(tail -3 "$out/$name.log")"
    fi
}
for scene in title variants setup settings gallery table learn result replay stats; do
    for r in opengl software; do
        run_x env SDL_RENDER_DRIVER=$r CEKI_SCREENSHOT_WINDOW=1 \
            "$ceki" --screenshot "$out/$scene-$r.png" --scene "$scene" --seed 3 >"$out/$scene-$r.log" 2>&1
    done
    SDL_VIDEODRIVER=dummy "$ceki" --screenshot "$out/$scene-headless.png" --scene "$scene" --seed 3 \
        >/dev/null 2>&1
    # Turned cards' edges and text smoothing differ slightly (measured: at
    # most 0.24 % between the renderers); a text line may sit a pixel apart
    # between the headless and the window run (0.93 % in the gallery).
    check "$scene-opengl-vs-software" "$diff" "$out/$scene-opengl.png" "$out/$scene-software.png" 1.0
    check "$scene-headless-vs-software" "$diff" "$out/$scene-headless.png" "$out/$scene-software.png" 2.0
done
# A whole match at the table, drawn by the software renderer in a window.
check software-match run_x env SDL_RENDER_DRIVER=software timeout 300 \
    "$ceki" --autoplay --variant pei --seed 4 --exit-at-end
grep -qi "winner" "$out/software-match.log" && passes=$((passes + 1)) ||
    { failures=$((failures + 1)); echo "FAIL software-match: no standings"; }
# A table moving at normal speed in a software window draws most frames in
# part (only where cards glide) and presents just those rectangles.
run_x env SDL_RENDER_DRIVER=software CEKI_FRAME_STATS=1 timeout -s TERM 8 \
    "$ceki" --autoplay --variant thothit --seed 4 --speed normal >"$out/partial.log" 2>&1
if grep -Eq 'frames [0-9]+ \([1-9][0-9]* partial\)' "$out/partial.log"; then
    passes=$((passes + 1))
else
    failures=$((failures + 1))
    echo "FAIL partial-frames: $(tail -2 "$out/partial.log")"
fi
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
