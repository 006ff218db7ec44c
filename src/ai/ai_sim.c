/* ai_sim.c — a determinized game played forward by the computer players:
 * pile bookkeeping from the game's events, the light greedy playout policy
 * (Kowah's decisions are in ai_kowah.c) and the round reward. */
#include <string.h>

#include "ai_internal.h"

/* ---- bookkeeping -------------------------------------------------------- */

void ai_sim_reset(AiSim *s, Observation *obs)
{
    Game *g = s->g;
    memset(s->pile, 0, sizeof s->pile);
    for (int p = 0; p < s->players; p++) {
        s->forfeited[p] = false;
        s->score[p] = 0;
        if (game_observe(g, p, obs) != CEKI_OK)
            continue;
        s->forfeited[p] = obs->forfeited[p];
        for (int i = 0; i < obs->captured_count[p]; i++) {
            Card c = obs->captured[p][i];
            if (c < CARD_KIND_LIMIT && s->pile[p][c] < 255)
                s->pile[p][c]++;
        }
        s->score[p] = ai_pile_score(s->variant, s->options, s->pile[p]);
        if (p == 0)
            s->turned = obs->turned;
    }
}

Game *ai_redeal(AiPlayer *ai, const Game *g, int seat, Game **work)
{
    Game *det =
        game_determinize_believing(g, seat, rng_next(&ai->rng), ai->believe ? &ai->belief : NULL);
    if (det && !*work)
        *work = game_clone(det, false);
    if (det && !*work) {
        game_destroy(det);
        det = NULL;
    }
    return det;
}

void ai_sim_init(AiSim *s, Game *g, Observation *obs)
{
    const GameConfig *cfg = game_config(g);
    s->g = g;
    s->variant = cfg->variant;
    s->options = cfg->options;
    s->players = cfg->players;
    s->kowah = game_variant(g)->engine == ENGINE_KOWAH;
    s->turned = CARD_NONE;
    s->trail_share = AI_TRAIL_SHARE;
    game_set_events_enabled(g, true);
    game_set_history_enabled(g, false);
    ai_sim_reset(s, obs);
}

static void pile_add(AiSim *s, int seat, Card a, Card b)
{
    if (seat < 0 || seat >= s->players || a >= CARD_KIND_LIMIT || b >= CARD_KIND_LIMIT)
        return;
    s->score[seat] += ai_capture_gain(s->variant, s->options, s->pile[seat], s->score[seat], a, b);
    s->pile[seat][a]++;
    s->pile[seat][b]++;
}

static CekiStatus sim_read_events(AiSim *s, CekiStatus st);

CekiStatus ai_sim_apply(AiSim *s, const Move *m)
{
    return sim_read_events(s, game_apply(s->g, m));
}

CekiStatus ai_sim_apply_listed(AiSim *s, const Move *m)
{
    return sim_read_events(s, game_apply_listed(s->g, m));
}

/* Keeps the piles and the turned card up to date after an apply. */
static CekiStatus sim_read_events(AiSim *s, CekiStatus st)
{
    if (st != CEKI_OK || s->kowah)
        return st;
    int n = 0;
    const GameEvent *e = game_events(s->g, &n);
    s->turned = CARD_NONE;
    for (int i = 0; i < n; i++) {
        switch ((EventType)e[i].type) {
        case EV_CAPTURED:
        case EV_PAIR_TAKEN: pile_add(s, e[i].seat, e[i].card, e[i].card2); break;
        case EV_TURNED: s->turned = e[i].card; break;
        case EV_FORFEIT:
            if (e[i].seat >= 0 && e[i].seat < s->players)
                s->forfeited[e[i].seat] = true;
            break;
        case EV_ROUND_START: memset(s->pile, 0, sizeof s->pile); break;
        default: break;
        }
    }
    /* A turned card that captured or trailed at once is no longer waiting. */
    for (int i = 0; i < n; i++) {
        if (e[i].type == EV_CAPTURED || e[i].type == EV_TRAILED) {
            if (e[i].card == s->turned)
                s->turned = CARD_NONE;
        }
    }
    return CEKI_OK;
}

/* ---- the fishing policy -------------------------------------------------- */

#define FORFEIT_PENALTY 1000.0

double ai_fishing_move_value(const AiSim *s, const Move *m)
{
    int seat = m->seat;
    if (m->type == MOVE_PLAY && m->target == CARD_NONE) {
        double share = s->trail_share;
        return -share * ai_card_worth(s->variant, s->options, m->card);
    }
    if (m->type != MOVE_PLAY && m->type != MOVE_TAKE)
        return 0.0;
    Card card = m->type == MOVE_TAKE ? s->turned : m->card;
    uint8_t counts[CARD_KIND_LIMIT];
    memcpy(counts, s->pile[seat], sizeof counts);
    double v = ai_capture_gain(s->variant, s->options, counts, s->score[seat], card, m->target);
    if ((m->flags & MOVE_FLAG_FORFEIT) && !s->forfeited[seat])
        v -= FORFEIT_PENALTY;
    return v;
}

#define POLICY_RANDOM_PERMILLE 100

int ai_policy_pick(const AiSim *s, const Move *moves, int n, Rng *rng, Observation *obs)
{
    if (n <= 1)
        return 0;
    if (s->kowah) {
        if (game_observe_brief(s->g, moves[0].seat, obs) != CEKI_OK)
            return (int)rng_below(rng, (uint32_t)n);
        return ai_kowah_pick(obs, moves, n, rng, true);
    }
    if (rng_below(rng, 1000) < POLICY_RANDOM_PERMILLE)
        return (int)rng_below(rng, (uint32_t)n);
    double best = -1e18;
    int pick = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        double v = ai_fishing_move_value(s, &moves[i]);
        if (v > best + 1e-9) {
            best = v;
            pick = i;
            ties = 1;
        } else if (v > best - 1e-9 && rng_below(rng, (uint32_t)++ties) == 0) {
            pick = i;
        }
    }
    return pick;
}

/* ---- the reward ---------------------------------------------------------- */

#define WIN_WEIGHT 0.9
#define KOWAH_NO_WINNER 0.2

void ai_round_rewards(const Game *g, Observation *obs, double reward[CEKI_MAX_SEATS])
{
    int n = game_players(g);
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        reward[s] = 0.0;
    if (game_observe_brief(g, 0, obs) != CEKI_OK)
        return;
    int winners = 0;
    for (int s = 0; s < n; s++)
        winners += obs->round_winner[s];
    if (game_variant(g)->engine == ENGINE_KOWAH) {
        for (int s = 0; s < n; s++)
            reward[s] = winners == 0 ? KOWAH_NO_WINNER : obs->round_winner[s] ? 1.0 / winners : 0.0;
        return;
    }
    for (int s = 0; s < n; s++) {
        double win = obs->round_winner[s] && winners > 0 ? 1.0 / winners : 0.0;
        int mine = obs->round_score[s];
        int other = -2147483647;
        for (int t = 0; t < n; t++) {
            if (t != s && obs->round_score[t] > other)
                other = obs->round_score[t];
        }
        double denom = (mine < 0 ? -mine : mine) + (other < 0 ? -other : other) + 1.0;
        double margin = (mine - other) / denom; /* in (-1, 1) */
        reward[s] = WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * 0.5 * (1.0 + margin);
    }
}
