#!/usr/bin/env bash
# The ceki-cli contract for variants, score, moves, sim and replay.
# Usage: core.sh path/to/ceki-cli
source "$(dirname "$0")/lib.bash"

# variants: id first, then min-max, then the name; all fourteen.
out=$("$cli" variants)
check "variants count" 14 "$(echo "$out" | wc -l | tr -d ' ')"
check "variants thothit" "thothit 3-3 Thothit" "$(echo "$out" | grep '^thothit ' | tr -s ' ')"
check "variants kuna" "thothit-kuna 4-6 Thothit Kuna" "$(echo "$out" | grep '^thothit-kuna ' | tr -s ' ')"
check "variants ids" "thothit thothit-chinese thothit-sackson enthit thothit-kuna thothit-yogyakarta thit-thit-dulit kings totit totit-denexa pei pei-magelang pei-chinese kowah" "$(echo "$out" | awk '{print $1}' | tr '\n' ' ' | sed 's/ $//')"

# score: last line "score: N"
check "score thothit" "score: 50" "$("$cli" score thothit OT OT RF C4 C4 S9 M2 | tail -1)"
check "score sackson advanced" "score: 6" "$("$cli" score thothit-sackson --option advanced C9 C9 OT OT M4 M4 | tail -1)"
check "score enthit" "score: 150" "$("$cli" score enthit C4 C4 C4 C4 OT OT OT OT | tail -1)"
check "score kuna 6p" "score: 21" "$("$cli" score thothit-kuna --players 6 RF RF RF RF RF RF | tail -1)"
check "score kings" "score: 3" "$("$cli" score kings AS AH 10D | tail -1)"
check "score empty" "score: 0" "$("$cli" score totit | tail -1)"
check "score breakdown" "yes" "$("$cli" score thothit OT OT C4 C4 | grep -q 'red-stamped pair' && echo yes)"
fails "score bad card" "$cli" score thothit OT XX
fails "score too many copies" "$cli" score thothit OT OT OT
fails "score kuna 4p copies" "$cli" score thothit-kuna --players 4 C1 C1 C1 C1 C1 C1 C1 C1 C1
fails "score unknown option" "$cli" score thothit --option advanced C1
fails "score unknown variant" "$cli" score poker C1

# moves: "<played> <captured>" or "<played> -", " forfeit", last line "moves: N"
out=$("$cli" moves thothit --hand "C4 S7" --pool "S4 C4 M7" --first-turn)
check "moves first turn" "C4 C4
S7 -
moves: 2" "$(echo "$out" | sort)"
out=$("$cli" moves thothit --hand "C4 S7" --pool "S4 C4 M7")
check "moves later turn" "C4 C4
C4 S4
S7 M7
moves: 3" "$(echo "$out" | sort)"
out=$("$cli" moves thothit-chinese --hand "M4" --pool "C4 C4 S4")
check "moves forfeit" "M4 C4 forfeit
M4 S4
moves: 2" "$(echo "$out" | sort)"
out=$("$cli" moves totit-denexa --hand "C4 C7" --pool "S4 M9")
check "moves denexa compulsory" "C4 S4
moves: 1" "$out"
out=$("$cli" moves totit --hand "OT" --pool "C1 WF OT")
check "moves totit tiers" "OT C1
moves: 1" "$out"
out=$("$cli" moves thothit-sackson --players 2 --hand "C4 C4" --pool "M4")
check "moves distinct lines" "C4 M4
moves: 1" "$out"
fails "moves impossible copies" "$cli" moves thothit --hand "OT OT" --pool "OT"
fails "moves bad card" "$cli" moves thothit --hand "C4 Q7" --pool "S4"
fails "moves no pool" "$cli" moves thothit --hand "C4"
fails "moves kings" "$cli" moves kings --hand "AS" --pool "AH"
fails "moves bad players" "$cli" moves thothit --players 4 --hand "C4" --pool "S4"

# sim: one line per seat, last line games/s; same seed, same output.
a=$("$cli" sim thothit --games 300 --seed 9 --ai random,random,random)
b=$("$cli" sim thothit --games 300 --seed 9 --ai random)
check "sim seats" 3 "$(echo "$a" | grep -c '^seat [0-2] (random): wins [0-9.]* \[[0-9.]* [0-9.]*\] mean [0-9.]*$')"
# The interval is the 95 % Wilson score interval of the share over the rounds.
wilson=$(echo "$a" | head -3 | awk -v n=300 '{
    p = $5; lo = substr($6, 2); hi = substr($7, 1, length($7) - 1); z = 1.959963984540054
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    ok = lo <= p && p <= hi && (lo - (c - h))^2 < 1e-8 && (hi - (c + h))^2 < 1e-8
    print ok ? "ok" : "bad " $0 }')
check "sim wilson interval" "ok ok ok" "$(echo $wilson)"
one=$("$cli" sim thothit --games 1 --seed 2 --ai greedy,greedy,greedy)
check "sim interval of one round" 3 "$(echo "$one" | grep -c '\[0\.[0-9]* [01]\.[0-9]*\]')"
check "sim last line" "yes" "$(echo "$a" | tail -1 | grep -q '^games/s: [0-9.]*$' && echo yes)"
check "sim deterministic" "$(echo "$a" | head -3)" "$(echo "$b" | head -3)"
wins=$(echo "$a" | head -3 | awk '{s += $5} END {printf "%.2f", s}')
check "sim wins add up" "1.00" "$wins"
check "sim players" 5 "$("$cli" sim kings --games 20 --seed 1 --players 5 | grep -c '^seat')"
fails "sim no seed" "$cli" sim thothit --games 10
fails "sim bad ai" "$cli" sim thothit --games 10 --seed 1 --ai clever
fails "sim ai count" "$cli" sim thothit --games 10 --seed 1 --ai random,random
fails "sim bad variant" "$cli" sim poker --games 10 --seed 1
# An iteration budget gives the same games on every run (and every machine).
a=$("$cli" sim thothit --games 6 --seed 3 --ai strong,greedy,greedy --ai-iterations 60 | head -3)
b=$("$cli" sim thothit --games 6 --seed 3 --ai strong,greedy,greedy --ai-iterations 60 | head -3)
check "sim iterations deterministic" "$(echo "$a" | sed 's/ ms\/move.*//')" "$(echo "$b" | sed 's/ ms\/move.*//')"
fails "sim bad iterations" "$cli" sim thothit --games 10 --seed 1 --ai-iterations 0

# replay: a record made by hand, and damaged ones.
cat >"$tmp/ok.txt" <<REC
ceki-record 1
variant thit-thit-dulit
players 2
seed 3
options
rounds 1
stakes none
moves
REC
# Seats alternate from the starter, which the seed decides: try both.
printf '' >"$tmp/rec"
for start in 0 1; do
    head -8 "$tmp/ok.txt" >"$tmp/try.txt"
    for i in $(seq 0 59); do echo "$(((start + i) % 2)) turn" >>"$tmp/try.txt"; done
    echo end >>"$tmp/try.txt"
    if "$cli" replay "$tmp/try.txt" >"$tmp/out" 2>/dev/null; then cp "$tmp/try.txt" "$tmp/rec"; break; fi
done
check "replay match over" "state: match over" "$(grep '^state:' "$tmp/out")"
check "replay moves" "moves: 60" "$(grep '^moves:' "$tmp/out")"
head -12 "$tmp/rec" >"$tmp/cut.txt"
fails "replay truncated" "$cli" replay "$tmp/cut.txt"
sed 's/^variant .*/variant nope/' "$tmp/rec" >"$tmp/bad.txt"
fails "replay bad variant" "$cli" replay "$tmp/bad.txt"
fails "replay missing file" "$cli" replay "$tmp/does-not-exist"
fails "unknown command" "$cli" frobnicate

finish
