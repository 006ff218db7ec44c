# headless.bash — what the tests of whole ceki programs without a display
# share (sourced; SDL_VIDEODRIVER=dummy): the harness (tests/tools/harness.bash),
# free_port, and ceki_start, which starts one ceki as a person would play it.
# Needs $ceki (the program) and $tmp (the test's folder) set before ceki_start.
. "$(dirname "${BASH_SOURCE[0]}")/../tools/harness.bash"
. "$(dirname "${BASH_SOURCE[0]}")/free_port.bash"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy CEKI_NET_TRACE=1

# ceki_start NAME ARGS...: a ceki with its own data folder $tmp/NAME, playing
# as a person would to the end (--autoplay --as-person --exit-at-end); its
# stdout to NAME.out, its stderr appended to NAME.err; sets pid. exec'd (no
# wrapper) so that kill -9 $pid kills ceki itself; every wait on it is
# bounded and the exit kills what is left.
ceki_start() {
    local name=$1
    shift
    mkdir -p "$tmp/$name"
    XDG_DATA_HOME="$tmp/$name" HOME="$tmp/$name" exec "$ceki" "$@" --autoplay --as-person \
        --exit-at-end >"$tmp/$name.out" 2>>"$tmp/$name.err" &
    pid=$!
    started+=("$pid")
}

# standings FILE: the standings a ceki printed at the match's end.
standings() { grep -E '^(Seat [0-9]+:|Winners?:)' "$1"; }
