# Admission on a server that trusts no address, over 127.0.0.0/8: while
# 127.0.0.2 keeps 4,000 idle connections coming, a player from 127.0.0.3
# makes a table and three bots from there play it to the end with
# `ceki-cli match`'s transcript, and the hoarder never holds more than a
# few dozen connections; meanwhile 127.0.0.7 asks for tables as fast as
# it can and gets the per-address cap of tables waiting, no more. The
# server stays under 150 MB, and started again on its journal it brings
# back only the tables that live (the finished match is gone).
source "$(dirname "$0")/lib.bash"
seed=5
waiting_cap=8   # host_limits_default: tables of one address not being played
held_max=64     # a few dozen: 16 at no table, and what is halfway in
rss_max_kb=153600
mkdir -p "$tmp/data"
start_limited_server adm 0 --data "$tmp/data" || exit 1
at=127.0.0.1:$port
first=$server_pid
"$attacker" --connect "$at" --from 127.0.0.2 --seconds 12 idle 4000 >"$tmp/hoard.out" 2>&1 &
hoard=$!
started+=("$hoard")
"$attacker" --connect "$at" --from 127.0.0.7 --seconds 6 create >"$tmp/flood.out" 2>&1 &
flooder=$!
started+=("$flooder")
sleep 1
id=$(timeout 20 "$cli" table --connect "$at" --bind 127.0.0.3 --variant thothit --seed $seed |
    sed -n 's/^table: //p')
check "a player from another address makes a table" "yes" "$([ -n "$id" ] && echo yes)"
pids=()
for i in 0 1 2; do
    "$cli" bot --connect "$at" --bind 127.0.0.3 --table "$id" --level greedy \
        >"$tmp/b$i.out" 2>"$tmp/b$i.err" &
    pids+=("$!")
    started+=("$!")
done
wait_pids 90 "${pids[@]}"
check "every bot ended in time" 0 $?
want=$("$cli" match thothit --seed $seed --ai greedy)
for i in 0 1 2; do
    check "seat-bot $i's transcript" "$want" "$(cat "$tmp/b$i.out")"
done
wait_pids 30 "$hoard" "$flooder"
check "the attackers ended in time" 0 $?
cat "$tmp/hoard.out" "$tmp/flood.out"
peak=$(sed -n 's/.*peak held \([0-9]*\) connections.*/\1/p' "$tmp/hoard.out")
check "the hoarder held at most $held_max connections" "yes" \
    "$([ "${peak:-99999}" -le $held_max ] && echo yes)"
check "the hoarder was told why (too fast, or its address busy)" "yes" \
    "$(grep -qE 'reasons:.* (13|14) x' "$tmp/hoard.out" && echo yes)"
tables=$(sed -n 's/.*, tables \([0-9]*\),.*/\1/p' "$tmp/flood.out")
check "the flood got the per-address cap of tables" "$waiting_cap" "$tables"
check "the flood was told why (tables waiting)" "yes" \
    "$(grep -qE 'reasons:.* 30 x' "$tmp/flood.out" && echo yes)"
rss=$(awk '/^VmHWM:/ {print $2}' "/proc/$first/status")
echo "server peak resident memory: $rss kB"
check "the server stayed under 150 MB" "yes" "$([ "${rss:-999999}" -lt $rss_max_kb ] && echo yes)"
kill -9 "$first"
wait "$first" 2>/dev/null
start_limited_server again "$port" --data "$tmp/data" || exit 1
check "only the live tables came back" "yes" \
    "$(grep -q "^ceki-server: $waiting_cap tables back from the journal, 0 left out" "$tmp/again.log" && echo yes)"
check "the finished table is not among them" "" "$(grep "table $id: back" "$tmp/again.log")"
finish
