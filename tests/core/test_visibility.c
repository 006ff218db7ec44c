/* game_events_for_seat: the events of a move as one seat sees them.
 *
 * Whole matches of every variant, with random and with greedy players. After
 * every apply (and game_create) each seat's filtered events are checked
 * against what the seat's observations show just before and just after the
 * move, its public history included: every card a filtered event names is
 * one the seat holds or the rules show it. A spectator (seat -1) sees only
 * what every seat sees. A seat's own dealt cards are never masked from it,
 * other hands and private peeks are, and an event a seat is allowed to see
 * reaches it unchanged. The spectator's observation (GAME_SPECTATOR) is
 * seat 0's less what only seat 0 sees (its hand, its peek, its draw, its
 * pile where the others do not see it). game_round_hands gives each
 * round's hands as dealt once that round is over, and nothing before. */
#include "test_util.h"

#include "ai.h"
#include "rng.h"

#define RANDOM_MATCHES 24 /* per variant, cycling the player counts */
#define GREEDY_MATCHES 6
#define CARD_VALUES 256        /* every value a Card can hold */
#define MATCH_MAX_MOVES 200000 /* a bound no match comes near */

/* What each seat (index seat + 1; 0 for the spectator) may have seen. */
typedef struct Seen {
    bool card[CEKI_MAX_SEATS + 1][CARD_VALUES];
} Seen;

/* The card fields of an event that hold cards (others carry numbers: Pèi's
 * dice, packets and payments, Kowah's claimed-from seat). */
static bool card_is_card(uint8_t type)
{
    switch (type) {
    case EV_CEREMONY_CARD:
    case EV_DEAL_HAND:
    case EV_DEAL_POOL:
    case EV_PLAYED:
    case EV_TURNED:
    case EV_CAPTURED:
    case EV_TRAILED:
    case EV_PAIR_TAKEN:
    case EV_FORFEIT:
    case EV_KING_WON:
    case EV_CUT:
    case EV_PEEK:
    case EV_DRAWN:
    case EV_DISCARDED:
    case EV_DECLARED:
    case EV_CLAIMED:
    case EV_ROUND_WON: return true;
    default: return false;
    }
}

static bool card2_is_card(uint8_t type)
{
    return type == EV_CAPTURED || type == EV_PAIR_TAKEN || type == EV_FORFEIT;
}

/* Cards shown to every seat that stay in no place an observation shows: the
 * seating and dealer's draws, Kings cuts (from their own shuffle, shown card
 * by card, RULES.md 3.8) and the Kings trophy won (the four Kings lie apart
 * in the open). */
static bool shown_in_passing(uint8_t type)
{
    return type == EV_CEREMONY_CARD || type == EV_CUT || type == EV_KING_WON;
}

static void mark(bool *seen, Card c)
{
    if (c != CARD_NONE)
        seen[c] = true;
}

/* Every card `o` shows its seat. */
static void mark_observation(bool *seen, const Observation *o)
{
    for (int i = 0; i < o->hand_count[o->seat]; i++)
        mark(seen, o->hand[i]);
    for (int i = 0; i < o->pool_count; i++)
        mark(seen, o->pool[i]);
    for (int s = 0; s < o->players; s++) {
        for (int i = 0; o->captured_visible[s] && i < o->captured_count[s]; i++)
            mark(seen, o->captured[s][i]);
        mark(seen, o->exposed[s]);
    }
    for (int i = 0; i < o->discard_count; i++)
        mark(seen, o->discard[i]);
    mark(seen, o->turned);
    mark(seen, o->stock_last_public);
    mark(seen, o->peek);
    mark(seen, o->shown_draw);
    for (int i = 0; i < o->history.count; i++) {
        const PublicEntry *e = &o->history.entry[i];
        mark(seen, e->card);
        if (e->kind != PUB_CLAIM) /* a claim's card2 is a seat */
            mark(seen, e->card2);
    }
}

/* Adds what every seat sees of g now; the spectator sees what all seats see. */
static void seen_add(Seen *seen, const Game *g, Observation *o)
{
    int n = game_players(g);
    bool all[CARD_VALUES];
    memset(all, 1, sizeof all);
    for (int s = 0; s < n; s++) {
        bool mine[CARD_VALUES] = {0};
        assert_int_equal(game_observe(g, s, o), CEKI_OK);
        mark_observation(mine, o);
        for (int c = 0; c < CARD_VALUES; c++) {
            seen->card[s + 1][c] = seen->card[s + 1][c] || mine[c];
            all[c] = all[c] && mine[c];
        }
    }
    for (int c = 0; c < CARD_VALUES; c++)
        seen->card[0][c] = seen->card[0][c] || all[c];
}

static void check_card_seen(const Seen *seen, int seat, uint8_t type, Card c)
{
    if (c == CARD_NONE || shown_in_passing(type))
        return;
    if (!seen->card[seat + 1][c]) {
        char text[CARD_TEXT_MAX] = {0};
        print_error("seat %d sees %s in event %d, which it was not shown\n", seat,
                    card_format(c, text), type);
        fail();
    }
}

/* The filtered events against the raw ones: same shape, cards kept or masked
 * as the rules say. */
static void check_event_pair(const GameEvent *raw, const GameEvent *mine, int seat)
{
    assert_int_equal(mine->type, raw->type);
    assert_int_equal(mine->seat, raw->seat);
    assert_int_equal(mine->value, raw->value);
    if (raw->card != CARD_NONE && mine->card != CARD_NONE)
        assert_int_equal(mine->card, raw->card); /* unmasked: unchanged */
    if (!card_is_card(raw->type))
        assert_int_equal(mine->card, raw->card);
    assert_int_equal(mine->card2, raw->card2); /* no card2 is ever private */
    bool owner = raw->seat == seat;
    if (raw->type == EV_DEAL_HAND || (raw->type == EV_PEEK && raw->seat >= 0))
        assert_int_equal(mine->card, owner ? raw->card : CARD_NONE);
    if (raw->type == EV_DRAWN && raw->card == CARD_NONE) /* a hidden stock draw */
        assert_true(owner ? mine->card != CARD_NONE : mine->card == CARD_NONE);
}

/* A drawer's hidden stock draw is a card the drawer now holds. */
static void check_own_draw(const GameEvent *raw, const GameEvent *mine, int seat,
                           const Observation *after)
{
    if (raw->type != EV_DRAWN || raw->seat != seat || raw->value != 0 || raw->card != CARD_NONE)
        return;
    bool held = false;
    for (int i = 0; i < after->hand_count[seat]; i++)
        held = held || after->hand[i] == mine->card;
    assert_true(held);
}

/* The last apply's events as every seat and the spectator see them. */
static void check_events(const Game *g, const Seen *seen, Observation *o)
{
    int n = 0;
    const GameEvent *raw = game_events(g, &n);
    GameEvent *mine = malloc(sizeof *mine * (size_t)(n ? n : 1));
    assert_non_null(mine);
    for (int seat = -1; seat < game_players(g); seat++) {
        assert_int_equal(game_events_for_seat(g, raw, n, seat, mine), n);
        if (seat >= 0)
            assert_int_equal(game_observe(g, seat, o), CEKI_OK);
        for (int i = 0; i < n; i++) {
            check_event_pair(&raw[i], &mine[i], seat);
            if (card_is_card(raw[i].type))
                check_card_seen(seen, seat, raw[i].type, mine[i].card);
            if (card2_is_card(raw[i].type))
                check_card_seen(seen, seat, raw[i].type, mine[i].card2);
            if (seat >= 0)
                check_own_draw(&raw[i], &mine[i], seat, o);
        }
    }
    free(mine);
}

/* Seat 0's view less what only seat 0 sees is the spectator's, byte for
 * byte (other seats see pile 0 as the spectator does). */
static void check_spectator_view(const Game *g, Observation *o, Observation *want)
{
    assert_int_equal(game_observe(g, GAME_SPECTATOR, o), CEKI_OK);
    assert_int_equal(game_observe(g, 1 % game_players(g), want), CEKI_OK);
    bool pile0 = want->captured_visible[0];
    assert_int_equal(game_observe(g, 0, want), CEKI_OK);
    want->seat = GAME_SPECTATOR;
    memset(want->hand, 0, sizeof want->hand);
    want->peek = CARD_NONE;
    want->peek_depth = 0;
    want->drawn = CARD_NONE;
    want->captured_visible[0] = pile0 && game_players(g) > 1;
    if (!want->captured_visible[0])
        memset(want->captured[0], CARD_NONE, sizeof want->captured[0]);
    assert_memory_equal(o, want, sizeof *o);
}

/* Each round's hands at its first position, and which rounds were checked. */
typedef struct HandsTrack {
    int dealt; /* the last round whose hands are kept */
    RoundHands *hands;
    int cap;
    int checked; /* rounds whose game_round_hands was compared */
} HandsTrack;

/* The hands every seat holds now, for a round seen for the first time. */
static void hands_keep(HandsTrack *t, const Game *g, Observation *o)
{
    int round = game_observe(g, 0, o) == CEKI_OK ? o->round : 0;
    if (round <= t->dealt || round < 1)
        return;
    if (round > t->cap) {
        t->cap = round * 2;
        t->hands = realloc(t->hands, sizeof *t->hands * (size_t)t->cap);
        assert_non_null(t->hands);
    }
    RoundHands *h = &t->hands[round - 1];
    memset(h, 0, sizeof *h);
    h->round = round;
    h->players = game_players(g);
    for (int s = 0; s < h->players; s++) {
        assert_int_equal(game_observe(g, s, o), CEKI_OK);
        h->count[s] = o->hand_count[s];
        memcpy(h->hand[s], o->hand, (size_t)o->hand_count[s]);
    }
    t->dealt = round;
}

/* The round being played shows no hand; one that has just ended shows the
 * hands it was dealt. */
static void hands_check(HandsTrack *t, const Game *g, Observation *o, bool ended)
{
    RoundHands got;
    assert_int_equal(game_observe(g, 0, o), CEKI_OK);
    int round = o->round;
    assert_int_equal(game_round_hands(g, round + 1, &got), CEKI_ERR_STATE);
    if (!ended) {
        assert_int_equal(game_round_hands(g, round, &got), CEKI_ERR_STATE);
        return;
    }
    assert_int_equal(game_round_hands(g, round, &got), CEKI_OK);
    assert_memory_equal(&got, &t->hands[round - 1], sizeof got);
    t->checked++;
}

/* One whole match: the events of game_create and of every apply. Returns
 * the moves played. */
static int play_match(const GameConfig *cfg, AiLevel level, uint64_t ai_seed)
{
    Game *g = game_create(cfg, NULL);
    assert_non_null(g);
    Observation *o = malloc(sizeof *o);
    Seen *seen = calloc(1, sizeof *seen);
    assert_true(o && seen);
    Observation *want = malloc(sizeof *want);
    HandsTrack track = {0, NULL, 0, 0};
    assert_non_null(want);
    AiPlayer *ai = ai_create(level, ai_seed);
    assert_non_null(ai);
    seen_add(seen, g, o);
    check_events(g, seen, o);
    check_spectator_view(g, o, want);
    hands_keep(&track, g, o);
    int moves = 0;
    for (; !game_match_over(g); moves++) {
        assert_true(moves < MATCH_MAX_MOVES);
        memset(seen, 0, sizeof *seen);
        seen_add(seen, g, o); /* before the move */
        bool over_before = game_round_over(g);
        Move m;
        assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        seen_add(seen, g, o); /* and after it */
        check_events(g, seen, o);
        check_spectator_view(g, o, want);
        hands_keep(&track, g, o);
        bool ended = game_round_over(g) || game_match_over(g);
        if (ended != over_before) /* a round has just ended, or a new one begun */
            hands_check(&track, g, o, ended);
    }
    assert_int_equal(track.checked, track.dealt); /* every round's hands, once over */
    ai_destroy(ai);
    free(track.hands);
    free(want);
    free(seen);
    free(o);
    game_destroy(g);
    return moves;
}

static void visibility_matches(VariantId v)
{
    const VariantDesc *desc = variant_get(v);
    int counts[CEKI_MAX_SEATS + 1], ncounts = 0;
    for (int p = desc->min_players; p <= desc->max_players; p++) {
        if (variant_players_ok(desc, p))
            counts[ncounts++] = p;
    }
    Rng rng;
    rng_seed(&rng, 2800 + (uint64_t)v);
    long moves = 0;
    for (int i = 0; i < RANDOM_MATCHES + GREEDY_MATCHES; i++) {
        GameConfig cfg = game_config_default(v, 500 + (uint64_t)i);
        cfg.players = counts[i % ncounts];
        cfg.options = desc->options & (uint32_t)rng_next(&rng);
        if (desc->start == START_PEI)
            cfg.stakes = (StakeScheme)rng_below(&rng, STAKES_COUNT);
        AiLevel level = i < RANDOM_MATCHES ? AI_RANDOM : AI_GREEDY;
        moves += play_match(&cfg, level, game_seat_ai_seed(cfg.seed, 0));
    }
    print_message("%s: %d matches, %ld moves\n", desc->key, RANDOM_MATCHES + GREEDY_MATCHES, moves);
}

static void test_visibility(void **state)
{
    visibility_matches(*(const VariantId *)*state);
}

/* Bad arguments change nothing and say so; out may be in. */
static void test_visibility_arguments(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 7);
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    int n = 0;
    const GameEvent *raw = game_events(g, &n);
    assert_true(n > 0);
    GameEvent *copy = malloc(sizeof *copy * (size_t)n);
    GameEvent *masked = malloc(sizeof *masked * (size_t)n);
    assert_true(copy && masked);
    memcpy(copy, raw, sizeof *copy * (size_t)n);
    memset(masked, 0xAB, sizeof *masked * (size_t)n);
    assert_int_equal(game_events_for_seat(g, raw, n, game_players(g), masked), -1);
    assert_int_equal(game_events_for_seat(g, raw, n, -2, masked), -1);
    assert_int_equal(game_events_for_seat(g, raw, -1, 0, masked), -1);
    assert_int_equal(game_events_for_seat(NULL, raw, n, 0, masked), -1);
    for (int i = 0; i < n; i++)
        assert_int_equal(masked[i].type, 0xAB);
    assert_int_equal(game_events_for_seat(g, raw, n, 1, masked), n);
    assert_int_equal(game_events_for_seat(g, copy, n, 1, copy), n); /* in place */
    assert_memory_equal(copy, masked, sizeof *copy * (size_t)n);
    int hidden = 0;
    for (int i = 0; i < n; i++)
        hidden += raw[i].type == EV_DEAL_HAND && raw[i].seat != 1 && masked[i].card == CARD_NONE;
    assert_true(hidden > 0);
    /* the hands shown late: not of a round being played, nor out of range,
     * nor of a game without its moves; an observer out of range */
    RoundHands *h = malloc(sizeof *h);
    Observation *o = malloc(sizeof *o);
    assert_true(h && o);
    memset(h, 0x5A, sizeof *h);
    assert_int_equal(game_round_hands(g, 1, h), CEKI_ERR_STATE);
    assert_int_equal(game_round_hands(g, 0, h), CEKI_ERR_STATE);
    assert_int_equal(game_round_hands(NULL, 1, h), CEKI_ERR_ARG);
    assert_int_equal(game_round_hands(g, 1, NULL), CEKI_ERR_ARG);
    assert_int_equal(h->round, 0x5A5A5A5A);
    assert_int_equal(game_observe(g, -2, o), CEKI_ERR_ARG);
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; i < 10000 && !game_round_over(g); i++) {
        assert_true(game_legal_moves(g, moves, GAME_MAX_MOVES) > 0);
        assert_int_equal(game_apply(g, &moves[0]), CEKI_OK);
    }
    assert_int_equal(game_round_hands(g, 1, h), CEKI_OK);
    assert_int_equal(h->round, 1);
    assert_int_equal(h->players, game_players(g));
    Game *bare = game_clone(g, false);
    assert_non_null(bare);
    assert_int_equal(game_round_hands(bare, 1, h), CEKI_ERR_STATE);
    game_destroy(bare);
    free(o);
    free(h);
    free(masked);
    free(copy);
    game_destroy(g);
}

int main(void)
{
    static VariantId ids[VARIANT_COUNT];
    struct CMUnitTest tests[VARIANT_COUNT + 1];
    for (int i = 0; i < VARIANT_COUNT; i++) {
        ids[i] = (VariantId)i;
        tests[i] = (struct CMUnitTest){.name = variant_get(ids[i])->key,
                                       .test_func = test_visibility,
                                       .initial_state = &ids[i]};
    }
    tests[VARIANT_COUNT] =
        (struct CMUnitTest){.name = "arguments", .test_func = test_visibility_arguments};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
