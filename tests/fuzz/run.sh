#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in their own build directory and runs
# each for a bounded time on a copy of its committed seed corpus. Fails on any
# crash, leak, timeout, out-of-memory or broken invariant; the input that did
# it is left in BUILD_DIR/fuzz-artifacts/<target>/.
#
#   tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# SECONDS_PER_TARGET defaults to 60 (or $CEKI_FUZZ_SECONDS); the targets default
# to every fuzz_<name> that was built (card, record, moves, net and, when the
# program's sources are there, settings, save and stats). $CEKI_FUZZ_BUILD_DIR
# sets the build directory (default /tmp/build-fuzz).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
seconds=${1:-${CEKI_FUZZ_SECONDS:-60}}
shift || true
build=${CEKI_FUZZ_BUILD_DIR:-/tmp/build-fuzz}

command -v clang >/dev/null || { echo "run.sh: clang is not installed" >&2; exit 1; }
cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER=clang -DCEKI_FUZZ=ON -DCEKI_BUILD_APP=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"${CEKI_JOBS:-2}" --target fuzzers

if [ $# -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for t in card record moves settings save stats net; do
        [ -x "$build/fuzz/fuzz_$t" ] && targets+=("$t")
    done
fi

status=0
for t in "${targets[@]}"; do
    bin="$build/fuzz/fuzz_$t"
    work="$build/fuzz-corpus/$t"
    artifacts="$build/fuzz-artifacts/$t"
    mkdir -p "$work" "$artifacts"
    dict=()
    [ -f "$here/$t.dict" ] && dict=(-dict="$here/$t.dict")
    log="$build/fuzz-$t.log"
    echo "== fuzz_$t: ${seconds}s"
    # New inputs go to the work directory; the committed corpus is only read.
    if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "${dict[@]}" \
        "$work" "$here/corpus/$t" >"$log" 2>&1; then
        grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" |
            tr '\n' ' '
        echo
        grep -E '#[0-9]+ +DONE' "$log" | tail -1 || true
    else
        echo "fuzz_$t FAILED; last lines of $log:" >&2
        tail -n 40 "$log" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "fuzz: ${#targets[@]} passed, 0 failed" || echo "fuzz: some targets failed" >&2
exit $status
