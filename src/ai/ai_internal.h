/* ai_internal.h — what the computer players share inside src/ai.
 *
 * Contract: private to src/ai. Everything here reads the game only through
 * the core's public API (game.h) and only for the deciding seat:
 * game_observe(g, seat) (with the round's public history) and
 * game_determinize(g, seat, seed). A determinized
 * copy is a whole game whose hidden cards are a guess, so the players may
 * look at any seat of such a copy (that is how a playout knows the hands it
 * plays); they never look at other seats of the real game.
 */
#ifndef CEKI_AI_INTERNAL_H
#define CEKI_AI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "ai.h"
#include "rng.h"

typedef struct AiNode AiNode;

struct AiPlayer {
    AiLevel level;
    Rng rng;
    int budget_ms;          /* 0: AI_DEFAULT_BUDGET_MS */
    long budget_iterations; /* > 0: an iteration budget instead of time */
    Observation *obs;       /* scratch, one per player (no statics) */
    AiNode *nodes;          /* the search tree's arena, kept between decisions */
    int nodes_cap;
    AiStats stats;
    DealBelief belief; /* the strong player's reading of the others (ai_read.c) */
    bool believe;      /* redeals honour `belief` (during one decision) */
};

/* ---- the search (ai_mcts.c) -------------------------------------------- */

/* Which of n moves the search follows down its tree: the index of the
 * highest of their scores (upper confidence bounds), the first of equals.
 * A score that is not a number (NaN) never wins; when none is a number,
 * the first move (0), so the caller always gets a move to follow; -1 only
 * when n is 0. */
int ai_mcts_best(const double *score, int n);

/* ---- evaluation (ai_eval.c) -------------------------------------------- */

/* The score of a captured pile from its counts; equals score_counts() but is
 * cheap enough for playouts. 0 for Kowah. */
int ai_pile_score(VariantId v, uint32_t options, const uint8_t counts[CARD_KIND_LIMIT]);
/* What capturing a and b adds to a pile whose score is `base`. counts is
 * restored before returning. */
int ai_capture_gain(VariantId v, uint32_t options, uint8_t counts[CARD_KIND_LIMIT], int base,
                    Card a, Card b);
/* A rough worth of one card to whoever captures it (for what a trail gives
 * away). */
double ai_card_worth(VariantId v, uint32_t options, Card k);

/* Kowah: how many of the hand's cards are missing from the nearest checki
 * hand (0: checki). counts are per Ceki kind over any number of cards; the
 * best eight are considered. */
int ai_kowah_missing(const uint8_t counts[CARD_CEKI_KINDS]);
/* Kowah: a shape value of the hand (higher is closer to checki, with a
 * preference for pairs and triplets whose missing copies are still live).
 * `seen` counts copies of each kind the seat knows to be out of reach. */
double ai_kowah_shape(const uint8_t counts[CARD_CEKI_KINDS], const uint8_t seen[CARD_CEKI_KINDS]);

/* ---- a game being simulated (ai_sim.c) --------------------------------- */

/* The share of a trailed card's worth the playout policy counts as given
 * away: keeping valuable cards back is worth a lot in the pair games. */
#define AI_TRAIL_SHARE 0.5

/* A determinized game with the captured piles of every seat counted, kept
 * up to date from the game's events. */
typedef struct AiSim {
    Game *g;
    VariantId variant;
    uint32_t options;
    int players;
    bool kowah;
    Card turned;        /* fishing: the turned card waiting for MOVE_TAKE */
    double trail_share; /* share of a trailed card's worth counted as given away */
    bool forfeited[CEKI_MAX_SEATS];
    int score[CEKI_MAX_SEATS];
    uint8_t pile[CEKI_MAX_SEATS][CARD_KIND_LIMIT];
} AiSim;

/* g is a determinized copy the sim may change; obs is scratch. Switches the
 * copy's events on (the sim reads them) and its history off. */
void ai_sim_init(AiSim *s, Game *g, Observation *obs);
/* A fresh redeal of g as `seat` sees it (with the round's public history
 * and, while ai->believe, the player's reading of the others' hands),
 * seeded from the player's stream;
 * the first call also makes *work, a copy the search reuses. NULL (nothing
 * to free) when either cannot be made. */
Game *ai_redeal(AiPlayer *ai, const Game *g, int seat, Game **work);
/* The strong player's reading of the others' hands in a game of hand plays
 * only (ai_read.c): from each of their plays this round, the kinds a greedy
 * player could not have held, since it would have captured better with
 * them. A seat whose play breaks the model is left unread. Uses ai->obs.
 * False when nothing is believed (another kind of game, or no play yet). */
bool ai_read_hands(AiPlayer *ai, const Game *g, int seat, DealBelief *out);
/* Re-reads the piles after g was overwritten with game_copy_into. */
void ai_sim_reset(AiSim *s, Observation *obs);
CekiStatus ai_sim_apply(AiSim *s, const Move *m);
/* The same for a move game_legal_moves just listed for s->g (the playouts'
 * path: game_apply_listed). */
CekiStatus ai_sim_apply_listed(AiSim *s, const Move *m);

/* The value of a fishing move for the seat making it, by the light greedy
 * rule used in playouts: what a capture adds to the pile, less a share of
 * what a trailed card gives away; a forfeiting capture is heavily penalised
 * unless the seat has already forfeited. */
double ai_fishing_move_value(const AiSim *s, const Move *m);

/* The playout policy: picks an index into moves[0..n). obs is scratch. */
int ai_policy_pick(const AiSim *s, const Move *moves, int n, Rng *rng, Observation *obs);

/* ---- Kowah (ai_kowah.c) -------------------------------------------------- */

/* Copies of each Ceki kind a deck of two kepala holds. */
#define AI_KOWAH_COPIES 4

/* Kowah decisions by hand shape, from the mover's observation (the greedy
 * level, and everyone's moves in the playouts): take the discard when it
 * brings the hand nearer to checki, discard what keeps it nearest, always
 * declare and claim. With `guard` (playouts), once the turns in a row begun
 * with the discard reach AI_KOWAH_IDLE_GUARD a player draws from the stock,
 * so no card passes round the table for ever. */
int ai_kowah_pick(const Observation *o, const Move *moves, int n, Rng *rng, bool guard);
#define AI_KOWAH_IDLE_GUARD 8

/* The strong player's Kowah judgement: copies it knows to be out of play
 * (the discard pile and, from the public history, every card known to be in
 * another hand) make a waited card dead or live; a checki hand is worth its
 * live winning copies, so it declares the pair that waits on most of them
 * (showing, of equal choices, the pair with fewer live copies so the other
 * stays hidden), does not declare a hand whose winning copies are all gone,
 * and never discards a card a declared player shows (nor, at a cost, one of
 * its rank, which a hidden second pair may wait on). */
int ai_kowah_pick_strong(const Observation *o, const Move *moves, int n);

/* Round rewards in [0, 1] for every seat of a finished round: the win (a
 * shared win split), with a small term for the score margin. */
void ai_round_rewards(const Game *g, Observation *obs, double reward[CEKI_MAX_SEATS]);

/* ---- the levels --------------------------------------------------------- */

CekiStatus ai_greedy_choose(AiPlayer *ai, const Game *g, int seat, const Move *moves, int n,
                            Move *out);
/* The same, counting `trail_share` of a trailed card's worth as given away
 * (the greedy level counts none: immediate gains only). */
CekiStatus ai_greedy_choose_with(AiPlayer *ai, const Game *g, int seat, const Move *moves, int n,
                                 double trail_share, Move *out);
CekiStatus ai_strong_choose(AiPlayer *ai, const Game *g, int seat, const Move *moves, int n,
                            Move *out);

/* Wall-clock seconds (C11 timespec_get), for the time budget only; inline,
 * so the levels call nothing of ai.c, which dispatches to them. */
static inline double ai_now(void)
{
    struct timespec ts = {0, 0};
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
