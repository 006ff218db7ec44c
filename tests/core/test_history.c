/* The public history of a round (game.h, RULES.md §5 Decision): it is in
 * every observation, the same for every seat, names each capture as it was
 * made, every discard, every card taken from the discard, shown draws and
 * declared pairs, and never a card that was not face up for all at the
 * moment (a hidden Kowah draw is an entry without its card). Its sums stay
 * whole when a long Kowah hand outgrows the entries kept. Also: the fast
 * apply of a listed move (game_apply_listed) plays exactly like game_apply.
 *
 * The suite looks inside the Game (game_internal.h) to compare the history
 * with where the cards really are. */
#include "test_util.h"

#include "ai.h"
#include "game_internal.h"
#include "kowah.h"

/* Copies of each kind in cards[0..n). */
static void kinds_of(const Card *cards, int n, int out[CARD_KIND_LIMIT])
{
    memset(out, 0, sizeof(int) * CARD_KIND_LIMIT);
    for (int i = 0; i < n; i++)
        out[cards[i]]++;
}

/* The sums a list of entries adds up to, worked out again from the entries. */
static void sums_of(const PublicEntry *e, int n, int players, PublicHistory *out)
{
    memset(out->pile, 0, sizeof out->pile);
    memset(out->hand, 0, sizeof out->hand);
    for (int i = 0; i < n; i++) {
        int s = e[i].seat;
        assert_true(s < players);
        switch ((PublicKind)e[i].kind) {
        case PUB_CAPTURE:
        case PUB_PAIR:
            out->pile[s][e[i].card]++;
            out->pile[s][e[i].card2]++;
            break;
        case PUB_DRAW:
            if (e[i].card != CARD_NONE)
                out->hand[s][e[i].card]++;
            break;
        case PUB_TAKE_DISCARD: out->hand[s][e[i].card]++; break;
        case PUB_DISCARD:
            if (out->hand[s][e[i].card] > 0)
                out->hand[s][e[i].card]--;
            break;
        case PUB_DECLARE:
            if (out->hand[s][e[i].card] < 2)
                out->hand[s][e[i].card] = 2;
            break;
        case PUB_CLAIM:
            out->hand[s][e[i].card]++;
            if (!(e[i].flags & PUB_FLAG_DISCARD) && out->hand[e[i].card2][e[i].card] > 0)
                out->hand[e[i].card2][e[i].card]--;
            break;
        case PUB_TRAIL:
        case PUB_NONE: break;
        }
    }
}

/* What every seat's observation says of the history, checked against the
 * real game: the same for all; piles named whole; no more copies known in a
 * hand than it holds; a hidden draw names no card. `log` collects every
 * entry of the round as it appears (a round's entries, in order). */
static void check_history(const Game *g, PublicEntry *log, int *nlog, int cap)
{
    Observation *o = malloc(sizeof *o), *first = malloc(sizeof *first);
    assert_non_null(o);
    assert_non_null(first);
    assert_int_equal(game_observe(g, 0, first), CEKI_OK);
    const PublicHistory *h = &first->history;
    for (int s = 1; s < g->n; s++) {
        assert_int_equal(game_observe(g, s, o), CEKI_OK);
        assert_memory_equal(&o->history, h, sizeof *h);
    }
    assert_int_equal(h->count, h->total < PUBLIC_HISTORY_MAX ? h->total : PUBLIC_HISTORY_MAX);
    /* The new entries since the last call: the latest of the ones kept. */
    assert_true(h->total >= *nlog);
    int fresh = h->total - *nlog;
    assert_true(fresh <= h->count);
    for (int i = 0; i < fresh && *nlog < cap; i++)
        log[(*nlog)++] = h->entry[h->count - fresh + i];
    for (int s = 0; s < g->n; s++) {
        int pile[CARD_KIND_LIMIT], hand[CARD_KIND_LIMIT];
        kinds_of(g->captured[s], g->captured_n[s], pile);
        kinds_of(g->hand[s], g->hand_n[s], hand);
        for (int k = 0; k < CARD_KIND_LIMIT; k++) {
            assert_int_equal(h->pile[s][k], pile[k]); /* every capture is made face up */
            assert_true(h->hand[s][k] <= hand[k]);
        }
    }
    if (*nlog == h->total) { /* the whole round seen: the sums follow from it */
        PublicHistory *again = calloc(1, sizeof *again);
        assert_non_null(again);
        sums_of(log, *nlog, g->n, again);
        assert_memory_equal(again->pile, h->pile, sizeof h->pile);
        assert_memory_equal(again->hand, h->hand, sizeof h->hand);
        free(again);
    }
    free(o);
    free(first);
}

static bool in_cards(const Card *cards, int n, Card c)
{
    for (int i = 0; i < n; i++) {
        if (cards[i] == c)
            return true;
    }
    return false;
}

/* Whether c lay face up for everyone during the move m that led from
 * `before` to `after`: in the pool, the played or turned card, the discard
 * top, an exposed pair, the card offered for a claim, a pair taken from the
 * pool (Kings). */
static bool face_up(const Game *before, const Move *m, const Game *after, Card c)
{
    if (in_cards(before->pool, before->pool_n, c) || in_cards(after->pool, after->pool_n, c))
        return true;
    if (m->type == MOVE_PLAY && m->card == c)
        return true;
    if (m->type == MOVE_TURN && before->stock_n > 0 && before->stock[before->stock_n - 1] == c)
        return true;
    if (before->turned == c || before->kowah.offered == c)
        return true;
    const KowahState *kb = &before->kowah, *ka = &after->kowah;
    if ((kb->discard_n > 0 && kb->discard[kb->discard_n - 1] == c) ||
        (ka->discard_n > 0 && ka->discard[ka->discard_n - 1] == c))
        return true;
    for (int s = 0; s < after->n; s++) {
        if (ka->exposed[s] == c)
            return true;
    }
    /* Kings: pairs of equal rank taken from the pool as it was dealt or turned. */
    return after->v->turn == TURN_KINGS && (m->type == MOVE_TURN || m->type == MOVE_NEXT_ROUND);
}

/* Every entry the move added names only cards that lay face up for all
 * (a hidden draw names none). */
static void check_entries_public(const Game *before, const Move *m, const Game *after)
{
    int first =
        after->pub.total < before->pub.total || m->type == MOVE_NEXT_ROUND ? 0 : before->pub.total;
    for (int i = first; i < after->pub.total; i++) {
        const PublicEntry *e = &after->pub.entry[i % PUBLIC_HISTORY_MAX];
        if (e->kind == PUB_DRAW) /* check_draw_entry */
            continue;
        assert_true(face_up(before, m, after, e->card));
        if (e->kind == PUB_CAPTURE || e->kind == PUB_PAIR)
            assert_true(face_up(before, m, after, e->card2));
    }
}

/* A hidden Kowah draw is an entry without its card. */
static void check_draw_entry(const Game *before, const Move *m, const Game *after)
{
    if (m->type != MOVE_DRAW_STOCK)
        return;
    bool shown = false;
    for (int s = 0; s < before->n; s++)
        shown = shown || (s != m->seat && before->kowah.exposed[s] != CARD_NONE);
    const PublicEntry *e = &after->pub.entry[(after->pub.total - 1) % PUBLIC_HISTORY_MAX];
    assert_int_equal(e->kind, PUB_DRAW);
    assert_int_equal(e->seat, m->seat);
    if (!shown && !game_round_over(after))
        assert_int_equal(e->card, CARD_NONE);
    else
        assert_int_equal(e->card, before->stock[before->stock_n - 1]);
}

/* Plays `rounds` rounds of variant with the given level for every seat,
 * checking the history at every step; returns the largest total seen. */
static int walk(VariantId variant, int players, uint64_t seed, int rounds, AiLevel level)
{
    GameConfig cfg = game_config_default(variant, seed);
    if (players)
        cfg.players = players;
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    AiPlayer *ai = ai_create(level, seed);
    enum { LOG_CAP = 4096 };
    PublicEntry *log = malloc(LOG_CAP * sizeof *log);
    assert_non_null(log);
    int nlog = 0, most = 0, round = game_round_number(g);
    while (!game_match_over(g) && game_round_number(g) <= rounds) {
        if (game_round_number(g) != round) {
            round = game_round_number(g);
            nlog = 0;
        }
        check_history(g, log, &nlog, LOG_CAP);
        most = g->pub.total > most ? g->pub.total : most;
        Move m;
        assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
        Game *before = game_clone(g, false);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        check_entries_public(before, &m, g);
        if (g->v->engine == ENGINE_KOWAH)
            check_draw_entry(before, &m, g);
        game_destroy(before);
    }
    free(log);
    ai_destroy(ai);
    game_destroy(g);
    return most;
}

static void test_fishing_history(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        if (variant_get((VariantId)v)->engine == ENGINE_FISHING)
            assert_true(walk((VariantId)v, 0, 3u + (uint64_t)v, 2, AI_RANDOM) > 0);
    }
    walk(VARIANT_THOTHIT_KUNA, 6, 5, 1, AI_RANDOM);
    walk(VARIANT_KINGS, 5, 6, 2, AI_RANDOM);
}

static void test_kowah_history(void **state)
{
    (void)state;
    walk(VARIANT_KOWAH, 3, 8, 3, AI_GREEDY); /* greedy players declare and claim */
    walk(VARIANT_KOWAH, 4, 9, 3, AI_GREEDY);
    walk(VARIANT_KOWAH, 2, 10, 3, AI_RANDOM);
}

/* A Kowah hand longer than the entries kept: the latest are kept in order
 * and the sums still add up over the whole hand (checked in walk). */
static void test_long_hand_keeps_latest(void **state)
{
    (void)state;
    int most = 0;
    for (uint64_t seed = 1; seed <= 40 && most <= PUBLIC_HISTORY_MAX; seed++)
        most = walk(VARIANT_KOWAH, 2, seed, 1, AI_RANDOM);
    assert_true(most > PUBLIC_HISTORY_MAX);
}

/* game_apply_listed plays a listed move exactly as game_apply does, and
 * refuses a move of another seat. */
static void test_apply_listed_is_apply(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        GameConfig cfg = game_config_default((VariantId)v, 90u + (uint64_t)v);
        Game *a = game_create(&cfg, NULL), *b = game_create(&cfg, NULL);
        AiPlayer *ai = ai_create(AI_RANDOM, 5);
        for (int step = 0; step < 400 && !game_match_over(a); step++) {
            Move m;
            assert_int_equal(ai_choose(ai, a, game_to_move(a), &m), CEKI_OK);
            Move other = m;
            other.seat = (uint8_t)((m.seat + 1) % game_players(a));
            assert_int_equal(game_apply_listed(b, &other), CEKI_ERR_ILLEGAL);
            assert_int_equal(game_apply(a, &m), CEKI_OK);
            assert_int_equal(game_apply_listed(b, &m), CEKI_OK);
            Observation *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
            assert_non_null(oa);
            assert_non_null(ob);
            for (int s = 0; s < game_players(a); s++) {
                game_observe(a, s, oa);
                game_observe(b, s, ob);
                assert_memory_equal(oa, ob, sizeof *oa);
            }
            free(oa);
            free(ob);
        }
        ai_destroy(ai);
        game_destroy(a);
        game_destroy(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fishing_history),
        cmocka_unit_test(test_kowah_history),
        cmocka_unit_test(test_long_hand_keeps_latest),
        cmocka_unit_test(test_apply_listed_is_apply),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
