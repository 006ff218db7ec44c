/* ai.h — computer players.
 *
 * Contract: a computer player decides through the same moves a person makes.
 * It may look at the game only through game_observe() and
 * game_determinize_known() for its own seat, with what it remembers of the
 * public events it watched (ai_watch), so it never uses hidden information.
 * ai_choose is
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

/* Memory. Every capture of the fishing games is made in the open before the
 * pile goes face down, so an attentive player knows every captured pile. A
 * computer player remembers them when its caller shows it what happened:
 * call ai_watch after game_create and after every game_apply with that
 * call's events (events NULL: game_events(g)), or once with a whole round's
 * events to rebuild the memory (g is then the game after the last of them).
 * Only events every seat sees are read — EV_ROUND_START (forget), EV_CAPTURED
 * and EV_PAIR_TAKEN (who took which two cards); never a dealt hand
 * (EV_DEAL_HAND), a private peek (EV_PEEK) or a Kowah draw, whose content
 * may be hidden from this seat (events are not filtered by seat). A player
 * that watched only part of a round remembers that part; the rest of the
 * piles is guessed as before, and a memory that does not fit the game is
 * ignored (game_determinize_known). Not thread-safe with ai_choose on the
 * same player: watch between decisions. */
void ai_watch(AiPlayer *ai, const Game *g, const GameEvent *events, int count);
/* Forgets everything watched (a new game, or before a rebuild). */
void ai_forget(AiPlayer *ai);

/* Picks a legal move for `seat`, which must be the seat to move. */
CekiStatus ai_choose(AiPlayer *ai, const Game *g, int seat, Move *out);

const char *ai_level_key(AiLevel level);
/* AI_LEVEL_COUNT when unknown. */
AiLevel ai_level_find(const char *key);

#endif
