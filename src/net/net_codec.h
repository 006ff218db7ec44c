/* net_codec.h — the byte codec under proto.c and proto_view.c (internal).
 *
 * Contract
 * - One description of a layout serves three passes: CODEC_WRITE encodes
 *   the values the pointers point to; CODEC_CHECK reads bytes and checks
 *   them without storing anything; CODEC_READ reads bytes and stores them
 *   (run only after a CHECK pass of the same bytes succeeded). So the
 *   encoder and the decoder cannot disagree, and a decode that fails
 *   leaves the caller's value untouched.
 * - Every codec_io_* returns the value written or read (0 once the codec
 *   has failed) and checks it against its bounds in every pass: a value out
 *   of bounds fails the codec with NET_ERR_RANGE, bytes that run out with
 *   NET_ERR_SHORT, room that runs out with NET_ERR_SPACE. The first failure
 *   sticks; later calls do nothing.
 * - Numbers are little-endian, of fixed width.
 * - Pure C11: no I/O, no allocation.
 */
#ifndef CEKI_NET_CODEC_H
#define CEKI_NET_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net_limits.h"

typedef enum CodecMode { CODEC_WRITE, CODEC_CHECK, CODEC_READ } CodecMode;

/* What a text may hold (beyond being well-formed UTF-8). */
typedef enum CodecText {
    CODEC_TEXT_LINE,  /* no control characters */
    CODEC_TEXT_LINES, /* no control characters but line ends (records) */
    CODEC_TEXT_ID,    /* a table id: [A-Za-z0-9-], not empty */
    CODEC_TEXT_TOKEN  /* empty, or exactly NET_TOKEN_LEN hex digits */
} CodecText;

typedef struct Codec {
    CodecMode mode;
    uint8_t *out;      /* WRITE */
    const uint8_t *in; /* CHECK, READ */
    size_t size;       /* WRITE: room; CHECK, READ: bytes */
    size_t pos;
    NetStatus status;
} Codec;

Codec codec_writer(uint8_t *out, size_t cap);
Codec codec_reader(const uint8_t *in, size_t len, CodecMode mode);
/* Inline: asked for every field of every message. */
static inline bool codec_ok(const Codec *c)
{
    return c->status == NET_OK;
}
void codec_fail(Codec *c, NetStatus why);
/* Fails the codec with NET_ERR_RANGE unless ok (for checks across values). */
void codec_require(Codec *c, bool ok);
static inline bool codec_storing(const Codec *c) /* READ */
{
    return c->mode == CODEC_READ && c->status == NET_OK;
}

uint8_t codec_io_u8(Codec *c, uint8_t *v, uint8_t max);
uint16_t codec_io_u16(Codec *c, uint16_t *v, uint16_t max);
uint32_t codec_io_u32(Codec *c, uint32_t *v);
uint64_t codec_io_u64(Codec *c, uint64_t *v);
/* One byte, two's complement, within lo..hi. */
int8_t codec_io_i8(Codec *c, int8_t *v, int lo, int hi);
int32_t codec_io_i32(Codec *c, int32_t *v);
bool codec_io_bool(Codec *c, bool *v);
/* A Card value, or CARD_NONE when none_ok. */
uint8_t codec_io_card(Codec *c, uint8_t *v, bool none_ok);
/* An int stored in `bytes` (1, 2 or 4) bytes as v - lo (so -1 is 0 when
 * lo is -1), within lo..hi. */
int codec_io_int(Codec *c, int *v, int lo, int hi, int bytes);
/* A text of at most max_bytes bytes (and max_chars characters; 0: no
 * character limit) into a field of max_bytes + 1; its length first (u16). */
size_t codec_io_text(Codec *c, char *s, size_t max_bytes, size_t max_chars, CodecText kind);
/* len raw bytes (already bounded by the caller). */
void codec_io_bytes(Codec *c, uint8_t *v, size_t len);

#endif
