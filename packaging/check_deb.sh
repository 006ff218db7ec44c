#!/usr/bin/env bash
# The Debian packages, as `cpack -G DEB` makes them from this build:
#   check_deb.sh BUILD_DIR WORK_DIR VERSION "COMPONENTS" LINTIAN_INFO
# 1. cpack makes one .deb per component (game: ceki, cli: ceki-cli, server:
#    ceki-server) into WORK_DIR, and no file is in two of them.
# 2. Each has its program in /usr/games, its manual page, its copyright and
#    changelog; ceki links its fonts to fonts-noto-core's and depends on it;
#    neither ceki-cli nor ceki-server depends on SDL or anything graphical;
#    ceki-server has its unit, pointing at /usr/games/ceki-server.
# 3. lintian (--pedantic) reports no error and no warning, and no
#    information tag that LINTIAN_INFO does not list with its reason (nor
#    does LINTIAN_INFO list one it no longer reports).
# Fails at once when lintian or dpkg-deb is not installed.
set -euo pipefail
build=$1
work=$2
version=$3
components=$4
accepted=$5

. "$(dirname "$0")/../tests/tools/need.bash"
need_tools lintian cpack
rm -rf "$work"
mkdir -p "$work"
fail=0
bad() {
    echo "check_deb.sh: $*" >&2
    fail=1
}

# 1.
# ctest runs on a finished build, so cpack's first step, a make of the whole
# tree (its "preinstall" target, half a minute on a busy machine), is left
# out: CPack runs it only for generators that have one, and Ninja has none.
# The install it then runs is the same.
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" -D CPACK_CMAKE_GENERATOR=Ninja \
    >"$work/cpack.log" 2>&1; then
    cat "$work/cpack.log" >&2
    bad "cpack -G DEB failed"
    exit 1
fi
arch=$(dpkg --print-architecture)
declare -A package=([game]=ceki [cli]=ceki-cli [server]=ceki-server)
debs=()
for comp in $components; do
    p=${package[$comp]}
    deb=$work/${p}_${version}_$arch.deb
    if [ -f "$deb" ]; then
        debs+=("$deb")
    else
        bad "cpack made no $(basename "$deb")"
    fi
done
[ "$fail" -eq 0 ] || exit 1
for deb in "${debs[@]}"; do
    dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./||'
done | sort | uniq -d >"$work/twice"
[ ! -s "$work/twice" ] || bad "files in two packages: $(tr '\n' ' ' <"$work/twice")"

# 2.
# has DEB PATH...: every PATH is in DEB (a file or a link).
has() {
    local deb=$1
    shift
    dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./||' >"$work/list"
    for path in "$@"; do
        grep -qxF "$path" "$work/list" || bad "$(basename "$deb") lacks $path"
    done
}
for deb in "${debs[@]}"; do
    p=$(dpkg-deb --field "$deb" Package)
    prog=$p
    has "$deb" "usr/games/$prog" "usr/share/man/man6/$prog.6.gz" \
        "usr/share/doc/$p/copyright" "usr/share/doc/$p/changelog.gz"
    depends=$(dpkg-deb --field "$deb" Depends)
    case $p in
    ceki)
        grep -q 'fonts-noto-core' <<<"$depends" || bad "ceki does not depend on fonts-noto-core"
        for f in NotoSans-Regular NotoSans-Bold NotoSansJavanese-Regular NotoSansJavanese-Bold; do
            link=$(dpkg-deb --contents "$deb" | awk -v f="./usr/share/ceki/fonts/$f.ttf" '$6 == f {print $1, $8}')
            [ "$link" = "lrwxrwxrwx ../../fonts/truetype/noto/$f.ttf" ] ||
                bad "ceki's $f.ttf is not a link to fonts-noto-core's (got '$link')"
        done
        ;;
    ceki-cli | ceki-server)
        if grep -Eiq 'sdl|libx|wayland|fonts-' <<<"$depends"; then
            bad "$p depends on the desktop: $depends"
        fi
        ;;
    esac
    if [ "$p" = ceki-server ]; then
        has "$deb" usr/lib/systemd/system/ceki-server.service
        dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/lib/systemd/system/ceki-server.service |
            grep -q '^ExecStart=/usr/games/ceki-server ' || bad "the unit does not start /usr/games/ceki-server"
    fi
done

# 3.
lintian --pedantic --display-info --tag-display-limit 0 "${debs[@]}" >"$work/lintian.log" 2>"$work/lintian.err" || true
cat "$work/lintian.log"
grep -v 'running with root privileges' "$work/lintian.err" >&2 || true
if grep -E '^[EW]: ' "$work/lintian.log" >/dev/null; then
    bad "lintian reports errors or warnings (above)"
fi
# The information tags, "PACKAGE: TAG", against the ones explained.
{ grep -E '^[IPX]: ' "$work/lintian.log" || true; } | awk '{sub(/:$/, "", $2); print $2 ": " $3}' |
    sort -u >"$work/info"
{ grep -vE '^(#|$)' "$accepted" || true; } | awk '{sub(/:$/, "", $1); print $1 ": " $2}' |
    sort -u >"$work/accepted"
while read -r line; do
    bad "lintian reports '$line', which $(basename "$accepted") does not explain"
done < <(comm -23 "$work/info" "$work/accepted")
while read -r line; do
    bad "$(basename "$accepted") explains '$line', which lintian no longer reports"
done < <(comm -13 "$work/info" "$work/accepted")
[ "$fail" -eq 0 ] && echo "check_deb.sh: ${#debs[@]} packages, lintian clean"
exit $fail
