#!/usr/bin/env bash
# Two real ceki windows at one network table,
# under Xvfb with a window manager (openbox), driven by xdotool
# as a person would drive them, over 127.0.0.1 only:
#   net_windows_xdo.sh path/to/ceki OUT_DIR
# Each window has its own HOME and XDG folders (its own store). Window A:
# Play, Pèi, Play with friends over the network, one round, Host a table
# (seats: you, a friend, a computer), its name and port typed, Open the
# table (private, as the screen has it unless told). Window B: the title's
# Play with friends, its name and A's invite (with the table's key) typed,
# Enter. A starts the
# match; both play their first moves by mouse (a double-click on a hand
# card) and by keyboard (Enter to pick up and take, T to trail), then play
# by themselves (--autoplay-after N: the program plays for the person after
# their own N moves and prints the standings at the match's end). Then:
#  1. B killed with kill -9 at its own decision mid-round and started again:
#     the title offers Rejoin the table, a click on it seats B at the same
#     seat, at the same move with the same hand (CEKI_NET_TRACE's lines);
#  2. the same with the host A killed and started again (its table back
#     from its journal; B comes back by itself).
# Each run ends in both windows with the same standings. Where to click is
# read from the program: CEKI_WIDGET_LOG (each screen's widgets by name
# with their centres) and CEKI_STATE_LOG (what the window shows: at the
# table, a hand card to click and whether the person decides). Both
# windows' pictures (their own, CEKI_SHOT_FILE: window.bash) go to
# OUT_DIR/shots at a failure, and at the key moments with NET_XDO_SHOTS=1.
# Every wait is bounded and every process is killed on exit.
set -u
. "$(dirname "$0")/window.bash" # window_manager, window_shot, need_tools
need_tools xvfb-run xauth xdotool openbox
if [ "${1:-}" != "--inside" ]; then
    ceki=$1
    out=$2
    rm -rf "$out"
    mkdir -p "$out/shots"
    export SDL_AUDIODRIVER=dummy LANGUAGE=en CEKI_NET_TRACE=1 # the logs are read in English
    unset SDL_VIDEODRIVER
    export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
    # Two 1280x800 windows side by side, with their frames.
    exec xvfb-run -a -s "-screen 0 2600x880x24" bash "$0" --inside "$ceki" "$out"
fi
ceki=$2
out=$3
passes=0
failures=0
shots=0
# A program's first frame, and its window after that frame (seconds).
first_frame_limit=90
window_limit=30
declare -A pid wid place made want mouse keyed
place[A]=0
place[B]=1300
window_manager "$out" || exit 1
every=("$wm") # every process started, for the exit

cleanup() {
    local p
    for p in "${every[@]}"; do
        kill -9 "$p" 2>/dev/null
    done
    wait 2>/dev/null
}
trap cleanup EXIT

ok() { passes=$((passes + 1)); }
fail() { # name, what
    failures=$((failures + 1))
    echo "FAIL $1: $2"
    shot "fail-$1"
}
check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        ok
    else
        fail "$1" "$(printf 'expected\n%s\n--- got\n%s' "$2" "$3")"
    fi
}
shot() { # what: each window's picture, at a failure or with NET_XDO_SHOTS=1
    local w
    [ -n "${NET_XDO_SHOTS:-}" ] || [ "${1#fail-}" != "$1" ] || return 0
    shots=$((shots + 1))
    for w in A B; do
        [ -n "${pid[$w]:-}" ] && kill -0 "${pid[$w]}" 2>/dev/null &&
            window_shot "$out/shot-$w.png" "${pid[$w]}" \
                "$(printf '%s/shots/%02d-%s-%s.png' "$out" "$shots" "$1" "$w")" 5
    done
    return 0
}

. "$(dirname "$0")/free_port.bash" # free_port

# ---- the windows ---------------------------------------------------------

# start W RUN ARGS...: window W (A or B) of run RUN, with its own folders
# (kept across a restart: its store holds the way back), its logs fresh,
# placed on its half of the screen. Sets pid[W] and wid[W].
start() {
    local w=$1 run=$2 home="$out/$2-$1" i
    shift 2
    mkdir -p "$home/data/ceki"
    [ -f "$home/data/ceki/settings.txt" ] || printf 'anim_speed=instant\n' >"$home/data/ceki/settings.txt"
    : >"$out/$run-$w.state"
    : >"$out/$run-$w.widgets"
    HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config \
        CEKI_STATE_LOG="$out/$run-$w.state" CEKI_WIDGET_LOG="$out/$run-$w.widgets" \
        CEKI_SHOT_FILE="$out/shot-$w.png" \
        CEKI_DISCOVERY_TO=127.0.0.1 CEKI_DISCOVERY_PORT="$discovery" \
        "$ceki" "$@" >>"$out/$run-$w.out" 2>>"$out/$run-$w.err" &
    pid[$w]=$!
    every+=("${pid[$w]}")
    wid[$w]=
    made[$w]=0
    # Its first frame drawn (a state line), then its window found, by the
    # clock: on a loaded machine the first frame may take long, so the wait
    # runs while the program lives, up to first_frame_limit seconds for the
    # frame and window_limit more for the window after it; the program gone
    # meanwhile is said at once.
    local began=$SECONDS drawn=
    while :; do
        if [ -z "$drawn" ] && grep -q . "$out/$run-$w.state"; then drawn=$SECONDS; fi
        [ -n "$drawn" ] && wid[$w]=$(xdotool search --pid "${pid[$w]}" 2>/dev/null | tail -1)
        [ -n "${wid[$w]}" ] && break
        kill -0 "${pid[$w]}" 2>/dev/null || break
        [ -z "$drawn" ] && ((SECONDS - began >= first_frame_limit)) && break
        [ -n "$drawn" ] && ((SECONDS - drawn >= window_limit)) && break
        sleep 0.1
    done
    if [ -z "${wid[$w]}" ]; then
        fail "start-$run-$w" "no window after $((SECONDS - began)) s (${drawn:+first frame drawn, }$(
            kill -0 "${pid[$w]}" 2>/dev/null && echo 'still running' || echo 'the program ended')): $(
            tail -3 "$out/$run-$w.err")"
        return 1
    fi
    xdotool windowmove "${wid[$w]}" "${place[$w]}" 0 2>/dev/null
    sleep 0.3
}
kill_window() {
    [ -n "${pid[$1]:-}" ] || return 0
    kill -9 "${pid[$1]}" 2>/dev/null
    wait "${pid[$1]}" 2>/dev/null
}
# The window's latest state line and widget line.
state() { tail -n 1 "$out/$run-$1.state"; }
widgets() { tail -n 1 "$out/$run-$1.widgets"; }
field() { state "$1" | grep -Eo -- " $2=[^ ]*" | head -1 | cut -d= -f2-; }

# wait_state W REGEX SECONDS: until W's latest state line matches.
wait_state() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        state "$1" | grep -Eq -- "$2" && return 0
        sleep 0.1
    done
    fail "wait-$run-$1" "wanted /$2/ in $3 s; window $1 says: $(state "$1" | cut -c1-300)"
    return 1
}

# wait_line W REGEX SECONDS: until a line of W's stderr (the trace) matches.
wait_line() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        grep -Eq -- "$2" "$out/$run-$1.err" && return 0
        sleep 0.1
    done
    fail "trace-$run-$1" "no line /$2/ in $3 s"
    return 1
}

# widget W SCENE NAME SECONDS: the centre "x y" of the enabled widget NAME
# once W shows SCENE with it (the layout's own positions, whatever they are).
widget() {
    local i at
    for ((i = 0; i < $4 * 10; i++)); do
        at=$(widgets "$1" | grep "^scene=$2|" | tr '|' '\n' | awk -F@ -v n="$3" '$1 == n { print $2; exit }')
        if [ -n "$at" ]; then
            echo "${at%,*} ${at#*,}"
            return 0
        fi
        sleep 0.1
    done
    fail "widget-$run-$1" "no '$3' on the $2 screen in $4 s: $(widgets "$1" | cut -c1-300)"
    return 1
}

focus() { xdotool windowactivate --sync "${wid[$1]}" >/dev/null 2>&1; }
# click W SCENE NAME: a click on the widget NAME of SCENE.
click() {
    local at
    at=$(widget "$1" "$2" "$3" 15) || return 1
    focus "$1"
    set -- "$1" $at
    xdotool mousemove --window "${wid[$1]}" "$2" "$3" click 1
}
keys() {
    local w=$1
    shift
    focus "$w"
    xdotool key --window "${wid[$w]}" "$@"
}
# type_into W SCENE FIELD TEXT: the field clicked, emptied and typed into.
type_into() {
    click "$1" "$2" "$3" || return 1
    keys "$1" End $(printf 'BackSpace %.0s' $(seq 40))
    xdotool type --window "${wid[$1]}" --delay 30 "$4"
}

# ---- the screens -----------------------------------------------------------

# to_setup W: from the title to Pèi's setup, played with friends.
to_setup() {
    click "$1" title Play && click "$1" variants pei || return 1
    widget "$1" setup Play 15 >/dev/null && click "$1" setup Play || return 1
    widget "$1" setup "Join a friend's table" 15 >/dev/null
}

# host_table W PORT: hosts Pèi for one round (the rounds stepped down by
# keys), seats you, a friend, a computer, named Ana, on PORT.
host_table() {
    to_setup "$1" || return 1
    local at
    at=$(widget "$1" setup Rounds 15) || return 1
    focus "$1"
    xdotool mousemove --window "${wid[$1]}" $at
    keys "$1" Left Left # Pèi plays 3 rounds unless told: 1
    click "$1" setup "Host a table" && wait_state "$1" '^w=[0-9]+ h=[0-9]+ scene=host ' 15 || return 1
    check "$run: the host screen seats you, a friend and a computer" "you,friend,greedy" \
        "$(field "$1" seats)"
    type_into "$1" host "Your name" Ana && type_into "$1" host Port "$2" || return 1
    click "$1" host "Open the table"
    wait_state "$1" " scene=waiting net_state=2 host=1 seats=3 taken=2 port=$2 invite=ceki://" 15
}

# join_table W PORT INVITE: joins from the title's Play with friends by
# the host's invite typed (the private table's key in it), named Budi.
join_table() {
    click "$1" title "Play with friends" || return 1
    type_into "$1" join "Your name" Budi && type_into "$1" join "Invite or address" "$3" ||
        return 1
    keys "$1" Return
    wait_state "$1" ' scene=waiting net_state=2 host=0 seats=3 taken=3 ' 20
}

# ---- at the table ------------------------------------------------------------

# one_move W HOW: one decision of W's person, by mouse (a double-click on
# the hand card the window names) or by keys (Enter to pick up, Enter to
# take the lit card, T to trail). Sets moved (mouse or keys), or fails.
one_move() {
    local w=$1 how=$2 moves card i try
    moves=$(field "$w" moves)
    card=$(field "$w" card)
    focus "$w"
    if [ "$how" = mouse ] && [ "$card" != "-1,-1" ]; then
        moved=mouse
        # On a loaded machine the window may take the two clicks in frames
        # too far apart to make a double-click (SDL times clicks as it takes
        # them): the card is then only picked up (Esc puts it back), or
        # picked up and put back by the second click. Either way no move is
        # made, and the double-click is made again (three times at most).
        for ((try = 0; try < 3; try++)); do
            card=$(field "$w" card)
            xdotool mousemove --window "${wid[$w]}" "${card%,*}" "${card#*,}" click --repeat 2 --delay 60 1
            for ((i = 0; i < 50 && $(field "$w" moves) == moves; i++)); do
                sleep 0.1
            done
            [ "$(field "$w" moves)" == "$moves" ] || break
            if state "$w" | grep -q ' status=.* picked up'; then
                echo "$w: the double-click only picked the card up; again" >>"$out/$run-moves.log"
                xdotool key --window "${wid[$w]}" Escape
                for ((i = 0; i < 30 && $(field "$w" card) == "-1,-1"; i++)); do
                    sleep 0.1
                done
            else
                echo "$w: the double-click came as two clicks (picked up, put back); again" \
                    >>"$out/$run-moves.log"
            fi
            sleep 0.3
        done
    else
        xdotool key --window "${wid[$w]}" Return
        for ((i = 0; i < 10 && $(field "$w" moves) == moves; i++)); do
            sleep 0.1
        done
        [ "$(field "$w" moves)" == "$moves" ] && xdotool key --window "${wid[$w]}" Return
        for ((i = 0; i < 10 && $(field "$w" moves) == moves; i++)); do
            sleep 0.1
        done
        [ "$(field "$w" moves)" == "$moves" ] && xdotool key --window "${wid[$w]}" t
        moved=keys
    fi
    for ((i = 0; i < 100; i++)); do
        [ "$(field "$w" moves)" -gt "$moves" ] && return 0
        sleep 0.1
    done
    fail "move-$run-$w" "no move after $moved in 10 s: $(state "$w" | cut -c1-300)"
    return 1
}

# Whether W's person is to decide: the window says so, and it is not the
# stock turn the table makes for them after a pause.
deciding() { state "$1" | grep -v ' status=Turning the stock' | grep -q ' decides=1 '; }

# wait_deciding W SECONDS: until W's person is to decide.
wait_deciding() {
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        deciding "$1" && return 0
        sleep 0.1
    done
    fail "decide-$run-$1" "no decision of $1's person in $2 s: $(state "$1" | cut -c1-300)"
    return 1
}

# by_hand SECONDS [STOP]: each person makes its decisions as its turn
# comes (made[W] of want[W]; the rest of the table waits for them), the
# first two of each window by mouse where a hand card is to be played,
# the rest by keys; until both have made theirs, or with STOP (A or B)
# until STOP's has and is to decide again (where it is to be killed).
by_hand() {
    local stop=${2:-} i w
    for ((i = 0; i < $1 * 10; i++)); do
        if [ -n "$stop" ]; then
            [ "${made[$stop]}" -ge "${want[$stop]}" ] && deciding "$stop" && return 0
        elif [ "${made[A]}" -ge "${want[A]}" ] && [ "${made[B]}" -ge "${want[B]}" ]; then
            return 0
        fi
        for w in A B; do
            [ "${made[$w]}" -lt "${want[$w]}" ] && deciding $w || continue
            one_move $w "$([ "${mouse[$w]}" -lt 2 ] && echo mouse || echo keys)" || return 1
            made[$w]=$((made[$w] + 1))
            echo "$w: move ${made[$w]} by $moved:$(state $w | grep -Eo ' (moves|last)=[^ ]*' | tr -d '\n')" \
                >>"$out/$run-moves.log"
            [ $moved = mouse ] && mouse[$w]=$((mouse[$w] + 1)) || keyed[$w]=$((keyed[$w] + 1))
            [ "${made[$w]}" -eq 1 ] && shot "$run-$w-first-move-by-$moved"
        done
        sleep 0.1
    done
    fail "by-hand-$run" "A made ${made[A]} of ${want[A]} moves, B ${made[B]} of ${want[B]}, in $1 s"
    return 1
}

# The trace's last "net: move M round R hand H" of W, as "M R H".
last_move() { sed -n 's/^net: move \([0-9]*\) round \([0-9]*\) hand \(.*\)/\1 \2 \3/p' "$out/$run-$1.err" | tail -1; }
# The trace's "net: seated S at move M round R hand H" after the restart, as "S M R H".
seated_again() {
    sed -n '/^--- restarted/,$p' "$out/$run-$1.err" |
        sed -n 's/^net: seated \([0-9]*\) at move \([0-9]*\) round \([0-9]*\) hand \(.*\)/\1 \2 \3 \4/p' | tail -1
}
standings() { grep -E '^(P.i, [0-9]+ rounds?|Seat [0-9]+:|Winners?:)' "$out/$run-$1.out"; }

# wait_exit W SECONDS: until W's program ended by itself.
wait_exit() {
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        kill -0 "${pid[$1]}" 2>/dev/null || {
            wait "${pid[$1]}" 2>/dev/null
            return 0
        }
        sleep 0.1
    done
    fail "end-$run-$1" "still playing after $2 s: $(state "$1" | cut -c1-300)"
    return 1
}

# killed_and_back RUN VICTIM SEAT: the whole run, VICTIM (A, the host, or
# B) killed at its own decision after its first moves, started again,
# rejoined from the title at seat SEAT.
killed_and_back() {
    run=$1
    local victim=$2 seat=$3 other=A port invite before after
    [ "$victim" = A ] && other=B
    port=$(free_port)
    # The victim's program never plays for it before the kill; the other's
    # plays after its four moves.
    local after_a=4 after_b=4
    [ "$victim" = A ] && after_a=5 || after_b=5
    start A "$run" --autoplay-after $after_a && start B "$run" --autoplay-after $after_b || return 1
    host_table A "$port" || return 1
    invite=$(field A invite)
    join_table B "$port" "${invite/ceki:\/\/*:/ceki://127.0.0.1:}" || return 1
    wait_state A ' scene=waiting .* taken=3 ' 20 || return 1
    shot "$run-waiting-rooms"
    click A waiting "Start the match" || return 1
    wait_state A ' scene=table ' 20 && wait_state B ' scene=table ' 20 || return 1
    shot "$run-match-started"
    # Four moves by hand each; the victim killed at its fifth decision,
    # mid-round (the other's moves by hand go on after, if it has any left).
    want[A]=4 want[B]=4 mouse[A]=0 mouse[B]=0 keyed[A]=0 keyed[B]=0
    by_hand 120 "$victim" || return 1
    shot "$run-before-$victim-killed"
    kill_window "$victim"
    before=$(last_move "$victim")
    if [ "$victim" = A ]; then # the friend hears that the host left
        wait_line B '^net: (reconnecting|host gone)' 40 && ok
        shot "$run-host-gone"
    fi
    echo "--- restarted" >>"$out/$run-$victim.err"
    start "$victim" "$run" --autoplay-after 1 || return 1
    click "$victim" title "Rejoin the table" || return 1
    shot "$run-$victim-rejoining"
    # Back at the decision it was killed at: made by keys, then the
    # program plays for it.
    wait_deciding "$victim" 30 || return 1
    shot "$run-$victim-back"
    one_move "$victim" keys || return 1
    wait_line "$victim" '^ceki: playing for the person after their 1 moves' 10 && ok
    want[$victim]=0
    by_hand 120 || return 1
    wait_line "$other" '^ceki: playing for the person after their 4 moves' 10 && ok
    for w in A B; do
        check "$run: $w's person moved by mouse and by keys" "yes yes" \
            "$([ "${mouse[$w]}" -ge 1 ] && echo yes || echo no) $([ "${keyed[$w]}" -ge 1 ] && echo yes || echo no)"
    done
    after=$(seated_again "$victim")
    read -r m0 r0 h0 <<<"$before"
    read -r s1 m1 r1 h1 <<<"$after"
    check "$run: $victim back at its seat" "$seat" "${s1:-none}"
    check "$run: $victim back at the move it was killed at" "$m0 $r0" "${m1:-none} ${r1:-}"
    check "$run: $victim back with the same hand" "$h0" "${h1:-none}"
    [ -n "$h0" ] && [ "$(wc -w <<<"$h0")" -gt 1 ] && ok ||
        fail "$run-hand" "the trace names no hand before the kill: '$before'"
    wait_exit "$other" 120
    wait_exit "$victim" 60
    local a b
    a=$(standings A)
    b=$(standings B)
    [ -n "$a" ] || a="(A printed no standings)"
    check "$run: the same standings in both windows" "$a" "$b"
    check "$run: a match of one round" "1" "$(sed -n 's/^P.i, \([0-9]*\) rounds\?$/\1/p' "$out/$run-A.out")"
    if [ "$victim" = A ]; then
        check "$run: B came back by itself" "yes" \
            "$(sed -n '/^net: \(reconnecting\|host gone\)/,$p' "$out/$run-B.err" | grep -q '^net: playing' &&
                echo yes || echo no)"
    fi
}

discovery=$(free_port)
started=$SECONDS
only=${NET_XDO_ONLY:-} # one of the two runs, when looking into it
case "$only" in
"" | joiner-killed | host-killed) ;;
*) fail only "NET_XDO_ONLY is joiner-killed or host-killed, not '$only'" ;;
esac
for case in "joiner-killed B 2" "host-killed A 1"; do
    set -- $case
    if [ -z "$only" ] || [ "$only" = "$1" ]; then
        killed_and_back "$@"
        kill_window A # (gone by themselves unless the run failed)
        kill_window B
    fi
done
echo "took $((SECONDS - started)) s; screenshots in $out/shots"
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
