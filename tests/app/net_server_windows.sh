#!/bin/bash
# Two real ceki programs at one private table on a ceki-server, headless
# (SDL_VIDEODRIVER=dummy), over 127.0.0.1 only:
#   net_server_windows.sh CEKI CEKI_SERVER OUTDIR
# A ceki-server listens on 127.0.0.1 at a free port. Window A makes a
# private Pèi table there from the app (--host --server ... --private
# --seats you,friend,greedy) and says its invite, which carries the
# table's key. A third window given the table without the key is refused
# with the words for it, and one with a wrong key with the words for that;
# neither takes a seat. Window B joins by the invite link, as a browser
# hands it over (ceki ceki://HOST:PORT/TABLE?key=KEY). A and B play as a
# person would (--autoplay --as-person --exit-at-end) and print the same
# standings. Every process is killed on exit and every wait is bounded.
set -u
ceki=$1
server=$2
tmp=$3
rm -rf "$tmp"
mkdir -p "$tmp"
. "$(dirname "$0")/headless.bash" # check, wait_for, wait_exit, ceki_start, standings
export LANGUAGE=en

port=$(free_port)
"$server" --bind 127.0.0.1 --port "$port" 2>"$tmp/server.err" &
started+=("$!")
wait_for "$tmp/server.err" 'listening' 10 || { echo "the server did not start"; exit 1; }

# ---- A makes a private table on the server -----------------------------------
ceki_start A --host --server "127.0.0.1:$port" --private --variant pei --seats you,friend,greedy
apid=$pid
wait_for "$tmp/A.err" '^ceki: table made on ' 20
invite=$(sed -n 's/^ceki: table made on [^;]*; invite \(ceki:[^ ]*\)$/\1/p' "$tmp/A.err" | head -1)
check "the invite names the server and carries a key" "yes" \
    "$(grep -qE "^ceki://127\.0\.0\.1:$port/[A-Za-z0-9-]+\?key=[0-9a-f]{32}$" <<<"$invite" && echo yes || echo no)"
table=${invite%%\?*}

# ---- a window without the key, and one with a wrong key: refused in words ----
ceki_start C "$table"
cpid=$pid
wait_exit "$cpid" 30
check "without the key: refused (exit status 1)" 1 "$status"
check "without the key: the words for a private table" "yes" \
    "$(grep -q '^ceki: That table is private: join it with the invite link your friend sends' \
        "$tmp/C.err" && echo yes || echo no)"
wrong="$table?key=$(tr '0-9a-f' '1-9a-f0' <<<"${invite##*key=}")"
ceki_start D "$wrong"
dpid=$pid
wait_exit "$dpid" 30
check "a wrong key: refused (exit status 1)" 1 "$status"
check "a wrong key: the words for a wrong key" "yes" \
    "$(grep -q '^ceki: The key in that invite is wrong' "$tmp/D.err" && echo yes || echo no)"

# ---- B joins by the invite link; both play to the end ------------------------
ceki_start B "$invite"
bpid=$pid
wait_exit "$apid" 150
check "A ended by itself" 0 "$status"
wait_exit "$bpid" 150
check "B ended by itself" 0 "$status"
a=$(standings "$tmp/A.out")
[ -n "$a" ] || a="(A printed no standings)"
check "the same standings in both windows" "$a" "$(standings "$tmp/B.out")"
check "B sat at the friend's seat" "yes" \
    "$(grep -q "^net: seated 2 " "$tmp/B.err" && echo yes || echo no)"

finish
