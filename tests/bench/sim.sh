#!/usr/bin/env bash
# What the simulator costs (a benchmark, not a test): worlds, matches over
# and simulated seconds per real second over CEKI_BENCH_SEEDS seeds
# (default 500) from seed 1, with the journals in memory and then on real
# files in $TMPDIR (CEKI_SIM_DISK=files).
# Usage: tests/bench/sim.sh [build]
set -eu
build=${1:-build}
seeds=${CEKI_BENCH_SEEDS:-500}
for disk in memory files; do
    printf '%-7s ' "$disk:"
    CEKI_SIM_DISK=$([ "$disk" = files ] && echo files || echo memory) \
        "$build/ceki-sim" --seeds "1-$seeds" --bench 2>&1 >/dev/null | sed 's/^ceki-sim: //'
done
