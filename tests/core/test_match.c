/* test_match.c — the rules of whole matches (RULES.md §3.8, §3.9, §3.11):
 * Kings cuts for a tied round and a tied match, Totit's tie-break hands among
 * the tied leaders only, Pèi's seating draw deciding all three roles, and a
 * self-play check that every match of every variant ends. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game_internal.h"
#include "record.h"
#include "rng.h"

static Game *new_game(VariantId v, int players, uint64_t seed)
{
    GameConfig cfg = game_config_default(v, seed);
    cfg.players = players;
    CekiStatus st = CEKI_ERR_ARG;
    Game *g = game_create(&cfg, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(g);
    return g;
}

static void apply_random(Game *g, Rng *rng)
{
    Move m[GAME_MAX_MOVES];
    int n = game_legal_moves(g, m, GAME_MAX_MOVES);
    assert_true(n > 0);
    assert_int_equal(game_apply(g, &m[rng_below(rng, (uint32_t)n)]), CEKI_OK);
}

static int count_true(const bool *b, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += b[i];
    return c;
}

/* ---- Kings ---- */

/* Plays a Kings match at random; counts the cuts for a round's King and for
 * the match, and checks each cut: only tied seats cut, the highest card
 * (A high) wins, the winner takes the King or the match. */
static void play_kings(uint64_t seed, int players, int *round_cuts, int *match_cuts)
{
    Rng rng;
    rng_seed(&rng, seed);
    Game *g = new_game(VARIANT_KINGS, players, seed);
    while (!game_match_over(g)) {
        int before[CEKI_MAX_SEATS];
        memcpy(before, g->match_score, sizeof before);
        apply_random(g, &rng);
        int n = 0;
        const GameEvent *e = game_events(g, &n);
        bool cut_seat[CEKI_MAX_SEATS] = {false};
        for (int i = 0; i < n; i++) {
            if (e[i].type == EV_CUT) {
                cut_seat[e[i].seat] = true;
                int rank = card_rank(e[i].card);
                assert_int_equal(e[i].value, rank == 1 ? 14 : rank);
            } else if (e[i].type == EV_CUT_WON) {
                assert_true(cut_seat[e[i].seat]);
                assert_true(count_true(cut_seat, players) >= 2);
                if (e[i].value == 0)
                    ++*round_cuts;
                else
                    ++*match_cuts;
                if (e[i].value == 1)
                    assert_true(g->match_winner[e[i].seat]);
                else
                    assert_int_equal(g->match_score[e[i].seat], before[e[i].seat] + 1);
                /* The winner's card in the last cut (its seats cut in seat
                 * order) beats every other card of that cut. */
                int first = i - 1;
                while (first > 0 && e[first - 1].type == EV_CUT &&
                       e[first - 1].seat < e[first].seat)
                    first--;
                int top = -1;
                for (int k = first; k < i; k++)
                    top = e[k].seat == e[i].seat ? e[k].value : top;
                assert_true(top > 0);
                for (int k = first; k < i; k++)
                    assert_true(e[k].seat == e[i].seat || e[k].value < top);
                memset(cut_seat, 0, sizeof cut_seat);
            }
        }
    }
    assert_int_equal(count_true(g->match_winner, players), 1);
    int kings = 0;
    for (int s = 0; s < players; s++)
        kings += g->match_score[s];
    assert_int_equal(kings, 4);
    game_destroy(g);
}

static void test_kings_match_always_has_one_winner(void **state)
{
    (void)state;
    int round_cuts = 0, match_cuts = 0;
    for (int players = 2; players <= 6; players++) {
        for (uint64_t seed = 1; seed <= 60; seed++)
            play_kings(seed * 7919 + (uint64_t)players, players, &round_cuts, &match_cuts);
    }
    /* Both ties occur in 300 matches (2-2 splits of four Kings are common
     * with two players), so both cuts were checked above. */
    assert_true(round_cuts > 0);
    assert_true(match_cuts > 0);
}

/* Forced match ties: two-player matches that end two Kings each (found by
 * seed) are settled by a cut, and the match has one winner. */
static void test_kings_forced_match_tie(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 200 && found < 5; seed++) {
        Rng rng;
        rng_seed(&rng, seed);
        Game *g = new_game(VARIANT_KINGS, 2, seed);
        while (!game_match_over(g))
            apply_random(g, &rng);
        bool tie = g->match_score[0] == 2 && g->match_score[1] == 2 && game_match_over(g);
        if (tie) {
            found++;
            assert_int_equal(count_true(g->match_winner, 2), 1);
            int n = 0;
            const GameEvent *e = game_events(g, &n);
            assert_int_equal(e[n - 1].type, EV_MATCH_OVER);
            assert_int_equal(e[n - 1].value, 1);
            bool match_cut = false;
            for (int i = 0; i < n; i++)
                match_cut |= e[i].type == EV_CUT_WON && e[i].value == 1;
            assert_true(match_cut);
        }
        game_destroy(g);
    }
    assert_int_equal(found, 5);
}

/* ---- Totit ---- */

static void check_totit_round_start(const Game *g, const int *totals, int *tiebreaks)
{
    int n = g->n, best = totals[0];
    for (int s = 1; s < n; s++)
        best = totals[s] > best ? totals[s] : best;
    int tied = 0;
    for (int s = 0; s < n; s++)
        tied += totals[s] == best;
    bool tiebreak = g->round > n;
    if (tiebreak) {
        assert_true(tied >= 2);
        ++*tiebreaks;
    }
    int playing = 0;
    for (int s = 0; s < n; s++) {
        bool out = tiebreak && totals[s] != best;
        assert_int_equal(g->sitting_out[s], out);
        assert_int_equal(game_sitting_out(g, s), out);
        playing += !out;
        if (out)
            assert_int_equal(g->hand_n[s], 0);
    }
    for (int s = 0; s < n; s++) {
        if (!g->sitting_out[s])
            assert_int_equal(g->hand_n[s], variant_hand_size(g->v, playing));
    }
    assert_false(g->sitting_out[g->dealer]);
    assert_false(g->sitting_out[g->to_move]);
    int n_ev = 0, sit_events = 0;
    const GameEvent *e = game_events(g, &n_ev);
    for (int i = 0; i < n_ev; i++)
        sit_events += e[i].type == EV_SIT_OUT;
    assert_int_equal(sit_events, n - playing);
}

static void test_totit_tiebreak_hands_only_the_tied(void **state)
{
    (void)state;
    int tiebreaks = 0;
    for (int players = 2; players <= 6; players++) {
        for (uint64_t seed = 1; seed <= 40; seed++) {
            Rng rng;
            rng_seed(&rng, seed);
            Game *g = new_game(VARIANT_TOTIT, players, seed + 1000u * (uint64_t)players);
            int totals[CEKI_MAX_SEATS] = {0};
            check_totit_round_start(g, totals, &tiebreaks);
            while (!game_match_over(g)) {
                bool next = game_round_over(g);
                if (next)
                    memcpy(totals, g->match_score, sizeof totals);
                apply_random(g, &rng);
                if (next)
                    check_totit_round_start(g, totals, &tiebreaks);
                for (int s = 0; s < players; s++) {
                    if (g->sitting_out[s]) {
                        assert_int_equal(g->captured_n[s], 0);
                        assert_int_equal(g->match_score[s], totals[s]);
                    }
                }
            }
            assert_int_equal(count_true(g->match_winner, players), 1);
            game_destroy(g);
        }
    }
    assert_true(tiebreaks > 0);
}

/* ---- Pèi ---- */

typedef struct Draw {
    int sums[CEKI_MAX_SEATS][16]; /* each seat's two-card sums, draw by draw */
    int count[CEKI_MAX_SEATS];
} Draw;

static Draw read_draw(const Game *g)
{
    Draw d;
    memset(&d, 0, sizeof d);
    int n = 0, cards = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n && e[i].type != EV_SEATING; i++) {
        if (e[i].type != EV_CEREMONY_CARD)
            continue;
        int s = e[i].seat;
        if (++cards % 2 == 0) {
            assert_true(d.count[s] < 16);
            d.sums[s][d.count[s]++] = e[i].value;
        }
    }
    return d;
}

/* a before b when its sums are higher at the first draw where they differ. */
static int compare_draws(const Draw *d, int a, int b)
{
    for (int i = 0; i < d->count[a] && i < d->count[b]; i++) {
        if (d->sums[a][i] != d->sums[b][i])
            return d->sums[a][i] > d->sums[b][i] ? -1 : 1;
    }
    fail_msg("seats %d and %d are still tied", a, b);
    return 0;
}

static int seat_with(const Game *g, GameRole r)
{
    for (int s = 0; s < g->n; s++) {
        if (g->role[s] == r)
            return s;
    }
    fail();
    return -1;
}

static void check_pei_draw(VariantId v, uint64_t seed, int *redraws, int *reversed)
{
    Game *g = new_game(v, 3, seed);
    Draw d = read_draw(g);
    int order[3] = {0, 1, 2};
    for (int i = 1; i < 3; i++) {
        for (int j = i; j > 0 && compare_draws(&d, order[j], order[j - 1]) < 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    }
    assert_int_equal(seat_with(g, ROLE_RAJA), order[0]);
    assert_int_equal(seat_with(g, ROLE_PATIH), order[1]);
    assert_int_equal(seat_with(g, ROLE_UNYIK), order[2]);
    /* Play runs raja -> patih -> unyik; the raja leads, the unyik deals. */
    assert_int_equal(game_next_seat(g, order[0]), order[1]);
    assert_int_equal(game_next_seat(g, order[1]), order[2]);
    assert_int_equal(game_next_seat(g, order[2]), order[0]);
    assert_int_equal(game_to_move(g), order[0]);
    assert_int_equal(g->dealer, order[2]);
    /* A seat draws again only while tied with another at every draw before. */
    for (int s = 0; s < 3; s++) {
        for (int k = 1; k < d.count[s]; k++) {
            bool tied = false;
            for (int t = 0; t < 3; t++) {
                tied |= t != s && d.count[t] > k &&
                        memcmp(d.sums[t], d.sums[s], (size_t)k * sizeof(int)) == 0;
            }
            assert_true(tied);
        }
        *redraws += d.count[s] > 1;
    }
    *reversed += g->dir < 0;
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(g, 0, o), CEKI_OK);
    for (int s = 0; s < 3; s++)
        assert_int_equal(o->next_seat[s], game_next_seat(g, s));
    free(o);
    game_destroy(g);
}

static void test_pei_roles_follow_the_draw(void **state)
{
    (void)state;
    int redraws = 0, reversed = 0;
    for (VariantId v = VARIANT_PEI; v <= VARIANT_PEI_CHINESE; v++) {
        for (uint64_t seed = 1; seed <= 400; seed++)
            check_pei_draw(v, seed, &redraws, &reversed);
    }
    /* Redraws among tied players and reversed seatings both happen. */
    assert_true(redraws > 0);
    assert_true(reversed > 0);
}

/* A forced redraw: a seed whose first draw ties patih and unyik (or raja and
 * another); only the tied seats draw again. */
static void test_pei_forced_redraw(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 2000 && found < 3; seed++) {
        Game *g = new_game(VARIANT_PEI, 3, seed);
        Draw d = read_draw(g);
        int redrawing = 0;
        for (int s = 0; s < 3; s++)
            redrawing += d.count[s] > 1;
        if (redrawing == 2) {
            found++;
            int a = -1, b = -1, other = -1;
            for (int s = 0; s < 3; s++) {
                if (d.count[s] == 1)
                    other = s;
                else if (a < 0)
                    a = s;
                else
                    b = s;
            }
            assert_int_equal(d.sums[a][0], d.sums[b][0]);
            assert_int_not_equal(d.sums[other][0], d.sums[a][0]);
            assert_int_equal(d.count[other], 1);
        }
        int rounds = 0;
        Rng rng;
        rng_seed(&rng, seed);
        while (!game_match_over(g) && rounds < 2) { /* roles stay on the same seats' order */
            int dir = g->dir;
            apply_random(g, &rng);
            assert_int_equal(g->dir, dir);
            rounds += game_round_over(g);
        }
        game_destroy(g);
    }
    assert_int_equal(found, 3);
}

/* The replay record keeps the draw: replaying it seats everyone as before. */
static void test_pei_record_keeps_the_draw(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        Rng rng;
        rng_seed(&rng, seed);
        Game *g = new_game(seed % 2 ? VARIANT_PEI : VARIANT_PEI_CHINESE, 3, seed);
        for (int i = 0; i < 30; i++)
            apply_random(g, &rng);
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_int_equal(record_write(g, f), CEKI_OK);
        rewind(f);
        Game *r = NULL;
        char err[RECORD_ERROR_MAX] = "";
        assert_int_equal(record_read(f, &r, err, sizeof err), CEKI_OK);
        fclose(f);
        assert_int_equal(r->dir, g->dir);
        for (int s = 0; s < 3; s++) {
            assert_int_equal(r->role[s], g->role[s]);
            assert_int_equal(game_next_seat(r, s), game_next_seat(g, s));
            assert_int_equal(r->hand_n[s], g->hand_n[s]);
            assert_memory_equal(r->hand[s], g->hand[s], (size_t)g->hand_n[s]);
        }
        game_destroy(r);
        game_destroy(g);
    }
}

/* ---- every variant ---- */

static void test_every_match_ends(void **state)
{
    (void)state;
    for (VariantId v = 0; v < VARIANT_COUNT; v++) {
        const VariantDesc *d = variant_get(v);
        for (int players = d->min_players; players <= d->max_players; players++) {
            GameConfig cfg = game_config_default(v, 5);
            cfg.players = players;
            if (game_config_check(&cfg) != CEKI_OK)
                continue;
            for (uint64_t seed = 1; seed <= 3; seed++) {
                Rng rng;
                rng_seed(&rng, seed);
                Game *g = new_game(v, players, seed);
                long moves = 0;
                while (!game_match_over(g) && moves < 2000000) {
                    apply_random(g, &rng);
                    moves++;
                }
                assert_true(game_match_over(g));
                int winners = count_true(g->match_winner, players);
                int won = 0; /* Kowah: a match in which no hand was won has no winner */
                for (int s = 0; s < players; s++)
                    won += g->match_score[s];
                if (winners < 1 && !(v == VARIANT_KOWAH && won == 0))
                    fail_msg("%s, %d players, seed %d: no winner", d->key, players, (int)seed);
                if (d->match_kind == MATCHKIND_KINGS ||
                    d->match_kind == MATCHKIND_EACH_DEALS_UNTIED)
                    assert_int_equal(winners, 1);
                game_destroy(g);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kings_match_always_has_one_winner),
        cmocka_unit_test(test_kings_forced_match_tie),
        cmocka_unit_test(test_totit_tiebreak_hands_only_the_tied),
        cmocka_unit_test(test_pei_roles_follow_the_draw),
        cmocka_unit_test(test_pei_forced_redraw),
        cmocka_unit_test(test_pei_record_keeps_the_draw),
        cmocka_unit_test(test_every_match_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
