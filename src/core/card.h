/* card.h — cards as one-byte values, their properties and their notation.
 *
 * Contract: a Card is a kind, not a physical card; two copies of a kind are
 * the same value and are told apart only by where they lie. Ceki kinds are
 * 0..29 in the order C1..C9, S1..S9, M1..M9, OT, WF, RF (RULES.md §1.1);
 * French cards (Kings, §1.3) are 32..83, suit-major in the order S H D C,
 * rank A..K. CARD_NONE marks "no card". All functions are pure.
 */
#ifndef CEKI_CARD_H
#define CEKI_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef uint8_t Card;

enum {
    CARD_C1 = 0,
    CARD_S1 = 9,
    CARD_M1 = 18,
    CARD_OT = 27,
    CARD_WF = 28,
    CARD_RF = 29,
    CARD_CEKI_KINDS = 30,
    CARD_FRENCH_FIRST = 32,
    CARD_FRENCH_KINDS = 52,
    CARD_FRENCH_END = CARD_FRENCH_FIRST + CARD_FRENCH_KINDS, /* one past */
    CARD_KIND_LIMIT = CARD_FRENCH_END,                       /* every Card value is below this */
    CARD_NONE = 0xFF
};

typedef enum CardSuit {
    SUIT_COINS = 0,
    SUIT_STRINGS,
    SUIT_MYRIADS,
    SUIT_HONOURS,
    SUIT_SPADES, /* French suits */
    SUIT_HEARTS,
    SUIT_DIAMONDS,
    SUIT_CLUBS,
    SUIT_NONE
} CardSuit;

/* Longest notation is "10S": 3 characters plus the terminator. */
#define CARD_TEXT_MAX 4

static inline bool card_is_ceki(Card c)
{
    return c < CARD_CEKI_KINDS;
}
static inline bool card_is_french(Card c)
{
    return c >= CARD_FRENCH_FIRST && c < CARD_FRENCH_END;
}
static inline bool card_is_valid(Card c)
{
    return card_is_ceki(c) || card_is_french(c);
}

/* Ceki C/S/M n or French rank+suit. */
Card card_ceki(CardSuit suit, int number); /* suit coins..myriads, 1..9 */
Card card_french(CardSuit suit, int rank); /* suit spades..clubs, 1..13 */

/* Rank class: Ceki 1..9 (honours are 1), French 1 (A) .. 13 (K). */
int card_rank(Card c);
CardSuit card_suit(Card c);
/* Ceki face value (honours 1); French: the rank. */
int card_face_value(Card c);
/* OT, RF and S9 (RULES.md §1.1). */
static inline bool card_is_red_stamped(Card c)
{
    return c == CARD_OT || c == CARD_RF || c == CARD_S1 + 8;
}

/* Parses one card token ("C4", "OT", "10D"; case-sensitive, as in RULES.md).
 * Returns CEKI_ERR_PARSE and leaves *out alone on anything else. */
CekiStatus card_parse(const char *text, Card *out);
/* Writes the notation into buf (at least CARD_TEXT_MAX bytes). Returns buf;
 * writes "??" for an invalid card. */
char *card_format(Card c, char buf[CARD_TEXT_MAX]);

/* Parses a whitespace-separated list into out[0..cap). On success *n is the
 * count. On failure nothing is guaranteed in out, *n is 0, and *bad_at (if
 * not NULL) is the byte offset of the offending token in text. Too many
 * tokens for cap is CEKI_ERR_ARG. */
CekiStatus card_list_parse(const char *text, Card *out, size_t cap, size_t *n, size_t *bad_at);
/* Writes the list space-separated into buf; truncates safely. Returns the
 * length that would have been written (like snprintf). */
size_t card_list_format(const Card *cards, size_t n, char *buf, size_t size);

#endif
