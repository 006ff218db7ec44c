# Private tables and idle tables on a server that trusts no address, with
# --table-idle 5, over 127.0.0.0/8. A private table is not listed; a bot
# without its key or with a wrong one is refused (status 1, the reason on
# stderr); three bots with the key play it to `ceki-cli match`'s end.
# 10,000 wrong keys from 127.0.0.8 get no seat and that address is cut
# off. A table nobody comes to and one whose only person left are closed
# within 10 s, and the token of the one who left is told it was closed
# and why.
source "$(dirname "$0")/lib.bash"
seed=6
start_limited_server priv 0 --table-idle 5 || exit 1
at=127.0.0.1:$port
timeout 20 "$cli" table --connect "$at" --bind 127.0.0.3 --variant thothit --seed $seed --private \
    >"$tmp/private.out"
id=$(sed -n 's/^table: //p' "$tmp/private.out")
key=$(sed -n 's/^key: //p' "$tmp/private.out")
check "a private table's key: 32 hex digits" "yes" "$([[ $key =~ ^[0-9a-f]{32}$ ]] && echo yes)"
check "its invite" "invite: ceki://$at/$id?key=$key" "$(sed -n 's/^invite: //p' "$tmp/private.out" | sed 's/^/invite: /')"
empty=$(timeout 20 "$cli" table --connect "$at" --bind 127.0.0.3 --variant thothit |
    sed -n 's/^table: //p')
check "an open table is listed, the private one not" "$empty thothit 3 3 no" \
    "$(timeout 20 "$cli" list --connect "$at" --bind 127.0.0.4)"
"$attacker" --connect "$at" --from 127.0.0.8 --seconds 4 keys "$id" >"$tmp/keys.out" 2>&1 &
guesser=$!
started+=("$guesser")
for k in "" 0123456789abcdef0123456789abcdef; do
    args=()
    [ -n "$k" ] && args=(--key "$k")
    timeout 20 "$cli" bot --connect "$at" --bind 127.0.0.4 --table "$id" --level greedy "${args[@]}" \
        >"$tmp/nokey.out" 2>"$tmp/nokey.err"
    check "a bot with key '$k' is refused" "1" "$?"
    check "and told why" "yes" "$(grep -q 'private, and the key is wrong or missing' "$tmp/nokey.err" && echo yes)"
done
pids=()
for i in 0 1 2; do
    "$cli" bot --connect "$at" --bind 127.0.0.5 --table "$id" --key "$key" --level greedy \
        >"$tmp/b$i.out" 2>"$tmp/b$i.err" &
    pids+=("$!")
    started+=("$!")
done
# the one who leaves: seat 0 of a table with two computers, its token kept
left=$(timeout 20 "$cli" table --connect "$at" --bind 127.0.0.6 --variant thothit \
    --seats net,greedy,greedy | sed -n 's/^table: //p')
"$cli" bot --connect "$at" --bind 127.0.0.6 --table "$left" --level greedy --think 50 \
    --token "$tmp/token" >/dev/null 2>"$tmp/leaver.err" &
leaver=$!
started+=("$leaver")
wait_size "$tmp/token" 32 20
sleep 0.5
kill -TERM "$leaver"
wait_pids 10 "$leaver"
check "the leaver went" 0 $?
wait_pids 90 "${pids[@]}"
check "the keyed bots ended in time" 0 $?
want=$("$cli" match thothit --seed $seed --ai greedy)
for i in 0 1 2; do
    check "keyed bot $i's transcript" "$want" "$(cat "$tmp/b$i.out")"
done
wait_for "$tmp/priv.log" "table $empty: closed: The table was closed: nobody sat at it" 10
check "the table nobody came to was closed" 0 $?
wait_for "$tmp/priv.log" "table $left: closed: The table was closed: everyone had left its match" 10
check "the table everyone left was closed" 0 $?
timeout 20 "$cli" bot --connect "$at" --bind 127.0.0.6 --table "$left" --level greedy \
    --token "$tmp/token" >/dev/null 2>"$tmp/back.err"
check "its token coming back ends the bot" "1" "$?"
check "with the reason" "yes" \
    "$(grep -q 'The table was closed: everyone had left its match' "$tmp/back.err" && echo yes)"
wait_pids 20 "$guesser"
cat "$tmp/keys.out"
check "10,000 wrong keys got no seat" "yes" "$(grep -q ', seats 0,' "$tmp/keys.out" && echo yes)"
check "and the guessing address was cut off" "yes" \
    "$(grep -qE 'reasons:.* 15 x' "$tmp/keys.out" && echo yes)"
timeout 20 "$cli" list --connect "$at" --bind 127.0.0.8 >/dev/null 2>"$tmp/cut.err"
check "a cut-off address is refused" "1" "$?"
check "and told why" "yes" "$(grep -q 'shut out for a while' "$tmp/cut.err" && echo yes)"
finish
