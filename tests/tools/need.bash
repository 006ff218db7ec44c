# need.bash — the commands beyond a minimal Debian that the test scripts
# call, each with the Debian package it comes in, and `need_tools`, which a
# script calls at its start (sourced; defines nothing else):
#
#   . "$(dirname "$0")/../tools/need.bash"   # the path from the script
#   need_tools xvfb-run xdotool openbox
#
# A command that is not on PATH stops the script at once (exit 1), naming
# the command and its package: a test never goes on to a misleading
# failure, and never passes by skipping. tests/tools/check.sh (ctest
# tools_check) checks that every command the scripts call is either in a
# minimal Debian (its packages of priority required) or in this table and
# asked for with need_tools, and that each package here is installed by the
# README's test line (named there, or a dependency of one named there).

declare -A need_package=(
    [appstreamcli]=appstream
    [apt]=apt
    [apt-get]=apt
    [cpack]=cmake
    [hardening-check]=devscripts
    [ip]=iproute2
    [journalctl]=systemd
    [lintian]=lintian
    [man]=man-db
    [mmdebstrap]=mmdebstrap
    [nft]=nftables
    [systemctl]=systemd
    [systemd-analyze]=systemd
    [systemd-nspawn]=systemd-container
    [systemd-run]=systemd
    [cc]=gcc
    [clang]=clang
    [cmake]=cmake
    [ctest]=cmake
    [desktop-file-validate]=desktop-file-utils
    [gcc]=gcc
    [msgcmp]=gettext
    [msgfmt]=gettext
    [nm]=binutils
    [openbox]=openbox
    [perf]=linux-perf
    [ps]=procps
    [rsvg-convert]=librsvg2-bin
    [sqlite3]=sqlite3
    [valgrind]=valgrind
    [xauth]=xauth
    [xdotool]=xdotool
    [Xvfb]=xvfb
    [xgettext]=gettext
    [xvfb-run]=xvfb
)

# need_tools COMMAND...: each COMMAND on PATH, or a line for each one missing and
# exit 1.
need_tools() {
    local tool missing=0
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 && continue
        missing=1
        if [ -n "${need_package[$tool]:-}" ]; then
            echo "${0##*/}: needs $tool, from the Debian package ${need_package[$tool]}" \
                "(apt-get install ${need_package[$tool]}); it is not on PATH" >&2
        else
            echo "${0##*/}: needs $tool, which is not on PATH" \
                "(and not in tests/tools/need.bash: add it there with its package)" >&2
        fi
    done
    [ "$missing" = 0 ] || exit 1
}
