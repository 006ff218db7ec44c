# 10 % packet loss and 100 ms delay each way: the bots reach the
# server through udp_shim, a lossy relay on 127.0.0.1 (netem is not in this
# machine's kernel), and still print exactly `ceki-cli match`'s transcript;
# each reports its resyncs.
source "$(dirname "$0")/lib.bash"
seed=3
start_server lossy 0 || exit 1
"$shim" "$port" 10 100 "$RANDOM" 280 >"$tmp/shim.out" 2>&1 &
started+=("$!")
wait_for "$tmp/shim.out" 'listening on 127\.0\.0\.1:[0-9]+' 10 || exit 1
id=$(new_table thit-thit-dulit $seed)
addr_port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/shim.out")
pids=()
for i in 0 1; do
    start_bot "b$i" "$id"
    pids+=("$bot_pid")
done
wait_pids 240 "${pids[@]}"
check "both bots ended in time" 0 $?
want=$("$cli" match thit-thit-dulit --seed $seed --ai greedy)
for i in 0 1; do
    check "seat-bot $i's transcript" "$want" "$(cat "$tmp/b$i.out")"
    check "seat-bot $i reports its resyncs" "yes" "$(grep -q 'resyncs [0-9]*' "$tmp/b$i.err" && echo yes)"
done
grep -h '^bot:' "$tmp"/b*.err
finish
