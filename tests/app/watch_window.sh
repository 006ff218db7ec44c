#!/usr/bin/env bash
# Watching a table on a ceki-server through the real window, as a person
# would, under Xvfb with a window manager (openbox) and xdotool, on
# 127.0.0.1 only:
#   watch_window.sh path/to/ceki path/to/ceki-server path/to/ceki-cli OUT_DIR
# A ceki-server listens on a free port; ceki-cli makes an open Thothit
# table there (spectators welcome, as an open table is unless told). The
# app's store has the server in its list (settings.txt's server= line, as
# the servers screen saves it). The person: Play with friends, the server
# in Your servers, Watch beside the table; the waiting room says they
# watch. Then a bot takes each seat (greedy, --think 60) and plays the
# three rounds; the watch screen shows the table and follows the match to
# its end, where its plates show the totals and the winner the bots'
# transcripts print (the screen may be some seconds behind a match this
# brisk: its cards move at the settings' pace). The program's own picture
# of the end is kept as OUT_DIR/over.png.
# Stop watching leaves the table: the server sees the spectator go, the
# person is back at the join screen with the server in the list. Where to
# click is read from CEKI_WIDGET_LOG, what the window shows from
# CEKI_STATE_LOG (scene_watch.c's describe: net_state, shown_move, round,
# over, totals, winners, from what its plates are drawn from). Every wait
# is bounded and every process is killed on exit.
set -u
. "$(dirname "$0")/window.bash" # window_manager, window_shot, need_tools
need_tools xvfb-run xauth xdotool openbox
if [ "${1:-}" != "--inside" ]; then
    ceki=$1
    server=$2
    cli=$3
    out=$4
    rm -rf "$out"
    mkdir -p "$out"
    home=$out/home
    mkdir -p "$home/data/ceki"
    export HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config SDL_AUDIODRIVER=dummy
    export LANGUAGE=en # the logs are read in English
    unset SDL_VIDEODRIVER
    export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
    exec xvfb-run -a -s "-screen 0 1400x900x24" bash "$0" --inside "$ceki" "$server" "$cli" "$out"
fi
ceki=$2
server=$3
cli=$4
out=$5
passes=0
failures=0
every=()
cleanup() {
    local p
    for p in "${every[@]}"; do
        kill -9 "$p" 2>/dev/null
    done
    wait 2>/dev/null
}
trap cleanup EXIT
. "$(dirname "$0")/free_port.bash" # free_port

ok() { passes=$((passes + 1)); }
fail() { # name, what
    failures=$((failures + 1))
    echo "FAIL $1: $2"
    [ -n "${pid:-}" ] && window_shot "$out/shot.png" "$pid" "$out/fail-$1.png" 5
}
check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        ok
    else
        fail "$1" "$(printf 'expected\n%s\n--- got\n%s' "$2" "$3")"
    fi
}
state() { tail -n 1 "$out/state.log"; }
widgets() { tail -n 1 "$out/widgets.log"; }
field() { state | grep -Eo -- " $1=[^ ]*" | head -1 | cut -d= -f2-; }
# wait_state NAME REGEX SECONDS: until the window's latest state line matches.
wait_state() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        state | grep -Eq -- "$2" && return 0
        sleep 0.1
    done
    fail "$1" "wanted /$2/ in $3 s; the window says: $(state | cut -c1-300)"
    return 1
}
# wait_line NAME FILE REGEX SECONDS: until a line of FILE matches.
wait_line() {
    local i
    for ((i = 0; i < $4 * 10; i++)); do
        grep -Eq -- "$3" "$2" 2>/dev/null && return 0
        sleep 0.1
    done
    fail "$1" "no line /$3/ in $2 in $4 s"
    return 1
}
# widget SCENE NAME SECONDS: the centre "x y" of the enabled widget NAME
# once the window shows SCENE with it.
widget() {
    local i at
    for ((i = 0; i < $3 * 10; i++)); do
        at=$(widgets | grep "^scene=$1|" | tr '|' '\n' | awk -F@ -v n="$2" '$1 == n { print $2; exit }')
        if [ -n "$at" ]; then
            echo "${at%,*} ${at#*,}"
            return 0
        fi
        sleep 0.1
    done
    fail "widget-$1-$2" "no '$2' on the $1 screen in $3 s: $(widgets | cut -c1-300)"
    return 1
}
# click SCENE NAME: a click on that widget.
click() {
    local at
    at=$(widget "$1" "$2" 15) || return 1
    xdotool windowactivate --sync "$wid" >/dev/null 2>&1
    set -- $at
    xdotool mousemove --window "$wid" "$1" "$2" click 1
}
# wait_gone PID SECONDS: until the process PID ended.
wait_gone() {
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        kill -0 "$1" 2>/dev/null || {
            wait "$1" 2>/dev/null
            return 0
        }
        sleep 0.1
    done
    return 1
}

window_manager "$out" || exit 1
every+=("$wm")

# ---- the server and its open table -----------------------------------------
port=$(free_port)
"$server" --bind 127.0.0.1 --port "$port" 2>"$out/server.err" &
every+=("$!")
wait_line server "$out/server.err" 'listening' 10 || exit 1
timeout 20 "$cli" table --connect "127.0.0.1:$port" --variant thothit >"$out/table.out" 2>"$out/table.err"
table=$(sed -n 's/^table: //p' "$out/table.out")
[ -n "$table" ] || {
    fail table "no table made: $(cat "$out/table.err")"
    exit 1
}

# ---- the app, with the server in its list ------------------------------------
printf 'anim_speed=fast\nserver=127.0.0.1:%s Club\n' "$port" >"$HOME/data/ceki/settings.txt"
: >"$out/state.log"
: >"$out/widgets.log"
CEKI_STATE_LOG="$out/state.log" CEKI_WIDGET_LOG="$out/widgets.log" CEKI_SHOT_FILE="$out/shot.png" \
    "$ceki" --size 1280x800 >"$out/ceki.out" 2>"$out/ceki.err" &
pid=$!
every+=("$pid")
wid=
for ((i = 0; i < 900; i++)); do # the first frame, then the window: 90 s at most
    grep -q . "$out/state.log" && wid=$(xdotool search --pid "$pid" 2>/dev/null | tail -1)
    kill -0 "$pid" 2>/dev/null || break
    [ -n "$wid" ] && break
    sleep 0.1
done
[ -n "$wid" ] || {
    fail start "no window: $(tail -3 "$out/ceki.err")"
    exit 1
}
xdotool windowmove "$wid" 0 0 2>/dev/null

# ---- the person: Play with friends, the server, Watch -------------------------
click title "Play with friends" || exit 1
click join "127.0.0.1:$port" || exit 1
wait_state lobby "^w=[0-9]+ h=[0-9]+ scene=lobby tables=[1-9]" 20 || exit 1
click lobby "Watch $table" || exit 1
# The match not begun: the waiting room, as a spectator.
wait_state watching '^w=[0-9]+ h=[0-9]+ scene=waiting net_state=2 .* watching=1 watchers=1' 20 || exit 1
wait_line server-watcher "$out/server.err" "table $table: connection [0-9]+ watches" 10 && ok
watcher=$(sed -n "s/^ceki-server: table $table: connection \([0-9]*\) watches.*/\1/p" "$out/server.err" | head -1)

# ---- the bots play the match; the screen follows it --------------------------
bots=()
for s in 0 1 2; do
    timeout 150 "$cli" bot --connect "127.0.0.1:$port" --table "$table" --level greedy --think 60 \
        >"$out/bot$s.out" 2>"$out/bot$s.err" &
    bots+=("$!")
    every+=("$!")
done
wait_state playing ' scene=watch net_state=3 watching=1 move=[1-9][0-9]* .* backs=[1-9]' 30 &&
    ok
for b in "${bots[@]}"; do
    wait_gone "$b" 150 || fail bots "a bot still plays after 150 s: $(tail -2 "$out/bot0.err")"
done
wait_state over ' scene=watch net_state=6 .* over=1 totals=[0-9]' 60
window_shot "$out/shot.png" "$pid" "$out/over.png" 10 || fail over-picture "no picture of the end"
totals=$(sed -n 's/^hand [0-9]*: .*; totals \([0-9,]*\)$/\1/p' "$out/bot0.out" | tail -1)
winners=$(sed -n 's/^winner://p' "$out/bot0.out" | grep -o 'seat [0-9]*' | cut -d' ' -f2 | paste -sd,)
[ -n "$totals" ] || fail transcript "the bot printed no totals: $(tail -3 "$out/bot0.out")"
check "the seats' transcripts agree" "$(cat "$out/bot0.out")" "$(cat "$out/bot1.out")"
check "the watch screen's totals are the transcript's" "$totals" "$(field totals)"
check "the watch screen's winners are the transcript's" "$winners" "$(field winners)"
check "the watch screen's last round is the transcript's" \
    "$(sed -n 's/^hand \([0-9]*\): .*/\1/p' "$out/bot0.out" | tail -1)" "$(field round)"

# ---- Stop watching: back at the list, the spectator gone ---------------------
seen=$(wc -l <"$out/server.err")
click watch "Stop watching" || exit 1
wait_state stopped "^w=[0-9]+ h=[0-9]+ scene=join .* servers=1 " 15
widget join "127.0.0.1:$port" 15 >/dev/null && ok # the server's line, to click again
for ((i = 0; i < 100; i++)); do # the server sees the spectator leave, after the click
    tail -n +$((seen + 1)) "$out/server.err" | grep -q "^ceki-server: conn ${watcher:-none} gone" && break
    sleep 0.1
done
[ "$i" -lt 100 ] && ok || fail spectator-gone "no 'conn ${watcher:-none} gone' in 10 s after Stop watching"
kill -0 "$pid" 2>/dev/null && ok || fail alive "the app ended: $(tail -3 "$out/ceki.err")"

echo "$passes passed, $failures failed; picture: $out/over.png"
[ "$failures" -eq 0 ]
