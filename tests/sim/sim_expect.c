/* sim_expect.c — the match `ceki-cli match` plays (cmd_match.c's loop, with
 * each seat's own level): every seat's player is seeded with
 * game_seat_ai_seed and reseeded by the move's number before each
 * decision, every player watches each move, and a finished round goes on
 * with its one legal move (sim.h). */
#include "sim.h"

#define EXPECT_MAX_MOVES 200000
#define EXPECT_ITERATIONS 1000 /* ceki-cli match's default */

static CekiStatus expect_move(Game *g, AiPlayer **ai, uint64_t seed, uint32_t applied, Move *m)
{
    int seat = game_to_move(g);
    if (game_round_over(g))
        return game_legal_moves(g, m, 1) == 1 ? CEKI_OK : CEKI_ERR_ILLEGAL;
    ai_reseed(ai[seat], game_seat_ai_seed(seed, seat), applied);
    return ai_choose(ai[seat], g, seat, m);
}

Game *expect_cli_match(const GameConfig *cfg, const AiLevel *levels)
{
    Game *g = game_create(cfg, NULL);
    AiPlayer *ai[CEKI_MAX_SEATS] = {NULL};
    bool ok = g != NULL;
    for (int s = 0; ok && s < cfg->players; s++) {
        ai[s] = ai_create(levels[s], game_seat_ai_seed(cfg->seed, s));
        ok = ai[s] != NULL;
        if (ok)
            ai_set_budget_iterations(ai[s], EXPECT_ITERATIONS);
    }
    for (uint32_t applied = 0; ok && applied < EXPECT_MAX_MOVES; applied++) {
        for (int s = 0; s < cfg->players; s++)
            ai_watch(ai[s], g, NULL, 0);
        if (game_match_over(g))
            break;
        Move m;
        ok = expect_move(g, ai, cfg->seed, applied, &m) == CEKI_OK && game_apply(g, &m) == CEKI_OK;
    }
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        ai_destroy(ai[s]);
    if (ok && game_match_over(g))
        return g;
    game_destroy(g);
    return NULL;
}
