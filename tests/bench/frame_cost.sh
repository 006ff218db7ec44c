#!/usr/bin/env bash
# What a moving table costs, the same frames every run: each variant plays
# itself (computers, seed 5, normal speed) in a real window under Xvfb
# while the loop takes STEPS steps of exactly a 60th of a second as fast as
# they go, drawing a frame whenever the real loop would
# ($CEKI_BENCH_STEPS, app_loop.c); the program says the processor time of
# the last three quarters as a share of one core. Unlike
# tests/bench/animation_cpu.sh, whose real clock draws fewer frames on a
# busy machine, a busy machine here only makes each frame dearer, so two
# builds can be compared on one. A benchmark, run by hand, never timed in CI:
#
#     [CEKI_BENCH_SIZE=2560x1600] tests/bench/frame_cost.sh [BUILD_DIR] [STEPS] [VARIANT...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
steps=${2:-1200}
shift $(($# > 2 ? 2 : $#))
variants=("$@")
if ! [[ $steps =~ ^[0-9]+$ ]] || [ "$steps" -lt 8 ]; then
    echo "STEPS must be a number of at least 8 (got '$steps')" >&2
    exit 2
fi
# shellcheck source=tests/bench/bench_window.bash
. "$here/bench_window.bash"
echo "# $steps steps of 1/60 s each, the last three quarters measured, $size, $(nproc) cores"
for v in "${variants[@]}"; do
    rm -rf "$tmp/home"
    mkdir -p "$tmp/home"
    line=$(env DISPLAY="$display" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" \
        XDG_CONFIG_HOME="$tmp/home/config" SDL_AUDIODRIVER=dummy CEKI_BENCH_STEPS="$steps" \
        "$build/ceki" --size "$size" --autoplay --variant "$v" --level greedy --speed normal \
        --seed 5 2>&1 >/dev/null | grep '^bench: ' || echo "bench: no figure (did it start?)")
    printf '%-24s %s\n' "$v" "${line#bench: }"
done
