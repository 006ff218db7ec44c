/* visibility.c — game_events_for_seat (game.h): the events of a move as one
 * seat sees them. Visibility is a rule (RULES.md §5), so the core decides it.
 *
 * Readings, by event:
 * - A dealt hand card is seen by its owner only (EV_DEAL_HAND).
 * - A private peek at a stock card (Pèi's patih, pei-chinese's unyik) is seen
 *   by the seat that peeks; the last stock card turned up for all (EV_PEEK,
 *   seat -1) by everyone.
 * - A Kowah stock draw is seen by the drawer, and by everyone when the rules
 *   show it (a declared player could claim it, or it wins): the engine writes
 *   the card into EV_DRAWN only then, so the drawer's own copy of a hidden
 *   draw is filled in here from the game (the card it drew this turn).
 * - Everything else is public: the seating draw and the dealer's draw, Kings
 *   cuts and trophies, the pool as dealt, every card played, turned,
 *   captured or laid in the pool (the house reading of §5: every capture is
 *   made face up before it joins a pile, even a face-down one), Kings pairs,
 *   forfeits, Kowah discards, cards taken from the discard, declared pairs,
 *   claims and the winning card. At a round's end no hand is shown: the
 *   rules show none, and no event names one.
 * - The dice, packets and payments of Pèi carry numbers, not cards, in their
 *   card fields and are public.
 * An event type this file does not know hides both card fields from every
 * seat, so a new event is private until someone decides otherwise.
 *
 * Hands a round late (game_round_hands): a spectator of a table that allows
 * it sees every seat's hand as its round was dealt, once that round is
 * over; the round being played shows none. The hands are found again by
 * replaying the match from its config and moves up to that round's first
 * position, so the game keeps nothing more for the few tables that ask. */
#include <string.h>

#include "game_internal.h"

/* Who sees an event's card fields. */
typedef enum EventSight {
    SIGHT_HIDDEN = 0, /* no one (an unknown event type) */
    SIGHT_ALL,        /* every seat and a spectator */
    SIGHT_OWNER,      /* the event's seat only; seat -1: everyone */
    SIGHT_DRAW        /* EV_DRAWN: the drawer, and everyone when the card is written */
} EventSight;

static const uint8_t event_sight[] = {
    [EV_ROUND_START] = SIGHT_ALL, [EV_CEREMONY_CARD] = SIGHT_ALL, [EV_ROLE] = SIGHT_ALL,
    [EV_DEAL_HAND] = SIGHT_OWNER, [EV_DEAL_POOL] = SIGHT_ALL,     [EV_DEAL_STOCK] = SIGHT_ALL,
    [EV_SET_ASIDE] = SIGHT_ALL,   [EV_PLAYED] = SIGHT_ALL,        [EV_TURNED] = SIGHT_ALL,
    [EV_CAPTURED] = SIGHT_ALL,    [EV_TRAILED] = SIGHT_ALL,       [EV_PAIR_TAKEN] = SIGHT_ALL,
    [EV_FORFEIT] = SIGHT_ALL,     [EV_ROUND_SCORED] = SIGHT_ALL,  [EV_ROUND_WON] = SIGHT_ALL,
    [EV_KING_WON] = SIGHT_ALL,    [EV_CUT] = SIGHT_ALL,           [EV_CUT_WON] = SIGHT_ALL,
    [EV_SEATING] = SIGHT_ALL,     [EV_SIT_OUT] = SIGHT_ALL,       [EV_MATCH_OVER] = SIGHT_ALL,
    [EV_STAKE_PAID] = SIGHT_ALL,  [EV_DICE] = SIGHT_ALL,          [EV_PACKET] = SIGHT_ALL,
    [EV_PEEK] = SIGHT_OWNER,      [EV_DRAWN] = SIGHT_DRAW,        [EV_DISCARDED] = SIGHT_ALL,
    [EV_DECLARED] = SIGHT_ALL,    [EV_CLAIMED] = SIGHT_ALL,       [EV_HAND_DRAWN] = SIGHT_ALL,
};

#define EVENT_SIGHT_COUNT ((int)(sizeof event_sight / sizeof event_sight[0]))
#define DRAW_FROM_STOCK 0 /* EV_DRAWN's value for a stock draw */

/* The card of a hidden stock draw as its drawer sees it: what the seat drew
 * this turn, when the game says it is that seat's draw. */
static Card drawn_for_drawer(const Game *g, const GameEvent *e, int seat)
{
    const KowahState *k = &g->kowah;
    if (e->value != DRAW_FROM_STOCK || e->seat != seat || k->turn_seat != seat)
        return e->card;
    return k->drawn;
}

/* One event as `seat` sees it. */
static GameEvent event_for_seat(const Game *g, const GameEvent *e, int seat)
{
    GameEvent out = *e;
    int sight = e->type < EVENT_SIGHT_COUNT ? event_sight[e->type] : SIGHT_HIDDEN;
    switch (sight) {
    case SIGHT_ALL: break;
    case SIGHT_OWNER:
        if (e->seat >= 0 && e->seat != seat)
            out.card = CARD_NONE;
        break;
    case SIGHT_DRAW:
        if (e->card == CARD_NONE && seat >= 0)
            out.card = drawn_for_drawer(g, e, seat);
        break;
    default:
        out.card = CARD_NONE;
        out.card2 = CARD_NONE;
        break;
    }
    return out;
}

int game_events_for_seat(const Game *g, const GameEvent *in, int n, int seat, GameEvent *out)
{
    if (!g || n < 0 || (n > 0 && (!in || !out)) || seat < -1 || seat >= g->n)
        return -1;
    for (int i = 0; i < n; i++)
        out[i] = event_for_seat(g, &in[i], seat);
    return n;
}

/* Whether round `round` of g is over: an earlier one, or this one ended. */
static bool round_is_over(const Game *g, int round)
{
    if (round < 1 || round > g->round)
        return false;
    return round < g->round || g->phase == PHASE_ROUND_OVER || g->phase == PHASE_MATCH_OVER;
}

static void hands_of(const Game *g, int round, RoundHands *out)
{
    out->round = round;
    out->players = g->n;
    for (int s = 0; s < g->n; s++) {
        out->count[s] = g->hand_n[s];
        memcpy(out->hand[s], g->hand[s], (size_t)g->hand_n[s]);
    }
}

CekiStatus game_round_hands(const Game *g, int round, RoundHands *out)
{
    if (!g || !out)
        return CEKI_ERR_ARG;
    if (!g->keep_history || !round_is_over(g, round))
        return CEKI_ERR_STATE;
    CekiStatus st = CEKI_OK;
    Game *r = game_create(&g->cfg, &st);
    if (!r)
        return st;
    game_set_events_enabled(r, false);
    game_set_history_enabled(r, false);
    for (int i = 0; r->round < round && i < g->history_n && st == CEKI_OK; i++)
        st = game_apply(r, &g->history[i]);
    if (st == CEKI_OK && r->round != round)
        st = CEKI_ERR_STATE; /* a history that does not reach it */
    if (st == CEKI_OK) {
        memset(out, 0, sizeof *out);
        hands_of(r, round, out);
    }
    game_destroy(r);
    return st;
}
