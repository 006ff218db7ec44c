# The server killed with kill -9 mid-round and started again on the same
# --data: its tables are back, the bots come back by themselves,
# and every seat prints the transcript of `ceki-cli match`.
source "$(dirname "$0")/lib.bash"
seed=7
mkdir -p "$tmp/data"
start_server first 0 --data "$tmp/data" || exit 1
first_server=$server_pid
id=$(new_table thothit $seed)
pids=()
for i in 0 1 2; do
    start_bot "b$i" "$id" --think 15 --dump "$tmp/dump$i"
    pids+=("$bot_pid")
done
wait_size "$tmp/dump0" 12000 60
kill -9 "$first_server"
wait "$first_server" 2>/dev/null
check "the match was not over" "" "$(grep -h '^winner' "$tmp"/b*.out)"
start_server second "$port" --data "$tmp/data" || exit 1
wait_pids 150 "${pids[@]}"
check "every bot ended in time" 0 $?
want=$("$cli" match thothit --seed $seed --ai greedy)
for i in 0 1 2; do
    check "seat-bot $i's transcript" "$want" "$(cat "$tmp/b$i.out")"
    check "seat-bot $i came back" "1" "$(sed -n 's/.*reconnects \([0-9]*\).*/\1/p' "$tmp/b$i.err")"
done
check "the table came back" "yes" "$(grep -q "table $id: back at move" "$tmp/second.log" && echo yes)"
finish
