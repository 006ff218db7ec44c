/* seat_feed.h — one seat's side of a table: what the table needs from the
 * game for a seat it shows or plays, whichever host runs the rules
 * (in process or over the network: one table, two sources).
 *
 * Contract
 * - A SeatFeed is a client of a host (host.h) for one seat: it holds what
 *   the host sent that seat and nothing else: its view (an Observation),
 *   the events of each move as that seat saw them (queued, in order, until
 *   taken), its legal moves when it is to move, the move number and the
 *   view's hash, the seats' states (NetSeats) and, once the match is over,
 *   the match's record. It never holds a card the seat may not see.
 * - What reaches it comes in through seat_feed_receive (NetMsg from the
 *   host, in the host's order); what it sends goes out through the link
 *   it was made with. The link is the one thing a source provides: the
 *   in-process host (feed_local.h) hands NetMsg over directly, a network
 *   source would encode them over ENet. Everything else — applying an
 *   update's delta to the view, checking the hash, asking for the whole
 *   view again on a mismatch — is here, the same for every source.
 * - A move is sent with seat_feed_send_move, answering the move number
 *   the feed holds; the host's answer is an update (the move was made) or
 *   a refusal (seat_feed_take_refusal: the host's reason; nothing changed).
 * - Owned by its creator; seat_feed_destroy frees it (NULL-safe). No
 *   globals, no SDL, no I/O; one thread.
 */
#ifndef CEKI_APP_SEAT_FEED_H
#define CEKI_APP_SEAT_FEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "proto.h"

typedef struct SeatFeed SeatFeed;

/* How a feed's messages reach its host: send hands msg over (false when it
 * could not go). ctx and conn are the source's own. */
typedef struct SeatFeedLink {
    void *ctx;
    uint32_t conn;
    bool (*send)(void *ctx, uint32_t conn, const NetMsg *msg);
} SeatFeedLink;

/* NULL when out of memory. */
SeatFeed *seat_feed_create(const SeatFeedLink *link);
void seat_feed_destroy(SeatFeed *f);

/* A message from the host for this feed's connection. */
void seat_feed_receive(SeatFeed *f, const NetMsg *msg);
/* Sends any message (a create, a join) as this feed's connection. */
bool seat_feed_send(SeatFeed *f, const NetMsg *msg);

/* Whether the host welcomed this feed as a spectator (seat -1): its view
 * is GAME_SPECTATOR's, what every seat sees, and it never has moves. */
bool seat_feed_watching(const SeatFeed *f);
/* A spectator at a table that shows hands a round late: the hands of the
 * last finished round the host sent (NET_MSG_HANDS), NULL before any; in
 * *told (may be NULL) how many such messages came. */
const NetHands *seat_feed_hands(const SeatFeed *f, long *told);

/* The seat it holds (-1 before the host welcomed it), the table's id and
 * rules, this seat's computer seed (NetWelcome.ai_seed). */
int seat_feed_seat(const SeatFeed *f);
const char *seat_feed_table(const SeatFeed *f);
const NetTableRules *seat_feed_rules(const SeatFeed *f);
uint64_t seat_feed_ai_seed(const SeatFeed *f);
/* Whether the whole view has arrived (after that it is kept up to date). */
bool seat_feed_has_view(const SeatFeed *f);

/* The seat's view now, its move number and hash (borrowed; valid until
 * the next message). */
const Observation *seat_feed_view(const SeatFeed *f);
uint32_t seat_feed_move_no(const SeatFeed *f);
uint64_t seat_feed_hash(const SeatFeed *f);
/* The seat's legal moves when it is to move (count in *n, 0 otherwise). */
const Move *seat_feed_moves(const SeatFeed *f, int *n);
/* The last move the host applied, as the seat saw it (MOVE_NONE before). */
const Move *seat_feed_last_move(const SeatFeed *f);
/* Who sits where and whether they are here (players 0 before any). */
const NetSeats *seat_feed_seats(const SeatFeed *f);
/* Kowah's claim window as the host last told it (open false: none), and
 * in *told (may be NULL) how many views and updates have told it, so a
 * caller can time the window's countdown from the one that came last. */
const NetClaimWindow *seat_feed_claim(const SeatFeed *f, long *told);

/* Each round's scores as the last whole view told them (NetStandings:
 * rounds 0 before any; a seat that comes back mid-match learns the rounds
 * it missed here). */
const NetStandings *seat_feed_standings(const SeatFeed *f);
/* Asks the host for the seat's whole view again (it comes as a VIEW). */
bool seat_feed_ask_view(SeatFeed *f);
/* Sends the move for this feed's seat, answering its move number. */
bool seat_feed_send_move(SeatFeed *f, const Move *m);
/* A refusal the host sent since the last take: true once, with it in *out. */
bool seat_feed_take_refusal(SeatFeed *f, NetRefused *out);

/* Moves up to cap queued events into out (oldest first); how many. */
int seat_feed_take_events(SeatFeed *f, GameEvent *out, int cap);
int seat_feed_pending_events(const SeatFeed *f);
/* The updates received (each one move, the start's deal included). */
long seat_feed_updates(const SeatFeed *f);

/* The match's record text (record.h) once the host sent it, else NULL. */
const char *seat_feed_record(const SeatFeed *f, size_t *len);

/* Views asked for again because an update did not fit or its hash
 * disagreed. */
long seat_feed_resyncs(const SeatFeed *f);

#endif
