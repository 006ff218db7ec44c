#include "ai.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

struct AiPlayer {
    AiLevel level;
    Rng rng;
    int budget_ms;
};

static const char *const level_keys[AI_LEVEL_COUNT] = {"random", "greedy", "strong"};

AiPlayer *ai_create(AiLevel level, uint64_t seed)
{
    if (level != AI_RANDOM) /* greedy and strong: issue 4 */
        return NULL;
    AiPlayer *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    ai->level = level;
    rng_seed(&ai->rng, seed);
    return ai;
}

void ai_destroy(AiPlayer *ai)
{
    free(ai);
}

AiLevel ai_level(const AiPlayer *ai)
{
    return ai ? ai->level : AI_LEVEL_COUNT;
}

void ai_set_budget_ms(AiPlayer *ai, int ms)
{
    if (ai && ms >= 0)
        ai->budget_ms = ms;
}

CekiStatus ai_choose(AiPlayer *ai, const Game *g, int seat, Move *out)
{
    if (!ai || !g || !out)
        return CEKI_ERR_ARG;
    if (game_to_move(g) != seat)
        return CEKI_ERR_STATE;
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    if (n <= 0)
        return CEKI_ERR_STATE;
    if (n > GAME_MAX_MOVES)
        n = GAME_MAX_MOVES;
    *out = moves[rng_below(&ai->rng, (uint32_t)n)];
    return CEKI_OK;
}

const char *ai_level_key(AiLevel level)
{
    return (int)level >= 0 && level < AI_LEVEL_COUNT ? level_keys[level] : "?";
}

AiLevel ai_level_find(const char *key)
{
    for (int i = 0; key && i < AI_LEVEL_COUNT; i++) {
        if (strcmp(level_keys[i], key) == 0)
            return (AiLevel)i;
    }
    return AI_LEVEL_COUNT;
}
