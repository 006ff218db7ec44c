/* sha256.h — SHA-256 (FIPS 180-4, section 6.2), written for this project.
 *
 * Contract: pure functions over caller-owned memory; no allocation, no I/O,
 * no state outside the Sha256 the caller holds. Feed any number of bytes with
 * sha256_update between sha256_init and sha256_final; the digest is the
 * standard big-endian 32 bytes. Used where a value must tell nothing of what
 * it came from (game_seat_ai_seed), not for security against an attacker
 * with the source (the inputs are small).
 */
#ifndef CEKI_SHA256_H
#define CEKI_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_BYTES 32
#define SHA256_BLOCK_BYTES 64

typedef struct Sha256 {
    uint32_t state[8];
    uint8_t block[SHA256_BLOCK_BYTES]; /* the message bytes not yet compressed */
    size_t block_n;
    uint64_t length; /* message bytes fed so far */
} Sha256;

void sha256_init(Sha256 *h);
void sha256_update(Sha256 *h, const void *data, size_t n);
void sha256_final(Sha256 *h, uint8_t digest[SHA256_DIGEST_BYTES]);
/* The three in one: the digest of data[0..n). */
void sha256_digest(const void *data, size_t n, uint8_t digest[SHA256_DIGEST_BYTES]);

#endif
