/* ai_why.c — the coach's reasons for a move, from the seat's observation and
 * the core's scoring (contract in ai_why.h). */
#include "ai_why.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"
#include "kowah.h"

/* What the reasons are worked out from: the seat's view, its own pile and
 * the copies of each kind it cannot account for. */
typedef struct WhyCtx {
    const VariantDesc *v;
    uint32_t options;
    int seat;
    int players;
    const Observation *o;
    Move moves[GAME_MAX_MOVES];
    int nmoves;
    uint8_t pile[CARD_KIND_LIMIT];
    uint8_t unseen[CARD_KIND_LIMIT];
    ScoreBreakdown bd; /* scratch for the scoring of a pile */
    AiHint *out;
} WhyCtx;

static void why_add(AiHint *h, AiWhy w)
{
    if (h->nwhy < AI_WHY_MAX)
        h->why[h->nwhy++] = w;
}

static AiWhy why_make(AiWhyKind kind, Card card, Card target)
{
    AiWhy w = {0};
    w.kind = (uint8_t)kind;
    w.card = card;
    w.target = target;
    return w;
}

/* The copies of each kind the seat has not seen: the deck's, less its hand,
 * the pool, every captured pile of the public history, the turned card and
 * what Pèi shows it of the stock. */
static void count_unseen(WhyCtx *c, int players)
{
    const Observation *o = c->o;
    int seen[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < o->hand_count[c->seat]; i++)
        if (card_is_valid(o->hand[i]))
            seen[o->hand[i]]++;
    for (int i = 0; i < o->pool_count; i++)
        if (card_is_valid(o->pool[i]))
            seen[o->pool[i]]++;
    for (int s = 0; s < o->players; s++) {
        for (int k = 0; k < CARD_KIND_LIMIT; k++)
            seen[k] += o->history.pile[s][k];
    }
    const Card extra[] = {o->turned, o->stock_last_public, o->peek};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (card_is_valid(extra[i])) /* CARD_NONE is past the array */
            seen[extra[i]]++;
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        int left = variant_copies_of(c->v, players, (Card)k) - seen[k];
        c->unseen[k] = (uint8_t)(left > 0 ? left : 0);
    }
}

static int pile_score(WhyCtx *c, ScoreBreakdown *bd)
{
    return score_counts(c->v->id, c->options, c->pile, bd);
}

/* What kind k's copies in the pile score on their own (the per-kind rules);
 * a Pèi combination is worth its group's points instead. */
static int kind_alone(WhyCtx *c, Card k)
{
    uint8_t only[CARD_KIND_LIMIT];
    memset(only, 0, sizeof only);
    only[k] = c->pile[k];
    return score_counts(c->v->id, c->options, only, NULL);
}

/* The scoring group of c->bd that holds kind k (not face value). */
static const ScoreGroup *group_of(const WhyCtx *c, Card k)
{
    for (int i = 0; i < c->bd.ngroups; i++) {
        const ScoreGroup *grp = &c->bd.groups[i];
        if (grp->points <= 0 || grp->kind == SCORE_FACE || grp->kind == SCORE_NOTHING)
            continue;
        for (int j = 0; j < grp->ncards; j++) {
            if (grp->cards[j] == k)
                return grp;
        }
    }
    return NULL;
}

/* Copies of kind k in every captured pile, the capture being made included
 * (c->pile is the seat's own with it). */
static int captured_copies(const WhyCtx *c, Card k)
{
    int n = c->pile[k];
    for (int s = 0; s < c->o->players; s++)
        n += s != c->seat ? c->o->history.pile[s][k] : 0;
    return n;
}

/* Kinds whose copies match `card` under the variant's rule. */
static bool kinds_match(const VariantDesc *v, Card a, Card b)
{
    return v->match == MATCH_IDENTICAL ? a == b : card_rank(a) == card_rank(b);
}

/* The groups the capture made and what one more copy of each captured kind
 * would add (c->pile already holds the capture; c->bd its breakdown). */
static void capture_groups(WhyCtx *c, Card card, Card target, int after)
{
    Card kinds[2] = {card, target};
    int nk = card == target ? 1 : 2;
    for (int i = 0; i < nk; i++) {
        const ScoreGroup *grp = group_of(c, kinds[i]);
        if (grp == NULL)
            continue;
        AiWhy w = why_make(WHY_COMPLETES_GROUP, kinds[i], CARD_NONE);
        w.group = grp->kind;
        w.points = grp->kind == SCORE_COMBINATION ? grp->points : kind_alone(c, kinds[i]);
        snprintf(w.label, sizeof w.label, "%s", grp->label);
        why_add(c->out, w);
    }
    for (int i = 0; i < nk; i++) {
        Card k = kinds[i];
        if (c->pile[k] >= variant_copies_of(c->v, c->players, k))
            continue; /* every copy is in the pile */
        c->pile[k]++;
        int more = score_counts(c->v->id, c->options, c->pile, NULL) - after;
        c->pile[k]--;
        if (more > 0) {
            AiWhy w = why_make(WHY_COPIES_OUT, k, CARD_NONE);
            w.points = more;
            w.count = variant_copies_of(c->v, c->players, k) - captured_copies(c, k);
            why_add(c->out, w);
        }
    }
}

static void forfeit_reasons(WhyCtx *c, const Move *m)
{
    if (m->flags & MOVE_FLAG_FORFEIT) {
        AiWhy w = why_make(WHY_FORFEIT, m->card, m->target);
        w.count = c->o->forfeited[c->seat] ? 1 : 0;
        why_add(c->out, w);
        return;
    }
    for (int i = 0; i < c->nmoves; i++) {
        if (c->moves[i].flags & MOVE_FLAG_FORFEIT) {
            why_add(c->out, why_make(WHY_AVOIDS_FORFEIT, c->moves[i].card, c->moves[i].target));
            return;
        }
    }
}

/* What capturing target with card adds to the seat's pile now. */
static int capture_gain(WhyCtx *c, Card card, Card target)
{
    int before = pile_score(c, NULL);
    c->pile[card]++;
    c->pile[target]++;
    int after = pile_score(c, NULL);
    c->pile[card]--;
    c->pile[target]--;
    return after - before;
}

/* A pool card `card` matches but may not take now: the variant's capture
 * order (Totit's tiers, Denexa's odd card) wants another first. */
static void order_reason(WhyCtx *c, const Move *m, Card card)
{
    const Observation *o = c->o;
    bool first = o->first_turn[c->seat] && c->v->first_turn_identical;
    for (int i = 0; !first && m->type == MOVE_PLAY && i < o->pool_count; i++) {
        Card p = o->pool[i];
        bool legal = false;
        for (int j = 0; j < c->nmoves && !legal; j++)
            legal = c->moves[j].type == MOVE_PLAY && c->moves[j].card == card &&
                    c->moves[j].target == p;
        if (p != m->target && kinds_match(c->v, card, p) && !legal) {
            why_add(c->out, why_make(WHY_ORDER_RULE, card, p));
            return;
        }
    }
}

static void explain_capture(WhyCtx *c, const Move *m, Card card)
{
    int before = pile_score(c, NULL);
    c->pile[card]++;
    c->pile[m->target]++;
    int after = pile_score(c, &c->bd);
    AiWhy w = why_make(WHY_CAPTURE_SCORES, card, m->target);
    w.points = after - before;
    w.total = after;
    why_add(c->out, w);
    capture_groups(c, card, m->target, after);
    c->pile[card]--;
    c->pile[m->target]--;
    forfeit_reasons(c, m);
    order_reason(c, m, card);
}

/* Laying `card` in the pool: who could take it and what it would give, and
 * the best capture held back. */
static void explain_trail(WhyCtx *c, Card card)
{
    int best = -1, best_i = -1;
    for (int i = 0; i < c->nmoves; i++) {
        const Move *mv = &c->moves[i];
        if (mv->type != MOVE_PLAY || mv->target == CARD_NONE)
            continue;
        int gain = capture_gain(c, mv->card, mv->target);
        if (gain > best) {
            best = gain;
            best_i = i;
        }
    }
    if (best_i < 0)
        why_add(c->out, why_make(WHY_NO_CAPTURE, CARD_NONE, CARD_NONE));
    AiWhy w = why_make(WHY_TRAIL_SAFE, card, CARD_NONE);
    for (int k = 0; k < CARD_KIND_LIMIT; k++) {
        if (!c->unseen[k] || !kinds_match(c->v, card, (Card)k))
            continue;
        w.count += c->unseen[k];
        uint8_t taken[CARD_KIND_LIMIT];
        memset(taken, 0, sizeof taken);
        taken[card]++;
        taken[k]++;
        int worth = score_counts(c->v->id, c->options, taken, NULL);
        w.points = worth > w.points ? worth : w.points;
    }
    why_add(c->out, w);
    if (best_i >= 0) {
        AiWhy keep = why_make(WHY_TRAIL_KEEPS, c->moves[best_i].card, c->moves[best_i].target);
        keep.points = best;
        why_add(c->out, keep);
    }
}

static void explain_fishing(WhyCtx *c, const Move *m)
{
    const Observation *o = c->o;
    if (m->type == MOVE_PLAY && m->target != CARD_NONE)
        explain_capture(c, m, m->card);
    else if (m->type == MOVE_PLAY)
        explain_trail(c, m->card);
    else if (m->type == MOVE_TAKE)
        explain_capture(c, m, o->turned);
    else if (m->type == MOVE_TURN && c->v->turn == TURN_KINGS) {
        AiWhy w = why_make(WHY_KINGS_COUNT, CARD_NONE, CARD_NONE);
        w.count = o->captured_count[c->seat];
        for (int s = 0; s < o->players; s++) {
            if (s != c->seat && o->captured_count[s] > w.total)
                w.total = o->captured_count[s];
        }
        why_add(c->out, w);
    } else if (m->type == MOVE_TURN)
        why_add(c->out, why_make(WHY_STOCK_TURN, CARD_NONE, CARD_NONE));
    if (o->phase == PHASE_HAND && o->first_turn[c->seat] && c->v->first_turn_identical)
        why_add(c->out, why_make(WHY_FIRST_TURN, CARD_NONE, CARD_NONE));
}

/* ---- Kowah ---------------------------------------------------------------- */

/* The seat's hand by kind and the copies it knows to be out of its reach
 * (the discard pile, and every card the public history puts in another
 * hand, declared pairs included); live[k] what is left of the deck's. */
typedef struct KowahView {
    uint8_t hand[CARD_CEKI_KINDS];
    int live[CARD_CEKI_KINDS];
} KowahView;

static void kowah_view(const WhyCtx *c, int players, KowahView *kv)
{
    const Observation *o = c->o;
    int gone[CARD_CEKI_KINDS] = {0};
    memset(kv->hand, 0, sizeof kv->hand);
    for (int i = 0; i < o->hand_count[c->seat]; i++) {
        if (card_is_ceki(o->hand[i]))
            kv->hand[o->hand[i]]++;
    }
    for (int i = 0; i < o->discard_count; i++)
        gone[o->discard[i]] += card_is_ceki(o->discard[i]);
    for (int s = 0; s < o->players; s++) {
        for (int k = 0; s != c->seat && k < CARD_CEKI_KINDS; k++)
            gone[k] += o->history.hand[s][k];
    }
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        int left = variant_copies_of(c->v, players, (Card)k) - kv->hand[k] - gone[k];
        kv->live[k] = left > 0 ? left : 0;
    }
}

static int counts_to_cards(const uint8_t c[CARD_CEKI_KINDS], Card hand[KOWAH_HAND])
{
    int m = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        for (int j = 0; j < c[k] && m < KOWAH_HAND; j++)
            hand[m++] = (Card)k;
    }
    return m;
}

/* The winning kinds of declaring `pair` with the eight cards of c, and their
 * live copies (-1 when it cannot be declared). */
static int declared_waits(const KowahView *kv, const uint8_t c[CARD_CEKI_KINDS], Card pair,
                          AiWhy *w)
{
    Card hand[KOWAH_HAND];
    bool wins[CARD_CEKI_KINDS];
    if (counts_to_cards(c, hand) != KOWAH_HAND || !kowah_winning_kinds(hand, pair, wins))
        return -1;
    int outs = 0;
    w->nkinds = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!wins[k])
            continue;
        outs += kv->live[k];
        if (w->nkinds < AI_WHY_KINDS_MAX)
            w->kinds[w->nkinds++] = (Card)k;
    }
    return outs;
}

/* What an eight-card hand c waits on: checki, the best declaration's
 * winning kinds (the declared pair's when the seat has declared); short of
 * it, the kinds whose next copy brings it nearer. */
static AiWhy kowah_waits(const WhyCtx *c, const KowahView *kv, uint8_t h[CARD_CEKI_KINDS])
{
    AiWhy w = why_make(WHY_KOWAH_WAITS, CARD_NONE, CARD_NONE);
    w.points = ai_kowah_missing(h);
    w.count = -1;
    Card declared = c->o->exposed[c->seat];
    for (int k = 0; w.points == 0 && k < CARD_CEKI_KINDS; k++) {
        if (declared != CARD_NONE && k != declared)
            continue;
        AiWhy trial = w;
        int outs = declared_waits(kv, h, (Card)k, &trial);
        if (outs > w.count) {
            w = trial;
            w.count = outs;
            w.card = (Card)k;
        }
    }
    if (w.points == 0)
        return w;
    w.count = 0;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!kv->live[k])
            continue;
        h[k]++;
        bool nearer = ai_kowah_missing(h) < w.points;
        h[k]--;
        if (nearer) {
            w.count += kv->live[k];
            if (w.nkinds < AI_WHY_KINDS_MAX)
                w.kinds[w.nkinds++] = (Card)k;
        }
    }
    return w;
}

static void kowah_discard(WhyCtx *c, const KowahView *kv, Card card)
{
    uint8_t h[CARD_CEKI_KINDS];
    memcpy(h, kv->hand, sizeof h);
    if (card_is_ceki(card) && h[card])
        h[card]--;
    if (c->o->exposed[c->seat] != CARD_NONE) { /* declared: the drawn card goes at once */
        why_add(c->out, kowah_waits(c, kv, h));
        return;
    }
    AiWhy w = why_make(WHY_KOWAH_DISCARD_LEAST, card, CARD_NONE);
    w.points = ai_kowah_missing(h);
    if (card_is_ceki(card) && kv->live[card] == 0 && h[card] == 0) {
        w.kind = WHY_KOWAH_DISCARD_DEAD;
        w.count = 0;
    }
    why_add(c->out, w);
    why_add(c->out, kowah_waits(c, kv, h));
    for (int s = 0; s < c->o->players; s++) {
        Card e = c->o->exposed[s];
        if (s != c->seat && card_is_ceki(e) && h[e] > 0) {
            AiWhy feed = why_make(WHY_KOWAH_FEED, e, CARD_NONE);
            feed.count = s;
            why_add(c->out, feed);
        }
    }
}

/* The fewest cards short of checki the hand h (nine cards) can be after
 * one discard. */
static int kowah_best_after(uint8_t h[CARD_CEKI_KINDS])
{
    int best = KOWAH_HAND;
    for (int k = 0; k < CARD_CEKI_KINDS; k++) {
        if (!h[k])
            continue;
        h[k]--;
        int missing = ai_kowah_missing(h);
        h[k]++;
        best = missing < best ? missing : best;
    }
    return best;
}

static void kowah_draw(WhyCtx *c, const KowahView *kv, const Move *m)
{
    const Observation *o = c->o;
    Card top = o->discard_count > 0 ? o->discard[o->discard_count - 1] : CARD_NONE;
    uint8_t h[CARD_CEKI_KINDS];
    memcpy(h, kv->hand, sizeof h);
    if (m->type == MOVE_DRAW_DISCARD && o->exposed[c->seat] != CARD_NONE) {
        why_add(c->out, why_make(WHY_CLAIM, top, CARD_NONE));
        return;
    }
    int before = ai_kowah_missing(h);
    int after = before;
    if (card_is_ceki(top)) {
        h[top]++;
        after = kowah_best_after(h);
        h[top]--;
    }
    if (m->type == MOVE_DRAW_DISCARD) {
        AiWhy w = why_make(WHY_KOWAH_TAKE, top, CARD_NONE);
        w.points = after;
        w.total = before;
        why_add(c->out, w);
        return;
    }
    if (card_is_ceki(top) && after >= before && o->exposed[c->seat] == CARD_NONE) {
        AiWhy w = why_make(WHY_KOWAH_STOCK, top, CARD_NONE);
        w.points = before;
        why_add(c->out, w);
    }
    why_add(c->out, kowah_waits(c, kv, h));
}

static void explain_kowah(WhyCtx *c, const Move *m, int players)
{
    KowahView kv = {{0}, {0}};
    kowah_view(c, players, &kv);
    switch ((MoveType)m->type) {
    case MOVE_CLAIM: why_add(c->out, why_make(WHY_CLAIM, m->card, CARD_NONE)); return;
    case MOVE_DISCARD: kowah_discard(c, &kv, m->card); return;
    case MOVE_DRAW_STOCK:
    case MOVE_DRAW_DISCARD: kowah_draw(c, &kv, m); return;
    case MOVE_DECLARE: {
        AiWhy w = why_make(WHY_DECLARE, m->card, CARD_NONE);
        w.count = declared_waits(&kv, kv.hand, m->card, &w);
        why_add(c->out, w);
        return;
    }
    case MOVE_PASS:
        if (c->o->phase == PHASE_DECLARE) {
            AiWhy w = kowah_waits(c, &kv, kv.hand);
            w.kind = WHY_DECLARE_DEAD;
            why_add(c->out, w);
        }
        return;
    default: return;
    }
}

/* ---- the API ---------------------------------------------------------------- */

static CekiStatus why_fill(WhyCtx *c, const Game *g, const Move *m)
{
    const GameConfig *cfg = game_config(g);
    c->v = game_variant(g);
    c->options = cfg->options;
    c->players = game_players(g);
    c->nmoves = game_legal_moves(g, c->moves, GAME_MAX_MOVES);
    c->nmoves = c->nmoves > GAME_MAX_MOVES ? GAME_MAX_MOVES : c->nmoves;
    memset(c->pile, 0, sizeof c->pile);
    for (int k = 0; k < CARD_KIND_LIMIT; k++)
        c->pile[k] = c->o->history.pile[c->seat][k];
    count_unseen(c, game_players(g));
    if (c->nmoves == 1) {
        AiWhy w = why_make(WHY_FORCED, m->card, m->target);
        w.count = 1;
        why_add(c->out, w);
    }
    if (c->v->engine == ENGINE_KOWAH)
        explain_kowah(c, m, game_players(g));
    else
        explain_fishing(c, m);
    return CEKI_OK;
}

CekiStatus ai_why_explain(const Game *g, int seat, const Move *m, AiHint *out)
{
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (g == NULL || m == NULL || out == NULL)
        return CEKI_ERR_ARG;
    if (seat < 0 || game_to_move(g) != seat)
        return CEKI_ERR_STATE;
    if (!game_is_legal(g, m))
        return CEKI_ERR_ILLEGAL;
    WhyCtx *c = calloc(1, sizeof *c);
    Observation *o = malloc(sizeof *o);
    CekiStatus st = c != NULL && o != NULL ? game_observe(g, seat, o) : CEKI_ERR_NOMEM;
    if (st == CEKI_OK) {
        c->o = o;
        c->seat = seat;
        c->out = out;
        out->move = *m;
        st = why_fill(c, g, m);
    }
    if (st != CEKI_OK)
        memset(out, 0, sizeof *out);
    free(o);
    free(c);
    return st;
}

CekiStatus ai_why_hint(AiPlayer *ai, const Game *g, int seat, AiHint *out)
{
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (ai == NULL || g == NULL || out == NULL)
        return CEKI_ERR_ARG;
    Move m = {0};
    CekiStatus st = ai_choose(ai, g, seat, &m);
    return st == CEKI_OK ? ai_why_explain(g, seat, &m, out) : st;
}

const char *ai_why_key(AiWhyKind kind)
{
    static const char *const keys[WHY_KIND_COUNT] = {
        "forced",       "capture-scores", "completes-group", "copies-out",    "no-capture",
        "first-turn",   "trail-safe",     "trail-keeps",     "forfeit",       "avoids-forfeit",
        "stock-turn",   "kings-count",    "discard-dead",    "discard-least", "waits",
        "take-discard", "draw-stock",     "keeps-feed",      "declare",       "declare-dead",
        "claim",        "order-rule"};
    return (int)kind >= 0 && kind < WHY_KIND_COUNT ? keys[kind] : "?";
}
