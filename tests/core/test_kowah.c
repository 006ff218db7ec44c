/* test_kowah.c — Kowah (RULES.md §4): checki shapes, the deal, drawing and
 * discarding, declaring, every way to win, the dry stock, the match, illegal
 * moves, observations and random self-play with the §5 invariants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game_internal.h"
#include "kowah.h"
#include "rng.h"

/* ---- helpers -------------------------------------------------------------- */

static size_t parse(const char *text, Card *out, size_t cap)
{
    size_t n = 0;
    assert_int_equal(card_list_parse(text, out, cap, &n, NULL), CEKI_OK);
    return n;
}

static void hand8(const char *text, Card hand[KOWAH_HAND])
{
    assert_int_equal(parse(text, hand, KOWAH_HAND), KOWAH_HAND);
}

/* "C1 S7" for the kinds set in flags. */
static void kinds_text(const bool flags[CARD_CEKI_KINDS], char *buf, size_t size)
{
    buf[0] = '\0';
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        char t[CARD_TEXT_MAX];
        if (!flags[k])
            continue;
        if (buf[0])
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, card_format((Card)k, t), size - strlen(buf) - 1);
    }
}

static void assert_waits(const char *hand_text, bool checki, const char *waits)
{
    Card hand[KOWAH_HAND];
    hand8(hand_text, hand);
    bool w[CARD_CEKI_KINDS];
    bool got = kowah_checki_waits(hand, w);
    char buf[128];
    kinds_text(w, buf, sizeof buf);
    if (got != checki || strcmp(buf, waits) != 0) {
        print_error("hand [%s]: expected %s [%s], got %s [%s]\n", hand_text,
                    checki ? "checki" : "no checki", waits, got ? "checki" : "no checki", buf);
        fail();
    }
    assert_int_equal(kowah_is_checki(hand), checki);
}

static void assert_declarations(const char *hand_text, const char *expected)
{
    Card hand[KOWAH_HAND];
    hand8(hand_text, hand);
    bool d[CARD_CEKI_KINDS];
    kowah_declarations(hand, d);
    char buf[128];
    kinds_text(d, buf, sizeof buf);
    assert_string_equal(buf, expected);
}

static void assert_wins(const char *hand_text, const char *pair, const char *expected)
{
    Card hand[KOWAH_HAND];
    hand8(hand_text, hand);
    Card p = CARD_NONE;
    assert_int_equal(card_parse(pair, &p), CEKI_OK);
    bool w[CARD_CEKI_KINDS];
    bool ok = kowah_winning_kinds(hand, p, w);
    char buf[128];
    kinds_text(w, buf, sizeof buf);
    assert_string_equal(buf, expected);
    assert_int_equal(ok, expected[0] != '\0');
}

static Game *new_game(int players, int rounds, uint64_t seed)
{
    GameConfig cfg = game_config_default(VARIANT_KOWAH, seed);
    cfg.players = players;
    cfg.rounds = rounds;
    CekiStatus st = CEKI_ERR_ARG;
    Game *g = game_create(&cfg, &st);
    assert_int_equal(st, CEKI_OK);
    assert_non_null(g);
    return g;
}

static int cmp_card(const void *a, const void *b)
{
    return (int)*(const Card *)a - (int)*(const Card *)b;
}

/* A set position: hands[s] for each seat, the next stock cards in the order
 * they will be drawn, the discard pile from bottom to top; the rest of the
 * 120 cards lie under the stock (or, with rest_to_discard, under the discard
 * pile, leaving the stock with only stock_top). `seat` is to draw. */
static Game *position(int players, const char *const hands[], const char *stock_top,
                      const char *discard, bool rest_to_discard, int seat)
{
    Game *g = new_game(players, 3, 7);
    int left[CARD_CEKI_KINDS];
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        left[k] = 4;
    Card buf[CEKI_MAX_DECK];
    for (int s = 0; s < players; s++) {
        size_t n = parse(hands[s], buf, CEKI_MAX_DECK);
        assert_int_equal(n, KOWAH_HAND);
        qsort(buf, n, 1, cmp_card);
        memcpy(g->hand[s], buf, n);
        g->hand_n[s] = (int)n;
        for (size_t i = 0; i < n; i++)
            assert_true(--left[buf[i]] >= 0);
    }
    Card top[CEKI_MAX_DECK], pile[CEKI_MAX_DECK];
    size_t ntop = parse(stock_top, top, CEKI_MAX_DECK);
    size_t npile = parse(discard, pile, CEKI_MAX_DECK);
    for (size_t i = 0; i < ntop; i++)
        assert_true(--left[top[i]] >= 0);
    for (size_t i = 0; i < npile; i++)
        assert_true(--left[pile[i]] >= 0);
    Card rest[CEKI_MAX_DECK];
    int nrest = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int i = 0; i < left[k]; i++)
            rest[nrest++] = (Card)k;
    }
    KowahState *k = &g->kowah;
    g->stock_n = 0;
    k->discard_n = 0;
    if (rest_to_discard) {
        memcpy(k->discard, rest, (size_t)nrest);
        k->discard_n = nrest;
    } else {
        memcpy(g->stock, rest, (size_t)nrest);
        g->stock_n = nrest;
    }
    for (size_t i = 0; i < npile; i++)
        k->discard[k->discard_n++] = pile[i];
    for (size_t i = ntop; i-- > 0;)
        g->stock[g->stock_n++] = top[i];
    for (int s = 0; s < players; s++) {
        k->exposed[s] = CARD_NONE;
        k->wins[s] = 0;
    }
    k->turn_seat = seat;
    k->drawn = CARD_NONE;
    k->shown_draw = CARD_NONE;
    k->offered = CARD_NONE;
    k->offer_from = -1;
    k->winner = -1;
    g->to_move = seat;
    g->phase = PHASE_DRAW;
    g->events_n = 0;
    return g;
}

/* Marks seat as having declared `pair` with its current hand. */
static void declare(Game *g, int seat, const char *pair)
{
    Card p = CARD_NONE;
    assert_int_equal(card_parse(pair, &p), CEKI_OK);
    bool w[CARD_CEKI_KINDS];
    assert_true(kowah_winning_kinds(g->hand[seat], p, w));
    g->kowah.exposed[seat] = p;
    g->kowah.wins[seat] = 0;
    for (int c = 0; c < CARD_CEKI_KINDS; c++)
        g->kowah.wins[seat] |= w[c] ? 1u << c : 0;
}

static Move mv(const Game *g, const char *text)
{
    Move m;
    assert_int_equal(move_parse(text, game_to_move(g), &m), CEKI_OK);
    return m;
}

static void apply(Game *g, const char *text)
{
    Move m = mv(g, text);
    CekiStatus st = game_apply(g, &m);
    if (st != CEKI_OK) {
        print_error("move %s refused: %s\n", text, game_explain_illegal(g, &m));
        fail();
    }
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The legal moves as sorted text. */
static void moves_text(const Game *g, char *buf, size_t size)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    char items[GAME_MAX_MOVES][MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++)
        move_format(&moves[i], items[i]);
    qsort(items, (size_t)n, MOVE_TEXT_MAX, cmp_text);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strncat(buf, " ", size - strlen(buf) - 1);
        strncat(buf, items[i], size - strlen(buf) - 1);
    }
}

static void assert_moves(const Game *g, const char *expected)
{
    char buf[1024];
    moves_text(g, buf, sizeof buf);
    assert_string_equal(buf, expected);
}

static int count_events(const Game *g, EventType type)
{
    int n = 0, count = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++)
        count += e[i].type == type;
    return count;
}

static const GameEvent *find_event(const Game *g, EventType type)
{
    int n = 0;
    const GameEvent *e = game_events(g, &n);
    for (int i = 0; i < n; i++) {
        if (e[i].type == type)
            return &e[i];
    }
    return NULL;
}

static void hand_is(const Game *g, int seat, const char *expected)
{
    char buf[256];
    card_list_format(g->hand[seat], (size_t)g->hand_n[seat], buf, sizeof buf);
    assert_string_equal(buf, expected);
}

/* Cards are conserved: hands + stock + discard pile = the 120-card deck. */
static void check_conservation(const Game *g)
{
    int have[CARD_CEKI_KINDS] = {0};
    int total = g->stock_n + g->kowah.discard_n;
    for (int s = 0; s < g->n; s++) {
        total += g->hand_n[s];
        for (int i = 0; i < g->hand_n[s]; i++)
            have[g->hand[s][i]]++;
    }
    for (int i = 0; i < g->stock_n; i++)
        have[g->stock[i]]++;
    for (int i = 0; i < g->kowah.discard_n; i++)
        have[g->kowah.discard[i]]++;
    assert_int_equal(total, 120);
    assert_int_equal(g->pool_n + g->aside_n, 0);
    for (int k = 0; k < CARD_CEKI_KINDS; k++)
        assert_int_equal(have[k], 4);
}

/* ---- checki shapes ------------------------------------------------------------ */

static void test_shape_a(void **state)
{
    (void)state;
    /* The source's first example (western-clubs: ♦ coins, ♥ strings, ♠
     * myriads): 5♠ 5♥ 5♦ 7♥ 7♠ 7♦ A♦ A♦. */
    assert_waits("M5 S5 C5 S7 M7 C7 C1 C1", true, "C1");
    /* Identical cards inside a triplet are allowed; only the pair waits. */
    assert_waits("C4 C4 C4 S5 S5 S5 M6 M6", true, "M6");
    /* Rank 1 holds the honours: OT WF RF is a triplet. */
    assert_waits("OT WF RF C2 S2 M2 C3 C3", true, "C3");
    assert_waits("C1 OT WF C9 S9 M9 RF RF", true, "RF");
    /* Two triplets of one rank (reading: allowed). */
    assert_waits("C4 C4 S4 S4 M4 M4 C9 C9", true, "C9");
    /* A hand with two ways to pick its pair waits on both. */
    assert_waits("C2 C2 C2 S2 S2 M3 M3 M3", true, "C2 S2");
    assert_declarations("M5 S5 C5 S7 M7 C7 C1 C1", "C1");
    assert_wins("M5 S5 C5 S7 M7 C7 C1 C1", "C1", "C1");
    assert_wins("M5 S5 C5 S7 M7 C7 C1 C1", "C5", "");
    /* RULES.md §4 Decision: only the declared pair waits, even when a
     * triplet also holds an identical pair (C5 C5 S5). */
    assert_waits("C5 C5 S5 C7 S7 M7 OT OT", true, "OT");
    assert_declarations("C5 C5 S5 C7 S7 M7 OT OT", "OT");
    assert_wins("C5 C5 S5 C7 S7 M7 OT OT", "OT", "OT");
    assert_wins("C5 C5 S5 C7 S7 M7 OT OT", "C5", "");
}

static void test_shape_b(void **state)
{
    (void)state;
    /* The source's second example: 5♠ 5♥ 5♦ 7♠ 7♠ 7♦ 7♦ 7♥. */
    const char *hand = "M5 S5 C5 M7 M7 C7 C7 S7";
    assert_waits(hand, true, "C7 M7");
    assert_declarations(hand, "C7 M7");
    /* Either pair may be shown, and either pair then wins. */
    assert_wins(hand, "C7", "C7 M7");
    assert_wins(hand, "M7", "C7 M7");
    assert_wins(hand, "S7", "");
    /* The fifth card may be an honour of rank 1. */
    assert_waits("C1 C1 S1 S1 OT C6 S6 M6", true, "C1 S1");
    /* The triplet may be of the five's rank (reading: allowed). */
    assert_waits("C3 C3 S3 S3 M3 OT WF RF", true, "C3 S3");
    /* A kind held four times has no next copy: not a wait. */
    assert_waits("C4 C4 C4 C4 S4 M8 M8 M8", true, "");
    Card h[KOWAH_HAND];
    hand8("C4 C4 C4 C4 S4 M8 M8 M8", h);
    assert_true(kowah_is_checki(h));
    assert_wins("C4 C4 C4 C4 S4 M8 M8 M8", "C4", "C4");
}

static void test_not_checki(void **state)
{
    (void)state;
    /* Two triplets and a pair of one rank that is not identical. */
    assert_waits("C5 S5 M5 C7 S7 M7 C1 S1", false, "");
    /* Triplet and five of a rank with only one identical pair. */
    assert_waits("C5 S5 M5 C7 C7 S7 M7 OT", false, "");
    /* A five of one rank with two identical pairs but a broken triplet. */
    assert_waits("C7 C7 S7 S7 M7 C5 S5 M6", false, "");
    /* Two triplets, the pair missing. */
    assert_waits("C2 S2 M2 C3 S3 M3 C4 C5", false, "");
    /* Four and four. */
    assert_waits("C2 S2 M2 C2 C3 S3 M3 C3", false, "");
    /* All different. */
    assert_waits("C1 C2 C3 C4 C5 C6 C7 C8", false, "");
    assert_declarations("C5 S5 M5 C7 S7 M7 C1 S1", "");
    assert_wins("C5 S5 M5 C7 S7 M7 C1 S1", "C1", "");
    /* Not Ceki cards. */
    Card french[KOWAH_HAND];
    hand8("AS AS 2S 2S 2H 3S 3S 3H", french);
    assert_false(kowah_checki_waits(french, NULL));
}

/* ---- the deal and a plain turn -------------------------------------------------- */

static void test_deal(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        Game *g = new_game(players, 0, 11);
        assert_int_equal(g->cfg.rounds, 5); /* the default */
        for (int s = 0; s < players; s++)
            assert_int_equal(g->hand_n[s], 8);
        assert_int_equal(g->stock_n, 120 - 8 * players);
        assert_int_equal(g->kowah.discard_n, 0);
        assert_int_equal(g->dealer, players - 1);
        assert_int_equal(game_to_move(g), 0);
        assert_int_equal(g->phase, PHASE_DRAW);
        assert_int_equal(count_events(g, EV_DEAL_HAND), 8 * players);
        assert_non_null(find_event(g, EV_DEAL_STOCK));
        assert_int_equal(find_event(g, EV_DEAL_STOCK)->value, 120 - 8 * players);
        /* The first turn draws from the stock: the discard pile is empty. */
        assert_moves(g, "draw");
        check_conservation(g);
        game_destroy(g);
    }
}

static void test_draw_and_discard(void **state)
{
    (void)state;
    const char *hands[] = {"C1 C2 C3 C4 C5 C6 C7 C8", "S1 S2 S3 S4 S5 S6 S7 S8"};
    Game *g = position(2, hands, "M9 M8", "OT", false, 0);
    assert_moves(g, "draw draw-discard");
    apply(g, "draw");
    /* Nobody has declared: the draw is not shown. */
    assert_int_equal(find_event(g, EV_DRAWN)->card, CARD_NONE);
    assert_int_equal(g->kowah.shown_draw, CARD_NONE);
    assert_int_equal(g->phase, PHASE_DISCARD);
    hand_is(g, 0, "C1 C2 C3 C4 C5 C6 C7 C8 M9");
    assert_moves(g, "discard:C1 discard:C2 discard:C3 discard:C4 discard:C5 discard:C6 "
                    "discard:C7 discard:C8 discard:M9");
    apply(g, "discard:C4");
    assert_int_equal(g->kowah.discard[g->kowah.discard_n - 1], CARD_C1 + 3);
    assert_int_equal(find_event(g, EV_DISCARDED)->card, CARD_C1 + 3);
    assert_int_equal(game_to_move(g), 1);
    assert_int_equal(g->phase, PHASE_DRAW);
    /* Seat 1 takes the discard. */
    apply(g, "draw-discard");
    hand_is(g, 1, "C4 S1 S2 S3 S4 S5 S6 S7 S8");
    assert_int_equal(find_event(g, EV_DRAWN)->card, CARD_C1 + 3);
    assert_int_equal(find_event(g, EV_DRAWN)->value, 1);
    apply(g, "discard:S8");
    assert_int_equal(game_to_move(g), 0);
    check_conservation(g);
    game_destroy(g);
}

/* ---- declaring -------------------------------------------------------------------- */

static void test_declare(void **state)
{
    (void)state;
    /* Seat 0 draws M7 and throws C9: its hand is then the B shape. */
    const char *hands[] = {"M5 S5 C5 M7 C7 C7 S7 C9", "C2 S2 M2 C3 S3 M3 C4 S4"};
    Game *g = position(2, hands, "M7", "", false, 0);
    apply(g, "draw");
    apply(g, "discard:C9");
    assert_int_equal(g->phase, PHASE_DECLARE);
    assert_int_equal(game_to_move(g), 0);
    assert_moves(g, "declare:C7 declare:M7 pass");
    apply(g, "declare:M7");
    assert_int_equal(find_event(g, EV_DECLARED)->card, CARD_M1 + 6);
    assert_int_equal(g->kowah.exposed[0], CARD_M1 + 6);
    /* Everyone sees the exposed pair. */
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    assert_int_equal(game_observe(g, 1, o), CEKI_OK);
    assert_int_equal(o->exposed[0], CARD_M1 + 6);
    assert_int_equal(o->exposed[1], CARD_NONE);
    free(o);
    assert_int_equal(game_to_move(g), 1);
    game_destroy(g);

    /* Passing keeps the hand open; the next discard may declare again. */
    g = position(2, hands, "M7", "", false, 0);
    apply(g, "draw");
    apply(g, "discard:C9");
    apply(g, "pass");
    assert_int_equal(g->kowah.exposed[0], CARD_NONE);
    assert_int_equal(game_to_move(g), 1);
    assert_int_equal(g->phase, PHASE_DRAW);
    game_destroy(g);

    /* A hand that is not checki after the discard asks nothing. */
    g = position(2, hands, "M9", "", false, 0);
    apply(g, "draw");
    apply(g, "discard:M9");
    assert_int_equal(g->phase, PHASE_DRAW);
    assert_int_equal(game_to_move(g), 1);
    game_destroy(g);
}

static void test_locked_hand(void **state)
{
    (void)state;
    const char *hands[] = {"M5 S5 C5 S7 M7 C7 C1 C1", "C2 S2 M2 C3 S3 M3 C4 S4"};
    Game *g = position(2, hands, "M9", "C8", false, 0);
    declare(g, 0, "C1");
    /* The discard top does not win: a declared hand draws from the stock. */
    assert_moves(g, "draw");
    apply(g, "draw");
    /* The drawn card does not win: it is the only card that may go. */
    assert_moves(g, "discard:M9");
    Move m = mv(g, "discard:C5");
    assert_string_equal(game_explain_illegal(g, &m),
                        "Your hand is declared: discard the card you drew.");
    apply(g, "discard:M9");
    hand_is(g, 0, "C1 C1 C5 C7 S5 S7 M5 M7");
    /* No second declaration. */
    assert_int_equal(g->phase, PHASE_DRAW);
    assert_int_equal(game_to_move(g), 1);
    game_destroy(g);
}

/* ---- winning ------------------------------------------------------------------------ */

static void test_win_own_draw(void **state)
{
    (void)state;
    const char *hands[] = {"M5 S5 C5 S7 M7 C7 C1 C1", "C2 S2 M2 C3 S3 M3 C4 S4"};
    Game *g = position(2, hands, "C1", "", false, 0);
    declare(g, 0, "C1");
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_NOT_OVER);
    apply(g, "draw");
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_WON);
    assert_int_equal(find_event(g, EV_DRAWN)->card, CARD_C1);
    const GameEvent *won = find_event(g, EV_ROUND_WON);
    assert_non_null(won);
    assert_int_equal(won->seat, 0);
    assert_int_equal(won->card, CARD_C1);
    assert_true(game_round_over(g));
    assert_true(g->round_winner[0]);
    assert_false(g->round_winner[1]);
    assert_int_equal(g->match_score[0], 1);
    assert_int_equal(g->match_score[1], 0);
    assert_int_equal(g->kowah.winner, 0);
    assert_moves(g, "next");
    check_conservation(g);
    game_destroy(g);
}

static void test_win_b_other_pair(void **state)
{
    (void)state;
    /* A B hand shown with M7 also wins on C7. */
    const char *hands[] = {"M5 S5 C5 M7 M7 C7 C7 S7", "C2 S2 M2 C3 S3 M3 C4 S4"};
    Game *g = position(2, hands, "C7", "", false, 0);
    declare(g, 0, "M7");
    apply(g, "draw");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 0);
    game_destroy(g);
}

static void test_win_discard_top_when_declared(void **state)
{
    (void)state;
    /* A declared player facing a winning discard (a claim it passed) may take it. */
    const char *hands[] = {"M5 S5 C5 S7 M7 C7 C1 C1", "C2 S2 M2 C3 S3 M3 C4 S4"};
    Game *g = position(2, hands, "M9", "C1", false, 0);
    declare(g, 0, "C1");
    assert_moves(g, "draw draw-discard");
    apply(g, "draw-discard");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 0);
    check_conservation(g);
    game_destroy(g);
}

static void test_claim_shown_draw(void **state)
{
    (void)state;
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1",
                           "C6 S6 M6 C8 S8 M8 C9 S9"};
    Game *g = position(3, hands, "C1 M9", "", false, 0);
    declare(g, 1, "C1");
    apply(g, "draw");
    /* Someone has declared: the draw is shown to all. */
    assert_int_equal(find_event(g, EV_DRAWN)->card, CARD_C1);
    assert_int_equal(g->kowah.shown_draw, CARD_C1);
    assert_int_equal(g->phase, PHASE_CLAIM);
    assert_int_equal(game_to_move(g), 1);
    assert_moves(g, "claim:C1 pass");
    Observation *o = malloc(sizeof *o);
    assert_non_null(o);
    for (int s = 0; s < 3; s++) {
        assert_int_equal(game_observe(g, s, o), CEKI_OK);
        assert_int_equal(o->shown_draw, CARD_C1);
        assert_int_equal(o->phase, PHASE_CLAIM);
    }
    free(o);
    apply(g, "claim:C1");
    const GameEvent *e = find_event(g, EV_CLAIMED);
    assert_non_null(e);
    assert_int_equal(e->seat, 1);
    assert_int_equal(e->card, CARD_C1);
    assert_int_equal(e->card2, 0); /* from seat 0 */
    assert_int_equal(e->value, 0); /* a stock draw */
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 1);
    assert_int_equal(g->hand_n[0], 8);
    assert_int_equal(g->hand_n[1], 9);
    assert_int_equal(g->match_score[1], 1);
    check_conservation(g);
    game_destroy(g);

    /* Passing: the drawer goes on with its turn. */
    g = position(3, hands, "C1 M9", "", false, 0);
    declare(g, 1, "C1");
    apply(g, "draw");
    apply(g, "pass");
    assert_int_equal(g->phase, PHASE_DISCARD);
    assert_int_equal(game_to_move(g), 0);
    assert_int_equal(g->kowah.shown_draw, CARD_C1); /* still in view */
    /* Throwing it now offers it again, as a discard. */
    apply(g, "discard:C1");
    assert_int_equal(g->phase, PHASE_CLAIM);
    assert_int_equal(game_to_move(g), 1);
    apply(g, "pass");
    assert_int_equal(g->phase, PHASE_DRAW);
    assert_int_equal(game_to_move(g), 1);
    /* Seat 1 passed the claim; it may still take the winning discard. */
    assert_moves(g, "draw draw-discard");
    game_destroy(g);
}

static void test_claim_discard(void **state)
{
    (void)state;
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 C1", "M5 S5 C5 S7 M7 C7 C1 C1",
                           "C6 S6 M6 C8 S8 M8 C9 S9"};
    Game *g = position(3, hands, "M9", "", false, 2);
    declare(g, 1, "C1");
    /* Seat 2 draws M9: it does not win for seat 1, so no one is asked. */
    apply(g, "draw");
    assert_int_equal(g->kowah.shown_draw, CARD_M1 + 8);
    assert_int_equal(g->phase, PHASE_DISCARD);
    apply(g, "discard:M9");
    assert_int_equal(game_to_move(g), 0);
    apply(g, "draw");
    apply(g, "discard:C1");
    assert_int_equal(g->phase, PHASE_CLAIM);
    assert_int_equal(game_to_move(g), 1);
    apply(g, "claim:C1");
    const GameEvent *e = find_event(g, EV_CLAIMED);
    assert_int_equal(e->seat, 1);
    assert_int_equal(e->card2, 0);
    assert_int_equal(e->value, 1); /* a discard */
    assert_true(g->round_winner[1]);
    check_conservation(g);
    game_destroy(g);
}

static void test_claim_priority(void **state)
{
    (void)state;
    /* With four copies of a kind two declared hands can never wait on the
     * same card; the position below adds a fifth C1 to test the rule alone:
     * the first declared player in play order after the drawer or
     * discarder is asked first, then the next. */
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1",
                           "C6 S6 M6 C8 S8 M8 C1 C1"};
    Game *g = position(3, hands, "M9", "", false, 0);
    declare(g, 1, "C1");
    declare(g, 2, "C1");
    g->stock[g->stock_n - 1] = CARD_C1; /* the fifth C1 */
    apply(g, "draw");
    assert_int_equal(game_to_move(g), 1);
    apply(g, "pass");
    assert_int_equal(game_to_move(g), 2);
    assert_int_equal(g->phase, PHASE_CLAIM);
    apply(g, "claim:C1");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 2);
    game_destroy(g);

    /* Both claim: seat 1 is asked first and wins. */
    g = position(3, hands, "M9", "", false, 0);
    declare(g, 1, "C1");
    declare(g, 2, "C1");
    g->stock[g->stock_n - 1] = CARD_C1;
    apply(g, "draw");
    apply(g, "claim:C1");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 1);
    game_destroy(g);

    /* After a discard by seat 1 the order wraps: seat 2, then seat 0. */
    const char *hands2[] = {"M5 S5 C5 S7 M7 C7 C1 C1", "C2 S2 M2 C3 S3 M3 C4 S4",
                            "C6 S6 M6 C8 S8 M8 C1 C1"};
    g = position(3, hands2, "M9", "", false, 1);
    declare(g, 0, "C1");
    declare(g, 2, "C1");
    g->stock[g->stock_n - 1] = CARD_C1;
    /* Seat 1 draws the C1 (shown): seat 2 first. */
    apply(g, "draw");
    assert_int_equal(game_to_move(g), 2);
    apply(g, "pass");
    assert_int_equal(game_to_move(g), 0);
    apply(g, "pass");
    assert_int_equal(game_to_move(g), 1);
    assert_int_equal(g->phase, PHASE_DISCARD);
    apply(g, "discard:C1");
    assert_int_equal(game_to_move(g), 2);
    apply(g, "pass");
    assert_int_equal(game_to_move(g), 0);
    apply(g, "claim:C1");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 0);
    game_destroy(g);
}

static void test_stock_runs_out(void **state)
{
    (void)state;
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1"};
    Game *g = position(2, hands, "M9", "", true, 0);
    declare(g, 1, "C1");
    assert_int_equal(g->stock_n, 1);
    apply(g, "draw");
    assert_int_equal(g->stock_n, 0);
    apply(g, "discard:M9");
    /* The stock is out: the hand ends with no winner. */
    assert_non_null(find_event(g, EV_HAND_DRAWN));
    assert_null(find_event(g, EV_ROUND_WON));
    assert_true(game_round_over(g));
    assert_false(g->round_winner[0]);
    assert_false(g->round_winner[1]);
    assert_int_equal(g->match_score[0] + g->match_score[1], 0);
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_STOCK_OUT);
    check_conservation(g);
    game_destroy(g);

    /* The last stock card can still win, by a claim of its discard. */
    const char *hands2[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1"};
    g = position(2, hands2, "C1", "", true, 0);
    declare(g, 1, "C1");
    apply(g, "draw");
    apply(g, "pass");
    apply(g, "discard:C1");
    apply(g, "claim:C1");
    assert_int_equal(find_event(g, EV_ROUND_WON)->seat, 1);
    assert_int_equal(g->stock_n, 0);
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_WON); /* won, though the stock is out */
    game_destroy(g);
}

/* Players who only ever take the discard top and throw it back would never
 * empty the stock: the hand ends with no winner after KOWAH_MAX_IDLE_TURNS
 * such turns in a row; a stock draw starts the count again. */
static void test_discard_round_ends(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players++) {
        Game *g = new_game(players, 1, 40u + (uint64_t)players);
        int stock_draws = 0, moves = 0;
        bool again = false;
        while (!game_round_over(g)) {
            Move ms[GAME_MAX_MOVES];
            int n = game_legal_moves(g, ms, GAME_MAX_MOVES);
            assert_true(n > 0);
            Move m = ms[0];
            for (int i = 0; i < n; i++) {
                if (ms[i].type == MOVE_DRAW_DISCARD || ms[i].type == MOVE_PASS ||
                    (ms[i].type == MOVE_DISCARD && ms[i].card == g->kowah.drawn))
                    m = ms[i];
            }
            /* One stock draw half-way: the count starts again. */
            if (!again && moves >= 150 && ms[0].type == MOVE_DRAW_STOCK) {
                m = ms[0];
                again = true;
                assert_true(g->kowah.idle_turns > 50);
            }
            stock_draws += m.type == MOVE_DRAW_STOCK;
            assert_int_equal(game_apply(g, &m), CEKI_OK);
            check_conservation(g);
            assert_true(++moves < 2000);
        }
        assert_non_null(find_event(g, EV_HAND_DRAWN));
        assert_true(g->stock_n > 0);
        assert_int_equal(stock_draws, 2); /* the first turn's, and the one half-way */
        assert_true(moves > 4 * KOWAH_MAX_IDLE_TURNS / 2);
        assert_int_equal(g->kowah.idle_turns, KOWAH_MAX_IDLE_TURNS);
        assert_int_equal(kowah_hand_end(g), KOWAH_HAND_IDLE);
        game_destroy(g);
    }
}

/* kowah_hand_end holds its answer until the next hand is dealt, and has
 * none for a hand in play or for a game that is not Kowah. */
static void test_hand_end_lasts_until_next_deal(void **state)
{
    (void)state;
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1"};
    Game *g = position(2, hands, "M9", "", true, 0);
    declare(g, 1, "C1");
    apply(g, "draw");
    apply(g, "discard:M9");
    assert_true(game_round_over(g));
    assert_false(game_match_over(g));
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_STOCK_OUT);
    Game *copy = game_clone(g, false);
    assert_non_null(copy);
    assert_int_equal(kowah_hand_end(copy), KOWAH_HAND_STOCK_OUT);
    game_destroy(copy);
    apply(g, "next");
    assert_false(game_round_over(g));
    assert_int_equal(kowah_hand_end(g), KOWAH_HAND_NOT_OVER);
    game_destroy(g);

    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 7);
    CekiStatus st = CEKI_ERR_ARG;
    Game *fishing = game_create(&cfg, &st);
    assert_non_null(fishing);
    for (int moves = 0; !game_round_over(fishing); moves++) {
        Move m;
        assert_true(game_legal_moves(fishing, &m, 1) > 0);
        assert_int_equal(game_apply(fishing, &m), CEKI_OK);
        assert_true(moves < 1000);
    }
    assert_int_equal(kowah_hand_end(fishing), KOWAH_HAND_NOT_OVER);
    game_destroy(fishing);
}

/* ---- the match ------------------------------------------------------------------------ */

static void test_match(void **state)
{
    (void)state;
    Game *g = new_game(3, 2, 5);
    assert_int_equal(g->dealer, 2);
    /* End the first hand quickly by a set win for seat 1. */
    const char *hands[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1",
                           "C6 S6 M6 C8 S8 M8 C9 S9"};
    Game *p = position(3, hands, "C1", "", false, 0);
    p->cfg.rounds = 2;
    declare(p, 1, "C1");
    apply(p, "draw");
    apply(p, "claim:C1");
    assert_true(game_round_over(p));
    assert_false(game_match_over(p));
    assert_int_equal(game_to_move(p), 0); /* the next dealer deals */
    apply(p, "next");
    assert_int_equal(game_round_number(p), 2);
    assert_int_equal(p->dealer, 0);
    assert_int_equal(game_to_move(p), 1);
    assert_int_equal(p->kowah.exposed[1], CARD_NONE);
    assert_int_equal(p->match_score[1], 1);
    check_conservation(p);
    /* Play the second hand out at random. */
    Rng rng;
    rng_seed(&rng, 3);
    while (!game_match_over(p)) {
        Move m[GAME_MAX_MOVES];
        int n = game_legal_moves(p, m, GAME_MAX_MOVES);
        assert_true(n > 0);
        assert_int_equal(game_apply(p, &m[rng_below(&rng, (uint32_t)n)]), CEKI_OK);
    }
    assert_true(p->match_score[1] >= 1);
    assert_true(p->match_winner[1] || p->match_score[0] == 1 || p->match_score[2] == 1);
    assert_int_equal(game_to_move(p), -1);
    assert_int_equal(game_legal_moves(p, NULL, 0), 0);
    game_destroy(p);
    game_destroy(g);

    /* A match with no hand won has no winner. */
    const char *dry[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1"};
    p = position(2, dry, "M9", "", true, 0);
    p->cfg.rounds = 1;
    apply(p, "draw");
    apply(p, "discard:M9");
    assert_true(game_match_over(p));
    assert_false(p->match_winner[0]);
    assert_false(p->match_winner[1]);
    const GameEvent *e = find_event(p, EV_MATCH_OVER);
    assert_non_null(e);
    assert_int_equal(e->value, 0);
    game_destroy(p);
}

/* ---- illegal moves ---------------------------------------------------------------------- */

static void refused(Game *g, const char *text, int seat)
{
    Game *before = malloc(sizeof *before);
    assert_non_null(before);
    memcpy(before, g, sizeof *g);
    Move m;
    assert_int_equal(move_parse(text, seat, &m), CEKI_OK);
    assert_false(game_is_legal(g, &m));
    assert_int_equal(game_apply(g, &m), CEKI_ERR_ILLEGAL);
    assert_int_equal(memcmp(before, g, sizeof *g), 0);
    assert_true(strlen(game_explain_illegal(g, &m)) > 0);
    free(before);
}

static void test_illegal_moves(void **state)
{
    (void)state;
    Game *g = new_game(3, 0, 21);
    /* The first draw: not from the (empty) discard pile, not another seat. */
    refused(g, "draw-discard", 0);
    refused(g, "draw", 1);
    refused(g, "discard:C1", 0);
    refused(g, "pass", 0);
    refused(g, "declare:C1", 0);
    refused(g, "claim:C1", 0);
    refused(g, "next", 0);
    apply(g, "draw");
    /* A card not in hand. */
    Card missing = CARD_NONE;
    for (int k = 0; k < CARD_CEKI_KINDS && missing == CARD_NONE; k++) {
        bool held = false;
        for (int i = 0; i < g->hand_n[0]; i++)
            held = held || g->hand[0][i] == k;
        if (!held)
            missing = (Card)k;
    }
    char text[MOVE_TEXT_MAX], t[CARD_TEXT_MAX];
    snprintf(text, sizeof text, "discard:%s", card_format(missing, t));
    refused(g, text, 0);
    refused(g, "draw", 0);
    game_destroy(g);

    /* Declaring a kind that is not a pair of the checki hand; claiming when
     * nothing is offered or another card. */
    const char *hands[] = {"M5 S5 C5 M7 C7 C7 S7 C9", "C2 S2 M2 C3 S3 M3 C4 S4"};
    g = position(2, hands, "M7", "", false, 0);
    apply(g, "draw");
    refused(g, "claim:M7", 1);
    apply(g, "discard:C9");
    refused(g, "declare:S7", 0);
    refused(g, "declare:C5", 0);
    refused(g, "discard:C5", 0);
    refused(g, "pass", 1);
    apply(g, "declare:C7");
    game_destroy(g);

    const char *hands2[] = {"C2 S2 M2 C3 S3 M3 C4 S4", "M5 S5 C5 S7 M7 C7 C1 C1"};
    g = position(2, hands2, "C1", "", false, 0);
    declare(g, 1, "C1");
    apply(g, "draw");
    refused(g, "claim:C2", 1);
    refused(g, "claim:C1", 0);
    refused(g, "discard:C1", 0);
    refused(g, "draw", 1);
    game_destroy(g);
}

/* ---- observations and self-play ------------------------------------------------------------ */

static void check_observations(const Game *g, Observation *o)
{
    for (int seat = 0; seat < g->n; seat++) {
        assert_int_equal(game_observe(g, seat, o), CEKI_OK);
        assert_int_equal(memcmp(o->hand, g->hand[seat], (size_t)g->hand_n[seat]), 0);
        for (int i = g->hand_n[seat]; i < OBS_MAX_HAND; i++)
            assert_int_equal(o->hand[i], 0);
        assert_int_equal(o->stock_count, g->stock_n);
        assert_int_equal(o->discard_count, g->kowah.discard_n);
        assert_int_equal(memcmp(o->discard, g->kowah.discard, (size_t)g->kowah.discard_n), 0);
        for (int s = 0; s < g->n; s++) {
            assert_int_equal(o->hand_count[s], g->hand_n[s]);
            assert_int_equal(o->exposed[s], g->kowah.exposed[s]);
        }
        /* A draw is in view only while it is shown to all. */
        assert_int_equal(o->shown_draw, g->kowah.shown_draw);
        assert_int_equal(o->peek, CARD_NONE);
        assert_int_equal(o->pool_count, 0);
    }
}

static void check_kowah_state(const Game *g, const Card locked[][KOWAH_HAND])
{
    const KowahState *k = &g->kowah;
    for (int s = 0; s < g->n; s++) {
        int expect = 8;
        if (!game_round_over(g) && s == k->turn_seat &&
            (g->phase == PHASE_DISCARD || (g->phase == PHASE_CLAIM && !k->offer_is_discard)))
            expect = 9;
        if (game_round_over(g) && s == k->winner)
            expect = 9;
        assert_int_equal(g->hand_n[s], expect);
        /* A declared hand stays as it was declared (but for the drawn card). */
        if (k->exposed[s] != CARD_NONE && expect == 8) {
            assert_int_equal(memcmp(g->hand[s], locked[s], KOWAH_HAND), 0);
            assert_true(kowah_is_checki(g->hand[s]));
        }
    }
}

static void test_selfplay(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 77);
    Observation *o = malloc(sizeof *o);
    Game *before = malloc(sizeof *before);
    assert_non_null(o);
    assert_non_null(before);
    int hands = 0, won = 0, claims = 0, declared = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        Game *g = new_game(2 + (int)(seed % 3), 3, seed);
        Card locked[CEKI_MAX_SEATS][KOWAH_HAND];
        while (!game_match_over(g)) {
            check_conservation(g);
            check_kowah_state(g, (const Card(*)[KOWAH_HAND])locked);
            check_observations(g, o);
            /* A random illegal move is refused and changes nothing. */
            Move bad = {.type = (uint8_t)(1 + rng_below(&rng, MOVE_PASS)),
                        .seat = (uint8_t)rng_below(&rng, (uint32_t)g->n),
                        .card = (Card)rng_below(&rng, CARD_CEKI_KINDS),
                        .target = CARD_NONE};
            if (!game_is_legal(g, &bad)) {
                memcpy(before, g, sizeof *g);
                assert_int_equal(game_apply(g, &bad), CEKI_ERR_ILLEGAL);
                assert_int_equal(memcmp(before, g, sizeof *g), 0);
            }
            Move m[GAME_MAX_MOVES];
            int n = game_legal_moves(g, m, GAME_MAX_MOVES);
            assert_true(n > 0);
            for (int i = 0; i < n; i++)
                assert_int_equal(m[i].seat, game_to_move(g));
            /* Prefer declaring and claiming, so those paths are exercised. */
            int pick = (int)rng_below(&rng, (uint32_t)n);
            for (int i = 0; i < n; i++) {
                if (m[i].type == MOVE_DECLARE || m[i].type == MOVE_CLAIM)
                    pick = i;
            }
            bool was_over = game_round_over(g);
            int mover = m[pick].seat;
            assert_int_equal(game_apply(g, &m[pick]), CEKI_OK);
            if (m[pick].type == MOVE_DECLARE) {
                memcpy(locked[mover], g->hand[mover], KOWAH_HAND);
                declared++;
            }
            claims += m[pick].type == MOVE_CLAIM;
            if (!was_over && game_round_over(g)) {
                hands++;
                won += g->kowah.winner >= 0;
            }
        }
        check_conservation(g);
        check_observations(g, o);
        game_destroy(g);
    }
    print_message("kowah self-play: %d hands, %d won, %d claims, %d declarations\n", hands, won,
                  claims, declared);
    assert_int_equal(hands, 360);
    assert_true(declared > 0);
    assert_true(claims > 0);
    assert_true(won > 0);
    free(before);
    free(o);
}

static void test_replay_same_moves(void **state)
{
    (void)state;
    /* Same seed, same moves: the same game. */
    Game *a = new_game(4, 2, 99);
    Game *b = new_game(4, 2, 99);
    Rng rng;
    rng_seed(&rng, 5);
    for (int i = 0; i < 2000 && !game_match_over(a); i++) {
        Move m[GAME_MAX_MOVES];
        int n = game_legal_moves(a, m, GAME_MAX_MOVES);
        Move pick = m[rng_below(&rng, (uint32_t)n)];
        assert_int_equal(game_apply(a, &pick), CEKI_OK);
        assert_int_equal(game_apply(b, &pick), CEKI_OK);
    }
    assert_int_equal(memcmp(a->hand, b->hand, sizeof a->hand), 0);
    assert_int_equal(memcmp(a->stock, b->stock, sizeof a->stock), 0);
    assert_int_equal(memcmp(&a->kowah, &b->kowah, sizeof a->kowah), 0);
    game_destroy(a);
    game_destroy(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_a),
        cmocka_unit_test(test_shape_b),
        cmocka_unit_test(test_not_checki),
        cmocka_unit_test(test_deal),
        cmocka_unit_test(test_draw_and_discard),
        cmocka_unit_test(test_declare),
        cmocka_unit_test(test_locked_hand),
        cmocka_unit_test(test_win_own_draw),
        cmocka_unit_test(test_win_b_other_pair),
        cmocka_unit_test(test_win_discard_top_when_declared),
        cmocka_unit_test(test_claim_shown_draw),
        cmocka_unit_test(test_claim_discard),
        cmocka_unit_test(test_claim_priority),
        cmocka_unit_test(test_stock_runs_out),
        cmocka_unit_test(test_discard_round_ends),
        cmocka_unit_test(test_hand_end_lasts_until_next_deal),
        cmocka_unit_test(test_match),
        cmocka_unit_test(test_illegal_moves),
        cmocka_unit_test(test_selfplay),
        cmocka_unit_test(test_replay_same_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
