/* seat_seed.c — game_seat_ai_seed (game.h): a seat's computer player's seed
 * that tells nothing of the deal, so a network host may give it away. */
#include "game.h"
#include "sha256.h"

#include <string.h>

/* Hashed before the numbers, so this digest is one no other use of SHA-256
 * in the project can produce. */
static const char seat_seed_label[] = "ceki seat ai seed v1";

#define SEAT_SEED_SEED_BYTES 8
#define SEAT_SEED_SEAT_BYTES 4

uint64_t game_seat_ai_seed(uint64_t seed, int seat)
{
    uint8_t msg[sizeof seat_seed_label + SEAT_SEED_SEED_BYTES + SEAT_SEED_SEAT_BYTES] = {0};
    size_t n = sizeof seat_seed_label; /* the label with its terminating zero */
    memcpy(msg, seat_seed_label, n);
    for (int i = SEAT_SEED_SEED_BYTES - 1; i >= 0; i--)
        msg[n++] = (uint8_t)(seed >> (8 * i));
    uint32_t s = (uint32_t)seat;
    for (int i = SEAT_SEED_SEAT_BYTES - 1; i >= 0; i--)
        msg[n++] = (uint8_t)(s >> (8 * i));
    uint8_t digest[SHA256_DIGEST_BYTES] = {0};
    sha256_digest(msg, n, digest);
    uint64_t out = 0;
    for (int i = 0; i < 8; i++)
        out = out << 8 | digest[i];
    return out;
}
