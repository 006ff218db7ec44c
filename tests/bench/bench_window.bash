# bench_window.bash — what the window benchmarks (animation_cpu.sh,
# frame_cost.sh) share, sourced after they set `build` and `variants`:
# the window's size from $CEKI_BENCH_SIZE (default 1280x800) in `size`,
# every variant when none was named, a scratch folder `tmp`, and an Xvfb
# large enough for the window on a display it picks itself (-displayfd: no
# clash with another X server on the machine) in `display`, both removed
# at exit.
. "$(dirname "${BASH_SOURCE[0]}")/../tools/need.bash"
need_tools Xvfb
size=${CEKI_BENCH_SIZE:-1280x800}
if ! [[ $size =~ ^([0-9]+)x([0-9]+)$ ]]; then
    echo "CEKI_BENCH_SIZE must be WxH, e.g. 2560x1600 (got '$size')" >&2
    exit 2
fi
screen="$((BASH_REMATCH[1] + 320))x$((BASH_REMATCH[2] + 200))x24"
if [ ${#variants[@]} -eq 0 ]; then
    mapfile -t variants < <("$build/ceki-cli" variants | awk '{print $1}')
fi
tmp=$(mktemp -d)
Xvfb -displayfd 5 -screen 0 "$screen" -nolisten tcp 5>"$tmp/display" >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for ((i = 0; i < 100; i++)); do
    [ -s "$tmp/display" ] && break
    sleep 0.1
done
[ -s "$tmp/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
display=:$(cat "$tmp/display")
