/* test_net_transport.c — the ENet transport (src/net/net_transport.h) over
 * 127.0.0.1 only, on a port the system chooses.
 *
 * - a server and a client exchange every message type both ways, decoded
 *   equal, chat on the chat channel;
 * - a client of another protocol version is turned away with
 *   NET_REASON_VERSION, one past the peer limit with NET_REASON_FULL;
 * - garbage bytes get the peer dropped with NET_REASON_GARBAGE;
 * - a packet larger than NET_MAX_PACKET is not delivered: the server drops
 *   its sender with NET_REASON_GARBAGE (not a timeout, whose reason is none),
 *   and the client is told that reason; one just under the limit, in
 *   fragments too, arrives;
 * - a drop by the server reaches the client with its reason;
 * - a stale DISCONNECT (one a server sends again to the connection a
 *   client's slot or port held before) is not taken for the new
 *   connection's: a plain UDP socket plays that server;
 * - a client sends from the address it binds (127.0.0.2), and the server
 *   asks its admission callback before a new peer gets a slot: one it
 *   refuses (127.0.0.3) is told the reason and never becomes a connection.
 * Every wait polls a bounded number of times (and gives up after a fixed
 * time); nothing asserts how fast anything is.
 */
#define _POSIX_C_SOURCE 200809L

#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>
#include <enet/enet.h>

#include "net_transport.h"

#define LOOPBACK "127.0.0.1"
#define POLL_MS 5
#define WAIT_POLLS 2000 /* 2000 polls of both sides: about 10 s at most */
#define QUIET_POLLS 100 /* polls during which nothing may arrive */
#define QUEUE_MAX 32
#define RESENDS 50 /* an unreliable ping is sent again this often, at most */

typedef struct Side {
    NetEvent queue[QUEUE_MAX]; /* events seen while waiting on the other side */
    int queued;
    NetMsg *msg; /* the last message received */
} Side;

typedef struct Link {
    NetServer *server;
    NetClient *client;
    Side s, c;
    NetConn sconn, cconn; /* the connection as each side numbers it */
    char addr[64];
} Link;

static void side_push(Side *side, const NetEvent *ev)
{
    assert_true(side->queued < QUEUE_MAX);
    side->queue[side->queued++] = *ev;
}

/* The first queued event of this kind, taken off the queue. */
static bool side_take(Side *side, NetEventKind kind, NetEvent *out)
{
    for (int i = 0; i < side->queued; i++) {
        if (side->queue[i].kind != kind)
            continue;
        *out = side->queue[i];
        memmove(&side->queue[i], &side->queue[i + 1],
                (size_t)(side->queued - i - 1) * sizeof side->queue[0]);
        side->queued--;
        return true;
    }
    return false;
}

/* Polls both sides until `server_side`'s next event of this kind: true with
 * it in *out; false when none came within WAIT_POLLS (or `polls`). Other
 * events are queued; a message on the side not waited on is kept in its
 * Side.msg. */
static bool link_wait(Link *l, bool server_side, NetEventKind kind, NetEvent *out, int polls)
{
    Side *want = server_side ? &l->s : &l->c;
    if (side_take(want, kind, out))
        return true;
    for (int i = 0; i < polls; i++) {
        NetEvent ev;
        if (l->server && net_server_poll(l->server, server_side ? POLL_MS : 0, &ev, l->s.msg)) {
            if (server_side && ev.kind == kind) {
                *out = ev;
                return true;
            }
            side_push(&l->s, &ev);
        }
        if (l->client && net_client_poll(l->client, server_side ? 0 : POLL_MS, &ev, l->c.msg)) {
            if (!server_side && ev.kind == kind) {
                *out = ev;
                return true;
            }
            side_push(&l->c, &ev);
        }
    }
    return false;
}

static void link_open(Link *l, uint32_t client_version, int max_peers)
{
    memset(l, 0, sizeof *l);
    l->s.msg = calloc(1, sizeof(NetMsg));
    l->c.msg = calloc(1, sizeof(NetMsg));
    assert_non_null(l->s.msg);
    assert_non_null(l->c.msg);
    char err[128] = "";
    NetServerOptions so = {LOOPBACK, 0, max_peers, 3000, NULL, NULL, 0};
    l->server = net_server_create(&so, err, sizeof err);
    assert_non_null(l->server);
    assert_true(net_server_port(l->server) != 0);
    NetClientOptions co = {2, client_version, 4 * NET_MAX_PACKET, 3000, NULL};
    l->client = net_client_create(&co, err, sizeof err);
    assert_non_null(l->client);
    snprintf(l->addr, sizeof l->addr, "%s:%u", LOOPBACK, (unsigned)net_server_port(l->server));
    l->cconn = net_client_connect(l->client, l->addr, err, sizeof err);
    assert_true(l->cconn != 0);
}

/* Both sides see the connection. */
static void link_connect(Link *l)
{
    NetEvent ev;
    assert_true(link_wait(l, true, NET_EVENT_CONNECT, &ev, WAIT_POLLS));
    l->sconn = ev.conn;
    assert_true(l->sconn != 0);
    assert_memory_equal(ev.peer, LOOPBACK ":", strlen(LOOPBACK) + 1);
    assert_true(link_wait(l, false, NET_EVENT_CONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, l->cconn);
    assert_true(net_client_connected(l->client, l->cconn));
    assert_int_equal(net_server_count(l->server), 1);
}

static void link_close(Link *l)
{
    net_client_destroy(l->client);
    net_server_destroy(l->server);
    free(l->s.msg);
    free(l->c.msg);
}

/* One message of each type, small but with something in every part. */
static void sample(NetMsg *m, uint8_t type)
{
    memset(m, 0, sizeof *m);
    m->type = type;
    switch ((NetMsgType)type) {
    case NET_MSG_CREATE:
        m->u.create.rules = (NetTableRules){.variant = VARIANT_THOTHIT,
                                            .players = 3,
                                            .seat_kind = {0, 3, 4},
                                            .clock = {20000, 120000},
                                            .watch = NET_WATCH_PUBLIC};
        strcpy(m->u.create.name, "Dewi");
        break;
    case NET_MSG_JOIN:
        strcpy(m->u.join.table, "t1");
        m->u.join.seat = -1;
        strcpy(m->u.join.name, "Bayu");
        break;
    case NET_MSG_MOVE: m->u.move = (NetMove){9, {MOVE_PLAY, 1, 4, CARD_NONE, 0}}; break;
    case NET_MSG_SEAT_AI: m->u.seat_ai = (NetSeatAi){2, NET_SEAT_GREEDY}; break;
    case NET_MSG_STAND_IN: m->u.stand_in = (NetStandInAsk){1, true}; break;
    case NET_MSG_HANDS:
        m->u.hands.round = 2;
        m->u.hands.players = 2;
        m->u.hands.count[1] = 1;
        m->u.hands.cards[1][0] = 7;
        break;
    case NET_MSG_CREATED: strcpy(m->u.created.table, "t1"), m->u.created.open = true; break;
    case NET_MSG_TABLES:
        m->u.tables.count = 1;
        strcpy(m->u.tables.table[0].table, "t1");
        m->u.tables.table[0].rules =
            (NetTableRules){.variant = VARIANT_KOWAH, .players = 4, .rounds = 2};
        break;
    case NET_MSG_WELCOME:
        strcpy(m->u.welcome.table, "t1");
        m->u.welcome.seat = 1;
        strcpy(m->u.welcome.token, "00112233445566778899aabbccddeeff");
        m->u.welcome.rules =
            (NetTableRules){.variant = VARIANT_PEI, .players = 3, .stakes = STAKES_NIR};
        break;
    case NET_MSG_SEATS:
        m->u.seats.players = 2;
        m->u.seats.seat[1] = (NetSeat){
            .kind = NET_SEAT_NET, .state = NET_SEAT_AWAY, .grace_ms = 30000, .name = "Sari"};
        break;
    case NET_MSG_VIEW: {
        GameConfig cfg = game_config_default(VARIANT_THOTHIT_KUNA, 4);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        assert_int_equal(game_observe(g, 1, &m->u.view.view), CEKI_OK);
        m->u.view.hash = net_view_hash(&m->u.view.view);
        game_destroy(g);
        break;
    }
    case NET_MSG_UPDATE:
        m->u.update.nevents = 1;
        m->u.update.events[0] = (GameEvent){EV_PLAYED, 0, 3, CARD_NONE, 0};
        m->u.update.delta_len = 3;
        break;
    case NET_MSG_REFUSED:
        m->u.refused = (NetRefused){NET_MSG_MOVE, NET_REASON_STALE, 4, "stale"};
        break;
    case NET_MSG_RECORD:
        strcpy(m->u.record.text, "variant thothit\n");
        m->u.record.len = (uint16_t)strlen(m->u.record.text);
        m->u.record.total = 40000; /* a middle chunk of a longer record */
        m->u.record.offset = 20000;
        break;
    case NET_MSG_CHAT: strcpy(m->u.chat.text, "Monggo \xea\xa6\xb1"); break;
    case NET_MSG_PING:
    case NET_MSG_PONG: m->u.ping.stamp_ms = 77; break;
    case NET_MSG_LIST:
    case NET_MSG_RESYNC:
    case NET_MSG_START:
    case NET_MSG_NONE:
    case NET_MSG_TYPE_COUNT: break;
    }
}

static bool is_unreliable(uint8_t type)
{
    return type == NET_MSG_PING || type == NET_MSG_PONG;
}

/* Sends m one way and waits for it on the other side: equal, on its channel. */
static void send_and_receive(Link *l, const NetMsg *m, bool to_server)
{
    NetEvent ev;
    bool got = false;
    int tries = is_unreliable(m->type) ? RESENDS : 1; /* an unreliable one may be lost */
    for (int t = 0; t < tries && !got; t++) {
        bool sent = to_server ? net_client_send(l->client, l->cconn, m)
                              : net_server_send(l->server, l->sconn, m);
        assert_true(sent);
        got = link_wait(l, to_server, NET_EVENT_MESSAGE, &ev,
                        tries > 1 ? WAIT_POLLS / RESENDS : WAIT_POLLS);
    }
    assert_true(got);
    assert_int_equal(ev.conn, to_server ? l->sconn : l->cconn);
    assert_int_equal(ev.channel, m->type == NET_MSG_CHAT ? NET_CHANNEL_CHAT : NET_CHANNEL_GAME);
    assert_memory_equal(to_server ? l->s.msg : l->c.msg, m, sizeof *m);
}

static void test_every_type_both_ways(void **state)
{
    (void)state;
    Link l;
    link_open(&l, 0, 4);
    link_connect(&l);
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    for (uint8_t t = 1; t < NET_MSG_TYPE_COUNT; t++) {
        sample(m, t);
        send_and_receive(&l, m, true);
        send_and_receive(&l, m, false);
    }
    NetStats st = net_server_stats(l.server);
    assert_true(st.recv_msgs >= NET_MSG_TYPE_COUNT - 1);
    assert_true(st.sent_msgs >= NET_MSG_TYPE_COUNT - 1);
    assert_int_equal(st.garbage, 0);
    /* a message that does not encode is not sent */
    m->type = NET_MSG_SEATS;
    m->u.seats.players = CEKI_MAX_SEATS + 1;
    assert_false(net_client_send(l.client, l.cconn, m));
    assert_false(net_server_send(l.server, l.sconn + 1, m)); /* no such connection */
    free(m);
    link_close(&l);
}

static void test_other_version_is_turned_away(void **state)
{
    (void)state;
    Link l;
    link_open(&l, NET_PROTOCOL_VERSION + 1, 4);
    NetEvent ev;
    assert_true(link_wait(&l, true, NET_EVENT_TURNED_AWAY, &ev, WAIT_POLLS));
    assert_int_equal(ev.reason, NET_REASON_VERSION);
    assert_int_equal(ev.conn, 0);
    assert_true(link_wait(&l, false, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, l.cconn);
    assert_int_equal(ev.reason, NET_REASON_VERSION);
    assert_false(net_client_connected(l.client, l.cconn));
    NetEvent none;
    assert_false(side_take(&l.s, NET_EVENT_CONNECT, &none)); /* never a connection */
    assert_int_equal(net_server_count(l.server), 0);
    link_close(&l);
}

static void test_one_past_the_limit_is_turned_away(void **state)
{
    (void)state;
    Link l;
    link_open(&l, 0, 1);
    link_connect(&l);
    char err[128] = "";
    NetConn second = net_client_connect(l.client, l.addr, err, sizeof err);
    assert_true(second != 0 && second != l.cconn);
    NetEvent ev;
    assert_true(link_wait(&l, true, NET_EVENT_TURNED_AWAY, &ev, WAIT_POLLS));
    assert_int_equal(ev.reason, NET_REASON_FULL);
    assert_true(link_wait(&l, false, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, second);
    assert_int_equal(ev.reason, NET_REASON_FULL);
    assert_true(net_client_connected(l.client, l.cconn)); /* the first one stays */
    assert_int_equal(net_server_count(l.server), 1);
    link_close(&l);
}

static void test_garbage_drops_the_peer(void **state)
{
    (void)state;
    Link l;
    link_open(&l, 0, 4);
    link_connect(&l);
    static const uint8_t junk[] = {NET_PROTOCOL_VERSION, 0xee, 1, 2, 3};
    assert_true(net_client_send_raw(l.client, l.cconn, NET_CHANNEL_GAME, junk, sizeof junk, true));
    NetEvent ev;
    assert_true(link_wait(&l, true, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, l.sconn);
    assert_true(ev.by_us);
    assert_int_equal(ev.reason, NET_REASON_GARBAGE);
    assert_int_equal(ev.status, NET_ERR_TYPE);
    assert_int_equal(ev.len, sizeof junk);
    assert_int_equal(net_server_count(l.server), 0);
    assert_int_equal(net_server_stats(l.server).garbage, 1);
    assert_true(link_wait(&l, false, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.reason, NET_REASON_GARBAGE);
    /* the server reports that connection's end once only */
    assert_false(link_wait(&l, true, NET_EVENT_DISCONNECT, &ev, QUIET_POLLS));
    link_close(&l);
}

static void test_oversized_packet_is_not_delivered(void **state)
{
    (void)state;
    Link l;
    link_open(&l, 0, 4);
    link_connect(&l);
    /* a long record chunk, in ENet fragments, under the limit: delivered */
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_RECORD;
    memset(m->u.record.text, 'r', NET_RECORD_CHUNK);
    m->u.record.len = NET_RECORD_CHUNK;
    m->u.record.total = NET_RECORD_CHUNK;
    assert_true(net_client_send(l.client, l.cconn, m));
    NetEvent ev;
    assert_true(link_wait(&l, true, NET_EVENT_MESSAGE, &ev, WAIT_POLLS));
    assert_int_equal(l.s.msg->type, NET_MSG_RECORD);
    assert_int_equal(l.s.msg->u.record.len, NET_RECORD_CHUNK);
    free(m);
    size_t big = NET_MAX_PACKET + 1;
    uint8_t *bytes = calloc(1, big);
    assert_non_null(bytes);
    bytes[0] = NET_PROTOCOL_VERSION;
    bytes[1] = NET_MSG_RECORD;
    /* the server itself never sends one */
    assert_false(net_server_send_raw(l.server, l.sconn, NET_CHANNEL_GAME, bytes, big, true));
    assert_true(net_client_send_raw(l.client, l.cconn, NET_CHANNEL_CHAT, bytes, big, true));
    assert_true(link_wait(&l, true, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, l.sconn);
    assert_int_equal(ev.reason, NET_REASON_GARBAGE);
    assert_true(ev.by_us);
    assert_int_equal(ev.status, NET_ERR_LONG);
    assert_int_equal(net_server_count(l.server), 0);
    NetStats st = net_server_stats(l.server);
    assert_int_equal(st.recv_msgs, 1); /* the record chunk only */
    assert_int_equal(st.garbage, 1);
    /* the client is told why */
    assert_true(link_wait(&l, false, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.conn, l.cconn);
    assert_int_equal(ev.reason, NET_REASON_GARBAGE);
    assert_false(ev.by_us);
    assert_false(link_wait(&l, true, NET_EVENT_MESSAGE, &ev, QUIET_POLLS));
    free(bytes);
    link_close(&l);
}

static void test_drop_reaches_the_client(void **state)
{
    (void)state;
    Link l;
    link_open(&l, 0, 4);
    link_connect(&l);
    net_server_drop(l.server, l.sconn, NET_REASON_NO_TABLE);
    assert_int_equal(net_server_count(l.server), 0);
    NetEvent ev;
    assert_true(link_wait(&l, false, NET_EVENT_DISCONNECT, &ev, WAIT_POLLS));
    assert_int_equal(ev.reason, NET_REASON_NO_TABLE);
    assert_false(ev.by_us);
    assert_false(net_client_connected(l.client, l.cconn));
    /* forgotten at once: nothing more is reported of it */
    assert_false(link_wait(&l, true, NET_EVENT_DISCONNECT, &ev, QUIET_POLLS));
    link_close(&l);
}

/* A UDP socket on 127.0.0.1, a port the system chooses; its port. */
static int stale_socket(uint16_t *port)
{
    int fd = socket(AF_INET, SOCK_DGRAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    socklen_t len = sizeof a;
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    *port = ntohs(a.sin_port);
    return fd;
}

/* The client's CONNECT, read off the socket while the client polls; the
 * client's peer id (its slot) from it, and where it came from. */
static uint16_t stale_read_connect(int fd, NetClient *c, NetMsg *msg, struct sockaddr_in *from)
{
    uint8_t d[ENET_PROTOCOL_MAXIMUM_MTU];
    ssize_t n = -1;
    for (int i = 0; i < WAIT_POLLS && n < 0; i++) {
        NetEvent ev;
        net_client_poll(c, POLL_MS, &ev, msg);
        socklen_t len = sizeof *from;
        n = recvfrom(fd, d, sizeof d, MSG_DONTWAIT, (struct sockaddr *)from, &len);
    }
    size_t at = sizeof(ENetProtocolHeader); /* ENet's connects carry their sent time */
    assert_true(n >= (ssize_t)(at + sizeof(ENetProtocolConnect)));
    ENetProtocolConnect cc;
    memcpy(&cc, d + at, sizeof cc);
    assert_int_equal(cc.header.command & ENET_PROTOCOL_COMMAND_MASK, ENET_PROTOCOL_COMMAND_CONNECT);
    return ntohs(cc.outgoingPeerID);
}

/* A server's DISCONNECT, reason `why`, to peer id `peer` of an earlier
 * session, as it is sent again when its acknowledgement was lost. */
static void stale_send_disconnect(int fd, const struct sockaddr_in *to, uint16_t peer, uint32_t why)
{
    uint8_t d[sizeof(ENetProtocolHeader) + sizeof(ENetProtocolDisconnect)];
    ENetProtocolHeader h;
    h.peerID = htons((uint16_t)(peer | ENET_PROTOCOL_HEADER_FLAG_SENT_TIME |
                                (1u << ENET_PROTOCOL_HEADER_SESSION_SHIFT)));
    h.sentTime = htons(1);
    ENetProtocolDisconnect dc;
    memset(&dc, 0, sizeof dc);
    dc.header.command = ENET_PROTOCOL_COMMAND_DISCONNECT | ENET_PROTOCOL_COMMAND_FLAG_ACKNOWLEDGE;
    dc.header.channelID = 0xFF;
    dc.header.reliableSequenceNumber = htons(1);
    dc.data = htonl(why);
    memcpy(d, &h, sizeof h);
    memcpy(d + sizeof h, &dc, sizeof dc);
    assert_int_equal(sendto(fd, d, sizeof d, 0, (const struct sockaddr *)to, sizeof *to),
                     (ssize_t)sizeof d);
}

static void test_stale_disconnect_is_not_taken(void **state)
{
    (void)state;
    uint16_t port = 0;
    int fd = stale_socket(&port);
    char err[128] = "", addr[64] = "";
    NetClientOptions co = {2, 0, 0, 3000, NULL};
    NetClient *c = net_client_create(&co, err, sizeof err);
    assert_non_null(c);
    NetMsg *msg = calloc(1, sizeof *msg);
    assert_non_null(msg);
    snprintf(addr, sizeof addr, "%s:%u", LOOPBACK, (unsigned)port);
    NetConn conn = net_client_connect(c, addr, err, sizeof err);
    assert_true(conn != 0);
    struct sockaddr_in from;
    memset(&from, 0, sizeof from);
    uint16_t peer = stale_read_connect(fd, c, msg, &from);
    stale_send_disconnect(fd, &from, peer, NET_REASON_GARBAGE);
    /* the new connection is still connecting: no disconnect, no reason */
    for (int i = 0; i < QUIET_POLLS; i++) {
        NetEvent ev;
        if (net_client_poll(c, POLL_MS, &ev, msg))
            assert_int_not_equal(ev.kind, NET_EVENT_DISCONNECT);
    }
    assert_false(net_client_connected(c, conn));
    net_client_disconnect(c, conn, NET_REASON_LEAVING);
    net_client_destroy(c);
    free(msg);
    close(fd);
}

static void test_bad_addresses_are_refused(void **state)
{
    (void)state;
    char err[128] = "";
    NetClientOptions co = {1, 0, 0, 0, NULL};
    NetClient *c = net_client_create(&co, err, sizeof err);
    assert_non_null(c);
    static const char *const bad[] = {"",
                                      "127.0.0.1",
                                      ":7157",
                                      "127.0.0.1:",
                                      "127.0.0.1:0",
                                      "127.0.0.1:65536",
                                      "127.0.0.1:12x",
                                      "127.0.0.1:-5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(net_client_connect(c, bad[i], err, sizeof err), 0);
        assert_true(err[0] != '\0');
    }
    net_client_destroy(c);
    NetServerOptions so = {"not-an-address", 0, 4, 0, NULL, NULL, 0};
    assert_null(net_server_create(&so, err, sizeof err));
    so.bind = LOOPBACK;
    so.max_peers = 0;
    assert_null(net_server_create(&so, err, sizeof err));
    co.max_conns = 0;
    assert_null(net_client_create(&co, err, sizeof err));
}

/* The admission callback of the tests: 127.0.0.3 is cut off; it counts
 * what it was asked. */
typedef struct Gate {
    int asked;
    uint32_t last;
} Gate;

static NetReason gate_admit(void *ctx, uint32_t addr)
{
    Gate *g = ctx;
    g->asked++;
    g->last = addr;
    return addr == 0x7f000003u ? NET_REASON_CUT_OFF : NET_REASON_NONE;
}

/* A client sent from `from` to a server gated by g: its connection. */
static NetConn gated_connect(NetServer **server, NetClient **client, Gate *g, const char *from)
{
    char err[128] = "", addr[64] = "";
    NetServerOptions so = {LOOPBACK, 0, 4, 3000, gate_admit, g, 0};
    if (!*server)
        *server = net_server_create(&so, err, sizeof err);
    assert_non_null(*server);
    NetClientOptions co = {2, 0, 0, 3000, from};
    *client = net_client_create(&co, err, sizeof err);
    assert_non_null(*client);
    snprintf(addr, sizeof addr, "%s:%u", LOOPBACK, (unsigned)net_server_port(*server));
    NetConn c = net_client_connect(*client, addr, err, sizeof err);
    assert_true(c != 0);
    return c;
}

/* The first event of kind sk on the server and ck on the client, polling
 * both all along (a side not polled sends nothing, its acknowledgements
 * included), bounded. */
static bool both_wait(NetServer *s, NetClient *c, NetEventKind sk, NetEvent *sev, NetEventKind ck,
                      NetEvent *cev, NetMsg *msg)
{
    bool got_s = false, got_c = false;
    for (int i = 0; i < WAIT_POLLS && !(got_s && got_c); i++) {
        NetEvent ev;
        if (net_server_poll(s, POLL_MS, &ev, msg) && !got_s && ev.kind == sk) {
            *sev = ev;
            got_s = true;
        }
        if (net_client_poll(c, 0, &ev, msg) && !got_c && ev.kind == ck) {
            *cev = ev;
            got_c = true;
        }
    }
    return got_s && got_c;
}

static void test_admission_before_a_slot(void **state)
{
    (void)state;
    Gate g = {0, 0};
    NetServer *s = NULL;
    NetClient *c = NULL;
    NetMsg *msg = calloc(1, sizeof *msg);
    assert_non_null(msg);
    /* from 127.0.0.2: asked, let in, seen from that address */
    NetConn conn = gated_connect(&s, &c, &g, "127.0.0.2");
    NetEvent sev, cev;
    assert_true(both_wait(s, c, NET_EVENT_CONNECT, &sev, NET_EVENT_CONNECT, &cev, msg));
    assert_int_equal(cev.conn, conn);
    assert_int_equal(sev.addr, 0x7f000002u);
    assert_memory_equal(sev.peer, "127.0.0.2:", 10);
    assert_int_equal(g.asked, 1);
    net_client_destroy(c);
    /* from 127.0.0.3: turned away with its reason, and never a slot */
    conn = gated_connect(&s, &c, &g, "127.0.0.3");
    assert_true(both_wait(s, c, NET_EVENT_TURNED_AWAY, &sev, NET_EVENT_DISCONNECT, &cev, msg));
    assert_int_equal(sev.reason, NET_REASON_CUT_OFF);
    assert_int_equal(sev.addr, 0x7f000003u);
    assert_int_equal(cev.conn, conn);
    assert_int_equal(cev.reason, NET_REASON_CUT_OFF);
    assert_false(net_client_connected(c, conn));
    assert_true(g.last == 0x7f000003u && g.asked >= 2);
    assert_true(net_server_stats(s).turned_away >= 1);
    net_client_destroy(c);
    c = NULL;
    for (int i = 0; i < QUIET_POLLS; i++) {
        NetEvent ev;
        if (net_server_poll(s, POLL_MS, &ev, msg))
            assert_int_not_equal(ev.kind, NET_EVENT_CONNECT);
    }
    assert_int_equal(net_server_count(s), 0);
    net_server_destroy(s);
    free(msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_type_both_ways),
        cmocka_unit_test(test_other_version_is_turned_away),
        cmocka_unit_test(test_one_past_the_limit_is_turned_away),
        cmocka_unit_test(test_garbage_drops_the_peer),
        cmocka_unit_test(test_oversized_packet_is_not_delivered),
        cmocka_unit_test(test_drop_reaches_the_client),
        cmocka_unit_test(test_bad_addresses_are_refused),
        cmocka_unit_test(test_stale_disconnect_is_not_taken),
        cmocka_unit_test(test_admission_before_a_slot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
