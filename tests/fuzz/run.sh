#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in their own build directory and runs
# each for a bounded time on a copy of its committed seed corpus. Fails on any
# crash, leak, timeout, out-of-memory or broken invariant; the input that did
# it is left in BUILD_DIR/fuzz-artifacts/<target>/.
#
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#   tests/fuzz/run.sh --build-only
#
# SECONDS_PER_TARGET defaults to 60 (or $CEKI_FUZZ_SECONDS), with $CEKI_JOBS
# targets (default 2) running at a time; the targets default to every
# fuzz_<name> that was built (card, record, moves, net and, when the program's
# sources are there, settings, save and stats). $CEKI_FUZZ_BUILD_DIR sets the
# build directory (default /tmp/build-fuzz).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
seconds=${1:-${CEKI_FUZZ_SECONDS:-60}}
shift || true
build=${CEKI_FUZZ_BUILD_DIR:-/tmp/build-fuzz}

. "$here/../tools/need.bash"
need_tools clang cmake
cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER=clang -DCEKI_FUZZ=ON -DCEKI_BUILD_APP=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"${CEKI_JOBS:-2}" --target fuzzers
[ "$seconds" != --build-only ] || exit 0

if [ $# -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for t in card record moves settings save stats net; do
        [ -x "$build/fuzz/fuzz_$t" ] && targets+=("$t")
    done
fi

# One target's run; its summary (or failure) in BUILD_DIR/fuzz-$t.summary,
# its exit status that of the run.
fuzz_one() {
    local t=$1
    local bin="$build/fuzz/fuzz_$t"
    local work="$build/fuzz-corpus/$t"
    local artifacts="$build/fuzz-artifacts/$t"
    local summary="$build/fuzz-$t.summary"
    mkdir -p "$work" "$artifacts"
    local dict=()
    [ -f "$here/$t.dict" ] && dict=(-dict="$here/$t.dict")
    local log="$build/fuzz-$t.log"
    echo "== fuzz_$t: ${seconds}s" >"$summary"
    # New inputs go to the work directory; the committed corpus is only read.
    if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "${dict[@]}" \
        "$work" "$here/corpus/$t" >"$log" 2>&1; then
        { grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" |
            tr '\n' ' '
          echo
          grep -E '#[0-9]+ +DONE' "$log" | tail -1 || true; } >>"$summary"
        return 0
    fi
    { echo "fuzz_$t FAILED; last lines of $log:"; tail -n 40 "$log"; } >>"$summary"
    return 1
}

# $CEKI_JOBS targets at a time (default 2; libFuzzer runs on one core), each
# for its whole SECONDS_PER_TARGET: on 2 cores the 7 targets take 4 turns of
# 5 s in CI instead of 7. Summaries are printed in the targets' order.
jobs=${CEKI_JOBS:-2}
status=0
for ((first = 0; first < ${#targets[@]}; first += jobs)); do
    pids=()
    batch=("${targets[@]:first:jobs}")
    for t in "${batch[@]}"; do
        fuzz_one "$t" &
        pids+=($!)
    done
    for k in "${!batch[@]}"; do
        if wait "${pids[$k]}"; then
            cat "$build/fuzz-${batch[$k]}.summary"
        else
            status=1
            cat "$build/fuzz-${batch[$k]}.summary" >&2
        fi
    done
done
[ $status -eq 0 ] && echo "fuzz: ${#targets[@]} passed, 0 failed" || echo "fuzz: some targets failed" >&2
exit $status
