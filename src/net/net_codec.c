/* net_codec.c — fixed-width little-endian fields, bounded and checked in
 * every pass (see net_codec.h). */
#include "net_codec.h"

#include <string.h>

#include "card.h"
#include "utf8.h"

#define CODEC_BYTE_BITS 8u

Codec codec_writer(uint8_t *out, size_t cap)
{
    Codec c = {CODEC_WRITE, out, NULL, out ? cap : 0, 0, NET_OK};
    return c;
}

Codec codec_reader(const uint8_t *in, size_t len, CodecMode mode)
{
    Codec c = {mode, NULL, in, in ? len : 0, 0, NET_OK};
    return c;
}

void codec_fail(Codec *c, NetStatus why)
{
    if (c->status == NET_OK)
        c->status = why;
}

void codec_require(Codec *c, bool ok)
{
    if (!ok)
        codec_fail(c, NET_ERR_RANGE);
}

/* Moves `bytes` little-endian bytes of *v out or in; false on failure. */
static bool codec_raw(Codec *c, uint64_t *v, size_t bytes)
{
    if (!codec_ok(c))
        return false;
    if (bytes > c->size - c->pos) {
        codec_fail(c, c->mode == CODEC_WRITE ? NET_ERR_SPACE : NET_ERR_SHORT);
        return false;
    }
    if (c->mode == CODEC_WRITE) {
        for (size_t i = 0; i < bytes; i++)
            c->out[c->pos + i] = (uint8_t)(*v >> (CODEC_BYTE_BITS * i));
    } else {
        uint64_t x = 0;
        for (size_t i = 0; i < bytes; i++)
            x |= (uint64_t)c->in[c->pos + i] << (CODEC_BYTE_BITS * i);
        *v = x;
    }
    c->pos += bytes;
    return true;
}

/* The value to write (WRITE) or the one read, bounded by max; 0 on failure. */
static uint64_t codec_unsigned(Codec *c, uint64_t in, size_t bytes, uint64_t max)
{
    uint64_t x = in;
    if (c->mode == CODEC_WRITE && x > max) {
        codec_fail(c, NET_ERR_RANGE);
        return 0;
    }
    if (!codec_raw(c, &x, bytes))
        return 0;
    if (x > max) {
        codec_fail(c, NET_ERR_RANGE);
        return 0;
    }
    return x;
}

/* One byte in or out, bounded by max: the common case of the fields below
 * without the general path's calls (the same result, byte for byte, and
 * the same status). True when it was done here. */
static inline bool codec_byte_fast(Codec *c, uint8_t *x, uint8_t max)
{
    if (c->status != NET_OK || c->pos >= c->size)
        return false;
    if (c->mode == CODEC_WRITE) {
        if (*x > max)
            return false;
        c->out[c->pos++] = *x;
        return true;
    }
    if (c->in[c->pos] > max)
        return false;
    *x = c->in[c->pos++];
    return true;
}

uint8_t codec_io_u8(Codec *c, uint8_t *v, uint8_t max)
{
    uint8_t fast = c->mode == CODEC_WRITE ? *v : 0;
    if (codec_byte_fast(c, &fast, max)) {
        if (c->mode == CODEC_READ)
            *v = fast;
        return fast;
    }
    uint8_t x = (uint8_t)codec_unsigned(c, c->mode == CODEC_WRITE ? *v : 0, 1, max);
    if (codec_storing(c))
        *v = x;
    return x;
}

uint16_t codec_io_u16(Codec *c, uint16_t *v, uint16_t max)
{
    uint16_t x = (uint16_t)codec_unsigned(c, c->mode == CODEC_WRITE ? *v : 0, 2, max);
    if (codec_storing(c))
        *v = x;
    return x;
}

uint32_t codec_io_u32(Codec *c, uint32_t *v)
{
    uint32_t x = (uint32_t)codec_unsigned(c, c->mode == CODEC_WRITE ? *v : 0, 4, UINT32_MAX);
    if (codec_storing(c))
        *v = x;
    return x;
}

uint64_t codec_io_u64(Codec *c, uint64_t *v)
{
    uint64_t x = codec_unsigned(c, c->mode == CODEC_WRITE ? *v : 0, 8, UINT64_MAX);
    if (codec_storing(c))
        *v = x;
    return x;
}

int8_t codec_io_i8(Codec *c, int8_t *v, int lo, int hi)
{
    int x = c->mode == CODEC_WRITE ? *v : 0;
    if (c->mode == CODEC_WRITE && (x < lo || x > hi)) {
        codec_fail(c, NET_ERR_RANGE);
        return 0;
    }
    /* one byte, two's complement */
    uint8_t u = (uint8_t)codec_unsigned(c, (uint8_t)(x & 0xff), 1, UINT8_MAX);
    x = u <= INT8_MAX ? (int)u : (int)u - (UINT8_MAX + 1);
    if (!codec_ok(c) || x < lo || x > hi) {
        codec_fail(c, NET_ERR_RANGE);
        return 0;
    }
    if (codec_storing(c))
        *v = (int8_t)x;
    return (int8_t)x;
}

int32_t codec_io_i32(Codec *c, int32_t *v)
{
    uint32_t u = c->mode == CODEC_WRITE ? (uint32_t)*v : 0;
    u = (uint32_t)codec_unsigned(c, u, 4, UINT32_MAX);
    /* two's complement back without relying on an implementation's cast */
    int32_t x = u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(UINT32_MAX - u) - 1;
    if (codec_storing(c))
        *v = x;
    return x;
}

bool codec_io_bool(Codec *c, bool *v)
{
    uint8_t x = (uint8_t)codec_unsigned(c, c->mode == CODEC_WRITE ? (*v ? 1u : 0u) : 0, 1, 1);
    if (codec_storing(c))
        *v = x != 0;
    return x != 0;
}

uint8_t codec_io_card(Codec *c, uint8_t *v, bool none_ok)
{
    uint8_t fast = c->mode == CODEC_WRITE ? *v : 0;
    if (codec_byte_fast(c, &fast, UINT8_MAX)) { /* moved; then judged as below */
        if (!card_is_valid(fast) && !(none_ok && fast == CARD_NONE)) {
            codec_fail(c, NET_ERR_RANGE);
            return 0;
        }
        if (c->mode == CODEC_READ)
            *v = fast;
        return fast;
    }
    uint8_t x = (uint8_t)codec_unsigned(c, c->mode == CODEC_WRITE ? *v : 0, 1, UINT8_MAX);
    if (!card_is_valid(x) && !(none_ok && x == CARD_NONE)) {
        codec_fail(c, NET_ERR_RANGE);
        return 0;
    }
    if (codec_storing(c))
        *v = x;
    return x;
}

int codec_io_int(Codec *c, int *v, int lo, int hi, int bytes)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo);
    uint64_t in = 0;
    if (c->mode == CODEC_WRITE) {
        if (*v < lo || *v > hi) {
            codec_fail(c, NET_ERR_RANGE);
            return 0;
        }
        in = (uint64_t)((int64_t)*v - (int64_t)lo);
    }
    uint64_t x = codec_unsigned(c, in, (size_t)bytes, span);
    if (!codec_ok(c))
        return 0;
    int value = (int)((int64_t)lo + (int64_t)x);
    if (codec_storing(c))
        *v = value;
    return value;
}

void codec_io_bytes(Codec *c, uint8_t *v, size_t len)
{
    if (!codec_ok(c))
        return;
    if (len > c->size - c->pos) {
        codec_fail(c, c->mode == CODEC_WRITE ? NET_ERR_SPACE : NET_ERR_SHORT);
        return;
    }
    if (c->mode == CODEC_WRITE)
        memcpy(c->out + c->pos, v, len);
    else if (c->mode == CODEC_READ)
        memcpy(v, c->in + c->pos, len);
    c->pos += len;
}

static bool codec_char_ok(uint32_t cp, CodecText kind)
{
    if (kind == CODEC_TEXT_ID)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
               cp == '-';
    if (kind == CODEC_TEXT_TOKEN)
        return (cp >= 'a' && cp <= 'f') || (cp >= 'A' && cp <= 'F') || (cp >= '0' && cp <= '9');
    if (kind == CODEC_TEXT_LINES && cp == '\n')
        return true;
    return !utf8_is_control(cp);
}

/* NET_OK, or why the n bytes at s are not a text of this kind. */
static NetStatus codec_text_check(const uint8_t *s, size_t n, size_t max_chars, CodecText kind)
{
    if (kind == CODEC_TEXT_ID && n == 0)
        return NET_ERR_RANGE;
    if (kind == CODEC_TEXT_TOKEN && n != 0 && n != NET_TOKEN_LEN)
        return NET_ERR_RANGE;
    size_t chars = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = 0;
        size_t len = utf8_next(s + i, n - i, &cp);
        if (len == 0 || !codec_char_ok(cp, kind))
            return NET_ERR_TEXT;
        i += len;
        chars++;
    }
    if (max_chars > 0 && chars > max_chars)
        return NET_ERR_RANGE;
    return NET_OK;
}

size_t codec_io_text(Codec *c, char *s, size_t max_bytes, size_t max_chars, CodecText kind)
{
    size_t n = 0;
    if (c->mode == CODEC_WRITE) {
        while (n <= max_bytes && s[n] != '\0')
            n++;
        if (n > max_bytes) {
            codec_fail(c, NET_ERR_RANGE);
            return 0;
        }
    }
    uint16_t len16 = (uint16_t)n;
    uint16_t limit = max_bytes > UINT16_MAX ? UINT16_MAX : (uint16_t)max_bytes;
    n = codec_unsigned(c, len16, 2, limit);
    if (!codec_ok(c) || n > c->size - c->pos) {
        codec_fail(c, c->mode == CODEC_WRITE ? NET_ERR_SPACE : NET_ERR_SHORT);
        return 0;
    }
    const uint8_t *bytes = c->mode == CODEC_WRITE ? (const uint8_t *)s : c->in + c->pos;
    NetStatus st = codec_text_check(bytes, n, max_chars, kind);
    if (st != NET_OK) {
        codec_fail(c, st);
        return 0;
    }
    codec_io_bytes(c, (uint8_t *)s, n);
    if (codec_storing(c))
        s[n] = '\0';
    return n;
}
