/* flood — bad input from raw ENet clients while a match runs.
 *
 *   flood HOST:PORT TABLE COUNT SEED
 *
 * Sends at least COUNT bad messages to a ceki-server from many peers, a
 * burst from each: random bytes, truncated and over-long encodings, a
 * packet over NET_MAX_PACKET (then a well-formed LIST), a host's own
 * message, a join of TABLE with a token nobody holds, moves from a peer
 * with no seat, and from a seated peer (at a table of its own) moves for
 * another seat, out of turn, answering a stale move number, or illegal.
 * Prints one line per kind and "flood: sent N messages from P peers, D
 * disconnected with the reason expected"; exits 0 when every peer that
 * connected was disconnected by the server with the reason its messages
 * earn (expected_bye; NET_REASON_NONE, a timeout, never counts). The
 * oversized peer too: the transport sees the fragment's total length as
 * its first datagram arrives and drops it with NET_REASON_GARBAGE, as
 * test_abuse demands. Bounded: it gives up after FLOOD_SECONDS.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net_transport.h"
#include "proto.h"

#define FLOOD_SECONDS 120u
/* Peers connected at once from this process's one socket. With more, some
 * peers' packets never reached the server's code (it logged them connected,
 * then nothing; seen with 2 or more at once with ENet 1.3.17), so the test
 * runs several flood processes side by side instead. */
#define FLOOD_AT_ONCE 1
#define FLOOD_BURST 80 /* messages per peer: more than the host's refusals in a row */
#define FLOOD_MAX_PEERS 4096
#define FLOOD_RANDOM_MAX 300 /* bytes of a random message */

typedef enum Kind {
    K_RANDOM,
    K_TRUNCATED,
    K_TRAILING,
    K_OVERSIZED,
    K_HOST_MSG,
    K_BAD_TOKEN,
    K_UNSEATED_MOVE,
    K_SEATED_BAD_MOVE,
    K_COUNT
} Kind;

static const char *const kind_names[K_COUNT] = {
    "random bytes", "truncated", "trailing bytes", "oversized",
    "host message", "bad token", "move unseated",  "bad moves seated"};

typedef struct Peer {
    NetConn conn;
    Kind kind;
    bool done;      /* disconnected */
    bool connected; /* the server took the connection (else it sent nothing) */
    NetReason why;
    int stage; /* K_SEATED_BAD_MOVE: 0 create, 1 join, 2 moving */
} Peer;

typedef struct Flood {
    NetClient *c;
    const char *addr, *table;
    Peer peer[FLOOD_MAX_PEERS];
    int npeers, live;
    long sent, target;
    uint64_t rng;
    NetMsg *msg, *out;
    uint8_t *buf;
    long by_kind[K_COUNT], reasoned[K_COUNT]; /* reasoned: with the reason expected */
} Flood;

static uint64_t now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static uint32_t rnd(Flood *f)
{
    f->rng ^= f->rng << 13;
    f->rng ^= f->rng >> 7;
    f->rng ^= f->rng << 17;
    return (uint32_t)(f->rng >> 16);
}

static void send_raw(Flood *f, Peer *p, uint8_t channel, size_t len)
{
    if (net_client_send_raw(f->c, p->conn, channel, f->buf, len, true)) {
        f->sent++;
        f->by_kind[p->kind]++;
    }
}

static void send_msg(Flood *f, Peer *p, const NetMsg *m)
{
    if (net_client_send(f->c, p->conn, m)) {
        f->sent++;
        f->by_kind[p->kind]++;
    }
}

/* A well-formed JOIN of the watched table, as bytes in f->buf. */
static size_t encode_join(Flood *f, const char *token)
{
    memset(f->out, 0, sizeof *f->out);
    f->out->type = NET_MSG_JOIN;
    snprintf(f->out->u.join.table, sizeof f->out->u.join.table, "%s", f->table);
    snprintf(f->out->u.join.token, sizeof f->out->u.join.token, "%s", token);
    f->out->u.join.seat = -1;
    snprintf(f->out->u.join.name, sizeof f->out->u.join.name, "flood");
    return net_encode(f->out, f->buf, NET_MAX_PACKET);
}

static void burst_bytes(Flood *f, Peer *p)
{
    for (int i = 0; i < FLOOD_BURST; i++) {
        size_t len = encode_join(f, "");
        if (p->kind == K_RANDOM) {
            len = 1 + rnd(f) % FLOOD_RANDOM_MAX;
            for (size_t k = 0; k < len; k++)
                f->buf[k] = (uint8_t)rnd(f);
        } else if (p->kind == K_TRUNCATED) {
            len = 1 + rnd(f) % (len - 1);
        } else {
            f->buf[len++] = (uint8_t)rnd(f);
        }
        send_raw(f, p, NET_CHANNEL_GAME, len);
    }
}

static void burst_oversized(Flood *f, Peer *p)
{
    size_t len = encode_join(f, "");
    memset(f->buf + len, 'x', 2 * NET_MAX_PACKET - len);
    send_raw(f, p, NET_CHANNEL_GAME, 2 * NET_MAX_PACKET);
    /* Then a well-formed LIST, as test_abuse sends: its reason, GARBAGE,
     * can come only from the oversized packet. */
    memset(f->out, 0, sizeof *f->out);
    f->out->type = NET_MSG_LIST;
    net_client_send(f->c, p->conn, f->out); /* not a bad message: not counted */
}

static void burst_messages(Flood *f, Peer *p)
{
    for (int i = 0; i < FLOOD_BURST; i++) {
        memset(f->out, 0, sizeof *f->out);
        if (p->kind == K_HOST_MSG) {
            f->out->type = NET_MSG_CREATED;
            snprintf(f->out->u.created.table, sizeof f->out->u.created.table, "x%d", i);
            f->out->u.created.open = true;
        } else if (p->kind == K_BAD_TOKEN) {
            f->out->type = NET_MSG_JOIN;
            snprintf(f->out->u.join.table, sizeof f->out->u.join.table, "%s", f->table);
            snprintf(f->out->u.join.token, sizeof f->out->u.join.token, "%032x", i + 1);
            f->out->u.join.seat = -1;
        } else {
            f->out->type = NET_MSG_MOVE;
            f->out->u.move.move_no = rnd(f) % 4;
            f->out->u.move.move.type = MOVE_TURN;
            f->out->u.move.move.seat = (uint8_t)(rnd(f) % 3);
            f->out->u.move.move.card = CARD_NONE;
            f->out->u.move.move.target = CARD_NONE;
        }
        send_msg(f, p, f->out);
    }
}

/* The seated peer: a table of its own (seat 0 net, two computers), joined,
 * then moves that must all be refused. */
static void seated_next(Flood *f, Peer *p, const NetMsg *got)
{
    memset(f->out, 0, sizeof *f->out);
    if (p->stage == 0) {
        f->out->type = NET_MSG_CREATE;
        NetCreate *c = &f->out->u.create;
        c->rules.variant = VARIANT_THOTHIT;
        c->rules.players = 3;
        c->rules.seat_kind[0] = NET_SEAT_NET;
        c->rules.seat_kind[1] = NET_SEAT_GREEDY;
        c->rules.seat_kind[2] = NET_SEAT_GREEDY;
        c->autostart = true;
        c->open = true;
        send_msg(f, p, f->out);
        p->stage = 1;
    } else if (p->stage == 1 && got && got->type == NET_MSG_CREATED) {
        f->out->type = NET_MSG_JOIN;
        snprintf(f->out->u.join.table, sizeof f->out->u.join.table, "%s", got->u.created.table);
        f->out->u.join.seat = -1;
        send_msg(f, p, f->out);
        p->stage = 2;
    } else if (p->stage == 2 && got && got->type == NET_MSG_WELCOME) {
        p->stage = 3;
        for (int i = 0; i < FLOOD_BURST; i++) {
            f->out->type = NET_MSG_MOVE;
            f->out->u.move.move_no = i % 2 ? 1000u + (uint32_t)i : 0;    /* stale, or now */
            f->out->u.move.move.type = i % 3 ? MOVE_PLAY : MOVE_DISCARD; /* illegal here */
            f->out->u.move.move.seat = (uint8_t)(1 + i % 2);             /* another seat */
            f->out->u.move.move.card = CARD_NONE;
            f->out->u.move.move.target = CARD_NONE;
            send_msg(f, p, f->out);
        }
    }
}

static void on_connected(Flood *f, Peer *p)
{
    switch (p->kind) {
    case K_RANDOM:
    case K_TRUNCATED:
    case K_TRAILING: burst_bytes(f, p); break;
    case K_OVERSIZED: burst_oversized(f, p); break;
    case K_SEATED_BAD_MOVE: seated_next(f, p, NULL); break;
    default: burst_messages(f, p); break;
    }
}

static Peer *peer_of(Flood *f, NetConn conn)
{
    for (int i = 0; i < f->npeers; i++) {
        if (f->peer[i].conn == conn && !f->peer[i].done)
            return &f->peer[i];
    }
    return NULL;
}

static void start_peers(Flood *f)
{
    while (f->live < FLOOD_AT_ONCE && f->sent < f->target && f->npeers < FLOOD_MAX_PEERS) {
        char err[128] = "";
        Peer *p = &f->peer[f->npeers];
        p->kind = (Kind)(f->npeers % K_COUNT);
        p->conn = net_client_connect(f->c, f->addr, err, sizeof err);
        if (!p->conn) {
            fprintf(stderr, "flood: %s\n", err);
            return;
        }
        f->npeers++;
        f->live++;
    }
}

/* What the server drops a peer of this kind with. */
static NetReason expected_bye(Kind k)
{
    switch (k) {
    case K_UNSEATED_MOVE:
    case K_SEATED_BAD_MOVE: return NET_REASON_ABUSE;
    case K_BAD_TOKEN: return NET_REASON_NO_SEAT;
    default: return NET_REASON_GARBAGE;
    }
}

static void on_event(Flood *f, const NetEvent *ev)
{
    Peer *p = peer_of(f, ev->conn);
    if (!p)
        return;
    if (ev->kind == NET_EVENT_CONNECT) {
        p->connected = true;
        on_connected(f, p);
    } else if (ev->kind == NET_EVENT_MESSAGE && p->kind == K_SEATED_BAD_MOVE) {
        seated_next(f, p, f->msg);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        p->done = true;
        p->why = ev->reason;
        f->live--;
        if (ev->reason == expected_bye(p->kind) && p->connected)
            f->reasoned[p->kind]++;
    }
}

static int report(const Flood *f)
{
    long peers[K_COUNT] = {0};
    int reasoned = 0, never = 0;
    for (int i = 0; i < f->npeers; i++) {
        const Peer *p = &f->peer[i];
        never += !p->connected;
        peers[p->kind] += p->connected;
        reasoned += p->connected && p->done && p->why == expected_bye(p->kind);
    }
    for (int k = 0; k < K_COUNT; k++)
        printf("flood: %-16s %5ld messages from %3ld peers, %3ld disconnected with %s\n",
               kind_names[k], f->by_kind[k], peers[k], f->reasoned[k],
               net_reason_text(expected_bye((Kind)k)));
    for (int i = 0; i < f->npeers; i++) {
        const Peer *p = &f->peer[i];
        if (p->connected && (!p->done || p->why != expected_bye(p->kind)))
            printf("flood: peer %d (%s) %s%s\n", i, kind_names[p->kind],
                   !p->done                    ? "still connected"
                   : p->why == NET_REASON_NONE ? "timed out, no reason given"
                                               : "dropped with another reason: ",
                   p->done && p->why != NET_REASON_NONE ? net_reason_text(p->why) : "");
    }
    printf("flood: sent %ld messages from %d peers, %d disconnected with the reason expected; %d "
           "more never connected (sent nothing)\n",
           f->sent, f->npeers - never, reasoned, never);
    return f->sent >= f->target && reasoned == f->npeers - never ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: flood HOST:PORT TABLE COUNT SEED\n");
        return 2;
    }
    static Flood f; /* large (the peers), and one per process */
    f.addr = argv[1];
    f.table = argv[2];
    f.target = atol(argv[3]);
    f.rng = strtoull(argv[4], NULL, 10) | 1u;
    f.msg = malloc(sizeof *f.msg);
    f.out = malloc(sizeof *f.out);
    f.buf = malloc(4 * NET_MAX_PACKET);
    char err[128] = "";
    NetClientOptions opt = {FLOOD_AT_ONCE + 1, 0, 4 * NET_MAX_PACKET, 5000, NULL};
    f.c = f.msg && f.out && f.buf ? net_client_create(&opt, err, sizeof err) : NULL;
    if (!f.c) {
        fprintf(stderr, "flood: %s\n", err);
        return 1;
    }
    uint64_t end = now_ms() + FLOOD_SECONDS * 1000u;
    NetEvent ev;
    while (now_ms() < end && (f.sent < f.target || f.live > 0)) {
        start_peers(&f);
        memset(&ev, 0, sizeof ev);
        if (net_client_poll(f.c, 5, &ev, f.msg))
            on_event(&f, &ev);
    }
    int st = report(&f);
    net_client_destroy(f.c);
    free(f.msg);
    free(f.out);
    free(f.buf);
    return st;
}
