#!/usr/bin/env bash
# The table driven through the real window as a person would, under Xvfb with
# a window manager (openbox) and xdotool: resizing to three sizes relayouts
# the table to each, shrinking below the minimum is refused, L opens and
# closes the move log, Ctrl+N asks and Esc keeps the game, F1 opens the keys
# page and Esc comes back, a double-click on a hand card plays it, the right
# button held shows a card whole, Ctrl+Z undoes and the status line then
# speaks of the person's turn, Esc asks before leaving. What the window shows
# is read from $CEKI_STATE_LOG, one line per change (app.c, table_describe).
# Then Pèi twice on one deal, with and without the colour-blind
# cue: the cue shows on the visible part of a covered red-stamped pool card
# and not over the card covering it; a card dropped on the visible part of
# a partly covered target takes it; and Kowah at the moment the person may
# claim: the status line asks for Claim or Pass, and after Pass says
# something else. The pictures are the program's own (CEKI_SHOT_FILE,
# window.bash), compared by png_diff.
# Usage: window_e2e.sh path/to/ceki OUT_DIR path/to/png_diff
set -u
. "$(dirname "$0")/window.bash" # window_manager, window_shot, need_tools
need_tools xvfb-run xauth xdotool openbox
if [ "${1:-}" != "--inside" ]; then
    ceki=$1
    out=$2
    png_diff=$3
    mkdir -p "$out"
fi

if [ "${1:-}" != "--inside" ]; then
    home=$(mktemp -d)
    trap 'rm -rf "$home"' EXIT
    export HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config SDL_AUDIODRIVER=dummy
    export LANGUAGE=en # the state log's status lines are read in English
    unset SDL_VIDEODRIVER
    export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
    exec xvfb-run -a -s "-screen 0 1920x1200x24" bash "$0" --inside "$ceki" "$out" "$png_diff"
fi
ceki=$2
out=$3
png_diff=$4
log=$out/state.log
shot=$out/shot.png # where the program puts the picture asked for
: >"$log"
passes=0
failures=0
window_manager "$out" || exit 1
CEKI_STATE_LOG=$log CEKI_SHOT_FILE=$shot "$ceki" --scene table --variant thothit --seed 7 \
    >"$out/ceki.log" 2>&1 &
pid=$!
trap 'kill -9 $pid $wm 2>/dev/null' EXIT

last() { tail -n 1 "$log"; }
# wait_for NAME REGEX [SECONDS [SEEN]]: the latest line comes to match; with
# SEEN, any line after the log's first SEEN lines (a state the game moves on
# from by itself may be over before a look at the latest line).
wait_for() {
    local name=$1 re=$2 limit=${3:-15} since=${4:-} i
    for ((i = 0; i < limit * 10; i++)); do
        if { if [ -n "$since" ]; then tail -n +$((since + 1)) "$log"; else last; fi; } |
            grep -Eq -- "$re"; then
            passes=$((passes + 1))
            return 0
        fi
        sleep 0.1
    done
    failures=$((failures + 1))
    echo "FAIL $name: wanted /$re/, the window says: $(last)"
    window_shot "$shot" "$pid" "$out/fail-$name.png" 5
    return 1
}
field() { last | grep -Eo -- "$1=[^ ]*" | head -1 | cut -d= -f2; }

wait_for start '^w=[0-9]+ h=[0-9]+ scene=table .*decides=1' 30 || exit 1
wid=$(xdotool search --sync --pid "$pid" | tail -1)
xdotool windowactivate --sync "$wid" >/dev/null 2>&1

# Resized by the window system: the table is laid out for each size.
for size in "1500 950" "1280 720" "1100 700"; do
    set -- $size
    xdotool windowsize "$wid" "$1" "$2"
    wait_for "resize-$1x$2" "^w=$1 h=$2 scene=table layout=$1x$2 "
done
# Smaller than the least size every game is laid out for: refused.
xdotool windowsize "$wid" 800 500
sleep 1.5
w=$(field w)
h=$(field h)
if [ "${w:-0}" -ge 1024 ] && [ "${h:-0}" -ge 640 ] && last | grep -q "layout=${w}x${h} "; then
    passes=$((passes + 1))
else
    failures=$((failures + 1))
    echo "FAIL minimum: the window went down to ${w}x${h}: $(last)"
fi
xdotool windowsize "$wid" 1280 800
wait_for restore '^w=1280 h=800 scene=table layout=1280x800 '

key() { xdotool key --window "$wid" "$@"; }
key l
wait_for log-open ' log=1 '
key l
wait_for log-closed ' log=0 '
key ctrl+n
wait_for new-asks ' dialog=new '
key Escape
wait_for new-stay ' dialog=none .*decides=1'
key F1
wait_for f1-keys '^w=1280 h=800 scene=learn'
key Escape
wait_for f1-back ' scene=table .*decides=1'

# A double-click on a hand card makes a move.
wait_for ready ' decides=1 card=[0-9]+,[0-9]+ '
moves=$(field moves)
card=$(field card)
seen=$(wc -l <"$log")
xdotool mousemove --window "$wid" "${card%,*}" "${card#*,}" click --repeat 2 --delay 60 1
# (The computers may move on at once: any line since the click.)
wait_for double-click " moves=$((moves + 1)) " 10 "$seen"
# The right button held shows a card whole; let go, it is gone.
wait_for ready-again ' decides=1 card=[0-9]+,[0-9]+ ' 30
card=$(field card)
xdotool mousemove --window "$wid" "${card%,*}" "${card#*,}" mousedown 3
wait_for peek ' peek=1 '
xdotool mouseup 3
wait_for peek-gone ' peek=0 '
# Undo takes back the person's last decision; the status line then speaks
# of the person's turn, not of waiting.
moves=$(field moves)
key ctrl+z
# The line already said "Your" before the key: wait for the count to fall
# first, then for the status.
for ((i = 0; i < 150; i++)); do
    [ "$(field moves)" -lt "$moves" ] && break
    sleep 0.1
done
wait_for undo ' decides=1 .*status=Your '
if [ "$(field moves)" -ge "$moves" ]; then
    failures=$((failures + 1))
    echo "FAIL undo-moves: still $(field moves) moves after an undo from $moves"
fi
# Esc opens the menu; Esc again closes it.
key Escape
wait_for leave-asks ' dialog=menu '
key Escape
wait_for leave-stay ' dialog=none '
window_shot "$shot" "$pid" "$out/end.png"
# A second picture of the same program (C's signal() took only the first
# SIGUSR1 and the next one ended the program).
if window_shot "$shot" "$pid" "$out/end-again.png" && kill -0 "$pid" 2>/dev/null; then
    passes=$((passes + 1))
else
    failures=$((failures + 1))
    echo "FAIL second-picture: no second picture, or the program ended on it"
fi
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# start NAME ARGS...: a new program (its own data folder) on an empty log.
start() {
    local name=$1
    shift
    : >"$log"
    rm -rf "$HOME/data"
    mkdir -p "$HOME/data/ceki"
    [ -n "${settings:-}" ] && printf '%s' "$settings" >"$HOME/data/ceki/settings.txt"
    CEKI_STATE_LOG=$log CEKI_SHOT_FILE=$shot "$ceki" "$@" >"$out/$name.log" 2>&1 &
    pid=$!
    trap 'kill -9 $pid $wm 2>/dev/null' EXIT
    wait_for "$name-start" '^w=[0-9]+ h=[0-9]+ scene=table ' 30 || return 1
    wid=$(xdotool search --sync --pid "$pid" | tail -1)
    xdotool windowactivate --sync "$wid" >/dev/null 2>&1
}
stop() {
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}
differ() { # IMAGE IMAGE X,Y,W,H: the pixels that differ in that rectangle, at all
    "$png_diff" "$1" "$2" 100 0 "$3" | sed -n 's/^differ: .*(\([0-9]*\))$/\1/p'
}

# The colour-blind cue on a covered red-stamped card (Pèi, seed 3: at the
# person's first decision an Old Thousand lies half under another card).
settings=''
start pei-plain --scene table --variant pei --seed 3 &&
    wait_for pei-plain-ready ' decides=1 .* hidden=' 60 &&
    {
        hidden=$(field hidden)
        shown=$(field shown)
        window_shot "$shot" "$pid" "$out/cue-off.png"
    }
stop
settings=$'colour_cue=on\n'
start pei-cue --scene table --variant pei --seed 3 &&
    wait_for pei-cue-ready ' decides=1 .* hidden=' 60 &&
    window_shot "$shot" "$pid" "$out/cue-on.png"
if [ -n "${hidden:-}" ] && [ -s "$out/cue-off.png" ] && [ -s "$out/cue-on.png" ] &&
    [ "$(field hidden)" = "$hidden" ]; then
    d_hidden=$(differ "$out/cue-off.png" "$out/cue-on.png" "$hidden")
    d_shown=$(differ "$out/cue-off.png" "$out/cue-on.png" "$shown")
    if [ "${d_hidden:-x}" = 0 ] && [ "${d_shown:-0}" -gt 0 ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL cue-clipped: $d_hidden pixels changed over the covering card, $d_shown on the stamped card"
    fi
else
    failures=$((failures + 1))
    echo "FAIL cue-clipped: the two deals did not show the same covered card (${hidden:-none}, $(field hidden))"
fi
# A drop on the visible part of a partly covered target takes it.
drag=$(field covered)
if [ -n "$drag" ]; then
    from=${drag%%>*} to=${drag#*>}
    target=${to#*:} to=${to%:*}
    moves=$(field moves)
    seen=$(wc -l <"$log")
    xdotool mousemove --window "$wid" "${from%,*}" "${from#*,}" mousedown 1
    for step in 1 2 3 4 5 6 7 8; do
        x=$(( ${from%,*} + (${to%,*} - ${from%,*}) * step / 8 ))
        y=$(( ${from#*,} + (${to#*,} - ${from#*,}) * step / 8 ))
        xdotool mousemove --window "$wid" "$x" "$y"
        sleep 0.05
    done
    xdotool mouseup 1
    # (The stock is turned after the capture: a later line may be there
    # before this looks.)
    wait_for covered-drop " moves=$((moves + 1)) .*last=[A-Z0-9]+x$target " 10 "$seen"
else
    failures=$((failures + 1))
    echo "FAIL covered-drop: no partly covered target at this decision: $(last)"
fi
stop

# Kowah at the moment the person may claim (seed 15, random players up to
# it): Claim and Pass are offered and the status line asks for one; after
# Pass it no longer does.
settings=''
export CEKI_TABLE_PREPLAY=1 CEKI_TABLE_UNTIL=claim
start kowah-claim --scene table --variant kowah --seed 15 &&
    wait_for claim-asks ' decides=1 .*buttons=Claim_[^ ]*Pass@[0-9]+,[0-9]+ status=That card completes your hand: claim it, or pass' 20 &&
    {
        pass=$(field buttons | tr '|' '\n' | grep '^Pass@' | cut -d@ -f2)
        claim_moves=$(field moves)
        xdotool mousemove --window "$wid" "${pass%,*}" "${pass#*,}" click 1
        for ((i = 0; i < 100; i++)); do
            [ "$(field moves)" -gt "$claim_moves" ] && break
            sleep 0.1
        done
        if [ "$(field moves)" -le "$claim_moves" ] ||
            last | grep -Eq 'status=(That card completes|Wait for your turn)'; then
            failures=$((failures + 1))
            echo "FAIL claim-status: after Pass the status line says: $(last)"
        else
            passes=$((passes + 1))
        fi
    }
stop
unset CEKI_TABLE_PREPLAY CEKI_TABLE_UNTIL

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
