# Same game as offline: for every variant and seeds 1..N, a table
# of all-net seats played by greedy network bots prints exactly the
# transcript of `ceki-cli match V --seed S --ai greedy`, at every seat.
# N is CEKI_NET_SEEDS (CI: 2; the soak: 20). Every variant of a seed plays
# at once on one server.
source "$(dirname "$0")/lib.bash"
seeds=${CEKI_NET_SEEDS:-2}
start_server same 0 || exit 1
variants=$("$cli" variants | awk '{print $1}')

play_seed() {
    local seed=$1 v id n i pids=()
    for v in $variants; do
        id=$(new_table "$v" "$seed")
        check "$v seed $seed: a table" "yes" "$([ -n "$id" ] && echo yes)"
        n=$(players_of "$v")
        for ((i = 0; i < n; i++)); do
            start_bot "$v.$seed.$i" "$id"
            pids+=("$bot_pid")
        done
    done
    wait_pids 240 "${pids[@]}"
    check "seed $seed: every bot ended in time" 0 $?
    for v in $variants; do
        local want
        want=$("$cli" match "$v" --seed "$seed" --ai greedy)
        n=$(players_of "$v")
        for ((i = 0; i < n; i++)); do
            check "$v seed $seed seat-bot $i" "$want" "$(cat "$tmp/$v.$seed.$i.out")"
        done
    done
}

# Computers at the host: seat 0 and the last seat are the host's greedy
# players, the others network bots; every bot still prints the match's
# transcript, so the host asks its computers exactly as ceki-cli match does.
play_host_computers() {
    local seed=$1 v id n i seats pids=()
    for v in $variants; do
        n=$(players_of "$v")
        [ "$n" -ge 3 ] || continue # no seat left between for a person: no table of computers alone
        seats=greedy
        for ((i = 1; i < n - 1; i++)); do seats+=,net; done
        seats+=,greedy
        id=$(new_table "$v" "$seed" --seats "$seats")
        check "$v seed $seed host computers: a table" "yes" "$([ -n "$id" ] && echo yes)"
        for ((i = 1; i < n - 1; i++)); do
            start_bot "$v.$seed.h$i" "$id"
            pids+=("$bot_pid")
        done
    done
    wait_pids 240 "${pids[@]}"
    check "seed $seed host computers: every bot ended in time" 0 $?
    for v in $variants; do
        local want
        want=$("$cli" match "$v" --seed "$seed" --ai greedy)
        n=$(players_of "$v")
        for ((i = 1; i < n - 1; i++)); do
            check "$v seed $seed host computers, bot $i" "$want" "$(cat "$tmp/$v.$seed.h$i.out")"
        done
    done
}

for ((seed = 1; seed <= seeds; seed++)); do
    play_seed $seed
done
play_host_computers 3
grep -h "^bot:" "$tmp"/*.err | awk '{r += $5} END {print "bots " NR ", resyncs " r}'
finish
