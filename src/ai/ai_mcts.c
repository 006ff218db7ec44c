/* ai_mcts.c — the strong player: Information Set MCTS over the seat's own
 * decisions (after Cowling, Powley and Whitehouse 2012, single observer),
 * with the root moves compared on common determinizations.
 *
 * One tree for the deciding seat. A node is one of the seat's own moves; the
 * path from the root is what the seat knows of its own future choices, the
 * same in whatever deal the hidden cards turn out to be. Each sweep deals the
 * hidden cards again (game_determinize for the seat, keeping what the
 * round's public history shows where it is) and plays every root
 * move once in that deal, with the same random stream for the playout
 * (common random numbers: the moves are compared on the same luck, which
 * matters in games this full of chance). Below a root move the seat's later
 * decisions follow the playout policy until a node has OPEN_AFTER visits;
 * from then on they walk down the tree by UCB1 with availability counts (a
 * child counts the visits in which it was legal), adding one node per
 * playout. The rest of the round is played by the light greedy policy. The
 * other players are not searched: they are modelled by that policy, in
 * their own determinized hands (searching their moves, or letting young
 * nodes explore, only added noise in our measurements; with 20 ms a move
 * the tree seldom opens below the root, with the default 200 ms it does).
 * Steps with a single
 * legal move are played through without a node. The reward is the round
 * from the seat's view (ai_round_rewards): a forfeited round counts as lost,
 * so a forfeit is taken only when the win is gone anyway.
 *
 * Kowah is not searched: see the start of ai_strong_choose.
 *
 * In the games of hand plays only (both Totits, Sid Sackson's Thothit) the deals
 * honour the seat's reading of the others' hands (ai_read.c): a kind a
 * greedy player would have paired with and did not is not dealt to it.
 * Measured in Totit at 3,000 playouts a move, 600 hands on each of seeds
 * 1-5: 54.9 % of hands against two greedy players, against 53.9 % without
 * the reading; no change in Sackson's game or Denexa's Totit. A player who
 * sees the others' hands wins 63 % (seed 1): most of what is hidden stays
 * hidden. In games with a stock phase the reading did not help (Pèi, Thothit:
 * -1 to -2 points) and is not made. With the reading, neither a greedy
 * anchor at 0.5 or 2 standard errors (55.7 % each against 54.8 % at 1,
 * seeds 1-3), nor the others playing 0 or 5 % of their playout moves at
 * random instead of 10 % (54.0 % each against 54.9 %, seeds 1-5), nor the
 * others in the playouts not counting what their trails give away, as the
 * greedy player does not (55.4 % against 54.8 %, seeds 1-3), helped.
 * Totit, before the reading: none of these moved it beyond the noise
 * (about 2 points): a playout policy that counts the pairs a capture
 * prepares or denies (for every seat, or for the searching seat only), no
 * greedy anchor, no tree (flat), the reward as the win alone. 10,000
 * playouts gave 55.1 % against 53.4 % on seed 1.
 *
 * Choosing: weak root moves are dropped once enough sweeps show them clearly
 * behind the best (a paired difference of PRUNE_SE standard errors), so the
 * budget goes to the moves that matter. The best mean wins, except that the
 * greedy choice (with the policy's care for what a trail gives away) stands
 * unless the best beats it by ANCHOR_SE standard errors: with a few hundred
 * noisy playouts a small lead is more often luck than insight.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai_internal.h"

struct AiNode {
    Move move;
    int parent;
    int child;   /* first child, -1 if none */
    int sibling; /* next sibling, -1 if none */
    int visits;
    int avail;
    double reward; /* sum of the seat's rewards */
};

#define UCB_C 0.7
#define MAX_NODES (1 << 19) /* about 20 MB at most */
#define MAX_PATH 512
/* The greedy choice stands unless a move beats it by this many standard
 * errors of the paired difference. */
#define ANCHOR_SE 1.0
#define MAX_PLAYOUT 4000 /* moves; a guard, should a round ever go round in circles */
#define NO_RESULT 0.2    /* the reward of a playout cut short */
#define OPEN_AFTER 200   /* visits before a node of the seat branches */
#define PRUNE_AFTER 8    /* sweeps before a root move may be dropped */
#define PRUNE_SE 3.0     /* dropped when this many standard errors behind */

static int node_add(AiPlayer *ai, int *count, int parent, const Move *m)
{
    if (*count >= ai->nodes_cap) {
        if (ai->nodes_cap >= MAX_NODES)
            return -1;
        int cap = ai->nodes_cap ? ai->nodes_cap * 2 : 4096;
        AiNode *nodes = realloc(ai->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes)
            return -1;
        ai->nodes = nodes;
        ai->nodes_cap = cap;
    }
    int i = (*count)++;
    AiNode *nd = &ai->nodes[i];
    nd->move = m ? *m : (Move){.type = MOVE_NONE, .card = CARD_NONE, .target = CARD_NONE};
    nd->parent = parent;
    nd->child = -1;
    nd->sibling = -1;
    nd->visits = 0;
    nd->avail = 0;
    nd->reward = 0.0;
    if (parent >= 0) {
        nd->sibling = ai->nodes[parent].child;
        ai->nodes[parent].child = i;
    }
    return i;
}

static int find_child(const AiPlayer *ai, int parent, const Move *m)
{
    for (int c = ai->nodes[parent].child; c >= 0; c = ai->nodes[c].sibling) {
        if (move_equal(&ai->nodes[c].move, m))
            return c;
    }
    return -1;
}

static double ucb(const AiNode *nd)
{
    return nd->reward / nd->visits + UCB_C * sqrt(log((double)nd->avail) / nd->visits);
}

int ai_mcts_best(const double *score, int n)
{
    int best = -1;
    double best_v = -1e300;
    for (int i = 0; i < n; i++) {
        if (score[i] > best_v) { /* false for a NaN: it never wins */
            best_v = score[i];
            best = i;
        }
    }
    return best >= 0 || n == 0 ? best : 0;
}

/* Plays the round out from sim (the root move already made), walking the
 * seat's decisions down the tree from `node`; returns the seat's reward and
 * leaves the visited nodes in path[0..*depth). */
static double playout(AiPlayer *ai, AiSim *sim, int seat, int node, int *count, Rng *prng,
                      Rng *trng, int path[MAX_PATH], int *depth)
{
    Move moves[GAME_MAX_MOVES];
    int child_of[GAME_MAX_MOVES];
    int unexpanded[GAME_MAX_MOVES];
    double score[GAME_MAX_MOVES];
    bool in_tree = true;
    *depth = 0;
    for (int plies = 0; !game_round_over(sim->g); plies++) {
        if (plies >= MAX_PLAYOUT)
            return NO_RESULT; /* a game going round in circles */
        int n = game_legal_moves(sim->g, moves, GAME_MAX_MOVES);
        if (n <= 0)
            break;
        if (n > GAME_MAX_MOVES)
            n = GAME_MAX_MOVES;
        int pick = 0;
        if (n == 1) {
            pick = 0;
        } else if (!in_tree || moves[0].seat != seat) {
            pick = ai_policy_pick(sim, moves, n, prng, ai->obs);
        } else if (ai->nodes[node].visits < OPEN_AFTER) {
            /* A young node follows the policy, and leaves the tree. */
            pick = ai_policy_pick(sim, moves, n, prng, ai->obs);
            in_tree = false;
        } else {
            /* The seat's own decision inside the tree. */
            int nu = 0;
            for (int i = 0; i < n; i++) {
                int c = find_child(ai, node, &moves[i]);
                child_of[i] = c;
                if (c < 0) {
                    unexpanded[nu++] = i;
                    continue;
                }
                ai->nodes[c].avail++;
                score[i] = ucb(&ai->nodes[c]);
            }
            if (nu > 0) {
                pick = unexpanded[rng_below(trng, (uint32_t)nu)];
                int c = node_add(ai, count, node, &moves[pick]);
                in_tree = false; /* one new node per playout */
                if (c >= 0) {
                    ai->nodes[c].avail++;
                    if (*depth < MAX_PATH)
                        path[(*depth)++] = c;
                }
            } else { /* every move has its child: the highest bound */
                pick = ai_mcts_best(score, n);
                node = child_of[pick];
                if (*depth < MAX_PATH)
                    path[(*depth)++] = node;
            }
        }
        if (ai_sim_apply_listed(sim, &moves[pick]) != CEKI_OK)
            break;
    }
    double reward[CEKI_MAX_SEATS];
    ai_round_rewards(sim->g, ai->obs, reward);
    return reward[seat];
}

/* The root of one decision: a node per legal move, the sums the pruning and
 * the anchor read (rewards of the same sweep, paired), and who is still in
 * the race. */
typedef struct RootSearch {
    const Move *moves;
    int n;
    int node[GAME_MAX_MOVES];
    bool alive[GAME_MAX_MOVES];
    double sq[GAME_MAX_MOVES], last[GAME_MAX_MOVES];
    double *cross; /* cross[i * n + j]: the sum of r_i r_j over the sweeps; NULL: no pruning */
    int nalive;
    int sweeps;
    long it;
    int count; /* nodes in use */
} RootSearch;

/* The root and one child per root move; false when out of memory. */
static bool root_init(AiPlayer *ai, RootSearch *rs, const Move *moves, int n)
{
    *rs = (RootSearch){.moves = moves, .n = n, .nalive = n};
    if (node_add(ai, &rs->count, -1, NULL) != 0)
        return false;
    for (int i = 0; i < n; i++) {
        rs->node[i] = node_add(ai, &rs->count, 0, &moves[i]);
        if (rs->node[i] < 0)
            return false;
        rs->alive[i] = true;
    }
    rs->cross = calloc((size_t)n * (size_t)n, sizeof *rs->cross);
    return true;
}

/* One sweep: a fresh deal, every move still in the race played out in it
 * on the same random stream. False when no deal could be made. */
static bool root_sweep(AiPlayer *ai, RootSearch *rs, const Game *g, int seat, Game **work)
{
    Game *det = ai_redeal(ai, g, seat, work);
    if (!det)
        return false;
    AiSim base;
    ai_sim_init(&base, det, ai->obs);
    uint64_t pseed = rng_next(&ai->rng);
    Rng trng;
    rng_seed(&trng, rng_next(&ai->rng));
    int path[MAX_PATH];
    for (int i = 0; i < rs->n; i++) {
        if (!rs->alive[i])
            continue;
        game_copy_into(*work, det);
        game_set_events_enabled(*work, true);
        AiSim sim = base;
        sim.g = *work;
        Rng prng;
        rng_seed(&prng, pseed);
        double r = 0.0;
        int depth = 0;
        if (ai_sim_apply(&sim, &rs->moves[i]) == CEKI_OK)
            r = playout(ai, &sim, seat, rs->node[i], &rs->count, &prng, &trng, path, &depth);
        for (int d = 0; d < depth; d++) {
            ai->nodes[path[d]].visits++;
            ai->nodes[path[d]].reward += r;
        }
        AiNode *rn = &ai->nodes[rs->node[i]];
        rn->visits++;
        rn->avail++;
        rn->reward += r;
        rs->last[i] = r;
        rs->it++;
    }
    ai->nodes[0].visits++;
    game_destroy(det);
    rs->sweeps++;
    return true;
}

/* The standard error and mean of move a's reward less move b's, paired
 * sweep by sweep. */
static double paired_se(const AiPlayer *ai, const RootSearch *rs, int a, int b, double *mean)
{
    int n = rs->sweeps;
    *mean = (ai->nodes[rs->node[a]].reward - ai->nodes[rs->node[b]].reward) / n;
    double m2 = (rs->sq[a] + rs->sq[b] - 2.0 * rs->cross[a * rs->n + b]) / n;
    double var = m2 - *mean * *mean;
    return sqrt(var > 0.0 ? var / n : 0.0);
}

/* Adds the last sweep to the paired sums, then drops the moves clearly
 * behind the best (PRUNE_SE standard errors of the paired difference). */
static void root_prune(const AiPlayer *ai, RootSearch *rs)
{
    for (int i = 0; i < rs->n; i++) {
        if (!rs->alive[i])
            continue;
        rs->sq[i] += rs->last[i] * rs->last[i];
        for (int j = 0; rs->cross && j < rs->n; j++) {
            if (rs->alive[j])
                rs->cross[i * rs->n + j] += rs->last[i] * rs->last[j];
        }
    }
    if (!rs->cross || rs->sweeps < PRUNE_AFTER || rs->nalive <= 2)
        return;
    int best = -1;
    for (int i = 0; i < rs->n; i++) {
        if (rs->alive[i] &&
            (best < 0 || ai->nodes[rs->node[i]].reward > ai->nodes[rs->node[best]].reward))
            best = i;
    }
    for (int i = 0; i < rs->n; i++) {
        if (!rs->alive[i] || i == best)
            continue;
        double mean;
        double se = paired_se(ai, rs, best, i, &mean);
        if (mean > PRUNE_SE * se + 1e-9) {
            rs->alive[i] = false;
            rs->nalive--;
        }
    }
}

/* The best mean among the moves still in the race; -1 when none was played. */
static int root_best(const AiPlayer *ai, const RootSearch *rs)
{
    int pick = -1;
    double best_mean = -1.0;
    for (int i = 0; i < rs->n; i++) {
        const AiNode *rn = &ai->nodes[rs->node[i]];
        if (!rs->alive[i] || rn->visits == 0)
            continue;
        double mean = rn->reward / rn->visits;
        if (pick < 0 || mean > best_mean) {
            pick = i;
            best_mean = mean;
        }
    }
    return pick;
}

/* The greedy choice stands unless the search's pick beats it with some
 * confidence (a paired difference of ANCHOR_SE standard errors). */
static int root_anchor(const AiPlayer *ai, const RootSearch *rs, int pick, const Move *anchor_move)
{
    int anchor = -1;
    for (int i = 0; i < rs->n; i++) {
        if (move_equal(&rs->moves[i], anchor_move))
            anchor = i;
    }
    if (anchor >= 0 && anchor != pick && rs->alive[anchor] && rs->cross && rs->sweeps > 1) {
        double mean;
        double se = paired_se(ai, rs, pick, anchor, &mean);
        if (mean <= ANCHOR_SE * se)
            return anchor;
    }
    return pick;
}

CekiStatus ai_strong_choose(AiPlayer *ai, const Game *g, int seat, const Move *root_moves,
                            int root_n, Move *out)
{
    /* Kowah: playouts from guessed hands do not tell its moves apart (the
     * search alone won 23-28 % of hands against two greedy players, at 20
     * and 200 ms a move), so the strong player decides by its judgement of
     * live copies (ai_kowah.c). Searched with that judgement as the anchor
     * instead of the greedy choice, at 150 playouts a move (about 20 ms;
     * a playout is a whole hand, about 0.13 ms), it did no better: 30 % of
     * 300 hands with the anchor at one standard error, 34 % at two (the
     * judgement alone 35 % on those hands), and 36.0 % [33.1 39.0] against
     * 35.1 % on 1,000 hands when only the judgement's three best discards
     * were played out (37.1 % against 36.2 % on seed 2; its two best, the
     * anchor at 1.5: 36.9 % against 35.1 %), at some 300 times the time a
     * move: a point or two, far from what the time would buy. */
    if (game_variant(g)->engine == ENGINE_KOWAH) {
        if (game_observe(g, seat, ai->obs) != CEKI_OK)
            return CEKI_ERR_STATE;
        *out = root_moves[ai_kowah_pick_strong(ai->obs, root_moves, root_n)];
        return CEKI_OK;
    }
    double t0 = ai_now();
    long budget = ai->budget_iterations;
    int ms = ai->budget_ms > 0 ? ai->budget_ms : AI_DEFAULT_BUDGET_MS;
    double deadline = t0 + ms / 1000.0;
    RootSearch *rs = malloc(sizeof *rs);
    if (!rs || !root_init(ai, rs, root_moves, root_n)) {
        if (rs)
            free(rs->cross);
        free(rs);
        return CEKI_ERR_NOMEM;
    }
    ai->believe = ai_read_hands(ai, g, seat, &ai->belief);
    Game *work = NULL;
    while (budget > 0 ? rs->it < budget : (rs->sweeps == 0 || ai_now() < deadline)) {
        if (!root_sweep(ai, rs, g, seat, &work))
            break;
        root_prune(ai, rs);
    }
    game_destroy(work);
    ai->believe = false;
    int pick = root_best(ai, rs);
    Move anchor_move;
    if (ai_greedy_choose_with(ai, g, seat, root_moves, root_n, AI_TRAIL_SHARE, &anchor_move) !=
        CEKI_OK)
        anchor_move = root_moves[0];
    *out = pick < 0 ? anchor_move : root_moves[root_anchor(ai, rs, pick, &anchor_move)];
    if (pick >= 0) {
        ai->stats.iterations = rs->it;
        ai->stats.nodes = rs->count;
        ai->stats.seconds = ai_now() - t0;
    }
    free(rs->cross);
    free(rs);
    return CEKI_OK;
}
