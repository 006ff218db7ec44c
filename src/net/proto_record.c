/* proto_record.c — a match's record cut into NET_MSG_RECORD chunks and put
 * together again (proto.h). */
#include "proto.h"

#include <stdlib.h>
#include <string.h>

#define UTF8_CONTINUATION_MASK 0xC0u
#define UTF8_CONTINUATION 0x80u

static bool record_is_continuation(char c)
{
    return ((unsigned char)c & UTF8_CONTINUATION_MASK) == UTF8_CONTINUATION;
}

size_t net_record_chunk(const char *text, size_t total, size_t offset, NetRecord *chunk)
{
    if (text == NULL || chunk == NULL || total == 0 || total > NET_RECORD_MAX || offset >= total)
        return 0;
    size_t len = total - offset;
    if (len > NET_RECORD_CHUNK) {
        len = NET_RECORD_CHUNK;
        /* Never end inside a character: back off to where one starts. */
        while (len > 0 && record_is_continuation(text[offset + len]))
            len--;
        if (len == 0)
            return 0;
    }
    chunk->total = (uint32_t)total;
    chunk->offset = (uint32_t)offset;
    chunk->len = (uint16_t)len;
    memcpy(chunk->text, text + offset, len);
    chunk->text[len] = '\0';
    return len;
}

static bool record_chunk_fits(const NetRecord *c)
{
    return c->total >= 1 && c->total <= NET_RECORD_MAX && c->len >= 1 &&
           c->len <= NET_RECORD_CHUNK && c->offset < c->total && c->len <= c->total - c->offset;
}

NetStatus net_record_join(NetRecordJoin *j, const NetRecord *chunk)
{
    if (j == NULL || chunk == NULL || !record_chunk_fits(chunk))
        return NET_ERR_RANGE;
    if (chunk->offset == 0) {
        char *text = malloc((size_t)chunk->total + 1);
        if (text == NULL)
            return NET_ERR_SPACE;
        free(j->text);
        j->text = text;
        j->total = chunk->total;
        j->have = 0;
    } else if (j->text == NULL || chunk->total != j->total || chunk->offset != j->have) {
        return NET_ERR_RANGE;
    }
    memcpy(j->text + j->have, chunk->text, chunk->len);
    j->have += chunk->len;
    j->text[j->have] = '\0';
    return NET_OK;
}

bool net_record_join_done(const NetRecordJoin *j)
{
    return j != NULL && j->text != NULL && j->total > 0 && j->have == j->total;
}

void net_record_join_free(NetRecordJoin *j)
{
    if (j == NULL)
        return;
    free(j->text);
    j->text = NULL;
    j->total = 0;
    j->have = 0;
}
