/* net_table.h — a table with friends on other machines, as the app sees it:
 * the app hosting one over ENet, or joining one (another app's,
 * or a ceki-server's). The table scene plays it through the SeatFeed it
 * holds, exactly as a game on this computer (feed_local.h).
 *
 * Contract
 * - Hosting: net_table_host runs the host (host.h) inside the app with a
 *   NetServer (net_transport.h) on a UDP port, creates one table of the
 *   given rules and seats the person at this computer in their seat as a
 *   connection without sockets (like feed_local). Friends join over the
 *   network; empty seats can be given to computers (net_table_seat_ai);
 *   net_table_start starts the match once every seat is filled. The host's
 *   journal lives in the store's folder, so a host that is closed or killed
 *   mid-match has its table back when it hosts again (net_table_resume).
 * - Private or open (NetHostOptions.open): a private table is listed
 *   nowhere and a new seat needs its key, which its invite carries
 *   (net_table_invite: "ceki://HOST:PORT/TABLE?key=KEY"); an open one is
 *   listed and joined without a key.
 * - Joining: net_table_join connects to "HOST:PORT[/TABLE[?key=KEY]]" or
 *   an invite "ceki://HOST:PORT/TABLE[?key=KEY]" (net_address_parse), with
 *   a token when coming back to a seat. Without TABLE it asks for the
 *   open tables (net_table_tables, asked again with net_table_list) and
 *   the caller picks one (net_table_pick).
 * - Making a table on a ceki-server: net_table_make_on connects to the
 *   server, creates the table of NetHostOptions there (the person's seat,
 *   NET_SEAT_LOCAL in the rules, is asked for as a network seat: a server
 *   has no screen) and takes that seat with the key the server made. The
 *   person is then the table's creator (net_table_is_creator), who gives
 *   empty seats to computers and starts the match, as a host does.
 * - Watching: net_table_watch joins "HOST:PORT[/TABLE[?key=KEY]]" (or an
 *   invite) as a spectator (NetJoin.watch), and net_table_pick_watch takes
 *   a listed table so; the host then sends what every seat sees (seat -1,
 *   GAME_SPECTATOR; net_table_watching), at a NET_WATCH_HANDS_LATE table
 *   each finished round's hands (seat_feed_hands), and its chat reaches
 *   the other spectators only until the match is over. A spectator holds
 *   no seat: no token, no ticket, no move; a dropped connection joins
 *   again as a spectator.
 * - A first connection that nothing answers gives up within
 *   NET_TABLE_NO_ANSWER_MS (net_table_wait_left_ms counts it down):
 *   NET_TABLE_FAILED with net_table_failure NET_TABLE_FAIL_NO_ANSWER and a
 *   sentence that says why that happens (a router that lets nobody in)
 *   and what to do. A rejoin with a token that no host seats (tried again
 *   meanwhile) fails in the same wait, in words naming the address (its
 *   host may have closed the table). Destroying the table stops the wait
 *   at any moment. Every refusal of the host's (a NetReason) is said in
 *   the person's language (net_table_reason_text); a private table joined
 *   without a key and one joined with a wrong key are told apart.
 * - A dropped connection is retried by itself with backoff for at least
 *   2 minutes (state NET_TABLE_RECONNECTING, or NET_TABLE_HOST_GONE when
 *   the host went away on purpose or cannot be reached), then rejoins with
 *   the seat's token: the feed gets the whole view again and play goes on.
 * - net_table_poll does all the work (ENet service, the host's ticks, the
 *   feed); the app calls it once per frame with a monotonic now_ms. Nothing
 *   blocks longer than a frame.
 * - The seat token, the address and the table id are what the store keeps
 *   to offer "Rejoin the table at HOST" on the next start (net_table_ticket).
 * - Owned by the app; net_table_destroy leaves the table (a friend leaving
 *   on purpose, NET_REASON_LEAVING; the host stopping, NET_REASON_SHUTDOWN) and
 *   frees everything (NULL-safe). No SDL; one thread.
 */
#ifndef CEKI_APP_NET_TABLE_H
#define CEKI_APP_NET_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "net_address.h"
#include "net_transport.h"
#include "proto.h"
#include "seat_feed.h"

#define NET_TABLE_ADDRESSES_MAX 8

typedef struct NetTable NetTable;

typedef enum NetTableState {
    NET_TABLE_CONNECTING = 0, /* the first connection is being made */
    NET_TABLE_CHOOSING,       /* joined a server without a table: pick or create one */
    NET_TABLE_WAITING,        /* seated; the match has not started (the waiting room) */
    NET_TABLE_PLAYING,        /* the match runs */
    NET_TABLE_RECONNECTING,   /* the connection dropped; trying again by itself */
    NET_TABLE_HOST_GONE,      /* the host left; waiting for it to come back */
    NET_TABLE_OVER,           /* the match ended (the record has arrived) */
    NET_TABLE_FAILED          /* given up: see net_table_error */
} NetTableState;

/* What the store keeps to rejoin after the app was closed or killed. */
typedef struct NetTicket {
    NetAddress address;
    char token[NET_TOKEN_LEN + 1];
    bool hosting; /* this app was the host: resume its own table */
} NetTicket;

/* Why a table failed (NET_TABLE_FAILED). */
typedef enum NetTableFailure {
    NET_TABLE_FAIL_NONE = 0,
    NET_TABLE_FAIL_NO_ANSWER, /* nothing answered the first connection in time */
    NET_TABLE_FAIL_REFUSED,   /* the host refused or closed it: net_table_refusal says why */
    NET_TABLE_FAIL_GAVE_UP,   /* seated once, then the host stayed out of reach for 10
                                 minutes: net_table_try_again goes on waiting */
    NET_TABLE_FAIL_OTHER      /* anything else (the sentence says it) */
} NetTableFailure;

#define NET_TABLE_NO_ANSWER_MS 12000u /* the longest wait for a first seat (a join or a rejoin) */

typedef struct NetHostOptions {
    NetTableRules rules;  /* seat_kind: NET_SEAT_LOCAL for the person, NET_SEAT_NET for a friend,
                             NET_SEAT_RANDOM/GREEDY/STRONG for a computer */
    uint16_t port;        /* 0: NET_DEFAULT_PORT */
    bool any_port;        /* the system chooses the port (tests): net_table_port */
    const char *bind;     /* NULL: every interface */
    const char *data_dir; /* the host's journal (the store's folder); NULL: nothing kept (tests) */
    uint32_t grace_ms;    /* 0: HOST_GRACE_MS_DEFAULT */
    uint32_t claim_ms;    /* a person's time to claim in Kowah; 0: HOST_CLAIM_MS_DEFAULT */
    char name[NET_NAME_MAX + 1]; /* the person's name */
    bool has_seed;               /* a fixed deal (tests, screenshots) */
    uint64_t seed;
    bool open; /* listed and joined without a key; false: private (the default) */
} NetHostOptions;

/* NULL with a sentence in err (port in use, rules the core refuses, ...). */
NetTable *net_table_host(const NetHostOptions *opt, char *err, size_t err_size);
/* The app's own table again, from the host's journal in data_dir (the
 * ticket's table); NULL with a sentence when it is not there. */
NetTable *net_table_resume(const NetHostOptions *opt, const NetTicket *t, char *err,
                           size_t err_size);
/* token NULL or "": a new seat. NULL with a sentence in err (bad address). */
NetTable *net_table_join(const NetAddress *a, const char *token, const char *name, char *err,
                         size_t err_size);
/* The same as a spectator (never a seat): NULL with a sentence. */
NetTable *net_table_watch(const NetAddress *a, const char *name, char *err, size_t err_size);
/* A table of opt's rules made on the ceki-server at `server` (its table
 * and key ignored; opt's port, bind and data_dir too), the person seated
 * in opt's NET_SEAT_LOCAL seat. NULL with a sentence (bad address, no
 * seat for the person). */
NetTable *net_table_make_on(const NetAddress *server, const NetHostOptions *opt, char *err,
                            size_t err_size);
void net_table_destroy(NetTable *t);

void net_table_poll(NetTable *t, uint32_t now_ms);
NetTableState net_table_state(const NetTable *t);
/* Why it failed or why it is waiting (a translated sentence), "" if none. */
const char *net_table_error(const NetTable *t);
/* What kind of failure (NET_TABLE_FAIL_NONE while it has not failed), and
 * for a refusal the host's reason (NET_REASON_NONE otherwise). */
NetTableFailure net_table_failure(const NetTable *t);
NetReason net_table_refusal(const NetTable *t);
/* After NET_TABLE_FAIL_GAVE_UP, trying to reach the host again as when it
 * was first lost (the person chose to wait on): false for any other state. */
bool net_table_try_again(NetTable *t);
/* Connecting for the first time: the milliseconds left before it gives
 * up for no answer; 0 otherwise. */
uint32_t net_table_wait_left_ms(const NetTable *t);
/* A host's reason in the person's words (translated); had_key: the join
 * carried a key (a private table's refusal then says the key is wrong,
 * not missing). */
const char *net_table_reason_text(NetReason why, bool had_key);
bool net_table_is_host(const NetTable *t);
/* The table's creator: the host, or the person who made it on a server. */
bool net_table_is_creator(const NetTable *t);
/* Private (a key is needed to join) or open; known once seated. */
bool net_table_is_private(const NetTable *t);
/* The server or host joined ("HOST:PORT"), or this machine's first
 * address when hosting. */
void net_table_where(const NetTable *t, char *buf, size_t size);
/* The port: the host's own, or the one joined. */
uint16_t net_table_port(const NetTable *t);

/* Stepwise (off by default): the feed is handed at most one move's update
 * (NET_MSG_UPDATE) beyond the move number the caller took in (said with
 * net_table_next_update, and when switching it on); what arrives meanwhile
 * waits here, in order, so a table that shows one move at a time sees
 * every one (a round's end included) however fast they come. An update
 * that did not move the feed on (its view being asked for again) holds
 * nothing back. */
void net_table_stepwise(NetTable *t, bool on);
void net_table_next_update(NetTable *t);

/* The person's seat feed (borrowed; NULL before the host welcomed it). */
SeatFeed *net_table_feed(NetTable *t);
/* The person's own seat; -1 before it was taken. */
int net_table_seat(const NetTable *t);
/* Who sits where (borrowed; players 0 before any). */
const NetSeats *net_table_seats(const NetTable *t);
/* The rules of the table (borrowed; NULL before known). */
const NetTableRules *net_table_rules(const NetTable *t);
/* The turn clock as the host last told it (with every VIEW, UPDATE and
 * SEATS, kept as it arrives; on false: the table has none), and in *told
 * (may be NULL) how many messages have told it, so a caller counts the
 * running seat down from the one that came last (borrowed; NULL for a
 * NULL table). */
const NetClockState *net_table_clock(const NetTable *t, long *told);
/* Hosting only (a screenshot of a clock running low): the host's clock
 * moves on ms at once, as if that time had passed (what it does when time
 * runs out it does), and the person's seat is sent its whole view again,
 * with the clock as it then stands. false when not hosting or not seated. */
bool net_table_skip_time(NetTable *t, uint32_t ms);
/* What to keep for a rejoin; false before a seat was taken. */
bool net_table_ticket(const NetTable *t, NetTicket *out);

/* Hosting: this machine's IPv4 addresses with the port ("a.b.c.d:port"),
 * loopback last; how many. And the invite: for a hosted table at the first
 * of them, for one joined at the address joined; a private table's with
 * its key. */
int net_table_addresses(const NetTable *t, char out[][NET_ADDR_TEXT_MAX], int cap);
bool net_table_invite(const NetTable *t, char *buf, size_t size);
/* The creator, before the start: an empty seat to a computer; start the match. */
bool net_table_seat_ai(NetTable *t, int seat, NetSeatKind kind);
/* While the match is played: on, the host's computer plays the person's
 * own seat (NET_STAND_IN_OWN, said in the seats) until they move again or
 * ask it off; false when it could not be asked. */
bool net_table_stand_in(NetTable *t, bool on);
bool net_table_start(NetTable *t);

/* Joining a server without a table: its open tables (borrowed, NULL until
 * they arrived), asked for again, or take one. */
const NetTables *net_table_tables(const NetTable *t);
bool net_table_list(NetTable *t);
bool net_table_pick(NetTable *t, const char *table_id);
/* Takes a listed table as a spectator (false as net_table_pick). */
bool net_table_pick_watch(NetTable *t, const char *table_id);
/* Welcomed as a spectator: seat -1, the view every seat sees, no moves. */
bool net_table_watching(const NetTable *t);

/* Chat: a line (at most NET_CHAT_MAX characters; the host limits the
 * rate) and the lines received since the last take, oldest first. */
bool net_table_say(NetTable *t, const char *line);
int net_table_take_chat(NetTable *t, NetChat *out, int cap);

#endif
