#!/usr/bin/env bash
# The network load benchmark (issue 28; by hand, not a test):
#
#   tests/bench/net_load.sh BUILD_DIR [TABLES] [SECONDS] [THINK_MS]
#
# Starts ceki-server on 127.0.0.1, drives it with
# `ceki-cli load --tables TABLES --variant thothit --think THINK_MS --seconds
# SECONDS` (default 1000 tables, 60 s, 1000 ms: 3,000 connected seats of
# people who think a second a move), stops it with SIGTERM and prints the
# load's figures, the server's peak resident memory (VmHWM) and processor
# time, what it sent, and bytes sent per move per seat. CEKI_PERF=1 also
# records the server with perf for the run and prints where its time went.
#
# Measured 2026-11-27 on this project's 2-core machine (shared with other
# builds and tests), 1000 tables, 60 s, think 1000 ms: 675 moves/s; server
# peak RSS 24.6 MB, 12.1 s of processor time in 60 s, 160 bytes sent per move
# per seat (138,340 messages, 19.5 MB); latency p50 59 ms, p99 676 ms, max
# 11.4 s, and 524 of 3,000 seats lost (timed out) on the load's side. The
# load client is one thread servicing 3,000 ENet connections on one socket;
# each ENet service call visits every peer, and the client's own loop is what
# stretches the latency (300 tables: p50 33 ms; 10 tables: p50 1 ms p99 3 ms).
# The server's time: libenet's peer loop first (about 15 %), then the codec
# and malloc (perf, by symbol).
set -uo pipefail
build=${1:?build directory}
tables=${2:-1000}
seconds=${3:-60}
think=${4:-1000}
tmp=$(mktemp -d)
trap 'kill -9 "${pid:-}" 2>/dev/null; rm -rf "$tmp"' EXIT

"$build/ceki-server" --bind 127.0.0.1 --port 0 2>"$tmp/server.log" &
pid=$!
for _ in $(seq 1 100); do
    grep -q 'listening on' "$tmp/server.log" 2>/dev/null && break
    sleep 0.05
done
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server.log")
if [ "${CEKI_PERF:-0}" = 1 ]; then
    perf record -g -o "$tmp/perf.data" -p "$pid" -- sleep "$((seconds - 5))" >/dev/null 2>&1 &
    perf_pid=$!
fi
"$build/ceki-cli" load --connect "127.0.0.1:$port" --tables "$tables" --variant thothit \
    --think "$think" --seconds "$seconds"
# Peak resident memory and processor time, read before it ends.
awk '/^VmHWM:/ {print "server: peak resident memory " $2 " kB"}' "/proc/$pid/status"
awk -v s="$seconds" '{printf "server: processor time %.1f s in %d s\n", ($14 + $15) / 100, s}' \
    "/proc/$pid/stat"
kill -TERM "$pid"
wait "$pid"
grep -E 'ceki-server: [0-9]+ tables' "$tmp/server.log"
sed -n 's/.* \([0-9]*\) moves, .* sent [0-9]* messages (\([0-9]*\) bytes).*/\1 \2/p' \
    "$tmp/server.log" |
    awk '$1 > 0 {printf "server: bytes sent per move per seat %.0f\n", $2 / $1 / 3}'
if [ "${CEKI_PERF:-0}" = 1 ]; then
    wait "$perf_pid"
    perf report -i "$tmp/perf.data" --stdio --no-children --percent-limit 1.5 2>/dev/null |
        grep -E '^ +[0-9.]+%' | head -25
fi
