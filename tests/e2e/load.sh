# `ceki-cli load`: a few tables of network bots for a few
# seconds. Its report has every line the contract names, the matches are
# played (moves, finished tables replaced), no seat is lost and no view
# goes out of step; bad arguments are refused with status 2. A correctness
# check of the command, not a benchmark (tests/bench/net_load.sh is that):
# nothing here depends on how fast the machine is.
source "$(dirname "$0")/lib.bash"
start_server load 0 || exit 1
timeout 60 "$cli" load --connect "127.0.0.1:$port" --tables 2 --variant thothit --think 0 \
    --seconds 3 >"$tmp/two.out" 2>"$tmp/two.err"
check "a short run ends well" 0 $?
out=$tmp/two.out
check "the first line" 1 "$(grep -cE '^tables 2, seats 6, threads 1, finished matches [0-9]+, seats lost 0$' "$out")"
check "moves per second" 1 "$(grep -cE '^moves [1-9][0-9]* in [0-9.]+ s: [0-9.]+ per second$' "$out")"
check "no resync" 1 "$(grep -cx 'resyncs 0' "$out")"
check "the latency line" 1 "$(grep -cE '^latency p50 [0-9]+ ms p99 [0-9]+ ms max [0-9]+ ms$' "$out")"
check "bytes per move" 1 "$(grep -cE '^bytes received per move per seat [1-9][0-9]*$' "$out")"
check "its processor time" 1 "$(grep -cE '^load: processor time [0-9.]+ s$' "$out")"
finished=$(sed -n 's/.*finished matches \([0-9]*\),.*/\1/p' "$out")
check "matches played to their end and replaced (think 0)" 1 "$((finished > 0))"
check "nothing on stderr" "" "$(cat "$tmp/two.err")"
# Several threads: 501 tables make 3 workers of 167 (250 at most each),
# opened over the first half second; some 500 moves a second after that.
# Each bot thinks 1 s, so a machine so loaded that its 1,503 seats take
# seconds to join still makes moves before the run ends.
timeout 60 "$cli" load --connect "127.0.0.1:$port" --tables 501 --variant thothit --think 1000 \
    --seconds 5 >"$tmp/many.out" 2>"$tmp/many.err"
check "a run of three threads ends well" 0 $?
check "three threads, every seat kept" 1 \
    "$(grep -cE '^tables 501, seats 1503, threads 3, finished matches [0-9]+, seats lost 0$' "$tmp/many.out")"
check "three threads: no resync" 1 "$(grep -cx 'resyncs 0' "$tmp/many.out")"
check "three threads: moves made" 1 "$(grep -cE '^moves [1-9][0-9]* in' "$tmp/many.out")"
# Bad arguments change nothing and say why.
for bad in "--tables 0" "--tables 1301" "--think -1" "--seconds 0" "--variant nosuch --tables 1"; do
    # shellcheck disable=SC2086 # the words of $bad are separate arguments
    "$cli" load --connect "127.0.0.1:$port" --variant thothit $bad >/dev/null 2>"$tmp/bad.err"
    check "refused: $bad" 2 $?
done
"$cli" load --tables 1 --variant thothit >/dev/null 2>&1
check "refused without --connect" 2 $?
finish
