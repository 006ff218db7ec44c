# A bot killed with kill -9 mid-round and started again with its token:
# it gets its seat back, and every seat prints the transcript of
# `ceki-cli match thothit --seed 5 --ai greedy`.
source "$(dirname "$0")/lib.bash"
seed=5
start_server restart 0 || exit 1
id=$(new_table thothit $seed)
start_bot b0 "$id" --token "$tmp/token0" --think 15 --dump "$tmp/dump0"
first=$bot_pid
start_bot b1 "$id" --think 15
p1=$bot_pid
start_bot b2 "$id" --think 15
p2=$bot_pid
wait_size "$tmp/dump0" 12000 60
kill -9 "$first"
wait "$first" 2>/dev/null
check "the token was kept" 32 "$(head -1 "$tmp/token0" | tr -d '\n' | wc -c)"
check "the match was not over" "" "$(grep -h '^winner' "$tmp/b1.out")"
start_bot b0again "$id" --token "$tmp/token0" --think 15
wait_pids 120 "$bot_pid" "$p1" "$p2"
check "every bot ended in time" 0 $?
want=$("$cli" match thothit --seed $seed --ai greedy)
check "the restarted bot's transcript" "$want" "$(cat "$tmp/b0again.out")"
check "seat 1's transcript" "$want" "$(cat "$tmp/b1.out")"
check "seat 2's transcript" "$want" "$(cat "$tmp/b2.out")"
seat_of() { sed -n 's/^bot: seat \([0-9]*\),.*/\1/p' "$tmp/$1.err"; }
check "the restarted bot has its own seat back" "$((3 - $(seat_of b1) - $(seat_of b2)))" "$(seat_of b0again)"
finish
