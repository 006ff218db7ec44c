/* fuzz_moves — arbitrary move sequences applied to every variant.
 *
 * Input layout: byte 0 picks the variant, 1 the player count among those the
 * variant allows, 2 the rule options (masked to the variant's), 3 the stake
 * scheme (Pèi), 4 the match length (from 0xE0 up the variant's default,
 * else 1 or 2 rounds where the variant counts rounds), bytes 5..12 the seed. Each later byte is one
 * step: below 0xC0 it plays legal move number (byte mod count); from 0xC0 up the next four bytes
 * make a move of any type, seat and cards, most of them illegal. When the
 * input ends the match is played out with the first legal move.
 *
 * After every step: an illegal move was refused with CEKI_ERR_ILLEGAL and
 * left every seat's observation, the legal moves, the events and the history
 * as they were; a legal one applied; the cards add up for every seat (RULES.md
 * §5). At the end the game's record replays to the same game. */
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"

#define FINISH_LIMIT 6000 /* moves to play the match out after the input ends */

typedef struct Input {
    const uint8_t *data;
    size_t size, pos;
} Input;

static uint8_t take(Input *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static Game *create_game(Input *in)
{
    const VariantDesc *v = variant_get((VariantId)(take(in) % VARIANT_COUNT));
    FUZZ_CHECK(v != NULL);
    int counts[CEKI_MAX_SEATS + 1], ncounts = 0;
    for (int p = v->min_players; p <= v->max_players; p++) {
        if (variant_players_ok(v, p))
            counts[ncounts++] = p;
    }
    FUZZ_CHECK(ncounts > 0);
    uint8_t players = take(in), options = take(in), stakes = take(in), rounds = take(in);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | take(in);
    GameConfig cfg = game_config_default(v->id, seed);
    cfg.players = counts[players % ncounts];
    cfg.options = v->options & options;
    if (v->start == START_PEI)
        cfg.stakes = (StakeScheme)(stakes % STAKES_COUNT);
    /* Mostly short matches, so that inputs play them out; some as long as
     * the variant's default. */
    cfg.rounds = rounds >= 0xE0 ? 0 : 1 + rounds % 2;
    CekiStatus st = CEKI_ERR_ARG;
    Game *g = game_create(&cfg, &st);
    if (game_config_check(&cfg) != CEKI_OK) {
        /* A combination the rules refuse (an option with the wrong stakes). */
        FUZZ_CHECK(g == NULL && st != CEKI_OK);
        return NULL;
    }
    FUZZ_CHECK(g != NULL && st == CEKI_OK);
    game_set_history_enabled(g, true);
    return g;
}

static void try_illegal(Game *g, Input *in)
{
    Move m = {.type = (uint8_t)(take(in) % 16),
              .seat = (uint8_t)(take(in) % 8),
              .card = take(in),
              .target = take(in),
              .flags = (uint8_t)(in->pos & 1)};
    if (game_is_legal(g, &m)) {
        FUZZ_CHECK(game_explain_illegal(g, &m)[0] == '\0');
        FUZZ_CHECK(game_apply(g, &m) == CEKI_OK);
        return;
    }
    FUZZ_CHECK(game_explain_illegal(g, &m)[0] != '\0');
    static FuzzView before, after;
    fuzz_view_take(g, &before);
    FUZZ_CHECK(game_apply(g, &m) == CEKI_ERR_ILLEGAL);
    fuzz_view_take(g, &after);
    FUZZ_CHECK(fuzz_view_equal(&before, &after));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    Input in = {data, size, 0};
    Game *g = create_game(&in);
    if (!g)
        return 0;
    Move legal[GAME_MAX_MOVES];
    fuzz_check_observations(g);
    while (in.pos < in.size && !game_match_over(g)) {
        int n = fuzz_check_legal(g, legal);
        uint8_t b = take(&in);
        if (b < 0xC0) {
            FUZZ_CHECK(game_apply(g, &legal[b % n]) == CEKI_OK);
        } else {
            try_illegal(g, &in);
        }
        fuzz_check_observations(g);
    }
    for (int i = 0; i < FINISH_LIMIT && !game_match_over(g); i++) {
        int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
        FUZZ_CHECK(n >= 1);
        FUZZ_CHECK(game_apply(g, &legal[0]) == CEKI_OK);
        if (i % 16 == 0)
            fuzz_check_observations(g);
    }
    fuzz_check_legal(g, legal);
    fuzz_check_observations(g);
    fuzz_check_replay(g);
    game_destroy(g);
    return 0;
}
