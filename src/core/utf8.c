/* utf8.c — reading UTF-8 text one character at a time (utf8.h). */
#include "utf8.h"

#define UTF8_UNICODE_MAX 0x10ffffu
#define UTF8_SURROGATE_FIRST 0xd800u
#define UTF8_SURROGATE_LAST 0xdfffu
#define UTF8_DEL 0x7fu
#define UTF8_C1_END 0xa0u /* U+0080..U+009F are control characters too */

size_t utf8_next(const uint8_t *s, size_t n, uint32_t *cp)
{
    static const uint32_t min_of[5] = {0, 0, 0x80u, 0x800u, 0x10000u};
    if (n == 0) {
        return 0;
    }
    uint8_t b = s[0];
    size_t len = b < 0x80u              ? 1
                 : (b & 0xe0u) == 0xc0u ? 2
                 : (b & 0xf0u) == 0xe0u ? 3
                 : (b & 0xf8u) == 0xf0u ? 4
                                        : 0;
    if (len == 0 || len > n) {
        return 0;
    }
    uint32_t x = len == 1 ? b : (uint32_t)(b & (0x7fu >> len));
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0u) != 0x80u) {
            return 0;
        }
        x = (x << 6) | (uint32_t)(s[i] & 0x3fu);
    }
    if (x < min_of[len] || x > UTF8_UNICODE_MAX ||
        (x >= UTF8_SURROGATE_FIRST && x <= UTF8_SURROGATE_LAST)) {
        return 0;
    }
    *cp = x;
    return len;
}

bool utf8_is_control(uint32_t cp)
{
    return cp < 0x20u || (cp >= UTF8_DEL && cp < UTF8_C1_END);
}
