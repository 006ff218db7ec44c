#!/usr/bin/env bash
# Two homes and a server on a small internet made of the kernel's own means:
#   net_two_homes.sh CEKI CEKI_CLI CEKI_SERVER OUT_DIR
#
# Seven network namespaces for the network, linked by veth pairs:
#
#   home A (192.0.2.2)                  home B (203.0.113.2)
#      |                                   |
#   router A  192.0.2.1                 router B  203.0.113.1
#      |      198.51.100.2                 |      198.51.100.66
#      |                                carrier NAT  198.51.100.65
#      |                                   |         198.51.100.6
#      +------------ internet -------------+
#                       |
#                server 198.51.100.10
#
# Each router does what a home router does, with nftables: it masquerades
# what its home sends out of its "internet" side, lets the answers back in,
# and lets nothing else in. Home B's router is itself behind a carrier's
# NAT (carrier-grade NAT, as many mobile and fibre lines are), which does
# the same for all its customers: B's router has no address of its own on
# the internet. The internet namespace routes between its three links and
# knows no route to either home or to the carrier's customers. Every
# address is in the three ranges RFC 5737 keeps for documentation and
# examples (TEST-NET-1 to -3), which no real network routes, so none of
# them can be one this machine or a CI runner uses; the namespaces have
# their own stacks (and their own ports, so the programs use their default
# port 7157 without picking one).
#
# It shows, each step a function (the order they run in saves time; see
# "the steps" below):
#  1. a table hosted in the app in home A cannot be joined from home B:
#     B's window (the join screen, driven by xdotool) says within the
#     bounded wait that nobody answered, and why: the host may be behind a
#     router; a server or a port forward helps (the app's words, read from
#     the join screen's CEKI_STATE_LOG line, error_text=);
#  2. with a port forward on router A (an nft dnat rule) B's window joins
#     that table and comes to it once the match starts;
#  3. through a ceki-server on the internet side, a window in A and a window
#     in B, with a computer at the third seat, play a whole Pèi match (both
#     windows play for their person: --autoplay --as-person --exit-at-end)
#     and end with the same standings; the server saw only router A's and
#     the carrier's addresses, and both routers and the carrier masqueraded;
#  4. during that match router B drops everything it would forward for 30 s
#     (an nft drop chain): A's window shows B's seat away with the grace
#     countdown (CEKI_NET_TRACE), then back, and B's window reconnected by
#     itself.
# The table of step 3 is made by ceki-cli from home A (server_table) and
# joined by address (seats_at_server); those two functions are what
# changes for a table made in the app. The table is private: the bots join
# with its key, the windows by its invite link (ceki ceki://HOST:PORT/TABLE?key=KEY,
# as a browser hands a link over).
#
# The windows are real X windows on one Xvfb, which runs in a namespace of
# its own: an X client in another network namespace cannot reach the X
# server's abstract socket (those are per network namespace) and falls back
# to the socket file in /tmp/.X11-unix, which every namespace shares (a
# network namespace does not part the file system). So one display serves
# both homes; xdotool and openbox run beside the X server, in its namespace.
#
# Where the machine cannot make namespaces, veth pairs or nftables NAT (not
# root, no nft, a kernel without them), the test says so and fails. Every
# namespace is made here with a name unique to this run, and every nft
# table lives in one of them. They are removed on exit (a trap, also on a
# signal or the script's own deadline, which comes before ctest's
# timeout); when the script is killed with SIGKILL (as ctest does at its
# timeout), a reaper it started, out of its process tree, removes them
# within half a second of its end (the same script: --reap), and the next
# run removes what even that left. Every wait is bounded.
#
# NET_HOMES_BOTS=1 runs the same network with ceki-cli bots instead of
# windows (no X; the app hosts headless in A), for looking into the
# network alone: it checks what the bots show (who got in, the same
# transcript in both homes), not the windows' words and countdowns.
# NET_HOMES_SHOTS=1 keeps screenshots of the windows in OUT_DIR/shots.
set -u
. "$(dirname "$0")/../tools/need.bash"
reaping=
if [ "${1:-}" = --reap ]; then # --reap PID START ARGS...: the reaper of run PID
    reaping=1
    reap_pid=$2
    reap_start=$3
    shift 3
fi
ceki=$1
cli=$2
server=$3
out=$4
passes=0
failures=0
started=()         # every process started, killed on exit
prefix=ceki-homes- # the namespaces' names: ceki-homes-PID-ROLE
run_id=${reap_pid:-$$}
deadline=${NET_HOMES_SECONDS:-240} # the whole test's bound, under ctest's TIMEOUT
game_port=7157                     # the app's and ceki-server's default port
bots=${NET_HOMES_BOTS:-}
shots=${NET_HOMES_SHOTS:-}
begun_us=${EPOCHREALTIME//[!0-9]/} # the start, in microseconds
watchdog_pid=
xvfb_pid=
display_n=

# The addresses (RFC 5737).
a_lan=192.0.2.2
a_gw=192.0.2.1
b_lan=203.0.113.2
b_gw=203.0.113.1
a_wan=198.51.100.2  # router A on the internet; the internet's side .1
b_wan=198.51.100.66 # router B, inside the carrier's NAT (whose side is .65)
cg_wan=198.51.100.6 # the carrier's NAT on the internet; the internet's side .5
srv_ip=198.51.100.10 # the server; the internet's side .9

# The test's time so far, in seconds to a tenth ("12.3").
elapsed() {
    local d=$((${EPOCHREALTIME//[!0-9]/} - begun_us))
    printf '%d.%d' $((d / 1000000)) $((d / 100000 % 10))
}
# The test's time when FILE was last written, the same way.
elapsed_at() {
    local d=$(($(date -r "$1" +%s%6N) - begun_us))
    printf '%d.%d' $((d / 1000000)) $((d / 100000 % 10))
}
ok() { passes=$((passes + 1)); }
fail() { # name, what
    failures=$((failures + 1))
    printf 'FAIL %s: %s\n' "$1" "$2"
}
check() { # name, expected, actual
    if [ "$2" == "$3" ]; then
        ok
    else
        fail "$1" "$(printf 'expected\n%s\n--- got\n%s' "$2" "$3")"
    fi
}
# stop WHY: the machine cannot run this test; said, and the test fails.
stop() {
    echo "net_two_homes.sh: $1"
    echo "0 passed, 1 failed: this machine cannot build the two homes' network"
    exit 1
}

# ---- the namespaces --------------------------------------------------------

ns() { echo "$prefix$run_id-$1"; }
at() { # at ROLE COMMAND...: the command inside that namespace
    # (nsenter joins only its network: `ip netns exec` and `ip -n` also remount / and
    # /sys, which fails in a chroot, where / is no mount point)
    local role=$1
    shift
    nsenter --net="/run/netns/$(ns "$role")" "$@"
}
roles=(a ra b rb cg inet srv x) # cg: the carrier's NAT; x: the display's, linked to nothing

# remove_ns NAME: its processes (ours: only this test runs anything there)
# killed, then the namespace deleted.
remove_ns() {
    local p
    for p in $(ip netns pids "$1" 2>/dev/null); do
        kill -9 "$p" 2>/dev/null
    done
    ip netns del "$1" 2>/dev/null
}

# Namespaces of earlier runs whose script is gone (killed with SIGKILL):
# every process such a run started is in one of them.
sweep_stale() {
    local name pid
    for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix[0-9]*-"); do
        pid=${name#"$prefix"}
        pid=${pid%%-*}
        kill -0 "$pid" 2>/dev/null || remove_ns "$name"
    done
}

# remove_run: every namespace of this run removed (with its processes and
# nft tables), then the display this run reserved: its lock file, and the
# socket file if its X server did not remove it (killed with SIGKILL).
remove_run() {
    local r n lock pids=()
    for r in "${roles[@]}"; do
        remove_ns "$(ns "$r")" &
        pids+=($!)
    done
    wait "${pids[@]}"
    n=${display_n:-$(head -1 "$out/display-reserved" 2>/dev/null)}
    [ -n "$n" ] || return 0
    lock=$(display_lock "$n")
    if [ "$(tr -d ' ' <"$lock" 2>/dev/null)" = "$run_id" ]; then
        rm -f "/tmp/.X11-unix/X$n" "$lock"
    fi
}

cleanup() {
    local p i
    { # (stderr away: the shell's word on each job it killed)
        kill -TERM "$watchdog_pid"
        if [ -n "$xvfb_pid" ]; then # (TERM: it removes its lock and socket)
            kill -TERM "$xvfb_pid"
            for ((i = 0; i < 20; i++)); do
                kill -0 "$xvfb_pid" || break
                sleep 0.1
            done
        fi
        for p in "${started[@]}"; do
            kill -9 "$p"
        done
        remove_run
        wait
    } 2>/dev/null
    local left
    left=$(ip netns list 2>/dev/null | grep -c "^$prefix$run_id-")
    [ "$left" -eq 0 ] || echo "net_two_homes.sh: $left namespaces could not be removed"
}

# The start time of process PID (/proc/PID/stat's 22nd field: a number
# that is another process's own if PID is used again), or "" when gone.
start_time() {
    sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20
}
# The reaper: until run PID (the same process, by its start time) has
# ended, then remove_run; bounded by the run's deadline and a minute more.
# (It reads the run's display while the run is there: the next run may
# empty OUT_DIR at once.)
reap() {
    local i
    display_n=
    for ((i = 0; i < (deadline + 60) * 2; i++)); do
        [ -n "$display_n" ] || display_n=$(head -1 "$out/display-reserved" 2>/dev/null)
        [ "$(start_time "$run_id")" = "$reap_start" ] || break
        sleep 0.5
    done
    remove_run
}
# start_reaper ARGS...: the reaper in a session of its own, its parent gone
# at once (so neither ctest's kill of this script's process tree nor of its
# group reaches it).
start_reaper() {
    (setsid bash "${BASH_SOURCE[0]}" --reap "$run_id" "$(start_time "$run_id")" "$@" \
        </dev/null >/dev/null 2>&1 &)
}

# in_ns ROLE: the ip commands on stdin, one a line, run in that namespace
# (one process for them all: on a loaded machine each process costs).
in_ns() { nsenter --net="/run/netns/$(ns "$1")" ip -batch -; } # not ip -n: see at()

# router_rules ROLE: forwarding on, and a home router's rules. Out of the
# home (lan to wan): masqueraded, and counted. In: the answers to what went
# out, and what a port forward sends on (ct status dnat); nothing else.
router_rules() {
    at "$1" sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward && nft -f -' <<EOF
table ip home {
    chain prerouting {
        type nat hook prerouting priority dstnat; policy accept;
    }
    chain postrouting {
        type nat hook postrouting priority srcnat; policy accept;
        oifname "wan" counter masquerade
    }
    chain input {
        type filter hook input priority filter; policy drop;
        iifname { "lo", "lan" } accept
        ct state established,related accept
        iifname "wan" counter drop
    }
    chain forward {
        type filter hook forward priority filter; policy drop;
        ct state established,related accept
        ct status dnat accept
        iifname "lan" oifname "wan" accept
    }
}
EOF
}

# addresses: every namespace's links up with their addresses and routes,
# one ip process a namespace, all at once. The internet knows no route
# into either home or the carrier.
addresses() {
    local pids=() p st=0
    in_ns a <<EOF &
link set lo up
addr add $a_lan/24 dev eth0
link set eth0 up
route add default via $a_gw
EOF
    pids+=($!)
    in_ns b <<EOF &
link set lo up
addr add $b_lan/24 dev eth0
link set eth0 up
route add default via $b_gw
EOF
    pids+=($!)
    in_ns ra <<EOF &
link set lo up
addr add $a_gw/24 dev lan
link set lan up
addr add $a_wan/30 dev wan
link set wan up
route add default via 198.51.100.1
EOF
    pids+=($!)
    in_ns rb <<EOF &
link set lo up
addr add $b_gw/24 dev lan
link set lan up
addr add $b_wan/30 dev wan
link set wan up
route add default via 198.51.100.65
EOF
    pids+=($!)
    in_ns cg <<EOF &
link set lo up
addr add 198.51.100.65/30 dev lan
link set lan up
addr add $cg_wan/30 dev wan
link set wan up
route add default via 198.51.100.5
EOF
    pids+=($!)
    in_ns srv <<EOF &
link set lo up
addr add $srv_ip/30 dev wan
link set wan up
route add default via 198.51.100.9
EOF
    pids+=($!)
    in_ns inet <<EOF &
link set lo up
addr add 198.51.100.1/30 dev ra
link set ra up
addr add 198.51.100.5/30 dev cg
link set cg up
addr add 198.51.100.9/30 dev srv
link set srv up
EOF
    pids+=($!)
    for p in "${pids[@]}"; do
        wait "$p" || st=1
    done
    return $st
}

# The whole network; where the kernel or the tools cannot make it, the
# test stops and says what failed.
make_network() {
    [ "$(id -u)" = 0 ] || stop "it makes network namespaces and needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN); it runs as uid $(id -u)"
    need_tools ip nft ps
    sweep_stale
    local took="swept at $(elapsed) s"
    local r
    for r in "${roles[@]}"; do
        echo "netns add $(ns "$r")"
    done | ip -batch - 2>"$out/netns.err" || stop "no network namespace: $(cat "$out/netns.err")"
    took+=", namespaces at $(elapsed) s"
    [ -n "$bots" ] || start_xvfb
    # The veth pairs, each end made in its namespace: home to router, router
    # A to internet, router B to carrier to internet, server to internet.
    ip -batch - 2>"$out/veth.err" <<EOF || stop "no veth pair between namespaces: $(cat "$out/veth.err")"
link add eth0 netns $(ns a) type veth peer name lan netns $(ns ra)
link add eth0 netns $(ns b) type veth peer name lan netns $(ns rb)
link add wan netns $(ns ra) type veth peer name ra netns $(ns inet)
link add wan netns $(ns rb) type veth peer name lan netns $(ns cg)
link add wan netns $(ns cg) type veth peer name cg netns $(ns inet)
link add wan netns $(ns srv) type veth peer name srv netns $(ns inet)
EOF
    took+=", links at $(elapsed) s"
    addresses 2>"$out/ip.err" || stop "the addresses and routes could not be set: $(cat "$out/ip.err")"
    took+=", addresses at $(elapsed) s"
    # (the routers' rules and the internet's forwarding all at once)
    local pids=() p st=0
    at inet sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward' 2>"$out/forward.err" &
    pids+=($!)
    for r in ra rb cg; do
        router_rules $r 2>"$out/nft-$r.err" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do
        wait "$p" || st=1
    done
    [ $st -eq 0 ] || stop "no forwarding, or no nftables NAT: $(cat "$out/forward.err" "$out"/nft-*.err)"
    echo "network: $took, routers at $(elapsed) s"
}

# port_forward: router A sends UDP to its internet address's game port on to
# home A's computer.
port_forward() {
    at ra nft add rule ip home prerouting iifname wan udp dport "$game_port" \
        dnat to "$a_lan:$game_port"
}
# cut_router ROLE on|off: the router drops everything it would forward.
cut_router() {
    if [ "$2" = on ]; then
        at "$1" nft -f - <<EOF
table ip cut {
    chain forward {
        type filter hook forward priority -100; policy drop;
    }
}
EOF
    else
        at "$1" nft delete table ip cut
    fi
}
# counted ROLE CHAIN: the packets the counter in that chain of router ROLE's
# table counted so far (postrouting: masqueraded; input: dropped from the
# internet).
counted() {
    at "$1" nft list chain ip home "$2" | sed -n 's/.*counter packets \([0-9]*\) .*/\1/p'
}

# ---- the display -----------------------------------------------------------

# Xvfb and a window manager, both in a namespace of their own (so that a
# run killed with SIGKILL leaves nothing the reaper does not end). In a
# fresh network namespace every display number looks free to Xvfb (it
# finds no other server's abstract socket there, and makes no lock file),
# and it would take :0, replacing the socket file of any other X server
# :0. So the display is picked here: a number whose lock file this script
# makes itself, atomically (the X servers of the root namespace respect
# it), with no socket file; Xvfb runs with -nolock on it, and says on a
# file descriptor when it is ready. remove_run removes that lock file
# (and the socket, if a SIGKILL left it).
display_first=2000 # the numbers tried: from here, a stretch of display_span
display_span=1000
display_lock() { echo "/tmp/.X$1-lock"; }
# reserve_display: sets display_n to a number reserved for this run.
reserve_display() {
    local k n
    for ((k = 0; k < 50; k++)); do
        n=$((display_first + (run_id + k * 37) % display_span))
        [ -e "/tmp/.X11-unix/X$n" ] && continue
        if (set -C && printf '%10d\n' "$run_id" >"$(display_lock $n)") 2>/dev/null; then
            display_n=$n
            echo "$n" >"$out/display-reserved"
            return 0
        fi
    done
    stop "no free X display number from $display_first (50 tried)"
}
# start_xvfb starts it as soon as its namespace is there (it comes up
# while the rest of the network is made); start_display waits for it,
# starts the window manager and sets display.
start_xvfb() {
    need_tools Xvfb xdotool openbox
    reserve_display
    : >"$out/display"
    at x Xvfb ":$display_n" -nolock -displayfd 3 -nolisten tcp -screen 0 2600x1720x24 \
        3>"$out/display" >"$out/xvfb.log" 2>&1 &
    xvfb_pid=$!
    started+=($!)
}
start_display() {
    local i
    for ((i = 0; i < 100; i++)); do
        [ -s "$out/display" ] && break
        sleep 0.1
    done
    [ -s "$out/display" ] || stop "Xvfb did not start: $(tail -3 "$out/xvfb.log")"
    display=:$(head -1 "$out/display")
    DISPLAY=$display at x openbox >/dev/null 2>&1 &
    started+=($!)
    export DISPLAY=$display
}

# xdotool, from the display's own namespace: there it reaches this Xvfb by
# its abstract socket, never another X server of the same number.
xdo() { at x xdotool "$@"; }

# shot W NAME: with NET_HOMES_SHOTS=1, a screenshot of window W,
# OUT_DIR/shots/NAME.png, taken in the background (with imagemagick's
# import). Only for looking at: it checks nothing, and costs a loaded
# machine seconds, so the test takes none by default. Sets shot_pid[W].
declare -A shot_pid
shot() {
    [ -n "$shots" ] && command -v import >/dev/null && [ -n "${wid[$1]:-}" ] || return 0
    mkdir -p "$out/shots"
    at x import -window "${wid[$1]}" "$out/shots/$2.png" 2>/dev/null &
    shot_pid[$1]=$!
}

# ---- the programs ----------------------------------------------------------

# The programs by key: HA hosts in home A and JB joins it from home B
# (steps 1 and 2); MA and MB, in homes A and B, play the server's match
# (steps 3 and 4). The windows lie in a 2x2 grid, none over another.
declare -A pid wid place state_of widgets_of name_of
place[MA]="0 0"
place[MB]="1300 0"
place[HA]="0 850"
place[JB]="1300 850"

# wait_line FILE REGEX SECONDS: until a line of FILE matches.
wait_line() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        grep -Eq -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    fail "wait" "no line /$2/ in $1 in $3 s"
    return 1
}

# launch W ROLE NAME ARGS...: a ceki window in namespace ROLE, its own
# folders $out/NAME, its state, widgets and trace in NAME.state, .widgets,
# .err. Sets pid[W]; find_window finds it on the screen.
launch() {
    local w=$1 role=$2 name=$3 home=$out/$3
    shift 3
    mkdir -p "$home/data/ceki"
    printf 'anim_speed=instant\n' >"$home/data/ceki/settings.txt"
    : >"$out/$name.state"
    HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config \
        CEKI_STATE_LOG="$out/$name.state" CEKI_WIDGET_LOG="$out/$name.widgets" \
        nsenter --net="/run/netns/$(ns "$role")" "$ceki" "$@" >"$out/$name.out" 2>"$out/$name.err" &
    pid[$w]=$!
    started+=("${pid[$w]}")
    wid[$w]=
    state_of[$w]=$out/$name.state
    widgets_of[$w]=$out/$name.widgets
    name_of[$w]=$name
}

# find_window W: until W's window is on the screen (a window opened with
# --host or --join logs its state only from the table on: the window itself
# is waited for); placed in its place. Sets wid[W].
find_window() {
    local w=$1 i
    for ((i = 0; i < 300; i++)); do
        wid[$w]=$(xdo search --pid "${pid[$w]}" 2>/dev/null | tail -1)
        [ -n "${wid[$w]}" ] && break
        kill -0 "${pid[$w]}" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "${wid[$w]}" ]; then
        fail "window ${name_of[$w]}" "no window in 30 s: $(tail -3 "$out/${name_of[$w]}.err")"
        return 1
    fi
    xdo windowmove "${wid[$w]}" ${place[$w]} 2>/dev/null
}
# window W ROLE NAME ARGS...: launch and find_window.
window() {
    launch "$@" && find_window "$1"
}

# (nsenter execs the program: $! is the program itself.)
# A headless program (no window): a ceki-cli bot, the server, a hosting app
# in the bots' run. program ROLE NAME COMMAND...: stdout NAME.out, stderr
# NAME.err; sets last_pid.
program() {
    local role=$1 name=$2
    shift 2
    nsenter --net="/run/netns/$(ns "$role")" "$@" >"$out/$name.out" 2>"$out/$name.err" &
    last_pid=$!
    started+=("$last_pid")
}

# wait_exit PID SECONDS: until the process ended by itself; sets status
# (its exit status).
wait_exit() {
    local i
    status=
    for ((i = 0; i < $2 * 10; i++)); do
        kill -0 "$1" 2>/dev/null || {
            wait "$1" 2>/dev/null
            status=$?
            return 0
        }
        sleep 0.1
    done
    return 1
}
end_process() {
    {
        kill -9 "$1"
        wait "$1"
    } 2>/dev/null
}

# ---- the window's screens (xdotool) -----------------------------------------

state() { tail -n 1 "${state_of[$1]}"; }
# wait_state W REGEX SECONDS: until W's latest state line matches.
wait_state() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        state "$1" | grep -Eq -- "$2" && return 0
        sleep 0.1
    done
    fail "window $1" "wanted /$2/ in $3 s; it says: $(state "$1" | cut -c1-300)"
    return 1
}
# widget W SCENE NAME SECONDS: the centre "x y" of the enabled widget NAME
# once W shows SCENE with it.
widget() {
    local i at
    for ((i = 0; i < $4 * 10; i++)); do
        at=$(tail -n 1 "${widgets_of[$1]}" | grep "^scene=$2|" | tr '|' '\n' |
            awk -F@ -v n="$3" '$1 == n { print $2; exit }')
        if [ -n "$at" ]; then
            echo "${at%,*} ${at#*,}"
            return 0
        fi
        sleep 0.1
    done
    echo "no '$3' on the $2 screen of window $1 in $4 s" >&2 # (in a $(...): said by click)
    return 1
}
focus() { xdo windowactivate --sync "${wid[$1]}" >/dev/null 2>&1; }
click() { # click W SCENE NAME
    local at
    at=$(widget "$1" "$2" "$3" 15) || {
        fail "window $1" "no '$3' on the $2 screen in 15 s"
        return 1
    }
    focus "$1"
    set -- "$1" $at
    xdo mousemove --window "${wid[$1]}" "$2" "$3" click 1
}
keys() {
    local w=$1
    shift
    focus "$w"
    xdo key --window "${wid[$w]}" "$@"
}
type_into() { # type_into W SCENE FIELD TEXT
    click "$1" "$2" "$3" || return 1
    keys "$1" End $(printf 'BackSpace %.0s' $(seq 40))
    xdo type --window "${wid[$1]}" --delay 20 "$4"
}
# to_join W: from the title to the join screen, for Pèi with friends.
to_join() {
    click "$1" title Play && click "$1" variants pei || return 1
    click "$1" setup Play || return 1
    click "$1" setup "Join a friend's table" &&
        wait_state "$1" '^w=[0-9]+ h=[0-9]+ scene=join ' 15
}

# ---- the steps -------------------------------------------------------------
#
# The order saves the test's time: the 30 s without router B is used to set
# up steps 1 and 2 in their windows (nothing of them crosses router B until
# the cut is over), and the match of step 3 goes on while they run:
#   the match begins (3) -> router B cut (4) -> A's table and B's join
#   screen made ready -> the cut over -> 1 -> 2 -> B's seat back (4) -> the
#   match ends with the same standings (3).

# -- steps 1 and 2: a table hosted in the app in home A ------------------------

# Home A hosts Pèi in the app (you, a friend, a computer) on the game port;
# sets host_table (its id, from the invite it printed).
host_in_a() {
    if [ -n "$bots" ]; then
        SDL_VIDEODRIVER=dummy HOME=$out/host-a XDG_DATA_HOME=$out/host-a \
            program a host-a "$ceki" --host --variant pei --seats you,friend,greedy \
            --port "$game_port" --autoplay --as-person
        pid[HA]=$last_pid
    else
        window HA a host-a --host --variant pei --seats you,friend,greedy --port "$game_port" ||
            return 1
    fi
    wait_line "$out/host-a.err" '^ceki: hosting on port' 30 || return 1
    host_table=$(sed -n 's|^ceki: hosting on port .*; invite ceki://[^/]*/\([^;]*\);.*|\1|p' \
        "$out/host-a.err" | head -1)
    [ -n "$host_table" ] || fail "1: A's table" "no invite with its id: $(tail -3 "$out/host-a.err")"
    [ -n "$host_table" ]
}

# B's window on its join screen with the address of A's table (router A's
# internet address, as a friend would be told it) typed, not yet joined;
# sets dropped_before (what router A dropped from the internet so far).
join_screen_in_b() {
    dropped_before=$(counted ra input)
    [ -z "$bots" ] || return 0
    window JB b join-b && wait_state JB ' scene=title( |$)' 30 && to_join JB &&
        type_into JB join "Invite or address" "$a_wan:$game_port/$host_table"
}

# The words B's window must show when nobody answers: the host may be behind
# a router, and a server or a port forward would help. Read from the join
# screen's state line, "error_text=" to its end (in English: LANGUAGE=en);
# where the line has a "join_failed=" field, it must say no-answer.
router_words='router'
help_words='server|forward'
# The longest B's window may take, from the Return that joins to the words
# on its screen: the issue's 15 s for a join nobody answers, and 2 s for the
# frames of a loaded machine and this script's polling (the app gives up
# after NET_TABLE_FIRST_ANSWER_MS, 12 s).
join_bound_ms=17000

# Step 1: B joins; nobody answers through router A, which drops B's
# CONNECTs. Waits until B's window gives up; sets gave_up_ms, gave_up_line
# (B's state line then) and reached_a (what A's table had seen of a
# friend by then); unreachable_seen checks them once step 2 is under way.
step_unreachable() {
    echo "--- 1. ($(elapsed) s) A's table from B, through two routers that let nobody in"
    local t0=${EPOCHREALTIME//[!0-9]/}
    if [ -n "$bots" ]; then
        program b join-b "$cli" bot --connect "$a_wan:$game_port" --table "$host_table" \
            --level greedy
        sleep $((join_bound_ms / 1000))
        end_process "$last_pid"
    else
        keys JB Return
        wait_state JB ' scene=join .*connecting=0 .*error=1' $((join_bound_ms / 1000 + 10)) ||
            return 1
        gave_up_line=$(state JB)
        shot JB 1-b-cannot-join
    fi
    gave_up_ms=$(((${EPOCHREALTIME//[!0-9]/} - t0) / 1000))
    reached_a=$(grep '^\(net: \(seat 2 here\|playing\)\|ceki: host: .* takes seat 1\)$' "$out/host-a.err")
    return 0
}

# Step 1's checks: B's window gave up within the bound, with the words;
# router A dropped B's CONNECTs (its input chain counts what it drops from
# the internet; the port forward sends nothing there); nothing of B reached
# A's table.
unreachable_seen() {
    if [ -z "$bots" ]; then
        local said
        echo "1: B's window gave up after $gave_up_ms ms: $(cut -c1-400 <<<"$gave_up_line")"
        check "1: B's window gave up within $join_bound_ms ms" yes \
            "$([ "$gave_up_ms" -le "$join_bound_ms" ] && echo yes || echo no)"
        if grep -q ' join_failed=' <<<"$gave_up_line"; then
            check "1: B's window: join_failed=no-answer" yes \
                "$(grep -q ' join_failed=no-answer' <<<"$gave_up_line" && echo yes || echo no)"
        fi
        said=$(sed -n 's/.* error_text=//p' <<<"$gave_up_line")
        check "1: B's window says the host may be behind a router" yes \
            "$(grep -Eqi -- "$router_words" <<<"$said" && echo yes || echo no)"
        check "1: B's window suggests a server or a port forward" yes \
            "$(grep -Eqi -- "$help_words" <<<"$said" && echo yes || echo no)"
    fi
    local dropped
    dropped=$(counted ra input)
    echo "1: router A dropped $((dropped - dropped_before)) packets from the internet"
    check "1: B's CONNECTs reached router A and were dropped there" yes \
        "$([ "$dropped" -gt "$dropped_before" ] && echo yes || echo no)"
    check "1: nobody reached A's table" "" "$reached_a"
}

# Step 2: the port forward on router A, and B joins the same table again;
# step_joined sees it at the table, and the match there started.
step_port_forward() {
    echo "--- 2. ($(elapsed) s) the same with a port forward on router A"
    port_forward || {
        fail "2: port forward" "the dnat rule was refused"
        return 1
    }
    if [ -n "$bots" ]; then
        program b join-b2 "$cli" bot --connect "$a_wan:$game_port" --table "$host_table" \
            --level greedy
        pid[JB]=$last_pid
    else
        click JB join Join
    fi
}
step_joined() {
    if [ -z "$bots" ]; then
        wait_state JB ' scene=table ' 30 || return 1
        shot JB 2-b-joined-through-forward
    fi
    wait_line "$out/host-a.err" '^net: playing$' 30 && wait_line "$out/host-a.err" '^net: seat 2 here$' 10 &&
        ok && echo "2: ($(elapsed) s) B at A's table, its match begun"
}

# The programs of steps 1 and 2 ended (whatever came of them).
end_hosted_table() {
    local w
    for w in HA JB; do
        [ -z "${shot_pid[$w]:-}" ] || wait_exit "${shot_pid[$w]}" 10 # (its last shot first)
        [ -z "${pid[$w]:-}" ] || end_process "${pid[$w]}"
        pid[$w]=
    done
}

# -- steps 3 and 4: a match through a ceki-server -------------------------------

start_server() {
    program srv server "$server" --bind "$srv_ip" --port "$game_port"
    server_pid=$last_pid
    wait_line "$out/server.err" "listening on $srv_ip:$game_port" 10 &&
        echo "3: ($(elapsed) s) the server listening"
}

# The table on the server: Pèi, two seats for friends and a computer, made
# from home A; sets server_table and join_to (what the seats join).
# (private: sets server_key; join_to is then its invite)
server_table_private=1
server_table() {
    at a timeout 20 "$cli" table --connect "$srv_ip:$game_port" --variant pei \
        --seats net,net,greedy ${server_table_private:+--private} \
        >"$out/table.out" 2>"$out/table.err"
    server_table=$(sed -n 's/^table: //p' "$out/table.out")
    server_key=$(sed -n 's/^key: //p' "$out/table.out")
    join_to=$srv_ip:$game_port/$server_table
    [ -z "$server_table_private" ] || join_to=$(sed -n 's/^invite: //p' "$out/table.out")
    [ -n "$server_table" ] || {
        fail "3: the table" "$(cat "$out/table.err")"
        return 1
    }
    [ -z "$server_table_private" ] || [ -n "$server_key" ] || {
        fail "3: the table" "private, but no key: $(cat "$out/table.out")"
        return 1
    }
    echo "3: ($(elapsed) s) the table made${server_key:+ (private)}"
}

# The match's windows at the smallest size the app opens (APP_MIN_W): the
# least drawing a move, on a loaded machine.
match_size=1024x640

# The two seats of the server's table: A's and B's (windows, or bots), one
# after the other so that A takes the first and B the second; sets
# seat_of[MA], seat_of[MB] and trace_of (each one's stderr: CEKI_NET_TRACE).
declare -A seat_of trace_of
seats_at_server() {
    local w role seat=0
    for w in MA MB; do
        role=a
        [ $w = MB ] && role=b
        trace_of[$w]=$out/match-$w.err
        if [ -n "$bots" ]; then
            program "$role" "match-$w" "$cli" bot --connect "$srv_ip:$game_port" \
                --table "$server_table" ${server_key:+--key "$server_key"} --level greedy --think 40
            pid[$w]=$last_pid
        else
            launch "$w" "$role" "match-$w" "$join_to" --autoplay --as-person \
                --size "$match_size" --exit-at-end
        fi
        wait_line "$out/server.err" "connection [0-9]+ takes seat $seat" 20 || {
            [ -n "$bots" ] || echo "3: $w, not seated: $(ps -o pid=,stat=,wchan:24=,comm= -p "${pid[$w]}" 2>&1)"
            return 1
        }
        seat=$((seat + 1))
    done
    [ -z "$bots" ] || return 0
    for w in MA MB; do
        find_window "$w" && wait_line "${trace_of[$w]}" '^net: seated ' 30 || return 1
        seat_of[$w]=$(sed -n 's/^net: seated \([0-9]*\) .*/\1/p' "${trace_of[$w]}" | head -1)
    done
    check "3: A and B at the first two seats" "1 2" "${seat_of[MA]} ${seat_of[MB]}"
    echo "3: ($(elapsed) s) both homes seated"
}

# Step 3's beginning: the server, its table, both homes seated.
step_match_begins() {
    echo "--- 3. ($(elapsed) s) a whole Pèi match through a ceki-server on the internet side"
    start_server && server_table && seats_at_server
}

# Step 4's beginning: mid-match (B's window has seen move 6), router B
# drops everything, and forwards again after cut_seconds by a timer of its
# own, whatever the script does meanwhile; sets cut_at and lifter (the
# timer's process).
cut_seconds=30
cut_from_move=6
grace_s=60 # ceki-server's grace for a seat whose person is away (HOST_GRACE_MS_DEFAULT)
step_cut_begins() {
    echo "--- 4. ($(elapsed) s) router B drops everything for $cut_seconds s"
    if [ -z "$bots" ]; then
        wait_line "${trace_of[MB]}" "^net: move ([$cut_from_move-9]|[1-9][0-9]+) " 60 || return 1
    else
        wait_line "$out/match-MB.out" '^hand 1' 60 || return 1
    fi
    cut_router rb on || {
        fail "4: the cut" "the drop rule was refused"
        return 1
    }
    cut_at=$(elapsed)
    {
        sleep $((cut_seconds - 5))
        shot MA 4-b-seat-away # (B's seat away by then)
        sleep 5
        cut_router rb off
        elapsed >"$out/lifted"
    } &
    lifter=$!
    started+=("$lifter")
}

# Step 4's end: once router B forwards again.
step_cut_ends() {
    wait_exit "$lifter" $((cut_seconds + 20)) || {
        fail "4: the cut" "router B still drops at $(elapsed) s (since $cut_at s)"
        return 1
    }
    at rb nft list tables | grep -q 'table ip cut' && {
        fail "4: the cut" "the drop rule could not be taken away"
        return 1
    }
    echo "4: ($(elapsed) s) router B forwards again (it dropped everything from $cut_at s to $(cat "$out/lifted") s)"
}

# Step 4's checks: A's window counted B's seat down, B's seat came back,
# and B's window came back by itself.
step_cut_seen() {
    [ -z "$bots" ] || return 0
    local b=${seat_of[MB]} away i
    away=$(sed -n "s/^net: seat $b away \([0-9]*\) s/\1/p" "${trace_of[MA]}" | tr '\n' ' ')
    echo "4: A's window counted B's seat down: $away"
    # (at least two seconds-left figures, the first at most the server's
    # grace, each lower than the one before)
    check "4: A's window shows B's seat away with the grace countdown" yes \
        "$(tr ' ' '\n' <<<"$away" | grep . | awk -v grace="$grace_s" '
            NR == 1 && $1 > grace { bad = 1 }
            NR > 1 && $1 >= last { bad = 1 }
            { last = $1 }
            END { print (NR >= 2 && !bad) ? "yes" : "no" }')"
    for ((i = 0; i < 300; i++)); do
        sed -n "/^net: seat $b away/,\$p" "${trace_of[MA]}" | grep -q "^net: seat $b here" && break
        sleep 0.1
    done
    check "4: B's seat came back in A's window" yes \
        "$(sed -n "/^net: seat $b away/,\$p" "${trace_of[MA]}" | grep -q "^net: seat $b here" &&
            echo yes || echo no)"
    check "4: B's window came back by itself" yes \
        "$(sed -n '/^net: reconnecting/,$p' "${trace_of[MB]}" | grep -q '^net: playing' &&
            echo yes || echo no)"
}

standings() { # the standings a seat printed at the match's end
    if [ -n "$bots" ]; then
        cat "$out/match-$1.out" # the bots' whole transcript
    else
        grep -E '^(P.i, [0-9]+ rounds?|Seat [0-9]+:|Winners?:)' "$out/match-$1.out"
    fi
}

# Step 3's end: both homes' windows ended the match by themselves with the
# same standings; the server saw only the routers, which masqueraded.
step_match_ends() {
    local w a b seen
    for w in MA MB; do
        if wait_exit "${pid[$w]}" 150; then
            check "3: $w's window ended the match well (its exit status)" 0 "$status"
        else
            fail "3: $w's match" "still playing after 150 s"
        fi
    done
    echo "3: ($(elapsed_at "$out/match-MA.out") s) the match ended"
    a=$(standings MA)
    b=$(standings MB)
    [ -n "$a" ] || a="(A printed no standings)"
    check "3: the same standings in both homes" "$a" "$b"
    echo "$a" | sed 's/^/3: /'
    [ -n "$bots" ] || check "3: the standings of all three seats, after the match's rounds" \
        "rounds=1 seats=3 winner=1" "$(grep -c '^P.i, [0-9]* rounds\?$' <<<"$a" |
            sed 's/^/rounds=/') $(grep -c '^Seat [123]: -\?[0-9]* points\?$' <<<"$a" |
            sed 's/^/seats=/') $(grep -c '^Winners\?: ' <<<"$a" | sed 's/^/winner=/')"
    grep -q 'the match is over after [0-9]* moves' "$out/server.err" && ok ||
        fail "3: the server" "never said the match was over: $(tail -3 "$out/server.err")"
    seen=$(sed -n 's/^ceki-server: conn [0-9]* connected from \([0-9.]*\):[0-9]*$/\1/p' \
        "$out/server.err" | sort -u | tr '\n' ' ')
    check "3: the server saw only router A's and the carrier's addresses" "$a_wan $cg_wan " "$seen"
    local r masq=
    for r in ra rb cg; do
        masq+="$r=$([ "$(counted $r postrouting)" -gt 0 ] && echo yes || echo no) "
    done
    check "3: both routers and the carrier masqueraded" "ra=yes rb=yes cg=yes " "$masq"
}

# ---- the run -----------------------------------------------------------------

if [ -n "$reaping" ]; then
    reap
    exit 0
fi
rm -rf "$out"
mkdir -p "$out"
trap cleanup EXIT
trap 'echo "net_two_homes.sh: stopped by a signal or its $deadline s deadline"; exit 1' TERM INT
start_reaper "$@"
watchdog() { # TERM to this script at its deadline; TERM to it ends it
    sleep "$deadline" &
    local s=$! me=$BASHPID
    trap 'kill $s 2>/dev/null; exit 0' TERM
    # (only while the script is its parent: killed with SIGKILL, it is gone
    # and its number may be another process's)
    wait $s && [ "$(ps -o ppid= -p "$me" | tr -d ' ')" = "$run_id" ] &&
        kill -TERM $run_id 2>/dev/null
}
watchdog >/dev/null 2>&1 &
watchdog_pid=$!
export SDL_AUDIODRIVER=dummy LANGUAGE=en CEKI_NET_TRACE=1 # the logs are read in English
unset SDL_VIDEODRIVER
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=0"
make_network
[ -n "$bots" ] || start_display
echo "network made in $(elapsed) s"
# step NAME FUNCTION: the function run; when it could not go through to its
# end, a failure (whatever it said already).
step() {
    "$2" && return 0
    fail "$1" "did not go through"
    return 1
}
if step 3 step_match_begins && step 4 step_cut_begins; then
    step 1 host_in_a && step 1 join_screen_in_b
    hosted=$?
    echo "1: ($(elapsed) s) A's table and B's join screen ready"
    step 4 step_cut_ends
    if [ $hosted -eq 0 ] && step 1 step_unreachable && step 2 step_port_forward; then
        unreachable_seen # (while B's window joins)
        step 2 step_joined
    fi
    end_hosted_table
    step 4 step_cut_seen
    step 3 step_match_ends
fi
echo "took $(elapsed) s"
echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
