/* number.c — whole numbers read from text (number.h). */
#include "number.h"

#include <stddef.h>

#define NUMBER_BASE 10u

bool number_parse_u64(const char *text, uint64_t *out)
{
    if (text == NULL || *text == '\0') {
        return false;
    }
    uint64_t v = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p < '0' || *p > '9') {
            return false;
        }
        unsigned digit = (unsigned)(*p - '0');
        if (v > (NUMBER_U64_MAX - digit) / NUMBER_BASE) {
            return false; /* one more digit would pass 2^64 - 1 */
        }
        v = v * NUMBER_BASE + digit;
    }
    *out = v;
    return true;
}
