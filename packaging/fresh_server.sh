#!/usr/bin/env bash
# ceki-server's package on a new Debian 12 without a desktop (by hand, as
# root; it needs Debian's mirror and takes some minutes, so ctest does not
# run it):
#
#   packaging/fresh_server.sh DEB_DIR [BUILD_DIR]
#
# DEB_DIR holds ceki_*.deb, ceki-server_*.deb and ceki-cli_*.deb (`cpack -G
# DEB` in the build tree, or build/packaging/deb-test after ctest
# packaging_deb); BUILD_DIR, when given, is the build they came from, whose
# own title picture the package's must equal in step 4.
# 1. mmdebstrap makes a minimal Debian 12 root (--variant=apt, as
#    ../shared/fresh-machine does); in it, with no systemd running,
#    `apt install ./ceki-server_*.deb ./ceki-cli_*.deb` works and brings no
#    SDL, X, Wayland, OpenGL, sound or font package.
# 2. In that root (a chroot), ceki-server started by hand on a free port of
#    127.0.0.1 serves a match that three ceki-cli bots play to its end.
# 3. The root, with systemd added, boots in a container (systemd-nspawn
#    --private-network: its loopback alone), and there the package's own
#    unit serves such a match under its sandbox, with its watchdog,
#    restart, upgrade, stop and purge (packaging/fresh_server_in.sh says
#    what each step checks).
# 4. Back in the chroot, the game's package is installed too: it draws its
#    title (Javanese script and all) with fonts-noto-core's fonts and cannot
#    without them, and the three manual pages show.
# Prints each check; the whole log is in /tmp/ceki-fresh-server.log. Ends 0
# only when every check passed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ "$(id -u)" = 0 ] || {
    echo "fresh_server.sh: needs root (mmdebstrap, chroot, systemd-nspawn)" >&2
    exit 2
}
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools mmdebstrap systemd-nspawn
deb_dir=$(cd "${1:?usage: fresh_server.sh DEB_DIR [BUILD_DIR]}" && pwd)
build_dir=${2:+$(cd "$2" && pwd)}
arch=$(dpkg --print-architecture)
shopt -s nullglob
server_debs=("$deb_dir"/ceki-server_*_"$arch".deb)
cli_debs=("$deb_dir"/ceki-cli_*_"$arch".deb)
game_debs=("$deb_dir"/ceki_*_"$arch".deb)
shopt -u nullglob
[ ${#server_debs[@]} = 1 ] && [ ${#cli_debs[@]} = 1 ] && [ ${#game_debs[@]} = 1 ] || {
    echo "fresh_server.sh: $deb_dir needs one each of ceki_*, ceki-server_* and ceki-cli_*_$arch.deb" >&2
    exit 2
}
# shellcheck source=../tests/app/free_port.bash
source "$here/../tests/app/free_port.bash"

log=/tmp/ceki-fresh-server.log
: >"$log"
root=$(mktemp -d /tmp/ceki-fresh-server.XXXXXX)
mounted=()
unmount() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
    mounted=()
}
cleanup() {
    unmount
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT
in_root() {
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}
step() { echo "== $*" | tee -a "$log"; }

# 1.
step "a new Debian 12 root (mmdebstrap --variant=apt bookworm) in $root"
start=$(date +%s)
mmdebstrap --variant=apt bookworm "$root" >>"$log" 2>&1 || {
    echo "fresh_server.sh: mmdebstrap failed (the log: $log)" >&2
    exit 2
}
echo "   made in $(($(date +%s) - start)) s" | tee -a "$log"
mount_root() {
    local m
    for m in proc sys dev dev/pts; do
        mount --bind "/$m" "$root/$m"
        mounted+=("$root/$m")
    done
    cp /etc/resolv.conf "$root/etc/resolv.conf"
}
mount_root
cp "${server_debs[0]}" "${cli_debs[0]}" "$here/fresh_server_in.sh" "$root/root/"
mkdir -p "$root/tests/tools"
cp "$here/../tests/tools/need.bash" "$root/tests/tools/"
server_deb=/root/${server_debs[0]##*/}
cli_deb=/root/${cli_debs[0]##*/}
fail=0
step "apt install ./${server_deb##*/} ./${cli_deb##*/}"
in_root bash -c "cd /root && bash fresh_server_in.sh install ./${server_deb##*/} ./${cli_deb##*/}" |
    tee -a "$log" || fail=1

# 2.
port=$(free_port)
step "ceki-server by hand on 127.0.0.1:$port in the root"
in_root bash /root/fresh_server_in.sh serve "$port" | tee -a "$log" || fail=1

# 3.
step "systemd added to the root, which boots in a container"
in_root apt-get install -y systemd systemd-sysv dbus >>"$log" 2>&1 || {
    echo "fresh_server.sh: apt-get install systemd failed in the root (the log: $log)" >&2
    exit 2
}
unmount
rm -f "$root/etc/resolv.conf"
cat >"$root/etc/systemd/system/ceki-fresh-check.service" <<EOF
[Unit]
Description=The package's unit under systemd (packaging/fresh_server.sh)
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/bin/sh -c 'bash /root/fresh_server_in.sh unit $server_deb >/root/unit.log 2>&1; echo \$? >/root/unit.rc'
ExecStartPost=/bin/systemctl --no-block poweroff
[Install]
WantedBy=multi-user.target
EOF
ln -s ../ceki-fresh-check.service "$root/etc/systemd/system/multi-user.target.wants/ceki-fresh-check.service"
timeout 600 systemd-nspawn --quiet --directory="$root" --boot --register=no --keep-unit \
    --private-network --machine="ceki-fresh-$$" </dev/null >>"$log" 2>&1 || true
cat "$root/root/unit.log" 2>/dev/null | tee -a "$log"
[ "$(cat "$root/root/unit.rc" 2>/dev/null)" = 0 ] || {
    fail=1
    [ -f "$root/root/unit.rc" ] || echo "FAIL the booted root ran no check (the log: $log)" | tee -a "$log"
}

# 4.
step "the game's package in the chroot"
mount_root
cp "${game_debs[0]}" "$here/fresh_server_in.sh" "$root/root/"
if [ -n "$build_dir" ]; then
    mkdir -p "$root/tmp/shot"
    (cd "$root/tmp/shot" && env -u DISPLAY -u WAYLAND_DISPLAY HOME="$root/tmp/shot" LANG=C.UTF-8 \
        "$build_dir/ceki" --screenshot "$root/root/title-build.png" --scene title) >>"$log" 2>&1 || {
        echo "FAIL the build tree's ceki drew no title" | tee -a "$log"
        fail=1
    }
    rm -rf "$root/tmp/shot"
fi
game_deb=${game_debs[0]##*/}
in_root bash -c "cd /root && bash fresh_server_in.sh game ./$game_deb ./${cli_deb##*/} ./${server_deb##*/}" |
    tee -a "$log" || fail=1

if [ "$fail" = 0 ]; then
    echo "fresh_server.sh: every check passed (the log: $log)"
else
    echo "fresh_server.sh: a check FAILED (above; the log: $log)"
fi
exit $fail
