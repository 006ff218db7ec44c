#!/usr/bin/env bash
# The project's addresses (packaging/addresses.cmake):
#   check_addresses.sh SOURCE_DIR WORK_DIR
# 1. No file of the tree names the addresses that never existed: the
#    repository the first metainfo, .deb and translations pointed at, or a
#    made-up no-reply maintainer address.
# 2. The metainfo written with no homepage names no address and lists no
#    screenshots, and validates; written with one, it names it (homepage,
#    source, bugs), its screenshots are files of packaging/screenshots/ at the
#    size it states, and it validates too (appstreamcli).
# 3. A setting that is not an address (or a maintainer that is not
#    "Name <user@host.domain>") stops the writing with its name and leaves
#    no file; a maintainer that is one is taken.
set -euo pipefail
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools cmake appstreamcli
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
fail=0
template=$src/packaging/io.github.ceki.Ceki.metainfo.xml.in
shots=$src/packaging/screenshots

# 1. The patterns are written so that they do not match this file itself.
gone='github[.]com/ceki/|githubusercontent[.]com/ceki/|no[r]eply'
if hits=$(grep -rInE "$gone" "$src" --exclude-dir=.git --exclude-dir='build*' \
    --exclude-dir=.cache); then
    echo "addresses that do not exist are named in the tree:" >&2
    echo "$hits" >&2
    fail=1
fi

# write OUT [-DNAME=VALUE...]: the metainfo from the template.
write() {
    local out=$1
    shift
    cmake "$@" -DIN="$template" -DOUT="$out" -P "$src/packaging/metainfo_write.cmake"
}
validate() {
    appstreamcli validate --no-net "$1" >"$work/validate.log" 2>&1 || {
        echo "$1 does not validate:" >&2
        cat "$work/validate.log" >&2
        fail=1
    }
}
# png_size FILE: "WIDTHxHEIGHT" from the PNG's header.
png_size() {
    od -An -tu1 -j16 -N8 "$1" | awk '{printf "%dx%d", (($1*256+$2)*256+$3)*256+$4, (($5*256+$6)*256+$7)*256+$8}'
}

# 2a. No homepage.
write "$work/none.xml"
if grep -nE '<url |<screenshots>|https?://' "$work/none.xml" | grep -v 'xmlns' >&2; then
    echo "the metainfo built with no homepage names an address" >&2
    fail=1
fi
grep -n '@[A-Z_]*@' "$work/none.xml" >&2 && { echo "the metainfo keeps a placeholder" >&2; fail=1; }
validate "$work/none.xml"

# 2b. A homepage (a reserved example domain) and where the screenshots are published.
home=https://example.org/ceki
published=https://example.org/ceki/screenshots
write "$work/set.xml" -DCEKI_HOMEPAGE="$home/" -DCEKI_SCREENSHOTS_URL="$published"
for want in "<url type=\"homepage\">$home</url>" "<url type=\"vcs-browser\">$home</url>" \
    "<url type=\"bugtracker\">$home/issues</url>"; do
    grep -qF "$want" "$work/set.xml" || { echo "missing from the metainfo: $want" >&2; fail=1; }
done
count=0
while read -r w h url; do
    count=$((count + 1))
    name=${url#"$published"/}
    if [ "$name" = "$url" ] || [ ! -f "$shots/$name" ]; then
        echo "screenshot $url is not a file of packaging/screenshots/" >&2
        fail=1
        continue
    fi
    size=$(png_size "$shots/$name")
    if [ "$size" != "${w}x$h" ]; then
        echo "screenshot $name is $size, the metainfo says ${w}x$h" >&2
        fail=1
    fi
done < <(sed -n 's/.*<image type="source" width="\([0-9]*\)" height="\([0-9]*\)">\([^<]*\)<.*/\1 \2 \3/p' \
    "$work/set.xml")
if [ "$count" -lt 1 ]; then
    echo "the metainfo built with a screenshots address lists no screenshot" >&2
    fail=1
fi
grep -n '@[A-Z_]*@' "$work/set.xml" >&2 && { echo "the metainfo keeps a placeholder" >&2; fail=1; }
validate "$work/set.xml"

# 2c. A homepage alone, not on a known forge: addresses, but no screenshots.
write "$work/home.xml" -DCEKI_HOMEPAGE="$home"
grep -q '<screenshots>' "$work/home.xml" && {
    echo "screenshots listed with no address where they are published" >&2
    fail=1
}
validate "$work/home.xml"

# 3. Bad settings.
for bad in "-DCEKI_HOMEPAGE=example.org/ceki" "-DCEKI_SCREENSHOTS_URL=ftp://example.org/x" \
    "-DCEKI_BUGS_URL=https://example.org/a b" "-DCEKI_MAINTAINER=A Person" \
    "-DCEKI_MAINTAINER=A Person <a.person>" "-DCEKI_MAINTAINER=<a@example.org>"; do
    name=${bad#-D}
    name=${name%%=*}
    if write "$work/bad.xml" "$bad" >"$work/bad.log" 2>&1; then
        echo "$bad was taken" >&2
        fail=1
    elif ! grep -q "$name" "$work/bad.log"; then
        echo "the error for $bad does not name $name:" >&2
        cat "$work/bad.log" >&2
        fail=1
    fi
    [ ! -e "$work/bad.xml" ] || { echo "$bad left a metainfo behind" >&2; fail=1; }
done
write "$work/maint.xml" "-DCEKI_MAINTAINER=A Person <a.person@example.org>" >"$work/maint.log" 2>&1 || {
    echo "a maintainer 'A Person <a.person@example.org>' was refused:" >&2
    cat "$work/maint.log" >&2
    fail=1
}
exit $fail
