/* ai.h — computer players.
 *
 * Contract: a computer player decides through the same moves a person makes.
 * It may look at the game only through game_observe() and game_determinize()
 * for its own seat, so it never uses hidden information. ai_choose is
 * deterministic for a given seed and sequence of calls. An AiPlayer is owned
 * by its caller (ai_destroy, NULL-safe) and holds no global state, so
 * different players may think in different threads.
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
/* Budget per decision for the strong player, in milliseconds (0 = its
 * default). Ignored by the other levels. */
void ai_set_budget_ms(AiPlayer *ai, int ms);

/* Picks a legal move for `seat`, which must be the seat to move. */
CekiStatus ai_choose(AiPlayer *ai, const Game *g, int seat, Move *out);

const char *ai_level_key(AiLevel level);
/* AI_LEVEL_COUNT when unknown. */
AiLevel ai_level_find(const char *key);

#endif
