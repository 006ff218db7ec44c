/* sim_rng.c — the simulator's randomness: splitmix64, integers only, so the
 * same seed draws the same numbers on every machine (sim.h). */
#include "sim.h"

#define RNG_GAMMA 0x9E3779B97F4A7C15ull
#define RNG_MIX1 0xBF58476D1CE4E5B9ull
#define RNG_MIX2 0x94D049BB133111EBull
#define RNG_PER_MILLE 1000u

uint64_t sim_rng_next(SimRng *r)
{
    uint64_t z = (r->s += RNG_GAMMA);
    z = (z ^ (z >> 30)) * RNG_MIX1;
    z = (z ^ (z >> 27)) * RNG_MIX2;
    return z ^ (z >> 31);
}

uint32_t sim_rng_below(SimRng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    /* Lemire's multiply-shift: no modulo bias worth a test's care. */
    return (uint32_t)(((sim_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

uint64_t sim_rng_range(SimRng *r, uint64_t lo, uint64_t hi)
{
    if (hi <= lo)
        return lo;
    uint64_t span = hi - lo + 1;
    return span == 0 ? sim_rng_next(r) : lo + sim_rng_next(r) % span;
}

bool sim_rng_chance(SimRng *r, uint32_t per_mille)
{
    return sim_rng_below(r, RNG_PER_MILLE) < per_mille;
}

SimRng sim_rng_fork(SimRng *r, uint64_t tag)
{
    SimRng f = {sim_rng_next(r) ^ (tag * RNG_MIX2)};
    sim_rng_next(&f);
    return f;
}
