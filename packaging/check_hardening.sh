#!/usr/bin/env bash
# The programs carry Debian's hardening (packaging/hardening.cmake):
#   check_hardening.sh [--nofortify] PROGRAM...
# hardening-check (devscripts) on each: PIE, stack protector, fortified libc
# functions, read-only relocations and immediate binding must all be found
# (--nofortify for a Debug build, which has no _FORTIFY_SOURCE). Fails on any
# one missing, and at once when hardening-check is not installed.
#
# Not asked: control-flow protection (hardening-check's "Control flow
# integrity", the IBT and SHSTK properties). Debian 12's own C start files
# (crt1.o, crti.o) carry neither, so the linker gives them to no program built
# there, not even an empty main() built with -fcf-protection, and Debian 12's
# hardening=+all does not ask for it. Nor does it ask for stack clash
# protection, which hardening-check reports as "unknown" without failing.
set -euo pipefail
. "$(dirname "$0")/../tests/tools/need.bash"
need_tools hardening-check
if hardening-check --nocfprotection "$@"; then
    echo "check_hardening.sh: every program hardened"
else
    echo "check_hardening.sh: a program lacks a hardening feature (above)" >&2
    exit 1
fi
