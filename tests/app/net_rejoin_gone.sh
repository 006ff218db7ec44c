#!/bin/bash
# Going back to a network table whose host has quit, headless
# (SDL_VIDEODRIVER=dummy), over 127.0.0.1 only:
#   net_rejoin_gone.sh CEKI OUTDIR
# A host (--host, Pèi) and a friend (--join) sit at one table; both are
# killed with kill -9 once the friend is seated, so the friend's store
# keeps the way back. Then, with nobody at that port:
#  - ceki --rejoin --autoplay --as-person --exit-at-end ends by itself
#    within 25 s (the first seat is given up after 12 s), status 1, saying
#    the table does not answer and its host may have closed it;
#  - the same, sent SIGTERM after 2 s (as a logout or timeout does), ends
#    within 5 s with status 0.
# The two run side by side, each with its own copy of the friend's folder.
# Every process is killed on exit and every wait is bounded.
set -u
ceki=$1
tmp=$2
rm -rf "$tmp"
mkdir -p "$tmp"
pids=()
failures=0
passes=0
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CEKI_NET_TRACE=1

cleanup() {
    local p
    for p in "${pids[@]}"; do
        kill -9 "$p" 2>/dev/null
    done
    wait 2>/dev/null
}
trap cleanup EXIT

check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fi
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

# wait_exit PID SECONDS: until the process is gone; its status in $status.
wait_exit() {
    local i
    for ((i = 0; i < $2 * 20; i++)); do
        kill -0 "$1" 2>/dev/null || {
            wait "$1" 2>/dev/null
            status=$?
            return 0
        }
        sleep 0.05
    done
    status=timeout
    echo "process $1 still runs after $2 s" >&2
    return 1
}

. "$(dirname "$0")/free_port.bash" # free_port

# start NAME ARGS...: a ceki with the data folder $tmp/NAME; sets pid.
start() {
    local name=$1
    shift
    mkdir -p "$tmp/$name"
    XDG_DATA_HOME="$tmp/$name" HOME="$tmp/$name" exec "$ceki" "$@" --autoplay --as-person \
        --exit-at-end >"$tmp/$name.out" 2>>"$tmp/$name.err" &
    pid=$!
    pids+=("$pid")
}

port=$(free_port)
start host --host --variant pei --seats you,friend,greedy --port "$port"
hpid=$pid
wait_for "$tmp/host.err" 'hosting on port' 20
start friend --join "127.0.0.1:$port"
fpid=$pid
wait_for "$tmp/friend.err" '^net: seated' 30
kill -9 "$hpid" "$fpid"
wait "$hpid" "$fpid" 2>/dev/null
cp -r "$tmp/friend" "$tmp/friend_term"

start friend --rejoin
rpid=$pid
start friend_term --rejoin
tpid=$pid
sleep 2
kill -TERM "$tpid"
wait_exit "$tpid" 5
check "SIGTERM while going back: ended with status 0 within 5 s" "0" "$status"
wait_exit "$rpid" 25
check "host gone: --rejoin ended with status 1 within 25 s" "1" "$status"
check "host gone: said in words" "yes" \
    "$(grep -qF "ceki: The table at 127.0.0.1:$port does not answer; its host may have closed it." \
        "$tmp/friend.err" && echo yes || echo no)"

echo "net_rejoin_gone: $passes passed, $failures failed"
[ "$failures" -eq 0 ]
