/* game.c — what every engine shares: creation, copies, events, history,
 * move text, observation of the common fields and dispatch to the engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "status.h"

GameConfig game_config_default(VariantId variant, uint64_t seed)
{
    GameConfig cfg = {.variant = variant, .players = 3, .seed = seed};
    const VariantDesc *v = variant_get(variant);
    if (v && !variant_players_ok(v, 3))
        cfg.players = v->min_players;
    return cfg;
}

CekiStatus game_config_check(const GameConfig *cfg)
{
    if (!cfg)
        return CEKI_ERR_ARG;
    const VariantDesc *v = variant_get(cfg->variant);
    if (!v || !variant_players_ok(v, cfg->players))
        return CEKI_ERR_ARG;
    if (cfg->options & ~v->options)
        return CEKI_ERR_UNSUPPORTED;
    if (cfg->rounds < 0 || cfg->rounds > 1000)
        return CEKI_ERR_ARG;
    if ((int)cfg->stakes < 0 || cfg->stakes >= STAKES_COUNT)
        return CEKI_ERR_ARG;
    if (!variant_has_stakes(v) && cfg->stakes != STAKES_NONE)
        return CEKI_ERR_UNSUPPORTED;
    return CEKI_OK;
}

/* The history as an observation shows it: the ring unrolled, oldest first. */
static void public_copy_out(const Game *g, PublicHistory *out, bool entries)
{
    const PublicHistory *p = &g->pub;
    int count = p->total < PUBLIC_HISTORY_MAX ? p->total : PUBLIC_HISTORY_MAX;
    int first = p->total - count;
    for (int i = 0; entries && i < count; i++)
        out->entry[i] = p->entry[(first + i) % PUBLIC_HISTORY_MAX];
    out->count = count;
    out->total = p->total;
    memcpy(out->pile, p->pile, sizeof out->pile);
    memcpy(out->hand, p->hand, sizeof out->hand);
}

int game_round_score(const Game *g, int seat)
{
    return g && seat >= 0 && seat < g->n ? g->round_score[seat] : 0;
}

bool game_round_won(const Game *g, int seat)
{
    return g && seat >= 0 && seat < g->n && game_round_over(g) && g->round_winner[seat];
}

Game *game_create(const GameConfig *cfg, CekiStatus *status)
{
    CekiStatus st = game_config_check(cfg);
    Game *g = NULL;
    if (st == CEKI_OK) {
        g = calloc(1, sizeof *g);
        if (!g)
            st = CEKI_ERR_NOMEM;
    }
    if (st != CEKI_OK) {
        if (status)
            *status = st;
        return NULL;
    }
    g->cfg = *cfg;
    g->v = variant_get(cfg->variant);
    g->n = cfg->players;
    g->dir = 1;
    if (g->cfg.rounds == 0)
        g->cfg.rounds = g->v->default_rounds;
    rng_seed(&g->rng, cfg->seed);
    g->deck_n = variant_build_deck(g->v, g->n, g->deck);
    g->events_on = true;
    g->keep_history = true;
    if (g->v->engine == ENGINE_KOWAH)
        kowah_start_match(g);
    else
        fishing_start_match(g);
    if (status)
        *status = CEKI_OK;
    return g;
}

void game_destroy(Game *g)
{
    if (!g)
        return;
    free(g->events);
    free(g->history);
    free(g);
}

Game *game_clone(const Game *g, bool history)
{
    if (!g)
        return NULL;
    Game *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *g;
    c->events = NULL;
    c->events_n = c->events_cap = 0;
    c->history = NULL;
    c->history_n = c->history_cap = 0;
    c->keep_history = history;
    if (history && g->history_n > 0) {
        c->history = malloc((size_t)g->history_cap * sizeof *c->history);
        if (!c->history) {
            free(c);
            return NULL;
        }
        memcpy(c->history, g->history, (size_t)g->history_n * sizeof *c->history);
        c->history_n = g->history_n;
        c->history_cap = g->history_cap;
    }
    if (g->events_n > 0) {
        c->events = malloc((size_t)g->events_n * sizeof *c->events);
        if (c->events) {
            memcpy(c->events, g->events, (size_t)g->events_n * sizeof *c->events);
            c->events_n = c->events_cap = g->events_n;
        }
    }
    return c;
}

CekiStatus game_copy_into(Game *dst, const Game *src)
{
    if (!dst || !src || dst->cfg.variant != src->cfg.variant || dst->n != src->n)
        return CEKI_ERR_ARG;
    GameEvent *events = dst->events;
    int events_cap = dst->events_cap;
    Move *history = dst->history;
    int history_cap = dst->history_cap;
    *dst = *src;
    dst->events = events;
    dst->events_cap = events_cap;
    dst->events_n = 0;
    dst->history = history;
    dst->history_cap = history_cap;
    dst->history_n = 0;
    dst->keep_history = false;
    return CEKI_OK;
}

const GameConfig *game_config(const Game *g)
{
    return g ? &g->cfg : NULL;
}
const VariantDesc *game_variant(const Game *g)
{
    return g ? g->v : NULL;
}
int game_players(const Game *g)
{
    return g ? g->n : 0;
}
int game_to_move(const Game *g)
{
    return !g || g->match_over ? -1 : g->to_move;
}
bool game_round_over(const Game *g)
{
    return g && (g->phase == PHASE_ROUND_OVER || g->phase == PHASE_MATCH_OVER);
}
bool game_match_over(const Game *g)
{
    return g && g->match_over;
}
int game_round_number(const Game *g)
{
    return g ? g->round : 0;
}
int game_next_seat(const Game *g, int seat)
{
    return !g || seat < 0 || seat >= g->n ? -1 : game_seat_after(g, seat, 1);
}
bool game_sitting_out(const Game *g, int seat)
{
    return g && seat >= 0 && seat < g->n && g->sitting_out[seat];
}

int game_legal_moves(const Game *g, Move *out, int cap)
{
    if (!g || g->match_over)
        return 0;
    if (g->phase == PHASE_ROUND_OVER) {
        if (cap > 0)
            out[0] = (Move){.type = MOVE_NEXT_ROUND,
                            .seat = (uint8_t)g->to_move,
                            .card = CARD_NONE,
                            .target = CARD_NONE};
        return 1;
    }
    return g->v->engine == ENGINE_KOWAH ? kowah_legal_moves(g, out, cap)
                                        : fishing_legal_moves(g, out, cap);
}

bool move_equal(const Move *a, const Move *b)
{
    return a->type == b->type && a->seat == b->seat && a->card == b->card && a->target == b->target;
}

/* The legal move equal to m (with the engine's own flags), if any. */
static bool find_legal(const Game *g, const Move *m, Move *found)
{
    if (!g || !m || g->match_over)
        return false;
    if (g->v->engine == ENGINE_FISHING && g->phase != PHASE_ROUND_OVER)
        return fishing_find_legal(g, m, found);
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
        if (move_equal(&moves[i], m)) {
            if (found)
                *found = moves[i];
            return true;
        }
    }
    return false;
}

bool game_is_legal(const Game *g, const Move *m)
{
    return find_legal(g, m, NULL);
}

const char *game_explain_illegal(const Game *g, const Move *m)
{
    if (!g || !m)
        return "no move";
    if (game_is_legal(g, m))
        return "";
    if (g->match_over)
        return N_("The match is over.");
    if (m->seat != g->to_move)
        return N_("It is not that player's turn.");
    if (g->phase == PHASE_ROUND_OVER)
        return N_("The round is over; the only thing to do is to deal the next one.");
    return g->v->engine == ENGINE_KOWAH ? kowah_explain_illegal(g, m)
                                        : fishing_explain_illegal(g, m);
}

/* Applies `legal`, a move known to be legal now (with the engine's flags). */
static CekiStatus apply_legal(Game *g, const Move *legal)
{
    if (g->keep_history) {
        if (g->history_n == g->history_cap) {
            int cap = g->history_cap ? g->history_cap * 2 : 128;
            Move *h = realloc(g->history, (size_t)cap * sizeof *h);
            if (!h)
                return CEKI_ERR_NOMEM; /* nothing changed yet */
            g->history = h;
            g->history_cap = cap;
        }
        g->history[g->history_n++] = *legal;
    }
    g->events_n = 0;
    if (g->v->engine == ENGINE_KOWAH)
        kowah_apply(g, legal);
    else
        fishing_apply(g, legal);
    return CEKI_OK;
}

CekiStatus game_apply(Game *g, const Move *m)
{
    if (!g || !m)
        return CEKI_ERR_ARG;
    Move legal;
    if (!find_legal(g, m, &legal))
        return CEKI_ERR_ILLEGAL;
    return apply_legal(g, &legal);
}

CekiStatus game_apply_listed(Game *g, const Move *m)
{
    if (!g || !m)
        return CEKI_ERR_ARG;
    if (g->match_over || m->seat != g->to_move)
        return CEKI_ERR_ILLEGAL; /* cheap, and catches a list of another position */
#ifndef NDEBUG
    Move legal;
    if (!find_legal(g, m, &legal) || legal.flags != m->flags)
        return CEKI_ERR_ILLEGAL;
#endif
    return apply_legal(g, m);
}

const GameEvent *game_events(const Game *g, int *count)
{
    if (count)
        *count = g ? g->events_n : 0;
    return g ? g->events : NULL;
}

void game_set_events_enabled(Game *g, bool enabled)
{
    if (g)
        g->events_on = enabled;
}

void game_set_history_enabled(Game *g, bool enabled)
{
    if (g)
        g->keep_history = enabled;
}

Game *game_create_position(const GameConfig *cfg, const Card *hand, int nhand, const Card *pool,
                           int npool, bool first_turn, CekiStatus *status)
{
    CekiStatus st = CEKI_OK;
    Game *g = game_create(cfg, &st);
    if (g && (g->v->engine != ENGINE_FISHING || g->v->hand == 0))
        st = CEKI_ERR_UNSUPPORTED;
    if (g && st == CEKI_OK &&
        (nhand < 1 || nhand > OBS_MAX_HAND || npool < 0 || !hand || (npool && !pool)))
        st = CEKI_ERR_ARG;
    if (g && st == CEKI_OK)
        st = fishing_setup_position(g, hand, nhand, pool, npool, first_turn);
    if (st != CEKI_OK) {
        game_destroy(g);
        g = NULL;
    }
    if (status)
        *status = st;
    return g;
}

const Move *game_history(const Game *g, int *count)
{
    if (count)
        *count = g ? g->history_n : 0;
    return g ? g->history : NULL;
}

/* ---- move text ---- */

char *move_format(const Move *m, char buf[MOVE_TEXT_MAX])
{
    char a[CARD_TEXT_MAX], b[CARD_TEXT_MAX];
    switch ((MoveType)m->type) {
    case MOVE_PLAY:
        if (m->target == CARD_NONE)
            snprintf(buf, MOVE_TEXT_MAX, "%s-", card_format(m->card, a));
        else
            snprintf(buf, MOVE_TEXT_MAX, "%sx%s", card_format(m->card, a),
                     card_format(m->target, b));
        break;
    case MOVE_TURN: snprintf(buf, MOVE_TEXT_MAX, "turn"); break;
    case MOVE_TAKE: snprintf(buf, MOVE_TEXT_MAX, "take:%s", card_format(m->target, a)); break;
    case MOVE_NEXT_ROUND: snprintf(buf, MOVE_TEXT_MAX, "next"); break;
    case MOVE_DRAW_STOCK: snprintf(buf, MOVE_TEXT_MAX, "draw"); break;
    case MOVE_DRAW_DISCARD: snprintf(buf, MOVE_TEXT_MAX, "draw-discard"); break;
    case MOVE_DISCARD: snprintf(buf, MOVE_TEXT_MAX, "discard:%s", card_format(m->card, a)); break;
    case MOVE_DECLARE: snprintf(buf, MOVE_TEXT_MAX, "declare:%s", card_format(m->card, a)); break;
    case MOVE_CLAIM: snprintf(buf, MOVE_TEXT_MAX, "claim:%s", card_format(m->card, a)); break;
    case MOVE_PASS: snprintf(buf, MOVE_TEXT_MAX, "pass"); break;
    case MOVE_NONE:
    default: snprintf(buf, MOVE_TEXT_MAX, "?"); break;
    }
    return buf;
}

static CekiStatus parse_after(const char *text, const char *prefix, Card *out)
{
    size_t n = strlen(prefix);
    if (strncmp(text, prefix, n) != 0)
        return CEKI_ERR_PARSE;
    return card_parse(text + n, out);
}

CekiStatus move_parse(const char *text, int seat, Move *out)
{
    if (!text || !out || seat < 0 || seat >= CEKI_MAX_SEATS)
        return CEKI_ERR_ARG;
    Move m = {.seat = (uint8_t)seat, .card = CARD_NONE, .target = CARD_NONE};
    static const struct {
        const char *word;
        MoveType type;
    } plain[] = {{"turn", MOVE_TURN},
                 {"next", MOVE_NEXT_ROUND},
                 {"draw", MOVE_DRAW_STOCK},
                 {"draw-discard", MOVE_DRAW_DISCARD},
                 {"pass", MOVE_PASS}};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        if (strcmp(text, plain[i].word) == 0) {
            m.type = (uint8_t)plain[i].type;
            *out = m;
            return CEKI_OK;
        }
    }
    static const struct {
        const char *prefix;
        MoveType type;
        bool into_target;
    } with_card[] = {{"take:", MOVE_TAKE, true},
                     {"discard:", MOVE_DISCARD, false},
                     {"declare:", MOVE_DECLARE, false},
                     {"claim:", MOVE_CLAIM, false}};
    for (size_t i = 0; i < sizeof with_card / sizeof with_card[0]; i++) {
        Card c = CARD_NONE;
        if (parse_after(text, with_card[i].prefix, &c) == CEKI_OK) {
            m.type = (uint8_t)with_card[i].type;
            if (with_card[i].into_target)
                m.target = c;
            else
                m.card = c;
            *out = m;
            return CEKI_OK;
        }
    }
    /* "C4xS4" or "C4-" */
    char left[8] = {0};
    size_t len = strlen(text);
    if (len >= 2 && len < 8 && text[len - 1] == '-') {
        memcpy(left, text, len - 1);
        if (card_parse(left, &m.card) != CEKI_OK)
            return CEKI_ERR_PARSE;
        m.type = MOVE_PLAY;
        *out = m;
        return CEKI_OK;
    }
    const char *x = strchr(text, 'x');
    if (x && (size_t)(x - text) < sizeof left) {
        memcpy(left, text, (size_t)(x - text));
        Card a = CARD_NONE, b = CARD_NONE;
        if (card_parse(left, &a) != CEKI_OK || card_parse(x + 1, &b) != CEKI_OK)
            return CEKI_ERR_PARSE;
        m.type = MOVE_PLAY;
        m.card = a;
        m.target = b;
        *out = m;
        return CEKI_OK;
    }
    return CEKI_ERR_PARSE;
}

/* ---- observation ---- */

static bool pile_visible(const Game *g, int owner, int viewer)
{
    if (owner == viewer || g->v->captured_face_up)
        return true;
    return (g->v->options & OPTION_FACE_UP) && (g->cfg.options & OPTION_FACE_UP);
}

/* What game_observe and game_observe_brief fill; `whole` adds the captured
 * piles' cards and the history's entries. */
static void observe_into(const Game *g, int seat, Observation *o, bool whole)
{
    o->variant = g->cfg.variant;
    o->players = g->n;
    o->seat = seat;
    o->round = g->round;
    o->phase = g->phase;
    o->to_move = game_to_move(g);
    o->dealer = g->dealer;
    o->starter = g->starter;
    if (seat >= 0)
        memcpy(o->hand, g->hand[seat], (size_t)g->hand_n[seat]);
    for (int s = 0; s < g->n; s++) {
        o->role[s] = g->role[s];
        o->next_seat[s] = game_seat_after(g, s, 1);
        o->sitting_out[s] = g->sitting_out[s];
        o->hand_count[s] = g->hand_n[s];
        o->captured_count[s] = g->captured_n[s];
        o->captured_visible[s] = pile_visible(g, s, seat);
        if (whole && o->captured_visible[s])
            memcpy(o->captured[s], g->captured[s], (size_t)g->captured_n[s]);
        else if (whole)
            memset(o->captured[s], CARD_NONE, sizeof o->captured[s]);
        o->first_turn[s] = g->turns_taken[s] == 0;
        o->forfeited[s] = g->forfeited[s];
        o->round_score[s] = g->round_score[s];
        o->round_winner[s] = g->round_winner[s];
        o->match_score[s] = g->match_score[s];
        o->units[s] = g->units[s];
        o->match_winner[s] = g->match_winner[s];
        o->exposed[s] = CARD_NONE;
        o->peek_depth_of[s] = g->peek[s] != CARD_NONE ? g->peek_depth[s] : 0;
    }
    memcpy(o->pool, g->pool, (size_t)g->pool_n);
    o->pool_count = g->pool_n;
    o->stock_count = g->stock_n;
    o->set_aside_count = g->aside_n;
    o->turned = g->phase == PHASE_STOCK_TAKE ? g->turned : CARD_NONE;
    o->stock_last_public = g->stock_last_public;
    o->peek = seat >= 0 ? g->peek[seat] : CARD_NONE;
    o->peek_depth = seat >= 0 ? g->peek_depth[seat] : 0;
    o->pot = g->pot;
    o->shown_draw = CARD_NONE;
    o->drawn = CARD_NONE;
    public_copy_out(g, &o->history, whole);
    o->discard_count = 0;
    o->idle_turns = 0;
    if (g->v->engine == ENGINE_KOWAH)
        kowah_observe(g, seat, o);
}

CekiStatus game_observe(const Game *g, int seat, Observation *o)
{
    if (!g || !o || seat < GAME_SPECTATOR || seat >= g->n)
        return CEKI_ERR_ARG;
    memset(o, 0, sizeof *o);
    observe_into(g, seat, o, true);
    return CEKI_OK;
}

CekiStatus game_observe_brief(const Game *g, int seat, Observation *o)
{
    if (!g || !o || seat < 0 || seat >= g->n)
        return CEKI_ERR_ARG;
    observe_into(g, seat, o, false);
    return CEKI_OK;
}

CekiStatus game_score_seat(const Game *g, int seat, ScoreBreakdown *out)
{
    if (!g || seat < 0 || seat >= g->n)
        return CEKI_ERR_ARG;
    score_pile(g->cfg.variant, g->cfg.options, g->captured[seat], g->captured_n[seat], out);
    return CEKI_OK;
}
