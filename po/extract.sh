#!/usr/bin/env bash
# Usage: po/extract.sh OUT.pot
# Extracts every player-facing string of the program (src/app: _, N_, P_;
# src/core, src/ai, src/host and src/net: N_) into a gettext template, sorted by message, with file names but
# no line numbers, so the template changes only when a message does.
# CEKI_BUGS_ADDRESS (the build's CEKI_BUGS_URL, see packaging/addresses.cmake)
# goes in its Report-Msgid-Bugs-To; unset, the header names no address.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools xgettext
out=$1
bugs=${CEKI_BUGS_ADDRESS:-}
cd "$root"
status=0
xgettext --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=P_:1,2 \
    --add-comments=TRANSLATORS: --add-location=file --sort-output \
    --package-name=ceki --package-version="$(sed -n 's/^project(ceki VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)" \
    --msgid-bugs-address="$bugs" \
    --copyright-holder="The Ceki authors" \
    --output="$out.tmp" $(find src/app src/core src/ai src/host src/net -name "*.c" | LC_ALL=C sort) \
    2>"$out.err" || status=$?
# With no bug address xgettext says so in a four-line warning; that is meant.
if [ -z "$bugs" ]; then
    sed -i '/--msgid-bugs-address was not specified/,/command line option/d' "$out.err"
fi
cat "$out.err" >&2
rm -f "$out.err"
if [ "$status" -ne 0 ]; then
    rm -f "$out.tmp"
    exit "$status"
fi
# A fixed creation date keeps the template byte-for-byte reproducible.
sed -e 's/^"POT-Creation-Date: .*"$/"POT-Creation-Date: 2026-01-01 00:00+0000\\n"/' \
    -e 's/^"Content-Type: text\/plain; charset=CHARSET\\n"$/"Content-Type: text\/plain; charset=UTF-8\\n"/' \
    "$out.tmp" > "$out"
rm -f "$out.tmp"
