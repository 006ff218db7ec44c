/* discovery.h — tables announced on the local network.
 *
 * Contract
 * - A host that waits for friends opens an announcer on DISCOVERY_PORT
 *   (NET_DEFAULT_PORT + 1, a UDP port apart from the game's) and tells it
 *   what to say: its game port, table id, game, seats and free seats, and
 *   the host person's name. It answers each query datagram it reads with
 *   one answer datagram sent back to the asker. It never sends unasked.
 * - A joiner opens a scanner, asks (a broadcast to 255.255.255.255 by
 *   default, or one address: tests ask 127.0.0.1 only) and reads the
 *   answers as they come; each table (where it answered from, its port and
 *   id) is listed once, the newest answer kept, at most DISCOVERY_MAX_FOUND.
 * - Datagrams are small binary messages with a magic and a version
 *   (discovery_encode_*, discovery_decode_answer); a datagram that does not
 *   decode (wrong magic, version, length, a count out of range, a name that
 *   is not UTF-8 or holds control characters) is ignored and changes
 *   nothing. Decoding reads only the bytes given and allocates nothing.
 * - Both sides use non-blocking POSIX sockets; every poll reads at most
 *   DISCOVERY_READS_PER_POLL datagrams, so nothing waits longer than a
 *   frame. IPv4 only. No SDL; one thread; NULL-safe close.
 */
#ifndef CEKI_APP_DISCOVERY_H
#define CEKI_APP_DISCOVERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define DISCOVERY_PORT (NET_DEFAULT_PORT + 1)
#define DISCOVERY_MAX_FOUND 16
#define DISCOVERY_READS_PER_POLL 32
#define DISCOVERY_DATAGRAM_MAX 128 /* bytes of the largest datagram either side sends */
#define DISCOVERY_HOST_MAX 16      /* "255.255.255.255" and a NUL */
#define DISCOVERY_VERSION 1u

/* One table as an announcer describes it. `host` is filled by the scanner
 * from the address the answer came from (the announcer leaves it empty). */
typedef struct DiscoveryTable {
    char host[DISCOVERY_HOST_MAX];
    uint16_t port; /* the table's game port */
    char table[NET_TABLE_ID_MAX + 1];
    uint8_t variant; /* VariantId */
    uint8_t players;
    uint8_t free_seats;
    char name[NET_NAME_MAX + 1]; /* the host person's name */
} DiscoveryTable;

/* The query's bytes into buf: how many (0 when cap is too small). */
size_t discovery_encode_query(uint8_t *buf, size_t cap);
bool discovery_is_query(const uint8_t *buf, size_t len);
/* An answer's bytes (host not sent): how many, 0 when it does not fit or
 * the table is not well formed. */
size_t discovery_encode_answer(const DiscoveryTable *t, uint8_t *buf, size_t cap);
/* true with *out filled (host left empty) when the bytes are a whole,
 * well-formed answer; false and *out untouched otherwise. */
bool discovery_decode_answer(const uint8_t *buf, size_t len, DiscoveryTable *out);

typedef struct DiscoveryAnnouncer DiscoveryAnnouncer;

/* Listens on bind (NULL: every interface) at port (0: the system chooses,
 * read it back with discovery_announcer_port). NULL with a sentence in err
 * (the port is taken, no socket). */
DiscoveryAnnouncer *discovery_announcer_open(const char *bind, uint16_t port, char *err,
                                             size_t err_size);
uint16_t discovery_announcer_port(const DiscoveryAnnouncer *a);
/* What to answer from now on; false (and nothing changes) when t is not
 * well formed. Until it is set, queries are read and not answered. */
bool discovery_announcer_set(DiscoveryAnnouncer *a, const DiscoveryTable *t);
/* Reads waiting queries and answers them: how many were answered. */
int discovery_announcer_poll(DiscoveryAnnouncer *a);
void discovery_announcer_close(DiscoveryAnnouncer *a);

typedef struct DiscoveryScanner DiscoveryScanner;

DiscoveryScanner *discovery_scanner_open(char *err, size_t err_size);
/* Sends one query to dest ("a.b.c.d"; NULL: the broadcast address) at
 * port (0: DISCOVERY_PORT). false when it could not be sent. */
bool discovery_scanner_ask(DiscoveryScanner *s, const char *dest, uint16_t port);
/* Reads waiting answers: how many tables are new or changed. */
int discovery_scanner_poll(DiscoveryScanner *s);
/* The tables found so far (borrowed until the next poll or close). */
int discovery_scanner_found(const DiscoveryScanner *s, const DiscoveryTable **out);
/* Forgets what was found (before asking again). */
void discovery_scanner_forget(DiscoveryScanner *s);
void discovery_scanner_close(DiscoveryScanner *s);

#endif
