/* net_transport.c — NetMsg over ENet (see net_transport.h).
 *
 * A server and a client share one engine, NetEnd: an ENet host, a table
 * of connection numbers by ENet peer slot, and the packet last reported
 * (kept until the next poll so NetEvent.data stays valid). A connection's
 * number is (serial << NET_SLOT_BITS) | slot, serial counting from 1, so
 * it is never 0 and finding its peer costs one lookup.
 *
 * Oversized packets: ENet refuses the fragments of a packet over
 * maximumPacketSize without a word, and the sender would stall until its
 * timeout. So the server looks at each datagram first (ENetHost.intercept,
 * net_intercept): a SEND_FRAGMENT whose totalLength is over the limit,
 * from a peer whose address and session match, marks that peer's slot
 * (every server peer's `data` is its NetEnd), and the next poll drops it
 * with NET_REASON_GARBAGE, as a message that does not decode would be.
 *
 * Stale datagrams (client): while a peer is connecting, ENet does not check
 * the session of what arrives for it, so a datagram meant for the slot's
 * previous connection (a server's retransmitted DISCONNECT, reason and
 * all, to a slot reused at once or to a port the system gave out again)
 * was taken for the new connection's, which then died with the old one's
 * reason. The client's intercept (net_client_intercept) lets through to a
 * connecting peer only a datagram holding the VERIFY_CONNECT of its own
 * connectID.
 */
#define _POSIX_C_SOURCE 200809L

#include "net_transport.h"

#include <enet/enet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NET_SLOT_BITS 12u
#define NET_SLOT_MASK ((1u << NET_SLOT_BITS) - 1u)
#define NET_SERIAL_MAX ((UINT32_MAX >> NET_SLOT_BITS))
#define NET_SPARE_PEERS 16    /* slots beyond max_peers, to turn the extra peer away politely */
#define NET_HANDSHAKE_SHARE 4 /* at most a quarter of the slots halfway through a handshake */
/* The refusal of a CONNECT before a slot is given (net_refuse): ENet's
 * header for no peer, a magic number whose first byte is no ENet command,
 * the connect's own connectID and the reason, big-endian. */
#define NET_REFUSAL_MAGIC 0xC0E14B1Fu
#define NET_REFUSAL_BYTES 14
/* An address is told at most this many refusals a second; past them its
 * CONNECTs are dropped unanswered, at the cost of one lookup (a flood
 * costs the server nothing more). Kept by hash in NET_REFUSED_SLOTS. */
#define NET_REFUSALS_PER_S 10u
#define NET_REFUSED_SLOTS 1024u
#define NET_ADDR_HASH 2654435761u
#define NET_HOST_TEXT_MAX 256
#define NET_PORT_MAX 65535ul
#define NET_MS_PER_S 1000u
#define NET_NS_PER_MS 1000000u
/* The most commands one datagram can hold (each at least a header long). */
#define NET_DATAGRAM_COMMANDS_MAX (ENET_PROTOCOL_MAXIMUM_MTU / sizeof(ENetProtocolCommandHeader))

typedef struct NetEnd {
    ENetHost *host;
    bool server;
    uint32_t version;
    uint32_t timeout_ms;     /* ENet's timeoutMinimum (0: its defaults) */
    uint32_t timeout_max_ms; /* ... and timeoutMaximum */
    uint32_t ping_ms;        /* 0: ENet's default */
    int max_live;            /* connections allowed at once */
    int live;                /* connections known now */
    uint32_t serial;
    NetConn *conn;   /* by ENet peer slot: the connection there, 0 if none */
    bool *connected; /* by slot: CONNECT reported */
    uint8_t *mark;   /* by slot: a NetReason to close it with at the next poll (server: it
                        sent a packet over the limit; client: the server refused it) */
    int nmarked;     /* slots marked */
    NetAdmitFn admit;
    void *admit_ctx;
    struct {
        uint32_t addr, second, count;
    } refused[NET_REFUSED_SLOTS];   /* refusals told lately, by address (a hash, collisions
                                       forget) */
    NetReason away[NET_AWAY_QUEUE]; /* turned away before a slot, not yet reported */
    ENetAddress away_addr[NET_AWAY_QUEUE];
    int naway;
    ENetPacket *held;
    NetStats stats;
    uint8_t buf[NET_MAX_PACKET];
} NetEnd;

struct NetServer {
    NetEnd end;
};

struct NetClient {
    NetEnd end;
};

static void net_set_err(char *err, size_t err_size, const char *text)
{
    if (err && err_size > 0)
        snprintf(err, err_size, "%s", text);
}

static uint64_t net_now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * NET_MS_PER_S + (uint64_t)ts.tv_nsec / NET_NS_PER_MS;
}

static bool net_end_init(NetEnd *e, const ENetAddress *addr, int slots, size_t max_packet,
                         char *err, size_t err_size)
{
    if (enet_initialize() != 0) {
        net_set_err(err, err_size, "ENet could not be initialised");
        return false;
    }
    e->conn = calloc((size_t)slots, sizeof *e->conn);
    e->connected = calloc((size_t)slots, sizeof *e->connected);
    e->mark = calloc((size_t)slots, sizeof *e->mark);
    if (!e->conn || !e->connected || !e->mark) {
        net_set_err(err, err_size, "out of memory");
        return false;
    }
    e->host = enet_host_create(addr, (size_t)slots, NET_CHANNELS, 0, 0);
    if (!e->host) {
        net_set_err(err, err_size,
                    addr ? "cannot bind that address and port (in use, or not this machine's)"
                         : "cannot open a UDP socket");
        return false;
    }
    e->host->maximumPacketSize = max_packet;
    enet_socket_set_option(e->host->socket, ENET_SOCKOPT_RCVBUF, (int)NET_SOCKET_BUFFER);
    enet_socket_set_option(e->host->socket, ENET_SOCKOPT_SNDBUF, (int)NET_SOCKET_BUFFER);
    e->serial = 1;
    return true;
}

/* What an end is made with: all a server and a client differ in at their
 * making. */
typedef struct NetEndSetup {
    bool server;
    const ENetAddress *addr; /* NULL: a client's socket, bound by the system to any address */
    int slots;               /* ENet peer slots */
    size_t max_packet;
    uint32_t version;
    uint32_t timeout_ms;
    int max_live;
    NetReason bye; /* what closing the end tells its peers */
} NetEndSetup;

static void net_end_release(NetEnd *e)
{
    if (e->held) {
        enet_packet_destroy(e->held);
        e->held = NULL;
    }
}

static void net_end_close(NetEnd *e, NetReason why)
{
    net_end_release(e);
    if (e->host) {
        for (size_t i = 0; i < e->host->peerCount; i++) {
            ENetPeer *p = &e->host->peers[i];
            if (p->state != ENET_PEER_STATE_DISCONNECTED)
                enet_peer_disconnect_now(p, (enet_uint32)why);
        }
        enet_host_flush(e->host);
        enet_host_destroy(e->host);
    }
    free(e->conn);
    free(e->connected);
    free(e->mark);
}

/* A new end at the start of a zeroed block of `size` bytes (a NetServer
 * and a NetClient are each an end and nothing more), or NULL with a
 * sentence in err and nothing left open. */
static void *net_end_new(size_t size, const NetEndSetup *set, char *err, size_t err_size)
{
    NetEnd *e = calloc(1, size);
    if (!e) {
        net_set_err(err, err_size, "out of memory");
        return NULL;
    }
    e->server = set->server;
    e->version = set->version;
    e->timeout_ms = set->timeout_ms;
    e->timeout_max_ms = set->timeout_ms;
    e->max_live = set->max_live;
    if (!net_end_init(e, set->addr, set->slots, set->max_packet, err, err_size)) {
        net_end_close(e, set->bye);
        free(e);
        return NULL;
    }
    return e;
}

/* Closes the end and frees the block net_end_new made (it starts there). */
static void net_end_free(NetEnd *e, NetReason why)
{
    if (!e)
        return;
    net_end_close(e, why);
    free(e);
}

static size_t net_slot_of(const NetEnd *e, const ENetPeer *p)
{
    return (size_t)(p - e->host->peers);
}

static NetConn net_end_number(NetEnd *e, size_t slot)
{
    NetConn c = (e->serial << NET_SLOT_BITS) | (uint32_t)slot;
    e->serial = e->serial >= NET_SERIAL_MAX ? 1 : e->serial + 1;
    e->conn[slot] = c;
    e->connected[slot] = false;
    e->live++;
    return c;
}

static void net_end_forget(NetEnd *e, size_t slot)
{
    if (e->conn[slot] != 0)
        e->live--;
    e->conn[slot] = 0;
    e->connected[slot] = false;
}

static ENetPeer *net_end_peer(const NetEnd *e, NetConn conn)
{
    size_t slot = conn & NET_SLOT_MASK;
    if (conn == 0 || slot >= e->host->peerCount || e->conn[slot] != conn)
        return NULL;
    return &e->host->peers[slot];
}

static void net_peer_text(const ENetPeer *p, char *out, size_t size)
{
    char ip[NET_ADDR_TEXT_MAX - 8] = ""; /* room left for ":65535" */
    if (enet_address_get_host_ip(&p->address, ip, sizeof ip) != 0)
        snprintf(ip, sizeof ip, "?");
    snprintf(out, size, "%s:%u", ip, (unsigned)p->address.port);
}

static NetReason net_reason_of(enet_uint32 data)
{
    return data < (enet_uint32)NET_REASON_COUNT ? (NetReason)data : NET_REASON_NONE;
}

static void net_apply_peer_options(const NetEnd *e, ENetPeer *p)
{
    if (e->timeout_ms > 0)
        enet_peer_timeout(p, NET_PEER_TIMEOUT_LIMIT, e->timeout_ms, e->timeout_max_ms);
    if (e->ping_ms > 0)
        enet_peer_ping_interval(p, e->ping_ms);
}

/* A peer connected. The server checks its version and its room. */
static bool net_on_connect(NetEnd *e, const ENetEvent *in, NetEvent *ev)
{
    size_t slot = net_slot_of(e, in->peer);
    if (!e->server) {
        if (e->conn[slot] == 0)
            return false; /* we gave it up before it answered */
        e->connected[slot] = true;
        ev->kind = NET_EVENT_CONNECT;
        ev->conn = e->conn[slot];
        return true;
    }
    NetReason refuse = NET_REASON_NONE;
    if (in->data != e->version)
        refuse = NET_REASON_VERSION;
    else if (e->live >= e->max_live)
        refuse = NET_REASON_FULL;
    if (refuse != NET_REASON_NONE) {
        enet_peer_disconnect_later(in->peer, (enet_uint32)refuse);
        ev->kind = NET_EVENT_TURNED_AWAY;
        ev->reason = refuse;
        return true;
    }
    net_apply_peer_options(e, in->peer);
    ev->kind = NET_EVENT_CONNECT;
    ev->conn = net_end_number(e, slot);
    e->connected[slot] = true;
    return true;
}

static bool net_on_receive(NetEnd *e, const ENetEvent *in, NetEvent *ev, NetMsg *msg)
{
    size_t slot = net_slot_of(e, in->peer);
    if (e->conn[slot] == 0 || !e->connected[slot]) {
        enet_packet_destroy(in->packet);
        return false; /* a peer we closed: what it still sends is not read */
    }
    e->held = in->packet;
    ev->conn = e->conn[slot];
    ev->channel = in->channelID;
    ev->data = in->packet->data;
    ev->len = in->packet->dataLength;
    e->stats.recv_msgs++;
    e->stats.recv_bytes += ev->len;
    NetStatus st = net_decode(ev->data, ev->len, msg);
    if (st == NET_OK) {
        ev->kind = NET_EVENT_MESSAGE;
        return true;
    }
    enet_peer_disconnect_later(in->peer, (enet_uint32)NET_REASON_GARBAGE);
    net_end_forget(e, slot);
    e->stats.garbage++;
    ev->kind = NET_EVENT_DISCONNECT;
    ev->reason = NET_REASON_GARBAGE;
    ev->by_us = true;
    ev->status = st;
    return true;
}

static bool net_on_disconnect(NetEnd *e, const ENetEvent *in, NetEvent *ev)
{
    size_t slot = net_slot_of(e, in->peer);
    if (e->conn[slot] == 0)
        return false; /* closed by us, or turned away: already forgotten */
    ev->kind = NET_EVENT_DISCONNECT;
    ev->conn = e->conn[slot];
    ev->reason = net_reason_of(in->data);
    net_end_forget(e, slot);
    return true;
}

/* ---- oversized packets (server) ---- */

/* The peer a received datagram comes from, as ENet would find it, and
 * where its commands start; NULL when ENet would not take it from a peer. */
static ENetPeer *net_datagram_peer(const ENetHost *host, size_t *pos)
{
    const uint8_t *d = host->receivedData;
    size_t len = host->receivedDataLength;
    if (d == NULL || len < sizeof(enet_uint16))
        return NULL;
    enet_uint16 word = (enet_uint16)((d[0] << 8) | d[1]);
    enet_uint16 flags = word & ENET_PROTOCOL_HEADER_FLAG_MASK;
    enet_uint8 session = (enet_uint8)((word & ENET_PROTOCOL_HEADER_SESSION_MASK) >>
                                      ENET_PROTOCOL_HEADER_SESSION_SHIFT);
    size_t id = word & ~(ENET_PROTOCOL_HEADER_FLAG_MASK | ENET_PROTOCOL_HEADER_SESSION_MASK);
    *pos = (flags & ENET_PROTOCOL_HEADER_FLAG_SENT_TIME) ? sizeof(ENetProtocolHeader)
                                                         : sizeof(enet_uint16);
    if ((flags & ENET_PROTOCOL_HEADER_FLAG_COMPRESSED) || host->checksum != NULL ||
        id >= host->peerCount || *pos > len)
        return NULL;
    ENetPeer *p = &host->peers[id];
    if (p->state == ENET_PEER_STATE_DISCONNECTED || p->state == ENET_PEER_STATE_ZOMBIE ||
        p->address.host != host->receivedAddress.host ||
        p->address.port != host->receivedAddress.port)
        return NULL;
    if (p->outgoingPeerID < ENET_PROTOCOL_MAXIMUM_PEER_ID && session != p->incomingSessionID)
        return NULL;
    return p;
}

/* Whether the datagram's commands from `pos` hold a fragment of a packet
 * longer than the host takes. */
static bool net_datagram_oversized(const ENetHost *host, size_t pos)
{
    const uint8_t *d = host->receivedData;
    size_t len = host->receivedDataLength;
    for (size_t n = 0;
         n < NET_DATAGRAM_COMMANDS_MAX && pos + sizeof(ENetProtocolCommandHeader) <= len; n++) {
        enet_uint8 cmd = d[pos] & ENET_PROTOCOL_COMMAND_MASK;
        if (cmd == ENET_PROTOCOL_COMMAND_NONE || cmd >= ENET_PROTOCOL_COMMAND_COUNT)
            return false;
        size_t size = enet_protocol_command_size(cmd);
        if (size == 0 || size > sizeof(ENetProtocol) || pos + size > len)
            return false;
        ENetProtocol c;
        memset(&c, 0, sizeof c);
        memcpy(&c, d + pos, size);
        size_t data = 0;
        switch (cmd) {
        case ENET_PROTOCOL_COMMAND_SEND_FRAGMENT:
        case ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE_FRAGMENT:
            if (ENET_NET_TO_HOST_32(c.sendFragment.totalLength) > host->maximumPacketSize)
                return true;
            data = ENET_NET_TO_HOST_16(c.sendFragment.dataLength);
            break;
        case ENET_PROTOCOL_COMMAND_SEND_RELIABLE:
            data = ENET_NET_TO_HOST_16(c.sendReliable.dataLength);
            break;
        case ENET_PROTOCOL_COMMAND_SEND_UNRELIABLE:
            data = ENET_NET_TO_HOST_16(c.sendUnreliable.dataLength);
            break;
        case ENET_PROTOCOL_COMMAND_SEND_UNSEQUENCED:
            data = ENET_NET_TO_HOST_16(c.sendUnsequenced.dataLength);
            break;
        default: break;
        }
        pos += size + data;
    }
    return false;
}

/* Whether the datagram's commands from `pos` hold the server's
 * VERIFY_CONNECT for connection `connect_id`. */
static bool net_datagram_verifies(const ENetHost *host, size_t pos, enet_uint32 connect_id)
{
    const uint8_t *d = host->receivedData;
    size_t len = host->receivedDataLength;
    for (size_t n = 0;
         n < NET_DATAGRAM_COMMANDS_MAX && pos + sizeof(ENetProtocolCommandHeader) <= len; n++) {
        enet_uint8 cmd = d[pos] & ENET_PROTOCOL_COMMAND_MASK;
        if (cmd == ENET_PROTOCOL_COMMAND_NONE || cmd >= ENET_PROTOCOL_COMMAND_COUNT)
            return false;
        size_t size = enet_protocol_command_size(cmd);
        if (size == 0 || size > sizeof(ENetProtocol) || pos + size > len)
            return false;
        ENetProtocol c;
        memset(&c, 0, sizeof c);
        memcpy(&c, d + pos, size);
        if (cmd == ENET_PROTOCOL_COMMAND_VERIFY_CONNECT) /* ENet keeps it as sent */
            return c.verifyConnect.connectID == connect_id;
        if (cmd != ENET_PROTOCOL_COMMAND_ACKNOWLEDGE)
            return false; /* anything else before the answer is not for this connection */
        pos += size;
    }
    return false;
}

static void net_end_mark(NetEnd *e, size_t slot, NetReason why)
{
    if (e->mark[slot] == 0)
        e->nmarked++;
    e->mark[slot] = (uint8_t)why;
}

/* The next marked slot that is still a connection, closed with its mark:
 * the server's (a connection that sent an oversized packet) dropped with
 * NET_REASON_GARBAGE by us; the client's (still connecting) refused by the
 * server with the reason it gave. */
static bool net_end_take_marked(NetEnd *e, NetEvent *ev)
{
    for (size_t slot = 0; slot < e->host->peerCount && e->nmarked > 0; slot++) {
        NetReason why = (NetReason)e->mark[slot];
        if (why == NET_REASON_NONE)
            continue;
        e->mark[slot] = 0;
        e->nmarked--;
        if (e->conn[slot] == 0 || e->connected[slot] != e->server)
            continue;
        ENetPeer *p = &e->host->peers[slot];
        memset(ev, 0, sizeof *ev);
        net_peer_text(p, ev->peer, sizeof ev->peer);
        ev->addr = ENET_NET_TO_HOST_32(p->address.host);
        ev->kind = NET_EVENT_DISCONNECT;
        ev->conn = e->conn[slot];
        ev->reason = why;
        ev->by_us = e->server;
        ev->status = e->server ? NET_ERR_LONG : NET_OK;
        if (e->server) {
            enet_peer_disconnect(p, (enet_uint32)why);
            e->stats.garbage++;
        } else {
            enet_peer_reset(p);
        }
        net_end_forget(e, slot);
        return true;
    }
    return false;
}

/* The next peer turned away before it had a slot, reported once. */
static bool net_end_take_away(NetEnd *e, NetEvent *ev)
{
    if (e->naway == 0)
        return false;
    e->naway--;
    memset(ev, 0, sizeof *ev);
    ev->kind = NET_EVENT_TURNED_AWAY;
    ev->reason = e->away[e->naway];
    ENetPeer fake;
    memset(&fake, 0, sizeof fake);
    fake.address = e->away_addr[e->naway];
    net_peer_text(&fake, ev->peer, sizeof ev->peer);
    ev->addr = ENET_NET_TO_HOST_32(fake.address.host);
    return true;
}

/* ---- admission before a slot (server), refusals heard (client) ---- */

/* The CONNECT command a datagram from no peer holds, copied into *out;
 * false when it holds none. */
static bool net_datagram_connect(const ENetHost *host, size_t pos, ENetProtocol *out)
{
    const uint8_t *d = host->receivedData;
    size_t len = host->receivedDataLength;
    for (size_t n = 0;
         n < NET_DATAGRAM_COMMANDS_MAX && pos + sizeof(ENetProtocolCommandHeader) <= len; n++) {
        enet_uint8 cmd = d[pos] & ENET_PROTOCOL_COMMAND_MASK;
        if (cmd == ENET_PROTOCOL_COMMAND_NONE || cmd >= ENET_PROTOCOL_COMMAND_COUNT)
            return false;
        size_t size = enet_protocol_command_size(cmd);
        if (size == 0 || size > sizeof(ENetProtocol) || pos + size > len)
            return false;
        if (cmd == ENET_PROTOCOL_COMMAND_CONNECT) {
            memset(out, 0, sizeof *out);
            memcpy(out, d + pos, size);
            return true;
        }
        if (cmd != ENET_PROTOCOL_COMMAND_ACKNOWLEDGE)
            return false;
        pos += size;
    }
    return false;
}

/* Whether ENet already has a peer for this connect (a CONNECT sent again). */
static bool net_connect_known(const ENetHost *host, enet_uint32 connect_id)
{
    for (size_t i = 0; i < host->peerCount; i++) {
        const ENetPeer *p = &host->peers[i];
        if (p->state != ENET_PEER_STATE_DISCONNECTED && p->connectID == connect_id &&
            p->address.host == host->receivedAddress.host &&
            p->address.port == host->receivedAddress.port)
            return true;
    }
    return false;
}

/* Peers halfway through a handshake (what a flood of forged CONNECTs fills). */
static size_t net_handshakes(const ENetHost *host)
{
    size_t n = 0;
    for (size_t i = 0; i < host->peerCount; i++) {
        ENetPeerState st = host->peers[i].state;
        n += st == ENET_PEER_STATE_ACKNOWLEDGING_CONNECT ||
             st == ENET_PEER_STATE_CONNECTION_PENDING || st == ENET_PEER_STATE_CONNECTION_SUCCEEDED;
    }
    return n;
}

static void net_put_u32(uint8_t *at, uint32_t v)
{
    at[0] = (uint8_t)(v >> 24);
    at[1] = (uint8_t)(v >> 16);
    at[2] = (uint8_t)(v >> 8);
    at[3] = (uint8_t)v;
}

static uint32_t net_get_u32(const uint8_t *at)
{
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

/* Answers a CONNECT with a refusal and no slot (a datagram no larger
 * than the CONNECT: nothing to amplify), and keeps it to report. */
static void net_refuse(NetEnd *e, const ENetProtocol *connect, NetReason why)
{
    ENetHost *host = e->host;
    uint8_t d[NET_REFUSAL_BYTES];
    d[0] = (uint8_t)(ENET_PROTOCOL_MAXIMUM_PEER_ID >> 8);
    d[1] = (uint8_t)(ENET_PROTOCOL_MAXIMUM_PEER_ID & 0xffu);
    net_put_u32(d + 2, NET_REFUSAL_MAGIC);
    memcpy(d + 6, &connect->connect.connectID, 4); /* as the client sent it */
    net_put_u32(d + 10, (uint32_t)why);
    ENetBuffer buf = {.data = d, .dataLength = sizeof d};
    enet_socket_send(host->socket, &host->receivedAddress, &buf, 1);
    e->stats.turned_away++;
    if (e->naway < NET_AWAY_QUEUE) {
        e->away[e->naway] = why;
        e->away_addr[e->naway++] = host->receivedAddress;
    }
}

/* Whether the sender of this datagram was told NET_REFUSALS_PER_S
 * refusals this second already; count: one more is being told. */
static bool net_refused_enough(NetEnd *e, bool count)
{
    uint32_t addr = e->host->receivedAddress.host;
    uint32_t second = (uint32_t)(net_now_ms() / NET_MS_PER_S);
    size_t i = (size_t)(addr * NET_ADDR_HASH) % NET_REFUSED_SLOTS;
    if (e->refused[i].addr != addr || e->refused[i].second != second) {
        if (!count)
            return false;
        e->refused[i].addr = addr;
        e->refused[i].second = second;
        e->refused[i].count = 0;
    }
    if (count)
        e->refused[i].count++;
    return e->refused[i].count >= NET_REFUSALS_PER_S;
}

/* A new peer's CONNECT: 1 (the datagram dropped) when it is refused. */
static int net_server_admit(NetEnd *e, size_t pos)
{
    ENetHost *host = e->host;
    ENetProtocol c;
    if (net_refused_enough(e, false)) {
        e->stats.turned_away++;
        return 1;
    }
    if (!net_datagram_connect(host, pos, &c) || net_connect_known(host, c.connect.connectID))
        return 0;
    NetReason why = NET_REASON_NONE;
    if (e->live >= e->max_live)
        why = NET_REASON_FULL;
    else if (e->admit)
        why = e->admit(e->admit_ctx, ENET_NET_TO_HOST_32(host->receivedAddress.host));
    if (why == NET_REASON_NONE && net_handshakes(host) * NET_HANDSHAKE_SHARE >= host->peerCount)
        why = NET_REASON_BUSY;
    if (why == NET_REASON_NONE)
        return 0;
    net_refused_enough(e, true);
    net_refuse(e, &c, why);
    return 1;
}

/* A refusal for one of our connecting peers: marked to be reported. */
static bool net_client_refused(NetEnd *e, ENetHost *host)
{
    const uint8_t *d = host->receivedData;
    if (host->receivedDataLength != NET_REFUSAL_BYTES ||
        ((d[0] << 8) | d[1]) != ENET_PROTOCOL_MAXIMUM_PEER_ID ||
        net_get_u32(d + 2) != NET_REFUSAL_MAGIC)
        return false;
    enet_uint32 id = 0;
    memcpy(&id, d + 6, 4);
    for (size_t i = 0; e && i < host->peerCount; i++) {
        const ENetPeer *p = &host->peers[i];
        if (p->state == ENET_PEER_STATE_CONNECTING && p->connectID == id &&
            p->address.host == host->receivedAddress.host &&
            p->address.port == host->receivedAddress.port) {
            uint32_t why = net_get_u32(d + 10);
            net_end_mark(e, i,
                         why > 0 && why < NET_REASON_COUNT ? (NetReason)why : NET_REASON_FULL);
        }
    }
    return true;
}

/* ENet's intercept (server): a new peer's CONNECT is admitted or refused
 * before it has a slot; the peer of an oversized fragment is marked, and
 * ENet goes on with that datagram as usual (it refuses the fragment itself). */
static int ENET_CALLBACK net_intercept(ENetHost *host, ENetEvent *event)
{
    (void)event;
    NetEnd *e = host->peerCount > 0 ? host->peers[0].data : NULL;
    const uint8_t *d = host->receivedData;
    size_t pos = 0;
    if (e && d && host->receivedDataLength >= sizeof(ENetProtocolHeader) &&
        (((d[0] << 8) | d[1]) & ENET_PROTOCOL_MAXIMUM_PEER_ID) == ENET_PROTOCOL_MAXIMUM_PEER_ID) {
        enet_uint16 flags = (enet_uint16)((d[0] << 8) | d[1]) & ENET_PROTOCOL_HEADER_FLAG_MASK;
        pos = (flags & ENET_PROTOCOL_HEADER_FLAG_SENT_TIME) ? sizeof(ENetProtocolHeader)
                                                            : sizeof(enet_uint16);
        return (flags & ENET_PROTOCOL_HEADER_FLAG_COMPRESSED) ? 0 : net_server_admit(e, pos);
    }
    ENetPeer *p = net_datagram_peer(host, &pos);
    e = p != NULL ? p->data : NULL;
    if (e == NULL || !net_datagram_oversized(host, pos))
        return 0;
    net_end_mark(e, net_slot_of(e, p), NET_REASON_GARBAGE);
    return 0;
}

/* The client's intercept: a refusal for a connecting peer is marked; any
 * other datagram for a connecting peer that is not the answer to its own
 * connect is dropped before ENet reads it. */
static int ENET_CALLBACK net_client_intercept(ENetHost *host, ENetEvent *event)
{
    (void)event;
    if (net_client_refused(host->peerCount > 0 ? host->peers[0].data : NULL, host))
        return 1;
    size_t pos = 0;
    ENetPeer *p = net_datagram_peer(host, &pos);
    if (p == NULL || p->state != ENET_PEER_STATE_CONNECTING)
        return 0;
    return net_datagram_verifies(host, pos, p->connectID) ? 0 : 1;
}

static bool net_end_translate(NetEnd *e, const ENetEvent *in, NetEvent *ev, NetMsg *msg)
{
    if (in->peer) {
        net_peer_text(in->peer, ev->peer, sizeof ev->peer);
        ev->addr = ENET_NET_TO_HOST_32(in->peer->address.host);
    }
    switch (in->type) {
    case ENET_EVENT_TYPE_CONNECT: return net_on_connect(e, in, ev);
    case ENET_EVENT_TYPE_RECEIVE: return net_on_receive(e, in, ev, msg);
    case ENET_EVENT_TYPE_DISCONNECT: return net_on_disconnect(e, in, ev);
    case ENET_EVENT_TYPE_NONE: break;
    }
    return false;
}

static bool net_end_poll(NetEnd *e, uint32_t timeout_ms, NetEvent *ev, NetMsg *msg)
{
    net_end_release(e);
    uint64_t deadline = net_now_ms() + timeout_ms;
    for (;;) {
        if ((e->nmarked > 0 && net_end_take_marked(e, ev)) || net_end_take_away(e, ev))
            return true;
        memset(ev, 0, sizeof *ev);
        uint64_t now = net_now_ms();
        uint32_t wait = now >= deadline ? 0 : (uint32_t)(deadline - now);
        ENetEvent in;
        memset(&in, 0, sizeof in);
        if (enet_host_service(e->host, &in, wait) <= 0)
            break;
        if (net_end_translate(e, &in, ev, msg))
            return true;
    }
    if ((e->nmarked > 0 && net_end_take_marked(e, ev)) || net_end_take_away(e, ev))
        return true;
    memset(ev, 0, sizeof *ev);
    return false;
}

static bool net_end_send_bytes(NetEnd *e, NetConn conn, uint8_t channel, const void *bytes,
                               size_t len, enet_uint32 flags)
{
    ENetPeer *p = net_end_peer(e, conn);
    if (!p || !e->connected[conn & NET_SLOT_MASK] || channel >= NET_CHANNELS)
        return false;
    ENetPacket *pk = enet_packet_create(bytes, len, flags);
    if (!pk)
        return false;
    if (enet_peer_send(p, channel, pk) != 0) {
        enet_packet_destroy(pk);
        return false;
    }
    e->stats.sent_msgs++;
    e->stats.sent_bytes += len;
    return true;
}

static bool net_end_send(NetEnd *e, NetConn conn, const NetMsg *msg)
{
    size_t n = net_encode(msg, e->buf, sizeof e->buf);
    if (n == 0)
        return false;
    uint8_t channel = NET_CHANNEL_GAME;
    enet_uint32 flags = ENET_PACKET_FLAG_RELIABLE;
    if (msg->type == NET_MSG_CHAT)
        channel = NET_CHANNEL_CHAT;
    if (msg->type == NET_MSG_PING || msg->type == NET_MSG_PONG)
        flags = ENET_PACKET_FLAG_UNSEQUENCED;
    return net_end_send_bytes(e, conn, channel, e->buf, n, flags);
}

/* Bytes as they are (tests send what no encoder would): reliable and
 * ordered, or unsequenced like a ping. */
static bool net_end_send_raw(NetEnd *e, NetConn conn, uint8_t channel, const void *bytes,
                             size_t len, bool reliable)
{
    return net_end_send_bytes(e, conn, channel, bytes, len,
                              reliable ? ENET_PACKET_FLAG_RELIABLE : ENET_PACKET_FLAG_UNSEQUENCED);
}

static void net_end_drop(NetEnd *e, NetConn conn, NetReason why)
{
    ENetPeer *p = net_end_peer(e, conn);
    if (!p)
        return;
    if (e->connected[conn & NET_SLOT_MASK])
        enet_peer_disconnect_later(p, (enet_uint32)why);
    else
        enet_peer_reset(p); /* still connecting: nothing to tell it */
    net_end_forget(e, conn & NET_SLOT_MASK);
}

/* ---- server ---- */

static bool net_server_check(const NetServerOptions *opt, ENetAddress *addr, char *err,
                             size_t err_size)
{
    if (!opt || opt->max_peers < 1 || opt->max_peers > NET_TRANSPORT_MAX_PEERS) {
        net_set_err(err, err_size, "the peer limit must be between 1 and 4000");
        return false;
    }
    addr->host = ENET_HOST_ANY;
    addr->port = opt->port;
    if (opt->bind && enet_address_set_host_ip(addr, opt->bind) != 0) {
        net_set_err(err, err_size, "the address to bind is not an IPv4 address");
        return false;
    }
    return true;
}

NetServer *net_server_create(const NetServerOptions *opt, char *err, size_t err_size)
{
    ENetAddress addr = {0, 0};
    if (!net_server_check(opt, &addr, err, err_size))
        return NULL;
    int slots = opt->max_peers + NET_SPARE_PEERS;
    if (slots > (int)ENET_PROTOCOL_MAXIMUM_PEER_ID)
        slots = (int)ENET_PROTOCOL_MAXIMUM_PEER_ID;
    const NetEndSetup set = {.server = true,
                             .addr = &addr,
                             .slots = slots,
                             .max_packet = NET_MAX_PACKET,
                             .version = NET_PROTOCOL_VERSION,
                             .timeout_ms = opt->timeout_ms,
                             .max_live = opt->max_peers,
                             .bye = NET_REASON_SHUTDOWN};
    NetServer *s = net_end_new(sizeof *s, &set, err, err_size);
    if (!s)
        return NULL;
    s->end.host->maximumWaitingData = NET_TRANSPORT_MAX_WAITING;
    for (size_t i = 0; i < s->end.host->peerCount; i++)
        s->end.host->peers[i].data = &s->end;
    s->end.admit = opt->admit;
    s->end.admit_ctx = opt->admit_ctx;
    if (opt->max_per_address > 0)
        s->end.host->duplicatePeers = (size_t)opt->max_per_address;
    s->end.host->intercept = net_intercept;
    ENetAddress bound = {0, 0};
    if (enet_socket_get_address(s->end.host->socket, &bound) == 0)
        s->end.host->address = bound;
    return s;
}

void net_server_destroy(NetServer *s)
{
    net_end_free(s ? &s->end : NULL, NET_REASON_SHUTDOWN);
}

uint16_t net_server_port(const NetServer *s)
{
    return s->end.host->address.port;
}

bool net_server_poll(NetServer *s, uint32_t timeout_ms, NetEvent *ev, NetMsg *msg)
{
    return net_end_poll(&s->end, timeout_ms, ev, msg);
}

bool net_server_send(NetServer *s, NetConn conn, const NetMsg *msg)
{
    return net_end_send(&s->end, conn, msg);
}

bool net_server_send_raw(NetServer *s, NetConn conn, uint8_t channel, const void *bytes, size_t len,
                         bool reliable)
{
    return net_end_send_raw(&s->end, conn, channel, bytes, len, reliable);
}

void net_server_drop(NetServer *s, NetConn conn, NetReason why)
{
    net_end_drop(&s->end, conn, why);
}

static void net_end_set_ping(NetEnd *e, uint32_t ping_ms)
{
    if (ping_ms == 0)
        return;
    e->ping_ms = ping_ms;
    for (size_t i = 0; i < e->host->peerCount; i++) {
        if (e->host->peers[i].state != ENET_PEER_STATE_DISCONNECTED)
            enet_peer_ping_interval(&e->host->peers[i], ping_ms);
    }
}

void net_server_set_ping(NetServer *s, uint32_t ping_ms)
{
    net_end_set_ping(&s->end, ping_ms);
}

static void net_end_set_timeouts(NetEnd *e, uint32_t min_ms, uint32_t max_ms)
{
    if (min_ms == 0 || max_ms < min_ms)
        return;
    e->timeout_ms = min_ms;
    e->timeout_max_ms = max_ms;
    for (size_t i = 0; i < e->host->peerCount; i++) {
        if (e->host->peers[i].state != ENET_PEER_STATE_DISCONNECTED)
            enet_peer_timeout(&e->host->peers[i], NET_PEER_TIMEOUT_LIMIT, min_ms, max_ms);
    }
}

void net_server_set_timeouts(NetServer *s, uint32_t min_ms, uint32_t max_ms)
{
    net_end_set_timeouts(&s->end, min_ms, max_ms);
}

void net_client_set_ping(NetClient *c, uint32_t ping_ms)
{
    net_end_set_ping(&c->end, ping_ms);
}

void net_client_set_timeouts(NetClient *c, uint32_t min_ms, uint32_t max_ms)
{
    net_end_set_timeouts(&c->end, min_ms, max_ms);
}

void net_server_flush(NetServer *s)
{
    enet_host_flush(s->end.host);
}

int net_server_count(const NetServer *s)
{
    return s->end.live;
}

NetStats net_server_stats(const NetServer *s)
{
    return s->end.stats;
}

/* ---- client ---- */

NetClient *net_client_create(const NetClientOptions *opt, char *err, size_t err_size)
{
    if (!opt || opt->max_conns < 1 || opt->max_conns > NET_TRANSPORT_MAX_PEERS) {
        net_set_err(err, err_size, "the connection limit must be between 1 and 4000");
        return NULL;
    }
    ENetAddress from = {ENET_HOST_ANY, 0};
    if (opt->bind && enet_address_set_host_ip(&from, opt->bind) != 0) {
        net_set_err(err, err_size, "the address to send from is not an IPv4 address");
        return NULL;
    }
    const NetEndSetup set = {.addr = opt->bind ? &from : NULL,
                             .slots = opt->max_conns,
                             .max_packet = opt->max_packet ? opt->max_packet : NET_MAX_PACKET,
                             .version = opt->version ? opt->version : NET_PROTOCOL_VERSION,
                             .timeout_ms = opt->timeout_ms,
                             .max_live = opt->max_conns,
                             .bye = NET_REASON_LEAVING};
    NetClient *c = net_end_new(sizeof *c, &set, err, err_size);
    if (!c)
        return NULL;
    for (size_t i = 0; i < c->end.host->peerCount; i++)
        c->end.host->peers[i].data = &c->end;
    c->end.host->intercept = net_client_intercept;
    return c;
}

void net_client_destroy(NetClient *c)
{
    net_end_free(c ? &c->end : NULL, NET_REASON_LEAVING);
}

/* "HOST:PORT" into an ENet address; false with a sentence in err. */
static bool net_parse_host_port(const char *text, ENetAddress *addr, char *err, size_t err_size)
{
    const char *colon = text ? strrchr(text, ':') : NULL;
    if (!colon || colon == text || (size_t)(colon - text) >= NET_HOST_TEXT_MAX) {
        net_set_err(err, err_size, "the address must be HOST:PORT");
        return false;
    }
    char host[NET_HOST_TEXT_MAX] = "";
    memcpy(host, text, (size_t)(colon - text));
    char *end = NULL;
    unsigned long port = strtoul(colon + 1, &end, 10);
    if (colon[1] < '0' || colon[1] > '9' || *end != '\0' || port == 0 || port > NET_PORT_MAX) {
        net_set_err(err, err_size, "the port must be a number from 1 to 65535");
        return false;
    }
    addr->port = (enet_uint16)port;
    if (enet_address_set_host(addr, host) != 0) {
        net_set_err(err, err_size, "that host name does not resolve to an IPv4 address");
        return false;
    }
    return true;
}

NetConn net_client_connect(NetClient *c, const char *host_port, char *err, size_t err_size)
{
    ENetAddress addr = {0, 0};
    if (!net_parse_host_port(host_port, &addr, err, err_size))
        return 0;
    if (c->end.live >= c->end.max_live) {
        net_set_err(err, err_size, "no free connection left");
        return 0;
    }
    ENetPeer *p = enet_host_connect(c->end.host, &addr, NET_CHANNELS, c->end.version);
    if (!p) {
        net_set_err(err, err_size, "no free connection left");
        return 0;
    }
    net_apply_peer_options(&c->end, p);
    return net_end_number(&c->end, net_slot_of(&c->end, p));
}

bool net_client_poll(NetClient *c, uint32_t timeout_ms, NetEvent *ev, NetMsg *msg)
{
    return net_end_poll(&c->end, timeout_ms, ev, msg);
}

bool net_client_send(NetClient *c, NetConn conn, const NetMsg *msg)
{
    return net_end_send(&c->end, conn, msg);
}

bool net_client_send_raw(NetClient *c, NetConn conn, uint8_t channel, const void *bytes, size_t len,
                         bool reliable)
{
    return net_end_send_raw(&c->end, conn, channel, bytes, len, reliable);
}

void net_client_disconnect(NetClient *c, NetConn conn, NetReason why)
{
    net_end_drop(&c->end, conn, why);
}

bool net_client_connected(const NetClient *c, NetConn conn)
{
    return net_end_peer(&c->end, conn) != NULL && c->end.connected[conn & NET_SLOT_MASK];
}

void net_client_flush(NetClient *c)
{
    enet_host_flush(c->end.host);
}

NetStats net_client_stats(const NetClient *c)
{
    return c->end.stats;
}
