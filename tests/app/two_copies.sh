#!/usr/bin/env bash
# Two copies of the program never lose or fork a game, seen from
# outside, as a person starting the program twice would.
#  1. TRIALS times: two copies started at the same instant on a new profile
#     (each waits on one pipe, then both go), each playing its own game as
#     the person (`--autoplay --as-person --exit-at-end`: Thothit and Kowah).
#     Both must finish, neither may report its data unusable, and both
#     matches must be kept: counted in the statistics and among the replays.
#  2. Once: a second copy started while the first plays a Thothit game. The
#     second must not take up the first's game; it plays a match of its own,
#     and both are kept, the first's as the first played it.
# Usage: two_copies.sh path/to/ceki OUT_DIR [TRIALS]   (needs sqlite3)
# $CEKI_TWO_COPIES_TRIALS overrides TRIALS (a soak: 60). Measured (issue
# 31) with one `yes` per core on a machine loaded beside it: 60 trials, 0
# failed, 2,104 s; the part 2 run after them kept both.
set -u
. "$(dirname "$0")/../tools/need.bash"
need_tools sqlite3
ceki=$1
out=$2
trials=${CEKI_TWO_COPIES_TRIALS:-${3:-2}}
rm -rf "$out" && mkdir -p "$out"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy LANGUAGE=en
failures=0
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*"
}
q() { sqlite3 -batch -noheader "$1" "$2" 2>&1; }
games=(thothit kowah)

# One trial of part 1 in its own home; returns after both copies end.
together() {
    local t=$1 home=$out/together-$1 gate
    mkdir -p "$home"
    gate=$home/gate
    mkfifo "$gate"
    exec 3<>"$gate" # held open both ways: a copy never waits for a writer
    local pids=()
    for c in 0 1; do
        HOME=$home XDG_DATA_HOME=$home/data bash -c 'read -r _ <"$0" && exec "$@"' "$gate" \
            "$ceki" --autoplay --as-person --variant "${games[$c]}" --speed instant \
            --exit-at-end >"$home/copy-$c.out" 2>"$home/copy-$c.err" &
        pids+=($!)
    done
    sleep 0.2      # both waiting on the pipe (a late one still finds its line)
    printf '\n\n' >&3 # both go
    for c in 0 1; do
        wait "${pids[$c]}" || fail "trial $t: copy $c (${games[$c]}) exited $?: $(head -c 300 "$home/copy-$c.err")"
        grep -q '^Winner' "$home/copy-$c.out" || fail "trial $t: copy $c did not finish its match"
        if grep -q 'could not be opened\|busy\|damaged' "$home/copy-$c.err"; then
            fail "trial $t: copy $c: $(head -c 300 "$home/copy-$c.err")"
        fi
    done
    exec 3>&-
    local db=$home/data/ceki/ceki.db kept
    kept=$(q "$db" "SELECT group_concat(variant) FROM (SELECT variant FROM replays WHERE damaged = 0 ORDER BY variant)")
    [ "$kept" = "kowah,thothit" ] || fail "trial $t: kept among the replays: '$kept' (want kowah,thothit)"
    kept=$(q "$db" "SELECT group_concat(variant) FROM (SELECT variant FROM matches ORDER BY variant)")
    [ "$kept" = "kowah,thothit" ] || fail "trial $t: counted in the statistics: '$kept' (want kowah,thothit)"
}

start=$(date +%s)
for t in $(seq 1 "$trials"); do
    together "$t"
done
echo "two copies together on a new profile: $trials trials, $failures failed, $(($(date +%s) - start)) s"

# Part 2: the first copy plays (at fast speed, so it is still playing when
# the second starts); the second starts once the first's game is kept.
home=$out/second
mkdir -p "$home"
export HOME=$home XDG_DATA_HOME=$home/data
db=$XDG_DATA_HOME/ceki/ceki.db
"$ceki" --autoplay --as-person --variant thothit --speed fast --exit-at-end \
    >"$home/first.out" 2>"$home/first.err" &
first=$!
mine=""
for _ in $(seq 1 200); do # at most 20 s
    mine=$(q "$db" "SELECT match FROM games" 2>/dev/null | head -1)
    [ -n "$mine" ] && [ ${#mine} -eq 32 ] && break
    mine=""
    sleep 0.1
done
[ -n "$mine" ] || fail "the first copy kept no game in progress"
"$ceki" --autoplay --as-person --variant thothit --speed instant --exit-at-end \
    >"$home/second.out" 2>"$home/second.err"
rc=$?
[ $rc -eq 0 ] || fail "the second copy exited $rc: $(head -c 300 "$home/second.err")"
grep -q '^Winner' "$home/second.out" || fail "the second copy did not finish a match"
if grep -q '^resumed' "$home/second.out"; then
    fail "the second copy took up the first's game: $(grep '^resumed' "$home/second.out")"
fi
still=$(q "$db" "SELECT count(*) FROM games WHERE match = '$mine'")
[ "$still" = 1 ] || fail "the first's game in progress was not there while it played ($still)"
wait $first || fail "the first copy exited $?: $(head -c 300 "$home/first.err")"
grep -q '^Winner' "$home/first.out" || fail "the first copy did not finish its match"
[ "$(q "$db" "SELECT count(*) FROM replays WHERE damaged = 0 AND variant = 'thothit'")" = 2 ] ||
    fail "the two copies' matches were not both kept: $(q "$db" "SELECT match FROM replays")"
[ "$(q "$db" "SELECT count(*) FROM replays WHERE match = '$mine'")" = 1 ] ||
    fail "the first copy's match $mine was not kept as its own"
[ "$(q "$db" "SELECT count(*) FROM matches")" = 2 ] || fail "not both matches counted"
# The first's match as the first played it: its record's standings are the
# ones the first printed.
q "$db" "SELECT record FROM replays WHERE match = '$mine'" >"$home/first-record.txt"
cli=$(dirname "$ceki")/ceki-cli
if [ -x "$cli" ]; then
    "$cli" replay "$home/first-record.txt" >"$home/first-replay.out" 2>&1 ||
        fail "the first's record does not replay: $(head -c 300 "$home/first-replay.out")"
    # "Seat 2: 210 points" printed; "seat 1: round 70 match 210" replayed.
    sed -n 's/^Seat \([0-9]*\): \([0-9-]*\) points$/\1 \2/p' "$home/first.out" >"$home/first-points"
    [ -s "$home/first-points" ] || fail "the first copy printed no standings"
    while read -r seat points; do
        grep -Eq "^seat $((seat - 1)): .*match $points( |\$)" "$home/first-replay.out" ||
            fail "the first's record does not end as it played (seat $seat, $points): $(tail -4 "$home/first-replay.out")"
    done <"$home/first-points"
fi
[ "$(q "$db" 'PRAGMA integrity_check')" = ok ] || fail "the database is not whole"
echo "a second copy beside a playing one: $([ $failures -eq 0 ] && echo kept both || echo see above)"
[ "$failures" -eq 0 ]
