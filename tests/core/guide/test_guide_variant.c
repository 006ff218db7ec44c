/* The guide's variant (src/README.md, "Adding a variant"), built into its own
 * copy of the core with CEKI_GUIDE_VARIANT: one descriptor in variant.c and
 * one scoring function in score.c, and nothing else, make a game that the
 * engine deals, plays to the end, scores and records like any other. */
#include "../test_util.h"

#include "game_internal.h"
#include "record.h"
#include "rng.h"
#include "score.h"
#include "variant.h"

/* Every card of the deck is somewhere, once. */
static void check_cards(const Game *g)
{
    int expect[CARD_KIND_LIMIT] = {0}, have[CARD_KIND_LIMIT] = {0};
    Card deck[CEKI_MAX_DECK];
    int n = variant_build_deck(g->v, g->n, deck);
    for (int i = 0; i < n; i++)
        expect[deck[i]]++;
    for (int s = 0; s < g->n; s++) {
        for (int i = 0; i < g->hand_n[s]; i++)
            have[g->hand[s][i]]++;
        for (int i = 0; i < g->captured_n[s]; i++)
            have[g->captured[s][i]]++;
    }
    for (int i = 0; i < g->pool_n; i++)
        have[g->pool[i]]++;
    for (int i = 0; i < g->stock_n; i++)
        have[g->stock[i]]++;
    for (int i = 0; i < g->aside_n; i++)
        have[g->aside[i]]++;
    if (g->phase == PHASE_STOCK_TAKE && g->turned != CARD_NONE)
        have[g->turned]++;
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        assert_int_equal(have[k], expect[k]);
}

static void test_the_descriptor_is_found(void **state)
{
    (void)state;
    const VariantDesc *v = variant_find("guide-pairs");
    assert_non_null(v);
    assert_int_equal(v->id, VARIANT_GUIDE);
    assert_true(variant_players_ok(v, 2));
    assert_false(variant_players_ok(v, 3));
    assert_int_equal(variant_deck_size(v, 2), 60);
    GameConfig cfg = game_config_default(VARIANT_GUIDE, 7);
    assert_int_equal(cfg.players, 2);
    assert_int_equal(game_config_check(&cfg), CEKI_OK);
}

/* Its scoring function, through the one entry every caller uses. */
static void test_its_scoring_rule(void **state)
{
    (void)state;
    Card pile[8];
    size_t n = tu_cards("C5 C5 S5 M5 M5 OT RF WF", pile, 8);
    ScoreBreakdown *bd = malloc(sizeof *bd);
    assert_non_null(bd);
    /* C5 C5 and M5 M5: two identical pairs (4); S5 has no partner of its rank
     * left; OT, RF, WF are rank 1: one same-rank pair (1), one left over. */
    assert_int_equal(score_pile(VARIANT_GUIDE, 0, pile, (int)n, bd), 5);
    assert_int_equal(bd->total, 5);
    int sum = 0, cards = 0;
    for (int i = 0; i < bd->ngroups; i++) {
        sum += bd->groups[i].points;
        cards += bd->groups[i].ncards;
    }
    assert_int_equal(sum, 5);
    assert_int_equal(cards, 8);
    assert_int_equal(score_pile(VARIANT_GUIDE, 0, pile, 0, NULL), 0);
    free(bd);
}

/* Random matches to the end: every move legal, no card lost, the scores
 * those of the scoring rule, and the record replays to the same game. */
static void test_it_plays_to_the_end(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2026);
    for (int m = 0; m < 200; m++) {
        GameConfig cfg = game_config_default(VARIANT_GUIDE, 100 + (uint64_t)m);
        CekiStatus st;
        Game *g = game_create(&cfg, &st);
        assert_non_null(g);
        int moves = 0;
        while (!game_match_over(g)) {
            Move legal[GAME_MAX_MOVES];
            int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
            assert_true(n > 0);
            assert_int_equal(game_apply(g, &legal[rng_below(&rng, (uint32_t)n)]), CEKI_OK);
            check_cards(g);
            assert_true(++moves < 2000);
        }
        for (int s = 0; s < g->n; s++) {
            assert_int_equal(game_round_score(g, s),
                             score_pile(VARIANT_GUIDE, 0, g->captured[s], g->captured_n[s], NULL));
        }
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_int_equal(record_write(g, f), CEKI_OK);
        long end = ftell(f);
        assert_true(end > 0);
        size_t len = (size_t)end;
        rewind(f);
        char *text = malloc(len);
        assert_non_null(text);
        assert_int_equal(fread(text, 1, len, f), len);
        fclose(f);
        Game *again = NULL;
        char err[200];
        assert_int_equal(record_read_text(text, len, &again, err, sizeof err), CEKI_OK);
        assert_true(game_match_over(again));
        for (int s = 0; s < g->n; s++)
            assert_int_equal(game_round_score(again, s), game_round_score(g, s));
        free(text);
        game_destroy(again);
        game_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_descriptor_is_found),
        cmocka_unit_test(test_its_scoring_rule),
        cmocka_unit_test(test_it_plays_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
