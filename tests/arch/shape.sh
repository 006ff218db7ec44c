#!/usr/bin/env bash
# The code's shape (src/README.md's rules), checked on every build:
#  - no call circle between modules: the object files' symbols (nm), a
#    module being a file, or the files of one screen (scene_table_*.c,
#    scene_learn_*.c), fed to tsort, which finds any loop;
#  - no include circle between modules: a module is a file and its header
#    (x.c and x.h; x_internal.h belongs to x), or the files of one screen,
#    so x.c including y.h while y.c includes x.h is a circle too;
#  - no function longer than 80 lines in src/ (clang-formatted C: from the
#    "{" at column 0 to the "}" at column 0);
#  - no comparison or case on a VARIANT_ id outside the variant table
#    (src/core/variant.c) and the app's table of each game's prose
#    (src/app/scenes/learn/learn_text.c);
#  - no words about the code's history instead of the code: no issue
#    number and no name of a helper or branch ("h-" and a word) in the
#    sources, tests, packaging, catalogues or docs.
# Usage: shape.sh SOURCE_DIR BUILD_DIR
set -u
. "$(dirname "$0")/../tools/need.bash"
need_tools nm
src=$1/src
build=$2
failures=0
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*"
}
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
objs=$(find "$build/src" -name '*.c.o' -path '*CMakeFiles/ceki_*' | sort)
[ -n "$objs" ] || { echo "no object files under $build/src"; exit 2; }
# One nm and one awk for every object (a process or two per object and
# symbol made this test 12 s of processor time): each line is
# "OBJECT:ADDRESS TYPE SYMBOL", an undefined one "OBJECT: U SYMBOL". A
# module is a file, or the files of one screen.
# shellcheck disable=SC2086 # the object paths have no spaces (CMake's)
nm -A $objs | awk -v edges="$edges" '
    function module(path, n) {
        n = path
        sub(/:.*/, "", n)
        sub(/.*\//, "", n)
        sub(/\.c\.o$/, "", n)
        if (n ~ /^scene_table/) return "scene_table"
        if (n ~ /^scene_learn/ || n ~ /^learn_/) return "scene_learn"
        return n
    }
    NF == 3 && $2 ~ /^[TDRB]$/ { def[$3] = def[$3] " " module($1) }
    NF == 3 && $2 == "U" { used[module($1) " " $3] = 1 }
    END {
        for (k in used) {
            split(k, a, " ")
            if (!(a[2] in def)) continue
            n = split(def[a[2]], ms, " ")
            for (i = 1; i <= n; i++) if (ms[i] != a[1]) print a[1], ms[i] > edges
        }
    }'
sort -u -o "$edges" "$edges"
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    fail "a call circle between modules:"
    sed 's/^/    /' "$edges.err"
fi
rm -f "$edges.err"
# Includes, module by module (a header named with a folder is its file name).
find "$src" -name '*.[ch]' -print0 | xargs -0 awk '
    function module(path, n) {
        n = path
        sub(/.*\//, "", n)
        sub(/\.[ch]$/, "", n)
        sub(/_internal$/, "", n)
        if (n ~ /^scene_table/) return "scene_table"
        if (n ~ /^scene_learn/ || n ~ /^learn_/) return "scene_learn"
        return n
    }
    match($0, /^#include "[^"]*"/) {
        from = module(FILENAME)
        to = module(substr($0, 11, RLENGTH - 11))
        if (from != to) print from, to
    }' | sort -u >"$edges"
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    fail "an include circle:"
    sed 's/^/    /' "$edges.err"
fi
rm -f "$edges.err"
long=$(find "$src" -name '*.c' | sort | xargs awk -v root="$1/" '
    FNR == 1 { f = FILENAME; if (index(f, root) == 1) f = substr(f, length(root) + 1); start = 0; sig = "" }
    /^[A-Za-z_].*\(/ { sig = $0 }
    /^\{/ { start = FNR; name = sig; sub(/\(.*/, "", name); n = split(name, a, /[ *]+/); name = a[n] }
    /^\}/ { if (start && FNR - start + 1 > 80) printf "%s: %s, %d lines\n", f, name, FNR - start + 1; start = 0 }
    ')
[ -z "$long" ] || fail "functions over 80 lines:
$long"
ids=$(grep -rnE '(==|!=) *VARIANT_[A-Z]|VARIANT_[A-Z_]+ *(==|!=)|case VARIANT_' "$src" |
    grep -v 'VARIANT_COUNT' | grep -v '^[^:]*/core/variant\.c:' | grep -v '^[^:]*/app/scenes/learn/learn_text\.c:')
[ -z "$ids" ] || fail "decisions on a variant id outside the variant table:
$ids"
# The patterns are written so that they do not match themselves.
history=$(cd "$1" && grep -rInE --exclude-dir='build*' -e '[Ii]ssues?[[:space:]]+#?[0-9]' \
    -e '(^|[^[:alnum:]_])h-[a-z]+[0-9]*([^[:alnum:]>_-]|$)' \
    src tests packaging po .ci assets fonts CMakeLists.txt README.md 2>/dev/null)
[ -z "$history" ] || fail "words about the code's history (say what the code is and does):
$history"
[ $failures -eq 0 ] || exit 1
echo "shape: no circles, no function over 80 lines, no decision on a variant id, no history words"
