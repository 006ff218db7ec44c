/* Scenario tests for every fishing variant: deals, legal moves in set
 * positions, scoring rules, the end of a round and the match. */
#include "test_util.h"

#include "game_internal.h" /* white-box: set the stock order for stock tests */
#include "score.h"
#include "variant.h"

static Game *new_game(VariantId v, int players, uint64_t seed)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players)
        cfg.players = players;
    CekiStatus st = CEKI_OK;
    Game *g = game_create(&cfg, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(g);
    return g;
}

static void assert_deal(VariantId v, int players, int hand, int pool, int stock, int aside)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        Game *g = new_game(v, players, seed);
        Observation *o = malloc(sizeof *o);
        assert_non_null(o);
        assert_int_equal(game_observe(g, 0, o), CEKI_OK);
        for (int s = 0; s < players; s++)
            assert_int_equal(o->hand_count[s], hand);
        if (v != VARIANT_KINGS) /* Kings' dealer may have taken pairs */
            assert_int_equal(o->pool_count, pool);
        assert_int_equal(o->stock_count + (v == VARIANT_KINGS ? o->pool_count : 0),
                         stock + (v == VARIANT_KINGS ? pool : 0) -
                             (v == VARIANT_KINGS ? o->captured_count[o->dealer] : 0));
        assert_int_equal(o->set_aside_count, aside);
        free(o);
        game_destroy(g);
    }
}

/* ---- deals ---- */

static void test_deals(void **state)
{
    (void)state;
    assert_deal(VARIANT_THOTHIT, 3, 7, 18, 21, 0);
    assert_deal(VARIANT_THOTHIT_CHINESE, 3, 7, 18, 21, 0);
    assert_deal(VARIANT_THOTHIT_SACKSON, 2, 11, 18, 0, 20);
    assert_deal(VARIANT_THOTHIT_SACKSON, 3, 7, 18, 0, 21);
    assert_deal(VARIANT_THOTHIT_SACKSON, 6, 7, 18, 0, 0);
    assert_deal(VARIANT_ENTHIT, 3, 14, 12, 66, 0);
    assert_deal(VARIANT_THOTHIT_KUNA, 4, 20, 80, 80, 0);
    assert_deal(VARIANT_THOTHIT_KUNA, 6, 20, 120, 120, 0);
    assert_deal(VARIANT_THOTHIT_YOGYAKARTA, 3, 0, 0, 60, 0);
    assert_deal(VARIANT_THIT_THIT_DULIT, 2, 0, 0, 60, 0);
    assert_deal(VARIANT_KINGS, 4, 0, 4, 44, 0);
    assert_deal(VARIANT_TOTIT, 2, 11, 18, 0, 20);
    assert_deal(VARIANT_TOTIT, 5, 7, 18, 0, 7);
    assert_deal(VARIANT_TOTIT_DENEXA, 4, 7, 18, 0, 14);
}

static void test_player_counts(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT_KUNA, 1);
    assert_int_equal(cfg.players, 4);
    cfg.players = 5;
    CekiStatus st = CEKI_OK;
    assert_null(game_create(&cfg, &st));
    assert_int_equal(st, CEKI_ERR_ARG);
    cfg = game_config_default(VARIANT_THOTHIT, 1);
    cfg.players = 4;
    assert_null(game_create(&cfg, &st));
    cfg = game_config_default(VARIANT_THIT_THIT_DULIT, 1);
    assert_int_equal(cfg.players, 2);
    cfg.options = OPTION_ADVANCED; /* not an option of this variant */
    assert_null(game_create(&cfg, &st));
    assert_int_equal(st, CEKI_ERR_UNSUPPORTED);
    cfg = game_config_default(VARIANT_THOTHIT, 1);
    cfg.stakes = STAKES_WUDON; /* stakes are Pèi's */
    assert_null(game_create(&cfg, &st));
    game_destroy(NULL);
}

/* ---- legal moves in set positions ---- */

static void test_thothit_compulsory_capture(void **state)
{
    (void)state;
    /* A card with a match must capture; a card without one is trailed. */
    tu_assert_moves(VARIANT_THOTHIT, 3, "C4 S7", "S4 M4 C9", false, "C4xM4 C4xS4 S7-");
    /* Every honour and every 1 is one rank. */
    tu_assert_moves(VARIANT_THOTHIT, 3, "WF", "C1 OT S2", false, "WFxC1 WFxOT");
    /* One line per distinct move even with two copies in hand. */
    tu_assert_moves(VARIANT_THOTHIT, 3, "C4 C4", "S4", false, "C4xS4");
}

static void test_first_turn_identical_only(void **state)
{
    (void)state;
    /* First turn: only the identical twin counts as a match. */
    tu_assert_moves(VARIANT_THOTHIT, 3, "C4 S7", "S4 C4 M7", true, "C4xC4 S7-");
    tu_assert_moves(VARIANT_THOTHIT, 3, "C4 S7", "S4 C4 M7", false, "C4xC4 C4xS4 S7xM7");
    tu_assert_moves(VARIANT_ENTHIT, 3, "OT", "WF C1", true, "OT-");
    tu_assert_moves(VARIANT_TOTIT, 3, "OT", "WF OT", true, "OTxOT");
    tu_assert_moves(VARIANT_THOTHIT_SACKSON, 4, "M2", "C2 S2", true, "M2-");
    /* Kuna and Pèi have no first-turn restriction. */
    tu_assert_moves(VARIANT_THOTHIT_KUNA, 4, "C4", "S4", true, "C4xS4");
    tu_assert_moves(VARIANT_PEI, 3, "C4", "S4", true, "C4xS4");
}

static void test_chinese_forfeit(void **state)
{
    (void)state;
    /* Taking from an identical pair while an odd card of its rank lies in
     * the pool is legal but forfeits the win. */
    tu_assert_moves(VARIANT_THOTHIT_CHINESE, 3, "M4", "C4 C4 S4", false, "M4xC4! M4xS4");
    tu_assert_moves(VARIANT_THOTHIT_CHINESE, 3, "C1", "OT OT WF", false, "C1xOT! C1xWF");
    /* A pair alone is safe. */
    tu_assert_moves(VARIANT_THOTHIT_CHINESE, 3, "M4", "C4 C4", false, "M4xC4");
    /* The plain game has no such rule. */
    tu_assert_moves(VARIANT_THOTHIT, 3, "M4", "C4 C4 S4", false, "M4xC4 M4xS4");

    /* Forfeiting is recorded, and a forfeiting player cannot win. */
    Game *g = tu_position(VARIANT_THOTHIT_CHINESE, 3, "M4 S9", "C4 C4 S4", false);
    Move m;
    assert_int_equal(move_parse("M4xC4", 0, &m), CEKI_OK);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    assert_int_equal(tu_count_events(g, EV_FORFEIT), 1);
    Observation *o = malloc(sizeof *o);
    game_observe(g, 1, o);
    assert_true(o->forfeited[0]);
    assert_true(o->captured_visible[0]); /* Chinese piles are face up */
    assert_int_equal(o->captured_count[0], 2);
    free(o);
    game_destroy(g);
}

static void test_totit_capture_order(void **state)
{
    (void)state;
    /* Another suit first ... */
    tu_assert_moves(VARIANT_TOTIT, 3, "C4", "S4 C4", false, "C4xS4");
    tu_assert_moves(VARIANT_TOTIT, 3, "C1", "C1 OT", false, "C1xOT");
    tu_assert_moves(VARIANT_TOTIT, 3, "OT", "C1 WF OT", false, "OTxC1");
    /* ... then the same suit but not identical (only honours can) ... */
    tu_assert_moves(VARIANT_TOTIT, 3, "OT", "WF OT", false, "OTxWF");
    /* ... and the identical twin last. */
    tu_assert_moves(VARIANT_TOTIT, 3, "C4", "C4 C7", false, "C4xC4");
    /* Choices within a tier stay open. */
    tu_assert_moves(VARIANT_TOTIT, 3, "C4", "S4 M4 C4", false, "C4xM4 C4xS4");
}

static void test_denexa_rules(void **state)
{
    (void)state;
    /* A player who can capture must: C7 may not be trailed. */
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "C4 C7", "S4 M9", false, "C4xS4");
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "C4 C7", "S5 M9", false, "C4- C7-");
    /* The odd card goes before the pair. */
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "M4", "C4 C4 S4", false, "M4xS4");
    /* Decision: for rank 1 "other" means not identical (WF beside OT OT). */
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "C1", "OT OT WF", false, "C1xWF");
    /* Decision: two pairs of one rank hold each other back; then either may go. */
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "M4", "C4 C4 S4 S4", false, "M4xC4 M4xS4");
    /* First turn: identical only, and still compulsory. */
    tu_assert_moves(VARIANT_TOTIT_DENEXA, 3, "C4 C7", "S4 C7", true, "C7xC7");
}

static void test_identical_only_and_kings_have_no_hand(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_KINGS, 1);
    Card h[1] = {0};
    CekiStatus st = CEKI_OK;
    assert_null(game_create_position(&cfg, h, 1, h, 0, false, &st));
    assert_int_equal(st, CEKI_ERR_UNSUPPORTED);
    /* More copies than the deck holds: impossible. */
    cfg = game_config_default(VARIANT_THOTHIT, 1);
    Card three[3] = {CARD_OT, CARD_OT, CARD_OT};
    assert_null(game_create_position(&cfg, three, 1, three + 1, 2, false, &st));
    assert_int_equal(st, CEKI_ERR_IMPOSSIBLE);
    /* A French card is not in a Ceki deck. */
    Card fr[1];
    tu_cards("QH", fr, 1);
    assert_null(game_create_position(&cfg, fr, 1, NULL, 0, false, &st));
    assert_int_equal(st, CEKI_ERR_IMPOSSIBLE);
}

static void test_illegal_moves_refused_unchanged(void **state)
{
    (void)state;
    Game *g = tu_position(VARIANT_THOTHIT, 3, "C4 S7", "S4 M9", false);
    Game *before = game_clone(g, true);
    const char *bad[] = {"C4-", "S7xS4", "M9xS4", "C4xM9", "turn", "take:S4", "next", "pass"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Move m;
        assert_int_equal(move_parse(bad[i], 0, &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_ERR_ILLEGAL);
        assert_true(strlen(game_explain_illegal(g, &m)) > 10);
        assert_int_equal(memcmp(g->hand, before->hand, sizeof g->hand), 0);
        assert_int_equal(memcmp(g->pool, before->pool, sizeof g->pool), 0);
        assert_int_equal(g->pool_n, before->pool_n);
        assert_int_equal(g->phase, before->phase);
    }
    Move m;
    move_parse("C4xS4", 1, &m); /* not seat 1's turn */
    assert_int_equal(game_apply(g, &m), CEKI_ERR_ILLEGAL);
    assert_string_equal(game_explain_illegal(g, &m), "It is not that player's turn.");
    move_parse("C4-", 0, &m);
    assert_string_equal(game_explain_illegal(g, &m),
                        "A card that can capture must capture; it cannot be laid in the pool.");
    move_parse("C4xS4", 0, &m);
    assert_string_equal(game_explain_illegal(g, &m), "");
    assert_int_equal(game_apply(NULL, &m), CEKI_ERR_ARG);
    game_destroy(before);
    game_destroy(g);
}

/* ---- the stock phase ---- */

static void test_stock_phase_choice(void **state)
{
    (void)state;
    Game *g = tu_position(VARIANT_THOTHIT, 3, "C9", "S4 M4 C7", false);
    /* Put an S... a C4 on top of the stock (white-box). */
    for (int i = 0; i < g->stock_n; i++) {
        if (g->stock[i] == card_ceki(SUIT_COINS, 4)) {
            Card t = g->stock[g->stock_n - 1];
            g->stock[g->stock_n - 1] = g->stock[i];
            g->stock[i] = t;
            break;
        }
    }
    Move m;
    move_parse("C9-", 0, &m);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    char buf[256];
    tu_moves_text(g, buf, sizeof buf);
    assert_string_equal(buf, "turn");
    move_parse("turn", 0, &m);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    /* C4 matches S4 and M4: the player chooses. */
    tu_moves_text(g, buf, sizeof buf);
    assert_string_equal(buf, "take:M4 take:S4");
    Observation *o = malloc(sizeof *o);
    game_observe(g, 2, o);
    assert_int_equal(o->turned, card_ceki(SUIT_COINS, 4));
    assert_int_equal(o->phase, PHASE_STOCK_TAKE);
    move_parse("take:S4", 0, &m);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    game_observe(g, 0, o);
    assert_int_equal(o->captured_count[0], 2);
    assert_int_equal(o->to_move, 1);
    free(o);
    game_destroy(g);
}

static void test_stock_single_match_is_automatic(void **state)
{
    (void)state;
    Game *g = tu_position(VARIANT_THOTHIT, 3, "C9", "S4 C7", false);
    for (int i = 0; i < g->stock_n; i++) {
        if (g->stock[i] == card_ceki(SUIT_MYRIADS, 4)) {
            Card t = g->stock[g->stock_n - 1];
            g->stock[g->stock_n - 1] = g->stock[i];
            g->stock[i] = t;
        }
    }
    Move m;
    move_parse("C9-", 0, &m);
    game_apply(g, &m);
    move_parse("turn", 0, &m);
    assert_int_equal(game_apply(g, &m), CEKI_OK);
    const GameEvent *e = tu_find_event(g, EV_CAPTURED, 0);
    assert_non_null(e);
    assert_int_equal(e->card, card_ceki(SUIT_MYRIADS, 4));
    assert_int_equal(e->card2, card_ceki(SUIT_STRINGS, 4));
    assert_int_equal(game_to_move(g), 1);
    game_destroy(g);
}

/* ---- scoring ---- */

static void test_score_thothit(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "OT OT"), 20);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "OT"), 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "S9 RF"), 20);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "C4 C4"), 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "C4 S4"), 0);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "C9"), 0);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, "OT OT RF S9 S9 C4 C4 M1 M2"), 20 + 10 + 20 + 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT_CHINESE, 0, "RF RF WF WF"), 30);
    assert_int_equal(tu_score(VARIANT_THOTHIT, 0, ""), 0);
}

static void test_score_pairs(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_THOTHIT_SACKSON, 0, "C9 C9 OT OT M4 M4 S1"), 3);
    assert_int_equal(tu_score(VARIANT_THOTHIT_SACKSON, OPTION_ADVANCED, "C9 C9 OT OT M4 M4 S1"),
                     3 + 2 + 1);
    assert_int_equal(tu_score(VARIANT_THOTHIT_SACKSON, OPTION_ADVANCED, "C1 C1 WF WF"), 4);
    assert_int_equal(tu_score(VARIANT_TOTIT, 0, "C9 C9 S9 M9"), 1);
    assert_int_equal(tu_score(VARIANT_TOTIT_DENEXA, 0, "OT OT WF WF RF"), 2);
}

static void test_score_enthit(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "C4 C4 C4 C4"), 50);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "OT OT OT OT"), 100);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "OT OT OT"), 30);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "S9"), 10);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "C4 C4 C4"), 10);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "C4 C4 M4 M4"), 20);
    assert_int_equal(tu_score(VARIANT_ENTHIT, 0, "RF RF"), 20);
}

static void test_score_kuna(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "C4 C4 C4 C4"), 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "C4 C4 C4"), 5);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "C4 C4"), 0);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "C4 C4 C4 C4 C4 C4 C4"), 15);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "OT OT OT OT"), 20);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "OT OT OT"), 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "OT OT"), 1);
    /* Six red copies: four and two (21) beat three and three (20). */
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "RF RF RF RF RF RF"), 21);
    /* Five red copies: four (20) beats three and two (11). */
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "S9 S9 S9 S9 S9"), 20);
    /* Eight black: two fours (20) beat everything else. */
    assert_int_equal(tu_score(VARIANT_THOTHIT_KUNA, 0, "M2 M2 M2 M2 M2 M2 M2 M2"), 20);
}

static void test_score_yogyakarta(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_THOTHIT_YOGYAKARTA, 0, "C4 C4"), 10);
    assert_int_equal(tu_score(VARIANT_THOTHIT_YOGYAKARTA, 0, "OT OT"), 30);
    assert_int_equal(tu_score(VARIANT_THOTHIT_YOGYAKARTA, 0, "S9 C4 M4"), 10);
    assert_int_equal(tu_score(VARIANT_THIT_THIT_DULIT, 0, "RF RF S9 WF WF"), 30 + 10 + 10);
}

static void test_score_kings(void **state)
{
    (void)state;
    assert_int_equal(tu_score(VARIANT_KINGS, 0, "AS AH 10D 10C"), 4);
}

/* ---- rounds and matches ---- */

static void test_thothit_round_and_roles(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        Game *g = new_game(VARIANT_THOTHIT, 3, seed);
        /* The first raja came from the two-card ceremony: highest sum mod 10. */
        int values[3] = {-1, -1, -1};
        int n = 0;
        const GameEvent *e = game_events(g, &n);
        for (int i = 0; i < n; i++) {
            if (e[i].type == EV_CEREMONY_CARD)
                values[e[i].seat] = e[i].value; /* the last draw of each seat counts */
        }
        Observation *o = malloc(sizeof *o);
        game_observe(g, 0, o);
        int raja = o->starter;
        assert_int_equal(o->role[raja], ROLE_RAJA);
        assert_int_equal(o->role[(raja + 1) % 3], ROLE_PATIH);
        assert_int_equal(o->role[(raja + 2) % 3], ROLE_UNYIK);
        assert_int_equal(o->dealer, (raja + 2) % 3);
        for (int s = 0; s < 3; s++)
            assert_true(values[raja] >= values[s]);
        /* Seven turns each: every turn is a hand card then a stock card. */
        int plays = 0, turns = 0;
        while (!game_round_over(g)) {
            Move m;
            game_legal_moves(g, &m, 1);
            plays += m.type == MOVE_PLAY;
            turns += m.type == MOVE_TURN;
            game_apply(g, &m);
        }
        assert_int_equal(plays, 21);
        assert_int_equal(turns, 21);
        game_observe(g, 0, o);
        assert_int_equal(o->stock_count, 0);
        for (int s = 0; s < 3; s++)
            assert_int_equal(o->hand_count[s], 0);
        /* The next raja is counted by the unyik's card. */
        Move next = {.type = MOVE_NEXT_ROUND,
                     .seat = (uint8_t)game_to_move(g),
                     .card = CARD_NONE,
                     .target = CARD_NONE};
        assert_int_equal(game_apply(g, &next), CEKI_OK);
        const GameEvent *draw = tu_find_event(g, EV_CEREMONY_CARD, 0);
        assert_non_null(draw);
        assert_int_equal(draw->seat, (raja + 2) % 3);
        int r = card_rank(draw->card);
        int expect = (r - 1) % 3 == 0 ? raja : (r - 1) % 3 == 1 ? (raja + 1) % 3 : (raja + 2) % 3;
        game_observe(g, 0, o);
        assert_int_equal(o->starter, expect);
        assert_int_equal(o->role[expect], ROLE_RAJA);
        free(o);
        game_destroy(g);
    }
}

static void test_round_scores_and_winners(void **state)
{
    (void)state;
    Game *g = new_game(VARIANT_THOTHIT, 3, 7);
    tu_play_round_first(g);
    Observation *o = malloc(sizeof *o);
    game_observe(g, 0, o);
    assert_int_equal(o->phase, PHASE_ROUND_OVER);
    int best = 0;
    for (int s = 0; s < 3; s++) {
        ScoreBreakdown *b = malloc(sizeof *b);
        game_score_seat(g, s, b);
        assert_int_equal(b->total, o->round_score[s]);
        free(b);
        best = o->round_score[s] > best ? o->round_score[s] : best;
    }
    for (int s = 0; s < 3; s++)
        assert_int_equal(o->round_winner[s], o->round_score[s] == best);
    assert_int_equal(tu_count_events(g, EV_ROUND_SCORED), 3);
    free(o);
    game_destroy(g);
}

static void play_match(Game *g, int *rounds)
{
    *rounds = 0;
    while (!game_match_over(g)) {
        tu_play_round_first(g);
        (*rounds)++;
        if (!game_match_over(g)) {
            Move m;
            game_legal_moves(g, &m, 1);
            assert_int_equal(m.type, MOVE_NEXT_ROUND);
            game_apply(g, &m);
        }
    }
    assert_int_equal(game_to_move(g), -1);
    Move none[1];
    assert_int_equal(game_legal_moves(g, none, 1), 0);
}

static void test_match_lengths(void **state)
{
    (void)state;
    int rounds = 0;
    Game *g = new_game(VARIANT_THOTHIT, 3, 3);
    play_match(g, &rounds);
    assert_int_equal(rounds, 3); /* Decision: three rounds by default */
    game_destroy(g);

    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 3);
    cfg.rounds = 5;
    g = game_create(&cfg, NULL);
    play_match(g, &rounds);
    assert_int_equal(rounds, 5);
    game_destroy(g);

    /* Every player deals once, clockwise. */
    g = new_game(VARIANT_THOTHIT_SACKSON, 4, 3);
    int dealers[8], nd = 0;
    Observation *o = malloc(sizeof *o);
    while (!game_match_over(g)) {
        game_observe(g, 0, o);
        dealers[nd++] = o->dealer;
        assert_int_equal(o->starter, (o->dealer + 1) % 4);
        tu_play_round_first(g);
        if (!game_match_over(g)) {
            Move m;
            game_legal_moves(g, &m, 1);
            game_apply(g, &m);
        }
    }
    assert_int_equal(nd, 4);
    for (int i = 0; i < 4; i++)
        assert_int_equal(dealers[i], (3 + i) % 4);
    /* Match winners hold the highest total. */
    game_observe(g, 0, o);
    int best = 0;
    for (int s = 0; s < 4; s++)
        best = o->match_score[s] > best ? o->match_score[s] : best;
    for (int s = 0; s < 4; s++)
        assert_int_equal(o->match_winner[s], o->match_score[s] == best);
    free(o);
    game_destroy(g);

    /* Totit (CatsAtCards) plays on while the top is tied. */
    for (uint64_t seed = 1; seed <= 40; seed++) {
        g = new_game(VARIANT_TOTIT, 3, seed);
        play_match(g, &rounds);
        assert_true(rounds >= 3);
        Observation *p = malloc(sizeof *p);
        game_observe(g, 0, p);
        int winners = 0;
        for (int s = 0; s < 3; s++)
            winners += p->match_winner[s];
        assert_int_equal(winners, 1);
        free(p);
        game_destroy(g);
    }
}

static void test_enthit_stock_only_turns(void **state)
{
    (void)state;
    Game *g = new_game(VARIANT_ENTHIT, 3, 11);
    int plays = 0, turns = 0;
    while (!game_round_over(g)) {
        Move m;
        game_legal_moves(g, &m, 1);
        plays += m.type == MOVE_PLAY;
        turns += m.type == MOVE_TURN;
        game_apply(g, &m);
    }
    /* 42 hand cards, 66 stock cards: 24 turns are stock-only. */
    assert_int_equal(plays, 42);
    assert_int_equal(turns, 66);
    game_destroy(g);
}

static void test_yogyakarta_watch_mode(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        VariantId v = seed % 2 ? VARIANT_THOTHIT_YOGYAKARTA : VARIANT_THIT_THIT_DULIT;
        Game *g = new_game(v, 0, seed);
        const GameEvent *draw = tu_find_event(g, EV_CEREMONY_CARD, 0);
        assert_non_null(draw);
        assert_int_equal(draw->seat, 0);
        int n = game_players(g);
        assert_int_equal(game_to_move(g), (card_rank(draw->card) - 1) % n);
        while (!game_round_over(g)) {
            Move m[4];
            assert_int_equal(game_legal_moves(g, m, 4), 1); /* nothing to decide */
            assert_int_equal(m[0].type, MOVE_TURN);
            game_apply(g, &m[0]);
            /* The pool never holds two cards that match each other. */
            for (int i = 0; i < g->pool_n; i++) {
                for (int j = i + 1; j < g->pool_n; j++) {
                    if (v == VARIANT_THIT_THIT_DULIT)
                        assert_int_not_equal(g->pool[i], g->pool[j]);
                    else
                        assert_int_not_equal(card_rank(g->pool[i]), card_rank(g->pool[j]));
                }
            }
        }
        assert_int_equal(g->pool_n, 0); /* the round ends with an empty pool */
        /* The last winner starts the next round. */
        int starter = g->starter;
        int expect = -1;
        for (int i = 1; i <= n && expect < 0; i++) {
            if (g->round_winner[(starter + i) % n])
                expect = (starter + i) % n;
        }
        Move m;
        game_legal_moves(g, &m, 1);
        game_apply(g, &m);
        assert_int_equal(game_to_move(g), expect);
        game_destroy(g);
    }
}

static void test_kings(void **state)
{
    (void)state;
    int cuts = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        Game *g = new_game(VARIANT_KINGS, 2 + (int)(seed % 5), seed);
        int n = game_players(g);
        /* After the deal the pool holds no pair. */
        for (int i = 0; i < g->pool_n; i++) {
            for (int j = i + 1; j < g->pool_n; j++)
                assert_int_not_equal(card_rank(g->pool[i]), card_rank(g->pool[j]));
        }
        int kings = 0, rounds = 0;
        while (!game_match_over(g)) {
            while (!game_round_over(g)) {
                Move m;
                assert_int_equal(game_legal_moves(g, &m, 1), 1);
                assert_int_equal(m.type, MOVE_TURN);
                game_apply(g, &m);
                for (int i = 0; i < g->pool_n; i++) {
                    for (int j = i + 1; j < g->pool_n; j++)
                        assert_int_not_equal(card_rank(g->pool[i]), card_rank(g->pool[j]));
                }
            }
            rounds++;
            kings += tu_count_events(g, EV_KING_WON);
            cuts += tu_count_events(g, EV_CUT) > 0;
            /* The King goes to the player with the most captured cards. */
            const GameEvent *won = tu_find_event(g, EV_KING_WON, 0);
            assert_non_null(won);
            for (int s = 0; s < n; s++)
                assert_true(g->captured_n[won->seat] >= g->captured_n[s]);
            assert_int_equal(card_rank(won->card), 13);
            if (!game_match_over(g)) {
                Move m;
                game_legal_moves(g, &m, 1);
                game_apply(g, &m);
            }
        }
        assert_int_equal(kings, 4);
        assert_int_equal(rounds, 4);
        int total = 0;
        for (int s = 0; s < n; s++)
            total += g->match_score[s];
        assert_int_equal(total, 4);
        game_destroy(g);
    }
    assert_true(cuts > 0); /* ties happen and are cut */
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        if (variant_get((VariantId)v)->engine != ENGINE_FISHING)
            continue;
        Game *a = new_game((VariantId)v, 0, 1234);
        Game *b = new_game((VariantId)v, 0, 1234);
        tu_play_round_first(a);
        tu_play_round_first(b);
        Observation *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
        game_observe(a, 0, oa);
        game_observe(b, 0, ob);
        assert_int_equal(memcmp(oa, ob, sizeof *oa), 0);
        free(oa);
        free(ob);
        game_destroy(a);
        game_destroy(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deals),
        cmocka_unit_test(test_player_counts),
        cmocka_unit_test(test_thothit_compulsory_capture),
        cmocka_unit_test(test_first_turn_identical_only),
        cmocka_unit_test(test_chinese_forfeit),
        cmocka_unit_test(test_totit_capture_order),
        cmocka_unit_test(test_denexa_rules),
        cmocka_unit_test(test_identical_only_and_kings_have_no_hand),
        cmocka_unit_test(test_illegal_moves_refused_unchanged),
        cmocka_unit_test(test_stock_phase_choice),
        cmocka_unit_test(test_stock_single_match_is_automatic),
        cmocka_unit_test(test_score_thothit),
        cmocka_unit_test(test_score_pairs),
        cmocka_unit_test(test_score_enthit),
        cmocka_unit_test(test_score_kuna),
        cmocka_unit_test(test_score_yogyakarta),
        cmocka_unit_test(test_score_kings),
        cmocka_unit_test(test_thothit_round_and_roles),
        cmocka_unit_test(test_round_scores_and_winners),
        cmocka_unit_test(test_match_lengths),
        cmocka_unit_test(test_enthit_stock_only_turns),
        cmocka_unit_test(test_yogyakarta_watch_mode),
        cmocka_unit_test(test_kings),
        cmocka_unit_test(test_same_seed_same_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
