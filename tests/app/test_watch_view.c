/* test_watch_view.c — a spectator's screen shows no card its view does
 * not carry (watch_view.h): over a match of every game played by the
 * rules engine, the cards the screen would draw and the cards in every
 * seat's hand never add up to more copies of a kind than the deck holds
 * (so no hand card is drawn); a round's hands are shown once that round
 * is over and never while it is played; a seat's view is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "game.h"
#include "variant.h"
#include "watch_view.h"

#define MOVES_MAX 4000 /* a match's moves, bounded */
#define SEED 7u

/* The hands of the round being played, as a host would never send them. */
static void hands_now(const Game *g, int players, NetHands *out)
{
    memset(out, 0, sizeof *out);
    Observation o;
    for (int s = 0; s < players; s++) {
        assert_int_equal(game_observe(g, s, &o), CEKI_OK);
        out->count[s] = (uint8_t)o.hand_count[s];
        memcpy(out->cards[s], o.hand, (size_t)o.hand_count[s] * sizeof(Card));
    }
    out->players = (uint8_t)players;
    out->round = (uint16_t)o.round;
}

/* No kind drawn more often than the deck has it beside the cards in hands. */
static void check_no_hand_card(const Game *g, const VariantDesc *v, int players, const WatchView *w)
{
    int count[CARD_KIND_LIMIT] = {0};
    Card shown[WATCH_CARDS_MAX];
    int n = watch_view_cards(w, shown, WATCH_CARDS_MAX);
    for (int i = 0; i < n; i++) {
        assert_true(shown[i] < CARD_KIND_LIMIT);
        count[shown[i]]++;
    }
    Observation o;
    for (int s = 0; s < players; s++) {
        assert_int_equal(game_observe(g, s, &o), CEKI_OK);
        assert_int_equal(w->hand_count[s], o.hand_count[s]);
        for (int i = 0; i < o.hand_count[s]; i++) {
            count[o.hand[i]]++;
        }
    }
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        assert_true(count[k] <= variant_copies_of(v, players, (Card)k));
    }
}

/* One position: the spectator's screen, with the hands of the round being
 * played offered (never shown) or, at a round's end, its hands (shown). */
static void check_position(const Game *g, const VariantDesc *v, int players, int *late_seen)
{
    Observation o;
    assert_int_equal(game_observe(g, GAME_SPECTATOR, &o), CEKI_OK);
    NetHands now;
    hands_now(g, players, &now);
    WatchView w;
    bool over = game_round_over(g) || game_match_over(g);
    assert_true(watch_view_read(&o, over ? NULL : &now, &w));
    assert_false(w.late);
    check_no_hand_card(g, v, players, &w);
    RoundHands rh;
    if (over && game_round_hands(g, o.round, &rh) == CEKI_OK) {
        NetHands h = {.round = (uint16_t)rh.round, .players = (uint8_t)rh.players};
        for (int s = 0; s < rh.players; s++) {
            h.count[s] = (uint8_t)rh.count[s];
            memcpy(h.cards[s], rh.hand[s], (size_t)rh.count[s] * sizeof(Card));
        }
        assert_true(watch_view_read(&o, &h, &w));
        assert_true(w.late);
        assert_int_equal(w.late_count[0], rh.count[0]);
        assert_memory_equal(w.late_hand[0], rh.hand[0], (size_t)rh.count[0] * sizeof(Card));
        (*late_seen)++;
    }
}

static void test_every_game_shows_no_hand_card(void **state)
{
    (void)state;
    for (int id = 0; id < VARIANT_COUNT; id++) {
        GameConfig cfg = game_config_default((VariantId)id, SEED);
        CekiStatus st = CEKI_OK;
        Game *g = game_create(&cfg, &st);
        assert_non_null(g);
        const VariantDesc *v = variant_get((VariantId)id);
        int late_seen = 0;
        Move moves[GAME_MAX_MOVES];
        for (int i = 0; i < MOVES_MAX && !game_match_over(g); i++) {
            check_position(g, v, cfg.players, &late_seen);
            int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
            assert_true(n > 0);
            assert_int_equal(game_apply(g, &moves[(unsigned)i % (unsigned)n]), CEKI_OK);
        }
        assert_true(game_match_over(g));
        check_position(g, v, cfg.players, &late_seen);
        assert_true(late_seen > 0); /* every round's end showed its hands */
        game_destroy(g);
    }
}

static void test_a_seats_view_is_refused(void **state)
{
    (void)state;
    GameConfig cfg = game_config_default(VARIANT_PEI, SEED);
    Game *g = game_create(&cfg, NULL);
    assert_non_null(g);
    Observation o;
    assert_int_equal(game_observe(g, 0, &o), CEKI_OK);
    WatchView w;
    assert_false(watch_view_read(&o, NULL, &w));
    assert_int_equal(watch_view_cards(&w, (Card[1]){0}, 1), 0);
    assert_false(watch_view_read(NULL, NULL, &w));
    game_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_shows_no_hand_card),
        cmocka_unit_test(test_a_seats_view_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
