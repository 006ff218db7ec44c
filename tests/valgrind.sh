#!/usr/bin/env bash
# Memory check under valgrind: tests/valgrind.sh BUILD_DIR
# Headless autoplay of every variant (ceki-cli sim, random players, and one
# match with the search players), a record replay, and, when the program was
# built, its headless autoplay of three variants and its screenshot of every
# scene. Fails on any
# memory error or on memory definitely, indirectly or possibly lost; what
# system libraries keep reachable at exit (SDL's D-Bus and GLib set-up) is not
# a leak of ours and is not counted. Stops at once without valgrind (or nm);
# exits 77 (skipped) in a sanitizer build.
set -uo pipefail
build=${1:?usage: tests/valgrind.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tools/need.bash"
need_tools valgrind nm
# A sanitizer build cannot run under valgrind (and checks memory itself).
if ldd "$build/ceki-cli" 2>/dev/null | grep -q libasan || nm "$build/ceki-cli" 2>/dev/null | grep -q __asan_init; then
    echo "sanitizer build: valgrind skipped"
    exit 77
fi
vg=(valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,indirect,possible
    --error-exitcode=99 --num-callers=30)
[ -f "$here/valgrind.supp" ] && vg+=(--suppressions="$here/valgrind.supp")

failed=0 ran=0
# check [--may-refuse] COMMAND...: COMMAND must succeed (with --may-refuse,
# a refusal is fine; only a valgrind report fails).
check() {
    local may_refuse=0 rc=0
    [ "$1" = --may-refuse ] && { may_refuse=1; shift; }
    ran=$((ran + 1))
    "${vg[@]}" "$@" >/dev/null 2>"$build/valgrind-last.log" || rc=$?
    if [ $rc -eq 99 ] || { [ $rc -ne 0 ] && [ $may_refuse -eq 0 ]; }; then
        echo "FAILED under valgrind (exit $rc): $*" >&2
        cat "$build/valgrind-last.log" >&2
        failed=$((failed + 1))
    fi
}

cli="$build/ceki-cli"
for v in $("$cli" variants | awk '{print $1}'); do
    check "$cli" sim "$v" --games 10 --seed 1
done
# The search players (refused, not failed, while a build lacks them).
check --may-refuse "$cli" sim thothit --games 1 --seed 2 --ai greedy,strong,random --ai-ms 20
for rec in "$here"/fuzz/corpus/record/*-round.txt; do
    check "$cli" replay "$rec"
    break
done

if [ -x "$build/ceki" ]; then
    shot=$(mktemp -d)
    trap 'rm -rf "$shot"' EXIT
    # Headless autoplay: computers play whole matches at the table.
    if "$build/ceki" --help | grep -q -- --autoplay; then
        for v in thothit pei-chinese kowah; do
            SDL_VIDEODRIVER=dummy check "$build/ceki" --autoplay --variant "$v" --seed 2 \
                --level random --exit-at-end --size 640x400
        done
    fi
    # Every scene the program's usage names.
    scenes=$("$build/ceki" --help | grep -o -- '--scene [a-z|]*' | head -n 1 | cut -d' ' -f2 | tr '|' ' ')
    for scene in ${scenes:-title variants setup settings gallery}; do
        # Scenes the program does not have yet are refused without a leak too.
        SDL_VIDEODRIVER=dummy check --may-refuse "$build/ceki" --screenshot "$shot/$scene.png" \
            --scene "$scene" --size 640x400
    done
fi

echo "valgrind: $((ran - failed)) passed, $failed failed"
[ $failed -eq 0 ]
