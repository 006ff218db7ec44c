#!/usr/bin/env bash
# How soon ceki-server sees a seat away after its player's program is
# killed (by hand, not a test):
#
#   tests/bench/silent_peer.sh BUILD_DIR [RUNS]
#
# Starts ceki-server on 127.0.0.1 (grace 60 s), makes a Thothit table with
# ceki-cli and seats three greedy bots that think 15 ms a move; once the
# first has played a while it is killed with kill -9 (no word to the
# server, as a crash or a pulled cable) and the time until the server logs
# "seat N is away" is printed. RUNS runs (default 3). Every wait is bounded.
#
# Measured 2026-12-02 on the project's 2-core machine:
# before (ENet's timeout fixed at 10 s, pings every 1.5 s) 14.6, 12.6 and
# 14.7 s; after (net_transport.h: NET_PEER_TIMEOUT_MIN_MS 2.5 s, at most
# 30 s; pings still every 1.5 s) 2.8 to 4.9 s in seven runs. The app's own
# host (pings every 0.5 s) is measured by tests/app/test_net_table.c's
# test_silent_friend_seen_away: 10.7 s before, 3.1 s after.
set -u
build=${1:?usage: silent_peer.sh BUILD_DIR [RUNS]}
runs=${2:-3}
server=$build/ceki-server
cli=$build/ceki-cli

# wait_grep FILE PATTERN TENTHS: true once FILE holds PATTERN.
wait_grep() {
    local i
    for ((i = 0; i < $3; i++)); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

one_run() {
    local tmp pids=() sp port id b i t0 t1
    tmp=$(mktemp -d /tmp/silent-peer.XXXXXX)
    "$server" --bind 127.0.0.1 --port 0 --allow-seed --trust 127.0.0.1 --grace 60 \
        2>"$tmp/server.log" &
    sp=$!
    if ! wait_grep "$tmp/server.log" 'listening on' 100; then
        echo "the server did not start" >&2
        kill "$sp" 2>/dev/null
        return 1
    fi
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server.log" | head -1)
    id=$(timeout 20 "$cli" table --connect "127.0.0.1:$port" --variant thothit --seed 9 |
        sed -n 's/^table: //p')
    for b in 0 1 2; do
        "$cli" bot --connect "127.0.0.1:$port" --table "$id" --level greedy --think 15 \
            --dump "$tmp/dump$b" >"$tmp/b$b.out" 2>"$tmp/b$b.err" &
        pids+=("$!")
    done
    for ((i = 0; i < 600; i++)); do
        [ "$(stat -c %s "$tmp/dump0" 2>/dev/null || echo 0)" -gt 12000 ] && break
        sleep 0.1
    done
    t0=$(date +%s%N)
    kill -9 "${pids[0]}"
    wait "${pids[0]}" 2>/dev/null
    if wait_grep "$tmp/server.log" 'is away' 600; then
        t1=$(date +%s%N)
        echo "kill -9 to seat away: $(((t1 - t0) / 1000000)) ms"
    else
        echo "no seat away within 60 s" >&2
    fi
    kill "${pids[1]}" "${pids[2]}" "$sp" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$tmp"
}

for ((r = 0; r < runs; r++)); do
    one_run
done
