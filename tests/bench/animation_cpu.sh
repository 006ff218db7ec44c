#!/usr/bin/env bash
# What a moving table costs: each variant plays itself at normal speed in a
# real window under Xvfb (default drawing setting, 1280x800) while this
# reads the process's CPU time; the program says how many frames it drew,
# how many of them only in part, and the mean time to draw and present one
# (CEKI_FRAME_STATS). Then the idle cost: the title and a table waiting for
# the person (CEKI_BENCH_IDLE=0 leaves those out). CEKI_BENCH_SIZE=WxH sets
# the window (default 1280x800; the virtual screen is made large enough for
# it). A benchmark, run by hand,
# never timed in CI:
#
#     [CEKI_BENCH_SIZE=2560x1600] tests/bench/animation_cpu.sh [BUILD_DIR] [SECONDS] [VARIANT...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
secs=${2:-10}
shift $(($# > 2 ? 2 : $#))
variants=("$@")
# shellcheck source=tests/bench/bench_window.bash
. "$here/bench_window.bash"
hz=$(getconf CLK_TCK)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# run NAME WARMUP ARGS...: CPU share over $secs seconds after WARMUP.
run() {
    local name=$1 warm=$2
    shift 2
    rm -rf "$tmp/home"
    mkdir -p "$tmp/home"
    env DISPLAY="$display" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" \
        XDG_CONFIG_HOME="$tmp/home/config" SDL_AUDIODRIVER=dummy CEKI_FRAME_STATS=1 \
        "$build/ceki" --size "$size" "$@" 2>"$tmp/err" >/dev/null &
    local pid=$!
    sleep "$warm"
    local t0 t1
    t0=$(ticks "$pid")
    sleep "$secs"
    t1=$(ticks "$pid")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    local frames
    frames=$(grep -o 'frames.*' "$tmp/err" || echo "frames ?")
    awk -v n="$name" -v a="$t0" -v b="$t1" -v s="$secs" -v hz="$hz" -v f="$frames" \
        'BEGIN {printf "%-24s %5.1f %% of a core   %s\n", n, 100 * (b - a) / hz / s, f}'
}
echo "# ${secs} s each after a warm-up, $size, $(nproc) cores"
for v in "${variants[@]}"; do
    run "$v" 5 --autoplay --variant "$v" --level greedy --speed normal ${CEKI_BENCH_SEED:+--seed "$CEKI_BENCH_SEED"}
done
if [ "${CEKI_BENCH_IDLE:-1}" != 0 ]; then
    run "idle: title" 3
    run "idle: table, your turn" 15 --scene table --variant thothit --seed 7
fi
