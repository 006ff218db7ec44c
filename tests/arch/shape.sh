#!/usr/bin/env bash
# The code's shape (issue 17), checked on every build:
#  - no call circle between modules: the object files' symbols (nm), a
#    module being a file, or the files of one screen (scene_table_*.c,
#    scene_learn_*.c), fed to tsort, which finds any loop;
#  - no include circle between files;
#  - no function longer than 80 lines in src/ (clang-formatted C: from the
#    "{" at column 0 to the "}" at column 0);
#  - no comparison or case on a VARIANT_ id outside the variant table
#    (src/core/variant.c) and the app's table of each game's prose
#    (src/app/scenes/learn/learn_text.c).
# Usage: shape.sh SOURCE_DIR BUILD_DIR
set -u
src=$1/src
build=$2
failures=0
fail() {
    failures=$((failures + 1))
    echo "FAIL: $*"
}
module() {
    local n
    n=$(basename "$1" .c.o)
    case $n in
    scene_table*) echo scene_table ;;
    scene_learn* | learn_*) echo scene_learn ;;
    *) echo "$n" ;;
    esac
}
edges=$(mktemp)
defs=$(mktemp)
trap 'rm -f "$edges" "$defs"' EXIT
objs=$(find "$build/src" -name '*.c.o' -path '*CMakeFiles/ceki_*' | sort)
[ -n "$objs" ] || { echo "no object files under $build/src"; exit 2; }
for o in $objs; do
    m=$(module "$o")
    nm "$o" | awk -v m="$m" 'NF == 3 && $2 ~ /^[TDRB]$/ { print $3, m }'
done | sort -u >"$defs"
for o in $objs; do
    m=$(module "$o")
    nm "$o" | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u |
        join - "$defs" | awk -v m="$m" '$2 != m { print m, $2 }'
done | sort -u >"$edges"
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    fail "a call circle between modules:"
    sed 's/^/    /' "$edges.err"
fi
rm -f "$edges.err"
# Includes, file by file.
find "$src" -name '*.[ch]' | while read -r f; do
    sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
        echo "$(basename "$f") $inc"
    done
done | sort -u >"$edges"
if ! tsort "$edges" >/dev/null 2>"$edges.err"; then
    fail "an include circle:"
    sed 's/^/    /' "$edges.err"
fi
rm -f "$edges.err"
long=$(find "$src" -name '*.c' | sort | while read -r f; do
    awk -v f="${f#"$1"/}" '
    /^[A-Za-z_].*\(/ { sig = $0 }
    /^\{/ { start = NR; name = sig; sub(/\(.*/, "", name); n = split(name, a, /[ *]+/); name = a[n] }
    /^\}/ { if (start && NR - start + 1 > 80) printf "%s: %s, %d lines\n", f, name, NR - start + 1; start = 0 }
    ' "$f"
done)
[ -z "$long" ] || fail "functions over 80 lines:
$long"
ids=$(grep -rnE '(==|!=) *VARIANT_[A-Z]|VARIANT_[A-Z_]+ *(==|!=)|case VARIANT_' "$src" |
    grep -v 'VARIANT_COUNT' | grep -v '^[^:]*/core/variant\.c:' | grep -v '^[^:]*/app/scenes/learn/learn_text\.c:')
[ -z "$ids" ] || fail "decisions on a variant id outside the variant table:
$ids"
[ $failures -eq 0 ] || exit 1
echo "shape: no circles, no function over 80 lines, no decision on a variant id"
