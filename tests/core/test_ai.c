/* The computer players: legal moves only, no hidden information, sensible
 * choices in set positions, determinism. Budgets are iterations, never
 * time, so the results do not depend on the machine. */
#include "test_util.h"

#include <math.h>

#include "ai.h"
#include "ai_internal.h"
#include "game_internal.h"
#include "kowah.h"
#include "rng.h"

/* ---- the evaluations agree with the rules ------------------------------- */

static void test_pile_score_matches_score_counts(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        if (v == VARIANT_KOWAH)
            continue;
        const VariantDesc *d = variant_get((VariantId)v);
        uint32_t opts[2] = {0, d->options & OPTION_ADVANCED};
        for (int o = 0; o < 2; o++) {
            for (int trial = 0; trial < 3000; trial++) {
                uint8_t counts[CARD_KIND_LIMIT] = {0};
                int max = trial % 3 == 0 ? 2 : trial % 3 == 1 ? 4 : 12;
                int cards = (int)rng_below(&rng, 80);
                for (int i = 0; i < cards; i++) {
                    Card k = v == VARIANT_KINGS
                                 ? (Card)(CARD_FRENCH_FIRST + rng_below(&rng, CARD_FRENCH_KINDS))
                                 : (Card)rng_below(&rng, CARD_CEKI_KINDS);
                    if (counts[k] < max)
                        counts[k]++;
                }
                int want = score_counts((VariantId)v, opts[o], counts, NULL);
                int got = ai_pile_score((VariantId)v, opts[o], counts);
                if (want != got) {
                    print_error("variant %s trial %d: score_counts %d, ai %d\n", d->key, trial,
                                want, got);
                    fail();
                }
                /* A capture's gain is the difference of the two scores. */
                Card a = (Card)rng_below(&rng, CARD_CEKI_KINDS);
                Card b = (Card)rng_below(&rng, CARD_CEKI_KINDS);
                if (v == VARIANT_KINGS) {
                    a = (Card)(a + CARD_FRENCH_FIRST);
                    b = (Card)(b + CARD_FRENCH_FIRST);
                }
                int gain = ai_capture_gain((VariantId)v, opts[o], counts, got, a, b);
                counts[a]++;
                counts[b]++;
                assert_int_equal(gain, score_counts((VariantId)v, opts[o], counts, NULL) - want);
            }
        }
    }
}

static void test_kowah_shape(void **state)
{
    (void)state;
    uint8_t c[CARD_CEKI_KINDS] = {0};
    Card hand[8];
    /* A: C4 S4 M4, C7 C7 M7, pair RF RF. */
    tu_cards("C4 S4 M4 C7 C7 M7 RF RF", hand, 8);
    for (int i = 0; i < 8; i++)
        c[hand[i]]++;
    assert_int_equal(ai_kowah_missing(c), 0);
    c[CARD_RF]--;
    c[CARD_C1]++;
    assert_int_equal(ai_kowah_missing(c), 1);
    /* B: S2 S2 M2 M2 C2 and three 6s. */
    memset(c, 0, sizeof c);
    tu_cards("S2 S2 M2 M2 C2 C6 S6 M6", hand, 8);
    for (int i = 0; i < 8; i++)
        c[hand[i]]++;
    assert_int_equal(ai_kowah_missing(c), 0);
    /* Eight different ranks: far from checki. */
    memset(c, 0, sizeof c);
    tu_cards("C1 C2 C3 C4 C5 C6 C7 C8", hand, 8);
    for (int i = 0; i < 8; i++)
        c[hand[i]]++;
    assert_true(ai_kowah_missing(c) >= 5);
}

/* ---- every level plays only legal moves, in every variant ---------------- */

static void play_rounds(VariantId v, int players, const AiLevel *levels, uint64_t seed, int rounds)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players)
        cfg.players = players;
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    for (int s = 0; s < cfg.players; s++) {
        ai[s] = ai_create(levels[s % 3], seed + (uint64_t)s);
        assert_non_null(ai[s]);
        ai_set_budget_iterations(ai[s], 24);
    }
    int guard = 0;
    while (!game_match_over(g) && game_round_number(g) <= rounds) {
        int seat = game_to_move(g);
        Move m = {0};
        assert_int_equal(ai_choose(ai[seat], g, seat, &m), CEKI_OK);
        assert_int_equal(m.seat, seat);
        if (!game_is_legal(g, &m)) {
            char t[MOVE_TEXT_MAX];
            print_error("%s: %s chose the illegal move %s\n", game_variant(g)->key,
                        ai_level_key(ai_level(ai[seat])), move_format(&m, t));
            fail();
        }
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        assert_true(++guard < 100000);
    }
    for (int s = 0; s < cfg.players; s++)
        ai_destroy(ai[s]);
    game_destroy(g);
}

static void test_legal_moves_every_variant(void **state)
{
    (void)state;
    const AiLevel mix[3] = {AI_STRONG, AI_GREEDY, AI_RANDOM};
    const AiLevel mix2[3] = {AI_GREEDY, AI_RANDOM, AI_STRONG};
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get((VariantId)v);
        int rounds = v == VARIANT_THOTHIT_KUNA ? 1 : 2;
        play_rounds((VariantId)v, 0, mix, 100u + (uint64_t)v, rounds);
        play_rounds((VariantId)v, d->max_players, mix2, 200u + (uint64_t)v, 1);
        if (d->min_players < 3)
            play_rounds((VariantId)v, d->min_players, mix2, 300u + (uint64_t)v, 1);
    }
    /* Whole matches of the quicker games, greedy against strong. */
    play_rounds(VARIANT_THOTHIT, 0, mix, 7, 1000);
    play_rounds(VARIANT_TOTIT_DENEXA, 4, mix2, 8, 1000);
    play_rounds(VARIANT_KOWAH, 3, mix, 9, 1000);
}

/* ---- set positions --------------------------------------------------------- */

static Move choose_in(AiLevel level, VariantId v, int players, const char *hand, const char *pool,
                      bool first_turn, uint64_t seed, long iterations)
{
    Game *g = tu_position(v, players, hand, pool, first_turn);
    AiPlayer *ai = ai_create(level, seed);
    assert_non_null(ai);
    ai_set_budget_iterations(ai, iterations);
    Move m = {0};
    assert_int_equal(ai_choose(ai, g, 0, &m), CEKI_OK);
    assert_true(game_is_legal(g, &m));
    ai_destroy(ai);
    game_destroy(g);
    return m;
}

static void assert_move(const Move *m, const char *want)
{
    char t[MOVE_TEXT_MAX];
    move_format(m, t);
    if (strcmp(t, want) != 0) {
        print_error("expected %s, got %s\n", want, t);
        fail();
    }
}

static void test_greedy_takes_the_best_capture(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        /* Thothit: a red-stamped pair beats a black nothing. */
        Move m =
            choose_in(AI_GREEDY, VARIANT_THOTHIT, 3, "OT C5 M7", "OT S5 C3 M2", false, seed, 0);
        assert_move(&m, "OTxOT");
        /* Thothit: the red single among three rank-1 targets. */
        m = choose_in(AI_GREEDY, VARIANT_THOTHIT, 3, "S1", "C1 RF M1", false, seed, 0);
        assert_move(&m, "S1xRF");
        /* Sackson: the identical pair. */
        m = choose_in(AI_GREEDY, VARIANT_THOTHIT_SACKSON, 3, "C4 S7", "S4 C4 M7", false, seed, 0);
        assert_move(&m, "C4xC4");
        /* Pèi: the coin 9 (face 9) rather than the coin 2 (face 2). */
        m = choose_in(AI_GREEDY, VARIANT_PEI, 3, "S9 S2", "C9 C2", false, seed, 0);
        assert_move(&m, "S9xC9");
        /* The strong player finds them too. */
        m = choose_in(AI_STRONG, VARIANT_THOTHIT, 3, "OT C5 M7", "OT S5 C3 M2", false, seed, 400);
        assert_move(&m, "OTxOT");
        m = choose_in(AI_STRONG, VARIANT_THOTHIT_SACKSON, 3, "C4 S7", "S4 C4 M7", false, seed, 400);
        assert_move(&m, "C4xC4");
    }
}

/* thothit-chinese: taking from an identical pair beside its odd card forfeits
 * the win; with an equivalent capture at hand, neither player does it. */
static void test_forfeit_avoided(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        Move m =
            choose_in(AI_STRONG, VARIANT_THOTHIT_CHINESE, 3, "C4", "S4 S4 M4 S8", false, seed, 400);
        assert_false(m.flags & MOVE_FLAG_FORFEIT);
        assert_move(&m, "C4xM4");
        m = choose_in(AI_GREEDY, VARIANT_THOTHIT_CHINESE, 3, "C4", "S4 S4 M4 S8", false, seed, 0);
        assert_move(&m, "C4xM4");
        /* Red-stamped: RF takes its twin (a red pair, 20) rather than an OT
         * of the pair OT OT beside that RF (two red singles, 20, forfeiting). */
        m = choose_in(AI_STRONG, VARIANT_THOTHIT_CHINESE, 3, "RF", "OT OT RF C9", false, seed, 400);
        assert_move(&m, "RFxRF");
    }
}

/* Kowah: a player who can claim a winning card claims it; a checki hand is
 * declared (it is the only way to win). */
static void test_kowah_claims_and_declares(void **state)
{
    (void)state;
    int claims = 0, declares = 0;
    for (uint64_t seed = 1; seed <= 12 && (claims < 3 || declares < 3); seed++) {
        GameConfig cfg = game_config_default(VARIANT_KOWAH, seed);
        Game *g = game_create(&cfg, NULL);
        AiPlayer *greedy = ai_create(AI_GREEDY, seed);
        AiPlayer *strong = ai_create(AI_STRONG, seed);
        ai_set_budget_iterations(strong, 40);
        while (!game_match_over(g)) {
            int seat = game_to_move(g);
            Move moves[GAME_MAX_MOVES];
            int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
            bool can_claim = false, can_declare = false;
            for (int i = 0; i < n; i++) {
                can_claim = can_claim || moves[i].type == MOVE_CLAIM;
                can_declare = can_declare || moves[i].type == MOVE_DECLARE;
            }
            Move m;
            assert_int_equal(ai_choose(greedy, g, seat, &m), CEKI_OK);
            if (can_claim || can_declare) {
                Move ms;
                assert_int_equal(ai_choose(strong, g, seat, &ms), CEKI_OK);
                int want = can_claim ? MOVE_CLAIM : MOVE_DECLARE;
                assert_int_equal(m.type, want);
                /* The strong player may keep a hand whose winning copies
                 * are all gone undeclared (test_kowah_strong_judgement). */
                if (can_claim)
                    assert_int_equal(ms.type, want);
                claims += can_claim;
                declares += can_declare;
            }
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
        ai_destroy(greedy);
        ai_destroy(strong);
        game_destroy(g);
    }
    assert_true(claims >= 1);
    assert_true(declares >= 1);
}

/* Kowah's strong judgement, checked at every one of its decisions in hands
 * against two greedy players: it never discards the kind a declared
 * opponent shows (that hands it the win), it always claims, and it
 * declares exactly when some winning copy is still live, showing a pair
 * that waits on no fewer live copies than any other it could show. Over
 * the same deals it wins more hands in seat 0 than the greedy player does
 * there (measured 36.8 % against 34.5 % over 4,000 hands). */
static int live_winning_copies(const Observation *o, Card pair)
{
    bool wins[CARD_CEKI_KINDS];
    if (!kowah_winning_kinds(o->hand, pair, wins))
        return -1;
    int live = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!wins[k])
            continue;
        int out = 4;
        for (int i = 0; i < o->hand_count[o->seat]; i++)
            out -= o->hand[i] == k;
        for (int i = 0; i < o->discard_count; i++)
            out -= o->discard[i] == k;
        for (int s = 0; s < o->players; s++)
            out -= s != o->seat ? o->history.hand[s][k] : 0;
        live += out > 0 ? out : 0;
    }
    return live;
}

static double kowah_seat0_share(AiLevel first, int hands, int *checked)
{
    double wins = 0;
    int played = 0;
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    for (uint64_t seed = 1; played < hands; seed++) {
        GameConfig cfg = game_config_default(VARIANT_KOWAH, seed);
        Game *g = game_create(&cfg, NULL);
        AiPlayer *ai[3] = {ai_create(first, seed), ai_create(AI_GREEDY, seed + 1),
                           ai_create(AI_GREEDY, seed + 2)};
        while (!game_match_over(g) && played < hands) {
            if (game_round_over(g)) {
                int nw = 0;
                for (int s = 0; s < 3; s++)
                    nw += game_round_won(g, s);
                wins += game_round_won(g, 0) ? 1.0 / nw : 0.0;
                played++;
                Move next = {.type = MOVE_NEXT_ROUND,
                             .seat = (uint8_t)game_to_move(g),
                             .card = CARD_NONE,
                             .target = CARD_NONE};
                assert_int_equal(game_apply(g, &next), CEKI_OK);
                continue;
            }
            int s = game_to_move(g);
            Move moves[GAME_MAX_MOVES], m;
            int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
            assert_int_equal(ai_choose(ai[s], g, s, &m), CEKI_OK);
            if (s == 0 && first == AI_STRONG && n > 1) {
                game_observe(g, 0, o);
                (*checked)++;
                bool can_claim = false;
                int best_live = 0;
                for (int i = 0; i < n; i++) {
                    can_claim = can_claim || moves[i].type == MOVE_CLAIM;
                    if (moves[i].type == MOVE_DECLARE) {
                        int live = live_winning_copies(o, moves[i].card);
                        best_live = live > best_live ? live : best_live;
                    }
                }
                if (can_claim)
                    assert_int_equal(m.type, MOVE_CLAIM);
                if (m.type == MOVE_DISCARD) {
                    for (int t = 1; t < 3; t++)
                        assert_int_not_equal(m.card, o->exposed[t]);
                }
                if (o->phase == PHASE_DECLARE) {
                    assert_int_equal(m.type, best_live > 0 ? MOVE_DECLARE : MOVE_PASS);
                    if (m.type == MOVE_DECLARE)
                        assert_int_equal(live_winning_copies(o, m.card), best_live);
                }
            }
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
        for (int s = 0; s < 3; s++)
            ai_destroy(ai[s]);
        game_destroy(g);
    }
    free(o);
    return wins / played;
}

static void test_kowah_strong_judgement(void **state)
{
    (void)state;
    int checked = 0, none = 0;
    double strong = kowah_seat0_share(AI_STRONG, 1500, &checked);
    double greedy = kowah_seat0_share(AI_GREEDY, 1500, &none);
    assert_true(checked > 10000);
    assert_true(strong > greedy);
}

/* Kowah's strong player with an iteration budget: two players with the same
 * seed pick the same move at every decision of seat 0, the move is one of
 * the listed moves, a winning card is always claimed and the kind a declared
 * opponent shows is never discarded. */
static void test_kowah_strong_deterministic(void **state)
{
    (void)state;
    int decisions = 0, claims = 0;
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    for (uint64_t seed = 3; seed <= 5; seed++) {
        GameConfig cfg = game_config_default(VARIANT_KOWAH, seed);
        Game *g = game_create(&cfg, NULL);
        AiPlayer *a = ai_create(AI_STRONG, seed), *b = ai_create(AI_STRONG, seed);
        AiPlayer *others[2] = {ai_create(AI_GREEDY, seed + 1), ai_create(AI_GREEDY, seed + 2)};
        ai_set_budget_iterations(a, 60);
        ai_set_budget_iterations(b, 60);
        while (!game_match_over(g)) {
            int seat = game_to_move(g);
            Move moves[GAME_MAX_MOVES], m;
            int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
            if (game_round_over(g) || seat != 0) {
                AiPlayer *ai = game_round_over(g) ? a : others[seat == 0 ? 0 : seat - 1];
                assert_int_equal(ai_choose(ai, g, seat, &m), CEKI_OK);
                assert_int_equal(game_apply(g, &m), CEKI_OK);
                continue;
            }
            Move m2;
            assert_int_equal(ai_choose(a, g, 0, &m), CEKI_OK);
            assert_int_equal(ai_choose(b, g, 0, &m2), CEKI_OK);
            assert_true(move_equal(&m, &m2));
            bool listed = false, can_claim = false;
            for (int i = 0; i < n; i++) {
                listed = listed || move_equal(&moves[i], &m);
                can_claim = can_claim || moves[i].type == MOVE_CLAIM;
            }
            assert_true(listed);
            if (can_claim) {
                assert_int_equal(m.type, MOVE_CLAIM);
                claims++;
            }
            game_observe(g, 0, o);
            if (m.type == MOVE_DISCARD) {
                for (int t = 1; t < 3; t++)
                    assert_int_not_equal(m.card, o->exposed[t]);
            }
            decisions++;
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
        ai_destroy(a);
        ai_destroy(b);
        ai_destroy(others[0]);
        ai_destroy(others[1]);
        game_destroy(g);
    }
    free(o);
    assert_true(decisions > 100);
    assert_true(claims >= 1);
}

/* ---- no hidden information ------------------------------------------------ */

static bool same_view(const Game *a, const Game *b, int seat)
{
    Observation *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
    assert_non_null(oa);
    assert_non_null(ob);
    game_observe(a, seat, oa);
    game_observe(b, seat, ob);
    bool same = memcmp(oa, ob, sizeof *oa) == 0;
    free(oa);
    free(ob);
    return same;
}

/* Swaps every card of the other hands with stock cards: the seat's view is
 * unchanged, so each level chooses the same move from the same seed. */
static void test_moves_ignore_hidden_cards(void **state)
{
    (void)state;
    const VariantId vs[] = {VARIANT_THOTHIT, VARIANT_PEI, VARIANT_ENTHIT, VARIANT_TOTIT,
                            VARIANT_KOWAH};
    for (size_t vi = 0; vi < sizeof vs / sizeof vs[0]; vi++) {
        GameConfig cfg = game_config_default(vs[vi], 17);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        /* A few moves in, so that piles and a pool history exist. */
        AiPlayer *walker = ai_create(AI_RANDOM, 3);
        for (int i = 0; i < 9 && !game_round_over(g); i++) {
            Move m;
            ai_choose(walker, g, game_to_move(g), &m);
            game_apply(g, &m);
        }
        ai_destroy(walker);
        int seat = game_to_move(g);
        Game *h = game_clone(g, false);
        int j = 0;
        for (int s = 0; s < h->n; s++) {
            if (s == seat || (h->v->engine == ENGINE_KOWAH && h->kowah.exposed[s] != CARD_NONE))
                continue;
            uint8_t known[CARD_KIND_LIMIT]; /* the public history puts these in the hand */
            memcpy(known, h->pub.hand[s], sizeof known);
            /* With the stock, or with the cards set aside where there is none. */
            Card *rest = h->stock_n > 0 ? h->stock : h->aside;
            int nrest = h->stock_n > 0 ? h->stock_n : h->aside_n;
            for (int i = 0; i < h->hand_n[s] && j < nrest; i++) {
                if (known[h->hand[s][i]] > 0) {
                    known[h->hand[s][i]]--;
                    continue;
                }
                Card t = h->hand[s][i];
                h->hand[s][i] = rest[nrest - 1 - j];
                rest[nrest - 1 - j] = t;
                j++;
            }
            if (h->v->engine == ENGINE_KOWAH) { /* Kowah keeps hands sorted */
                for (int a = 1; a < h->hand_n[s]; a++) {
                    for (int b = a; b > 0 && h->hand[s][b - 1] > h->hand[s][b]; b--) {
                        Card t = h->hand[s][b];
                        h->hand[s][b] = h->hand[s][b - 1];
                        h->hand[s][b - 1] = t;
                    }
                }
            }
        }
        assert_true(j > 0);
        assert_true(same_view(g, h, seat));
        for (int l = 0; l < AI_LEVEL_COUNT; l++) {
            AiPlayer *a = ai_create((AiLevel)l, 99);
            AiPlayer *b = ai_create((AiLevel)l, 99);
            ai_set_budget_iterations(a, 200);
            ai_set_budget_iterations(b, 200);
            /* Three decisions in a row from each copy. */
            Game *ga = game_clone(g, false), *gb = game_clone(h, false);
            for (int k = 0; k < 3 && !game_round_over(ga); k++) {
                int s = game_to_move(ga);
                Move ma, mb;
                assert_int_equal(ai_choose(a, ga, s, &ma), CEKI_OK);
                assert_int_equal(ai_choose(b, gb, s, &mb), CEKI_OK);
                if (!move_equal(&ma, &mb)) {
                    char ta[MOVE_TEXT_MAX], tb[MOVE_TEXT_MAX];
                    print_error("%s, %s: %s against %s\n", game_variant(g)->key,
                                ai_level_key((AiLevel)l), move_format(&ma, ta),
                                move_format(&mb, tb));
                    fail();
                }
                if (s != seat)
                    break; /* the other seats' views differ between ga and gb */
                assert_int_equal(game_apply(ga, &ma), CEKI_OK);
                assert_int_equal(game_apply(gb, &mb), CEKI_OK);
                if (game_to_move(ga) != seat || !same_view(ga, gb, seat))
                    break; /* e.g. the turned stock cards differ */
            }
            game_destroy(ga);
            game_destroy(gb);
            ai_destroy(a);
            ai_destroy(b);
        }
        game_destroy(h);
        game_destroy(g);
    }
}

/* ---- determinism, budgets, the interface ----------------------------------- */

static void test_strong_deterministic(void **state)
{
    (void)state;
    for (int rep = 0; rep < 2; rep++) {
        GameConfig cfg = game_config_default(VARIANT_THOTHIT, 23);
        Game *g1 = game_create(&cfg, NULL), *g2 = game_create(&cfg, NULL);
        AiPlayer *a = ai_create(AI_STRONG, 5), *b = ai_create(AI_STRONG, 5);
        ai_set_budget_iterations(a, 150);
        ai_set_budget_iterations(b, 150);
        while (!game_round_over(g1)) {
            int s = game_to_move(g1);
            Move m1, m2;
            assert_int_equal(ai_choose(a, g1, s, &m1), CEKI_OK);
            assert_int_equal(ai_choose(b, g2, s, &m2), CEKI_OK);
            assert_true(move_equal(&m1, &m2));
            const AiStats *st = ai_last_stats(a);
            /* the budget, rounded up to a whole sweep of the root moves */
            assert_true(st->iterations == 0 ||
                        (st->iterations >= 150 && st->iterations < 150 + GAME_MAX_MOVES));
            game_apply(g1, &m1);
            game_apply(g2, &m2);
        }
        /* The round is over: going on is forced, and no search is made. */
        Move next;
        assert_int_equal(ai_choose(a, g1, game_to_move(g1), &next), CEKI_OK);
        assert_int_equal(next.type, MOVE_NEXT_ROUND);
        assert_int_equal(ai_last_stats(a)->iterations, 0);
        ai_destroy(a);
        ai_destroy(b);
        game_destroy(g1);
        game_destroy(g2);
    }
}

/* ---- reading the others' hands ------------------------------------------- */

/* Plays rounds of `variant` with greedy players; at every decision of seat
 * 0 reads the others' hands. The reading is sound (a greedy seat never
 * holds a kind it is read not to hold) and says something; returns how
 * many kinds it ruled out in all. */
static int read_greedy_rounds(VariantId variant, uint64_t seed, int rounds)
{
    GameConfig cfg = game_config_default(variant, seed);
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    AiPlayer *reader = ai_create(AI_STRONG, 1), *greedy = ai_create(AI_GREEDY, seed);
    DealBelief *b = malloc(sizeof *b);
    Observation *o = malloc(sizeof *o);
    assert_true(reader && greedy && b && o);
    int ruled_out = 0;
    while (!game_match_over(g) && game_round_number(g) <= rounds) {
        int seat = game_to_move(g);
        if (seat == 0 && !game_round_over(g) && ai_read_hands(reader, g, 0, b)) {
            for (int s = 1; s < game_players(g); s++) {
                assert_int_equal(game_observe(g, s, o), CEKI_OK);
                for (int i = 0; i < o->hand_count[s]; i++)
                    assert_false(b->avoid[s][o->hand[i]]);
                for (int k = 0; k < CARD_KIND_LIMIT; k++)
                    ruled_out += b->avoid[s][k];
            }
            for (int k = 0; k < CARD_KIND_LIMIT; k++)
                assert_false(b->avoid[0][k]); /* the reader's own hand is never read */
        }
        Move m;
        assert_int_equal(ai_choose(greedy, g, seat, &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    free(o);
    free(b);
    ai_destroy(reader);
    ai_destroy(greedy);
    game_destroy(g);
    return ruled_out;
}

static void test_reading_is_sound(void **state)
{
    (void)state;
    assert_true(read_greedy_rounds(VARIANT_TOTIT, 31, 3) > 20);
    assert_true(read_greedy_rounds(VARIANT_TOTIT_DENEXA, 32, 3) > 20);
    assert_true(read_greedy_rounds(VARIANT_THOTHIT_SACKSON, 33, 2) > 20);
}

/* Where a copy of kind k lies other than `not_here`: a slot of g. */
static Card *find_copy(Game *g, Card k, const Card *not_here)
{
    for (int s = 0; s < g->n; s++) {
        for (int i = 0; i < g->hand_n[s]; i++) {
            if (g->hand[s][i] == k && &g->hand[s][i] != not_here)
                return &g->hand[s][i];
        }
    }
    for (int i = 0; i < g->aside_n; i++) {
        if (g->aside[i] == k && &g->aside[i] != not_here)
            return &g->aside[i];
    }
    return NULL;
}

static int play_greedy_until(Game *g, AiPlayer *greedy, int seat)
{
    while (!game_round_over(g) && game_to_move(g) != seat) {
        Move m;
        assert_int_equal(ai_choose(greedy, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    return game_to_move(g);
}

/* The first player of a Totit round could take an identical pair and
 * trails instead: it is read as not holding that kind, until it plays the
 * very kind; then its play is off the model and it is not read at all. A
 * game with a stock phase is not read (measured: no gain there). */
static void test_reading_drops_a_seat_off_the_model(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_TOTIT, 44);
    Game *g = game_create(&cfg, NULL);
    AiPlayer *reader = ai_create(AI_STRONG, 1), *greedy = ai_create(AI_GREEDY, 4);
    DealBelief *b = malloc(sizeof *b);
    assert_true(g && reader && greedy && b);
    int a = game_to_move(g), next = (a + 1) % g->n;
    /* Give the first player the twin of a pool card. */
    Card x = CARD_NONE;
    for (int i = 0; i < g->pool_n && x == CARD_NONE; i++) {
        Card *twin = find_copy(g, g->pool[i], NULL);
        if (!twin)
            continue; /* both copies in the pool */
        x = g->pool[i];
        Card *mine = &g->hand[a][0];
        Card t = *mine;
        *mine = *twin;
        *twin = t;
    }
    assert_true(x != CARD_NONE);
    /* It trails another card. */
    Move moves[GAME_MAX_MOVES], trail = {.type = MOVE_NONE};
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        if (moves[i].card != x && moves[i].target == CARD_NONE)
            trail = moves[i];
    }
    assert_int_equal(trail.type, MOVE_PLAY);
    assert_int_equal(game_apply(g, &trail), CEKI_OK);
    assert_int_equal(game_to_move(g), next);
    assert_true(ai_read_hands(reader, g, next, b));
    assert_true(b->avoid[a][x]);
    /* Later it plays x after all: not read any more. */
    while (play_greedy_until(g, greedy, a) == a) {
        n = game_legal_moves(g, moves, GAME_MAX_MOVES);
        int pick = -1;
        for (int i = 0; i < n; i++)
            pick = moves[i].card == x ? i : pick;
        if (pick >= 0) {
            assert_int_equal(game_apply(g, &moves[pick]), CEKI_OK);
            break;
        }
        Move m;
        assert_int_equal(ai_choose(greedy, g, a, &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    play_greedy_until(g, greedy, next);
    assert_false(game_round_over(g));
    ai_read_hands(reader, g, next, b);
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        assert_false(b->avoid[a][k]);
    game_destroy(g);
    cfg = game_config_default(VARIANT_THOTHIT, 5);
    g = game_create(&cfg, NULL);
    for (int i = 0; i < 12 && !game_round_over(g); i++) {
        Move m;
        assert_int_equal(ai_choose(greedy, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        assert_false(ai_read_hands(reader, g, game_to_move(g), b));
    }
    free(b);
    ai_destroy(reader);
    ai_destroy(greedy);
    game_destroy(g);
}

static void test_interface(void **state)
{
    (void)state;
    for (int l = 0; l < AI_LEVEL_COUNT; l++) {
        AiPlayer *ai = ai_create((AiLevel)l, 1);
        assert_non_null(ai);
        assert_int_equal(ai_level(ai), l);
        assert_int_equal(ai_level_find(ai_level_key((AiLevel)l)), l);
        ai_set_budget_ms(ai, 5);
        ai_set_budget_iterations(ai, 10);
        GameConfig cfg = game_config_default(VARIANT_THOTHIT, 1);
        Game *g = game_create(&cfg, NULL);
        Move m;
        int other = (game_to_move(g) + 1) % 3;
        assert_int_equal(ai_choose(ai, g, other, &m), CEKI_ERR_STATE);
        assert_int_equal(ai_choose(ai, NULL, 0, &m), CEKI_ERR_ARG);
        game_destroy(g);
        ai_destroy(ai);
    }
    assert_null(ai_create(AI_LEVEL_COUNT, 1));
    assert_int_equal(ai_level_find("nobody"), AI_LEVEL_COUNT);
    ai_destroy(NULL);
}

/* Greedy beats random clearly (a fixed set of deals, so not flaky). */
static void test_greedy_beats_random(void **state)
{
    (void)state;
    const AiLevel levels[3] = {AI_GREEDY, AI_RANDOM, AI_RANDOM};
    double wins = 0;
    int rounds = 0;
    for (uint64_t seed = 1; rounds < 90; seed++) {
        GameConfig cfg = game_config_default(VARIANT_THOTHIT, seed);
        Game *g = game_create(&cfg, NULL);
        AiPlayer *ai[3];
        for (int s = 0; s < 3; s++)
            ai[s] = ai_create(levels[s], seed * 3 + (uint64_t)s);
        while (!game_match_over(g)) {
            if (game_round_over(g)) {
                Observation *o = malloc(sizeof *o);
                game_observe(g, 0, o);
                int nw = o->round_winner[0] + o->round_winner[1] + o->round_winner[2];
                if (o->round_winner[0])
                    wins += 1.0 / nw;
                free(o);
                rounds++;
            }
            int s = game_to_move(g);
            Move m;
            assert_int_equal(ai_choose(ai[s], g, s, &m), CEKI_OK);
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
        for (int s = 0; s < 3; s++)
            ai_destroy(ai[s]);
        game_destroy(g);
    }
    assert_true(wins / rounds > 0.45); /* parity is 0.33 */
}

/* The search follows the highest bound among a node's children; a bound
 * that is not a number never wins, and when every bound is NaN it still
 * follows a real child (the first), never the one before the first. */
static void test_mcts_best_with_nan(void **state)
{
    (void)state;
    const double all_nan[3] = {NAN, NAN, NAN};
    assert_int_equal(ai_mcts_best(all_nan, 3), 0);
    const double one_nan[1] = {NAN};
    assert_int_equal(ai_mcts_best(one_nan, 1), 0);
    const double some_nan[4] = {NAN, 0.25, NAN, 0.5};
    assert_int_equal(ai_mcts_best(some_nan, 4), 3);
    const double ties[3] = {0.5, 0.5, 0.1};
    assert_int_equal(ai_mcts_best(ties, 3), 0);
    const double very_low[2] = {-INFINITY, -INFINITY};
    assert_int_equal(ai_mcts_best(very_low, 2), 0);
    assert_int_equal(ai_mcts_best(all_nan, 0), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pile_score_matches_score_counts),
        cmocka_unit_test(test_kowah_shape),
        cmocka_unit_test(test_mcts_best_with_nan),
        cmocka_unit_test(test_legal_moves_every_variant),
        cmocka_unit_test(test_greedy_takes_the_best_capture),
        cmocka_unit_test(test_forfeit_avoided),
        cmocka_unit_test(test_kowah_claims_and_declares),
        cmocka_unit_test(test_kowah_strong_judgement),
        cmocka_unit_test(test_kowah_strong_deterministic),
        cmocka_unit_test(test_moves_ignore_hidden_cards),
        cmocka_unit_test(test_strong_deterministic),
        cmocka_unit_test(test_reading_is_sound),
        cmocka_unit_test(test_reading_drops_a_seat_off_the_model),
        cmocka_unit_test(test_interface),
        cmocka_unit_test(test_greedy_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
