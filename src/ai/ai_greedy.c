/* ai_greedy.c — the greedy player: the best immediate gain of its own pile.
 *
 * Fishing: each legal move is valued by what it adds to the seat's captured
 * pile (exact: the played card and its target are known), plus what the
 * stock turn that follows adds on average over a few determinizations (the
 * same ones for every move); ties are broken at random. A forfeiting capture
 * is avoided unless the win is out of reach anyway. The strong player asks
 * the same question with `trail_share` > 0, counting part of what a trailed
 * card gives away (ai_greedy_choose_with).
 * Kowah: the hand closest to checki (ai_kowah_pick).
 */
#include <string.h>

#include "ai_internal.h"

#define GREEDY_SAMPLES 6
/* The most an own turn can add to the pile in the fishing games, as a bound
 * for "the win is out of reach". */
#define GREEDY_TURN_BOUND 40

/* Whether the seat cannot catch the best visible score any more. */
static bool win_out_of_reach(const Observation *o)
{
    int seat = o->seat;
    if (o->forfeited[seat])
        return true;
    uint8_t counts[CARD_KIND_LIMIT] = {0};
    for (int i = 0; i < o->captured_count[seat]; i++) {
        if (o->captured[seat][i] < CARD_KIND_LIMIT)
            counts[o->captured[seat][i]]++;
    }
    uint32_t options = 0; /* the families with forfeits take no options */
    int mine = ai_pile_score(o->variant, options, counts);
    int best_other = -1;
    for (int s = 0; s < o->players; s++) {
        if (s == seat || !o->captured_visible[s] || o->forfeited[s])
            continue;
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < o->captured_count[s]; i++) {
            if (o->captured[s][i] < CARD_KIND_LIMIT)
                counts[o->captured[s][i]]++;
        }
        int sc = ai_pile_score(o->variant, options, counts);
        best_other = sc > best_other ? sc : best_other;
    }
    int turns_left = o->hand_count[seat] + 1;
    return best_other - mine > GREEDY_TURN_BOUND * turns_left;
}

/* After `m`, the seat's own stock turn (if it follows): turn, and take the
 * best capture when there is a choice. */
static void play_own_stock_turn(AiSim *s, int seat, bool allow_forfeit)
{
    Move moves[GAME_MAX_MOVES];
    for (int guard = 0; guard < 4 && !game_round_over(s->g) && game_to_move(s->g) == seat;
         guard++) {
        int n = game_legal_moves(s->g, moves, GAME_MAX_MOVES);
        if (n <= 0)
            return;
        if (moves[0].type == MOVE_TURN) {
            ai_sim_apply(s, &moves[0]);
            continue;
        }
        if (moves[0].type != MOVE_TAKE)
            return;
        bool was = s->forfeited[seat];
        if (allow_forfeit)
            s->forfeited[seat] = true; /* no penalty: the win is gone anyway */
        int pick = 0;
        double best = -1e18;
        for (int i = 0; i < n && i < GAME_MAX_MOVES; i++) {
            double v = ai_fishing_move_value(s, &moves[i]);
            if (v > best) {
                best = v;
                pick = i;
            }
        }
        s->forfeited[seat] = was;
        ai_sim_apply(s, &moves[pick]);
    }
}

CekiStatus ai_greedy_choose(AiPlayer *ai, const Game *g, int seat, const Move *moves, int n,
                            Move *out)
{
    return ai_greedy_choose_with(ai, g, seat, moves, n, 0.0, out);
}

CekiStatus ai_greedy_choose_with(AiPlayer *ai, const Game *g, int seat, const Move *moves, int n,
                                 double trail_share, Move *out)
{
    double t0 = ai_now();
    if (game_observe(g, seat, ai->obs) != CEKI_OK)
        return CEKI_ERR_STATE;
    if (game_variant(g)->engine == ENGINE_KOWAH) {
        *out = moves[ai_kowah_pick(ai->obs, moves, n, &ai->rng, false)];
        ai->stats.seconds = ai_now() - t0;
        return CEKI_OK;
    }
    bool allow_forfeit = win_out_of_reach(ai->obs);
    double value[GAME_MAX_MOVES];
    for (int i = 0; i < n; i++)
        value[i] = 0.0;
    Game *work = NULL;
    int samples = 0;
    for (int d = 0; d < GREEDY_SAMPLES; d++) {
        Game *det = ai_redeal(ai, g, seat, &work);
        if (!det)
            break;
        AiSim base;
        ai_sim_init(&base, det, ai->obs);
        base.trail_share = trail_share;
        if (allow_forfeit)
            base.forfeited[seat] = true;
        for (int i = 0; i < n; i++) {
            game_copy_into(work, det);
            AiSim s = base;
            s.g = work;
            game_set_events_enabled(work, true);
            double v = ai_fishing_move_value(&s, &moves[i]);
            if (ai_sim_apply(&s, &moves[i]) == CEKI_OK) {
                int before = s.score[seat];
                play_own_stock_turn(&s, seat, allow_forfeit);
                v += s.score[seat] - before;
            }
            value[i] += v;
        }
        game_destroy(det);
        samples++;
    }
    game_destroy(work);
    /* With no determinization (out of memory) the values are all zero and
     * the pick is random among the moves. */
    double best = -1e18;
    int pick = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        if (value[i] > best + 1e-9) {
            best = value[i];
            pick = i;
            ties = 1;
        } else if (value[i] > best - 1e-9 && rng_below(&ai->rng, (uint32_t)++ties) == 0) {
            pick = i;
        }
    }
    *out = moves[pick];
    ai->stats.iterations = samples;
    ai->stats.seconds = ai_now() - t0;
    return CEKI_OK;
}
