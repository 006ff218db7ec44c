/* gen_corpus — writes the seed corpora of fuzz_record and fuzz_moves.
 *
 *     fuzz_gen_corpus tests/fuzz/corpus
 *
 * For every variant: a record of a short opening and a record of a whole
 * one-round match (corpus/record/), and a move script that starts the
 * variant and mixes legal picks with illegal tries (corpus/moves/). The
 * hand-written seeds beside them (damaged records, notation, settings) are
 * not generated. Deterministic: the same core writes the same files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "record.h"
#include "rng.h"
#include "variant.h"

static int write_record(const char *dir, const char *name, const Game *g)
{
    char path[512];
    snprintf(path, sizeof path, "%s/record/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f || record_write(g, f) != CEKI_OK) {
        perror(path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

static Game *start(VariantId v, int players, uint64_t seed, int rounds)
{
    GameConfig cfg = game_config_default(v, seed);
    if (players)
        cfg.players = players;
    cfg.rounds = rounds;
    return game_create(&cfg, NULL);
}

static int records(const char *dir, VariantId v, Rng *rng)
{
    const VariantDesc *d = variant_get(v);
    int bad = 0;
    char name[128];
    /* An opening of a few moves, with the most players the variant allows. */
    Game *g = start(v, d->max_players, 7 + v, 0);
    if (!g)
        return 1;
    Move legal[GAME_MAX_MOVES];
    for (int i = 0; i < 6 && !game_match_over(g); i++) {
        int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
        game_apply(g, &legal[rng_below(rng, (uint32_t)n)]);
    }
    snprintf(name, sizeof name, "%s-opening.txt", d->key);
    bad |= write_record(dir, name, g);
    game_destroy(g);
    /* A whole match of one round (Kings and each-deals matches run longer:
     * those stop after their first round). */
    g = start(v, d->min_players, 11 + v, 1);
    if (!g)
        return 1;
    while (!game_match_over(g) && !game_round_over(g)) {
        int n = game_legal_moves(g, legal, GAME_MAX_MOVES);
        game_apply(g, &legal[rng_below(rng, (uint32_t)n)]);
    }
    snprintf(name, sizeof name, "%s-round.txt", d->key);
    bad |= write_record(dir, name, g);
    game_destroy(g);
    return bad;
}

static int moves(const char *dir, VariantId v, Rng *rng)
{
    uint8_t buf[96];
    size_t n = 0;
    buf[n++] = (uint8_t)v;
    buf[n++] = (uint8_t)rng_below(rng, 6);   /* player count */
    buf[n++] = (uint8_t)rng_below(rng, 256); /* options */
    buf[n++] = (uint8_t)rng_below(rng, 6);   /* stakes */
    buf[n++] = 1;                            /* one round */
    for (int i = 0; i < 8; i++)
        buf[n++] = (uint8_t)rng_below(rng, 256);
    while (n + 5 <= sizeof buf) {
        if (rng_below(rng, 5) == 0) {
            buf[n++] = 0xC0;
            buf[n++] = (uint8_t)rng_below(rng, 12); /* type */
            buf[n++] = (uint8_t)rng_below(rng, 7);  /* seat */
            buf[n++] = (uint8_t)rng_below(rng, 90); /* card */
            buf[n++] = rng_below(rng, 3) ? (uint8_t)rng_below(rng, 90) : 0xFF;
        } else {
            buf[n++] = (uint8_t)rng_below(rng, 0xC0);
        }
    }
    char path[512];
    snprintf(path, sizeof path, "%s/moves/%s", dir, variant_get(v)->key);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, n, f) != n) {
        perror(path);
        if (f)
            fclose(f);
        return 1;
    }
    return fclose(f) != 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_gen_corpus CORPUS_DIR\n");
        return 2;
    }
    Rng rng;
    rng_seed(&rng, 2024);
    int bad = 0;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        bad |= records(argv[1], (VariantId)v, &rng);
        bad |= moves(argv[1], (VariantId)v, &rng);
    }
    return bad;
}
