/* watch_view.c — a spectator's screen's cards, from its view alone
 * (watch_view.h). */
#include "watch_view.h"

#include <string.h>

static int clamp_count(int n, int max)
{
    return n < 0 ? 0 : n > max ? max : n;
}

/* The hands of a finished round: one before the round shown, or this one
 * once it is over. */
static bool late_shown(const Observation *o, const NetHands *h)
{
    if (h == NULL || h->round < 1 || h->players != o->players) {
        return false;
    }
    bool over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    return (int)h->round < o->round || ((int)h->round == o->round && over);
}

static void read_late(const Observation *o, const NetHands *h, WatchView *w)
{
    if (!late_shown(o, h)) {
        return;
    }
    w->late = true;
    w->late_round = h->round;
    for (int s = 0; s < w->players; s++) {
        w->late_count[s] = clamp_count(h->count[s], OBS_MAX_HAND);
        memcpy(w->late_hand[s], h->cards[s], (size_t)w->late_count[s] * sizeof(Card));
    }
}

bool watch_view_read(const Observation *o, const NetHands *late, WatchView *out)
{
    if (out == NULL) {
        return false;
    }
    memset(out, 0, sizeof *out);
    out->turned = out->shown_draw = out->stock_last = out->discard_top = CARD_NONE;
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        out->exposed[i] = CARD_NONE;
    }
    out->to_move = -1;
    if (o == NULL || o->seat != GAME_SPECTATOR || o->players < 1 || o->players > CEKI_MAX_SEATS) {
        return false;
    }
    WatchView *w = out;
    w->players = o->players;
    w->round = o->round;
    w->phase = o->phase;
    w->to_move = o->phase == PHASE_MATCH_OVER ? -1 : o->to_move;
    w->npool = clamp_count(o->pool_count, OBS_MAX_POOL);
    memcpy(w->pool, o->pool, (size_t)w->npool * sizeof(Card));
    w->turned = o->turned;
    w->shown_draw = o->shown_draw;
    w->stock_last = o->stock_last_public;
    w->stock_count = o->stock_count;
    w->discard_count = clamp_count(o->discard_count, CEKI_MAX_DECK);
    w->discard_top = w->discard_count > 0 ? o->discard[w->discard_count - 1] : CARD_NONE;
    for (int s = 0; s < w->players; s++) {
        w->hand_count[s] = o->hand_count[s];
        w->pile_count[s] = clamp_count(o->captured_count[s], OBS_MAX_PILE);
        w->pile_shown[s] = o->captured_visible[s];
        if (w->pile_shown[s]) {
            memcpy(w->pile[s], o->captured[s], (size_t)w->pile_count[s] * sizeof(Card));
        }
        w->exposed[s] = o->exposed[s];
        w->role[s] = o->role[s];
        w->round_score[s] = o->round_score[s];
        w->match_score[s] = o->match_score[s];
        w->round_winner[s] = o->round_winner[s];
        w->match_winner[s] = o->match_winner[s];
    }
    read_late(o, late, w);
    return true;
}

static int add_card(Card *out, int n, int cap, Card c)
{
    if (c != CARD_NONE && n < cap) {
        out[n++] = c;
    }
    return n;
}

int watch_view_cards(const WatchView *w, Card *out, int cap)
{
    int n = 0;
    if (w == NULL || out == NULL) {
        return 0;
    }
    for (int i = 0; i < w->npool; i++) {
        n = add_card(out, n, cap, w->pool[i]);
    }
    n = add_card(out, n, cap, w->turned);
    n = add_card(out, n, cap, w->shown_draw);
    n = add_card(out, n, cap, w->stock_last);
    n = add_card(out, n, cap, w->discard_top);
    for (int s = 0; s < w->players; s++) {
        for (int i = 0; w->pile_shown[s] && i < w->pile_count[s]; i++) {
            n = add_card(out, n, cap, w->pile[s][i]);
        }
        n = add_card(out, n, cap, w->exposed[s]);
        for (int i = 0; w->late && i < w->late_count[s]; i++) {
            n = add_card(out, n, cap, w->late_hand[s][i]);
        }
    }
    return n;
}

void watch_view_layout(const WatchView *w, const VariantDesc *v, float width, float height,
                       float unit, double aspect, TableLayout *out)
{
    TlSpec spec = table_layout_spec_of(v, w->players, width, height, unit, aspect);
    table_layout_band_ranks(&spec, w->role, spec.band_ranks);
    table_layout_compute(&spec, out);
}
