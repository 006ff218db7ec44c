/* guided_line.c — the guided games' deals and the line the guide teaches
 * (guided_line.h). */
#include "guided_line.h"

#include <stdlib.h>
#include <string.h>

/* One short deal per family, each chosen by tests/app/test_guided.c's
 * search so that the family's moments happen on the guided line (that
 * test fails if one disappears):
 * - thothit: the person captures, and the round is counted;
 * - totit: a count and a tie for the lead, settled by a tie-break hand;
 * - kings: a cut for a round's King;
 * - pei: the seating draw, the raja's lead, the unyik's peek, a stake paid;
 * - kowah: the person declares checki, claims a discard out of turn and wins.
 */
static const GuidedDeal deals[] = {
    {"thothit", 107u, 3, 0, STAKES_NONE}, {"totit", 14u, 3, 0, STAKES_NONE},
    {"kings", 1u, 4, 0, STAKES_NONE},     {"pei", 46u, 3, 0, STAKES_RAMPUNG},
    {"kowah", 41u, 3, 0, STAKES_NONE},
};

#define GUIDED_MAX_MOVES 20000 /* a bound on a line's moves, far above any match's */

bool guided_has_own_deal(const VariantDesc *v)
{
    for (size_t i = 0; v != NULL && i < sizeof deals / sizeof deals[0]; i++) {
        if (strcmp(deals[i].key, v->key) == 0) {
            return true;
        }
    }
    return false;
}

GuidedDeal guided_deal_of(const VariantDesc *v)
{
    for (size_t i = 0; v != NULL && i < sizeof deals / sizeof deals[0]; i++) {
        if (strcmp(deals[i].key, v->key) == 0) {
            return deals[i];
        }
    }
    GuidedDeal d = {v != NULL ? v->key : "", GUIDED_SEED_OTHER, 0, 0, STAKES_NONE};
    return d;
}

GameConfig guided_config(const GuidedDeal *d, VariantId variant)
{
    GameConfig cfg = game_config_default(variant, d->seed);
    const VariantDesc *v = variant_get(variant);
    if (d->players > 0 && variant_players_ok(v, d->players)) {
        cfg.players = d->players;
    }
    if (v->match_kind == MATCHKIND_ROUNDS || v->match_kind == MATCHKIND_HANDS_WON) {
        cfg.rounds = 1;
    }
    if (variant_has_stakes(v)) {
        cfg.stakes = d->stakes;
    }
    return cfg;
}

CekiStatus guided_step(const Game *g, int seat, uint64_t seed, uint32_t move_no, AiHint *out)
{
    AiPlayer *ai = ai_create(GUIDED_LEVEL, game_seat_ai_seed(seed, seat));
    if (ai == NULL) {
        return CEKI_ERR_NOMEM;
    }
    ai_reseed(ai, game_seat_ai_seed(seed, seat), move_no);
    CekiStatus st = ai_why_hint(ai, g, seat, out);
    ai_destroy(ai);
    return st;
}

/* The moments among the events of the last apply. */
static unsigned moments_of(const Game *g, int person, const Move *m, bool round_start)
{
    int n = 0;
    const GameEvent *ev = game_events(g, &n);
    unsigned got = 0;
    bool person_moved = m->seat == person;
    for (int i = 0; i < n; i++) {
        const GameEvent *e = &ev[i];
        switch (e->type) {
        case EV_CAPTURED:
            got |= e->seat == person ? GM_CAPTURE : 0;
            got |= e->seat == person && e->card == e->card2 && card_is_red_stamped(e->card)
                       ? GM_RED_PAIR
                       : 0;
            break;
        case EV_ROUND_SCORED: got |= GM_COUNT; break;
        case EV_SIT_OUT: got |= GM_TIE_BREAK; break;
        case EV_CUT: got |= GM_CUT; break;
        case EV_SEATING: got |= GM_SEATING; break;
        case EV_PEEK: got |= e->seat >= 0 ? GM_PEEK : 0; break;
        case EV_STAKE_PAID: got |= GM_STAKE; break;
        case EV_DECLARED: got |= e->seat == person ? GM_DECLARE : 0; break;
        case EV_CLAIMED: got |= e->seat == person && person_moved ? GM_CLAIM | GM_WIN : 0; break;
        case EV_ROUND_WON: got |= e->seat == person ? GM_WIN : 0; break;
        default: break;
        }
    }
    Observation *o = malloc(sizeof *o);
    if (round_start && o != NULL && game_observe(g, m->seat, o) == CEKI_OK &&
        o->role[m->seat] == ROLE_RAJA) {
        got |= GM_RAJA_LEADS;
    }
    free(o);
    return got;
}

CekiStatus guided_line_move(const Game *g, const GuidedDeal *d, AiPlayer *ai[CEKI_MAX_SEATS],
                            Move *m, AiHint *step)
{
    const GameConfig *cfg = game_config(g);
    int seat = game_to_move(g);
    int count = 0;
    game_history(g, &count);
    if (variant_is_watch_only(game_variant(g))) {
        /* The table plays a watch-only game's forced moves itself. */
        Move moves[GAME_MAX_MOVES];
        if (game_legal_moves(g, moves, GAME_MAX_MOVES) <= 0) {
            return CEKI_ERR_STATE;
        }
        *m = moves[0];
        return CEKI_OK;
    }
    Observation *o = malloc(sizeof *o);
    CekiStatus st = o != NULL ? game_observe(g, seat, o) : CEKI_ERR_NOMEM;
    Game *view = st == CEKI_OK ? game_from_view(cfg, o, &st) : NULL;
    free(o);
    if (view == NULL) {
        return st;
    }
    if (seat == d->seat) {
        AiHint *h = malloc(sizeof *h);
        st = h != NULL ? guided_step(view, seat, cfg->seed, (uint32_t)count, h) : CEKI_ERR_NOMEM;
        if (st == CEKI_OK) {
            *m = h->move;
            if (step != NULL) {
                *step = *h;
            }
        }
        free(h);
    } else {
        ai_reseed(ai[seat], game_seat_ai_seed(cfg->seed, seat), (uint32_t)count);
        st = ai_choose(ai[seat], view, seat, m);
    }
    game_destroy(view);
    return st;
}

/* Fills the trace's scores from the finished match. */
static void trace_scores(const Game *g, int players, GuidedTrace *out)
{
    Observation *o = malloc(sizeof *o);
    if (o != NULL && game_observe(g, 0, o) == CEKI_OK) {
        for (int s = 0; s < players; s++) {
            out->score[s] = o->match_score[s];
            out->last_round[s] = o->round_score[s];
        }
    }
    free(o);
}

bool guided_play(const GuidedDeal *d, VariantId variant, GuidedTrace *out)
{
    memset(out, 0, sizeof *out);
    GameConfig cfg = guided_config(d, variant);
    Game *g = game_create(&cfg, NULL);
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    bool ok = g != NULL;
    for (int s = 0; ok && s < cfg.players; s++) {
        ai[s] = ai_create(GUIDED_LEVEL, game_seat_ai_seed(cfg.seed, s));
        ok = ai[s] != NULL;
    }
    Move none = {.type = MOVE_NONE, .seat = (uint8_t)d->seat};
    if (ok) {
        out->moments |= moments_of(g, d->seat, &none, false); /* the deal's own events */
    }
    bool round_start = true;
    bool watch = variant_is_watch_only(variant_get(variant)); /* nobody decides */
    while (ok && !game_match_over(g) && out->moves < GUIDED_MAX_MOVES) {
        Move m;
        ok = guided_line_move(g, d, ai, &m, NULL) == CEKI_OK && game_apply(g, &m) == CEKI_OK;
        if (!ok) {
            break;
        }
        out->moves++;
        out->steps += m.seat == d->seat && m.type != MOVE_NEXT_ROUND && !watch;
        out->moments |= moments_of(g, d->seat, &m, round_start);
        round_start = m.type == MOVE_NEXT_ROUND;
    }
    ok = ok && game_match_over(g);
    if (ok) {
        trace_scores(g, cfg.players, out);
    }
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        ai_destroy(ai[s]);
    }
    game_destroy(g);
    return ok;
}
