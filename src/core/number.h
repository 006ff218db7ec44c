/* number.h — whole numbers read from text the one strict way: in records,
 * on ceki-cli's and ceki's command lines.
 *
 * Contract
 * - number_parse_u64 takes only ASCII digits, at least one, and nothing
 *   else: no sign, no space, no other base. A number above
 *   NUMBER_U64_MAX (2^64 - 1) is refused, never cut down to it. On a
 *   refusal *out is left as it was.
 * - Pure C11: no I/O, no locale, no errno.
 */
#ifndef CEKI_CORE_NUMBER_H
#define CEKI_CORE_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

#define NUMBER_U64_MAX UINT64_MAX
/* NUMBER_U64_MAX written out, for messages. */
#define NUMBER_U64_MAX_TEXT "18446744073709551615"

bool number_parse_u64(const char *text, uint64_t *out);

#endif
