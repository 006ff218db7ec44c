#!/usr/bin/env bash
# ceki-server's systemd unit (packaging/systemd/ceki-server.service):
#   check_unit.sh UNIT_TEMPLATE SERVER CLI MAN_DIR WORK_DIR
# 1. The unit, pointing at SERVER, passes `systemd-analyze verify` without
#    a word (its manual page, man:ceki-server(6), is found in MAN_DIR).
# 2. `systemd-analyze security` rates it at most CEKI_UNIT_EXPOSURE_MAX.
# 3. Where systemd runs the machine (and this runs as root): the unit's own
#    ExecStart, with every [Service] setting of the unit, runs as a transient
#    unit (systemd-run) on a free port of 127.0.0.1; systemd-run returns once
#    the server has said READY=1; a match of ceki-cli's bot against the
#    server's computers plays to its winner; the watchdog (2 s here) has
#    not fired after 3 s; the sandbox rates the same online; SIGTERM stops it
#    cleanly. Elsewhere (a container, a chroot, a CI machine without systemd
#    as PID 1) it says so and checks 1 and 2 only.
# Fails at once when systemd-analyze (package systemd) or man (man-db) is
# not installed.
set -euo pipefail
template=$1
server=$2
cli=$3
mandir=$4
work=$5
here=$(cd "$(dirname "$0")" && pwd)
max=2.0 # CEKI_UNIT_EXPOSURE_MAX: "OK" on systemd's scale, 10 the worst

. "$(dirname "$0")/../tests/tools/need.bash"
need_tools systemd-analyze systemctl systemd-run journalctl man
rm -rf "$work"
mkdir -p "$work"
unit=$work/ceki-server.service
sed "s|@CEKI_SERVER_BIN@|$server|" "$template" >"$unit"
fail=0
bad() {
    echo "check_unit.sh: $*" >&2
    fail=1
}

# 1.
if ! out=$(MANPATH=$mandir systemd-analyze verify "$unit" 2>&1) || [ -n "$out" ]; then
    echo "$out" >&2
    bad "systemd-analyze verify does not pass the unit"
fi

# 2. exposure TEXT: the number of "Overall exposure level for ...: 1.1 OK".
exposure() {
    sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' <<<"$1"
}
over_max() {
    awk -v s="$1" -v m="$max" 'BEGIN { exit !(s == "" || s + 0 > m + 0) }'
}
rated=$(systemd-analyze security --offline=true "$unit" 2>&1 | tr -d '\r') || true
score=$(exposure "$rated")
echo "systemd-analyze security: ceki-server.service ${score:-(no score)}"
if over_max "$score"; then
    echo "$rated" >&2
    bad "the unit's exposure is ${score:-unknown}, above $max"
fi

# 3.
if [ ! -d /run/systemd/system ] || [ "$(id -u)" != 0 ]; then
    echo "check_unit.sh: systemd does not run this machine as root's manager" \
        "(PID 1: $(cat /proc/1/comm 2>/dev/null)): the unit is verified and rated, not started"
    exit $fail
fi
[ "$fail" -eq 0 ] || exit 1
# shellcheck source=../tests/app/free_port.bash
source "$here/../tests/app/free_port.bash"
port=$(free_port)
name=ceki-server-check-$$
state=ceki-server-check-$$
cleanup() {
    systemctl stop "$name.service" >/dev/null 2>&1 || true
    systemctl reset-failed "$name.service" >/dev/null 2>&1 || true
    rm -rf "/var/lib/private/$state" "/var/lib/$state"
}
trap cleanup EXIT
# The unit's [Service] settings as systemd-run properties: its own state
# directory, a watchdog short enough to be seen, no restart (a failure must
# show), and ExecStart on the free port of the loopback only.
props=()
exec_line=
while IFS= read -r line; do
    key=${line%%=*}
    value=${line#*=}
    case $key in
    ExecStart) exec_line=$value ;;
    Restart | RestartSec) ;;
    StateDirectory) props+=(-p "StateDirectory=$state") ;;
    WatchdogSec) props+=(-p WatchdogSec=2) ;;
    *) props+=(-p "$key=$value") ;;
    esac
done < <(awk '/^\[/ { s = $0; next } s == "[Service]" && /^[A-Za-z]/' "$unit")
[ -n "$exec_line" ] || { bad "the unit has no ExecStart"; exit 1; }
read -r -a cmd <<<"${exec_line/--port 7157/--port $port --bind 127.0.0.1}"
if ! timeout 30 systemd-run --quiet --unit="$name" "${props[@]}" -- "${cmd[@]}"; then
    journalctl -u "$name" --no-pager | tail -n 20 >&2
    bad "the unit's ExecStart did not start under its sandbox"
    exit 1
fi
table=$(timeout 20 "$cli" table --connect "127.0.0.1:$port" --variant thothit \
    --seats net,greedy,greedy | sed -n 's/^table: //p')
[ -n "$table" ] || bad "no table from the sandboxed server"
if [ -n "$table" ]; then
    timeout 60 "$cli" bot --connect "127.0.0.1:$port" --table "$table" --level greedy \
        >"$work/bot.out" 2>"$work/bot.err" || bad "the bot failed: $(tail -n 3 "$work/bot.err")"
    grep -q '^winner: ' "$work/bot.out" || bad "the match at the sandboxed server had no winner"
fi
sleep 3
[ "$(systemctl is-active "$name.service")" = active ] || bad "the server is not running 3 s on (watchdog?)"
online=$(exposure "$(systemd-analyze security "$name.service" 2>&1)")
echo "systemd-analyze security: the running unit ${online:-(no score)}"
over_max "$online" && bad "the running unit's exposure is ${online:-unknown}, above $max"
systemctl stop "$name.service"
result=$(systemctl show -p Result --value "$name.service")
status=$(systemctl show -p ExecMainStatus --value "$name.service")
[ "$result" = success ] && [ "$status" = 0 ] ||
    bad "the server did not stop cleanly (result $result, status $status)"
if [ "$fail" -ne 0 ]; then
    journalctl -u "$name" --no-pager | tail -n 30 >&2
else
    echo "check_unit.sh: the sandboxed server served a match on 127.0.0.1:$port and stopped cleanly"
fi
exit $fail
