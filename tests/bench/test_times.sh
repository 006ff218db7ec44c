#!/usr/bin/env bash
# Each ctest test's seconds and processor time, one test at a time (by hand,
# not a test): the figures behind CEKI_TEST_SECONDS in tests/CMakeLists.txt
# (a test's COST and how many of ctest's slots it takes).
#
#   tests/bench/test_times.sh BUILD_DIR [CTEST_ARGS...]
#
# Runs every test of BUILD_DIR (or those CTEST_ARGS such as -R or -LE pick)
# alone, in ctest's order, and prints for each its name, its seconds, its
# processor seconds (user and system, of the test and every process it
# waited for) and their ratio: near 1 or above, a test that computes; well
# under, one that waits on the network, a window or the clock. A failed
# test is marked. The figures mean something only where the test has the
# machine's two cores to itself: on a shared machine, run it in a cgroup of
# high CPU weight (as root, cgroup v1:
#   mkdir /sys/fs/cgroup/cpu/quiet; echo 262144 >/sys/fs/cgroup/cpu/quiet/cpu.shares
#   echo $$ >/sys/fs/cgroup/cpu/quiet/tasks
# before starting this).
set -u
build=${1:?usage: test_times.sh BUILD_DIR [CTEST_ARGS...]}
shift
. "$(dirname "$0")/../tools/need.bash"
need_tools ctest
tick=$(getconf CLK_TCK)
# The shell's children's processor time so far, in ticks.
children_ticks() {
    local stat
    read -r stat </proc/$$/stat
    stat=${stat##*) } # past the command's name
    set -- $stat
    echo $((${14} + ${15})) # cutime and cstime (fields 16 and 17)
}
mapfile -t tests < <(ctest --test-dir "$build" -N "$@" | sed -n 's/^ *Test *#[0-9]*: //p')
printf '%-28s %8s %8s %6s\n' test seconds cpu ratio
for t in "${tests[@]}"; do
    before=$(children_ticks)
    start=$(date +%s.%N)
    ctest --test-dir "$build" -R "^${t}\$" >/dev/null 2>&1
    rc=$?
    end=$(date +%s.%N)
    after=$(children_ticks)
    awk -v t="$t" -v s="$start" -v e="$end" -v c=$((after - before)) -v k="$tick" -v rc="$rc" \
        'BEGIN { w = e - s; cpu = c / k
                 printf "%-28s %8.1f %8.1f %6.2f%s\n", t, w, cpu, cpu / w, rc ? "  FAILED" : "" }'
done
