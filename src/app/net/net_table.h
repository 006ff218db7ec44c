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
 * - Joining: net_table_join connects to "HOST:PORT[/TABLE]" or an invite
 *   "ceki://HOST:PORT/TABLE" (net_address_parse), with a token when
 *   coming back to a seat. Without TABLE it asks for the open tables
 *   (net_table_tables) and the caller picks one (net_table_pick), or
 *   creates one on a ceki-server (net_table_create_remote).
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
void net_table_destroy(NetTable *t);

void net_table_poll(NetTable *t, uint32_t now_ms);
NetTableState net_table_state(const NetTable *t);
/* Why it failed or why it is waiting (a translated sentence), "" if none. */
const char *net_table_error(const NetTable *t);
bool net_table_is_host(const NetTable *t);
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
/* Who sits where (borrowed; players 0 before any). */
const NetSeats *net_table_seats(const NetTable *t);
/* The rules of the table (borrowed; NULL before known). */
const NetTableRules *net_table_rules(const NetTable *t);
/* What to keep for a rejoin; false before a seat was taken. */
bool net_table_ticket(const NetTable *t, NetTicket *out);

/* Hosting: this machine's IPv4 addresses with the port ("a.b.c.d:port"),
 * loopback last; how many. And the invite for the first of them. */
int net_table_addresses(const NetTable *t, char out[][NET_ADDR_TEXT_MAX], int cap);
bool net_table_invite(const NetTable *t, char *buf, size_t size);
/* Hosting, before the start: an empty seat to a computer; start the match. */
bool net_table_seat_ai(NetTable *t, int seat, NetSeatKind kind);
bool net_table_start(NetTable *t);

/* Joining a server without a table: its open tables (borrowed, NULL until
 * they arrived), take one, or create one there with these rules. */
const NetTables *net_table_tables(const NetTable *t);
bool net_table_pick(NetTable *t, const char *table_id);
bool net_table_create_remote(NetTable *t, const NetTableRules *rules);

/* Chat: a line (at most NET_CHAT_MAX characters; the host limits the
 * rate) and the lines received since the last take, oldest first. */
bool net_table_say(NetTable *t, const char *line);
int net_table_take_chat(NetTable *t, NetChat *out, int cap);

#endif
