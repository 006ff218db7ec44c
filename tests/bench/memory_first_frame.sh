#!/usr/bin/env bash
# Ceki against GNOME Aisleriot (the card game of this desktop), in one run
# under Xvfb: the time from exec to the first drawn pixel, and peak memory
# (VmHWM), at the title and at a table of every variant (a computer-only
# match playing on). A benchmark, run by hand, never timed in CI:
#
#     tests/bench/memory_first_frame.sh [BUILD_DIR] [RUNS]
#
# Needs Xvfb and libx11-dev (to build the probe, first_frame.c); Aisleriot
# (`apt-get install aisleriot`, /usr/games/sol, started with NO_AT_BRIDGE=1
# and a fresh HOME) is skipped with a note when it is not installed.
# Ceki runs with its default drawing setting unless CEKI_RENDER is set
# (e.g. CEKI_RENDER=opengl to force the graphics-card path).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tools/need.bash"
need_tools cc Xvfb
build=${1:-$here/../../build}
runs=${2:-5}
tmp=$(mktemp -d)
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$tmp"' EXIT
cc -O2 "$here/first_frame.c" -o "$tmp/first_frame" -lX11
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
export DISPLAY=$display
probe() { # name seconds command...
    local name=$1 secs=$2
    shift 2
    mkdir -p "$tmp/home"
    local out
    out=$(env HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" \
        NO_AT_BRIDGE=1 ${CEKI_RENDER:+SDL_RENDER_DRIVER=$CEKI_RENDER} \
        "$tmp/first_frame" "$secs" "$@" 2>/dev/null || echo "first_frame_ms - peak_rss_kb -")
    rm -rf "$tmp/home"
    echo "$name $out"
    sleep 0.3
}
have_sol=false
[ -x /usr/games/sol ] && have_sol=true
$have_sol || echo "# Aisleriot is not installed (apt-get install aisleriot): its rows are skipped"
{
    for i in $(seq "$runs"); do
        probe ceki-title 3 "$build/ceki"
        $have_sol && probe aisleriot 4 /usr/games/sol
    done
    for v in $("$build/ceki-cli" variants | awk '{print $1}'); do
        probe "ceki-table-$v" 6 "$build/ceki" --autoplay --variant "$v" --level greedy
    done
} | tee "$tmp/rows"
echo "# medians (first frame ms, peak RSS MB)"
for name in $(awk '{print $1}' "$tmp/rows" | sort -u); do
    awk -v n="$name" '$1 == n && $3 != "-" {print $3, $5}' "$tmp/rows" | sort -n |
        awk -v n="$name" '{f[NR] = $1; r[NR] = $2} END {if (NR) printf "%-28s %6d ms %7.1f MB\n", n, f[int((NR + 1) / 2)], r[int((NR + 1) / 2)] / 1024}'
done
