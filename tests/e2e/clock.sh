# The turn clock: at a --clock 2+4 table a bot that never moves (--think
# 600000) does not stop the match. When its move time and then its bank
# are spent the computer moves for it; three such moves in a row make the
# seat a stand-in, and the match ends. Every seat is told the clock (its
# own time running, the stalled one's bank spent). All three print the same
# transcript; a bad --clock is refused before anything is sent.
source "$(dirname "$0")/lib.bash"
check "a clock out of bounds is refused" 2 \
    "$("$cli" table --connect 127.0.0.1:1 --variant thothit --clock 0+5 2>/dev/null; echo $?)"
check "a clock without its bank is refused" 2 \
    "$("$cli" table --connect 127.0.0.1:1 --variant thothit --clock 20 2>/dev/null; echo $?)"
start_server clock 0 --grace 60 || exit 1
id=$(new_table thothit 9 --clock 2+4)
check "the table is made" 1 "$([ -n "$id" ] && echo 1)"
start_bot b0 "$id" --think 600000
p0=$bot_pid
start_bot b1 "$id" --think 15
p1=$bot_pid
start_bot b2 "$id" --think 15
p2=$bot_pid
wait_pids 90 "$p0" "$p1" "$p2"
check "every bot ended in time" 0 $?
check "seat 1 and seat 2 print the same" "$(cat "$tmp/b1.out")" "$(cat "$tmp/b2.out")"
check "the stalled seat prints the same" "$(cat "$tmp/b1.out")" "$(cat "$tmp/b0.out")"
check "the transcript's first line" "match: thothit, 3 players, seed 9" "$(head -1 "$tmp/b1.out")"
check "the match has a winner" "1" "$(grep -c '^winner: seat' "$tmp/b1.out")"
seat=$(sed -n 's/^bot: seat \([0-9]*\),.*/\1/p' "$tmp/b0.err")
ran_out=$(grep -c "table $id: seat $seat's time ran out; the computer moved for it" "$tmp/clock.log")
check "the clock moved three times for the stalled seat" 3 "$ran_out"
check "then the seat was stood in for" 1 \
    "$(grep -c "table $id: seat $seat is stalled; the computer plays it" "$tmp/clock.log")"
check "the stalled seat saw its time run and its bank spent" 1 \
    "$(grep -cE '^clock: running for this seat [1-9][0-9]* times, bank left at least 0 ms$' "$tmp/b0.err")"
for b in b1 b2; do
    check "$b saw its own time running" 1 \
        "$(grep -cE '^clock: running for this seat [1-9][0-9]* times' "$tmp/$b.err")"
done
check "nobody else's time ran out" 0 \
    "$(grep "time ran out" "$tmp/clock.log" | grep -vc "seat $seat's")"
finish
