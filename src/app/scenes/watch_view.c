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
    memcpy(w->discard, o->discard, (size_t)w->discard_count * sizeof(Card));
    w->aside_count = o->set_aside_count;
    w->dealer = o->dealer;
    w->pot = o->pot;
    w->history = o->history;
    for (int s = 0; s < w->players; s++) {
        w->hand_count[s] = o->hand_count[s];
        w->pile_count[s] = clamp_count(o->captured_count[s], OBS_MAX_PILE);
        w->pile_shown[s] = o->captured_visible[s];
        if (w->pile_shown[s]) {
            memcpy(w->pile[s], o->captured[s], (size_t)w->pile_count[s] * sizeof(Card));
        }
        w->exposed[s] = o->exposed[s];
        w->role[s] = o->role[s];
        w->next_seat[s] = o->next_seat[s];
        w->sitting_out[s] = o->sitting_out[s];
        w->forfeited[s] = o->forfeited[s];
        w->units[s] = o->units[s];
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
    for (int i = 0; i < w->discard_count; i++) {
        n = add_card(out, n, cap, w->discard[i]); /* its top is discard_top */
    }
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

void watch_view_observation(const WatchView *w, VariantId variant, Observation *out)
{
    memset(out, 0, sizeof *out);
    out->variant = variant;
    out->seat = GAME_SPECTATOR;
    out->players = w->players;
    out->round = w->round;
    out->phase = w->phase;
    out->to_move = w->to_move;
    out->dealer = w->dealer;
    out->starter = -1;
    memcpy(out->pool, w->pool, (size_t)w->npool * sizeof(Card));
    out->pool_count = w->npool;
    out->stock_count = w->stock_count;
    out->set_aside_count = w->aside_count;
    out->turned = w->turned;
    out->shown_draw = w->shown_draw;
    out->stock_last_public = w->stock_last;
    out->peek = out->drawn = CARD_NONE;
    out->discard_count = w->discard_count;
    memcpy(out->discard, w->discard, (size_t)w->discard_count * sizeof(Card));
    out->pot = w->pot;
    out->history = w->history;
    for (int i = 0; i < OBS_MAX_HAND; i++) {
        out->hand[i] = CARD_NONE;
    }
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        bool seat = s < w->players;
        out->role[s] = seat ? w->role[s] : ROLE_NONE;
        out->next_seat[s] = seat ? w->next_seat[s] : 0;
        out->sitting_out[s] = seat && w->sitting_out[s];
        out->forfeited[s] = seat && w->forfeited[s];
        out->hand_count[s] = seat ? w->hand_count[s] : 0;
        out->captured_count[s] = seat ? w->pile_count[s] : 0;
        out->captured_visible[s] = seat && w->pile_shown[s];
        for (int k = 0; k < OBS_MAX_PILE; k++) {
            out->captured[s][k] =
                seat && w->pile_shown[s] && k < w->pile_count[s] ? w->pile[s][k] : CARD_NONE;
        }
        out->exposed[s] = seat ? w->exposed[s] : CARD_NONE;
        out->round_score[s] = seat ? w->round_score[s] : 0;
        out->match_score[s] = seat ? w->match_score[s] : 0;
        out->round_winner[s] = seat && w->round_winner[s];
        out->match_winner[s] = seat && w->match_winner[s];
        out->units[s] = seat ? w->units[s] : 0;
    }
}

void watch_view_layout(const WatchView *w, const VariantDesc *v, float width, float height,
                       float unit, double aspect, TableLayout *out)
{
    TlSpec spec = table_layout_spec_of(v, w->players, width, height, unit, aspect);
    spec.reversed = w->players > 2 && w->next_seat[0] != 1; /* as the players' table reads it */
    table_layout_band_ranks(&spec, w->role, spec.band_ranks);
    table_layout_compute(&spec, out);
}
