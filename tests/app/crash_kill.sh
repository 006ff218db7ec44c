#!/usr/bin/env bash
# Nothing is lost to kill -9. The real program plays matches as
# the player (`ceki --autoplay --as-person`: the first seat's moves made
# through the table's own input, kept in the player's store and counted in
# the statistics) and is killed with SIGKILL at random instants, again and
# again, in four games by turns, each with its own game in progress.
# After every kill, the next start of that game must resume it at or after
# the last move the killed program had shown (its CEKI_STATE_LOG); at the
# end the database must be whole, every finished match counted once with
# each of its rounds once, no round missing, and every finished match kept
# among the replays. Then two copies play a match each at once into the
# same store, and both are counted whole.
# Usage: crash_kill.sh path/to/ceki OUT_DIR [KILLS]   (needs sqlite3)
set -u
. "$(dirname "$0")/../tools/need.bash"
need_tools sqlite3
ceki=$1
out=$2
kills=${3:-50}
rm -rf "$out" && mkdir -p "$out/home"
export HOME=$out/home XDG_DATA_HOME=$out/home/data SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export LANGUAGE=en
db=$XDG_DATA_HOME/ceki/ceki.db
variants=(thothit pei kowah totit)
declare -A shown    # game -> moves the killed program last showed ("" : none to check)
failures=0
killed=0
finished=0
rounds_finished=0
resumed=0
runs=0
RANDOM=15
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*"
}
while [ $killed -lt "$kills" ]; do
    v=${variants[$((runs % ${#variants[@]}))]}
    log=$out/state-$runs.log
    rm -f "$log"
    # The program itself is the background job (no wrapper between), so the
    # signal reaches it.
    CEKI_STATE_LOG=$log "$ceki" --autoplay --as-person --variant "$v" --speed instant \
        --exit-at-end >"$out/run-$runs.out" 2>"$out/run-$runs.err" &
    pid=$!
    # A random instant: 0 to 0.8 s after the program's first frame (about 0.3
    # to 1.1 s after its start on a quiet machine; a loaded one can take
    # seconds to the first frame, and a kill before it checks nothing). The
    # first frame waited for 30 s at most, and no longer than the program
    # lives.
    for ((i = 0; i < 300; i++)); do
        [ -s "$log" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    sleep "0.$((RANDOM % 3))$((RANDOM % 10))"
    sleep "0.$((RANDOM % 5))$((RANDOM % 10))"
    if kill -9 "$pid" 2>/dev/null; then
        wait "$pid" 2>/dev/null
        killed=$((killed + 1))
        status=killed
    else
        wait "$pid"
        rc=$?
        status=exit-$rc
        [ $rc -eq 0 ] || fail "run $runs ($v) exited $rc: $(head -c 300 "$out/run-$runs.err")"
    fi
    # This run's start: a game killed before must have come back.
    want=${shown[$v]:-}
    got=$(sed -n 's/^resumed [0-9a-f]* at move \([0-9]*\)$/\1/p' "$out/run-$runs.out" | head -1)
    if [ -n "$want" ] && [ "$want" -gt 0 ]; then
        if [ -z "$got" ]; then
            # Killed before it read the store, it said nothing: the next
            # start of this game must do it.
            grep -q "moves=" "$log" 2>/dev/null && fail "run $runs ($v) did not resume (killed at move $want)"
        elif [ "$got" -lt "$want" ]; then
            fail "run $runs ($v) resumed at move $got; the killed one had shown move $want"
        else
            resumed=$((resumed + 1))
        fi
    fi
    last=$(grep -o ' moves=[0-9]*' "$log" 2>/dev/null | tail -1 | cut -d= -f2)
    over=no
    if grep -q "^Winner" "$out/run-$runs.out" ||
        tail -1 "$log" 2>/dev/null | grep -q "status=The match is over"; then
        over=yes # (killed after the end, its standings were not printed)
    fi
    # Killed between the store's commit of the last move and the frame that
    # showed it: the store knows the match is over.
    match=$(grep -o ' match=[0-9a-f]*' "$log" 2>/dev/null | tail -1 | cut -d= -f2)
    if [ $over = no ] && [ -n "$match" ] &&
        [ "$(sqlite3 -batch -noheader "$db" "SELECT count(*) FROM replays WHERE match = '$match'" 2>/dev/null)" = 1 ]; then
        over=yes
    fi
    if [ "$status" = killed ] && [ $over = no ]; then
        # Killed before anything showed: what was to check stays to check.
        [ -n "$last" ] && shown[$v]=$last
    else
        shown[$v]=""
        [ $over = yes ] && finished=$((finished + 1))
    fi
    runs=$((runs + 1))
done
# Two copies at once, each a whole match of the same game into the same
# store: both matches and all their rounds are counted.
# (Two games, each started fresh; a second copy of one game beside a playing
# first is tests/app/two_copies.sh's.)
two=(enthit thothit-sackson)
for c in 0 1; do
    "$ceki" --autoplay --as-person --variant "${two[$c]}" --speed instant --exit-at-end \
        >"$out/two-$c.out" 2>"$out/two-$c.err" &
done
wait
for c in 0 1; do
    if grep -q "^Winner" "$out/two-$c.out"; then
        finished=$((finished + 1))
    else
        fail "copy $c of two did not finish its match: $(head -c 300 "$out/two-$c.err")"
    fi
done
q() { sqlite3 -batch -noheader "$db" "$1"; }
[ "$(q "SELECT count(*) FROM matches WHERE variant IN ('enthit', 'thothit-sackson')")" = 2 ] ||
    fail "the two copies' matches were not both counted"
[ "$(q 'PRAGMA integrity_check')" = ok ] || fail "the database is not whole"
gaps=$(q "SELECT count(*) FROM (SELECT match FROM rounds GROUP BY match HAVING count(*) != max(round))")
[ "$gaps" = 0 ] || fail "$gaps matches have a round missing from the statistics"
matches=$(q "SELECT count(*) FROM matches")
[ "$matches" = "$finished" ] || fail "$finished matches finished, $matches counted"
replays=$(q "SELECT count(*) FROM replays WHERE damaged = 0")
[ "$replays" = "$finished" ] || fail "$finished matches finished, $replays kept as replays"
# Each finished match: its rounds as its record plays them (ceki-cli), each
# counted once.
cli=$(dirname "$ceki")/ceki-cli
for m in $(q "SELECT match FROM replays WHERE damaged = 0"); do
    q "SELECT record FROM replays WHERE match = '$m'" >"$out/record.txt"
    played=$("$cli" replay "$out/record.txt" | sed -n 's/^round: //p')
    counted=$(q "SELECT count(*) FROM rounds WHERE match = '$m'")
    rounds_finished=$((rounds_finished + ${played:-0}))
    [ -n "$played" ] && [ "$counted" = "$played" ] ||
        fail "match $m played ${played:-?} rounds; $counted counted"
    [ "$(q "SELECT count(*) FROM matches WHERE match = '$m'")" = 1 ] ||
        fail "match $m is kept but not counted"
done
open=$(q "SELECT count(*) FROM games")
echo "crash test: $runs runs, $killed killed with SIGKILL, $resumed resumes checked," \
    "$finished matches finished ($rounds_finished rounds), $open games in progress left"
[ "$resumed" -ge $((kills / 2)) ] || fail "only $resumed resumes were checked"
[ $failures -eq 0 ] || { echo "$failures failures"; exit 1; }
echo "crash test: passed"
