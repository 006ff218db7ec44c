#!/usr/bin/env bash
# The tool checks fail where they should (ctest tools_check_catches):
#
#   tests/tools/catches.sh SOURCE_DIR BUILD_DIR
#
# 1. check.sh, given a README whose test line no longer installs xdotool
#    and three more scripts, fails on each: the window tests call xdotool,
#    which the line does not install; a script calls xdotool without
#    need_tools; one calls make, which is in no minimal Debian and not in
#    need.bash; one asks need_tools for a tool need.bash does not know.
# 2. A window test run where xdotool is not on PATH (every other command of
#    /usr/bin and /bin still there) stops at once, naming xdotool and its
#    package, and names nothing else.
set -u
src=${1:?usage: catches.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: catches.sh SOURCE_DIR BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passes=0
failures=0
expect() { # name, regex, file: a line of the file matches
    if grep -Eq -- "$2" "$3"; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        echo "FAIL $1: no line /$2/ in:"
        cat "$3"
    fi
}

sed 's/ xdotool / /' "$src/README.md" >"$tmp/README.md"
printf '#!/usr/bin/env bash\nxdotool key a\n' >"$tmp/unasked.sh"
printf '#!/usr/bin/env bash\nmake -C "$1"\n' >"$tmp/unlisted.sh"
printf '#!/usr/bin/env bash\n. "$(dirname "$0")/need.bash"\nneed_tools frobnicate\n' >"$tmp/unknown.sh"
cp "$here/need.bash" "$tmp/need.bash"
if CEKI_TOOLS_README=$tmp/README.md CEKI_TOOLS_EXTRA="$tmp/unasked.sh $tmp/unlisted.sh $tmp/unknown.sh" \
    bash "$here/check.sh" "$src" "$build" >"$tmp/check.out" 2>&1; then
    failures=$((failures + 1))
    echo "FAIL check-passed: check.sh passed with xdotool gone from the README's line"
fi
expect readme "^FAIL tests/app/window_e2e.sh calls xdotool, from xdotool, which the README's test line does not install" "$tmp/check.out"
expect unasked "^FAIL $tmp/unasked.sh calls xdotool \(xdotool\) without asking for it first" "$tmp/check.out"
expect unlisted "^FAIL $tmp/unlisted.sh calls make \(Debian package make, not in a minimal Debian\)" "$tmp/check.out"
expect unknown "^FAIL $tmp/unknown.sh needs frobnicate, which tests/tools/need.bash does not know" "$tmp/check.out"

# Every command of /usr/bin and /bin but xdotool.
mkdir "$tmp/bin"
ln -s /usr/bin/* "$tmp/bin/" 2>/dev/null
ln -s /bin/* "$tmp/bin/" 2>/dev/null # (the same folder where /bin is /usr/bin)
rm "$tmp/bin/xdotool"
start=$SECONDS
PATH=$tmp/bin bash "$src/tests/app/window_e2e.sh" "$build/ceki" "$tmp/e2e" "$build/tests/app/png_diff" \
    >"$tmp/e2e.out" 2>&1
rc=$?
took=$((SECONDS - start))
if [ "$rc" = 1 ] && [ "$took" -le 5 ]; then
    passes=$((passes + 1))
else
    failures=$((failures + 1))
    echo "FAIL hidden-exit: window_e2e.sh without xdotool ended with $rc after $took s"
fi
expect hidden-named "^window_e2e.sh: needs xdotool, from the Debian package xdotool" "$tmp/e2e.out"
if [ "$(grep -c 'needs' "$tmp/e2e.out")" = 1 ]; then
    passes=$((passes + 1))
else
    failures=$((failures + 1))
    echo "FAIL hidden-only: more than xdotool named missing: $(cat "$tmp/e2e.out")"
fi
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
