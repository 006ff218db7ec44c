#!/usr/bin/env bash
# Usage: core_purity.sh libceki_core.a src/core
# Fails if the core includes anything but the C standard library or its own
# headers, or if the archive needs a symbol that libc and libm do not give.
set -u
. "$(dirname "$0")/tools/need.bash"
need_tools gcc nm
lib=$1
dir=$2
status=0
std='assert|ctype|errno|float|inttypes|limits|math|setjmp|stdarg|stdbool|stddef|stdint|stdio|stdlib|string|time'
bad=$(grep -hoE '#include <[^>]+>' "$dir"/*.c "$dir"/*.h | sort -u | grep -vE "#include <($std)\.h>")
if [ -n "$bad" ]; then
    echo "the core includes non-standard headers:"
    echo "$bad"
    status=1
fi
defined=$(nm --defined-only "$lib" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)
undefined=$(nm -u "$lib" 2>/dev/null | awk '{print $NF}' | grep -v ':$' | sort -u)
external=$(comm -23 <(echo "$undefined") <(echo "$defined"))
# Everything the core needs from outside must come from libc or libm.
libc=$(gcc -print-file-name=libc.so.6)
[ -f "$libc" ] || libc=$(ldconfig -p | awk '/libc.so.6 / {print $NF; exit}')
libm=$(ldconfig -p | awk '/libm.so.6 / {print $NF; exit}')
provided=$(nm -D --defined-only "$libc" "$libm" 2>/dev/null | awk '{print $NF}' | sed 's/@.*//' | sort -u)
# (A sanitizer build also calls into its own runtime, and its position-
# independent code names the GOT, which the linker itself makes.)
foreign=$(comm -23 <(echo "$external") <(echo "$provided") | grep -v '^$' |
    grep -vE '^(__(asan|ubsan|lsan|sanitizer)_|_GLOBAL_OFFSET_TABLE_$)')
if [ -n "$foreign" ]; then
    echo "the core needs symbols from outside libc/libm:"
    echo "$foreign"
    status=1
fi
echo "core purity: $(echo "$external" | grep -c .) external symbols checked"
[ $status -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $status
