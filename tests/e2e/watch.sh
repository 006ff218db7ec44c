# Spectators: `ceki-cli bot --watch` follows an open table's match to the
# end and prints the same public transcript as the seats (read live and
# checked against the record). A private table takes no spectators unless
# it says so; one that does wants its key.
source "$(dirname "$0")/lib.bash"
start_server watch 0 || exit 1
watch_bot() { # NAME TABLE ARGS...: a spectator; sets bot_pid
    local name=$1 table=$2
    shift 2
    "$cli" bot --connect "127.0.0.1:$addr_port" --table "$table" --watch "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err" &
    bot_pid=$!
    started+=("$bot_pid")
}
id=$(new_table thothit 9)
watch_bot w "$id"
wp=$bot_pid
wait_for "$tmp/watch.log" "table $id: connection [0-9]+ watches" 10
start_bot b0 "$id" --think 5
p0=$bot_pid
start_bot b1 "$id" --think 5
p1=$bot_pid
start_bot b2 "$id" --think 5
p2=$bot_pid
wait_pids 60 "$p0" "$p1" "$p2" "$wp"
check "the seats and the spectator ended in time" 0 $?
check "the spectator prints the seats' transcript" "$(cat "$tmp/b1.out")" "$(cat "$tmp/w.out")"
check "the transcript's first line" "match: thothit, 3 players, seed 9" "$(head -1 "$tmp/w.out")"
check "the match has a winner" 1 "$(grep -c '^winner: seat' "$tmp/w.out")"
check "the spectator read it live, with no seat" 1 \
    "$(grep -c '^bot: seat -1, .*transcript read live' "$tmp/w.err")"
# A private table: no spectators by default.
out=$(timeout 20 "$cli" table --connect "127.0.0.1:$addr_port" --variant thothit --private)
pid=$(sed -n 's/^table: //p' <<<"$out")
key=$(sed -n 's/^key: //p' <<<"$out")
timeout 20 "$cli" bot --connect "127.0.0.1:$addr_port" --table "$pid" --watch --key "$key" \
    >/dev/null 2>"$tmp/none.err"
check "a private table refuses a spectator" 1 $?
check "in words" 1 "$(grep -c 'refused the spectator: This table takes no spectators' "$tmp/none.err")"
# A private table that takes spectators wants its key.
out=$(timeout 20 "$cli" table --connect "127.0.0.1:$addr_port" --variant thothit --private \
    --watch public)
pid=$(sed -n 's/^table: //p' <<<"$out")
timeout 20 "$cli" bot --connect "127.0.0.1:$addr_port" --table "$pid" --watch \
    --key 0123456789abcdef0123456789abcdef >/dev/null 2>"$tmp/wrong.err"
check "a wrong key is refused" 1 $?
check "with its reason" 1 "$(grep -c 'refused the spectator' "$tmp/wrong.err")"
finish
