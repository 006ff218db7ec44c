/* utf8.h — reading UTF-8 text one character at a time.
 *
 * Contract
 * - utf8_next reads the character at s (n bytes available): its length in
 *   bytes and its code point in *cp; 0 (and *cp untouched) when the bytes
 *   there are not one well-formed character: a bad lead or continuation
 *   byte, a sequence cut short, an overlong form, a surrogate, or a code
 *   point past U+10FFFF.
 * - utf8_is_control: C0 and C1 control characters and DEL.
 * - Pure functions, no globals. Used wherever text from outside is checked
 *   (network messages, discovery answers, typed and pasted text, settings).
 */
#ifndef CEKI_UTF8_H
#define CEKI_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

size_t utf8_next(const uint8_t *s, size_t n, uint32_t *cp);
bool utf8_is_control(uint32_t cp);

#endif
