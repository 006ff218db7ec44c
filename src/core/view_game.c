/* view_game.c — game_from_view (game.h): a Game rebuilt from one seat's
 * observation, so that a computer player far from the host can think with
 * nothing but what reached it.
 *
 * What the view gives is copied: the seat's own hand (in its order), the
 * pool, the piles it may see, the turned card, Pèi's turned-up last stock
 * card and the seat's own peek, Kowah's discard pile, declared pairs, shown
 * draw and the seat's own draw, the public history, and every count, role,
 * score and turn. What the Game keeps beside the position is derived from
 * the view where the rules make it public: the order of play from
 * next_seat, Kings trophies left from the Kings won, whose turn it is while
 * a Kowah card is offered (the last public entry), what the offer is, the
 * others' peeks (who and how deep). Turns taken are known only as "first
 * turn or not", which is all the rules ask of them.
 *
 * Every card the view does not show is then dealt into the hidden places —
 * the others' hands (after the cards the history puts there), face-down
 * piles (after the captures the history names, in the order they were made),
 * the stock's free slots and the set-aside cards — lowest kind first; and
 * the whole is passed once through game_determinize with a fixed seed, which
 * deals those places again as the rules allow (a declared Kowah hand as a
 * checki hand). The result depends on nothing but the view and cfg: its Rng
 * and config seed are fixed values that tell nothing.
 */
#include <string.h>

#include "game_internal.h"
#include "kowah.h"

#define VIEW_DEAL_SEED 28u /* game_determinize's seed for the fixed deal */
#define VIEW_RNG_SEED 0u   /* the rebuilt game's own Rng: nothing is known of the real one */
#define KINGS_TROPHIES 4   /* Kings: the four Kings set aside (RULES.md 3.8) */
#define PUB_KIND_LAST PUB_CLAIM

/* The deck's cards not yet placed, by kind. */
typedef struct ViewDeal {
    int left[CARD_KIND_LIMIT];
    int total;
    int next; /* the lowest kind that may still be left */
} ViewDeal;

/* Takes c out of the cards left; false when the deck has no copy left. */
static bool deal_take(ViewDeal *d, Card c)
{
    if (c >= CARD_KIND_LIMIT || d->left[c] == 0)
        return false;
    d->left[c]--;
    d->total--;
    return true;
}

/* The lowest kind still left (CARD_NONE when none is). */
static Card deal_lowest(ViewDeal *d)
{
    while (d->next < CARD_KIND_LIMIT && d->left[d->next] == 0)
        d->next++;
    if (d->next == CARD_KIND_LIMIT)
        return CARD_NONE;
    d->left[d->next]--;
    d->total--;
    return (Card)d->next;
}

static bool count_ok(int n, int cap)
{
    return n >= 0 && n <= cap;
}

static bool seat_ok(int seat, int n)
{
    return seat >= 0 && seat < n;
}

/* Whether the order of play is +1 or -1 for every seat; *dir gets it. */
static bool view_direction(const Observation *o, int *dir)
{
    bool up = true, down = true;
    for (int s = 0; s < o->players; s++) {
        up = up && o->next_seat[s] == (s + 1) % o->players;
        down = down && o->next_seat[s] == (s + o->players - 1) % o->players;
    }
    *dir = up ? 1 : -1;
    return up || down;
}

/* The turn and round facts: in range and agreeing with each other. */
static bool view_turn_ok(const Observation *o)
{
    int n = o->players;
    if (o->phase < PHASE_HAND || o->phase > PHASE_MATCH_OVER || o->round < 1)
        return false;
    if (o->phase == PHASE_MATCH_OVER ? o->to_move != -1 : !seat_ok(o->to_move, n))
        return false;
    if (!seat_ok(o->starter, n) || o->dealer < -1 || o->dealer >= n)
        return false;
    for (int s = 0; s < n; s++) {
        if (o->role[s] < ROLE_NONE || o->role[s] > ROLE_DEALER)
            return false;
    }
    return o->phase == PHASE_STOCK_TAKE ? o->turned != CARD_NONE : o->turned == CARD_NONE;
}

/* Every count within its array, the history's entries whole. */
static bool view_counts_ok(const Observation *o)
{
    int n = o->players;
    bool ok = count_ok(o->pool_count, OBS_MAX_POOL) && count_ok(o->stock_count, CEKI_MAX_DECK) &&
              count_ok(o->set_aside_count, CEKI_MAX_DECK) &&
              count_ok(o->discard_count, CEKI_MAX_DECK) && o->idle_turns >= 0 &&
              count_ok(o->peek_depth, o->stock_count);
    for (int s = 0; ok && s < n; s++) {
        ok = count_ok(o->hand_count[s], OBS_MAX_HAND) &&
             count_ok(o->captured_count[s], OBS_MAX_PILE) &&
             count_ok(o->peek_depth_of[s], o->stock_count);
    }
    const PublicHistory *h = &o->history;
    int whole = h->total < PUBLIC_HISTORY_MAX ? h->total : PUBLIC_HISTORY_MAX;
    ok = ok && h->total >= 0 && h->count == whole;
    for (int i = 0; ok && i < h->count; i++)
        ok = h->entry[i].kind > PUB_NONE && h->entry[i].kind <= PUB_KIND_LAST &&
             seat_ok(h->entry[i].seat, n);
    /* The seat's own peek is its entry in peek_depth_of, with its card. */
    int own = o->peek_depth_of[o->seat];
    return ok && (o->peek != CARD_NONE) == (own > 0) && o->peek_depth == own;
}

/* The phase is one of cfg's engine; a hand phase has a card to play. */
static bool view_phase_ok(const VariantDesc *v, const Observation *o)
{
    bool kowah = v->engine == ENGINE_KOWAH;
    switch (o->phase) {
    case PHASE_HAND: return !kowah && o->hand_count[o->to_move] > 0;
    case PHASE_STOCK:
    case PHASE_STOCK_TAKE: return !kowah;
    case PHASE_DRAW:
    case PHASE_DISCARD:
    case PHASE_DECLARE:
    case PHASE_CLAIM: return kowah;
    case PHASE_ROUND_OVER:
    case PHASE_MATCH_OVER: return true;
    }
    return false;
}

/* What only the other engine shows is empty: no Kowah discard pile, declared
 * pair, draw or idle count in a fishing game; no pool, pile, set-aside card,
 * turned-up stock card or peek in Kowah, whose hands hold 8 cards (9 with a
 * draw). The seat to move is in the round. */
static bool view_engine_ok(const VariantDesc *v, const Observation *o)
{
    bool kowah = v->engine == ENGINE_KOWAH, ok = true;
    bool playing = o->phase == PHASE_MATCH_OVER || !o->sitting_out[o->to_move];
    for (int s = 0; s < o->players; s++) {
        if (kowah)
            ok = ok && o->captured_count[s] == 0 && o->peek_depth_of[s] == 0 &&
                 (o->hand_count[s] == KOWAH_HAND || o->hand_count[s] == KOWAH_HAND + 1);
        else
            ok = ok && o->exposed[s] == CARD_NONE;
    }
    if (kowah)
        return ok && playing && o->pool_count == 0 && o->set_aside_count == 0 &&
               o->stock_last_public == CARD_NONE;
    return ok && playing && o->discard_count == 0 && o->shown_draw == CARD_NONE &&
           o->drawn == CARD_NONE && o->idle_turns == 0;
}

/* Kings: no more trophies won than there are. */
static bool view_score_ok(const VariantDesc *v, const Observation *o)
{
    int won = 0;
    for (int s = 0; s < o->players; s++) {
        if (o->match_score[s] < 0 || o->match_score[s] > KINGS_TROPHIES)
            return v->match_kind != MATCHKIND_KINGS;
        won += o->match_score[s];
    }
    return v->match_kind != MATCHKIND_KINGS || won <= KINGS_TROPHIES;
}

/* The view describes a position of cfg's game at all (shape only; the cards
 * are checked as they are placed). */
static CekiStatus view_check(const GameConfig *cfg, const Observation *o, int *dir)
{
    if (!cfg || !o)
        return CEKI_ERR_ARG;
    CekiStatus st = game_config_check(cfg);
    if (st != CEKI_OK)
        return st;
    if (o->variant != cfg->variant || o->players != cfg->players || !seat_ok(o->seat, o->players))
        return CEKI_ERR_IMPOSSIBLE;
    const VariantDesc *v = variant_get(cfg->variant);
    if (!view_direction(o, dir) || !view_turn_ok(o) || !view_counts_ok(o) || !view_phase_ok(v, o) ||
        !view_engine_ok(v, o) || !view_score_ok(v, o))
        return CEKI_ERR_IMPOSSIBLE;
    return CEKI_OK;
}

/* ---- the public facts ------------------------------------------------------ */

/* Scores, roles, turns and the round, as the view says. */
static void view_public(Game *g, const Observation *o, int dir)
{
    g->dir = dir;
    g->phase = o->phase;
    g->match_over = o->phase == PHASE_MATCH_OVER;
    g->to_move = g->match_over ? 0 : o->to_move;
    g->round = o->round;
    g->starter = o->starter;
    g->dealer = o->dealer;
    g->pot = o->pot;
    g->turned = o->turned;
    g->stock_last_public = o->stock_last_public;
    int kings_won = 0;
    for (int s = 0; s < g->n; s++) {
        g->role[s] = o->role[s];
        g->sitting_out[s] = o->sitting_out[s];
        g->turns_taken[s] = o->first_turn[s] ? 0 : 1;
        g->forfeited[s] = o->forfeited[s];
        g->round_score[s] = o->round_score[s];
        g->round_winner[s] = o->round_winner[s];
        g->match_score[s] = o->match_score[s];
        g->match_winner[s] = o->match_winner[s];
        g->units[s] = o->units[s];
        g->hand_n[s] = o->hand_count[s];
        g->captured_n[s] = o->captured_count[s];
        g->peek[s] = CARD_NONE;
        g->peek_depth[s] = o->peek_depth_of[s];
        kings_won += o->match_score[s];
    }
    g->kings_left = KINGS_TROPHIES;
    if (g->v->match_kind == MATCHKIND_KINGS)
        g->kings_left = (Card)(KINGS_TROPHIES - kings_won);
    g->pool_n = o->pool_count;
    g->stock_n = o->stock_count;
    g->aside_n = o->set_aside_count;
}

/* The round's public history, back into the Game's ring (game_internal.h). */
static void view_history(Game *g, const PublicHistory *h)
{
    PublicHistory *p = &g->pub;
    memcpy(p->pile, h->pile, sizeof p->pile);
    memcpy(p->hand, h->hand, sizeof p->hand);
    int first = h->total - h->count;
    for (int i = 0; i < h->count; i++)
        p->entry[(first + i) % PUBLIC_HISTORY_MAX] = h->entry[i];
    p->total = h->total;
    p->count = h->total % PUBLIC_HISTORY_MAX;
}

/* ---- the cards the view shows ------------------------------------------------ */

/* Cards `o` shows in the open and its own: the hand, the pool, the piles it
 * may see, the turned card, the discard pile. */
static bool place_shown(Game *g, const Observation *o, ViewDeal *d)
{
    bool ok = true;
    for (int i = 0; ok && i < o->hand_count[o->seat]; i++)
        ok = deal_take(d, g->hand[o->seat][i] = o->hand[i]);
    for (int i = 0; ok && i < o->pool_count; i++)
        ok = deal_take(d, g->pool[i] = o->pool[i]);
    for (int s = 0; ok && s < g->n; s++) {
        for (int i = 0; ok && o->captured_visible[s] && i < o->captured_count[s]; i++)
            ok = deal_take(d, g->captured[s][i] = o->captured[s][i]);
    }
    if (ok && o->turned != CARD_NONE)
        ok = deal_take(d, o->turned);
    for (int i = 0; ok && i < o->discard_count; i++)
        ok = deal_take(d, g->kowah.discard[i] = o->discard[i]);
    return ok;
}

/* A face-down pile: the captures the history names, in the order they were
 * made where it holds the whole round, then the other named kinds; returns
 * how many were placed (-1 when the deck does not have them). */
static int place_named_pile(Game *g, const Observation *o, int s, ViewDeal *d)
{
    const PublicHistory *h = &o->history;
    int named[CARD_KIND_LIMIT] = {0}, m = 0;
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        named[k] = h->pile[s][k];
    for (int i = 0; h->count == h->total && i < h->count; i++) {
        const PublicEntry *e = &h->entry[i];
        if (e->seat != s || (e->kind != PUB_CAPTURE && e->kind != PUB_PAIR))
            continue;
        Card both[2] = {e->card, e->card2};
        for (int j = 0; j < 2; j++) {
            if (both[j] < CARD_KIND_LIMIT && named[both[j]] > 0 && m < g->captured_n[s]) {
                named[both[j]]--;
                g->captured[s][m++] = both[j];
            }
        }
    }
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        for (; named[k] > 0; named[k]--) {
            if (m == g->captured_n[s])
                return -1;
            g->captured[s][m++] = (Card)k;
        }
    }
    for (int i = 0; i < m; i++) {
        if (!deal_take(d, g->captured[s][i]))
            return -1;
    }
    return m;
}

/* The cards the history puts in another seat's Kowah hand; how many. */
static int place_known_hand(Game *g, const Observation *o, int s, ViewDeal *d)
{
    int m = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int j = 0; j < o->history.hand[s][k]; j++) {
            if (m == g->hand_n[s] || !deal_take(d, (Card)k))
                return -1;
            g->hand[s][m++] = (Card)k;
        }
    }
    return m;
}

/* Pèi's turned-up last stock card and the seat's own peek hold their slots
 * (fixed[i]); false when the deck lacks them or they disagree. */
static bool place_stock_known(Game *g, const Observation *o, ViewDeal *d, bool *fixed)
{
    if (o->stock_last_public != CARD_NONE) {
        if (o->stock_count == 0 || !deal_take(d, o->stock_last_public))
            return false;
        g->stock[0] = o->stock_last_public;
        fixed[0] = true;
    }
    if (o->peek == CARD_NONE)
        return true;
    int at = o->peek_depth - 1;
    if (fixed[at])
        return g->stock[at] == o->peek;
    g->stock[at] = o->peek;
    fixed[at] = true;
    return deal_take(d, o->peek);
}

/* The cards nobody shows into the open slots, lowest kind first: others'
 * hands from `hand_from`, piles from `pile_from`, the stock's free slots,
 * the set-aside cards. False unless the cards left fill them exactly. */
static bool place_hidden(Game *g, int seat, const int *hand_from, const int *pile_from,
                         const bool *fixed, ViewDeal *d)
{
    int slots = g->aside_n;
    for (int s = 0; s < g->n; s++)
        slots += (s == seat ? 0 : g->hand_n[s] - hand_from[s]) + g->captured_n[s] - pile_from[s];
    for (int i = 0; i < g->stock_n; i++)
        slots += !fixed[i];
    if (slots != d->total)
        return false;
    for (int s = 0; s < g->n; s++) {
        for (int i = s == seat ? g->hand_n[s] : hand_from[s]; i < g->hand_n[s]; i++)
            g->hand[s][i] = deal_lowest(d);
        for (int i = pile_from[s]; i < g->captured_n[s]; i++)
            g->captured[s][i] = deal_lowest(d);
    }
    for (int i = 0; i < g->stock_n; i++) {
        if (!fixed[i])
            g->stock[i] = deal_lowest(d);
    }
    for (int i = 0; i < g->aside_n; i++)
        g->aside[i] = deal_lowest(d);
    return true;
}

/* Every card of the deck in its place: what the view shows, what the
 * history names, the rest in the hidden places. */
static bool place_cards(Game *g, const Observation *o, ViewDeal *d)
{
    int hand_from[CEKI_MAX_SEATS] = {0}, pile_from[CEKI_MAX_SEATS] = {0};
    bool fixed[CEKI_MAX_DECK] = {false};
    bool kowah = g->v->engine == ENGINE_KOWAH;
    if (!place_shown(g, o, d) || !place_stock_known(g, o, d, fixed))
        return false;
    for (int s = 0; s < g->n; s++) {
        hand_from[s] = s != o->seat && kowah ? place_known_hand(g, o, s, d) : 0;
        pile_from[s] = o->captured_visible[s] ? g->captured_n[s] : place_named_pile(g, o, s, d);
        if (hand_from[s] < 0 || pile_from[s] < 0)
            return false;
    }
    if (!place_hidden(g, o->seat, hand_from, pile_from, fixed, d))
        return false;
    for (int s = 0; s < g->n; s++) {
        int depth = g->peek_depth[s];
        g->peek[s] = depth > 0 ? g->stock[depth - 1] : CARD_NONE;
    }
    fishing_pool_recount(g);
    return true;
}

/* ---- Kowah's turn ------------------------------------------------------------ */

/* The kinds a declared seat's locked eight wins on (game_internal.h's
 * KowahState.wins): the hand without this turn's draw. */
static uint32_t kowah_wins_of(const Game *g, int s, Card drawn)
{
    Card eight[OBS_MAX_HAND];
    int m = 0;
    bool skipped = drawn == CARD_NONE || g->hand_n[s] == KOWAH_HAND;
    for (int i = 0; i < g->hand_n[s]; i++) {
        if (!skipped && g->hand[s][i] == drawn)
            skipped = true;
        else if (m < KOWAH_HAND)
            eight[m++] = g->hand[s][i];
    }
    Card pair = g->kowah.exposed[s];
    bool wins[CARD_CEKI_KINDS] = {false};
    uint32_t bits = 1u << pair;
    if (m == KOWAH_HAND && kowah_winning_kinds(eight, pair, wins)) {
        bits = 0;
        for (int k = 0; k < CARD_CEKI_KINDS; k++)
            bits |= wins[k] ? 1u << k : 0;
    }
    return bits;
}

/* The card the seat whose turn it is holds from this turn's draw: its own
 * (the view), one everyone saw (the last public entry), or else one of its
 * hidden cards (the last dealt). */
static Card kowah_turn_draw(const Game *g, const Observation *o, int turn)
{
    if (turn == o->seat)
        return o->drawn;
    if (g->hand_n[turn] <= KOWAH_HAND)
        return CARD_NONE;
    const PublicHistory *h = &o->history;
    const PublicEntry *last = h->count > 0 ? &h->entry[h->count - 1] : NULL;
    if (last && last->seat == turn && last->card != CARD_NONE &&
        (last->kind == PUB_DRAW || last->kind == PUB_TAKE_DISCARD))
        return last->card;
    return g->hand[turn][g->hand_n[turn] - 1];
}

/* Whose turn it is while a card is offered: who drew or discarded it (the
 * last public entry: the draw, the discard or a declaration after it). */
static int kowah_turn_seat(const Observation *o)
{
    const PublicHistory *h = &o->history;
    if (o->drawn != CARD_NONE)
        return o->seat;
    if (o->phase == PHASE_MATCH_OVER)
        return o->starter; /* no one's turn: any seat will do */
    if (o->phase != PHASE_CLAIM)
        return o->to_move;
    return h->count > 0 ? h->entry[h->count - 1].seat : -1;
}

/* What the seat whose turn it is drew this turn, phase by phase: nothing
 * before its draw and after its discard; the shown card while it is offered. */
static Card kowah_drawn(const Game *g, const Observation *o, int turn)
{
    switch (o->phase) {
    case PHASE_DISCARD: return kowah_turn_draw(g, o, turn);
    case PHASE_CLAIM: return o->shown_draw;
    case PHASE_ROUND_OVER:
    case PHASE_MATCH_OVER: return o->drawn;
    default: return CARD_NONE;
    }
}

/* Kowah's own state: the discard pile and declared pairs as shown, whose
 * turn it is, what it drew, what is offered to claims, who won. */
static bool view_kowah(Game *g, const Observation *o)
{
    KowahState *k = &g->kowah;
    k->discard_n = o->discard_count;
    k->shown_draw = o->shown_draw;
    k->idle_turns = o->idle_turns;
    k->turn_seat = kowah_turn_seat(o);
    if (!seat_ok(k->turn_seat, g->n))
        return false;
    k->drawn = kowah_drawn(g, o, k->turn_seat);
    bool claim = o->phase == PHASE_CLAIM;
    k->offer_is_discard = claim && o->shown_draw == CARD_NONE;
    k->offered = CARD_NONE;
    if (claim)
        k->offered = k->offer_is_discard && o->discard_count > 0 ? o->discard[o->discard_count - 1]
                                                                 : o->shown_draw;
    k->offer_from = claim ? k->turn_seat : -1;
    bool over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
    k->winner = -1;
    for (int s = 0; s < g->n; s++) {
        if (o->exposed[s] != CARD_NONE && !card_is_ceki(o->exposed[s]))
            return false;
        k->exposed[s] = o->exposed[s];
    }
    for (int s = 0; s < g->n; s++) {
        Card drawn = s == k->turn_seat ? k->drawn : CARD_NONE;
        k->wins[s] = k->exposed[s] != CARD_NONE ? kowah_wins_of(g, s, drawn) : 0;
        if (over && o->round_winner[s])
            k->winner = s;
    }
    /* The seat's own draw is what the phase says it holds from this turn. */
    Card own = k->turn_seat == o->seat ? k->drawn : CARD_NONE;
    bool held = o->phase != PHASE_DISCARD || k->turn_seat != o->seat;
    for (int i = 0; !held && i < o->hand_count[o->seat]; i++)
        held = o->hand[i] == o->drawn;
    return (!claim || k->offered != CARD_NONE) && own == o->drawn && held &&
           (o->drawn == CARD_NONE || card_is_ceki(o->drawn));
}

/* ---- the whole ------------------------------------------------------------------ */

/* g (a fresh game of cfg) made into the view's position, hidden cards in
 * fixed places. */
static CekiStatus view_build(Game *g, const Observation *o, int dir)
{
    view_public(g, o, dir);
    view_history(g, &o->history);
    for (int s = 0; s < g->n; s++) {
        bool visible = s == o->seat || g->v->captured_face_up ||
                       ((g->v->options & OPTION_FACE_UP) && (g->cfg.options & OPTION_FACE_UP));
        if (o->captured_visible[s] != visible)
            return CEKI_ERR_IMPOSSIBLE;
    }
    ViewDeal d = {.left = {0}, .total = g->deck_n, .next = 0};
    for (int i = 0; i < g->deck_n; i++)
        d.left[g->deck[i]]++;
    if (!place_cards(g, o, &d))
        return CEKI_ERR_IMPOSSIBLE;
    if (g->v->engine == ENGINE_KOWAH && !view_kowah(g, o))
        return CEKI_ERR_IMPOSSIBLE;
    return CEKI_OK;
}

Game *game_from_view(const GameConfig *cfg, const Observation *view, CekiStatus *status)
{
    int dir = 1;
    CekiStatus st = view_check(cfg, view, &dir);
    Game *g = NULL, *out = NULL;
    if (st == CEKI_OK) {
        GameConfig c = *cfg;
        c.seed = VIEW_RNG_SEED;
        g = game_create(&c, &st);
    }
    if (g) {
        g->events_n = 0;
        g->history_n = 0;
        st = view_build(g, view, dir);
    }
    if (g && st == CEKI_OK) {
        out = game_determinize(g, view->seat, VIEW_DEAL_SEED);
        st = out ? CEKI_OK : CEKI_ERR_NOMEM;
    }
    if (out) {
        rng_seed(&out->rng, VIEW_RNG_SEED);
        out->cfg.seed = VIEW_RNG_SEED;
    }
    game_destroy(g);
    if (status)
        *status = st;
    return out;
}
