/* ai.h — computer players.
 *
 * Contract: a computer player decides through the same moves a person makes.
 * It may look at the game only through game_observe() and game_determinize()
 * for its own seat, so it never uses hidden information. What it remembers of
 * the round is the public history every observation carries (game.h: each
 * capture made face up, every discard, cards taken from the discard, shown
 * draws, declared pairs), kept by the game itself. ai_choose is
 * deterministic for a given seed and sequence of calls (with a time budget
 * the amount of thinking depends on the machine; with an iteration budget it
 * does not). An AiPlayer is owned by its caller (ai_destroy, NULL-safe) and
 * holds no global state, so different players may think in different
 * threads; one AiPlayer must not be used by two threads at once.
 *
 * Levels:
 * - random: uniform over the legal moves.
 * - greedy: the best immediate gain of its own captured pile (the stock turn
 *   that follows averaged over a few determinizations); in Kowah the hand
 *   closest to checki, always declaring and claiming.
 * - strong: Information Set MCTS (single observer, Cowling, Powley and
 *   Whitehouse 2012) over determinizations of the hidden cards, with light
 *   greedy playouts to the end of the round; the reward is the round won
 *   (shared wins split, a forfeited round lost) plus a small score margin.
 *   Kowah is not searched: the strong player counts the copies it knows to
 *   be out of play (discards and, from the public history, cards known in
 *   other hands), values a checki hand by its live winning copies and a hand
 *   short of checki by the live copies that would bring it nearer, and never
 *   feeds a declared player.
 * A decision with one legal move returns it at once, without search.
 */
#ifndef CEKI_AI_H
#define CEKI_AI_H

#include <stdint.h>

#include "game.h"

typedef enum AiLevel { AI_RANDOM = 0, AI_GREEDY, AI_STRONG, AI_LEVEL_COUNT } AiLevel;

typedef struct AiPlayer AiPlayer;

AiPlayer *ai_create(AiLevel level, uint64_t seed);
void ai_destroy(AiPlayer *ai);
AiLevel ai_level(const AiPlayer *ai);
#define AI_DEFAULT_BUDGET_MS 200

/* Budget per decision for the strong player, in milliseconds (0 = its
 * default). Ignored by the other levels. */
void ai_set_budget_ms(AiPlayer *ai, int ms);
/* Starts the player's randomness afresh for one decision: from `seed` (the
 * seat's, game_seat_ai_seed) and `move_no`, the number of moves applied in
 * the match before this decision. Called before every ai_choose, it makes
 * each decision depend only on the seat's seed, the move number and the
 * position, so a player created again mid-match (a network bot that was
 * restarted, a computer standing in for an absent person) decides exactly
 * as the first one would have. */
void ai_reseed(AiPlayer *ai, uint64_t seed, uint32_t move_no);
/* An iteration budget per decision for the strong player instead of time
 * (0 = back to the time budget): the same seed then gives the same moves on
 * every machine. Tests use this. An iteration is one playout; the budget is
 * rounded up to a whole sweep of the root moves. */
void ai_set_budget_iterations(AiPlayer *ai, long iterations);

/* What the last ai_choose did (for tests and tuning). */
typedef struct AiStats {
    long iterations; /* search iterations (strong), determinizations (greedy) */
    int nodes;       /* tree nodes (strong) */
    double seconds;  /* wall time spent */
} AiStats;
const AiStats *ai_last_stats(const AiPlayer *ai);

/* Before the public history was part of every observation, a player had to
 * be shown each apply's events to remember the captures. The game keeps that
 * history now, so these do nothing; they stay only so that callers written
 * for the old interface build. Do not add new calls. */
void ai_watch(AiPlayer *ai, const Game *g, const GameEvent *events, int count);
void ai_forget(AiPlayer *ai);

/* Picks a legal move for `seat`, which must be the seat to move: one of
 * the moves game_legal_moves lists, unchanged (game_apply_listed may take it). */
CekiStatus ai_choose(AiPlayer *ai, const Game *g, int seat, Move *out);

const char *ai_level_key(AiLevel level);
/* One line saying what the level does, for a person choosing it ("" when
 * unknown). */
const char *ai_level_summary(AiLevel level);
/* AI_LEVEL_COUNT when unknown. */
AiLevel ai_level_find(const char *key);

#endif
