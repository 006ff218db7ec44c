#!/usr/bin/env bash
# `ceki --export FOLDER` and `ceki --import FILE...`: the kept
# replays go out as record files and come back into another player's store
# as the same games; importing one twice keeps it once; a file that is not
# a game (garbage, a directory, a device) is refused with its name and the
# reason, exit 1, and nothing else changes.
# Usage: records_cli.sh path/to/ceki OUT_DIR   (needs sqlite3)
set -u
. "$(dirname "$0")/../tools/need.bash"
need_tools sqlite3
ceki=$1
out=$2
rm -rf "$out" && mkdir -p "$out/a" "$out/b" "$out/x"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy LANGUAGE=en
failures=0
fail() { failures=$((failures + 1)); echo "FAIL: $*"; }
as() { local who=$1; shift; HOME=$out/$who XDG_DATA_HOME=$out/$who/data "$ceki" "$@"; }
count() { sqlite3 "$out/$1/data/ceki/ceki.db" "SELECT count(*) FROM replays"; }
for v in totit totit-denexa; do
    as a --autoplay --as-person --variant "$v" --exit-at-end >/dev/null || fail "match of $v"
done
[ "$(count a)" = 2 ] || fail "two finished matches, $(count a) kept"
as a --export "$out/x" >"$out/export.out" || fail "export: $(cat "$out/export.out")"
[ "$(ls "$out/x" | wc -l)" = 2 ] || fail "export wrote $(ls "$out/x")"
as b --import "$out"/x/*.txt >"$out/import.out" 2>&1 || fail "import: $(cat "$out/import.out")"
[ "$(grep -c "kept among the replays" "$out/import.out")" = 2 ] || fail "import said: $(cat "$out/import.out")"
a=$(sqlite3 "$out/a/data/ceki/ceki.db" "SELECT match FROM replays ORDER BY match")
b=$(sqlite3 "$out/b/data/ceki/ceki.db" "SELECT match FROM replays ORDER BY match")
[ "$a" = "$b" ] || fail "the imported games are not the exported ones"
as b --import "$out"/x/*.txt >"$out/again.out" 2>&1 || fail "import again"
[ "$(grep -c "already kept" "$out/again.out")" = 2 ] && [ "$(count b)" = 2 ] ||
    fail "imported twice: $(cat "$out/again.out")"
echo "nonsense" >"$out/junk.txt"
as b --import "$out/junk.txt" "$out/x" /dev/zero >"$out/bad.out" 2>&1
rc=$?
[ $rc = 1 ] || fail "bad files: exit $rc"
grep -q "junk.txt: not imported: its game record is damaged" "$out/bad.out" &&
    grep -q "not a regular file (a directory)" "$out/bad.out" &&
    grep -q "/dev/zero.*not a regular file" "$out/bad.out" || fail "bad files said: $(cat "$out/bad.out")"
[ "$(count b)" = 2 ] || fail "bad files changed the store"
[ $failures -eq 0 ] || { echo "$failures failures"; exit 1; }
echo "records: passed"
