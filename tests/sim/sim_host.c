/* sim_host.c — each Host as ceki-server runs it, as a process that can be
 * killed and started again from its journal (sim.h).
 *
 * A host's calls happen inside a step. What it sends in a step is held and
 * goes on the wire when the step ends, as ceki-server's round sends what
 * ENet queued once the host's tick is done; a host that dies inside a step
 * (at a write it was armed to die at) sent nothing of that step. Its tick
 * is queued a round (1 ms) after anything happened to it, or when
 * host_next_due asks. Its clock is the world's plus an offset that a fault
 * may move forward, or set anywhere when the machine restarts.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "sim.h"

#define HOST_ROUND_MS 1u          /* ceki-server's shortest round (SERVER_ROUND_US) */
#define HOST_START_RETRY_MS 1000u /* a start that failed is tried again */
#define HOST_ERR_MAX 256

uint64_t host_sim_now(const World *w, const SimHost *sh)
{
    int64_t t = (int64_t)w->now + sh->clock_offset;
    return t < 0 ? 0 : (uint64_t)t;
}

/* ---- the outbox ---- */

static bool host_out_push(SimHost *sh, const SimOut *o)
{
    if (sh->nout == sh->out_cap) {
        size_t cap = sh->out_cap ? sh->out_cap * 2 : 64;
        SimOut *out = realloc(sh->out, cap * sizeof *out);
        if (!out)
            return false;
        sh->out = out;
        sh->out_cap = cap;
    }
    sh->out[sh->nout++] = *o;
    return true;
}

static void host_out_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    SimHost *sh = ctx;
    World *w = sh->w;
    if (sh->disk.frozen || w->broken)
        return; /* the process died in this step */
    SimLink *l = net_link(w, conn);
    if (!l || l->host != sh->index || l->host_epoch != sh->epoch) {
        sim_fail(w, "unknown-conn", "host %d sent to connection %u, which it was never given",
                 sh->index, (unsigned)conn);
        return;
    }
    if (l->host_told_gone) {
        sim_fail(w, "sent-to-gone",
                 "host %d sent a message of type %d to connection %u after "
                 "it was told the connection went",
                 sh->index, msg->type, (unsigned)conn);
        return;
    }
    size_t len = net_encode(msg, w->buf, NET_MAX_PACKET);
    if (len == 0) {
        sim_fail(w, "encode", "host %d sent a message of type %d that does not encode", sh->index,
                 msg->type);
        return;
    }
    SimOut o;
    memset(&o, 0, sizeof o);
    o.conn = conn;
    o.kind = SIM_OUT_SEND;
    check_sent(w, sh, l, msg, w->buf, len, &o);
    o.bytes = malloc(len);
    o.len = (uint32_t)len;
    if (!o.bytes || !host_out_push(sh, &o)) {
        free(o.bytes);
        sim_fail(w, "sim", "out of memory for the host's messages");
        return;
    }
    memcpy(o.bytes, w->buf, len);
}

static void host_out_drop(void *ctx, HostConn conn, NetReason why)
{
    SimHost *sh = ctx;
    if (!sh->disk.frozen && !sh->w->broken)
        check_dropped(sh->w, sh, conn, why);
    SimOut o;
    memset(&o, 0, sizeof o);
    o.conn = conn;
    o.kind = SIM_OUT_DROP;
    o.reason = (uint8_t)why;
    if (!sh->disk.frozen && !host_out_push(sh, &o))
        sim_fail(sh->w, "sim", "out of memory for the host's drops");
}

static void host_out_log(void *ctx, const char *line)
{
    SimHost *sh = ctx;
    snprintf(sh->log[sh->nlog % SIM_LOG_LINES], SIM_LOG_LINE, "%s", line);
    sh->nlog++;
    if (sh->w->trace)
        fprintf(sh->w->trace, "%8llu host %d: %s\n", (unsigned long long)sh->w->now, sh->index,
                line);
    if (strstr(line, "chose differently"))
        sim_fail(sh->w, "replay-differs", "host %d: %s", sh->index, line);
    if (strstr(line, "does not replay"))
        sim_fail(sh->w, "journal-unreadable", "host %d: %s", sh->index, line);
}

static bool host_rand(void *ctx, uint8_t *buf, size_t n)
{
    SimHost *sh = ctx;
    for (size_t i = 0; i < n; i++)
        buf[i] = (uint8_t)(sim_rng_next(&sh->rng) >> 56);
    return true;
}

static void host_out_clear(SimHost *sh)
{
    for (size_t i = 0; i < sh->nout; i++)
        free(sh->out[i].bytes);
    sh->nout = 0;
}

/* ---- the journal's reader ---- */

static void host_reader_close(SimHost *sh)
{
    sqlite3_finalize(sh->count_moves);
    sqlite3_close(sh->reader);
    sh->count_moves = NULL;
    sh->reader = NULL;
}

static bool host_reader_open(SimHost *sh)
{
    char path[sizeof sh->dir + 32];
    snprintf(path, sizeof path, "%s/ceki-server.db", sh->dir);
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, sh->vfs_name);
    sqlite3_stmt *st = NULL;
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM host_move WHERE tbl = ?1", -1, &st, NULL);
    sh->reader = db;
    sh->count_moves = st;
    if (rc != SQLITE_OK)
        host_reader_close(sh);
    return rc == SQLITE_OK;
}

long oracle_journal_moves(SimHost *sh, const char *id)
{
    sqlite3_stmt *st = sh->count_moves;
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    long n = sqlite3_step(st) == SQLITE_ROW ? (long)sqlite3_column_int64(st, 0) : -1;
    sqlite3_reset(st);
    return n;
}

/* ---- the process ---- */

static void host_queue_start(World *w, SimHost *sh, uint64_t after)
{
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_HOST_START;
    e.a = (uint32_t)sh->index;
    e.gen = sh->epoch;
    sim_at(w, after, &e);
}

bool host_sim_start(World *w, SimHost *sh)
{
    if (sh->h)
        return true;
    char err[HOST_ERR_MAX] = "";
    HostOutbox out = {sh, host_out_send, host_out_drop, host_out_log};
    sh->opt.rand_bytes = host_rand;
    sh->opt.rand_ctx = sh;
    sh->opt.journal_vfs = sh->vfs_name;
    sh->opt.data_dir = sh->dir;
    sh->epoch++;
    sh->h = host_create(&sh->opt, &out, host_sim_now(w, sh), err, sizeof err);
    if (!sh->h) {
        sh->failed_starts++;
        host_queue_start(w, sh, HOST_START_RETRY_MS);
        return false;
    }
    if (!host_reader_open(sh))
        sim_fail(w, "sim", "host %d: the simulator cannot read its journal", sh->index);
    if (sh->restarts++ > 0)
        check_restarted(w, sh);
    sh->called = true;
    return true;
}

void host_sim_kill(World *w, SimHost *sh, uint64_t down_ms)
{
    if (!sh->h)
        return;
    sh->disk.frozen = true; /* nothing more reaches its files */
    host_out_clear(sh);
    host_kill(sh->h);
    sh->h = NULL;
    host_reader_close(sh);
    sh->disk.frozen = false;
    sh->disk.crash_in = 0;
    net_host_died(w, sh);
    sh->kills++;
    sh->tick_at = SIM_NEVER;
    host_queue_start(w, sh, down_ms);
}

void host_sim_free(SimHost *sh)
{
    if (sh->h)
        host_kill(sh->h);
    sh->h = NULL;
    host_reader_close(sh);
    host_out_clear(sh);
    free(sh->out);
    sh->out = NULL;
    vfs_unregister(sh);
    memfs_unregister(sh);
}

/* ---- calls into the host ---- */

/* A call into the host begins: what it is (the moves it may make) and
 * each table's moves before it. */
static void host_call_begin(World *w, SimHost *sh, SimCall kind, SimLink *l, const NetMsg *m)
{
    for (int i = 0; i < w->ntables; i++) {
        const SimTable *t = &w->table[i];
        const HostTable *ht = t->host == sh->index ? oracle_host_table(sh, t->id) : NULL;
        sh->call_before[i] = ht ? ht->move_no : SIM_ABSENT;
    }
    sh->in_call = true;
    sh->call_kind = kind;
    sh->call = l;
    sh->call_type = m ? m->type : 0;
    sh->call_move = m && m->type == NET_MSG_MOVE ? &m->u.move : NULL;
}

static void host_call_end(World *w, SimHost *sh)
{
    check_moves_made(w, sh);
    sh->in_call = false;
    sh->call = NULL;
    sh->call_move = NULL;
}

NetReason host_sim_admit(World *w, SimHost *sh, SimLink *l)
{
    SimAddr *a = &w->addrs[w->client[l->client].addr];
    uint64_t now = host_sim_now(w, sh);
    NetReason why = host_admit(sh->h, a->addr, now);
    sh->called = true;
    check_admitted(w, sh, l, why);
    return why;
}

void host_sim_connected(World *w, SimHost *sh, SimLink *l)
{
    SimAddr *a = &w->addrs[w->client[l->client].addr];
    l->host_since = host_sim_now(w, sh);
    host_call_begin(w, sh, SIM_CALL_OTHER, l, NULL);
    host_connected_from(sh->h, l->id, a->addr, l->host_since);
    host_call_end(w, sh);
    sh->called = true;
}

void host_sim_disconnected(World *w, SimHost *sh, SimLink *l)
{
    host_call_begin(w, sh, SIM_CALL_OTHER, l, NULL);
    oracle_seat_gone(w, sh, l);
    l->host_told_gone = true;
    host_disconnected(sh->h, l->id, host_sim_now(w, sh));
    host_call_end(w, sh);
    sh->called = true;
}

void host_sim_receive(World *w, SimHost *sh, SimLink *l, const NetMsg *m)
{
    uint64_t now = host_sim_now(w, sh);
    bool hello = m->type == NET_MSG_CREATE || m->type == NET_MSG_LIST || m->type == NET_MSG_JOIN;
    if (hello && l->hello_at == 0)
        l->hello_at = now ? now : 1;
    size_t out_before = sh->nout;
    host_call_begin(w, sh, m->type == NET_MSG_MOVE ? SIM_CALL_MOVE : SIM_CALL_OTHER, l, m);
    check_handover_before(w, sh, l, m);
    host_received(sh->h, l->id, m, now);
    check_handover_after(w, sh, l, m, out_before);
    host_call_end(w, sh);
    check_received(w, sh, l, m, out_before);
    sh->called = true;
}

void host_sim_tick(World *w, SimHost *sh)
{
    host_call_begin(w, sh, SIM_CALL_TICK, NULL, NULL);
    host_tick(sh->h, host_sim_now(w, sh));
    host_call_end(w, sh);
    check_ticked(w, sh);
}

/* ---- the step's end ---- */

static void host_flush_one(World *w, SimHost *sh, const SimOut *o)
{
    SimLink *l = net_link(w, o->conn);
    if (!l || l->host != sh->index || l->host_epoch != sh->epoch) {
        sim_fail(w, "unknown-conn", "host %d dropped connection %u, which it was never given",
                 sh->index, (unsigned)o->conn);
        return;
    }
    if (o->kind == SIM_OUT_DROP) {
        oracle_seat_gone(w, sh, l);
        net_host_drop(w, l, (NetReason)o->reason);
        return;
    }
    check_flushed(w, sh, o);
    net_send_bytes(w, l, SIM_TO_CLIENT, o->bytes, o->len);
}

static void host_queue_tick(World *w, SimHost *sh)
{
    uint64_t at = sh->called ? w->now + HOST_ROUND_MS : SIM_NEVER;
    uint64_t due = host_next_due(sh->h);
    if (due != UINT64_MAX) {
        int64_t wt = (int64_t)due - sh->clock_offset;
        uint64_t d = wt <= (int64_t)w->now ? w->now + HOST_ROUND_MS : (uint64_t)wt;
        if (d < at)
            at = d;
    }
    sh->called = false;
    if (at >= sh->tick_at && sh->tick_at > w->now)
        return; /* the one queued comes first */
    sh->tick_at = at;
    if (at == SIM_NEVER)
        return;
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_HOST_TICK;
    e.a = (uint32_t)sh->index;
    e.gen = ++sh->tick_gen;
    sim_at(w, at - w->now, &e);
}

void host_sim_end_step(World *w, SimHost *sh)
{
    if (sh->h && sh->disk.frozen) { /* it died at a write in this step */
        w->stats.write_kills++;
        host_sim_kill(w, sh, sim_rng_range(&w->rng, 1, w->fault_down_ms));
        return;
    }
    if (!sh->h)
        return;
    for (size_t i = 0; i < sh->nout && !w->broken; i++)
        host_flush_one(w, sh, &sh->out[i]);
    host_out_clear(sh);
    if (!w->broken)
        check_journal(w, sh);
    host_queue_tick(w, sh);
}

void host_sim_event(World *w, const SimEvent *e)
{
    SimHost *sh = &w->host[e->a];
    if (e->kind == SIM_EV_HOST_START) {
        if (e->gen == sh->epoch)
            host_sim_start(w, sh);
        return;
    }
    if (e->kind == SIM_EV_DISK) {
        sh->disk.full = false;
        return;
    }
    if (sh->h && e->gen == sh->tick_gen) {
        sh->tick_at = SIM_NEVER;
        host_sim_tick(w, sh);
    }
}
