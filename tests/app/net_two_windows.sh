#!/bin/bash
# Two real ceki programs at one network table, headless
# (SDL_VIDEODRIVER=dummy), over 127.0.0.1 only:
#   net_two_windows.sh CEKI UDP_SHIM OUTDIR
# One hosts Pèi (--host --seats you,friend,greedy), the other joins by
# address; both play as a person would (--autoplay --as-person
# --exit-at-end) and must print the same standings. Then:
#  - the joiner killed with kill -9 mid-round and started again (the same
#    command: the store's ticket takes it back) sits at the same seat, at a
#    move no earlier than it had seen, with the same hand when no move of
#    its own or new round came between; the match ends the same in both;
#  - the same with the host killed and started again (its table back from
#    its journal; the joiner comes back by itself);
#  - the joiner's traffic (through tests/e2e/udp_shim) stopped for 30 s
#    (the shim frozen with SIGSTOP: nothing gets through): the host shows
#    that seat away with its countdown (CEKI_NET_TRACE lines), then back,
#    and the match ends the same in both.
# Every process is killed on exit and every wait is bounded.
set -u
ceki=$1
shim=$2
tmp=$3
rm -rf "$tmp"
mkdir -p "$tmp"
. "$(dirname "$0")/headless.bash" # check, wait_for, wait_exit, ceki_start, standings

# wait_restarted FILE PATTERN SECONDS: until a line after the "--- restarted"
# mark of FILE matches.
wait_restarted() {
    local i
    for ((i = 0; i < $3 * 20; i++)); do
        sed -n '/^--- restarted/,$p' "$1" 2>/dev/null | grep -qE "$2" && return 0
        sleep 0.05
    done
    echo "timed out waiting for '$2' after the restart in $1" >&2
    return 1
}

# wait_move FILE N SECONDS: until FILE traces a move numbered N or more.
wait_move() {
    local i m
    for ((i = 0; i < $3 * 20; i++)); do
        m=$(sed -n 's/^net: move \([0-9]*\) .*/\1/p' "$1" 2>/dev/null | tail -1)
        [ -n "$m" ] && [ "$m" -ge "$2" ] && return 0
        sleep 0.05
    done
    echo "timed out waiting for move $2 in $1" >&2
    return 1
}

host_args() { echo --host --variant pei --seats you,friend,greedy --port "$1"; }

# The last traced "move M round R hand H" of FILE before a kill, as "M R H".
last_move() { sed -n 's/^net: move \([0-9]*\) round \([0-9]*\) hand \(.*\)/\1 \2 \3/p' "$1" | tail -1; }
# The line of the seat taken again, as "S M R H".
seated_again() {
    sed -n 's/^net: seated \([0-9]*\) at move \([0-9]*\) round \([0-9]*\) hand \(.*\)/\1 \2 \3 \4/p' \
        "$1" | tail -1
}

# Both ended by themselves, with the same standings.
both_end() { # name host_name host_pid join_name join_pid
    wait_exit "$3" 120
    wait_exit "$5" 120
    local h j
    h=$(standings "$tmp/$2.out")
    j=$(standings "$tmp/$4.out")
    [ -n "$h" ] || h="(the host printed no standings)"
    check "$1: the same standings in both windows" "$h" "$j"
}

# The hand at a rejoin: the same as before the kill when nothing of its
# own happened between (the same move number), and at the same seat.
same_hand() { # name before(M R H) after(S M R H) seat
    local m0 r0 h0 s1 m1 r1 h1
    read -r m0 r0 h0 <<<"$2"
    read -r s1 m1 r1 h1 <<<"$3"
    check "$1: the same seat" "$4" "$s1"
    check "$1: not back before the move it had seen" "yes" "$([ "${m1:-0}" -ge "${m0:-0}" ] && echo yes || echo no)"
    if [ "$m1" == "$m0" ]; then
        check "$1: the same hand at the same move" "$h0" "$h1"
    fi
}

# ---- 1. a whole match --------------------------------------------------------
port=$(free_port)
ceki_start host1 $(host_args "$port")
hpid=$pid
wait_for "$tmp/host1.err" 'hosting on port' 20
ceki_start join1 --join "127.0.0.1:$port"
jpid=$pid
both_end "plain match" host1 "$hpid" join1 "$jpid"
check "plain match: the joiner sat at seat 2" "2" "$(seated_again "$tmp/join1.err" | cut -d' ' -f1)"

# ---- 2. the joiner killed mid-round and started again ----------------------
port=$(free_port)
ceki_start host2 $(host_args "$port")
hpid=$pid
wait_for "$tmp/host2.err" 'hosting on port' 20
ceki_start join2 --join "127.0.0.1:$port"
jpid=$pid
wait_move "$tmp/join2.err" 40 60
kill -9 "$jpid"
wait "$jpid" 2>/dev/null
before=$(last_move "$tmp/join2.err")
echo "--- restarted" >>"$tmp/join2.err"
ceki_start join2 --join "127.0.0.1:$port"
jpid=$pid
wait_for "$tmp/join2.err" 'going back to the table' 20
wait_restarted "$tmp/join2.err" '^net: seated' 30
same_hand "joiner killed" "$before" "$(seated_again "$tmp/join2.err")" 2
both_end "joiner killed" host2 "$hpid" join2 "$jpid"

# ---- 3. the host killed mid-round and started again -------------------------
port=$(free_port)
ceki_start host3 $(host_args "$port")
hpid=$pid
wait_for "$tmp/host3.err" 'hosting on port' 20
ceki_start join3 --join "127.0.0.1:$port"
jpid=$pid
wait_move "$tmp/host3.err" 40 60
kill -9 "$hpid"
wait "$hpid" 2>/dev/null
before=$(last_move "$tmp/host3.err")
wait_for "$tmp/join3.err" '^net: (reconnecting|host gone)' 30
echo "--- restarted" >>"$tmp/host3.err"
ceki_start host3 $(host_args "$port")
hpid=$pid
wait_for "$tmp/host3.err" 'going back to the table' 20
wait_restarted "$tmp/host3.err" '^net: seated' 30
same_hand "host killed" "$before" "$(seated_again "$tmp/host3.err")" 1
both_end "host killed" host3 "$hpid" join3 "$jpid"
check "host killed: the joiner came back by itself" "yes" \
    "$(sed -n '/^net: \(reconnecting\|host gone\)/,$p' "$tmp/join3.err" | grep -q '^net: playing' && echo yes || echo no)"

# ---- 4. the joiner's traffic stopped for 30 s --------------------------------
port=$(free_port)
ceki_start host4 $(host_args "$port")
hpid=$pid
wait_for "$tmp/host4.err" 'hosting on port' 20
"$shim" "$port" 0 0 1 280 >"$tmp/shim.out" &
spid=$!
started+=("$spid")
wait_for "$tmp/shim.out" 'listening on 127\.0\.0\.1:[0-9]+' 10
sport=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/shim.out" | head -1)
ceki_start join4 --join "127.0.0.1:$sport"
jpid=$pid
wait_move "$tmp/join4.err" 30 60
kill -STOP "$spid"
sleep 30
kill -CONT "$spid"
both_end "30 s without a network" host4 "$hpid" join4 "$jpid"
# The host's seats come every 5 s while one is away: 60, 55, 50, ...
away=$(sed -n 's/^net: seat 2 away \([0-9]*\) s/\1/p' "$tmp/host4.err" | sort -rnu | tr '\n' ' ')
# (How long the host sees it away depends on when ENet gives the silent
# peer up, 10 s or more into the 30: one line at least, a countdown.)
check "30 s without a network: the host showed the seat away with its countdown" "yes" \
    "$([ "$(wc -w <<<"$away")" -ge 1 ] && [ "${away%% *}" -le 60 ] && echo yes || echo no)"
check "30 s without a network: the seat came back" "yes" \
    "$(sed -n '/^net: seat 2 away/,$p' "$tmp/host4.err" | grep -q '^net: seat 2 here' && echo yes || echo no)"
check "30 s without a network: the joiner reconnected by itself" "yes" \
    "$(sed -n '/^net: reconnecting/,$p' "$tmp/join4.err" | grep -q '^net: playing' && echo yes || echo no)"

finish
