# harness.bash — what the tests that run whole programs share (sourced; not a
# test itself): the processes to kill on exit, the counting of checks, and
# the bounded waits. Every process a test starts goes into `started`; on exit
# each is killed with kill -9 and reaped, then the commands given to at_exit
# run (in order).
started=()
failures=0
passes=0
harness_exit=()

# at_exit COMMAND: run COMMAND (one string, eval'd) after the processes are killed.
at_exit() { harness_exit+=("$1"); }

harness_cleanup() {
    local p c
    for p in "${started[@]}"; do
        kill -9 "$p" 2>/dev/null
    done
    wait 2>/dev/null
    for c in "${harness_exit[@]}"; do
        eval "$c"
    done
}
trap harness_cleanup EXIT

check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fi
}

# finish [NAME]: the closing line ctest and CI read; the exit status.
finish() {
    echo "${1:+$1: }$passes passed, $failures failed"
    [ "$failures" -eq 0 ]
}

# wait_for FILE PATTERN SECONDS: until a line of FILE matches (grep -E).
wait_for() {
    local i
    for ((i = 0; i < $3 * 20; i++)); do
        grep -qE "$2" "$1" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "timed out waiting for '$2' in $1" >&2
    return 1
}

# wait_exit PID SECONDS: until the process is gone (then reaped); its exit
# status in $status (124 when it still ran after SECONDS).
wait_exit() {
    local i
    for ((i = 0; i < $2 * 20; i++)); do
        if ! kill -0 "$1" 2>/dev/null; then
            wait "$1" 2>/dev/null
            status=$?
            return 0
        fi
        sleep 0.05
    done
    status=124
    echo "process $1 still runs after $2 s" >&2
    return 1
}
