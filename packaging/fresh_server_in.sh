#!/usr/bin/env bash
# The steps packaging/fresh_server.sh runs inside its new Debian 12 root
# (copied there as /root/fresh_server_in.sh; not a test on its own):
#
#   fresh_server_in.sh install DEB...  apt installs the packages on a machine
#       that has no systemd running and no desktop: it works, and it brings no
#       SDL, X, Wayland, OpenGL, sound or font package (what it brought is
#       listed); neither program links a graphical library.
#   fresh_server_in.sh serve PORT  ceki-server, started by hand on
#       127.0.0.1:PORT, hosts a table ceki-cli makes and three ceki-cli bots
#       play its match: the same transcript at every seat, to its winner.
#   fresh_server_in.sh unit SERVER_DEB  (systemd runs the root, booted in a
#       container with a network of its own) the package's unit, unchanged,
#       starts and says it is ready, and serves such a match on
#       127.0.0.1:7157 as a dynamic user; systemd-analyze security rates the
#       running unit at most 2.0; a table made before a restart is listed
#       after it (the journal); a loop that stops (SIGSTOP) is caught by the
#       watchdog (2 s in a drop-in here; the unit's is 30 s) and the server
#       started again with that table; an upgrade (the same package again)
#       restarts a running server; it stops cleanly; a purge takes the
#       journal and the unit away.
#   fresh_server_in.sh game DEB...  (no systemd running) the game's package
#       with the other two and man-db: its fonts are fonts-noto-core's, and
#       its title, the name in Javanese script above the Latin one, is
#       drawn with them (ceki --screenshot: the same picture as
#       /root/title-build.png, the build tree's with its own copies, when
#       that is there); with fonts-noto-core taken away it cannot draw it
#       and says so; `man ceki`, `man ceki-cli` and `man ceki-server` show
#       their pages, each with every option its --help names.
# Prints one line a check (ok/FAIL) and ends 0 only when every one passed.
set -uo pipefail
# need_tools: copied beside it into the root as in the tree (fresh_server.sh).
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools apt-get apt
# /usr/games, where Debian puts games, is on every user's PATH but root's.
cli=/usr/games/ceki-cli
fail=0
ok() { echo "ok   $*"; }
bad() {
    echo "FAIL $*"
    fail=1
}
check() { # name, expected, actual
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# play_match PORT NAME: a table of three network seats and three greedy bots.
play_match() {
    local port=$1 name=$2 id i pids=()
    id=$(timeout 20 "$cli" table --connect "127.0.0.1:$port" --variant thothit \
        --seats net,net,net | sed -n 's/^table: //p')
    [ -n "$id" ] || {
        bad "$name: ceki-cli table made no table"
        return
    }
    for i in 0 1 2; do
        timeout 120 "$cli" bot --connect "127.0.0.1:$port" --table "$id" --level greedy \
            >"$tmp/bot$i.out" 2>"$tmp/bot$i.err" &
        pids+=($!)
    done
    for i in 0 1 2; do
        wait "${pids[$i]}" || bad "$name: bot $i failed: $(tail -n 2 "$tmp/bot$i.err")"
    done
    if grep -Eq '^winner: (none|seat [0-2](, seat [0-2])*( \(shared\))?)$' "$tmp/bot0.out" && cmp -s "$tmp/bot0.out" "$tmp/bot1.out" &&
        cmp -s "$tmp/bot0.out" "$tmp/bot2.out"; then
        ok "$name: three bots played table $id to its end, the same transcript at each seat" \
            "($(grep -c '^hand ' "$tmp/bot0.out") hands, $(tail -n 1 "$tmp/bot0.out"))"
    else
        bad "$name: the bots' transcripts differ or have no winner"
        for i in 0 1 2; do
            echo "     bot $i: $(wc -l <"$tmp/bot$i.out") lines, its last: $(tail -n 1 "$tmp/bot$i.out")"
            sed 's/^/       err: /' "$tmp/bot$i.err" | tail -n 3
        done
        diff "$tmp/bot0.out" "$tmp/bot1.out" | head -n 6 | sed 's/^/     0|1 /'
    fi
}

install_debs() {
    dpkg-query -W -f='${Package}\n' | sort >"$tmp/before"
    apt-get update -q >"$tmp/apt.log" 2>&1 || bad "apt-get update: $(tail -n 3 "$tmp/apt.log")"
    if apt install -y "$@" >>"$tmp/apt.log" 2>&1; then
        ok "apt install $(for d in "$@"; do printf '%s ' "${d##*/}"; done)"
    else
        cat "$tmp/apt.log"
        bad "apt install of the packages failed"
        return
    fi
    dpkg-query -W -f='${Package}\n' | sort >"$tmp/after"
    local added
    added=$(comm -13 "$tmp/before" "$tmp/after" | tr '\n' ' ')
    echo "     the packages it installed: $added"
    local desktop
    desktop=$(grep -Ei 'sdl|x11|libx|xcb|wayland|mesa|libgl|libegl|drm|vulkan|font|gtk|pulse|asound|pipewire|freetype|harfbuzz|png|jpeg|tiff|webp' \
        <<<"${added// /$'\n'}" | tr '\n' ' ')
    check "no desktop package came with them" "" "$desktop"
    local libs
    libs=$(ldd /usr/games/ceki-server /usr/games/ceki-cli | awk '$2 == "=>" {print $1}' | sort -u | tr '\n' ' ')
    echo "     the programs' libraries: $libs"
    check "no graphical library linked" "" "$(grep -Eio 'sdl|x11|gl|wayland' <<<"$libs" | tr '\n' ' ')"
    check "no systemd runs here" "" "$([ -d /run/systemd/system ] && echo running)"
    check "the unit is installed" yes "$([ -f /usr/lib/systemd/system/ceki-server.service ] && echo yes)"
}

serve() {
    local port=$1 pid
    mkdir -p "$tmp/data"
    /usr/games/ceki-server --bind 127.0.0.1 --port "$port" --data "$tmp/data" 2>"$tmp/server.log" &
    pid=$!
    local i
    for ((i = 0; i < 100; i++)); do
        grep -q 'listening on 127.0.0.1:' "$tmp/server.log" && break
        sleep 0.1
    done
    grep -q 'listening on 127.0.0.1:' "$tmp/server.log" || bad "ceki-server did not listen: $(cat "$tmp/server.log")"
    ok "$(sed -n 's/^ceki-server: \(listening on [^,]*\).*/ceki-server \1/p' "$tmp/server.log")"
    play_match "$port" "ceki-server by hand"
    kill -TERM "$pid"
    wait "$pid"
    check "ceki-server ends 0 on SIGTERM" 0 $?
}

# unit_prop PROPERTY: systemctl show's value for ceki-server.service.
unit_prop() { systemctl show -p "$1" --value ceki-server.service; }

# wait_restarted OLD_PID SECONDS: until the unit is active with another main PID.
wait_restarted() {
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        [ "$(unit_prop ActiveState)" = active ] && [ "$(unit_prop MainPID)" != "$1" ] &&
            [ "$(unit_prop MainPID)" != 0 ] && return 0
        sleep 0.1
    done
    return 1
}

listed() { # ID: the table is in ceki-cli list
    timeout 20 "$cli" list --connect 127.0.0.1:7157 2>/dev/null | grep -qw "$1"
}

unit() {
    need_tools systemctl journalctl systemd-analyze
    local deb=$1 pid uid
    timeout 60 systemctl is-system-running --wait >/dev/null 2>&1 || true
    if timeout 30 systemctl start ceki-server.service; then
        ok "systemctl start ceki-server returned (Type=notify: once the server said READY=1)"
    else
        bad "systemctl start ceki-server failed"
        journalctl -u ceki-server --no-pager | tail -n 20
        return
    fi
    check "the unit is active" active "$(unit_prop ActiveState)"
    check "its status" "listening on 0.0.0.0:7157 (UDP)" "$(unit_prop StatusText)"
    check "its watchdog" 30s "$(unit_prop WatchdogUSec)"
    pid=$(unit_prop MainPID)
    uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
    check "it runs as a dynamic user (uid 61184-65519)" yes \
        "$([ "$uid" -ge 61184 ] && [ "$uid" -le 65519 ] && echo yes)"
    check "with no capability" 0000000000000000 "$(awk '/^CapEff:/ {print $2}' "/proc/$pid/status")"
    play_match 7157 "the package's unit"
    systemd-analyze security --no-pager ceki-server.service >"$tmp/security" 2>&1
    local score
    score=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' "$tmp/security")
    awk -v s="$score" 'BEGIN { exit !(s != "" && s + 0 <= 2.0) }' ||
        bad "systemd-analyze security of the running unit: ${score:-none}, above 2.0"
    ok "systemd-analyze security of the running unit: $score"
    grep -E '^ *✗' "$tmp/security" | sed 's/^/     /'

    local id
    id=$(timeout 20 "$cli" table --connect 127.0.0.1:7157 --variant kowah | sed -n 's/^table: //p')
    check "a waiting table is listed" yes "$(listed "$id" && echo yes)"
    mkdir -p /run/systemd/system/ceki-server.service.d
    printf '[Service]\nWatchdogSec=2\n' >/run/systemd/system/ceki-server.service.d/watchdog.conf
    systemctl daemon-reload
    pid=$(unit_prop MainPID)
    systemctl restart ceki-server.service
    check "after a restart the table is back (the journal in its state directory)" yes \
        "$(listed "$id" && echo yes)"
    pid=$(unit_prop MainPID)
    kill -STOP "$pid"
    if wait_restarted "$pid" 20; then
        ok "a stopped loop: the watchdog ($(unit_prop WatchdogUSec)) restarted the server"
    else
        bad "the watchdog did not restart a stopped server"
    fi
    journalctl -u ceki-server --no-pager | grep -q 'Watchdog timeout' ||
        bad "the journal does not say the watchdog fired"
    check "the table is back after the watchdog's restart" yes "$(listed "$id" && echo yes)"
    rm -r /run/systemd/system/ceki-server.service.d
    systemctl daemon-reload
    systemctl restart ceki-server.service

    pid=$(unit_prop MainPID)
    apt-get install -y --reinstall "$deb" >"$tmp/upgrade.log" 2>&1 || bad "reinstall: $(tail -n 3 "$tmp/upgrade.log")"
    if wait_restarted "$pid" 20; then ok "an upgrade restarted the running server"; else bad "an upgrade did not restart the server"; fi
    systemctl stop ceki-server.service
    check "it stopped cleanly (result, status)" "success 0" \
        "$(unit_prop Result) $(unit_prop ExecMainStatus)"
    journalctl -u ceki-server --no-pager -o cat | grep -q '^ceki-server: stopping (signal 15)' ||
        bad "its log does not say it stopped on SIGTERM"
    systemctl enable ceki-server.service >/dev/null 2>&1
    apt-get purge -y ceki-server >"$tmp/purge.log" 2>&1 || bad "purge: $(tail -n 3 "$tmp/purge.log")"
    check "a purge takes the journal, the unit and its enabling away" "" \
        "$(ls -d /var/lib/private/ceki-server /var/lib/ceki-server /usr/lib/systemd/system/ceki-server.service \
            /etc/systemd/system/multi-user.target.wants/ceki-server.service 2>/dev/null)"
}

# man_has_help PROGRAM: its manual page names every option its --help does.
man_has_help() {
    local prog=$1 page options missing=""
    page=$(MANWIDTH=300 man -P cat "$prog" 2>/dev/null)
    grep -q "^NAME" <<<"$page" || {
        bad "man $prog shows no page"
        return
    }
    options=$("/usr/games/$prog" --help | grep -Eo -- '--[a-z][a-z-]*' | sort -u)
    for o in $options; do
        grep -qF -- "$o" <<<"$page" || missing="$missing $o"
    done
    check "man $prog: a page with all $(wc -w <<<"$options") options of its --help" "" "$missing"
}

game() {
    apt-get update -q >"$tmp/apt.log" 2>&1 || bad "apt-get update: $(tail -n 3 "$tmp/apt.log")"
    if apt install -y "$@" man-db >>"$tmp/apt.log" 2>&1; then
        ok "apt install $(for d in "$@"; do printf '%s ' "${d##*/}"; done)man-db"
    else
        tail -n 20 "$tmp/apt.log"
        bad "apt install of the game failed"
        return
    fi
    need_tools man # man-db, just installed
    local f fonts=/usr/share/ceki/fonts system=/usr/share/fonts/truetype/noto
    for f in NotoSans-Regular NotoSans-Bold NotoSansJavanese-Regular NotoSansJavanese-Bold; do
        check "$f.ttf is fonts-noto-core's" "$system/$f.ttf $(dpkg -S "$system/$f.ttf" | cut -d: -f1)" \
            "$(readlink -f "$fonts/$f.ttf") $([ -f "$(readlink -f "$fonts/$f.ttf")" ] && echo fonts-noto-core)"
    done
    local shot=/root/title.png
    (cd "$tmp" && HOME=$tmp /usr/games/ceki --screenshot "$shot" --scene title) >"$tmp/shot.err" 2>&1
    check "ceki --screenshot of the title ends 0" 0 "$?"
    check "it wrote a PNG" 89504e470d0a1a0a "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')"
    if [ -f /root/title-build.png ]; then
        if cmp -s "$shot" /root/title-build.png; then
            ok "the title, Javanese name and all, is the build tree's picture to the byte"
        else
            bad "the title differs from the build tree's (/root/title.png, /root/title-build.png)"
        fi
    fi
    dpkg --remove --force-depends fonts-noto-core >"$tmp/rm.log" 2>&1 || bad "removing fonts-noto-core: $(tail -n 2 "$tmp/rm.log")"
    rm -f "$tmp/none.png"
    if (cd "$tmp" && HOME=$tmp /usr/games/ceki --screenshot "$tmp/none.png" --scene title) >"$tmp/none.err" 2>&1; then
        bad "without fonts-noto-core the title was drawn all the same"
    else
        ok "without fonts-noto-core it cannot draw and says: $(grep -m 1 -i font "$tmp/none.err")"
    fi
    apt-get install -y fonts-noto-core >>"$tmp/apt.log" 2>&1 || bad "fonts-noto-core back: $(tail -n 2 "$tmp/apt.log")"
    local p
    for p in ceki ceki-cli ceki-server; do man_has_help "$p"; done
}

case ${1:-} in
install)
    shift
    install_debs "$@"
    ;;
serve) serve "$2" ;;
unit) unit "$2" ;;
game)
    shift
    game "$@"
    ;;
*)
    echo "usage: fresh_server_in.sh install DEB... | serve PORT | unit SERVER_DEB | game DEB..." >&2
    exit 2
    ;;
esac
exit $fail
