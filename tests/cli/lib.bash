# Shared by the ceki-cli contract scripts (sourced; not a test itself).
# Sets $cli from the first argument and gives check / fails / finish.
set -u
cli=$1
tmp=$(mktemp -d)
. "$(dirname "${BASH_SOURCE[0]}")/../tools/harness.bash" # check, finish
at_exit 'rm -rf "$tmp"'

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
