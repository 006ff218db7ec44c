#include "card.h"

#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(Card) == 1, "a card is one byte");
_Static_assert(CARD_KIND_LIMIT <= CARD_NONE, "CARD_NONE is not a kind");

static const char ceki_suit_letter[3] = {'C', 'S', 'M'};
static const char french_suit_letter[4] = {'S', 'H', 'D', 'C'};
static const char *const french_rank_text[13] = {"A", "2", "3",  "4", "5", "6", "7",
                                                 "8", "9", "10", "J", "Q", "K"};

Card card_ceki(CardSuit suit, int number)
{
    if (suit > SUIT_MYRIADS || number < 1 || number > 9)
        return CARD_NONE;
    return (Card)(suit * 9 + number - 1);
}

Card card_french(CardSuit suit, int rank)
{
    if (suit < SUIT_SPADES || suit > SUIT_CLUBS || rank < 1 || rank > 13)
        return CARD_NONE;
    return (Card)(CARD_FRENCH_FIRST + (suit - SUIT_SPADES) * 13 + rank - 1);
}

int card_rank(Card c)
{
    if (card_is_ceki(c))
        return c >= CARD_OT ? 1 : c % 9 + 1;
    if (card_is_french(c))
        return (c - CARD_FRENCH_FIRST) % 13 + 1;
    return 0;
}

CardSuit card_suit(Card c)
{
    if (card_is_ceki(c))
        return c >= CARD_OT ? SUIT_HONOURS : (CardSuit)(c / 9);
    if (card_is_french(c))
        return (CardSuit)(SUIT_SPADES + (c - CARD_FRENCH_FIRST) / 13);
    return SUIT_NONE;
}

int card_face_value(Card c)
{
    return card_rank(c);
}

CekiStatus card_parse(const char *text, Card *out)
{
    if (!text || !out)
        return CEKI_ERR_ARG;
    size_t len = strlen(text);
    if (len == 2) {
        static const char *const honours[3] = {"OT", "WF", "RF"};
        for (int i = 0; i < 3; i++) {
            if (strcmp(text, honours[i]) == 0) {
                *out = (Card)(CARD_OT + i);
                return CEKI_OK;
            }
        }
        for (int s = 0; s < 3; s++) {
            if (text[0] == ceki_suit_letter[s] && text[1] >= '1' && text[1] <= '9') {
                *out = card_ceki((CardSuit)s, text[1] - '0');
                return CEKI_OK;
            }
        }
    }
    if (len == 2 || len == 3) {
        for (int r = 0; r < 13; r++) {
            size_t rl = strlen(french_rank_text[r]);
            if (rl + 1 != len || strncmp(text, french_rank_text[r], rl) != 0)
                continue;
            for (int s = 0; s < 4; s++) {
                if (text[rl] == french_suit_letter[s]) {
                    *out = card_french((CardSuit)(SUIT_SPADES + s), r + 1);
                    return CEKI_OK;
                }
            }
        }
    }
    return CEKI_ERR_PARSE;
}

char *card_format(Card c, char buf[CARD_TEXT_MAX])
{
    if (card_is_ceki(c)) {
        if (c >= CARD_OT) {
            static const char *const honours[3] = {"OT", "WF", "RF"};
            memcpy(buf, honours[c - CARD_OT], 3);
        } else {
            buf[0] = ceki_suit_letter[c / 9];
            buf[1] = (char)('1' + c % 9);
            buf[2] = '\0';
        }
    } else if (card_is_french(c)) {
        int i = c - CARD_FRENCH_FIRST;
        snprintf(buf, CARD_TEXT_MAX, "%s%c", french_rank_text[i % 13], french_suit_letter[i / 13]);
    } else {
        memcpy(buf, "??", 3);
    }
    return buf;
}

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

CekiStatus card_list_parse(const char *text, Card *out, size_t cap, size_t *n, size_t *bad_at)
{
    if (!text || !n || (!out && cap > 0))
        return CEKI_ERR_ARG;
    *n = 0;
    size_t count = 0;
    size_t i = 0;
    while (text[i]) {
        while (is_space(text[i]))
            i++;
        if (!text[i])
            break;
        size_t start = i;
        while (text[i] && !is_space(text[i]))
            i++;
        char token[8] = {0};
        Card c = CARD_NONE;
        if (i - start >= sizeof token ||
            (memcpy(token, text + start, i - start), card_parse(token, &c)) != CEKI_OK) {
            if (bad_at)
                *bad_at = start;
            return CEKI_ERR_PARSE;
        }
        if (count == cap) {
            if (bad_at)
                *bad_at = start;
            return CEKI_ERR_ARG;
        }
        out[count++] = c;
    }
    *n = count;
    return CEKI_OK;
}

size_t card_list_format(const Card *cards, size_t n, char *buf, size_t size)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        card_format(cards[i], t);
        int w = snprintf(size > len ? buf + len : NULL, size > len ? size - len : 0, "%s%s",
                         i ? " " : "", t);
        len += (size_t)w;
    }
    if (n == 0 && size > 0)
        buf[0] = '\0';
    return len;
}
