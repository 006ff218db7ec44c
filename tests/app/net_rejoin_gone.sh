#!/bin/bash
# Going back to a network table whose host has quit, headless
# (SDL_VIDEODRIVER=dummy), over 127.0.0.1 only:
#   net_rejoin_gone.sh CEKI OUTDIR
# A host (--host, Pèi) and a friend (--join) sit at one table; both are
# killed with kill -9 once the friend is seated, so the friend's store
# keeps the way back. Then, with nobody at that port:
#  - ceki --rejoin --autoplay --as-person --exit-at-end ends by itself
#    within 25 s (the first seat is given up after 12 s), status 1, saying
#    the table does not answer and its host may have closed it;
#  - the same, sent SIGTERM after 2 s (as a logout or timeout does), ends
#    within 5 s with status 0.
# The two run side by side, each with its own copy of the friend's folder.
# Every process is killed on exit and every wait is bounded.
set -u
ceki=$1
tmp=$2
rm -rf "$tmp"
mkdir -p "$tmp"
. "$(dirname "$0")/headless.bash" # check, wait_for, wait_exit, ceki_start

port=$(free_port)
ceki_start host --host --variant pei --seats you,friend,greedy --port "$port"
hpid=$pid
wait_for "$tmp/host.err" 'hosting on port' 20
ceki_start friend --join "127.0.0.1:$port"
fpid=$pid
wait_for "$tmp/friend.err" '^net: seated' 30
kill -9 "$hpid" "$fpid"
wait "$hpid" "$fpid" 2>/dev/null
cp -r "$tmp/friend" "$tmp/friend_term"

ceki_start friend --rejoin
rpid=$pid
ceki_start friend_term --rejoin
tpid=$pid
sleep 2
kill -TERM "$tpid"
wait_exit "$tpid" 5
check "SIGTERM while going back: ended with status 0 within 5 s" "0" "$status"
wait_exit "$rpid" 25
check "host gone: --rejoin ended with status 1 within 25 s" "1" "$status"
check "host gone: said in words" "yes" \
    "$(grep -qF "ceki: The table at 127.0.0.1:$port does not answer; its host may have closed it." \
        "$tmp/friend.err" && echo yes || echo no)"

finish net_rejoin_gone
