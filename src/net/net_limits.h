/* net_limits.h — the sizes every layer of network play checks, and what
 * reading or writing a message can end in.
 *
 * Contract
 * - Plain constants and one enum: no functions. proto.h (the messages),
 *   net_codec.h (the bytes under them) and their callers share them, so
 *   the codec needs nothing of the messages above it.
 */
#ifndef CEKI_NET_LIMITS_H
#define CEKI_NET_LIMITS_H

#define NET_MAX_PACKET 16384 /* the largest message either side accepts */
#define NET_NAME_MAX 32      /* bytes of a player's name, UTF-8, no NUL */
#define NET_NAME_CHARS 24    /* characters of a player's name */
#define NET_CHAT_MAX 200     /* characters of a chat line (bytes: 4x) */
#define NET_TOKEN_LEN 32     /* hex digits of a seat token */
#define NET_KEY_LEN 32       /* hex digits of a private table's key (128 bits) */
#define NET_TABLE_ID_MAX 16  /* characters of a table id ([A-Za-z0-9-]) */
#define NET_MAX_EVENTS 512   /* events in one update */
#define NET_MAX_TABLES_LISTED 64
#define NET_REASON_MAX 160                     /* bytes of a refusal's sentence */
#define NET_RECORD_MAX (1024u * 1024u)         /* bytes of a whole record text */
#define NET_RECORD_CHUNK (NET_MAX_PACKET - 64) /* bytes of record text in one message */
#define NET_CLAIM_MS_MAX 600000u               /* the longest claim window a host may give */
#define NET_CLOCK_MOVE_MIN_MS 1000u            /* the shortest time a move a clock gives */
#define NET_CLOCK_MOVE_MAX_MS 600000u          /* the longest */
#define NET_CLOCK_BANK_MAX_MS 3600000u         /* the largest bank a clock gives */
#define NET_CLOCK_STALLED 3 /* moves in a row the clock makes before a stand-in */
#define NET_MAX_WATCHERS 64 /* spectators at one table, at most */
#define NET_VIEW_ROUNDS 32  /* the latest rounds whose scores a whole view carries */

typedef enum NetStatus {
    NET_OK = 0,
    NET_ERR_SHORT, /* the bytes end before the message does */
    NET_ERR_LONG,  /* bytes left over after the message */
    NET_ERR_TYPE,  /* an unknown message type */
    NET_ERR_RANGE, /* a count, seat, card or enum out of range */
    NET_ERR_TEXT,  /* a text that is not UTF-8 or holds control characters */
    NET_ERR_SPACE  /* encode: the buffer is too small */
} NetStatus;

#endif
