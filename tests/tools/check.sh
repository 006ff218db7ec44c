#!/usr/bin/env bash
# Every external command the test scripts call comes with a new machine
# that ran the README's test line:
#
#   tests/tools/check.sh SOURCE_DIR BUILD_DIR        (ctest tools_check)
#
# Reads every bash script of the tree (bash's own reading of it,
# tests/tools/commands.awk) and every command ctest runs
# (BUILD_DIR/**/CTestTestfile.cmake, with the code of each `sh -c`), and
# fails, naming the script and the command, when a command that is not a
# builtin, a function of the script (or of a file it sources, found from
# the script's own folder) or a program of the build
#  - comes from a package outside a minimal Debian (priority required: what
#    the smallest roots of mmdebstrap and debootstrap hold) while it is not
#    in tests/tools/need.bash's table, or the script does not ask for it with
#    need_tools (so
#    it would go on to a misleading failure where it is missing), or
#  - is in the table under a package the README's test line does not
#    install (neither named there nor a dependency, Depends or Pre-Depends,
#    of one named there), for the scripts CI runs: those ctest and .ci/
#    run, what they source and the scripts they start with `bash`; the
#    others (benchmarks, generators, tests/valgrind.sh) are run by hand:
#    their tools need only be in the table and asked for.
# Each package in the table must be the one dpkg says the command comes
# from, and each entry must be used. $CEKI_TOOLS_README (where the README
# is read from) and $CEKI_TOOLS_EXTRA (more scripts to read) are for
# tools_check_catches (tests/tools/catches.sh), which shows that this fails
# where it should.
set -u
src=${1:?usage: check.sh SOURCE_DIR BUILD_DIR}
build=${2:?usage: check.sh SOURCE_DIR BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/need.bash"
readme=${CEKI_TOOLS_README:-$src/README.md}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    failures=$((failures + 1))
    echo "FAIL $*"
}

# ---- what a minimal Debian and the README's test line install ----------

# Installed packages: name, priority, essential, provides, depends
# (Pre-Depends and Depends), tab-separated.
dpkg-query -W -f='${Package}\t${Priority}\t${Essential}\t${Provides}\t${Pre-Depends}, ${Depends}\n' \
    >"$tmp/installed"
awk -F'\t' '$2 == "required" || $3 == "yes" {print $1}' "$tmp/installed" | sort -u >"$tmp/minimal"
# The packages of the README's second ```sh block's apt-get install.
awk '/^```sh$/ {n++; next} /^```$/ {next} n == 2 && /apt-get install/ {print; exit}' "$readme" |
    sed 's/.*apt-get install//; s/&&.*//' | tr ' ' '\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' |
    sort -u >"$tmp/named"
[ -s "$tmp/named" ] || fail "no apt-get install line in the README's second sh block ($readme)"
# Everything those bring with them: each dependency's first choice (what
# apt takes), or the installed package that provides it.
awk -F'\t' '
    NR == FNR { deps[$1] = $5; split($4, p, /, */)
                for (i in p) { sub(/ .*/, "", p[i]); if (p[i] != "" && !(p[i] in prov)) prov[p[i]] = $1 }
                next }
    { queue[++n] = $1; seen[$1] = 1 }
    END {
        for (q = 1; q <= n; q++) {
            name = queue[q]
            if (!(name in deps) && (name in prov)) name = prov[name]
            print name
            m = split(deps[name], d, /, */)
            for (i = 1; i <= m; i++) {
                alt = d[i]; sub(/ *\|.*/, "", alt); sub(/[ :(].*/, "", alt)
                if (alt != "" && !(alt in seen)) { seen[alt] = 1; queue[++n] = alt }
            }
        }
    }' "$tmp/installed" "$tmp/named" | sort -u >"$tmp/by_readme"

# ---- what each script calls -----------------------------------------------

{
    find "$src" \( -name .git -o -name 'build*' -o -path "$build" \) -prune -o \
        -type f \( -name '*.sh' -o -name '*.bash' \) -print
    echo "$src/.ci/run"
    echo "$src/.ci/sanitize"
    for f in ${CEKI_TOOLS_EXTRA:-}; do echo "$f"; done
} | xargs realpath | sort -u >"$tmp/scripts"
# Where CI starts scripts (more follow from these below).
{
    realpath "$src/.ci/run" "$src/.ci/sanitize"
    for f in ${CEKI_TOOLS_EXTRA:-}; do realpath "$f"; done
} >"$tmp/ci-roots"

# What ctest runs: its first word when outside the build, and the code of
# each `sh -c` or `bash -c` as a script of its own.
mkdir -p "$tmp/ctest-code"
find "$build" -name CTestTestfile.cmake -exec cat {} + | awk -v build="$build/" -v code="$tmp/ctest-code/" '
    /^add_test\(/ {
        line = $0; sub(/^add_test\(\[=\[/, "", line)
        name = line; sub(/\]=\].*/, "", name); sub(/^[^]]*\]=\] /, "", line)
        n = 0; arg = ""; inq = 0
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (inq && c == "\\") { arg = arg substr(line, ++i, 1); continue }
            if (c == "\"") { if (inq) { a[++n] = arg; arg = "" } inq = !inq; continue }
            if (inq) arg = arg c
        }
        entries++
        if (a[1] == "sh" || a[1] == "bash") {
            print "ctest " name "\tcmd\t" a[1] > (code "records")
            if (a[2] == "-c") { print a[3] > (code name); print code name > (code "roots") }
            else print name "\t" a[2] > (code "scripts")
        } else if (index(a[1], build) != 1) {
            c = a[1]; sub(/.*\//, "", c); print "ctest " name "\tcmd\t" c > (code "records")
        }
    }
    END { print entries + 0 > (code "count") }'
[ "$(cat "$tmp/ctest-code/count")" -gt 0 ] || fail "no ctest entries under $build"
cp "$tmp/ctest-code/records" "$tmp/records" 2>/dev/null || : >"$tmp/records"
cat "$tmp/ctest-code/roots" >>"$tmp/scripts" 2>/dev/null
cat "$tmp/ctest-code/roots" >>"$tmp/ci-roots" 2>/dev/null
if [ -s "$tmp/ctest-code/scripts" ]; then
    cut -f2 "$tmp/ctest-code/scripts" | xargs realpath -m >"$tmp/ctest-scripts"
    paste "$tmp/ctest-code/scripts" "$tmp/ctest-scripts" | while IFS=$'\t' read -r name given path; do
        grep -qxF "$path" "$tmp/scripts" || echo "FAIL ctest $name runs $given, which this check does not read"
    done >"$tmp/ctest-unread"
    cat "$tmp/ctest-unread"
    failures=$((failures + $(wc -l <"$tmp/ctest-unread")))
    cat "$tmp/ctest-scripts" >>"$tmp/ci-roots"
fi

# Bash's own reading of every script, in one bash, through commands.awk.
xargs -d '\n' bash -c 'for f; do
    IFS= read -r -d "" body <"$f"
    printf "\036FILE %s\n" "$f"
    if eval "__scan() {
$body
}" 2>"$0"; then declare -f __scan; else printf "%s\t%s\n" "$f" "$(head -1 "$0")" >>"$0.failed"; fi
    unset -f __scan
done' "$tmp/scan.err" <"$tmp/scripts" | awk -f "$here/commands.awk" >>"$tmp/records"
while IFS=$'\t' read -r f why; do
    fail "$f: bash cannot read it: $why"
done < <(cat "$tmp/scan.err.failed" 2>/dev/null)

# What each script sources ("src") or starts with bash ("runs"), from the
# script's folder (or the tree's root for a bare path): FILE, KIND, PATH.
xargs -d '\n' grep -HE '^[[:space:]]*(\.|source)[[:space:]]|bash +"?(\$here/|\$\(dirname "\$0"\)/)?[A-Za-z0-9_./-]+\.sh' \
    <"$tmp/scripts" | awk -v src="$src" '
    { f = $0; sub(/:.*/, "", f); line = substr($0, length(f) + 2); dir = f; sub(/\/[^\/]*$/, "", dir)
      if (line ~ /^[[:space:]]*(\.|source)[[:space:]]/) {
          if (match(line, /(\$\(dirname "\$(0|\{BASH_SOURCE\[0\]\})"\)|\$here)\/[A-Za-z0-9_.\/-]+\.bash/)) {
              rel = substr(line, RSTART, RLENGTH); sub(/^[^\/]*\//, "", rel); print f "\tsrc\t" dir "/" rel
          } else print f "\tunknown-src\t" line
      }
      while (match(line, /bash +"?(\$here\/|\$\(dirname "\$0"\)\/)?[A-Za-z0-9_.\/-]+\.sh/)) {
          run = substr(line, RSTART, RLENGTH); line = substr(line, RSTART + RLENGTH)
          sub(/^bash +"?/, "", run)
          if (run ~ /^\$/) { sub(/^[^\/]*\//, "", run); run = dir "/" run } else if (run !~ /^\//) run = src "/" run
          print f "\truns\t" run
      } }' >"$tmp/edges"
awk -F'\t' '$2 == "unknown-src" {print "FAIL " $1 ": cannot tell which file this sources: " $3}' "$tmp/edges" |
    tee "$tmp/source-failures"
failures=$((failures + $(wc -l <"$tmp/source-failures")))
awk -F'\t' '$2 != "unknown-src" {print $3}' "$tmp/edges" | xargs -r realpath -m >"$tmp/edge-paths"
awk -F'\t' '$2 != "unknown-src"' "$tmp/edges" | cut -f1,2 | paste - "$tmp/edge-paths" |
    awk -F'\t' 'NR == FNR {known[$1] = 1; next}
        $3 in known {print; next}
        $2 == "src" {print "FAIL " $1 ": sources " $3 ", which is not there" > "/dev/stderr"}' \
        "$tmp/scripts" - >>"$tmp/records" 2>"$tmp/edge-failures"
cat "$tmp/edge-failures"
failures=$((failures + $(wc -l <"$tmp/edge-failures")))
# The scripts CI runs: the roots and what they source or start, all the way.
awk -F'\t' 'NR == FNR {ci[$1] = 1; print; next}
    $2 == "src" || $2 == "runs" {next_of[$1] = next_of[$1] "\n" $3}
    END { changed = 1
          while (changed) { changed = 0
              for (f in ci) { n = split(next_of[f], t, "\n")
                  for (i = 1; i <= n; i++) if (t[i] != "" && !(t[i] in ci)) { ci[t[i]] = 1; print t[i]; changed = 1 } } } }' \
    "$tmp/ci-roots" "$tmp/records" | sort -u >"$tmp/ci"

# ---- the commands' packages -----------------------------------------------

compgen -b >"$tmp/builtins"
compgen -k >>"$tmp/builtins"
for cmd in "${!need_package[@]}"; do
    printf '%s\t%s\n' "$cmd" "${need_package[$cmd]}"
done >"$tmp/table"
# Each command's path and the paths its symbolic links lead through
# (/usr/bin/cc -> /etc/alternatives/cc -> /usr/bin/gcc), a stat for each
# step of them all, then one dpkg -S for every path: a command's package is
# its first path's owner.
awk -F'\t' '$2 == "cmd" || $2 == "need" {print $3}' "$tmp/records" | sort -u |
    grep -E '^[A-Za-z_][A-Za-z0-9_.+-]*$' | grep -vxFf "$tmp/builtins" >"$tmp/names"
while read -r cmd; do
    path=$(type -P "$cmd") && printf '%s\t%s\n' "$cmd" "$path"
done <"$tmp/names" >"$tmp/paths"
cp "$tmp/paths" "$tmp/step"
for _ in 1 2 3 4 5 6; do
    [ -s "$tmp/step" ] || break
    cut -f2 "$tmp/step" | xargs -d '\n' stat -c '%N' | paste "$tmp/step" - |
        awk -F'\t' 'split($3, q, "'"'"' -> '"'"'") == 2 { t = q[2]; sub(/'"'"'$/, "", t); p = $2
                     if (t !~ /^\//) { sub(/\/[^\/]*$/, "/", p); t = p t }
                     print $1 "\t" t }' >"$tmp/next"
    cat "$tmp/next" >>"$tmp/paths"
    mv "$tmp/next" "$tmp/step"
done
awk -F'\t' '{print; if ($2 ~ /^\/usr\//) print $1 "\t" substr($2, 5)}' "$tmp/paths" >"$tmp/paths+"
mv "$tmp/paths+" "$tmp/paths"
cut -f2 "$tmp/paths" | sort -u | xargs -r dpkg -S 2>/dev/null | grep -v '^diversion by' |
    sed 's/^\([^:,]*\)[^ ]* \(.*\)/\1\t\2/' >"$tmp/owners"
awk -F'\t' 'NR == FNR {owner[$2] = $1; next} !($1 in pkg) && ($2 in owner) {pkg[$1] = owner[$2]; print $1 "\t" owner[$2]}' \
    "$tmp/owners" "$tmp/paths" >"$tmp/packages"

# ---- the checks -----------------------------------------------------------

awk -F'\t' -v src="$src/" '
    FILENAME ~ /\/builtins$/ { builtin[$1] = 1; next }
    FILENAME ~ /\/minimal$/ { minimal[$1] = 1; next }
    FILENAME ~ /\/by_readme$/ { by_readme[$1] = 1; next }
    FILENAME ~ /\/table$/ { table[$1] = $2; next }
    FILENAME ~ /\/packages$/ { dpkg[$1] = $2; next }
    FILENAME ~ /\/ci$/ { ci[$1] = 1; next }
    { rec[++n] = $0; file[n] = $1; kind[n] = $2; word[n] = $3
      if ($2 == "src") edge[$1, ++edges[$1]] = $3
      else if ($2 == "func" || $2 == "need") has[$1, $2, $3] = 1 }
    # Whether FILE or a file it sources (four deep) has KIND WORD.
    function known(f, k, w, depth,    i) {
        if (has[f, k, w]) return 1
        for (i = 1; depth < 4 && i <= edges[f]; i++) if (known(edge[f, i], k, w, depth + 1)) return 1
        return 0
    }
    function say(f, what) { sub("^" src, "", f); sub(/^.*\/ctest-code\//, "ctest ", f); print "FAIL " f " " what; fails++ }
    END {
        for (i = 1; i <= n; i++) {
            f = file[i]; k = kind[i]; c = word[i]
            if (k != "cmd" && k != "need" || c !~ /^[A-Za-z_][A-Za-z0-9_.+-]*$/ || c == "__scan" || c == "Q") continue
            if (k == "cmd" && (c in builtin || known(f, "func", c, 0)) || (f, c) in seen) continue
            seen[f, c] = 1
            used[c] = 1
            byhand = !(f in ci) && f !~ /^ctest /
            asked = k == "need" || f ~ /^ctest / || known(f, "need", c, 0)
            if (!(c in table)) {
                if (k == "need") say(f, "needs " c ", which tests/tools/need.bash does not know")
                else if (!(c in dpkg)) say(f, "calls " c ", which no Debian package installed here holds (nor tests/tools/need.bash)")
                else if (!(dpkg[c] in minimal))
                    say(f, "calls " c " (Debian package " dpkg[c] ", not in a minimal Debian), which is not in tests/tools/need.bash")
                continue
            }
            p = table[c]
            if (p in minimal) continue
            if (!asked) say(f, "calls " c " (" p ") without asking for it first (need_tools " c ")")
            if (!byhand && !(p in by_readme)) say(f, "calls " c ", from " p ", which the README'"'"'s test line does not install")
        }
        for (c in table) {
            if (!(c in used)) say("tests/tools/need.bash", "lists " c ", which no script calls")
            else if ((c in dpkg) && dpkg[c] != table[c])
                say("tests/tools/need.bash", "says " c " comes from " table[c] "; dpkg says " dpkg[c])
        }
        exit fails > 0
    }' "$tmp/builtins" "$tmp/minimal" "$tmp/by_readme" "$tmp/table" "$tmp/packages" "$tmp/ci" "$tmp/records" ||
    failures=$((failures + 1))

echo "$(wc -l <"$tmp/scripts") scripts ($(wc -l <"$tmp/ci") run by CI) and $(cat "$tmp/ctest-code/count") ctest entries read," \
    "$(wc -l <"$tmp/names") commands beyond bash's own"
[ "$failures" -eq 0 ]
