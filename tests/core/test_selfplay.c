/* Long random self-play of every variant, checking the invariants of
 * RULES.md §5 after every move:
 *  - no card is created or lost (hands + pool + stock + captured + set aside
 *    + discards equal the deck);
 *  - an illegal move is refused and leaves the game unchanged;
 *  - an observation shows the seat's own hand and nothing hidden;
 *  - the same record replays to the same game.
 * CEKI_SELFPLAY_ROUNDS overrides the number of rounds per variant (the soak
 * target sets it high). */
#include "test_util.h"

#include "game_internal.h"
#include "record.h"
#include "rng.h"
#include "variant.h"

static long rounds_per_variant(void)
{
    const char *env = getenv("CEKI_SELFPLAY_ROUNDS");
    long n = env ? strtol(env, NULL, 10) : 0;
    return n > 0 ? n : 10000;
}

/* The deck of g's game by kind (built once per game: it is the same after
 * every move); its size. */
static int deck_kinds(const Game *g, int expect[CARD_KIND_LIMIT])
{
    Card deck[CEKI_MAX_DECK];
    int n = variant_build_deck(g->v, g->n, deck);
    memset(expect, 0, sizeof(int) * CARD_KIND_LIMIT);
    for (int i = 0; i < n; i++)
        expect[deck[i]]++;
    return n;
}

static void check_conservation(const Game *g, const int expect[CARD_KIND_LIMIT], int n)
{
    int have[CARD_KIND_LIMIT] = {0};
    int total = 0;
    for (int s = 0; s < g->n; s++) {
        for (int i = 0; i < g->hand_n[s]; i++)
            have[g->hand[s][i]]++;
        for (int i = 0; i < g->captured_n[s]; i++)
            have[g->captured[s][i]]++;
        total += g->hand_n[s] + g->captured_n[s];
    }
    uint8_t pool_kinds[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < g->pool_n; i++) {
        have[g->pool[i]]++;
        pool_kinds[g->pool[i]]++;
    }
    /* The engine's running count of the pool agrees with the pool. */
    assert_int_equal(memcmp(pool_kinds, g->pool_kinds, sizeof pool_kinds), 0);
    for (int i = 0; i < g->stock_n; i++)
        have[g->stock[i]]++;
    for (int i = 0; i < g->aside_n; i++)
        have[g->aside[i]]++;
    for (int i = 0; i < g->kowah.discard_n; i++)
        have[g->kowah.discard[i]]++;
    total += g->pool_n + g->stock_n + g->aside_n + g->kowah.discard_n;
    if (g->phase == PHASE_STOCK_TAKE && g->turned != CARD_NONE) {
        have[g->turned]++; /* the turned card is in the air */
        total++;
    }
    assert_int_equal(total, n);
    assert_memory_equal(have, expect, sizeof have);
}

/* Seat s's captured pile and hand of g by kind (the same for every
 * observer, so counted once per check). */
typedef struct KindCounts {
    int pile[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
    int hand[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
} KindCounts;

static void count_kinds(const Game *g, KindCounts *c)
{
    memset(c, 0, sizeof *c);
    for (int s = 0; s < g->n; s++) {
        for (int i = 0; i < g->captured_n[s]; i++)
            c->pile[s][g->captured[s][i]]++;
        for (int i = 0; i < g->hand_n[s]; i++)
            c->hand[s][g->hand[s][i]]++;
    }
}

/* The first of n cards that is not `want`, or -1 (one assertion for a run
 * of cards, rather than one per card). */
static int first_not(const Card *cards, int n, Card want)
{
    for (int i = 0; i < n; i++)
        if (cards[i] != want)
            return i;
    return -1;
}

static void check_observations(const Game *g, Observation *o)
{
    KindCounts counts;
    count_kinds(g, &counts);
    for (int seat = 0; seat < g->n; seat++) {
        assert_int_equal(game_observe(g, seat, o), CEKI_OK);
        assert_int_equal(o->seat, seat);
        assert_int_equal(memcmp(o->hand, g->hand[seat], (size_t)g->hand_n[seat]), 0);
        for (int s = 0; s < g->n; s++) {
            assert_int_equal(o->hand_count[s], g->hand_n[s]);
            assert_int_equal(o->captured_count[s], g->captured_n[s]);
            if (!o->captured_visible[s]) {
                assert_int_not_equal(s, seat); /* a seat always sees its own pile */
                assert_int_equal(first_not(o->captured[s], OBS_MAX_PILE, CARD_NONE), -1);
            }
        }
        assert_int_equal(o->stock_count, g->stock_n);
        /* Nothing of another hand or of the stock order appears: the only
         * per-card hand data is the observer's own. */
        assert_int_equal(first_not(o->hand + g->hand_n[seat], OBS_MAX_HAND - g->hand_n[seat], 0),
                         -1);
        /* A private peek belongs to the seat that had it. */
        if (o->peek != CARD_NONE)
            assert_int_equal(o->peek, g->peek[seat]);
        /* The public history (RULES.md §5 Decision) is the same for every
         * seat, names every captured pile whole (captures are made face up)
         * and no more copies in a hand than it holds. */
        assert_int_equal(o->history.total, g->pub.total);
        assert_memory_equal(o->history.pile, g->pub.pile, sizeof o->history.pile);
        assert_memory_equal(o->history.hand, g->pub.hand, sizeof o->history.hand);
        for (int s = 0; s < g->n; s++) {
            for (int k = 0; k < CARD_KIND_LIMIT; k++) {
                if (o->history.pile[s][k] != counts.pile[s][k] ||
                    o->history.hand[s][k] > counts.hand[s][k]) {
                    fail_msg("seat %d's view of seat %d, kind %d: history pile %d (pile %d), "
                             "history hand %d (hand %d)",
                             seat, s, k, (int)o->history.pile[s][k], counts.pile[s][k],
                             (int)o->history.hand[s][k], counts.hand[s][k]);
                }
            }
        }
    }
}

/* A random move that is not legal now (or none if it cannot find one). */
static bool random_illegal_move(const Game *g, Rng *rng, Move *out)
{
    for (int tries = 0; tries < 20; tries++) {
        Move m = {.type = (uint8_t)(1 + rng_below(rng, MOVE_PASS)),
                  .seat = (uint8_t)rng_below(rng, (uint32_t)g->n),
                  .card = (Card)rng_below(rng, CARD_KIND_LIMIT + 1),
                  .target =
                      (Card)(rng_below(rng, 4) == 0 ? CARD_NONE : rng_below(rng, CARD_KIND_LIMIT))};
        if (m.card == CARD_KIND_LIMIT)
            m.card = CARD_NONE;
        if (!game_is_legal(g, &m)) {
            *out = m;
            return true;
        }
    }
    return false;
}

static void check_replay(const Game *g)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(record_write(g, f), CEKI_OK);
    long len = ftell(f);
    assert_true(len > 0);
    rewind(f);
    char *text = malloc((size_t)len);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    Game *r = NULL;
    char err[RECORD_ERROR_MAX];
    CekiStatus st = record_read_text(text, (size_t)len, &r, err, sizeof err);
    if (st != CEKI_OK)
        print_error("replay failed: %s\n", err);
    assert_int_equal(st, CEKI_OK);
    /* Same position, card for card. */
    assert_int_equal(memcmp(r->hand, g->hand, sizeof g->hand), 0);
    assert_int_equal(memcmp(r->pool, g->pool, sizeof g->pool), 0);
    assert_int_equal(memcmp(r->stock, g->stock, sizeof g->stock), 0);
    assert_int_equal(memcmp(r->captured, g->captured, sizeof g->captured), 0);
    assert_int_equal(memcmp(r->match_score, g->match_score, sizeof g->match_score), 0);
    assert_int_equal(memcmp(&r->rng, &g->rng, sizeof g->rng), 0);
    assert_int_equal(r->phase, g->phase);
    assert_int_equal(r->to_move, g->to_move);
    game_destroy(r);
    free(text);
}

static void selfplay(VariantId v)
{
    const VariantDesc *desc = variant_get(v);
    long target = rounds_per_variant();
    Rng rng;
    rng_seed(&rng, 1000 + (uint64_t)v);
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    Game *before = malloc(sizeof *before);
    assert_non_null(before);
    long rounds = 0, moves = 0;
    uint64_t seed = 1;
    int player_counts[CEKI_MAX_SEATS + 1], npc = 0;
    for (int p = desc->min_players; p <= desc->max_players; p++) {
        if (variant_players_ok(desc, p))
            player_counts[npc++] = p;
    }
    while (rounds < target) {
        GameConfig cfg = game_config_default(v, seed++);
        cfg.players = player_counts[rng_below(&rng, (uint32_t)npc)];
        cfg.options = desc->options & (uint32_t)rng_next(&rng);
        if (desc->start == START_PEI)
            cfg.stakes = (StakeScheme)rng_below(&rng, STAKES_COUNT);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        /* Record only some matches: the rest run lean. */
        bool record = seed % 16 == 0;
        game_set_history_enabled(g, record);
        int expect[CARD_KIND_LIMIT];
        int deck_n = deck_kinds(g, expect);
        while (!game_match_over(g)) {
            check_conservation(g, expect, deck_n);
            if (moves % 8 == 0)
                check_observations(g, o);
            Move bad;
            if (moves % 4 == 0 && random_illegal_move(g, &rng, &bad)) {
                memcpy(before, g, sizeof *g);
                assert_int_equal(game_apply(g, &bad), CEKI_ERR_ILLEGAL);
                /* Unchanged, byte for byte (bookkeeping pointers included). */
                assert_int_equal(memcmp(before, g, sizeof *g), 0);
            }
            Move legal[GAME_MAX_MOVES];
            int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
            assert_true(n >= 1 && n <= GAME_MAX_MOVES);
            for (int i = 0; i < n; i++) {
                assert_int_equal(legal[i].seat, game_to_move(g));
                for (int j = i + 1; j < n; j++)
                    assert_false(move_equal(&legal[i], &legal[j]));
            }
            bool was_over = game_round_over(g);
            Move m = legal[rng_below(&rng, (uint32_t)n)];
            assert_int_equal(game_apply(g, &m), CEKI_OK);
            moves++;
            if (!was_over && game_round_over(g))
                rounds++;
        }
        check_conservation(g, expect, deck_n);
        check_observations(g, o);
        if (record)
            check_replay(g);
        game_destroy(g);
    }
    free(before);
    free(o);
    print_message("%s: %ld rounds, %ld moves\n", desc->key, rounds, moves);
}

/* One test per variant of the table, named by its key: a new variant is
 * played without a line here. */
static void test_selfplay(void **state)
{
    selfplay(*(const VariantId *)*state);
}

int main(void)
{
    static VariantId ids[VARIANT_COUNT];
    struct CMUnitTest tests[VARIANT_COUNT];
    for (int i = 0; i < VARIANT_COUNT; i++) {
        ids[i] = (VariantId)i;
        tests[i] = (struct CMUnitTest){
            .name = variant_get(ids[i])->key, .test_func = test_selfplay, .initial_state = &ids[i]};
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
