#!/usr/bin/env bash
# Usage: po/check.sh WORKDIR LANG...
# Fails when po/ceki.pot is out of date with the sources, or when a
# catalogue has an untranslated, fuzzy or missing message, a format that does
# not match its English, or fewer than 200 messages.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tests/tools/need.bash"
need_tools msgfmt msgcmp
work=$1
shift
mkdir -p "$work"
status=0
bash "$here/extract.sh" "$work/fresh.pot" || exit 1
# The bug address in the header follows the build's setting (po/extract.sh),
# not the sources, so it is not compared.
if ! diff -u -I '^"Report-Msgid-Bugs-To: ' "$here/ceki.pot" "$work/fresh.pot" > "$work/pot.diff"; then
    echo "po/ceki.pot is out of date with the sources (cmake --build build --target ceki-po):"
    head -40 "$work/pot.diff"
    status=1
fi
for lang in "$@"; do
    po="$here/$lang.po"
    stats=$(LC_ALL=C msgfmt --check --statistics -o "$work/$lang.mo" "$po" 2>&1) || {
        echo "$lang.po does not compile:"; echo "$stats"; status=1; continue; }
    echo "$lang: $stats"
    if grep -Eq 'untranslated|fuzzy' <<<"$stats"; then
        echo "$lang.po is not complete"
        status=1
    fi
    count=$(grep -Eo '^[0-9]+' <<<"$stats")
    if [ "${count:-0}" -lt 200 ]; then
        echo "$lang.po has only ${count:-0} messages"
        status=1
    fi
    if ! LC_ALL=C msgcmp "$po" "$here/ceki.pot" > "$work/$lang.cmp" 2>&1; then
        echo "$lang.po lacks messages of the template:"
        head -20 "$work/$lang.cmp"
        status=1
    fi
done
exit $status
