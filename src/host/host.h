/* host.h — the authoritative host of network tables.
 *
 * Contract
 * - SDL-free and transport-free: the host speaks NetMsg (net/proto.h) with
 *   connections named by number. ceki-server feeds it what ENet receives
 *   and sends what it hands to the outbox; the app runs the same host in
 *   process, its local seats being connections without sockets. So every
 *   game goes through the same rules path.
 * - Many tables at once, each an independent match. The host alone holds
 *   each table's Game (seed, deck order); a seat receives only
 *   NET_MSG_WELCOME, NET_MSG_SEATS, NET_MSG_VIEW (its game_observe and its
 *   legal moves when it is to move), NET_MSG_UPDATE (the move's events
 *   through game_events_for_seat, its view's delta, its moves), NET_MSG_REFUSED,
 *   NET_MSG_CHAT, and after the match NET_MSG_RECORD: the record text in
 *   chunks, in order, each at most NET_RECORD_CHUNK bytes (proto.h), so a
 *   record of any variant up to NET_RECORD_MAX arrives whole. Nothing sent
 *   before the match is over carries the seed.
 * - A seat's move is checked by the core (game_apply); a move for another
 *   seat, out of turn, stale or illegal is refused with NET_MSG_REFUSED and
 *   changes nothing.
 * - The order of messages: joining, a seat gets NET_MSG_WELCOME, then its
 *   whole NET_MSG_VIEW, then everyone at the table NET_MSG_SEATS. When the
 *   match starts, every seated connection gets one NET_MSG_UPDATE with
 *   move_no 0 and move MOVE_NONE (card and target CARD_NONE): the deal's
 *   events (game_create's: a seating draw, a cut) as it sees them, an
 *   unchanged view's delta, and its moves when it is to move. After that,
 *   one NET_MSG_UPDATE per move applied.
 * - Seats: NetSeatKind. A person who joins gets a token; joining again
 *   with it gives back the same seat mid-round, with the whole view. While
 *   a person is away the seat waits `grace_ms` (NET_MSG_SEATS shows what is
 *   left), then the computer plays for them at the table's level until they
 *   are back, from their next turn.
 * - Every table is journalled in the host's SQLite store (data_dir) after
 *   every move; a host created again on the same data_dir has its tables
 *   back, tokens included. data_dir NULL: nothing is kept (tests).
 * - A move is told (NET_MSG_UPDATE) only once the journal holds it:
 *   host_tick writes every table changed since the last tick in one
 *   transaction (one fsync for all of them), then sends the updates of the
 *   moves it kept, so a host killed at any moment has told nobody a move
 *   it lost. A move's updates therefore go out at the host_tick after the
 *   host_received that made it (host_next_due is then 0).
 * - Kowah's claims: with HostOptions.claim_ms set, a person (not a computer,
 *   nor a stand-in) asked to claim or pass has claim_ms from the moment the
 *   seats are told: every seat's VIEW and UPDATE carry the window
 *   (NetClaimWindow: who, which card, what is left), and when it runs out
 *   host_tick passes for that seat: a MOVE_PASS applied, journalled and told
 *   like any move, so a host restarted replays it. A window opens afresh on
 *   a restored table. claim_ms 0 (play on one computer): no limit.
 * - Time comes only from the `now_ms` arguments (a monotonic clock in
 *   milliseconds), so tests drive it.
 * - No globals; one Host is used by one thread.
 */
#ifndef CEKI_HOST_H
#define CEKI_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define HOST_GRACE_MS_DEFAULT 60000u
#define HOST_CLAIM_MS_DEFAULT 10000u /* a person's time to claim at a network table */

typedef uint32_t HostConn; /* a connection, numbered by the transport (0 is never used) */

/* Where the host's messages go. send: reliable and ordered on the message's
 * channel (chat on NET_CHANNEL_CHAT, the rest on NET_CHANNEL_GAME). drop:
 * close the connection with a reason (the host forgets it at once). log: one
 * line per event, no newline (may be NULL). */
typedef struct HostOutbox {
    void *ctx;
    void (*send)(void *ctx, HostConn conn, const NetMsg *msg);
    void (*drop)(void *ctx, HostConn conn, NetDisconnectReason why);
    void (*log)(void *ctx, const char *line);
} HostOutbox;

typedef struct HostOptions {
    const char *data_dir; /* NULL: keep nothing */
    uint32_t grace_ms;    /* 0: HOST_GRACE_MS_DEFAULT */
    bool allow_seed;      /* NET_MSG_CREATE may fix the seed (tests) */
    int max_tables;       /* 0: no limit */
    uint32_t claim_ms;    /* a person's time to claim in Kowah (at most NET_CLAIM_MS_MAX);
                             0: no limit */
} HostOptions;

typedef struct Host Host;

/* NULL with a sentence in err when the store cannot be opened. */
Host *host_create(const HostOptions *opt, const HostOutbox *out, uint64_t now_ms, char *err,
                  size_t err_size);
void host_destroy(Host *h);

void host_connected(Host *h, HostConn conn, uint64_t now_ms);
/* A decoded message from conn. */
void host_received(Host *h, HostConn conn, const NetMsg *msg, uint64_t now_ms);
void host_disconnected(Host *h, HostConn conn, uint64_t now_ms);
/* Grace periods running out, computer seats' moves, the journal's writes
 * and the updates they release. Call often (every few ms of the loop, and
 * after each batch of received messages); cheap when nothing is due. */
void host_tick(Host *h, uint64_t now_ms);
/* The earliest now_ms at which host_tick has something to do (UINT64_MAX:
 * nothing until a message arrives). */
uint64_t host_next_due(const Host *h);

/* The record text (record.h) of table `table` as it stands, seed included:
 * for the host's own use (the app's saved game of a table on this
 * computer), never sent before the match is over. A buffer the caller
 * frees, its length in *len; NULL for an unknown table or when it cannot
 * be written. */
char *host_table_record(const Host *h, const char *table, size_t *len);

typedef struct HostCounts {
    int tables, tables_live, seats_connected;
    long moves, refused, resyncs;
} HostCounts;
void host_counts(const Host *h, HostCounts *out);

#endif
