#!/usr/bin/env bash
# The `ceki --screenshot` contract, run against the real binary:
#   screenshot_cli.sh path/to/ceki OUTDIR
set -u
ceki=$1
out=$2
rm -rf "$out" && mkdir -p "$out"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# Every game the program has, as the variant table lists it.
variants=$("$(dirname "$ceki")/ceki-cli" variants | awk '{print $1}')
[ -n "$variants" ] || { echo "screenshot_cli.sh: ceki-cli variants listed no game"; exit 2; }

# The PNG's width and height from its IHDR chunk.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }

# The network screens listen and ask on 127.0.0.1 only; the
# waiting room and the lobby on a table hosted there for the picture.
export CEKI_DISCOVERY_TO=127.0.0.1 CEKI_DISCOVERY_PORT=0
for scene in title variants setup settings gallery host join waiting lobby; do
    f="$out/$scene.png"
    CEKI_NET_LOCAL=1 "$ceki" --screenshot "$f" --scene "$scene" 2>"$out/$scene.err" ||
        fail "$scene exited $?: $(cat "$out/$scene.err")"
    [ -s "$f" ] || fail "$scene wrote no PNG"
    [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$scene is not a PNG"
    [ "$(png_size "$f")" = "1280x800" ] || fail "$scene is $(png_size "$f"), not 1280x800"
done

"$ceki" --screenshot "$out/big.png" --scene gallery --deck-style western-clubs --size 2560x1600 ||
    fail "gallery at 2560x1600 failed"
[ "$(png_size "$out/big.png")" = "2560x1600" ] || fail "--size 2560x1600 gave $(png_size "$out/big.png")"

"$ceki" --screenshot "$out/setup.png" --scene setup --variant thothit-sackson --players 5 --seed 7 ||
    fail "setup with variant, players and seed failed"

# The table: every variant mid-round; a big six-seat table in a
# western style; the same seed draws the same table.
for v in $variants; do
    "$ceki" --screenshot "$out/table-$v.png" --scene table --variant "$v" --seed 1 2>"$out/table.err" ||
        fail "table $v exited: $(cat "$out/table.err")"
    [ "$(png_size "$out/table-$v.png")" = "1280x800" ] || fail "table $v is not 1280x800"
done
"$ceki" --screenshot "$out/table-big.png" --scene table --variant thothit-kuna --players 6 --seed 2 \
    --size 2560x1600 --deck-style western-spades || fail "table at 2560x1600 failed"
[ "$(png_size "$out/table-big.png")" = "2560x1600" ] || fail "big table is $(png_size "$out/table-big.png")"
"$ceki" --screenshot "$out/table-a.png" --scene table --variant pei --seed 5 || fail "table pei failed"
"$ceki" --screenshot "$out/table-b.png" --scene table --variant pei --seed 5 || fail "table pei failed"
cmp -s "$out/table-a.png" "$out/table-b.png" || fail "the same seed drew two different tables"
check_players() {
    if "$ceki" --screenshot "$out/x.png" --scene table --variant "$1" --players "$2" 2>"$out/err"; then
        fail "table $1 with $2 players succeeded"
    fi
}
check_players thothit 4

# Learn: every variant, and a page and scroll chosen by the environment.
for v in $variants; do
    "$ceki" --screenshot "$out/learn-$v.png" --scene learn --variant "$v" 2>"$out/learn.err" ||
        fail "learn $v exited: $(cat "$out/learn.err")"
    [ "$(png_size "$out/learn-$v.png")" = "1280x800" ] || fail "learn $v is not 1280x800"
done
CEKI_LEARN_PAGE=scoring CEKI_LEARN_SCROLL=end "$ceki" --screenshot "$out/learn-page.png" \
    --scene learn --variant pei --size 2560x1600 || fail "learn with CEKI_LEARN_PAGE failed"
[ "$(png_size "$out/learn-page.png")" = "2560x1600" ] || fail "learn page is not 2560x1600"

# Unknown names: a clear error and a non-zero status.
check_error() {
    local says=$1
    shift
    if "$ceki" "$@" 2>"$out/err"; then
        fail "'$*' succeeded"
    elif ! grep -q -- "$says" "$out/err"; then
        fail "'$*' said: $(cat "$out/err")"
    fi
}
check_error "unknown scene 'casino'" --screenshot "$out/x.png" --scene casino
check_error "The lobby screen could not open" --screenshot "$out/x.png" --scene lobby
check_error "unknown deck style 'tarot'" --screenshot "$out/x.png" --deck-style tarot
check_error "unknown variant 'poker'" --screenshot "$out/x.png" --variant poker
check_error "--size" --screenshot "$out/x.png" --size huge

[ "$failures" -eq 0 ] && echo "screenshot contract: all checks passed"
exit "$failures"
