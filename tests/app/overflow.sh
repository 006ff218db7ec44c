#!/usr/bin/env bash
# Usage: overflow.sh CEKI OUTDIR [LANGUAGES]
# Renders every scene (the ones that depend on a game, for every game) in
# each of LANGUAGES (default: English, Indonesian and Javanese, "en id jv")
# at 1280x800 with the text overflow watch on (CEKI_TEXT_OVERFLOW): fails on
# any text wider than its button, field or label, or any wrapped text taller
# than its box. Only a screen whose text does not fit is written
# as a picture (OUTDIR/SCENE-LANG.png), to look at: encoding the ~100 PNGs
# of a language that nobody reads was two thirds of the test's time. ctest
# runs one language per entry, so two cores share the ~300 renders.
set -u
ceki=$1
out=$2
langs=${3:-en id jv}
mkdir -p "$out/home"
rm -f "$out"/*.png # the pictures of an earlier run's failures
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CEKI_TEXT_OVERFLOW=check
export HOME="$out/home" XDG_DATA_HOME="$out/home/data" XDG_CONFIG_HOME="$out/home/config"
# Every game the program has, as the variant table lists it.
variants=$("$(dirname "$ceki")/ceki-cli" variants | awk '{print $1}')
[ -n "$variants" ] || { echo "overflow.sh: ceki-cli variants listed no game"; exit 2; }
failures=0
runs=0
shot() {
    local lang=$1 name=$2
    shift 2
    runs=$((runs + 1))
    if ! LANGUAGE=$lang "$ceki" --screenshot "$out/$name-$lang.png" "$@" 2> "$out/err.txt"; then
        echo "FAIL $lang $name: $(cat "$out/err.txt") (see $out/$name-$lang.png)"
        failures=$((failures + 1))
    fi
}
for lang in $langs; do
    for scene in title settings gallery replay stats; do
        shot "$lang" "$scene" --scene "$scene"
    done
    for v in $variants; do
        for scene in variants setup table result learn; do
            shot "$lang" "$scene-$v" --scene "$scene" --variant "$v"
        done
    done
    # The table with its move log open, a page of it scrolled.
    export CEKI_TABLE_LOG=30
    for v in thothit kings pei kowah; do
        shot "$lang" "table-log-$v" --scene table --variant "$v"
    done
    unset CEKI_TABLE_LOG
    # The hint with the coach's line beside it, a game of each
    # family that has decisions, at 1280x800 and in the smallest window.
    export CEKI_TABLE_HINT=1
    for v in thothit totit pei kowah; do
        shot "$lang" "table-hint-$v" --scene table --variant "$v"
        shot "$lang" "table-hint-small-$v" --scene table --variant "$v" --size 1024x640
    done
    unset CEKI_TABLE_HINT
    # The table's menu (Menu, Esc), at every size a window may have.
    export CEKI_TABLE_MENU=1
    for size in 1024x640 1280x800 2560x1600; do
        shot "$lang" "table-menu-$size" --scene table --variant thothit --size "$size"
    done
    unset CEKI_TABLE_MENU
done
# The screens of a table with friends. Discovery asks and
# listens on 127.0.0.1 only; the waiting room and a server's list of tables
# show a table hosted on 127.0.0.1 ($CEKI_NET_LOCAL), the lobby joining it,
# the watch screen watching it.
# A settings file with servers (read only) for the screens that list them.
printf 'name=Sri Rahayu\nserver=play.example.org:7157 Klub Ceki Yogyakarta\nserver=10.20.30.40:7200 Kampung\n' \
    >"$out/servers.txt"
for lang in $langs; do
    for scene in host join; do
        CEKI_DISCOVERY_TO=127.0.0.1 shot "$lang" "$scene" --scene "$scene" --variant pei
    done
    for scene in host join servers; do
        CEKI_SETTINGS_FILE="$out/servers.txt" CEKI_DISCOVERY_TO=127.0.0.1 \
            shot "$lang" "$scene-servers" --scene "$scene" --variant thothit-kuna --players 6
    done
    for scene in waiting lobby; do
        CEKI_DISCOVERY_TO=127.0.0.1 CEKI_DISCOVERY_PORT=0 CEKI_NET_LOCAL=1 \
            shot "$lang" "$scene" --scene "$scene" --variant thothit-kuna --players 6
    done
    # A spectator's table: hosted on 127.0.0.1 and played into its second
    # round, the first round's hands shown.
    CEKI_NET_LOCAL=1 CEKI_WATCH_HANDS=1 shot "$lang" watch --scene watch --variant thothit-kuna --players 6
    # A person's turn clock running low at a table hosted on 127.0.0.1.
    shot "$lang" "clock" --scene clock --variant pei
done
# With the player's store: a Pèi game in progress (played as the
# player and killed) on the title and Pèi's setup, a finished match among
# the replays; the setup after a first Start says what a second one does.
"$ceki" --autoplay --as-person --variant totit --exit-at-end >/dev/null 2>&1
"$ceki" --autoplay --as-person --variant pei >/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
export CEKI_STORE_FILE=$XDG_DATA_HOME/ceki/ceki.db
for lang in $langs; do
    shot "$lang" "title-store" --scene title
    shot "$lang" "setup-store" --scene setup --variant pei
    shot "$lang" "replay-store" --scene replay
    CEKI_SETUP_CONFIRM=1 shot "$lang" "setup-store-confirm" --scene setup --variant pei
done
# That Pèi game open in another window: a copy plays it on while
# the title and Pèi's setup say so.
rm -f "$XDG_DATA_HOME"/ceki/locks/game-* # the killed copy's: held by nobody
"$ceki" --autoplay --as-person --variant pei --speed slow >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do # until it holds the game: at most 10 s
    compgen -G "$XDG_DATA_HOME/ceki/locks/game-*" >/dev/null && break
    sleep 0.1
done
compgen -G "$XDG_DATA_HOME/ceki/locks/game-*" >/dev/null ||
    { echo "FAIL: the playing copy did not take up its game"; failures=$((failures + 1)); }
for lang in $langs; do
    shot "$lang" "title-held" --scene title
    shot "$lang" "setup-held" --scene setup --variant pei
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
unset CEKI_STORE_FILE
echo "$runs scenes rendered, $failures with text that does not fit"
[ "$failures" -eq 0 ]
