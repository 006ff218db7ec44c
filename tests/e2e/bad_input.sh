# 10,000 bad messages from raw ENet clients while a match runs:
# malformed, truncated, over-long, oversized, a host's own message, a seat
# token nobody holds, moves without a seat, and from a seated peer moves
# for another seat, out of turn, stale or illegal. The match still ends
# with `ceki-cli match`'s transcript, the server stays up with its peak
# resident memory under 64 MB, and every bad peer it saw was dropped with a
# reason (from its log), each flood peer with the reason its messages earn
# (flood.c): the one that sends a packet over NET_MAX_PACKET with
# NET_REASON_GARBAGE, from the transport, before the packet is whole.
source "$(dirname "$0")/lib.bash"
seed=11
peak_kb_limit=65536
start_server bad 0 --grace 2 || exit 1
id=$(new_table thothit $seed)
pids=()
for i in 0 1 2; do
    start_bot "b$i" "$id" --think 10
    pids+=("$bot_pid")
done
floods=()
for i in 1 2 3 4 5 6 7 8; do
    ("$flood" "127.0.0.1:$port" "$id" 1250 "$RANDOM" >"$tmp/flood$i.out" 2>&1
        echo "flood status $?" >>"$tmp/flood$i.out") &
    floods+=("$!")
    started+=("$!")
done
wait_pids 150 "${floods[@]}"
check "the flood ended in time" 0 $?
check "every flood peer was told the reason its messages earn" 8 "$(grep -h '^flood status 0$' "$tmp"/flood*.out | wc -l)"
grep -h '^flood: sent' "$tmp"/flood*.out
sent=$(sed -n 's/^flood: sent \([0-9]*\) messages.*/\1/p' "$tmp"/flood*.out | awk '{n += $1} END {print n}')
check "10,000 bad messages were sent" "yes" "$([ "${sent:-0}" -ge 10000 ] && echo yes)"
wait_pids 120 "${pids[@]}"
check "every bot ended in time" 0 $?
want=$("$cli" match thothit --seed $seed --ai greedy)
for i in 0 1 2; do
    check "seat-bot $i's transcript" "$want" "$(cat "$tmp/b$i.out")"
done
# Every connection the server saw, but the bots' and the table maker's,
# was dropped by the server with a reason (its log says which).
log="$tmp/bad.log"
good=$(sed -n "s/.*table $id: \(made by connection\|connection\) \([0-9]*\).*/\2/p" "$log" | sort -u)
unexplained=0
seen=0
for conn in $(sed -n 's/.*conn \([0-9]*\) connected from.*/\1/p' "$log"); do
    echo "$good" | grep -qx "$conn" && continue
    seen=$((seen + 1))
    grep -qE "conn(ection)? $conn dropped: [A-Za-z]" "$log" || unexplained=$((unexplained + 1))
done
echo "bad peers the server saw: $seen"
check "bad peers were seen" "yes" "$([ "$seen" -gt 50 ] && echo yes)"
check "every bad peer the server saw was dropped with a reason" 0 "$unexplained"
check "the server is still up" "yes" "$(kill -0 "$server_pid" 2>/dev/null && echo yes)"
peak=$(awk '/^VmHWM:/ {print $2}' "/proc/$server_pid/status")
echo "server peak resident memory: $peak kB"
check "the server's peak memory is under $peak_kb_limit kB" "yes" "$([ "${peak:-999999}" -lt $peak_kb_limit ] && echo yes)"
finish
