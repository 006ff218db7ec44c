/* feed_local.c — a table on this computer: the in-process host and its
 * seats as connections without sockets (feed_local.h). */
#include "feed_local.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#define LOCAL_QUEUE_FIRST 16  /* queued messages first allocated */
#define LOCAL_PUMP_MAX 100000 /* messages one pump delivers at most (a bound) */

typedef struct LocalMsg {
    HostConn conn;
    NetMsg *msg;
} LocalMsg;

struct LocalTable {
    Host *host;
    int players;
    SeatFeed *feed[CEKI_MAX_SEATS];
    LocalMsg *queue; /* [head, n): waiting; every slot keeps its NetMsg */
    int head, n, cap;
    uint64_t clock; /* the host's time: one tick a call */
    char table[NET_TABLE_ID_MAX + 1];
    bool dropped;
};

/* Connection c + 1 is seat c's (0 is never a connection). */
static HostConn conn_of(int seat)
{
    return (HostConn)(seat + 1);
}

static bool queue_grow(LocalTable *lt)
{
    int cap = lt->cap > 0 ? lt->cap * 2 : LOCAL_QUEUE_FIRST;
    LocalMsg *q = realloc(lt->queue, (size_t)cap * sizeof *q);
    if (q == NULL) {
        return false;
    }
    for (int i = lt->cap; i < cap; i++) {
        q[i].conn = 0;
        q[i].msg = NULL;
    }
    lt->queue = q;
    lt->cap = cap;
    return true;
}

/* The outbox: a copy of every message, queued until the next pump. */
static void outbox_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    LocalTable *lt = ctx;
    if (lt->n == lt->cap && !queue_grow(lt)) {
        return;
    }
    LocalMsg *slot = &lt->queue[lt->n];
    if (slot->msg == NULL) {
        slot->msg = malloc(sizeof *slot->msg);
        if (slot->msg == NULL) {
            return;
        }
    }
    *slot->msg = *msg;
    slot->conn = conn;
    lt->n++;
}

static void outbox_drop(void *ctx, HostConn conn, NetReason why)
{
    LocalTable *lt = ctx;
    (void)conn, (void)why;
    lt->dropped = true; /* a local seat is never dropped: the table stops */
}

static bool link_send(void *ctx, uint32_t conn, const NetMsg *msg)
{
    LocalTable *lt = ctx;
    if (lt->dropped) {
        return false;
    }
    host_received(lt->host, conn, msg, ++lt->clock);
    /* The host tells a move once it is kept (host.h): after its tick. */
    host_tick(lt->host, ++lt->clock);
    return true;
}

int local_table_pump(LocalTable *lt)
{
    int delivered = 0;
    while (lt != NULL && lt->head < lt->n && delivered < LOCAL_PUMP_MAX) {
        LocalMsg *m = &lt->queue[lt->head++];
        delivered++;
        if (m->msg->type == NET_MSG_CREATED) {
            memcpy(lt->table, m->msg->u.created.table, sizeof lt->table);
        } else if (m->conn >= 1 && m->conn <= (HostConn)lt->players) {
            /* May send at once (a resync): the host queues its answer. */
            seat_feed_receive(lt->feed[m->conn - 1], m->msg);
        }
    }
    if (lt != NULL && lt->head == lt->n) {
        lt->head = lt->n = 0;
    }
    return delivered;
}

/* ---- making the table ------------------------------------------------------ */

static void say(char *err, size_t err_size, const char *why)
{
    if (err != NULL && err_size > 0) {
        snprintf(err, err_size, "%s", why);
    }
}

static bool local_create_table(LocalTable *lt, const GameConfig *cfg)
{
    NetMsg *m = calloc(1, sizeof *m);
    if (m == NULL) {
        return false;
    }
    m->type = NET_MSG_CREATE;
    NetCreate *c = &m->u.create;
    c->rules.variant = (uint8_t)cfg->variant;
    c->rules.players = (uint8_t)cfg->players;
    c->rules.options = cfg->options;
    c->rules.rounds = (uint16_t)cfg->rounds;
    c->rules.stakes = (uint8_t)cfg->stakes;
    for (int s = 0; s < cfg->players; s++) {
        c->rules.seat_kind[s] = NET_SEAT_LOCAL;
    }
    c->has_seed = true;
    c->seed = cfg->seed;
    c->autostart = true;
    c->open = true; /* nothing to keep out: every seat is on this computer */
    bool ok = seat_feed_send(lt->feed[0], m);
    local_table_pump(lt);
    for (int s = 0; ok && lt->table[0] != '\0' && s < cfg->players; s++) {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_JOIN;
        memcpy(m->u.join.table, lt->table, sizeof m->u.join.table);
        m->u.join.seat = (int8_t)s;
        ok = seat_feed_send(lt->feed[s], m);
        local_table_pump(lt);
    }
    free(m);
    return ok && lt->table[0] != '\0' && !lt->dropped;
}

LocalTable *local_table_create(const GameConfig *cfg, char *err, size_t err_size)
{
    if (cfg == NULL || cfg->players < 1 || cfg->players > CEKI_MAX_SEATS ||
        game_config_check(cfg) != CEKI_OK) {
        say(err, err_size, _("The rules do not allow that table."));
        return NULL;
    }
    LocalTable *lt = calloc(1, sizeof *lt);
    if (lt == NULL) {
        say(err, err_size, _("out of memory"));
        return NULL;
    }
    lt->players = cfg->players;
    HostOptions opt = {.data_dir = NULL, .allow_seed = true};
    HostOutbox out = {.ctx = lt, .send = outbox_send, .drop = outbox_drop, .log = NULL};
    lt->host = host_create(&opt, &out, lt->clock, err, err_size);
    bool ok = lt->host != NULL;
    for (int s = 0; ok && s < cfg->players; s++) {
        SeatFeedLink link = {.ctx = lt, .conn = conn_of(s), .send = link_send};
        lt->feed[s] = seat_feed_create(&link);
        ok = lt->feed[s] != NULL;
        if (ok) {
            host_connected(lt->host, conn_of(s), ++lt->clock);
        }
    }
    if (ok && !local_create_table(lt, cfg)) {
        say(err, err_size, _("The table could not be set up on this computer."));
        ok = false;
    }
    if (!ok) {
        local_table_destroy(lt);
        return NULL;
    }
    return lt;
}

void local_table_destroy(LocalTable *lt)
{
    if (lt == NULL) {
        return;
    }
    host_destroy(lt->host);
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        seat_feed_destroy(lt->feed[s]);
    }
    for (int i = 0; i < lt->cap; i++) {
        free(lt->queue[i].msg);
    }
    free(lt->queue);
    free(lt);
}

SeatFeed *local_table_feed(LocalTable *lt, int seat)
{
    return lt != NULL && seat >= 0 && seat < lt->players ? lt->feed[seat] : NULL;
}

int local_table_players(const LocalTable *lt)
{
    return lt != NULL ? lt->players : 0;
}

void local_table_counts(const LocalTable *lt, HostCounts *out)
{
    if (out == NULL) {
        return;
    }
    memset(out, 0, sizeof *out);
    if (lt != NULL) {
        host_counts(lt->host, out);
    }
}

char *local_table_record(const LocalTable *lt, size_t *len)
{
    return lt != NULL ? host_table_record(lt->host, lt->table, len) : NULL;
}
