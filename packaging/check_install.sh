#!/usr/bin/env bash
# Install smoke test: check_install.sh BUILD_DIR PREFIX APP_ID "ICON_SIZES" BINDIR
# Runs `cmake --install BUILD_DIR --prefix PREFIX` into an empty PREFIX, then
# checks that every file is in its XDG place (the programs in BINDIR, games),
# that the fonts are copies (a plain install does not count on
# fonts-noto-core), that the manual pages are there, that the desktop entry
# and the metainfo still validate where they were installed, and that the
# installed programs run and find their data.
set -euo pipefail
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools cmake desktop-file-validate appstreamcli
build=$1
prefix=$2
id=$3
sizes=$4
bindir=$5

rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null

fail=0
need() {
    if [ ! -e "$prefix/$1" ]; then
        echo "missing: $1" >&2
        fail=1
    fi
}

need "$bindir"/ceki-cli
need "$bindir"/ceki-server
need lib/systemd/system/ceki-server.service
need share/ceki/fonts/NotoSans-Regular.ttf
need share/ceki/fonts/NotoSans-Bold.ttf
need share/ceki/fonts/NotoSansJavanese-Regular.ttf
need share/ceki/fonts/NotoSansJavanese-Bold.ttf
need share/ceki/fonts/OFL.txt
for f in "$prefix"/share/ceki/fonts/*.ttf; do
    if [ -L "$f" ] || [ ! -s "$f" ]; then
        echo "not a copy of the font: ${f#"$prefix"/}" >&2
        fail=1
    fi
done
for prog in ceki-cli ceki-server; do
    need "share/man/man6/$prog.6.gz"
    need "share/doc/$prog/copyright"
    need "share/doc/$prog/changelog.gz"
done
for style in ceki western-clubs western-spades; do
    for kind in C1 S9 M5 OT WF RF; do
        need "share/ceki/assets/cards/$style/$kind.svg"
    done
done
need share/ceki/assets/cards/french/AS.svg
need share/ceki/assets/cards/french/10D.svg
need share/ceki/assets/cards/backs/ceki.svg
need share/ceki/assets/cards/backs/western.svg
need "share/applications/$id.desktop"
need "share/metainfo/$id.metainfo.xml"
need "share/icons/hicolor/scalable/apps/$id.svg"
for s in $sizes; do
    need "share/icons/hicolor/${s}x${s}/apps/$id.png"
done
need share/doc/ceki/LICENSE
for lang in id jv; do
    need "share/locale/$lang/LC_MESSAGES/ceki.mo"
done
# Nothing of the build machinery is installed with the data.
if find "$prefix/share/ceki" -name '*.py' | grep . >/dev/null; then
    echo "card generators were installed" >&2
    fail=1
fi

desktop-file-validate "$prefix/share/applications/$id.desktop" || fail=1
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null || {
    appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" >&2 || true
    fail=1
}

# The installed command-line program runs.
"$prefix/$bindir/ceki-cli" variants | grep '^thothit' >/dev/null || {
    echo "installed ceki-cli variants did not list thothit" >&2
    fail=1
}

# The installed server says its version and protocol; its unit starts it.
"$prefix/$bindir/ceki-server" --version | grep -E '^ceki-server [0-9.]+ protocol [0-9]+$' >/dev/null || {
    echo "installed ceki-server --version did not say its version and protocol" >&2
    fail=1
}
grep -q "^ExecStart=$prefix/$bindir/ceki-server " "$prefix/lib/systemd/system/ceki-server.service" || {
    echo "the installed unit does not start the installed ceki-server" >&2
    fail=1
}

# The installed game renders a screen with its installed data (headless).
if [ -e "$build/ceki" ]; then
    need "$bindir"/ceki
    need share/man/man6/ceki.6.gz
    need share/doc/ceki/copyright
    shot=$(mktemp --suffix=.png)
    trap 'rm -f "$shot"' EXIT
    if CEKI_DATA_DIR="$prefix/share/ceki" SDL_VIDEODRIVER=dummy \
        "$prefix/$bindir/ceki" --screenshot "$shot" --scene gallery --size 640x400 >/dev/null; then
        [ -s "$shot" ] || { echo "no screenshot from the installed ceki" >&2; fail=1; }
    else
        echo "the installed ceki failed to render a screenshot" >&2
        fail=1
    fi
    # The installed catalogues are found: the title reads differently in
    # Indonesian (the build tree's catalogues are out of reach here).
    en=$(mktemp --suffix=.png) id=$(mktemp --suffix=.png)
    trap 'rm -f "$shot" "$en" "$id"' EXIT
    for l in en id; do
        out=$en
        [ "$l" = id ] && out=$id
        LANGUAGE=$l CEKI_LOCALE_DIR='' CEKI_DATA_DIR="$prefix/share/ceki" SDL_VIDEODRIVER=dummy \
            "$prefix/$bindir/ceki" --screenshot "$out" --scene title --size 640x400 >/dev/null || fail=1
    done
    if cmp -s "$en" "$id"; then
        echo "the installed ceki shows the same title in English and Indonesian" >&2
        fail=1
    fi
fi

[ $fail -eq 0 ] && echo "install under $prefix: every file in place"
exit $fail
