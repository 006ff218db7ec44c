/* fuzz_check.h — invariant checks shared by the fuzz targets (header-only).
 *
 * Contract: every check goes through the public API of the rules core only
 * (game.h, record.h), so a fuzz target tests what a front end can see. A
 * broken check prints what failed and aborts, which libFuzzer reports as a
 * crash and saves the input. The invariants are those of RULES.md §5:
 *  - cards are neither created nor lost: the counts every seat observes add
 *    up to the deck, and no seat sees more copies of a kind than the deck has;
 *  - an illegal move is refused with CEKI_ERR_ILLEGAL and changes nothing any
 *    seat can observe (nor the legal moves, the events or the history);
 *  - the same record replays to the same game.
 */
#ifndef CEKI_FUZZ_CHECK_H
#define CEKI_FUZZ_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "variant.h"

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);           \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* Everything a front end can see of a game at one moment. */
typedef struct FuzzView {
    Observation obs[CEKI_MAX_SEATS];
    Move legal[GAME_MAX_MOVES];
    int nlegal;
    GameEvent events[4096];
    int nevents;
    int nhistory;
    int to_move;
} FuzzView;

static inline void fuzz_view_take(const Game *g, FuzzView *v)
{
    memset(v, 0, sizeof *v);
    for (int s = 0; s < game_players(g); s++)
        FUZZ_CHECK(game_observe(g, s, &v->obs[s]) == CEKI_OK);
    v->nlegal = game_legal_moves(g, v->legal, GAME_MAX_MOVES);
    const GameEvent *ev = game_events(g, &v->nevents);
    FUZZ_CHECK(v->nevents >= 0 && (v->nevents == 0 || ev != NULL));
    if (v->nevents > (int)(sizeof v->events / sizeof v->events[0]))
        v->nevents = (int)(sizeof v->events / sizeof v->events[0]);
    if (v->nevents > 0)
        memcpy(v->events, ev, (size_t)v->nevents * sizeof *ev);
    (void)game_history(g, &v->nhistory);
    v->to_move = game_to_move(g);
}

static inline bool fuzz_view_equal(const FuzzView *a, const FuzzView *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* Cards kept and hidden as the rules say, seen from every seat. */
static inline void fuzz_check_observations(const Game *g)
{
    const VariantDesc *vd = game_variant(g);
    int n = game_players(g);
    int deck = variant_deck_size(vd, n);
    static Observation o;
    static Card hidden[OBS_MAX_PILE], zero[OBS_MAX_HAND];
    if (hidden[0] != CARD_NONE)
        memset(hidden, CARD_NONE, sizeof hidden);
    int copies[CARD_KIND_LIMIT];
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        copies[k] = variant_copies_of(vd, n, (Card)k);
    for (int seat = 0; seat < n; seat++) {
        FUZZ_CHECK(game_observe(g, seat, &o) == CEKI_OK);
        FUZZ_CHECK(o.seat == seat && o.players == n && o.variant == vd->id);
        int total = o.pool_count + o.stock_count + o.set_aside_count + o.discard_count;
        int seen[CARD_KIND_LIMIT] = {0};
        FUZZ_CHECK(o.hand_count[seat] >= 0 && o.hand_count[seat] <= OBS_MAX_HAND);
        for (int i = 0; i < o.hand_count[seat]; i++) {
            FUZZ_CHECK(card_is_valid(o.hand[i]));
            seen[o.hand[i]]++;
        }
        /* Nothing past the own hand. */
        FUZZ_CHECK(memcmp(o.hand + o.hand_count[seat], zero,
                          OBS_MAX_HAND - (size_t)o.hand_count[seat]) == 0);
        for (int s = 0; s < n; s++) {
            FUZZ_CHECK(o.hand_count[s] >= 0 && o.captured_count[s] >= 0);
            FUZZ_CHECK(o.captured_count[s] <= OBS_MAX_PILE);
            total += o.hand_count[s] + o.captured_count[s];
            if (s == seat)
                FUZZ_CHECK(o.captured_visible[s]); /* a seat always sees its own pile */
            for (int i = 0; i < o.captured_count[s]; i++) {
                if (o.captured_visible[s]) {
                    FUZZ_CHECK(card_is_valid(o.captured[s][i]));
                    seen[o.captured[s][i]]++;
                }
            }
            if (!o.captured_visible[s])
                FUZZ_CHECK(memcmp(o.captured[s], hidden, sizeof hidden) == 0);
        }
        FUZZ_CHECK(o.pool_count >= 0 && o.pool_count <= OBS_MAX_POOL);
        for (int i = 0; i < o.pool_count; i++) {
            FUZZ_CHECK(card_is_valid(o.pool[i]));
            seen[o.pool[i]]++;
        }
        FUZZ_CHECK(o.discard_count >= 0 && o.discard_count <= CEKI_MAX_DECK);
        for (int i = 0; i < o.discard_count; i++) {
            FUZZ_CHECK(card_is_valid(o.discard[i]));
            seen[o.discard[i]]++;
        }
        if (o.turned != CARD_NONE) {
            FUZZ_CHECK(o.phase == PHASE_STOCK_TAKE && card_is_valid(o.turned));
            seen[o.turned]++;
            total++; /* the turned card is in the air */
        }
        FUZZ_CHECK(o.stock_count >= 0 && o.set_aside_count >= 0);
        FUZZ_CHECK(total == deck);
        for (int k = 0; k < CARD_KIND_LIMIT; k++)
            FUZZ_CHECK(seen[k] <= copies[k]);
        FUZZ_CHECK(o.peek == CARD_NONE || variant_copies_of(vd, n, o.peek) > 0);
        FUZZ_CHECK(o.stock_last_public == CARD_NONE ||
                   variant_copies_of(vd, n, o.stock_last_public) > 0);
        FUZZ_CHECK(o.to_move == game_to_move(g));
    }
}

/* The legal moves: none only when the match is over, each for the seat to
 * move, each legal and each listed once. Returns the count. */
static inline int fuzz_check_legal(const Game *g, Move *legal)
{
    int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
    int to_move = game_to_move(g);
    if (game_match_over(g)) {
        FUZZ_CHECK(n == 0 && to_move == -1);
        return 0;
    }
    FUZZ_CHECK(n >= 1 && n <= GAME_MAX_MOVES);
    FUZZ_CHECK(to_move >= 0 && to_move < game_players(g));
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(legal[i].seat == to_move);
        FUZZ_CHECK(game_is_legal(g, &legal[i]));
        FUZZ_CHECK(game_explain_illegal(g, &legal[i])[0] == '\0');
        for (int j = i + 1; j < n; j++)
            FUZZ_CHECK(!move_equal(&legal[i], &legal[j]));
    }
    return n;
}

/* Writes g as a record, reads it back and checks that every seat sees the
 * same game. */
static inline void fuzz_check_replay(const Game *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(record_write(g, f) == CEKI_OK);
    FUZZ_CHECK(fclose(f) == 0);
    Game *r = NULL;
    char err[RECORD_ERROR_MAX] = "";
    CekiStatus st = record_read_text(text, len, &r, err, sizeof err);
    if (st != CEKI_OK)
        fprintf(stderr, "replay refused: %s\n%s", err, text);
    FUZZ_CHECK(st == CEKI_OK && r != NULL);
    static FuzzView a, b;
    fuzz_view_take(g, &a);
    fuzz_view_take(r, &b);
    FUZZ_CHECK(fuzz_view_equal(&a, &b));
    game_destroy(r);
    free(text);
}

#endif
