/* host_rand.c — randomness: seeds, table ids, seat tokens and private
 * tables' keys (host_internal.h), from the host's own source when it was
 * given one (HostOptions.rand_bytes), else getrandom, /dev/urandom when it
 * is missing; and secrets compared in constant time. */
#define _DEFAULT_SOURCE /* getrandom */
#include <errno.h>
#include <stdio.h>
#include <sys/random.h>

#include "host_internal.h"

#define RAND_ID_ALPHABET 62 /* [A-Za-z0-9] */
#define RAND_ID_LIMIT 248   /* the largest multiple of 62 a byte holds: no bias */

static bool rand_from_urandom(uint8_t *buf, size_t n)
{
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f)
        return false;
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    return got == n;
}

bool host_rand_bytes(const Host *h, uint8_t *buf, size_t n)
{
    if (h->rand_bytes)
        return h->rand_bytes(h->rand_ctx, buf, n);
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return rand_from_urandom(buf, n);
        got += (size_t)r;
    }
    return true;
}

bool host_rand_table_id(const Host *h, char out[NET_TABLE_ID_MAX + 1])
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    int len = 0;
    for (int tries = 0; len < HOST_TABLE_ID_LEN && tries < HOST_TABLE_ID_LEN * 4; tries++) {
        uint8_t b[HOST_TABLE_ID_LEN] = {0};
        if (!host_rand_bytes(h, b, sizeof b))
            return false;
        for (size_t i = 0; i < sizeof b && len < HOST_TABLE_ID_LEN; i++) {
            if (b[i] < RAND_ID_LIMIT)
                out[len++] = alphabet[b[i] % RAND_ID_ALPHABET];
        }
    }
    out[len] = '\0';
    return len == HOST_TABLE_ID_LEN;
}

/* len hex digits (len even) of h's randomness, and a NUL. */
static bool rand_hex(const Host *h, char *out, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    uint8_t b[NET_TOKEN_LEN / 2] = {0};
    if (len / 2 > sizeof b || !host_rand_bytes(h, b, len / 2))
        return false;
    for (size_t i = 0; i < len / 2; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 0xF];
    }
    out[len] = '\0';
    return true;
}

bool host_rand_token(const Host *h, char out[NET_TOKEN_LEN + 1])
{
    return rand_hex(h, out, NET_TOKEN_LEN);
}

bool host_rand_key(const Host *h, char out[NET_KEY_LEN + 1])
{
    return rand_hex(h, out, NET_KEY_LEN);
}

bool host_secret_equal(const char *a, const char *b, size_t len)
{
    /* Every byte is looked at, whatever came before: the time tells
     * nothing of how much of a guess was right. */
    unsigned diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (unsigned)((unsigned char)a[i] ^ (unsigned char)b[i]);
    return diff == 0;
}
