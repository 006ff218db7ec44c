#!/usr/bin/env bash
# The `ceki --autoplay ... --exit-at-end` contract: a whole match
# with a computer in every seat through the table's scene and the event
# loop, then one line per seat with its match score and a line naming the
# winner(s), exit status 0.
#   autoplay_cli.sh path/to/ceki VARIANT PLAYERS LEVEL
set -u
ceki=$1
variant=$2
players=$3
level=$4
out=$("$ceki" --autoplay --variant "$variant" --players "$players" --seed 7 --level "$level" \
    --exit-at-end --size 640x400 2>&1)
status=$?
echo "$out"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$status" -eq 0 ] || fail "exit status $status"
for ((s = 1; s <= players; s++)); do
    echo "$out" | grep -Eq "^Seat $s: -?[0-9]+ " || fail "no standing for seat $s"
done
[ "$(echo "$out" | grep -Ec '^Seat [0-9]+: ')" -eq "$players" ] || fail "not one line per seat"
# (Kowah: when no hand was won the match has no winner, and says so.)
echo "$out" | grep -Eq "^(Winners?: Seat [0-9]+(, Seat [0-9]+)*|Winner: none)$" ||
    fail "no line naming the winner"
# The same seed plays the same match.
again=$("$ceki" --autoplay --variant "$variant" --players "$players" --seed 7 --level "$level" \
    --exit-at-end --size 640x400 2>&1)
[ "$out" = "$again" ] || fail "the same seed played another match"
echo "autoplay $variant: all checks passed"
