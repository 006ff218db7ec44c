#!/usr/bin/env bash
# Usage: po/extract.sh OUT.pot
# Extracts every player-facing string of the program (src/app: _, N_, P_;
# src/core, src/ai, src/host and src/net: N_) into a gettext template, sorted by message, with file names but
# no line numbers, so the template changes only when a message does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
cd "$root"
xgettext --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=P_:1,2 \
    --add-comments=TRANSLATORS: --add-location=file --sort-output \
    --package-name=ceki --package-version="$(sed -n 's/^project(ceki VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)" \
    --msgid-bugs-address="https://github.com/ceki/ceki/issues" \
    --copyright-holder="The Ceki authors" \
    --output="$out.tmp" $(find src/app src/core src/ai src/host src/net -name "*.c" | LC_ALL=C sort)
# A fixed creation date keeps the template byte-for-byte reproducible.
sed -e 's/^"POT-Creation-Date: .*"$/"POT-Creation-Date: 2026-01-01 00:00+0000\\n"/' \
    -e 's/^"Content-Type: text\/plain; charset=CHARSET\\n"$/"Content-Type: text\/plain; charset=UTF-8\\n"/' \
    "$out.tmp" > "$out"
rm -f "$out.tmp"
