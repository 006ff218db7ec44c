/* test_util.h — helpers shared by the core suites (header-only, static). */
#ifndef CEKI_TEST_UTIL_H
#define CEKI_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "card.h"
#include "game.h"

/* Parses a card list that the test knows to be valid. */
static inline size_t tu_cards(const char *text, Card *out, size_t cap)
{
    size_t n = 0;
    assert_int_equal(card_list_parse(text, out, cap, &n, NULL), CEKI_OK);
    return n;
}

/* The legal moves of g as sorted text lines "C4xS4", "C4-", "turn" ... joined by
 * spaces, with "!" after a forfeiting move. */
static inline void tu_moves_text(const Game *g, char *buf, size_t size)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    char items[GAME_MAX_MOVES][MOVE_TEXT_MAX + 1];
    for (int i = 0; i < n; i++) {
        move_format(&moves[i], items[i]);
        if (moves[i].flags & MOVE_FLAG_FORFEIT)
            strcat(items[i], "!");
    }
    for (int i = 1; i < n; i++) { /* insertion sort, small n */
        char t[MOVE_TEXT_MAX + 1];
        memcpy(t, items[i], sizeof t);
        int j = i - 1;
        while (j >= 0 && strcmp(items[j], t) > 0) {
            memcpy(items[j + 1], items[j], sizeof t);
            j--;
        }
        memcpy(items[j + 1], t, sizeof t);
    }
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, items[i], size - strlen(buf) - 1);
    }
}

/* A set position: seat 0 to play `hand` onto `pool`. */
static inline Game *tu_position(VariantId v, int players, const char *hand, const char *pool,
                                bool first_turn)
{
    Card h[OBS_MAX_HAND], p[CEKI_MAX_DECK];
    size_t nh = tu_cards(hand, h, OBS_MAX_HAND);
    size_t np = tu_cards(pool, p, CEKI_MAX_DECK);
    GameConfig cfg = game_config_default(v, 99);
    cfg.players = players;
    CekiStatus st = CEKI_OK;
    Game *g = game_create_position(&cfg, h, (int)nh, p, (int)np, first_turn, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(g);
    return g;
}

static inline void tu_assert_moves(VariantId v, int players, const char *hand, const char *pool,
                                   bool first_turn, const char *expected)
{
    Game *g = tu_position(v, players, hand, pool, first_turn);
    char buf[4096];
    tu_moves_text(g, buf, sizeof buf);
    if (strcmp(buf, expected) != 0) {
        print_error("hand [%s] pool [%s]%s\n  expected: %s\n  got:      %s\n", hand, pool,
                    first_turn ? " (first turn)" : "", expected, buf);
        game_destroy(g);
        fail();
    }
    game_destroy(g);
}

static inline int tu_score(VariantId v, uint32_t options, const char *pile)
{
    Card c[CEKI_MAX_DECK];
    size_t n = tu_cards(pile, c, CEKI_MAX_DECK);
    ScoreBreakdown *b = malloc(sizeof *b);
    assert_non_null(b);
    int total = score_pile(v, options, c, (int)n, b);
    assert_int_equal(b->total, total);
    int sum = 0, cards = 0;
    for (int i = 0; i < b->ngroups; i++) {
        sum += b->groups[i].points;
        cards += b->groups[i].ncards;
    }
    assert_int_equal(sum, total);    /* the breakdown adds up */
    assert_int_equal(cards, (int)n); /* and shows every card once */
    free(b);
    assert_int_equal(score_pile(v, options, c, (int)n, NULL), total);
    return total;
}

/* Applies the first legal move until the round is over; returns moves made. */
static inline int tu_play_round_first(Game *g)
{
    int moves = 0;
    while (!game_round_over(g)) {
        Move m;
        assert_true(game_legal_moves(g, &m, 1) >= 1);
        assert_int_equal(game_apply(g, &m), CEKI_OK);
        moves++;
    }
    return moves;
}

static inline int tu_count_events(const Game *g, EventType type)
{
    int n = 0, count = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++)
        count += e[i].type == type;
    return count;
}

static inline const GameEvent *tu_find_event(const Game *g, EventType type, int nth)
{
    int n = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++) {
        if (e[i].type == type && nth-- == 0)
            return &e[i];
    }
    return NULL;
}

#endif
