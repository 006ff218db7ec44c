/* feed_local.h — a table on this computer: the host (host.h) running in
 * process, its seats connections without sockets (every game
 * played alone goes through the host).
 *
 * Contract
 * - local_table_create makes an in-process Host (nothing kept on disk, the
 *   seed fixed by the caller), creates one table of cfg whose every seat is
 *   a person at the host (NET_SEAT_LOCAL), and seats one SeatFeed per seat
 *   on it; the match has started when it returns. NULL with a sentence in
 *   err when the host refuses the table.
 * - The host's messages are queued as it sends them and handed to the
 *   feeds by local_table_pump, in order, outside the host's own calls (a
 *   feed may answer at once: a resync). A feed's messages reach the host
 *   at once, each followed by a tick of the host (which tells a move once
 *   it is kept). So after a feed sends a move, one pump delivers the
 *   host's whole answer to every seat.
 * - Owned by its creator; local_table_destroy frees the host and the feeds
 *   (NULL-safe). No SDL, no I/O; one thread.
 */
#ifndef CEKI_APP_FEED_LOCAL_H
#define CEKI_APP_FEED_LOCAL_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "host.h"
#include "seat_feed.h"

typedef struct LocalTable LocalTable;

LocalTable *local_table_create(const GameConfig *cfg, char *err, size_t err_size);
void local_table_destroy(LocalTable *lt);

/* Seat s's feed (borrowed), NULL out of range. */
SeatFeed *local_table_feed(LocalTable *lt, int seat);
int local_table_players(const LocalTable *lt);
/* Hands every queued message of the host to its feed; how many. */
int local_table_pump(LocalTable *lt);
/* What the host has done (moves applied, refusals, resyncs). */
void local_table_counts(const LocalTable *lt, HostCounts *out);
/* The table's record so far (record.h text, for the saved game): a buffer
 * the caller frees, NULL when it cannot be written. */
char *local_table_record(const LocalTable *lt, size_t *len);

#endif
