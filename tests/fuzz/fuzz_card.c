/* fuzz_card — the card and move notation parsers.
 *
 * The input is taken as text. Whatever card_parse, card_list_parse or
 * move_parse accept must format back to text that parses to the same value;
 * whatever they refuse must leave their outputs as the contract says. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

#define LIST_CAP 64

static void check_card(const char *text)
{
    Card c = 0x77;
    CekiStatus st = card_parse(text, &c);
    if (st != CEKI_OK) {
        FUZZ_CHECK(st == CEKI_ERR_PARSE || st == CEKI_ERR_ARG);
        FUZZ_CHECK(c == 0x77); /* left alone */
        return;
    }
    FUZZ_CHECK(card_is_valid(c));
    char buf[CARD_TEXT_MAX];
    FUZZ_CHECK(card_format(c, buf) == buf);
    FUZZ_CHECK(strcmp(buf, text) == 0); /* one spelling per card */
}

static void check_list(const char *text, size_t len, size_t cap)
{
    Card out[LIST_CAP];
    size_t n = 99, bad = 12345;
    CekiStatus st = card_list_parse(text, out, cap, &n, &bad);
    if (st != CEKI_OK) {
        FUZZ_CHECK(st == CEKI_ERR_PARSE || st == CEKI_ERR_ARG);
        FUZZ_CHECK(n == 0);
        FUZZ_CHECK(bad <= len);
        return;
    }
    FUZZ_CHECK(n <= cap);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(card_is_valid(out[i]));
    /* Format in full, then parse back. */
    char buf[LIST_CAP * CARD_TEXT_MAX + 1];
    size_t need = card_list_format(out, n, buf, sizeof buf);
    FUZZ_CHECK(need < sizeof buf && strlen(buf) == need);
    Card again[LIST_CAP];
    size_t m = 0;
    FUZZ_CHECK(card_list_parse(buf, again, LIST_CAP, &m, NULL) == CEKI_OK);
    FUZZ_CHECK(m == n && memcmp(again, out, n) == 0);
    /* A short buffer is truncated safely, and the needed length is the same. */
    char small[8];
    size_t cut = (len + n) % sizeof small;
    memset(small, 'x', sizeof small);
    FUZZ_CHECK(card_list_format(out, n, small, cut) == need);
    if (cut > 0) {
        FUZZ_CHECK(memchr(small, '\0', cut) != NULL);
        FUZZ_CHECK(strncmp(small, buf, strlen(small)) == 0);
    }
    for (size_t i = cut; i < sizeof small; i++)
        FUZZ_CHECK(small[i] == 'x');
}

static void check_move(const char *text, int seat)
{
    Move m = {0};
    CekiStatus st = move_parse(text, seat, &m);
    if (st != CEKI_OK) {
        FUZZ_CHECK(st == CEKI_ERR_PARSE || st == CEKI_ERR_ARG);
        return;
    }
    FUZZ_CHECK(m.seat == seat);
    FUZZ_CHECK(m.type > MOVE_NONE && m.type <= MOVE_PASS);
    FUZZ_CHECK(m.card == CARD_NONE || card_is_valid(m.card));
    FUZZ_CHECK(m.target == CARD_NONE || card_is_valid(m.target));
    char buf[MOVE_TEXT_MAX];
    FUZZ_CHECK(move_format(&m, buf) == buf);
    FUZZ_CHECK(strlen(buf) < MOVE_TEXT_MAX);
    FUZZ_CHECK(strcmp(buf, text) == 0); /* one spelling per move */
    Move again = {0};
    FUZZ_CHECK(move_parse(buf, seat, &again) == CEKI_OK);
    FUZZ_CHECK(move_equal(&m, &again));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    if (size > 0)
        memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text); /* the parsers see text up to the first NUL */

    check_card(text);
    check_list(text, len, size > 0 ? data[0] % (LIST_CAP + 1) : LIST_CAP);
    check_move(text, size > 0 ? data[size - 1] % CEKI_MAX_SEATS : 0);

    /* Every byte value formats to a card or "??". */
    for (size_t i = 0; i < size && i < 16; i++) {
        char buf[CARD_TEXT_MAX];
        card_format(data[i], buf);
        FUZZ_CHECK(card_is_valid(data[i]) ? strcmp(buf, "??") != 0 : strcmp(buf, "??") == 0);
    }
    free(text);
    return 0;
}
