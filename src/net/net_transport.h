/* net_transport.h — a thin layer over ENet that carries NetMsg (proto.h).
 *
 * Contract
 * - ENet stays inside net_transport.c: no ENet type crosses this header.
 *   The server (ceki-server), the network bots (ceki-cli bot, load) and
 *   later the app speak NetMsg and connection numbers only.
 * - A connection is a NetConn, a uint32 the layer numbers itself; 0 is
 *   never a connection. A number is not reused while its connection lives.
 * - Server: bound to an IPv4 address (NULL: every interface) and a port
 *   (NET_DEFAULT_PORT by convention; 0 lets the system choose, read it back
 *   with net_server_port — tests do this). It holds at most max_peers
 *   connections; one more is turned away with NET_REASON_FULL. ENet's largest
 *   packet and its waiting data per peer are lowered to NET_MAX_PACKET and
 *   NET_TRANSPORT_MAX_WAITING, so a peer cannot make the server hold more.
 * - Every connection has NET_CHANNELS channels. The connect data is the
 *   protocol version (NET_PROTOCOL_VERSION); the server turns a different
 *   one away with NET_REASON_VERSION before it is ever reported as connected.
 * - Admission before a slot (server): ENet's intercept sees every CONNECT
 *   before ENet gives it a peer slot. A CONNECT sent again for a peer that
 *   has one goes on to ENet; a new one is refused when the server holds
 *   max_peers connections (NET_REASON_FULL), when a quarter of the slots
 *   are halfway through a handshake (NET_REASON_BUSY: what a flood of
 *   forged CONNECTs would fill, since their senders never answer), or when
 *   `admit` says so. A refusal costs no slot: the server answers with one
 *   datagram no larger than the CONNECT (a magic number, the CONNECT's own
 *   connectID, the reason), which the client's intercept takes only for a
 *   peer of its own that is connecting with that connectID, and poll
 *   reports as that connection's disconnect with the reason. An address is
 *   told at most 10 refusals a second; past them its CONNECTs are dropped
 *   unanswered at the cost of one lookup (a client tries again; a flood
 *   costs the server next to nothing). The server's
 *   poll reports each refusal as NET_EVENT_TURNED_AWAY (up to
 *   NET_AWAY_QUEUE between two polls; all are counted in NetStats).
 *   max_per_address is ENet's own duplicatePeers: a hard cap on the peers
 *   of one address, refused by ENet without a word.
 * - poll waits up to timeout_ms for one event and reports it:
 *   connect, message (already decoded into the caller's NetMsg), or
 *   disconnect (with the reason the peer gave, or NET_REASON_NONE when it
 *   timed out). Bytes that do not decode are answered by the layer: it
 *   disconnects that peer with NET_REASON_GARBAGE and reports one disconnect
 *   event with by_us set and the decoder's verdict in status. A connection
 *   reported as connected is reported as disconnected exactly once, unless
 *   the caller closed it itself (drop / disconnect): then it is forgotten at
 *   once and nothing more is reported of it.
 * - send encodes a NetMsg and queues it: chat on NET_CHANNEL_CHAT,
 *   reliable; ping and pong on NET_CHANNEL_GAME, unreliable; everything
 *   else on NET_CHANNEL_GAME, reliable and ordered. It returns false (and
 *   sends nothing) when the connection is unknown or the message does not
 *   encode. Queued messages leave at the next poll or flush.
 * - send_raw sends bytes as they are (tests that send garbage, oversized
 *   or truncated messages); max_packet in the client's options lets a test
 *   client send more than NET_MAX_PACKET, which the server must refuse.
 * - Client: a NetClient holds up to max_conns outgoing connections on one
 *   socket (a bot uses one; ceki-cli load many), sent from the address
 *   `bind` when given (tests play from several addresses of 127.0.0.0/8),
 *   the port the system's choice. connect takes "HOST:PORT",
 *   HOST an IPv4 address or a name that resolves to one; it returns the new
 *   connection at once and poll reports NET_EVENT_CONNECT when the server
 *   accepted it, or NET_EVENT_DISCONNECT when it could not be reached.
 * - Data reported by poll (NetEvent.data) stays valid until the next poll
 *   or destroy of the same server or client.
 * - Pings and timeouts: ENet pings a peer it has heard nothing from for
 *   ping_ms (NET_PEER_PING_MS, ENet's own 500, unless set_ping says
 *   otherwise). A reliable command (a ping is one) not acknowledged within
 *   its retransmission time (the round trip plus four times its variance,
 *   doubled at each resend) is sent again. The peer is gone when the
 *   oldest unacknowledged command was sent max_ms ago, or when a command's
 *   latest send timed out after n sends with 2^(n - 1) >=
 *   NET_PEER_TIMEOUT_LIMIT (16: five sends) and the oldest was sent at
 *   least min_ms ago (enet_peer_timeout(peer, limit, minimum, maximum),
 *   ENet 1.3's protocol.c). The options' timeout_ms is both (a fixed time:
 *   ceki-cli's bots); set_timeouts gives the two. So a peer that falls
 *   silent is noticed after ping_ms plus the later of min_ms and 31
 *   retransmission times (1 + 2 + 4 + 8 + 16), never later than ping_ms +
 *   max_ms; a live link that loses packets keeps its peer as long as one
 *   of those five sends (or a later one, until min_ms) gets through.
 *   The tables (the app's host and joiner, ceki-server) use
 *   NET_PEER_TIMEOUT_MIN_MS and NET_PEER_TIMEOUT_MAX_MS. Measured over
 *   127.0.0.1 (tests/app/test_net_table.c), a friend whose program stops
 *   answering was seen away after 10.7 s with the earlier fixed 10 s, and
 *   now after about 3 s (reckoned, not measured: over a link of 100 ms
 *   round trips some 3.5 to 5 s). Every ping costs two datagrams, which
 *   with thousands of peers is more than the game's own traffic: a server
 *   of many peers pings less often.
 * - Each socket asks the system for NET_SOCKET_BUFFER bytes of receive and
 *   send buffer (the system may give less: net.core.rmem_max), so a burst
 *   to thousands of peers at once is queued rather than dropped.
 * - No globals: every create calls enet_initialize, which keeps no state
 *   on POSIX systems. One server or client is used by one thread.
 */
#ifndef CEKI_NET_TRANSPORT_H
#define CEKI_NET_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto.h"

#define NET_TRANSPORT_MAX_WAITING (4u * NET_MAX_PACKET) /* bytes a peer may have us hold */
#define NET_TRANSPORT_MAX_PEERS 4000                    /* ENet numbers peers in 12 bits */
#define NET_SOCKET_BUFFER (4u * 1024u * 1024u)          /* bytes asked for each socket's buffers */
#define NET_ADDR_TEXT_MAX 48 /* "255.255.255.255:65535" and a NUL, with room */
#define NET_AWAY_QUEUE 64    /* peers turned away before a slot, kept to be reported */

/* How soon a silent peer is gone (see "Pings and timeouts" above). */
#define NET_PEER_PING_MS 500u         /* ping a peer heard nothing from this long */
#define NET_PEER_TIMEOUT_LIMIT 16u    /* ENet's timeoutLimit: five sends, 31 retransmission times */
#define NET_PEER_TIMEOUT_MIN_MS 2500u /* ... and at least this long since the first */
#define NET_PEER_TIMEOUT_MAX_MS 30000u /* gone however it is resent after this (ENet's default) */

typedef uint32_t NetConn; /* 0 is never a connection */

typedef struct NetServer NetServer;
typedef struct NetClient NetClient;

typedef enum NetEventKind {
    NET_EVENT_NONE = 0,   /* poll: nothing happened before the timeout */
    NET_EVENT_CONNECT,    /* conn is new (server: a peer of our version; client: accepted) */
    NET_EVENT_MESSAGE,    /* the caller's NetMsg holds what conn sent */
    NET_EVENT_DISCONNECT, /* conn is gone, see reason, by_us and status */
    NET_EVENT_TURNED_AWAY /* server: a peer refused before it was a connection (reason) */
} NetEventKind;

typedef struct NetEvent {
    NetEventKind kind;
    NetConn conn;        /* 0 for NET_EVENT_TURNED_AWAY */
    NetReason reason;    /* DISCONNECT, TURNED_AWAY */
    bool by_us;          /* DISCONNECT: the layer closed it (garbage) */
    NetStatus status;    /* DISCONNECT by garbage: why the bytes were refused */
    uint8_t channel;     /* MESSAGE, garbage: the channel it came on */
    const uint8_t *data; /* MESSAGE, garbage: the bytes received */
    size_t len;
    char peer[NET_ADDR_TEXT_MAX]; /* the peer's "a.b.c.d:port" */
    uint32_t addr;                /* the peer's IPv4 address, host byte order (127.0.0.1 is
                                     0x7f000001); 0 when there is no peer */
} NetEvent;

/* Whether a new peer from addr (IPv4, host byte order) may have a slot:
 * NET_REASON_NONE, or the reason it is turned away with. */
typedef NetReason (*NetAdmitFn)(void *ctx, uint32_t addr);

typedef struct NetServerOptions {
    const char *bind;    /* IPv4 address to bind; NULL: 0.0.0.0 */
    uint16_t port;       /* 0: the system chooses (net_server_port) */
    int max_peers;       /* connections held at once, 1..NET_TRANSPORT_MAX_PEERS */
    uint32_t timeout_ms; /* a silent peer is gone after this (set_timeouts: two times);
                            0: ENet's defaults (5 s at least, 30 s at most) */
    NetAdmitFn admit;    /* asked before a new peer gets a slot; NULL: everyone */
    void *admit_ctx;
    int max_per_address; /* peers from one IPv4 address at most (ENet's duplicatePeers);
                            0: no cap */
} NetServerOptions;

typedef struct NetClientOptions {
    int max_conns;       /* connections at once, 1..NET_TRANSPORT_MAX_PEERS */
    uint32_t version;    /* connect data; 0: NET_PROTOCOL_VERSION (tests send others) */
    size_t max_packet;   /* largest packet sent or received; 0: NET_MAX_PACKET */
    uint32_t timeout_ms; /* as the server's */
    const char *bind;    /* the local IPv4 address to send from; NULL: the system's choice */
} NetClientOptions;

/* What went through a server or client since it was created: messages and
 * their payload bytes (the encoded NetMsg, not ENet's headers). */
typedef struct NetStats {
    uint64_t sent_msgs;
    uint64_t sent_bytes;
    uint64_t recv_msgs;
    uint64_t recv_bytes;
    uint64_t garbage;     /* peers dropped with NET_REASON_GARBAGE */
    uint64_t turned_away; /* CONNECTs refused before a slot */
} NetStats;

/* NULL with a sentence in err (bad address, port in use, bad options). */
NetServer *net_server_create(const NetServerOptions *opt, char *err, size_t err_size);
/* Disconnects every connection with NET_REASON_SHUTDOWN, flushes, frees. */
void net_server_destroy(NetServer *s);
uint16_t net_server_port(const NetServer *s);
/* true with *ev (and *msg for a message) filled when an event came within
 * timeout_ms; false and ev->kind NET_EVENT_NONE otherwise. */
bool net_server_poll(NetServer *s, uint32_t timeout_ms, NetEvent *ev, NetMsg *msg);
bool net_server_send(NetServer *s, NetConn conn, const NetMsg *msg);
bool net_server_send_raw(NetServer *s, NetConn conn, uint8_t channel, const void *bytes, size_t len,
                         bool reliable);
/* Close conn with a reason; it is forgotten at once (no event follows). */
void net_server_drop(NetServer *s, NetConn conn, NetReason why);
void net_server_flush(NetServer *s);
/* Ping a connection heard nothing from for ping_ms (> 0), from now on and
 * for every connection after. */
void net_server_set_ping(NetServer *s, uint32_t ping_ms);
/* A silent peer is gone once ENet's resends are spent and min_ms has
 * passed, or after max_ms however it is resent (> 0, min_ms <= max_ms);
 * from now on and for every connection after. */
void net_server_set_timeouts(NetServer *s, uint32_t min_ms, uint32_t max_ms);
int net_server_count(const NetServer *s); /* connections held now */
NetStats net_server_stats(const NetServer *s);

NetClient *net_client_create(const NetClientOptions *opt, char *err, size_t err_size);
/* Disconnects every connection with NET_REASON_LEAVING, flushes, frees. */
void net_client_destroy(NetClient *c);
/* A new connection to "HOST:PORT" (being made: see poll), or 0 with a
 * sentence in err (a malformed address, a name that does not resolve, no
 * free connection). */
NetConn net_client_connect(NetClient *c, const char *host_port, char *err, size_t err_size);
bool net_client_poll(NetClient *c, uint32_t timeout_ms, NetEvent *ev, NetMsg *msg);
bool net_client_send(NetClient *c, NetConn conn, const NetMsg *msg);
bool net_client_send_raw(NetClient *c, NetConn conn, uint8_t channel, const void *bytes, size_t len,
                         bool reliable);
/* Close conn with a reason (NET_REASON_LEAVING usually); forgotten at once. */
void net_client_disconnect(NetClient *c, NetConn conn, NetReason why);
/* true once poll reported conn's NET_EVENT_CONNECT and until it is gone. */
bool net_client_connected(const NetClient *c, NetConn conn);
void net_client_flush(NetClient *c);
void net_client_set_ping(NetClient *c, uint32_t ping_ms); /* as net_server_set_ping */
void net_client_set_timeouts(NetClient *c, uint32_t min_ms, uint32_t max_ms); /* as the server's */
NetStats net_client_stats(const NetClient *c);

#endif
