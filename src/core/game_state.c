/* game_state.c — what every engine records as it plays (game_internal.h):
 * the event list of the last apply and the round's public history. It sits
 * below the engines and game.c, which dispatches to them, so the engines
 * call nothing of game.c. */
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

void game_event_push(Game *g, EventType type, int seat, Card card, Card card2, int32_t value)
{
    if (g->events_n == g->events_cap) {
        int cap = g->events_cap ? g->events_cap * 2 : 256;
        GameEvent *e = realloc(g->events, (size_t)cap * sizeof *e);
        if (!e)
            return; /* events are presentation only; the game goes on */
        g->events = e;
        g->events_cap = cap;
    }
    g->events[g->events_n++] = (GameEvent){
        .type = (uint8_t)type, .seat = (int8_t)seat, .card = card, .card2 = card2, .value = value};
}

void game_public_reset(Game *g)
{
    g->pub.count = 0;
    g->pub.total = 0;
    memset(g->pub.pile, 0, sizeof g->pub.pile);
    memset(g->pub.hand, 0, sizeof g->pub.hand);
}

static void public_count(uint8_t *counts, Card c, int delta)
{
    if (c >= CARD_KIND_LIMIT)
        return;
    if (delta > 0 && counts[c] < UINT8_MAX)
        counts[c]++;
    else if (delta < 0 && counts[c] > 0)
        counts[c]--;
}

void game_public_add(Game *g, PublicKind kind, int seat, Card card, Card card2, uint8_t flags)
{
    if (seat < 0 || seat >= g->n)
        return;
    PublicHistory *p = &g->pub;
    /* pub.count is the ring's next slot here (game_internal.h). */
    p->entry[p->count] = (PublicEntry){
        .kind = (uint8_t)kind, .seat = (uint8_t)seat, .flags = flags, .card = card, .card2 = card2};
    p->count = p->count + 1 == PUBLIC_HISTORY_MAX ? 0 : p->count + 1;
    p->total++;
    switch (kind) {
    case PUB_CAPTURE:
    case PUB_PAIR:
        public_count(p->pile[seat], card, 1);
        public_count(p->pile[seat], card2, 1);
        break;
    case PUB_DRAW:
    case PUB_TAKE_DISCARD: public_count(p->hand[seat], card, 1); break;
    case PUB_DISCARD: public_count(p->hand[seat], card, -1); break;
    case PUB_DECLARE:
        while (card < CARD_KIND_LIMIT && p->hand[seat][card] < 2)
            p->hand[seat][card]++;
        break;
    case PUB_CLAIM:
        public_count(p->hand[seat], card, 1);
        if (!(flags & PUB_FLAG_DISCARD) && card2 < g->n)
            public_count(p->hand[card2], card, -1);
        break;
    case PUB_NONE:
    case PUB_TRAIL: break;
    }
}

void game_clear_seats(Game *g)
{
    for (int s = 0; s < g->n; s++) {
        g->hand_n[s] = 0;
        g->captured_n[s] = 0;
        g->turns_taken[s] = 0;
        g->forfeited[s] = false;
        g->round_score[s] = 0;
        g->round_winner[s] = false;
        g->peek[s] = CARD_NONE;
        g->peek_depth[s] = 0;
    }
}

void game_end_match(Game *g)
{
    int first = -1, count = 0;
    for (int s = 0; s < g->n; s++) {
        if (g->match_winner[s]) {
            count++;
            first = first < 0 ? s : first;
        }
    }
    g->phase = PHASE_MATCH_OVER;
    g->match_over = true;
    game_event(g, EV_MATCH_OVER, first, CARD_NONE, CARD_NONE, count);
}
