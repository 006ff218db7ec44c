#!/usr/bin/env bash
# Fonts and card art that are not what they should be: a
# directory, a link to /dev/zero, an oversized or truncated file. A bad font
# stops the program at once with a message naming the file and a non-zero
# exit; bad card art is drawn as missing art, said once, and the screen is
# still written. Nothing hangs or crashes (each run is bounded by timeout).
# Then the player's store on a disk that fills up mid-match (needs root for
# the tmpfs, and sqlite3).
# Usage: bad_files.sh path/to/ceki SOURCE_DIR OUT_DIR
set -u
. "$(dirname "$0")/../tools/need.bash"
need_tools sqlite3
ceki=$1
src=$2
out=$3
rm -rf "$out" && mkdir -p "$out"
passes=0
failures=0
fresh() { # a data folder: copies of the fonts and card art
    rm -rf "$out/data" && mkdir -p "$out/data"
    cp -r "$src/fonts" "$src/assets" "$out/data/"
}
run() { # name: runs a title screenshot with the data folder; sets rc
    CEKI_DATA_DIR="$out/data" SDL_VIDEODRIVER=dummy timeout 60 "$ceki" --screenshot "$out/$1.png" \
        --scene title >"$out/$1.out" 2>"$out/$1.err"
    rc=$?
}
expect_stop() { # name, file named in the message, word in the message
    run "$1"
    if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -lt 128 ] && grep -q "$2" "$out/$1.err" &&
        grep -q "$3" "$out/$1.err"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL $1: exit $rc, stderr: $(head -c 300 "$out/$1.err")"
    fi
}
expect_drawn() { # name, word in the message
    run "$1"
    if [ $rc -eq 0 ] && [ -s "$out/$1.png" ] && grep -q "$2" "$out/$1.err"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL $1: exit $rc, stderr: $(head -c 300 "$out/$1.err")"
    fi
}
font=fonts/NotoSans-Bold.ttf
fresh && rm "$out/data/$font" && mkdir "$out/data/$font"
expect_stop font-directory NotoSans-Bold.ttf "not a regular file"
fresh && ln -sf /dev/zero "$out/data/$font"
expect_stop font-dev-zero NotoSans-Bold.ttf "not a regular file"
fresh && head -c 3000 "$src/$font" >"$out/data/$font"
expect_stop font-truncated NotoSans-Bold.ttf "damaged"
fresh && head -c 40000000 /dev/zero >"$out/data/$font"
expect_stop font-oversized NotoSans-Bold.ttf "too large"
# The title shows the Old Thousand: its face made unusable three ways.
art=$(cd "$src" && ls assets/cards/ceki/*.svg | grep -i "ot\|old" | head -1)
fresh && rm "$out/data/$art" && mkdir "$out/data/$art"
expect_drawn art-directory "not a regular file"
fresh && ln -sf /dev/zero "$out/data/$art"
expect_drawn art-dev-zero "not a regular file"
fresh && head -c 5000000 /dev/zero >"$out/data/$art"
expect_drawn art-oversized "too large"
# A screenshot that cannot be written whole: a full disk (a 64 kB tmpfs,
# when this runs as root and may mount) and a device in place of the file.
shot_fails() { # name, path, word in the message
    SDL_VIDEODRIVER=dummy timeout 60 "$ceki" --screenshot "$2" --scene title 2>"$out/$1.err"
    rc=$?
    if [ $rc -ne 0 ] && [ $rc -lt 124 ] && grep -q "$3" "$out/$1.err"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL $1: exit $rc, stderr: $(head -c 300 "$out/$1.err")"
    fi
}
shot_fails shot-device /dev/full "not a regular file"
[ -c /dev/full ] || { failures=$((failures + 1)); echo "FAIL: /dev/full was replaced"; }
mkdir -p "$out/full"
if mount -t tmpfs -o size=64k tmpfs "$out/full" 2>/dev/null; then
    shot_fails shot-full-disk "$out/full/title.png" "No space left"
    if [ -e "$out/full/title.png" ] || ls "$out/full" | grep -q tmp; then
        failures=$((failures + 1))
        echo "FAIL: a part of the PNG was left on the full disk"
    fi
    umount "$out/full"
else
    echo "bad_files.sh: cannot mount a small tmpfs here; the full-disk case is skipped"
fi
# The player's store on a disk that fills up in the middle of a match:
# the program keeps playing and says on stderr (and on screen)
# that the game was not saved and why; the database stays whole, and once
# there is room again the game resumes from the last move that was kept.
mkdir -p "$out/fullhome"
if mount -t tmpfs -o size=4m tmpfs "$out/fullhome" 2>/dev/null; then
    # person NAME CONDITION: plays as the player until CONDITION (a shell
    # command) holds, at most 30 s, then kill -9. Waiting for what is to be
    # seen, not for a fixed time, keeps the test right on a loaded machine.
    person() {
        HOME=$out/fullhome XDG_DATA_HOME=$out/fullhome/data SDL_VIDEODRIVER=dummy LANGUAGE=en \
            "$ceki" --autoplay --as-person --variant pei --speed instant \
            >"$out/$1.out" 2>"$out/$1.err" &
        local pid=$! waited=0
        while [ $waited -lt 300 ] && ! eval "$2" && kill -0 "$pid" 2>/dev/null; do
            sleep 0.1
            waited=$((waited + 1))
        done
        sleep 0.3 # a few more moves, so the kill falls in the middle of play
        if kill -9 "$pid" 2>/dev/null; then
            wait "$pid" 2>/dev/null
            alive=yes
        else
            wait "$pid"
            alive=no
        fi
    }
    db=$out/fullhome/data/ceki/ceki.db
    # Until a move of the match is kept in the store.
    person disk-before '[ -n "$(sqlite3 "$db" "SELECT length(record) FROM games" 2>/dev/null)" ]'
    kept=$(sqlite3 "$db" "SELECT length(record) FROM games" 2>/dev/null)
    # The disk fills up while the program plays on, until it says so.
    (sleep 0.7 && dd if=/dev/zero of="$out/fullhome/filler" bs=4k 2>/dev/null) &
    person disk-full 'grep -q "The game was not saved: the disk is full" "$out/disk-full.err"'
    wait
    if [ $alive = yes ] && grep -q "The game was not saved: the disk is full" "$out/disk-full.err"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL disk-full: alive=$alive, stderr: $(head -c 300 "$out/disk-full.err")"
    fi
    rm -f "$out/fullhome/filler"
    whole=$(sqlite3 "$db" "PRAGMA integrity_check" 2>&1)
    person disk-again 'grep -q "^resumed " "$out/disk-again.out"'
    if [ -n "$kept" ] && [ "$whole" = ok ] && grep -q "^resumed " "$out/disk-again.out"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL disk-again: kept=$kept integrity=$whole out: $(head -c 200 "$out/disk-again.out")"
    fi
    umount "$out/fullhome"
else
    echo "bad_files.sh: cannot mount a small tmpfs here; the full store case is skipped"
fi
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
