/* ai.c — the computer players' public face: creation, budgets and the
 * dispatch to a level. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai_internal.h"

static const char *const level_keys[AI_LEVEL_COUNT] = {"random", "greedy", "strong"};

AiPlayer *ai_create(AiLevel level, uint64_t seed)
{
    if ((int)level < 0 || level >= AI_LEVEL_COUNT)
        return NULL;
    AiPlayer *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    ai->obs = malloc(sizeof *ai->obs);
    if (!ai->obs) {
        free(ai);
        return NULL;
    }
    ai->level = level;
    rng_seed(&ai->rng, seed);
    return ai;
}

/* An odd constant (from the golden ratio) spreads the move numbers over the
 * seed's bits before rng_seed mixes them. */
#define AI_MOVE_MIX 0x9E3779B97F4A7C15ull

void ai_reseed(AiPlayer *ai, uint64_t seed, uint32_t move_no)
{
    if (ai)
        rng_seed(&ai->rng, seed ^ (AI_MOVE_MIX * ((uint64_t)move_no + 1)));
}

void ai_destroy(AiPlayer *ai)
{
    if (!ai)
        return;
    free(ai->obs);
    free(ai->nodes);
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

void ai_set_budget_iterations(AiPlayer *ai, long iterations)
{
    if (ai && iterations >= 0)
        ai->budget_iterations = iterations;
}

const AiStats *ai_last_stats(const AiPlayer *ai)
{
    return ai ? &ai->stats : NULL;
}

void ai_watch(AiPlayer *ai, const Game *g, const GameEvent *events, int count)
{
    (void)ai; /* the game keeps the public history itself (ai.h) */
    (void)g;
    (void)events;
    (void)count;
}

void ai_forget(AiPlayer *ai)
{
    (void)ai;
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
    memset(&ai->stats, 0, sizeof ai->stats);
    if (n == 1) { /* forced: no thinking */
        *out = moves[0];
        return CEKI_OK;
    }
    switch (ai->level) {
    case AI_GREEDY: return ai_greedy_choose(ai, g, seat, moves, n, out);
    case AI_STRONG: return ai_strong_choose(ai, g, seat, moves, n, out);
    case AI_RANDOM:
    default: *out = moves[rng_below(&ai->rng, (uint32_t)n)]; return CEKI_OK;
    }
}

const char *ai_level_key(AiLevel level)
{
    return (int)level >= 0 && level < AI_LEVEL_COUNT ? level_keys[level] : "?";
}

const char *ai_level_summary(AiLevel level)
{
    static const char *const summaries[AI_LEVEL_COUNT] = {
        N_("Random: any legal move, picked by chance."),
        N_("Greedy: whatever gains most this turn."),
        N_("Strong: plays each move out on many guessed deals (in Kowah: counts the live cards).")};
    return (int)level >= 0 && level < AI_LEVEL_COUNT ? summaries[level] : "";
}

AiLevel ai_level_find(const char *key)
{
    for (int i = 0; key && i < AI_LEVEL_COUNT; i++) {
        if (strcmp(level_keys[i], key) == 0)
            return (AiLevel)i;
    }
    return AI_LEVEL_COUNT;
}
