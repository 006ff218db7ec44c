/* Cards, notation, the RNG and move text. */
#include "test_util.h"

#include "rng.h"
#include "variant.h"

static void test_every_card_round_trips(void **state)
{
    (void)state;
    int seen = 0;
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        if (!card_is_valid((Card)k))
            continue;
        char t[CARD_TEXT_MAX];
        Card back = CARD_NONE;
        assert_int_equal(card_parse(card_format((Card)k, t), &back), CEKI_OK);
        assert_int_equal(back, k);
        seen++;
    }
    assert_int_equal(seen, 30 + 52);
}

static void test_ceki_properties(void **state)
{
    (void)state;
    Card c = CARD_NONE;
    assert_int_equal(card_parse("S4", &c), CEKI_OK);
    assert_int_equal(card_suit(c), SUIT_STRINGS);
    assert_int_equal(card_rank(c), 4);
    assert_int_equal(card_face_value(c), 4);
    /* Honours: one suit, rank 1, face value 1. */
    const char *honours[3] = {"OT", "WF", "RF"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(card_parse(honours[i], &c), CEKI_OK);
        assert_int_equal(card_suit(c), SUIT_HONOURS);
        assert_int_equal(card_rank(c), 1);
        assert_int_equal(card_face_value(c), 1);
    }
    /* Rank 1 holds twelve cards of a kepala, every other rank six. */
    const VariantDesc *v = variant_get(VARIANT_THOTHIT);
    int per_rank[10] = {0};
    Card deck[CEKI_MAX_DECK];
    int n = variant_build_deck(v, 3, deck);
    assert_int_equal(n, 60);
    for (int i = 0; i < n; i++)
        per_rank[card_rank(deck[i])]++;
    assert_int_equal(per_rank[1], 12);
    for (int r = 2; r <= 9; r++)
        assert_int_equal(per_rank[r], 6);
    /* Red stamps: OT, RF, S9 and nothing else. */
    int red = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        red += card_is_red_stamped((Card)k);
    assert_int_equal(red, 3);
    assert_true(card_is_red_stamped(CARD_OT));
    assert_true(card_is_red_stamped(CARD_RF));
    assert_true(card_is_red_stamped(card_ceki(SUIT_STRINGS, 9)));
    assert_false(card_is_red_stamped(CARD_WF));
    assert_false(card_is_red_stamped(card_ceki(SUIT_COINS, 9)));
}

static void test_french_properties(void **state)
{
    (void)state;
    Card c = CARD_NONE;
    assert_int_equal(card_parse("10D", &c), CEKI_OK);
    assert_int_equal(card_suit(c), SUIT_DIAMONDS);
    assert_int_equal(card_rank(c), 10);
    assert_int_equal(card_parse("AS", &c), CEKI_OK);
    assert_int_equal(card_rank(c), 1);
    assert_int_equal(card_parse("KC", &c), CEKI_OK);
    assert_int_equal(card_rank(c), 13);
    assert_false(card_is_red_stamped(c));
    /* Kings plays the pack without its Kings. */
    const VariantDesc *v = variant_get(VARIANT_KINGS);
    assert_int_equal(variant_deck_size(v, 4), 48);
    assert_int_equal(variant_copies_of(v, 4, c), 0);
}

static void test_bad_cards_are_refused(void **state)
{
    (void)state;
    const char *bad[] = {"",   "C0", "C10", "c4", "OTX", "X",  "S",   "1S",
                         "KX", "0D", "11H", "M",  "10",  "ot", "C4 ", "Q"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Card c = 77;
        assert_int_equal(card_parse(bad[i], &c), CEKI_ERR_PARSE);
        assert_int_equal(c, 77); /* untouched */
    }
    assert_int_equal(card_parse(NULL, NULL), CEKI_ERR_ARG);
}

static void test_card_lists(void **state)
{
    (void)state;
    Card out[8];
    size_t n = 0, bad = 0;
    assert_int_equal(card_list_parse("  C1 OT\tS9\n10H ", out, 8, &n, &bad), CEKI_OK);
    assert_int_equal(n, 4);
    char buf[64];
    card_list_format(out, n, buf, sizeof buf);
    assert_string_equal(buf, "C1 OT S9 10H");
    assert_int_equal(card_list_parse("C1 C2 Z9 C3", out, 8, &n, &bad), CEKI_ERR_PARSE);
    assert_int_equal(n, 0);
    assert_int_equal(bad, 6);
    assert_int_equal(card_list_parse("C1 C2 C3", out, 2, &n, &bad), CEKI_ERR_ARG);
    assert_int_equal(card_list_parse("", out, 8, &n, &bad), CEKI_OK);
    assert_int_equal(n, 0);
    /* Truncation is safe and reports the full length. */
    char small[5];
    size_t len = card_list_format(out, 0, small, sizeof small);
    assert_int_equal(len, 0);
    Card three[3] = {CARD_OT, CARD_WF, CARD_RF};
    len = card_list_format(three, 3, small, sizeof small);
    assert_int_equal(len, 8);
    assert_string_equal(small, "OT W");
}

static void test_rng_is_fixed_across_machines(void **state)
{
    (void)state;
    Rng a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        assert_true(rng_next(&a) == rng_next(&b));
    /* A pinned value: the generator must not change, or every saved game
     * and replay would change with it. */
    rng_seed(&a, 1);
    assert_true(rng_next(&a) == UINT64_C(0xb3f2af6d0fc710c5));
    /* rng_below stays in range and reaches every value. */
    int hits[7] = {0};
    for (int i = 0; i < 7000; i++) {
        uint32_t r = rng_below(&a, 7);
        assert_true(r < 7);
        hits[r]++;
    }
    for (int i = 0; i < 7; i++)
        assert_true(hits[i] > 800);
    assert_int_equal(rng_below(&a, 0), 0);
}

static void test_move_text(void **state)
{
    (void)state;
    const char *texts[] = {"C4xS4", "C4-",          "10Sx10D",    "turn",       "take:OT",  "next",
                           "draw",  "draw-discard", "discard:M9", "declare:RF", "claim:WF", "pass"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        Move m;
        char buf[MOVE_TEXT_MAX];
        assert_int_equal(move_parse(texts[i], 2, &m), CEKI_OK);
        assert_int_equal(m.seat, 2);
        assert_string_equal(move_format(&m, buf), texts[i]);
    }
    const char *bad[] = {
        "", "C4", "C4xZ4", "x", "take:", "take:C0", "C4x", "-", "turns", "declare:"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Move m;
        assert_int_equal(move_parse(bad[i], 0, &m), CEKI_ERR_PARSE);
    }
}

static void test_variant_table(void **state)
{
    (void)state;
    for (int i = 0; i < VARIANT_COUNT; i++) {
        const VariantDesc *v = variant_get((VariantId)i);
        assert_non_null(v);
        assert_int_equal(v->id, i);
        assert_ptr_equal(variant_find(v->key), v);
        assert_true(v->min_players >= 2 && v->max_players <= CEKI_MAX_SEATS);
        assert_true(strlen(v->summary) > 20);
        /* The deal fits the deck for every allowed player count. */
        for (int p = v->min_players; p <= v->max_players; p++) {
            if (!variant_players_ok(v, p))
                continue;
            int dealt = variant_hand_size(v, p) * p + variant_pool_size(v, p);
            assert_true(dealt <= variant_deck_size(v, p));
        }
    }
    assert_null(variant_find("thothit-"));
    assert_null(variant_get(VARIANT_COUNT));
    assert_false(variant_players_ok(variant_get(VARIANT_THOTHIT_KUNA), 5));
    assert_true(variant_players_ok(variant_get(VARIANT_THOTHIT_KUNA), 6));
    assert_int_equal(deck_style_find("western-spades"), STYLE_WESTERN_SPADES);
    assert_int_equal(deck_style_find("poker"), STYLE_COUNT);
}

/* The deck style table: every row names itself, its art and its key; the
 * Ceki games' choices cycle through the rows that offer themselves, both
 * ways; a variant with a pack of its own keeps it whatever is chosen. */
static void test_deck_style_table(void **state)
{
    (void)state;
    int choices = 0;
    for (int i = 0; i < STYLE_COUNT; i++) {
        const DeckStyleDesc *d = deck_style_get((DeckStyle)i);
        assert_non_null(d);
        assert_int_equal(d->id, i);
        assert_int_equal(deck_style_find(d->key), i);
        assert_true(strlen(d->name) > 0 && strlen(d->about) > 10 && strlen(d->tab) > 0);
        if (d->art == ART_WESTERN) {
            assert_int_not_equal(d->myriads, d->honours);
        }
        choices += d->ceki_choice;
    }
    assert_null(deck_style_get(STYLE_COUNT));
    assert_true(choices >= 2);
    DeckStyle s = deck_style_step(STYLE_COUNT, 1);
    assert_true(deck_style_get(s)->ceki_choice);
    for (int k = 0; k < choices; k++) {
        DeckStyle next = deck_style_step(s, 1);
        assert_true(deck_style_get(next)->ceki_choice);
        assert_int_equal(deck_style_step(next, -1), s);
        s = next;
    }
    assert_int_equal(s, deck_style_step(STYLE_COUNT, 1)); /* round and round */
    assert_false(deck_style_get(STYLE_FRENCH)->ceki_choice);
    assert_int_equal(variant_style(variant_get(VARIANT_KINGS), STYLE_CEKI), STYLE_FRENCH);
    assert_int_equal(variant_style(variant_get(VARIANT_PEI), STYLE_WESTERN_CLUBS),
                     STYLE_WESTERN_CLUBS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_card_round_trips),
        cmocka_unit_test(test_ceki_properties),
        cmocka_unit_test(test_french_properties),
        cmocka_unit_test(test_bad_cards_are_refused),
        cmocka_unit_test(test_card_lists),
        cmocka_unit_test(test_rng_is_fixed_across_machines),
        cmocka_unit_test(test_move_text),
        cmocka_unit_test(test_variant_table),
        cmocka_unit_test(test_deck_style_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
