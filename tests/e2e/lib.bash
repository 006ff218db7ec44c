# Shared by the network end-to-end tests (sourced; not a test itself).
# Arguments: ceki-cli, ceki-server[, udp_shim, flood, net_attacker].
# Everything talks over 127.0.0.0/8 only (the server listens on 127.0.0.1;
# clients may send from other addresses of it); every process started here
# is killed on exit, and every wait is bounded.
set -u
cli=$1
server=$2
shim=${3:-}
flood=${4:-}
attacker=${5:-}
tmp=$(mktemp -d)
. "$(dirname "${BASH_SOURCE[0]}")/../tools/harness.bash" # started, check, finish, wait_for, wait_exit
if [ -n "${E2E_KEEP:-}" ]; then
    at_exit 'echo "kept $tmp"'
else
    at_exit 'rm -rf "$tmp"'
fi

# start_server NAME PORT ARGS...: a ceki-server on 127.0.0.1 (PORT 0: the
# system chooses); sets server_pid and port, logs to $tmp/NAME.log. The
# tests' own address, 127.0.0.1, is trusted (they make many tables and
# connections from it); start_limited_server trusts none.
start_server() {
    start_limited_server "$@" --trust 127.0.0.1
}

start_limited_server() {
    local name=$1 want=$2
    shift 2
    "$server" --bind 127.0.0.1 --port "$want" --allow-seed "$@" 2>"$tmp/$name.log" &
    server_pid=$!
    started+=("$server_pid")
    wait_for "$tmp/$name.log" 'listening on 127\.0\.0\.1:[0-9]+' 10 || return 1
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/$name.log" | head -1)
    addr_port=$port
}

# new_table VARIANT SEED [ARGS...]: prints the table's id.
new_table() {
    local v=$1 seed=$2
    shift 2
    timeout 20 "$cli" table --connect "127.0.0.1:$addr_port" --variant "$v" --seed "$seed" "$@" |
        sed -n 's/^table: //p'
}

# players_of VARIANT: the default player count, as `ceki-cli match` uses it.
players_of() {
    "$cli" match "$1" --seed 1 | sed -n 's/^match: [^,]*, \([0-9]*\) players.*/\1/p'
}

# start_bot NAME TABLE ARGS...: a greedy bot; stdout to $tmp/NAME.out,
# stderr to $tmp/NAME.err; sets bot_pid (the bot itself, so kill -9 hits
# it; wait_pids and the cleanup bound its life).
start_bot() {
    local name=$1 table=$2
    shift 2
    "$cli" bot --connect "127.0.0.1:$addr_port" --table "$table" --level greedy "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err" &
    bot_pid=$!
    started+=("$bot_pid")
}

# wait_pids SECONDS PID...: false when one is still running after SECONDS.
wait_pids() {
    local limit=$1 p i
    shift
    for ((i = 0; i < limit * 10; i++)); do
        local alive=0
        for p in "$@"; do
            kill -0 "$p" 2>/dev/null && alive=1
        done
        [ $alive -eq 0 ] && break
        sleep 0.1
    done
    local ok=0
    for p in "$@"; do
        if kill -0 "$p" 2>/dev/null; then
            ok=1
            kill -9 "$p" 2>/dev/null
        fi
        wait "$p" 2>/dev/null
    done
    return $ok
}

# size_of FILE: its bytes (0 when it does not exist yet).
size_of() {
    stat -c %s "$1" 2>/dev/null || echo 0
}

# wait_size FILE BYTES SECONDS: until FILE holds at least BYTES.
wait_size() {
    local i
    for ((i = 0; i < $3 * 20; i++)); do
        [ "$(size_of "$1")" -ge "$2" ] && return 0
        sleep 0.05
    done
    echo "timed out waiting for $1 to reach $2 bytes" >&2
    return 1
}
