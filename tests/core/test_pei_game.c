/* test_pei_game.c — Pèi in the fishing engine (RULES.md §3.11–3.13): the
 * deal, the turned-up last card and the private peeks, pei-chinese's packet
 * deal, stakes and the pot across rounds, the next roles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game_internal.h"
#include "pei.h"
#include "rng.h"

static Game *new_game(VariantId v, uint64_t seed, StakeScheme stakes, uint32_t options)
{
    GameConfig cfg = game_config_default(v, seed);
    cfg.stakes = stakes;
    cfg.options = options;
    CekiStatus st = CEKI_ERR_ARG;
    Game *g = game_create(&cfg, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(g);
    return g;
}

static int seat_of(const Game *g, GameRole role)
{
    for (int s = 0; s < g->n; s++) {
        if (g->role[s] == role)
            return s;
    }
    fail();
    return -1;
}

static int count_events(const Game *g, EventType type)
{
    int n = 0, count = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++)
        count += e[i].type == type;
    return count;
}

static void play_random_until_round_over(Game *g, Rng *rng)
{
    while (!game_round_over(g)) {
        Move m[GAME_MAX_MOVES];
        int n = game_legal_moves(g, m, GAME_MAX_MOVES);
        assert_true(n > 0);
        assert_int_equal(game_apply(g, &m[rng_below(rng, (uint32_t)n)]), CEKI_OK);
    }
}

static void test_deal_and_shown_cards(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        Game *g = new_game(VARIANT_PEI, seed, STAKES_NONE, 0);
        for (int s = 0; s < 3; s++)
            assert_int_equal(g->hand_n[s], 14);
        assert_int_equal(g->pool_n, 36);
        assert_int_equal(g->stock_n, 42);
        int raja = seat_of(g, ROLE_RAJA);
        int patih = seat_of(g, ROLE_PATIH);
        int unyik = seat_of(g, ROLE_UNYIK);
        assert_int_equal(patih, game_next_seat(g, raja));
        assert_int_equal(unyik, game_next_seat(g, patih));
        assert_int_equal(game_to_move(g), raja);
        /* The last stock card is turned up for all; the patih sees the next. */
        assert_int_equal(g->stock_last_public, g->stock[0]);
        assert_int_equal(g->peek[patih], g->stock[1]);
        assert_int_equal(g->peek_depth[patih], 2);
        assert_int_equal(g->peek[raja], CARD_NONE);
        assert_int_equal(g->peek[unyik], CARD_NONE);
        Observation *o = malloc(sizeof *o);
        assert_non_null(o);
        for (int s = 0; s < 3; s++) {
            assert_int_equal(game_observe(g, s, o), CEKI_OK);
            assert_int_equal(o->stock_last_public, g->stock[0]);
            assert_int_equal(o->peek, s == patih ? g->stock[1] : CARD_NONE);
            assert_int_equal(o->peek_depth, s == patih ? 2 : 0);
        }
        free(o);
        /* Events: one public showing (seat -1), one private peek. */
        int n = 0;
        const GameEvent *e = game_events(g, &n);
        int shown = 0, peeks = 0;
        for (int i = 0; i < n; i++) {
            if (e[i].type != EV_PEEK)
                continue;
            if (e[i].seat == -1) {
                shown++;
                assert_int_equal(e[i].card, g->stock[0]);
            } else {
                peeks++;
                assert_int_equal(e[i].seat, patih);
                assert_int_equal(e[i].card, g->stock[1]);
                assert_int_equal(e[i].value, 2);
            }
        }
        assert_int_equal(shown, 1);
        assert_int_equal(peeks, 1);
        assert_int_equal(count_events(g, EV_DICE), 0);
        game_destroy(g);
    }
}

static void test_shown_cards_drawn_last(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4);
    Game *g = new_game(VARIANT_PEI_MAGELANG, 8, STAKES_NONE, 0);
    int patih = seat_of(g, ROLE_PATIH);
    int unyik = seat_of(g, ROLE_UNYIK);
    Card last = g->stock[0], second = g->stock[1];
    /* Play until the stock is down to two: the patih draws the peeked card,
     * then the unyik the turned-up one. */
    int turned_by[2] = {-1, -1};
    Card turned[2] = {CARD_NONE, CARD_NONE};
    while (!game_round_over(g)) {
        int before = g->stock_n;
        Move m[GAME_MAX_MOVES];
        int n = game_legal_moves(g, m, GAME_MAX_MOVES);
        Move pick = m[rng_below(&rng, (uint32_t)n)];
        assert_int_equal(game_apply(g, &pick), CEKI_OK);
        if (g->stock_n < before && g->stock_n < 2) {
            int ev = 0;
            const GameEvent *e = game_events(g, &ev);
            for (int i = 0; i < ev; i++) {
                if (e[i].type == EV_TURNED) {
                    turned_by[g->stock_n] = e[i].seat;
                    turned[g->stock_n] = e[i].card;
                }
            }
            if (g->stock_n == 1) {
                assert_int_equal(g->peek[patih], CARD_NONE); /* it has left the stock */
                assert_int_equal(g->stock_last_public, last);
            } else {
                assert_int_equal(g->stock_last_public, CARD_NONE);
            }
        }
    }
    assert_int_equal(turned_by[1], patih);
    assert_int_equal(turned[1], second);
    assert_int_equal(turned_by[0], unyik);
    assert_int_equal(turned[0], last);
    game_destroy(g);
}

static void test_chinese_packets(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        Game *g = new_game(VARIANT_PEI_CHINESE, seed, STAKES_NONE, 0);
        assert_int_equal(g->stock_n, 42);
        assert_int_equal(g->pool_n, 36);
        int raja = seat_of(g, ROLE_RAJA);
        int unyik = seat_of(g, ROLE_UNYIK);
        int n = 0;
        const GameEvent *e = game_events(g, &n);
        int dice = -1, sum = 0;
        int uses[3] = {0};
        int packets_seen = 0;
        int hand_owner[3] = {-1, -1, -1};
        int nhand = 0;
        int stock_first = -1;
        for (int i = 0; i < n; i++) {
            if (e[i].type == EV_DICE) {
                dice = i;
                assert_true(e[i].card >= 1 && e[i].card <= 6);
                assert_true(e[i].card2 >= 1 && e[i].card2 <= 6);
                sum = e[i].value;
                assert_int_equal(sum, e[i].card + e[i].card2);
            } else if (e[i].type == EV_PACKET) {
                assert_true(dice >= 0 && dice < i); /* dice first */
                uses[e[i].value]++;
                if (e[i].card == 0) {
                    assert_int_equal(e[i].value, PEI_PACKET_POOL); /* the loose cards */
                    continue;
                }
                packets_seen |= 1 << e[i].card;
                if (e[i].value == PEI_PACKET_STOCK && stock_first < 0)
                    stock_first = e[i].card;
                if (e[i].value == PEI_PACKET_HAND)
                    hand_owner[nhand++] = e[i].seat;
                else
                    assert_int_equal(e[i].seat, -1);
            } else if (e[i].type == EV_DEAL_HAND) {
                assert_true(dice >= 0); /* the packets come before the deal */
            }
        }
        assert_int_equal(packets_seen, 0x1FE); /* packets 1..8 once each */
        assert_int_equal(uses[PEI_PACKET_STOCK], 3);
        assert_int_equal(uses[PEI_PACKET_POOL], 3);
        assert_int_equal(uses[PEI_PACKET_HAND], 3);
        assert_int_equal(stock_first, (sum - 1) % 8 + 1);
        assert_int_equal(hand_owner[0], raja);
        assert_int_equal(hand_owner[1], game_next_seat(g, raja));
        assert_int_equal(hand_owner[2], game_next_seat(g, hand_owner[1]));
        /* No card turned up; the unyik sees the last stock card. */
        assert_int_equal(g->stock_last_public, CARD_NONE);
        assert_int_equal(g->peek[unyik], g->stock[0]);
        assert_int_equal(g->peek_depth[unyik], 1);
        for (int s = 0; s < 3; s++) {
            if (s != unyik)
                assert_int_equal(g->peek[s], CARD_NONE);
        }
        game_destroy(g);
    }
}

static void test_chinese_packet_layout(void **state)
{
    (void)state;
    /* With the deck's bytes standing for positions, check that the ordinary
     * deal of the reordered deck gives whole packets. */
    Game *g = new_game(VARIANT_PEI_CHINESE, 3, STAKES_NONE, 0);
    Card deck[120];
    for (int i = 0; i < 120; i++)
        deck[i] = (Card)i;
    g->events_n = 0;
    pei_prepare_deck(g, deck, 120);
    const GameEvent *dice = NULL;
    int n = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++) {
        if (e[i].type == EV_DICE)
            dice = &e[i];
    }
    assert_non_null(dice);
    int first = (dice->value - 1) % 8; /* 0-based packet */
    int top = 120;
    for (int i = 0; i < 14; i++) {
        for (int k = 0; k < 3; k++) {
            int packet = (first + 5 + k) % 8; /* raja, patih, unyik */
            assert_int_equal(deck[--top], packet * 14 + i);
        }
    }
    bool in_pool[120] = {false};
    for (int i = 0; i < 36; i++)
        in_pool[deck[--top]] = true;
    for (int j = 0; j < 14; j++) {
        assert_true(in_pool[((first + 3) % 8) * 14 + j]);
        assert_true(in_pool[((first + 4) % 8) * 14 + j]);
    }
    for (int j = 112; j < 120; j++)
        assert_true(in_pool[j]);
    assert_int_equal(top, 42);
    bool in_stock[120] = {false};
    for (int i = 0; i < 42; i++)
        in_stock[deck[i]] = true;
    for (int p = 0; p < 3; p++) {
        for (int j = 0; j < 14; j++)
            assert_true(in_stock[((first + p) % 8) * 14 + j]);
    }
    /* The other forms keep the deck as shuffled. */
    Game *plain = new_game(VARIANT_PEI, 3, STAKES_NONE, 0);
    for (int i = 0; i < 120; i++)
        deck[i] = (Card)i;
    pei_prepare_deck(plain, deck, 120);
    for (int i = 0; i < 120; i++)
        assert_int_equal(deck[i], i);
    game_destroy(plain);
    game_destroy(g);
}

static void test_stakes_across_rounds(void **state)
{
    (void)state;
    for (int scheme = 0; scheme < STAKES_COUNT; scheme++) {
        for (int jung = 0; jung < 2; jung++) {
            Rng rng;
            rng_seed(&rng, (uint64_t)(scheme * 2 + jung));
            Game *g = new_game(VARIANT_PEI, 40 + (uint64_t)scheme, (StakeScheme)scheme,
                               jung ? OPTION_JUNG : 0);
            int units[3] = {0, 0, 0};
            int pot = 0;
            while (!game_match_over(g)) {
                play_random_until_round_over(g, &rng);
                /* The round's money is what the pure function says. */
                PeiStakes st;
                assert_int_equal(
                    pei_settle_stakes((StakeScheme)scheme, jung, g->round_score, pot, &st),
                    CEKI_OK);
                for (int s = 0; s < 3; s++) {
                    units[s] += st.net[s];
                    assert_int_equal(g->units[s], units[s]);
                }
                pot = st.pot;
                assert_int_equal(g->pot, pot);
                assert_int_equal(count_events(g, EV_STAKE_PAID), st.npay);
                /* Money is neither made nor lost: the players' sum is minus the pot. */
                assert_int_equal(g->units[0] + g->units[1] + g->units[2], -g->pot);
                Observation *o = malloc(sizeof *o);
                assert_non_null(o);
                assert_int_equal(game_observe(g, 1, o), CEKI_OK);
                assert_int_equal(o->pot, pot);
                assert_int_equal(o->units[2], units[2]);
                free(o);
                if (!game_match_over(g)) {
                    Move next;
                    assert_int_equal(game_legal_moves(g, &next, 1), 1);
                    assert_int_equal(game_apply(g, &next), CEKI_OK);
                }
            }
            if (scheme == STAKES_NONE)
                assert_int_equal(units[0] | units[1] | units[2], 0);
            game_destroy(g);
        }
    }
}

static void test_next_roles(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 12);
    for (uint64_t seed = 1; seed <= 10; seed++) {
        Game *g = new_game(VARIANT_PEI, seed, STAKES_RAMPUNG, 0);
        while (!game_match_over(g)) {
            play_random_until_round_over(g, &rng);
            if (game_match_over(g))
                break;
            int scores[3] = {g->round_score[0], g->round_score[1], g->round_score[2]};
            int raja = seat_of(g, ROLE_RAJA);
            int expect = pei_next_unyik(scores, raja, g->dir);
            Move next;
            assert_int_equal(game_legal_moves(g, &next, 1), 1);
            assert_int_equal(game_apply(g, &next), CEKI_OK);
            /* The kete of the last round is unyik and deals. */
            assert_int_equal(seat_of(g, ROLE_UNYIK), expect);
            assert_int_equal(g->dealer, expect);
            assert_int_equal(seat_of(g, ROLE_RAJA), game_next_seat(g, expect));
        }
        game_destroy(g);
    }
}

static void test_face_up_option(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2);
    for (int face_up = 0; face_up < 2; face_up++) {
        Game *g = new_game(VARIANT_PEI, 5, STAKES_NONE, face_up ? OPTION_FACE_UP : 0);
        play_random_until_round_over(g, &rng);
        Observation *o = malloc(sizeof *o);
        assert_non_null(o);
        assert_int_equal(game_observe(g, 0, o), CEKI_OK);
        assert_true(o->captured_visible[0]);
        assert_int_equal(o->captured_visible[1], face_up == 1);
        assert_int_equal(o->captured_visible[2], face_up == 1);
        free(o);
        game_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_and_shown_cards), cmocka_unit_test(test_shown_cards_drawn_last),
        cmocka_unit_test(test_chinese_packets),      cmocka_unit_test(test_chinese_packet_layout),
        cmocka_unit_test(test_stakes_across_rounds), cmocka_unit_test(test_next_roles),
        cmocka_unit_test(test_face_up_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
