# A bot that never comes back: after --grace the host's computer
# plays its seat and the match ends; the seats still there print the same
# whole transcript.
source "$(dirname "$0")/lib.bash"
start_server grace 0 --grace 1 || exit 1
id=$(new_table thothit 9)
start_bot b0 "$id" --think 15 --dump "$tmp/dump0"
gone=$bot_pid
start_bot b1 "$id" --think 15
p1=$bot_pid
start_bot b2 "$id" --think 15
p2=$bot_pid
wait_size "$tmp/dump0" 12000 60
kill -9 "$gone"
wait "$gone" 2>/dev/null
wait_pids 120 "$p1" "$p2"
check "both bots ended in time" 0 $?
check "seat 1 and seat 2 print the same" "$(cat "$tmp/b1.out")" "$(cat "$tmp/b2.out")"
check "the transcript's first line" "match: thothit, 3 players, seed 9" "$(head -1 "$tmp/b1.out")"
check "the match has a winner" "1" "$(grep -c '^winner: seat' "$tmp/b1.out")"
check "three hands" "3" "$(grep -c '^hand ' "$tmp/b1.out")"
check "the computer took the seat" "1" "$(grep -c "grace is over; the computer plays it" "$tmp/grace.log")"
finish
