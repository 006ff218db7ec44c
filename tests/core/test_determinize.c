/* game_determinize: what a computer player may know of a game.
 *
 * The test looks inside the Game (game_internal.h) to check what no
 * observation shows: every card is conserved, the seat's view and every
 * public fact are kept, the redeal never contradicts the public history (a
 * card seen going into a pile stays there, a card known to be in a hand stays
 * there), and the result depends on the hidden cards only as a multiset
 * (permuting them in the real game changes nothing). A belief about the
 * others' hands is honoured where it can be and gives way where not. */
#include "test_util.h"

#include "ai.h"
#include "game_internal.h"
#include "kowah.h"
#include "rng.h"

/* ---- helpers ------------------------------------------------------------- */

static bool pile_public(const Game *g, int owner, int seat)
{
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(g, seat, o), CEKI_OK);
    bool v = o->captured_visible[owner];
    free(o);
    return v;
}

/* Every card of the game by kind: hands, pool, stock, piles, set aside,
 * discard pile and a turned card waiting to be taken. */
static void all_cards(const Game *g, int counts[CARD_KIND_LIMIT])
{
    memset(counts, 0, sizeof(int) * CARD_KIND_LIMIT);
    for (int s = 0; s < g->n; s++) {
        for (int i = 0; i < g->hand_n[s]; i++)
            counts[g->hand[s][i]]++;
        for (int i = 0; i < g->captured_n[s]; i++)
            counts[g->captured[s][i]]++;
    }
    for (int i = 0; i < g->pool_n; i++)
        counts[g->pool[i]]++;
    for (int i = 0; i < g->stock_n; i++)
        counts[g->stock[i]]++;
    for (int i = 0; i < g->aside_n; i++)
        counts[g->aside[i]]++;
    for (int i = 0; i < g->kowah.discard_n; i++)
        counts[g->kowah.discard[i]]++;
    if (g->phase == PHASE_STOCK_TAKE && g->turned != CARD_NONE)
        counts[g->turned]++;
}

static void assert_same_view(const Game *a, const Game *b, int seat)
{
    Observation *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
    assert_non_null(oa);
    assert_non_null(ob);
    assert_int_equal(game_observe(a, seat, oa), CEKI_OK);
    assert_int_equal(game_observe(b, seat, ob), CEKI_OK);
    assert_memory_equal(oa, ob, sizeof *oa);
    free(oa);
    free(ob);
}

static void assert_same_moves(const Game *a, const Game *b)
{
    Move ma[GAME_MAX_MOVES], mb[GAME_MAX_MOVES];
    int na = game_legal_moves(a, ma, GAME_MAX_MOVES);
    int nb = game_legal_moves(b, mb, GAME_MAX_MOVES);
    assert_int_equal(na, nb);
    for (int i = 0; i < na && i < GAME_MAX_MOVES; i++) {
        assert_true(move_equal(&ma[i], &mb[i]));
        assert_int_equal(ma[i].flags, mb[i].flags);
    }
}

/* The Kowah hand of s without the card drawn this turn. */
static int kowah_locked(const Game *g, int s, Card eight[KOWAH_HAND])
{
    int m = 0;
    bool skipped = false;
    for (int i = 0; i < g->hand_n[s]; i++) {
        if (!skipped && s == g->kowah.turn_seat && g->hand_n[s] > KOWAH_HAND &&
            g->hand[s][i] == g->kowah.drawn) {
            skipped = true;
            continue;
        }
        if (m < KOWAH_HAND)
            eight[m++] = g->hand[s][i];
    }
    return m;
}

/* Copies of each kind in cards[0..n). */
static void kinds_of(const Card *cards, int n, int out[CARD_KIND_LIMIT])
{
    memset(out, 0, sizeof(int) * CARD_KIND_LIMIT);
    for (int i = 0; i < n; i++)
        out[cards[i]]++;
}

/* The redeal d of g for seat never contradicts the public history: the
 * history itself is kept, every card it saw going into a pile is in that
 * pile, every card it knows in a hand is in that hand. */
static void check_against_history(const Game *g, const Game *d, int seat)
{
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(g, seat, o), CEKI_OK);
    for (int s = 0; s < g->n; s++) {
        int pile[CARD_KIND_LIMIT], hand[CARD_KIND_LIMIT];
        kinds_of(d->captured[s], d->captured_n[s], pile);
        kinds_of(d->hand[s], d->hand_n[s], hand);
        for (int k = 0; k < CARD_KIND_LIMIT; k++) {
            assert_true(pile[k] >= o->history.pile[s][k]);
            assert_true(hand[k] >= o->history.hand[s][k]);
        }
    }
    /* Every capture is made face up: the history names each whole pile. */
    if (g->v->engine == ENGINE_FISHING) {
        for (int s = 0; s < g->n; s++) {
            int real[CARD_KIND_LIMIT], redealt[CARD_KIND_LIMIT];
            kinds_of(g->captured[s], g->captured_n[s], real);
            kinds_of(d->captured[s], d->captured_n[s], redealt);
            assert_memory_equal(real, redealt, sizeof real);
        }
    }
    free(o);
}

/* Checks one determinization of g for seat. */
static void check_determinized(const Game *g, int seat, uint64_t seed)
{
    Game *d = game_determinize(g, seat, seed);
    assert_non_null(d);
    /* The seat sees exactly what it saw, and may make the same moves. */
    assert_same_view(g, d, seat);
    if (game_to_move(g) == seat)
        assert_same_moves(g, d);
    /* Every count and every card. */
    int ca[CARD_KIND_LIMIT], cb[CARD_KIND_LIMIT];
    all_cards(g, ca);
    all_cards(d, cb);
    assert_memory_equal(ca, cb, sizeof ca);
    assert_int_equal(d->stock_n, g->stock_n);
    assert_int_equal(d->aside_n, g->aside_n);
    assert_int_equal(d->pool_n, g->pool_n);
    assert_memory_equal(d->pool, g->pool, (size_t)g->pool_n);
    for (int s = 0; s < g->n; s++) {
        assert_int_equal(d->hand_n[s], g->hand_n[s]);
        assert_int_equal(d->captured_n[s], g->captured_n[s]);
        if (pile_public(g, s, seat)) {
            assert_memory_equal(d->captured[s], g->captured[s], (size_t)g->captured_n[s]);
        } else if (g->v->engine == ENGINE_FISHING && g->v->turn != TURN_KINGS) {
            /* A hidden pile is still made of captures of one rank. */
            for (int i = 0; i + 1 < d->captured_n[s]; i += 2)
                assert_int_equal(card_rank(d->captured[s][i]), card_rank(d->captured[s][i + 1]));
        }
    }
    assert_memory_equal(d->hand[seat], g->hand[seat], (size_t)g->hand_n[seat]);
    check_against_history(g, d, seat);
    /* No history, no events, a fresh seed. */
    int n = -1;
    game_history(d, &n);
    assert_int_equal(n, 0);
    game_events(d, &n);
    assert_int_equal(n, 0);
    assert_true(d->cfg.seed != g->cfg.seed || g->cfg.seed == 0);
    /* Pèi: the turned-up last card and the seat's own peek stay put; others'
     * peeks follow the cards now at their depth. */
    if (g->stock_last_public != CARD_NONE && g->stock_n > 0)
        assert_int_equal(d->stock[0], g->stock_last_public);
    for (int s = 0; s < g->n; s++) {
        if (g->peek[s] == CARD_NONE || g->peek_depth[s] < 1 || g->peek_depth[s] > g->stock_n)
            continue;
        assert_int_equal(d->peek[s], d->stock[g->peek_depth[s] - 1]);
        if (s == seat)
            assert_int_equal(d->stock[g->peek_depth[s] - 1], g->peek[s]);
    }
    /* Kowah: the discard pile, the declared pairs, a shown draw; a declared
     * hand is still checki with its pair, and wins on it. */
    if (g->v->engine == ENGINE_KOWAH) {
        assert_int_equal(d->kowah.discard_n, g->kowah.discard_n);
        assert_memory_equal(d->kowah.discard, g->kowah.discard, (size_t)g->kowah.discard_n);
        for (int s = 0; s < g->n; s++) {
            assert_int_equal(d->kowah.exposed[s], g->kowah.exposed[s]);
            for (int i = 1; i < d->hand_n[s]; i++)
                assert_true(d->hand[s][i - 1] <= d->hand[s][i]); /* kept sorted */
            if (g->kowah.exposed[s] == CARD_NONE || game_round_over(g))
                continue; /* a won hand holds its ninth card */
            Card eight[KOWAH_HAND];
            assert_int_equal(kowah_locked(d, s, eight), KOWAH_HAND);
            bool wins[CARD_CEKI_KINDS];
            assert_true(kowah_winning_kinds(eight, g->kowah.exposed[s], wins));
            uint32_t bits = 0;
            for (int k = 0; k < CARD_CEKI_KINDS; k++)
                bits |= wins[k] ? 1u << k : 0;
            assert_int_equal(d->kowah.wins[s], bits);
        }
        if (g->kowah.shown_draw != CARD_NONE) {
            int t = g->kowah.turn_seat, have = 0;
            for (int i = 0; i < d->hand_n[t]; i++)
                have += d->hand[t][i] == g->kowah.shown_draw;
            assert_true(have >= 1);
        }
    }
    game_destroy(d);
}

/* Swaps the real game's hidden cards among themselves (what the seat cannot
 * see, nor knows from the public history: a card seen going into a pile or
 * known to be in a hand stays put): the observation stays the same, so the
 * determinization must too. */
static void permute_hidden(Game *g, int seat, uint64_t seed)
{
    Card *cell[CEKI_MAX_DECK];
    int n = 0;
    for (int s = 0; s < g->n; s++) {
        if (s == seat)
            continue;
        uint8_t keep[CARD_KIND_LIMIT];
        memcpy(keep, g->pub.hand[s], sizeof keep);
        for (int i = 0; i < g->hand_n[s]; i++) {
            if (keep[g->hand[s][i]] > 0)
                keep[g->hand[s][i]]--;
            else
                cell[n++] = &g->hand[s][i];
        }
        if (!pile_public(g, s, seat)) {
            memcpy(keep, g->pub.pile[s], sizeof keep);
            for (int i = 0; i < g->captured_n[s]; i++) {
                if (keep[g->captured[s][i]] > 0)
                    keep[g->captured[s][i]]--;
                else
                    cell[n++] = &g->captured[s][i];
            }
        }
    }
    for (int i = 0; i < g->stock_n; i++) {
        if (i == 0 && g->stock_last_public != CARD_NONE)
            continue;
        if (g->peek[seat] != CARD_NONE && i == g->peek_depth[seat] - 1)
            continue;
        cell[n++] = &g->stock[i];
    }
    for (int i = 0; i < g->aside_n; i++)
        cell[n++] = &g->aside[i];
    Card values[CEKI_MAX_DECK];
    for (int i = 0; i < n; i++)
        values[i] = *cell[i];
    Rng rng;
    rng_seed(&rng, seed);
    rng_shuffle(&rng, values, n);
    for (int i = 0; i < n; i++)
        *cell[i] = values[i];
    /* The others' peeks are what they now see; Kowah hands stay sorted. */
    for (int s = 0; s < g->n; s++) {
        if (s != seat && g->peek[s] != CARD_NONE && g->peek_depth[s] <= g->stock_n)
            g->peek[s] = g->stock[g->peek_depth[s] - 1];
        if (g->v->engine == ENGINE_KOWAH) {
            for (int i = 1; i < g->hand_n[s]; i++) {
                for (int j = i; j > 0 && g->hand[s][j - 1] > g->hand[s][j]; j--) {
                    Card t = g->hand[s][j];
                    g->hand[s][j] = g->hand[s][j - 1];
                    g->hand[s][j - 1] = t;
                }
            }
        }
    }
}

static void assert_same_game(const Game *a, const Game *b)
{
    assert_memory_equal(&a->rng, &b->rng, sizeof a->rng);
    assert_int_equal(a->cfg.seed, b->cfg.seed);
    for (int s = 0; s < a->n; s++) {
        assert_int_equal(a->hand_n[s], b->hand_n[s]);
        assert_memory_equal(a->hand[s], b->hand[s], (size_t)a->hand_n[s]);
        assert_memory_equal(a->captured[s], b->captured[s], (size_t)a->captured_n[s]);
        assert_int_equal(a->peek[s], b->peek[s]);
        assert_int_equal(a->kowah.wins[s], b->kowah.wins[s]);
    }
    assert_memory_equal(a->stock, b->stock, (size_t)a->stock_n);
    assert_memory_equal(a->aside, b->aside, (size_t)a->aside_n);
    assert_memory_equal(a->pool, b->pool, (size_t)a->pool_n);
    assert_int_equal(a->kowah.drawn, b->kowah.drawn);
}

/* Plays a game of `variant` with uniform random moves (Kowah: the greedy
 * player, so that declared hands and claims occur), calling `check` at every
 * decision of the first `rounds` rounds. */
static void walk(VariantId variant, int players, uint64_t seed, int rounds,
                 void (*check)(Game *g, int step))
{
    GameConfig cfg = game_config_default(variant, seed);
    if (players)
        cfg.players = players;
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    AiPlayer *ai = ai_create(g->v->engine == ENGINE_KOWAH ? AI_GREEDY : AI_RANDOM, seed);
    assert_non_null(ai);
    for (int step = 0; !game_match_over(g) && game_round_number(g) <= rounds; step++) {
        check(g, step);
        Move m;
        assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    ai_destroy(ai);
    game_destroy(g);
}

/* ---- tests ----------------------------------------------------------------- */

static void check_every_seat(Game *g, int step)
{
    for (int s = 0; s < g->n; s++)
        check_determinized(g, s, 1000u + (uint64_t)step * 31u + (uint64_t)s);
}

static void test_keeps_public_facts_every_variant(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get((VariantId)v);
        walk((VariantId)v, 0, 7u + (uint64_t)v, 1, check_every_seat);
        if (d->max_players > 3)
            walk((VariantId)v, d->max_players, 11u + (uint64_t)v, 1, check_every_seat);
        if (d->min_players < 3)
            walk((VariantId)v, d->min_players, 13u + (uint64_t)v, 1, check_every_seat);
    }
}

static void check_permutation(Game *g, int step)
{
    for (int seat = 0; seat < g->n; seat++) {
        Game *h = game_clone(g, false);
        assert_non_null(h);
        permute_hidden(h, seat, 77u + (uint64_t)step);
        assert_same_view(g, h, seat);
        uint64_t seed = 5000u + (uint64_t)step;
        Game *a = game_determinize(g, seat, seed);
        Game *b = game_determinize(h, seat, seed);
        assert_non_null(a);
        assert_non_null(b);
        assert_same_game(a, b);
        game_destroy(a);
        game_destroy(b);
        game_destroy(h);
    }
}

static void test_hidden_permutation_changes_nothing(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++)
        walk((VariantId)v, 0, 21u + (uint64_t)v, 1, check_permutation);
    walk(VARIANT_KOWAH, 4, 5, 2, check_permutation);
    walk(VARIANT_THOTHIT_KUNA, 6, 5, 1, check_permutation);
}

/* ---- the public history in the redeal ---------------------------------------- */

/* Counts the decisions at which some other seat was known to hold a card. */
static int known_steps;

static void check_known_kowah(Game *g, int step)
{
    for (int s = 0; s < g->n; s++) {
        for (int k = 0; k < CARD_CEKI_KINDS; k++) {
            if (g->pub.hand[s][k] > 0 && s != game_to_move(g)) {
                known_steps++;
                s = g->n;
                break;
            }
        }
    }
    check_every_seat(g, step);
}

/* Kowah: cards taken from the discard pile, shown draws and declared pairs
 * stay in their hands in every redeal (check_against_history); the walk
 * does meet such cards. */
static void test_kowah_known_cards_stay(void **state)
{
    (void)state;
    known_steps = 0;
    walk(VARIANT_KOWAH, 3, 41, 3, check_known_kowah);
    walk(VARIANT_KOWAH, 4, 42, 2, check_known_kowah);
    walk(VARIANT_KOWAH, 2, 43, 2, check_known_kowah);
    assert_true(known_steps > 50);
}

static void test_swap_hand_and_stock(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 3);
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    int seat = game_to_move(g);
    int other = (seat + 1) % g->n;
    Game *h = game_clone(g, true);
    int j = 0;
    while (j < h->stock_n && h->stock[j] == h->hand[other][0])
        j++;
    assert_true(j < h->stock_n);
    Card t = h->hand[other][0];
    h->hand[other][0] = h->stock[j];
    h->stock[j] = t;
    assert_same_view(g, h, seat);
    Game *a = game_determinize(g, seat, 42);
    Game *b = game_determinize(h, seat, 42);
    assert_same_game(a, b);
    /* And the observation of an opponent's hand holds nothing. */
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    game_observe(g, seat, o);
    assert_int_equal(o->hand_count[other], g->hand_n[other]);
    for (int i = o->hand_count[seat]; i < OBS_MAX_HAND; i++)
        assert_int_equal(o->hand[i], 0);
    for (int s = 0; s < g->n; s++) {
        if (!o->captured_visible[s]) {
            for (int i = 0; i < OBS_MAX_PILE; i++)
                assert_int_equal(o->captured[s][i], CARD_NONE);
        }
    }
    assert_int_equal(o->peek, CARD_NONE);
    free(o);
    game_destroy(a);
    game_destroy(b);
    game_destroy(g);
    game_destroy(h);
}

/* Pèi: the public last stock card and the patih's peek. */
static void test_pei_turned_card_and_peek(void **state)
{
    (void)state;
    for (int v = VARIANT_PEI; v <= VARIANT_PEI_CHINESE; v++) {
        GameConfig cfg = game_config_default((VariantId)v, 8);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        int peeker = -1;
        for (int s = 0; s < g->n; s++) {
            if (g->peek[s] != CARD_NONE)
                peeker = s;
        }
        assert_true(peeker >= 0); /* the engine deals a private peek */
        for (uint64_t seed = 0; seed < 50; seed++) {
            for (int s = 0; s < g->n; s++) {
                Game *d = game_determinize(g, s, seed);
                if (g->stock_last_public != CARD_NONE)
                    assert_int_equal(d->stock[0], g->stock_last_public);
                int depth = g->peek_depth[peeker];
                if (s == peeker)
                    assert_int_equal(d->stock[depth - 1], g->peek[peeker]);
                assert_int_equal(d->peek[peeker], d->stock[depth - 1]);
                game_destroy(d);
            }
        }
        game_destroy(g);
    }
}

/* Determinizations differ with the seed (the hidden cards really move). */
static void test_seeds_differ(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 4);
    Game *g = game_create(&cfg, NULL);
    Game *a = game_determinize(g, 0, 1);
    Game *b = game_determinize(g, 0, 2);
    Game *c = game_determinize(g, 0, 1);
    assert_memory_not_equal(a->stock, b->stock, (size_t)a->stock_n);
    assert_memory_equal(a->stock, c->stock, (size_t)a->stock_n);
    assert_memory_not_equal(&a->rng, &g->rng, sizeof a->rng);
    assert_null(game_determinize(g, -1, 1));
    assert_null(game_determinize(g, 3, 1));
    assert_null(game_determinize(NULL, 0, 1));
    game_destroy(a);
    game_destroy(b);
    game_destroy(c);
    game_destroy(g);
}

/* ---- a belief about the others' hands (the strong player's reading) ------- */

static void assert_deal_valid(const Game *g, const Game *d, int seat)
{
    int a[CARD_KIND_LIMIT], b[CARD_KIND_LIMIT];
    all_cards(g, a);
    all_cards(d, b);
    assert_memory_equal(a, b, sizeof a);
    assert_same_view(g, d, seat);
    for (int s = 0; s < g->n; s++)
        assert_int_equal(d->hand_n[s], g->hand_n[s]);
}

/* A belief that can be honoured is, in every deal; one that cannot gives
 * way and the deal stays one the seat's view allows; without a belief the
 * deal is game_determinize's; and the deal still depends on the hidden
 * cards only as a multiset. */
static void test_belief_honoured(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_TOTIT, 12);
    Game *g = game_create(&cfg, NULL);
    AiPlayer *ai = ai_create(AI_GREEDY, 2);
    assert_true(g && ai);
    for (int i = 0; i < 4; i++) {
        Move m;
        assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
    }
    int seat = game_to_move(g);
    DealBelief *b = calloc(1, sizeof *b), *all = calloc(1, sizeof *all);
    assert_true(b && all);
    for (int k = 0; k < 10; k++) {
        b->avoid[(seat + 1) % g->n][k] = true;
        b->avoid[(seat + 2) % g->n][k + 10] = true;
    }
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        all->avoid[(seat + 1) % g->n][k] = true;
    for (uint64_t seed = 0; seed < 50; seed++) {
        Game *d = game_determinize_believing(g, seat, seed, b);
        assert_non_null(d);
        assert_deal_valid(g, d, seat);
        for (int s = 0; s < g->n; s++) {
            for (int i = 0; s != seat && i < d->hand_n[s]; i++)
                assert_false(b->avoid[s][d->hand[s][i]]);
        }
        game_destroy(d);
        d = game_determinize_believing(g, seat, seed, all);
        assert_non_null(d);
        assert_deal_valid(g, d, seat);
        game_destroy(d);
        Game *plain = game_determinize(g, seat, seed);
        d = game_determinize_believing(g, seat, seed, NULL);
        assert_same_game(plain, d);
        game_destroy(plain);
        game_destroy(d);
        Game *h = game_clone(g, false);
        permute_hidden(h, seat, 99u + seed);
        Game *x = game_determinize_believing(g, seat, seed, b);
        Game *y = game_determinize_believing(h, seat, seed, b);
        assert_same_game(x, y);
        game_destroy(x);
        game_destroy(y);
        game_destroy(h);
    }
    free(b);
    free(all);
    ai_destroy(ai);
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keeps_public_facts_every_variant),
        cmocka_unit_test(test_hidden_permutation_changes_nothing),
        cmocka_unit_test(test_swap_hand_and_stock),
        cmocka_unit_test(test_pei_turned_card_and_peek),
        cmocka_unit_test(test_seeds_differ),
        cmocka_unit_test(test_kowah_known_cards_stay),
        cmocka_unit_test(test_belief_honoured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
