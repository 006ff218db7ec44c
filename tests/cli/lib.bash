# Shared by the ceki-cli contract scripts (sourced; not a test itself).
# Sets $cli from the first argument and gives check / fails / finish.
set -u
cli=$1
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fi
}

fails() { # name, command...: must exit non-zero with a message on stderr and nothing on stdout
    local name=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -ne 0 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL %s: exit %d, stderr [%s], stdout [%s]\n' "$name" $rc "$(cat "$tmp/err")" "$(cat "$tmp/out")"
    fi
}

finish() { # prints the closing line ctest and CI read, and sets the exit status
    echo "$passes passed, $failures failed"
    [ $failures -eq 0 ]
}
