# window.bash — what the tests of the real window share (sourced, under
# Xvfb; defines window_manager and window_shot, and need_tools (tests/tools/need.bash)).

. "$(dirname "${BASH_SOURCE[0]}")/../tools/need.bash"

# window_manager DIR: starts openbox and returns once it manages windows
# (openbox runs its --startup command then, after taking the windows there
# already); sets wm to its process. A window mapped while openbox is still
# starting is never mapped (its MapRequest is lost), and SDL waits for that
# without end inside SDL_CreateWindow, so a fixed pause before the first
# program is a bet on the machine's load (1 s lost it at a fifth of a
# core). Fails after 60 s, or at once if openbox ends.
window_manager() {
    local ready=$1/wm-ready i
    need_tools openbox
    rm -f "$ready"
    openbox --sm-disable --startup "touch $ready" >"$1/openbox.log" 2>&1 &
    wm=$!
    for ((i = 0; i < 600; i++)); do
        [ -e "$ready" ] && return 0
        kill -0 "$wm" 2>/dev/null || break
        sleep 0.1
    done
    echo "FAIL window-manager: openbox not ready after $((i / 10)) s: $(tail -3 "$1/openbox.log")"
    return 1
}

# window_shot SHOT PID FILE [SECONDS]: the picture the program PID
# (started with CEKI_SHOT_FILE=SHOT, app_loop.c) draws next, saved as FILE;
# false when none came within SECONDS (default 10), as from a program gone.
window_shot() {
    local shot=$1 pid=$2 file=$3 limit=${4:-10} i
    rm -f "$shot"
    kill -USR1 "$pid" 2>/dev/null || return 1
    for ((i = 0; i < limit * 10; i++)); do
        if [ -e "$shot" ]; then
            mv "$shot" "$file"
            return 0
        fi
        sleep 0.1
    done
    return 1
}
