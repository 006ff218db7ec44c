#!/usr/bin/env bash
# The ceki-cli contract for `hint`: "move: M", then one "why: ..." line per
# reason, every number from the core's scoring (the values below are
# RULES.md's), and a clear error for what cannot be hinted.
# Usage: hint.sh path/to/ceki-cli
source "$(dirname "$0")/lib.bash"
records="$(dirname "$0")/records"

# Thothit: a red-stamped pair is 20 (RULES.md 3.1); a single S9 10.
out=$("$cli" hint thothit --hand "S9" --pool "S9 C4")
check "thothit forced move" "move: S9xS9" "$(echo "$out" | head -1)"
check "thothit forced why" "why: it is the only legal move" "$(echo "$out" | sed -n 2p)"
check "thothit red pair" "why: S9 taking S9 adds 20 points to your captured pile, which then scores 20" \
    "$(echo "$out" | grep 'adds')"
check "thothit red pair group" "why: S9 is a red-stamped pair, worth 20 points" "$(echo "$out" | grep 'is a')"
out=$("$cli" hint thothit --hand "C9" --pool "S9 C4")
check "thothit red single" "why: S9 is a red-stamped single, worth 10 points" "$(echo "$out" | grep 'is a')"
check "thothit twin in play" "why: one more S9 would add 10; 1 copy of it is still in play" \
    "$(echo "$out" | grep 'one more S9')"
out=$("$cli" hint thothit --hand "S9" --pool "S9 C4" --first-turn)
check "thothit first turn" "why: on a first turn only identical cards capture" "$(echo "$out" | tail -1)"
# A trail: nothing captures; C5 with an unseen twin gives a black pair (10).
out=$("$cli" hint thothit --hand "C5" --pool "S9 C4")
check "thothit trail move" "move: C5-" "$(echo "$out" | head -1)"
check "thothit trail none" "why: no card in your hand can capture" "$(echo "$out" | grep 'no card')"
check "thothit trail worth" "why: 5 unseen cards could take C5, worth at most 10 to the taker" \
    "$(echo "$out" | grep 'unseen')"

# Enthit: four copies, so two more S9 are still in play.
out=$("$cli" hint enthit --hand "S9" --pool "S9")
check "enthit copies" "why: one more S9 would add 10; 2 copies of it are still in play" \
    "$(echo "$out" | grep 'one more')"
# Totit: an identical pair is 1; the capture order sends C4 to S4 first.
out=$("$cli" hint totit --hand "C4" --pool "S4 C4")
check "totit move" "move: C4xS4" "$(echo "$out" | head -1)"
check "totit order" "why: C4 may not take C4 yet: the capture order wants another card first" \
    "$(echo "$out" | grep 'order')"
check "totit pair worth" "why: one more C4 would add 1; 1 copy of it is still in play" \
    "$(echo "$out" | grep 'one more C4')"
# The Chinese game: the other capture would forfeit the win.
out=$("$cli" hint thothit-chinese --hand "M4" --pool "C4 C4 S4")
check "chinese forfeit" "why: M4 taking C4 instead would forfeit the win" "$(echo "$out" | grep forfeit)"
# Pèi: cards outside a combination score their face value (RULES.md 3.11).
out=$("$cli" hint pei --hand "M1" --pool "M1")
check "pei face value" "why: M1 taking M1 adds 2 points to your captured pile, which then scores 2" \
    "$(echo "$out" | grep adds)"

# Kowah from records: declaring, a claim, a discard.
out=$("$cli" hint --record "$records/kowah-declare.txt" --seat 0)
check "kowah declare" "move: declare:M8
why: declaring the pair of M8 waits on M8: 2 live copies" "$out"
out=$("$cli" hint --record "$records/kowah-claim.txt" --seat 0)
check "kowah claim" "move: claim:M8
why: M8 completes your hand and wins it" "$out"
head -n 11 "$records/kowah-declare.txt" >"$tmp/early.txt"
echo end >>"$tmp/early.txt"
out=$("$cli" hint --record "$tmp/early.txt" --seat 1)
check "kowah discard" "yes" "$(echo "$out" | head -1 | grep -q '^move: discard:' && echo yes)"
check "kowah waits" "yes" "$(echo "$out" | grep -qE '^why: the hand is [0-9] short of checki; .* would bring it nearer: [0-9]+ live cop' && echo yes)"

# The record form for a fishing game, and its errors.
printf 'ceki-record 2\nvariant thothit\nplayers 3\nseed 7\noptions\nrounds 1\nstakes none\nmoves\nend\n' >"$tmp/t.txt"
out=$("$cli" hint --record "$tmp/t.txt" --seat 1)
check "record fishing" "yes" "$(echo "$out" | head -1 | grep -qE '^move: [A-Z0-9]+x[A-Z0-9]+$' && echo yes)"
fails "record seat not to move" "$cli" hint --record "$tmp/t.txt" --seat 0
fails "record seat out of range" "$cli" hint --record "$tmp/t.txt" --seat 9
fails "record missing file" "$cli" hint --record "$tmp/none.txt" --seat 0
fails "record with a hand" "$cli" hint thothit --hand C4 --pool C4 --record "$tmp/t.txt" --seat 1
fails "record without seat" "$cli" hint --record "$tmp/t.txt"
printf 'ceki-record 2\nvariant thothit\nplayers 3\nseed 7\nmoves\n0 C9xC9\nend\n' >"$tmp/bad.txt"
fails "record illegal move" "$cli" hint --record "$tmp/bad.txt" --seat 0
fails "kowah hand form" "$cli" hint kowah --hand "C1 C1" --pool ""
fails "kings hand form" "$cli" hint kings --hand "AS" --pool "AH"
fails "bad card" "$cli" hint thothit --hand "C4 Q7" --pool "S4"
fails "impossible copies" "$cli" hint thothit --hand "OT OT" --pool "OT"
fails "no pool" "$cli" hint thothit --hand "C4"
fails "unknown variant" "$cli" hint poker --hand "C4" --pool "C4"
fails "bad iterations" "$cli" hint thothit --hand "C4" --pool "C4" --ai-iterations 0

# The same arguments, the same answer.
a=$("$cli" hint thothit --hand "C4 S9 M7 OT" --pool "S9 C4 M2 RF M7" --seed 3)
b=$("$cli" hint thothit --hand "C4 S9 M7 OT" --pool "S9 C4 M2 RF M7" --seed 3)
check "deterministic" "$a" "$b"

finish
