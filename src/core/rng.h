/* rng.h — a small, seeded, platform-independent random number generator.
 *
 * Contract: xoshiro256** seeded through splitmix64. The same seed gives the
 * same sequence on every machine and compiler. No global state: every stream
 * is a value the caller owns (the game keeps one for the deal and draws; the
 * front end keeps its own cosmetic one).
 */
#ifndef CEKI_RNG_H
#define CEKI_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t s[4];
} Rng;

void rng_seed(Rng *rng, uint64_t seed);
uint64_t rng_next(Rng *rng);
/* Uniform in [0, bound); bound 0 gives 0. Unbiased. */
uint32_t rng_below(Rng *rng, uint32_t bound);
/* Fisher–Yates shuffle of n bytes. */
void rng_shuffle(Rng *rng, uint8_t *items, int n);

#endif
