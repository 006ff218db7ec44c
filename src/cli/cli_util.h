/* cli_util.h — small parsing helpers shared by ceki-cli's commands.
 *
 * Contract: pure functions; nothing is written on failure. */
#ifndef CEKI_CLI_UTIL_H
#define CEKI_CLI_UTIL_H

#include <stdbool.h>
#include <stdlib.h>

/* A whole decimal number in [lo, hi]; false (and *out untouched) otherwise. */
static inline bool cli_parse_long(const char *text, long lo, long hi, long *out)
{
    char *end = NULL;
    if (!text || !*text)
        return false;
    long v = strtol(text, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

#endif
