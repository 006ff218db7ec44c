/* sha256.c — SHA-256 from FIPS 180-4 (sha256.h). */
#include "sha256.h"

#include <string.h>

#define SHA256_ROUNDS 64
#define SHA256_LENGTH_BYTES 8 /* the message length in bits, at the end of the last block */

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t sha256_k[SHA256_ROUNDS] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
    0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
    0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
    0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
    0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
    0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
    0xc67178f2u};

/* FIPS 180-4 5.3.3: the first 32 bits of the fractional parts of the square
 * roots of the first 8 primes. */
static const uint32_t sha256_h0[8] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                      0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u};

static uint32_t rotr(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32u - n));
}

static uint32_t load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* FIPS 180-4 6.2.2: one 512-bit block into the state. */
static void sha256_compress(uint32_t state[8], const uint8_t block[SHA256_BLOCK_BYTES])
{
    uint32_t w[SHA256_ROUNDS] = {0};
    for (int t = 0; t < 16; t++)
        w[t] = load_be32(block + 4 * t);
    for (int t = 16; t < SHA256_ROUNDS; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t v[8] = {0};
    memcpy(v, state, sizeof v);
    for (int t = 0; t < SHA256_ROUNDS; t++) {
        uint32_t e = v[4], a = v[0];
        uint32_t big1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        uint32_t ch = (e & v[5]) ^ (~e & v[6]);
        uint32_t t1 = v[7] + big1 + ch + sha256_k[t] + w[t];
        uint32_t big0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        uint32_t maj = (a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]);
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + big0 + maj;
    }
    for (int i = 0; i < 8; i++)
        state[i] += v[i];
}

void sha256_init(Sha256 *h)
{
    memcpy(h->state, sha256_h0, sizeof h->state);
    memset(h->block, 0, sizeof h->block);
    h->block_n = 0;
    h->length = 0;
}

void sha256_update(Sha256 *h, const void *data, size_t n)
{
    const uint8_t *p = data;
    h->length += n;
    while (n > 0) {
        size_t take = SHA256_BLOCK_BYTES - h->block_n;
        take = take < n ? take : n;
        memcpy(h->block + h->block_n, p, take);
        h->block_n += take;
        p += take;
        n -= take;
        if (h->block_n == SHA256_BLOCK_BYTES) {
            sha256_compress(h->state, h->block);
            h->block_n = 0;
        }
    }
}

void sha256_final(Sha256 *h, uint8_t digest[SHA256_DIGEST_BYTES])
{
    uint64_t bits = h->length * 8u;
    /* FIPS 180-4 5.1.1: a 1 bit, zeros, then the length in 64 bits. */
    h->block[h->block_n++] = 0x80u;
    if (h->block_n > SHA256_BLOCK_BYTES - SHA256_LENGTH_BYTES) {
        memset(h->block + h->block_n, 0, SHA256_BLOCK_BYTES - h->block_n);
        sha256_compress(h->state, h->block);
        h->block_n = 0;
    }
    memset(h->block + h->block_n, 0, SHA256_BLOCK_BYTES - h->block_n);
    for (int i = 0; i < SHA256_LENGTH_BYTES; i++)
        h->block[SHA256_BLOCK_BYTES - 1 - i] = (uint8_t)(bits >> (8 * i));
    sha256_compress(h->state, h->block);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(h->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(h->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(h->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)h->state[i];
    }
}

void sha256_digest(const void *data, size_t n, uint8_t digest[SHA256_DIGEST_BYTES])
{
    Sha256 h;
    sha256_init(&h);
    sha256_update(&h, data, n);
    sha256_final(&h, digest);
}
