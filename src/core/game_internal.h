/* game_internal.h — the Game struct and the engines' private entry points.
 *
 * Contract: only src/core includes this. game.c holds the public API
 * (creation, copies, history, move text) and dispatches to the engines:
 * fishing.c runs every fishing variant from its VariantDesc (with pei.c for
 * Pèi's deal, stakes and places), kowah.c runs Kowah. What the engines record
 * as they play (the events, the public history) is game_state.c, below them
 * all: an engine never calls game.c.
 * A seat names one player for the whole match. Play goes from a seat to
 * game_seat_after(g, seat, 1): seat + 1 in every variant but Pèi, whose
 * seating draw may turn the order round (dir = -1) so that play runs
 * raja -> patih -> unyik.
 */
#ifndef CEKI_GAME_INTERNAL_H
#define CEKI_GAME_INTERNAL_H

#include "game.h"
#include "kowah_state.h"
#include "rng.h"

struct Game {
    GameConfig cfg;
    const VariantDesc *v;
    int n;   /* players */
    int dir; /* +1, or -1 when the seating draw reversed the order of play */
    Rng rng;

    /* cards */
    Card deck[CEKI_MAX_DECK]; /* the whole deck in card order (variant_build_deck), built once */
    int deck_n;
    Card hand[CEKI_MAX_SEATS][OBS_MAX_HAND];
    int hand_n[CEKI_MAX_SEATS];
    Card pool[CEKI_MAX_DECK];
    int pool_n;
    uint8_t pool_kinds[CARD_KIND_LIMIT]; /* copies of each kind in the pool; change the
                                            pool only through fishing_pool_* */
    uint64_t pool_set[2];                /* bit k: pool_kinds[k] > 0 */
    Card stock[CEKI_MAX_DECK];           /* stock[stock_n - 1] is drawn next */
    int stock_n;
    Card captured[CEKI_MAX_SEATS][CEKI_MAX_DECK];
    int captured_n[CEKI_MAX_SEATS];
    Card aside[CEKI_MAX_DECK];
    int aside_n;

    /* turn */
    GamePhase phase;
    int to_move;
    Card turned; /* the stock card waiting for MOVE_TAKE */
    int turns_taken[CEKI_MAX_SEATS];
    bool forfeited[CEKI_MAX_SEATS];
    bool sitting_out[CEKI_MAX_SEATS]; /* Totit tie-break hands: not tied for the lead */

    /* round and match */
    int round;
    int starter;
    int dealer;
    GameRole role[CEKI_MAX_SEATS];
    int round_score[CEKI_MAX_SEATS];
    bool round_winner[CEKI_MAX_SEATS];
    int match_score[CEKI_MAX_SEATS];
    bool match_winner[CEKI_MAX_SEATS];
    bool match_over;
    int units[CEKI_MAX_SEATS]; /* Pèi stakes */
    int pot;
    Card kings_left;           /* Kings: trophies not yet won (count) */
    Card peek[CEKI_MAX_SEATS]; /* a private look at a stock card, CARD_NONE if none */
    int peek_depth[CEKI_MAX_SEATS];
    Card stock_last_public; /* Pèi: the turned-up last stock card */

    KowahState kowah;

    /* The public history of the round (game.h); entry i of the round is
     * pub.entry[i % PUBLIC_HISTORY_MAX] (a ring) and pub.count is the slot
     * the next entry goes to. Change it only through game_public_*. */
    PublicHistory pub;

    /* bookkeeping (not part of the position) */
    bool events_on;
    GameEvent *events;
    int events_n, events_cap;
    bool keep_history;
    Move *history;
    int history_n, history_cap;
};

void game_event_push(Game *g, EventType type, int seat, Card card, Card card2, int32_t value);
/* Appends an event when events are on (a test the playouts pay, not a call). */
static inline void game_event(Game *g, EventType type, int seat, Card card, Card card2,
                              int32_t value)
{
    if (g->events_on)
        game_event_push(g, type, seat, card, card2, value);
}
/* The match is over with g->match_winner as decided: the phase, and the
 * event naming the first winner and how many there are. */
void game_end_match(Game *g);
/* A new round: every seat's hand, pile, turns, forfeit, score, win and
 * peek emptied. */
void game_clear_seats(Game *g);
/* A new round: an empty public history. */
void game_public_reset(Game *g);
/* Something every seat saw (PublicKind); keeps the sums of PublicHistory. */
void game_public_add(Game *g, PublicKind kind, int seat, Card card, Card card2, uint8_t flags);

/* The seat k places after `seat` in the order of play (k may be negative). */
static inline int game_seat_after(const Game *g, int seat, int k)
{
    int s = (seat + g->dir * k) % g->n;
    return s < 0 ? s + g->n : s;
}

/* fishing.c */
void fishing_pool_push(Game *g, Card c);
void fishing_pool_remove(Game *g, Card c); /* the last copy of c in the pool */
void fishing_pool_recount(Game *g);        /* after rewriting g->pool wholesale */
void fishing_start_match(Game *g);
int fishing_legal_moves(const Game *g, Move *out, int cap);
const char *fishing_explain_illegal(const Game *g, const Move *m);
/* Whether m is legal, without listing every move; *found gets the engine's
 * own copy (flags set). */
bool fishing_find_legal(const Game *g, const Move *m, Move *found);
void fishing_apply(Game *g, const Move *m); /* m is known to be legal */
CekiStatus fishing_setup_position(Game *g, const Card *hand, int nhand, const Card *pool, int npool,
                                  bool first_turn);

/* kowah.c */
void kowah_start_match(Game *g);
int kowah_legal_moves(const Game *g, Move *out, int cap);
const char *kowah_explain_illegal(const Game *g, const Move *m);
void kowah_apply(Game *g, const Move *m);
void kowah_observe(const Game *g, int seat, Observation *out);

#endif
