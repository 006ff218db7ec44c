# A table without a clock: a bot that never moves (--think 600000) keeps
# the match waiting until its creator, who stays (ceki-cli table
# --hand-stalled 4), hands that seat to the computer; then the match ends
# and every seat prints the same transcript.
source "$(dirname "$0")/lib.bash"
start_server stalled 0 --grace 60 || exit 1
timeout 90 "$cli" table --connect "127.0.0.1:$addr_port" --variant thothit --seed 9 \
    --hand-stalled 4 >"$tmp/creator.out" 2>"$tmp/creator.err" &
cp=$!
started+=("$cp")
wait_for "$tmp/creator.out" '^table: ' 20
id=$(sed -n 's/^table: //p' "$tmp/creator.out")
start_bot b0 "$id" --think 600000
p0=$bot_pid
start_bot b1 "$id" --think 5
p1=$bot_pid
start_bot b2 "$id" --think 5
p2=$bot_pid
wait_pids 60 "$p0" "$p1" "$p2" "$cp"
check "the bots and the creator ended in time" 0 $?
seat=$(sed -n 's/^bot: seat \([0-9]*\),.*/\1/p' "$tmp/b0.err")
check "the creator handed the silent seat over once" "$seat" \
    "$(sed -n 's/^handed: seat \([0-9]*\) at move .*/\1/p' "$tmp/creator.out")"
check "and saw the match end" "over: 1 seats handed to the computer" "$(tail -1 "$tmp/creator.out")"
check "the host says so" 1 \
    "$(grep -c "table $id: the computer plays seat $seat (the creator handed it over)" "$tmp/stalled.log")"
check "seat 1 and seat 2 print the same" "$(cat "$tmp/b1.out")" "$(cat "$tmp/b2.out")"
check "the silent seat prints the same" "$(cat "$tmp/b1.out")" "$(cat "$tmp/b0.out")"
check "the match has a winner" 1 "$(grep -c '^winner: seat' "$tmp/b1.out")"
finish
