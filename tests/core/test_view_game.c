/* game_from_view: a game rebuilt from one seat's view.
 *
 * Seeded whole matches of every variant (every player count in turn), with
 * the match played by greedy and random players. At every decision, for
 * every seat s: the game rebuilt from s's observation shows s exactly that
 * observation again (compared field by field); when s is to move it has the
 * same legal moves, and a greedy player and a strong player on an iteration
 * budget, each with the same seed, choose the same move on it as on the real
 * game (the strong one at every STRONG_EVERY-th decision, to bound the time).
 * The matches must reach the rules' special moments: Pèi's seating draw and
 * peeks, Kings trophies and cuts, Totit tie-break hands, Kowah's claims and
 * declared hands. Views no game can have are refused with a status.
 * CEKI_VIEW_MATCHES (environment) sets the matches per variant (MATCHES by
 * default; CI's sanitizer pass runs fewer, .ci/sanitize); with fewer than
 * MATCHES, a variant plays on until it has reached its special moments. */
#include "test_util.h"

#include "ai.h"
#include "rng.h"

#define MATCHES 6        /* per variant */
#define MATCHES_MAX 1000 /* what CEKI_VIEW_MATCHES may ask */
#define STRONG_EVERY 11  /* decisions between two strong players' checks */
#define STRONG_ITERATIONS 200
#define MATCH_MAX_MOVES 200000 /* a bound no match comes near */

/* What the matches of one variant went through. */
typedef struct Reached {
    long decisions, greedy, strong;
    long peeks, reversed, claims, declared, sitting_out, kings_won, cuts;
} Reached;

/* ---- comparing observations ---------------------------------------------- */

#define SAME(field)                                                                                \
    do {                                                                                           \
        if ((a)->field != (b)->field) {                                                            \
            print_error("observation field %s: %d != %d\n", #field, (int)(a)->field,               \
                        (int)(b)->field);                                                          \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

#define SAME_CARDS(field, count)                                                                   \
    do {                                                                                           \
        if ((count) > 0 && memcmp((a)->field, (b)->field, (size_t)(count)) != 0) {                 \
            print_error("observation cards %s differ\n", #field);                                  \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

static void obs_same_seats(const Observation *a, const Observation *b)
{
    for (int s = 0; s < a->players; s++) {
        SAME(role[s]);
        SAME(next_seat[s]);
        SAME(sitting_out[s]);
        SAME(hand_count[s]);
        SAME(captured_count[s]);
        SAME(captured_visible[s]);
        SAME_CARDS(captured[s], a->captured_count[s]);
        SAME(first_turn[s]);
        SAME(forfeited[s]);
        SAME(exposed[s]);
        SAME(peek_depth_of[s]);
        SAME(round_score[s]);
        SAME(round_winner[s]);
        SAME(match_score[s]);
        SAME(units[s]);
        SAME(match_winner[s]);
    }
}

static void obs_same_history(const PublicHistory *a, const PublicHistory *b)
{
    SAME(count);
    SAME(total);
    for (int i = 0; i < a->count; i++) {
        SAME(entry[i].kind);
        SAME(entry[i].seat);
        SAME(entry[i].flags);
        SAME(entry[i].card);
        SAME(entry[i].card2);
    }
    assert_memory_equal(a->pile, b->pile, sizeof a->pile);
    assert_memory_equal(a->hand, b->hand, sizeof a->hand);
}

/* a and b show the same: every field, arrays up to their counts, and (both
 * being game_observe's, which clears first) byte for byte. */
static void obs_assert_same(const Observation *a, const Observation *b)
{
    SAME(variant);
    SAME(players);
    SAME(seat);
    SAME(round);
    SAME(phase);
    SAME(to_move);
    SAME(dealer);
    SAME(starter);
    SAME_CARDS(hand, a->hand_count[a->seat]);
    SAME(pool_count);
    SAME_CARDS(pool, a->pool_count);
    SAME(stock_count);
    SAME(set_aside_count);
    SAME(turned);
    SAME(stock_last_public);
    SAME(peek);
    SAME(peek_depth);
    SAME(discard_count);
    SAME_CARDS(discard, a->discard_count);
    SAME(shown_draw);
    SAME(drawn);
    SAME(idle_turns);
    SAME(pot);
    obs_same_seats(a, b);
    obs_same_history(&a->history, &b->history);
    assert_memory_equal(a, b, sizeof *a);
}

/* ---- one decision ---------------------------------------------------------- */

/* The move `level` with `seed` chooses on g for its seat to move. */
static Move ai_move(AiLevel level, uint64_t seed, const Game *g)
{
    AiPlayer *ai = ai_create(level, seed);
    assert_non_null(ai);
    ai_set_budget_iterations(ai, STRONG_ITERATIONS);
    Move m;
    assert_int_equal(ai_choose(ai, g, game_to_move(g), &m), CEKI_OK);
    ai_destroy(ai);
    return m;
}

static void assert_same_moves(const Game *real, const Game *rebuilt)
{
    static Move a[GAME_MAX_MOVES], b[GAME_MAX_MOVES];
    int na = game_legal_moves(real, a, GAME_MAX_MOVES);
    int nb = game_legal_moves(rebuilt, b, GAME_MAX_MOVES);
    assert_int_equal(na, nb);
    for (int i = 0; i < na && i < GAME_MAX_MOVES; i++) {
        assert_true(move_equal(&a[i], &b[i]));
        assert_int_equal(a[i].flags, b[i].flags);
    }
}

static void assert_same_choice(AiLevel level, uint64_t seed, const Game *real, const Game *rebuilt)
{
    Move a = ai_move(level, seed, real), b = ai_move(level, seed, rebuilt);
    if (!move_equal(&a, &b)) {
        char x[MOVE_TEXT_MAX], y[MOVE_TEXT_MAX];
        print_error("%s chose %s on the real game, %s on the rebuilt one\n", ai_level_key(level),
                    move_format(&a, x), move_format(&b, y));
        fail();
    }
}

/* What this position shows of the rules' special moments. */
static void note_reached(const Observation *o, Reached *r)
{
    r->claims += o->phase == PHASE_CLAIM;
    r->reversed += o->next_seat[0] != 1 % o->players; /* Pèi's seating draw turned the order */
    for (int s = 0; s < o->players; s++) {
        r->peeks += o->peek_depth_of[s] > 0;
        r->declared += o->exposed[s] != CARD_NONE;
        r->sitting_out += o->sitting_out[s];
    }
}

/* Every seat's view of g rebuilt and checked; the AIs when it is to move. */
static void check_position(const Game *g, Observation *o, Observation *again, Reached *r)
{
    const GameConfig *cfg = game_config(g);
    GameConfig blind = *cfg;
    blind.seed = 0; /* the rebuild must not need it */
    for (int s = 0; s < game_players(g); s++) {
        assert_int_equal(game_observe(g, s, o), CEKI_OK);
        CekiStatus st = CEKI_ERR_ARG;
        Game *rebuilt = game_from_view(&blind, o, &st);
        assert_int_equal(st, CEKI_OK);
        assert_non_null(rebuilt);
        assert_int_equal(game_observe(rebuilt, s, again), CEKI_OK);
        obs_assert_same(o, again);
        if (s == game_to_move(g)) {
            note_reached(o, r);
            assert_same_moves(g, rebuilt);
            uint64_t seed = game_seat_ai_seed(cfg->seed + (uint64_t)r->decisions, s);
            assert_same_choice(AI_GREEDY, seed, g, rebuilt);
            r->greedy++;
            if (r->decisions % STRONG_EVERY == 0) {
                assert_same_choice(AI_STRONG, seed, g, rebuilt);
                r->strong++;
            }
            r->decisions++;
        }
        game_destroy(rebuilt);
    }
}

/* The Kings trophies and cuts among the events of the last apply. */
static void note_events(const Game *g, Reached *r)
{
    r->kings_won += tu_count_events(g, EV_KING_WON);
    r->cuts += tu_count_events(g, EV_CUT);
}

static void play_match(const GameConfig *cfg, Reached *r, Observation *o, Observation *again)
{
    Game *g = game_create(cfg, NULL);
    assert_non_null(g);
    AiPlayer *players[CEKI_MAX_SEATS] = {NULL};
    for (int s = 0; s < cfg->players; s++) {
        players[s] = ai_create(s % 2 ? AI_RANDOM : AI_GREEDY, game_seat_ai_seed(cfg->seed, s));
        assert_non_null(players[s]);
    }
    for (int moves = 0; !game_match_over(g); moves++) {
        assert_true(moves < MATCH_MAX_MOVES);
        check_position(g, o, again, r);
        Move m;
        int seat = game_to_move(g);
        assert_int_equal(ai_choose(players[seat], g, seat, &m), CEKI_OK);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        note_events(g, r);
    }
    check_position(g, o, again, r); /* the match's end rebuilds too */
    for (int s = 0; s < cfg->players; s++)
        ai_destroy(players[s]);
    game_destroy(g);
}

/* The special moments each kind of game must have reached. */
static void assert_reached(const VariantDesc *desc, const Reached *r)
{
    assert_true(r->decisions > 0 && r->greedy > 0 && r->strong > 0);
    if (desc->start == START_PEI)
        assert_true(r->peeks > 0 && r->reversed > 0);
    if (desc->match_kind == MATCHKIND_KINGS)
        assert_true(r->kings_won > 0 && r->cuts > 0);
    if (desc->match_kind == MATCHKIND_EACH_DEALS_UNTIED)
        assert_true(r->sitting_out > 0);
    if (desc->engine == ENGINE_KOWAH)
        assert_true(r->claims > 0 && r->declared > 0);
}

/* The same, as a question: whether more matches are needed. */
static bool all_reached(const VariantDesc *desc, const Reached *r)
{
    return r->decisions > 0 && r->greedy > 0 && r->strong > 0 &&
           (desc->start != START_PEI || (r->peeks > 0 && r->reversed > 0)) &&
           (desc->match_kind != MATCHKIND_KINGS || (r->kings_won > 0 && r->cuts > 0)) &&
           (desc->match_kind != MATCHKIND_EACH_DEALS_UNTIED || r->sitting_out > 0) &&
           (desc->engine != ENGINE_KOWAH || (r->claims > 0 && r->declared > 0));
}

static int matches_per_variant(void)
{
    const char *env = getenv("CEKI_VIEW_MATCHES");
    if (env == NULL || env[0] == '\0')
        return MATCHES;
    char *end = NULL;
    long n = strtol(env, &end, 10);
    if (*end != '\0' || n < 1 || n > MATCHES_MAX)
        fail_msg("CEKI_VIEW_MATCHES: '%s' is not 1..%d", env, MATCHES_MAX);
    return (int)n;
}

static void view_matches(VariantId v)
{
    const VariantDesc *desc = variant_get(v);
    int counts[CEKI_MAX_SEATS + 1], ncounts = 0;
    for (int p = desc->min_players; p <= desc->max_players; p++) {
        if (variant_players_ok(desc, p))
            counts[ncounts++] = p;
    }
    Observation *o = malloc(sizeof *o), *again = malloc(sizeof *again);
    assert_true(o && again);
    Rng rng;
    rng_seed(&rng, 4100 + (uint64_t)v);
    Reached r = {0};
    /* At least `matches`; fewer than MATCHES go on while a special moment
     * is still missing, up to MATCHES. */
    int matches = matches_per_variant(), played = 0;
    for (int i = 0; i < matches || (i < MATCHES && !all_reached(desc, &r)); i++) {
        GameConfig cfg = game_config_default(v, 900 + (uint64_t)i);
        cfg.players = counts[i % ncounts];
        cfg.options = desc->options & (uint32_t)rng_next(&rng);
        if (desc->start == START_PEI)
            cfg.stakes = (StakeScheme)rng_below(&rng, STAKES_COUNT);
        play_match(&cfg, &r, o, again);
        played++;
    }
    print_message(
        "%s: %d matches, %ld decisions (%ld greedy, %ld strong checks); peeks %ld, reversed %ld, "
        "claims %ld, declared %ld, sitting out %ld, kings %ld, cuts %ld\n",
        desc->key, played, r.decisions, r.greedy, r.strong, r.peeks, r.reversed, r.claims,
        r.declared, r.sitting_out, r.kings_won, r.cuts);
    assert_reached(desc, &r);
    free(again);
    free(o);
}

static void test_view_game(void **state)
{
    view_matches(*(const VariantId *)*state);
}

/* ---- views no game can have ------------------------------------------------ */

static void assert_refused(const GameConfig *cfg, const Observation *o, CekiStatus want)
{
    CekiStatus st = CEKI_OK;
    assert_null(game_from_view(cfg, o, &st));
    assert_int_equal(st, want);
}

static void test_view_refused(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 3);
    Game *g = game_create(&cfg, NULL);
    Observation *o = malloc(sizeof *o), *bad = malloc(sizeof *bad);
    assert_true(g && o && bad);
    assert_int_equal(game_observe(g, 1, o), CEKI_OK);
    assert_refused(&cfg, NULL, CEKI_ERR_ARG);
    assert_refused(NULL, o, CEKI_ERR_ARG);
    GameConfig other = game_config_default(VARIANT_KOWAH, 3);
    assert_refused(&other, o, CEKI_ERR_IMPOSSIBLE); /* another game's view */
    memcpy(bad, o, sizeof *o);
    bad->hand[0] = bad->pool[0]; /* a card twice too many: the deck has two copies */
    bad->hand[1] = bad->pool[0];
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->stock_count++; /* a card from nowhere */
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->hand_count[2] = OBS_MAX_HAND + 1;
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->next_seat[0] = 2; /* an order of play no rule makes */
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->hand[0] = 200; /* not a card */
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->history.count = 3; /* entries the total does not have */
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    memcpy(bad, o, sizeof *o);
    bad->captured_visible[0] = true; /* a face-down pile shown */
    assert_refused(&cfg, bad, CEKI_ERR_IMPOSSIBLE);
    CekiStatus st = CEKI_ERR_ARG;
    Game *fine = game_from_view(&cfg, o, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(fine);
    game_destroy(fine);
    free(bad);
    free(o);
    game_destroy(g);
}

/* ---- views changed at random ------------------------------------------------ */

#define MUTATIONS 3000
#define MUTATION_KINDS 10

/* One change to a view, within its arrays' counts: a count, a card, the
 * phase, the seat to move, scores, peeks, the order of play, the history,
 * Kowah's fields. */
static void mutate(Observation *o, Rng *rng)
{
    int n = o->players, s = (int)rng_below(rng, (uint32_t)n);
    int delta = rng_below(rng, 2) ? 1 : -1;
    Card any = (Card)rng_below(rng, 256);
    switch (rng_below(rng, MUTATION_KINDS)) {
    case 0: o->stock_count += delta; break;
    case 1: o->hand_count[s] += delta; break;
    case 2:
        if (o->hand_count[o->seat] > 0)
            o->hand[rng_below(rng, (uint32_t)o->hand_count[o->seat])] = any;
        break;
    case 3: o->phase = (GamePhase)rng_below(rng, PHASE_MATCH_OVER + 2); break;
    case 4: o->to_move = (int)rng_below(rng, (uint32_t)n + 2) - 1; break;
    case 5: o->match_score[s] += delta * (int)rng_below(rng, 5); break;
    case 6: o->peek_depth_of[s] = (int)rng_below(rng, 4); break;
    case 7: o->next_seat[s] = (int)rng_below(rng, (uint32_t)n); break;
    case 8: o->history.total += delta; break;
    default:
        o->exposed[s] = any;
        o->drawn = rng_below(rng, 2) ? any : o->drawn;
        break;
    }
}

/* Every changed view is refused with a status, or rebuilt into a game that
 * shows its seat that very view (nothing read past a count, nothing lost). */
static void test_view_mutated(void **state)
{
    (void)state;
    static const VariantId some[] = {VARIANT_THOTHIT, VARIANT_KINGS, VARIANT_TOTIT, VARIANT_PEI,
                                     VARIANT_KOWAH};
    Observation *o = malloc(sizeof *o), *bad = malloc(sizeof *bad), *again = malloc(sizeof *again);
    assert_true(o && bad && again);
    Rng rng;
    rng_seed(&rng, 2828);
    int refused = 0, rebuilt = 0;
    for (int i = 0; i < MUTATIONS; i++) {
        GameConfig cfg = game_config_default(some[i % 5], (uint64_t)i);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        for (int k = (int)rng_below(&rng, 40); k > 0 && !game_match_over(g); k--) {
            Move m;
            assert_true(game_legal_moves(g, &m, 1) >= 1);
            assert_int_equal(game_apply(g, &m), CEKI_OK);
        }
        assert_int_equal(game_observe(g, (int)rng_below(&rng, (uint32_t)cfg.players), o), CEKI_OK);
        memcpy(bad, o, sizeof *o);
        mutate(bad, &rng);
        CekiStatus st = CEKI_OK;
        Game *r = game_from_view(&cfg, bad, &st);
        if (!r) {
            assert_int_not_equal(st, CEKI_OK);
            refused++;
        } else {
            assert_int_equal(game_observe(r, bad->seat, again), CEKI_OK);
            obs_assert_same(bad, again);
            rebuilt++;
        }
        game_destroy(r);
        game_destroy(g);
    }
    print_message("%d changed views: %d refused, %d rebuilt as they are\n", MUTATIONS, refused,
                  rebuilt);
    assert_true(refused > 0 && rebuilt > 0);
    free(again);
    free(bad);
    free(o);
}

int main(void)
{
    static VariantId ids[VARIANT_COUNT];
    struct CMUnitTest tests[VARIANT_COUNT + 2];
    for (int i = 0; i < VARIANT_COUNT; i++) {
        ids[i] = (VariantId)i;
        tests[i] = (struct CMUnitTest){.name = variant_get(ids[i])->key,
                                       .test_func = test_view_game,
                                       .initial_state = &ids[i]};
    }
    tests[VARIANT_COUNT] = (struct CMUnitTest){.name = "refused", .test_func = test_view_refused};
    tests[VARIANT_COUNT + 1] =
        (struct CMUnitTest){.name = "mutated", .test_func = test_view_mutated};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
