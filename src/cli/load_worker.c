/* load_worker.c — one thread of `ceki-cli load` (contract in load_worker.h). */
#define _POSIX_C_SOURCE 200809L
#include "load_worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "cli_net.h"

#define LOAD_NOWHERE (-1)         /* no seat (the wheel's list ends) */
#define LOAD_DELETED (-2)         /* a connection slot used, then forgotten */
#define LOAD_POLL_MAX_MS 20u      /* the longest wait for a packet when no seat is due */
#define LOAD_EVENTS_PER_ROUND 512 /* events read before the wheel turns again */
#define LOAD_PING_MS 1500u        /* as ceki-server's: a ping is two datagrams a seat */
#define LOAD_CONNS_SPARE_PART 4   /* a quarter more connections than seats: a finished */
#define LOAD_CONNS_SPARE_TABLES 2 /* table's linger while the next one's connect */
#define LOAD_LAT_FIRST 4096
#define LOAD_ERR_MAX 160

/* One table: its seats are seat[first .. first + players). */
struct LoadTable {
    int first;
    bool pending; /* a move sent, not yet received by every seat */
    uint32_t pending_no;
    uint64_t pending_at;
    int pending_got;
};

struct LoadSeat {
    BotSeat b;
    NetConn conn;
    uint64_t join_at; /* when it connected, until its WELCOME (0: none pending) */
    int table;
    bool in_wheel;
    uint64_t wheel_due; /* while in_wheel: when its think time is over */
    int next;           /* while in_wheel: the next seat of its slot */
};

struct LoadConnSlot {
    NetConn conn; /* 0: never used */
    int seat;     /* LOAD_DELETED: used, then forgotten */
};

/* ---- connections to seats ---- */

static size_t map_home(const LoadWorker *w, NetConn conn)
{
    return (size_t)(conn * 2654435761u) & (w->map_cap - 1);
}

static void map_put(LoadWorker *w, NetConn conn, int seat)
{
    size_t i = map_home(w, conn);
    for (size_t k = 0; k < w->map_cap; k++, i = (i + 1) & (w->map_cap - 1)) {
        LoadConnSlot *m = &w->map[i];
        if (m->conn == 0 || m->seat == LOAD_DELETED || m->conn == conn) {
            m->conn = conn;
            m->seat = seat;
            return;
        }
    }
}

static LoadConnSlot *map_find(LoadWorker *w, NetConn conn)
{
    size_t i = map_home(w, conn);
    for (size_t k = 0; k < w->map_cap && w->map[i].conn != 0; k++, i = (i + 1) & (w->map_cap - 1)) {
        if (w->map[i].conn == conn && w->map[i].seat != LOAD_DELETED)
            return &w->map[i];
    }
    return NULL;
}

static void map_forget(LoadWorker *w, NetConn conn)
{
    LoadConnSlot *slot = map_find(w, conn);
    if (slot)
        slot->seat = LOAD_DELETED;
}

/* ---- the think timer wheel ---- */

static void wheel_add(LoadWorker *w, int s, uint64_t due)
{
    LoadSeat *ls = &w->seat[s];
    size_t k = (size_t)(due < w->wheel_at ? w->wheel_at : due) & (LOAD_WHEEL_SLOTS - 1u);
    ls->in_wheel = true;
    ls->wheel_due = due;
    ls->next = w->wheel[k];
    w->wheel[k] = s;
}

/* The move of seat s went out (in this round's flush). */
static void load_sent_move(LoadWorker *w, int s)
{
    LoadTable *lt = &w->table[w->seat[s].table];
    lt->pending = true;
    lt->pending_no = w->reply->u.move.move_no;
    lt->pending_got = 0;
    lt->pending_at = 0;
    if (w->nmoved < w->nseats)
        w->moved[w->nmoved++] = w->seat[s].table;
}

/* Seat s moves when its time has come, or waits in the wheel until then. */
static void load_seat_due(LoadWorker *w, int s, uint64_t now)
{
    LoadSeat *ls = &w->seat[s];
    BotSeat *b = &ls->b;
    if (ls->in_wheel || !ls->conn)
        return;
    if (botseat_due(b, now, w->reply)) {
        if (net_client_send(w->c, ls->conn, w->reply))
            load_sent_move(w, s);
        return;
    }
    if (b->move_timed && b->move_sent != b->move_no && b->move_due_ms > now)
        wheel_add(w, s, b->move_due_ms);
}

/* How long to wait for a packet: until the first slot after now that holds
 * a seat (perhaps one of a later turn: then it wakes early, no harm), at
 * most LOAD_POLL_MAX_MS. Each ENet service visits every connection, so a
 * worker that woke every millisecond spent most of its time there. */
static uint32_t wheel_wait_ms(const LoadWorker *w, uint64_t now)
{
    uint32_t ms = 1;
    while (ms < LOAD_POLL_MAX_MS && w->wheel[(now + ms) & (LOAD_WHEEL_SLOTS - 1u)] == LOAD_NOWHERE)
        ms++;
    return ms;
}

/* Every slot from the last turn up to now: the seats whose time is over. */
static void wheel_run(LoadWorker *w, uint64_t now)
{
    uint64_t from = w->wheel_at;
    if (now >= from + LOAD_WHEEL_SLOTS)
        from = now + 1 - LOAD_WHEEL_SLOTS; /* one turn visits every slot */
    for (uint64_t t = from; t <= now; t++) {
        int *link = &w->wheel[t & (LOAD_WHEEL_SLOTS - 1u)];
        while (*link != LOAD_NOWHERE) {
            int s = *link;
            LoadSeat *ls = &w->seat[s];
            if (ls->wheel_due > now) { /* a later turn's */
                link = &ls->next;
                continue;
            }
            *link = ls->next;
            ls->in_wheel = false;
            ls->next = LOAD_NOWHERE;
            load_seat_due(w, s, now); /* adds it again only for a time after now */
        }
    }
    w->wheel_at = now + 1;
}

/* ---- tables ---- */

static bool load_ask_table(LoadWorker *w, int t)
{
    NetMsg *m = w->reply;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATE;
    NetCreate *c = &m->u.create;
    c->rules.variant = (uint8_t)w->plan->v->id;
    c->rules.players = (uint8_t)w->plan->players;
    c->autostart = true;
    c->open = true;
    snprintf(c->name, sizeof c->name, "ceki-cli load");
    if (w->asked_count == w->ntables || !net_client_send(w->c, w->control, m))
        return false;
    w->asked[(w->asked_head + w->asked_count++) % w->ntables] = t;
    return true;
}

/* The table got its id: a connection for each of its seats. */
static void load_seat_table(LoadWorker *w, int t, const char *id)
{
    LoadTable *lt = &w->table[t];
    lt->pending = false;
    for (int s = lt->first; s < lt->first + w->plan->players; s++) {
        LoadSeat *ls = &w->seat[s];
        botseat_free(&ls->b);
        if (!botseat_init(&ls->b, AI_GREEDY, w->plan->think_ms)) {
            w->lost++;
            continue;
        }
        snprintf(ls->b.table, sizeof ls->b.table, "%s", id);
        char err[LOAD_ERR_MAX] = "";
        ls->conn = net_client_connect(w->c, w->plan->connect, err, sizeof err);
        ls->join_at = cli_now_ms();
        if (ls->conn)
            map_put(w, ls->conn, s);
        else
            w->lost++;
    }
}

/* Every seat has the record: the table makes way for a new one. */
static bool load_table_over(LoadWorker *w, int t)
{
    const LoadTable *lt = &w->table[t];
    for (int s = lt->first; s < lt->first + w->plan->players; s++) {
        if (!w->seat[s].b.over)
            return true;
    }
    for (int s = lt->first; s < lt->first + w->plan->players; s++) {
        LoadSeat *ls = &w->seat[s];
        map_forget(w, ls->conn);
        if (ls->conn && net_client_connected(w->c, ls->conn))
            net_client_disconnect(w->c, ls->conn, NET_REASON_LEAVING);
        ls->conn = 0;
    }
    w->finished++;
    return load_ask_table(w, t);
}

bool load_samples_add(LoadSamples *s, uint64_t ms)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : LOAD_LAT_FIRST;
        uint32_t *grown = realloc(s->v, cap * sizeof *grown);
        if (!grown)
            return false;
        s->v = grown;
        s->cap = cap;
    }
    s->v[s->n++] = ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
    return true;
}

void load_samples_free(LoadSamples *s)
{
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* Seat s has its record: its transcript is checked against it. */
static void load_check_transcript(LoadWorker *w, int s)
{
    char err[LOAD_ERR_MAX] = "";
    char *text = botseat_finish(&w->seat[s].b, err, sizeof err);
    w->transcripts++;
    if (!text) {
        w->differing++;
        fprintf(stderr, "ceki-cli: load: seat %d of table %s: %s\n", w->seat[s].b.seat,
                w->seat[s].b.table, err);
    }
    free(text);
}

/* An update reached seat s: the move it carries is measured once every
 * seat of the table has it. */
static void load_update(LoadWorker *w, int s, const NetUpdate *u, uint64_t now)
{
    LoadTable *lt = &w->table[w->seat[s].table];
    if (s == lt->first && u->move.type != MOVE_NONE)
        w->moves++;
    if (!lt->pending || lt->pending_at == 0 || u->move_no != lt->pending_no + 1)
        return;
    if (++lt->pending_got == w->plan->players) {
        load_samples_add(&w->lat, now - lt->pending_at);
        lt->pending = false;
    }
}

/* ---- events ---- */

static bool load_control(LoadWorker *w, const NetEvent *ev)
{
    if (ev->kind == NET_EVENT_DISCONNECT) {
        fprintf(stderr, "ceki-cli: load: the server closed the connection: %s\n",
                net_reason_text(ev->reason));
        return false;
    }
    if (ev->kind != NET_EVENT_MESSAGE)
        return true;
    if (w->msg->type == NET_MSG_REFUSED) {
        fprintf(stderr, "ceki-cli: load: the server refused a table: %s\n",
                w->msg->u.refused.reason);
        return false;
    }
    if (w->msg->type == NET_MSG_CREATED && w->asked_count > 0) {
        int t = w->asked[w->asked_head];
        w->asked_head = (w->asked_head + 1) % w->ntables;
        w->asked_count--;
        load_seat_table(w, t, w->msg->u.created.table);
    }
    return true;
}

static bool load_seat_event(LoadWorker *w, int s, const NetEvent *ev, uint64_t now)
{
    LoadSeat *ls = &w->seat[s];
    if (ev->kind == NET_EVENT_CONNECT) {
        botseat_join_msg(&ls->b, ls->b.table, NULL, w->reply);
        net_client_send(w->c, ls->conn, w->reply);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        map_forget(w, ls->conn);
        ls->conn = 0;
        w->lost++;
        w->join_failed += ls->join_at != 0;
        ls->join_at = 0;
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        if (w->msg->type == NET_MSG_WELCOME && ls->join_at) {
            load_samples_add(&w->join, now - ls->join_at);
            ls->join_at = 0;
        }
        long before = ls->b.resyncs;
        if (botseat_receive(&ls->b, w->msg, now, w->reply))
            net_client_send(w->c, ls->conn, w->reply);
        w->resyncs += ls->b.resyncs - before;
        if (w->msg->type == NET_MSG_UPDATE)
            load_update(w, s, &w->msg->u.update, now);
        if (w->msg->type == NET_MSG_RECORD && ls->b.over) {
            load_check_transcript(w, s);
            return load_table_over(w, ls->table);
        }
        load_seat_due(w, s, now);
    }
    return true;
}

static bool load_events(LoadWorker *w)
{
    NetEvent ev;
    uint32_t wait = wheel_wait_ms(w, cli_now_ms());
    for (int n = 0; n < LOAD_EVENTS_PER_ROUND; n++, wait = 0) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(w->c, wait, &ev, w->msg))
            return true;
        uint64_t now = cli_now_ms();
        if (ev.conn == w->control) {
            if (!load_control(w, &ev))
                return false;
            continue;
        }
        LoadConnSlot *slot = map_find(w, ev.conn);
        if (slot && slot->seat >= 0 && !load_seat_event(w, slot->seat, &ev, now))
            return false;
    }
    return true;
}

/* What this round sent leaves in one flush (a flush visits every
 * connection); each such move's latency counts from then. */
static void load_flush_moves(LoadWorker *w)
{
    if (w->nmoved == 0)
        return;
    net_client_flush(w->c);
    uint64_t now = cli_now_ms();
    for (int i = 0; i < w->nmoved; i++)
        w->table[w->moved[i]].pending_at = now;
    w->nmoved = 0;
}

/* Asks for the tables whose turn to open has come (load_worker.h). */
static bool load_open_tables(LoadWorker *w, uint64_t now)
{
    const LoadPlan *p = w->plan;
    bool ok = true;
    while (ok && w->opened < w->ntables) {
        uint64_t nth = (uint64_t)w->opened * (uint64_t)p->workers + (uint64_t)w->index;
        if (p->start_ms + nth * p->ramp_ms / (uint64_t)p->tables > now)
            break;
        ok = load_ask_table(w, w->opened++);
    }
    return ok;
}

void *load_worker_run(void *arg)
{
    LoadWorker *w = arg;
    LoadPlan *plan = w->plan;
    w->control = cli_net_connect("load", w->c, plan->connect);
    bool ok = w->control != 0;
    w->wheel_at = cli_now_ms();
    while (ok && !atomic_load(&plan->stop) && cli_now_ms() < plan->end_ms) {
        ok = load_open_tables(w, cli_now_ms()) && load_events(w);
        wheel_run(w, cli_now_ms());
        load_flush_moves(w);
    }
    w->recv_bytes = net_client_stats(w->c).recv_bytes;
    if (!ok) {
        w->failed = true;
        atomic_store(&plan->stop, true);
    }
    return NULL;
}

/* ---- setting up ---- */

static bool load_alloc(LoadWorker *w)
{
    w->map_cap = 1;
    while (w->map_cap < (size_t)w->nseats * 8u)
        w->map_cap *= 2;
    w->table = calloc((size_t)w->ntables, sizeof *w->table);
    w->seat = calloc((size_t)w->nseats, sizeof *w->seat);
    w->map = calloc(w->map_cap, sizeof *w->map);
    w->asked = calloc((size_t)w->ntables, sizeof *w->asked);
    w->moved = calloc((size_t)w->nseats, sizeof *w->moved);
    w->msg = malloc(sizeof *w->msg);
    w->reply = malloc(sizeof *w->reply);
    return w->table && w->seat && w->map && w->asked && w->moved && w->msg && w->reply;
}

bool load_worker_open(LoadWorker *w, LoadPlan *plan, int index, int ntables)
{
    memset(w, 0, sizeof *w);
    w->plan = plan;
    w->index = index;
    w->ntables = ntables;
    w->nseats = ntables * plan->players;
    if (!load_alloc(w)) {
        fprintf(stderr, "ceki-cli: load: out of memory\n");
        return false;
    }
    for (size_t k = 0; k < LOAD_WHEEL_SLOTS; k++)
        w->wheel[k] = LOAD_NOWHERE;
    for (int t = 0; t < ntables; t++)
        w->table[t].first = t * plan->players;
    for (int s = 0; s < w->nseats; s++) {
        w->seat[s].table = s / plan->players;
        w->seat[s].next = LOAD_NOWHERE;
        if (!botseat_init(&w->seat[s].b, AI_GREEDY, plan->think_ms)) {
            fprintf(stderr, "ceki-cli: load: out of memory\n");
            return false;
        }
    }
    int spare = w->nseats / LOAD_CONNS_SPARE_PART;
    if (spare < LOAD_CONNS_SPARE_TABLES * plan->players)
        spare = LOAD_CONNS_SPARE_TABLES * plan->players;
    int conns = w->nseats + spare + 1; /* and the control connection */
    if (conns > NET_TRANSPORT_MAX_PEERS)
        conns = NET_TRANSPORT_MAX_PEERS;
    char err[LOAD_ERR_MAX] = "";
    NetClientOptions opt = {conns, 0, 0, CLI_NET_PEER_TIMEOUT_MS, plan->bind};
    w->c = net_client_create(&opt, err, sizeof err);
    if (!w->c) {
        fprintf(stderr, "ceki-cli: load: %s\n", err);
        return false;
    }
    net_client_set_ping(w->c, LOAD_PING_MS);
    return true;
}

void load_worker_close(LoadWorker *w)
{
    for (int s = 0; w->seat && s < w->nseats; s++)
        botseat_free(&w->seat[s].b);
    if (w->c)
        net_client_destroy(w->c);
    free(w->table);
    free(w->seat);
    free(w->map);
    free(w->asked);
    free(w->moved);
    free(w->msg);
    free(w->reply);
    load_samples_free(&w->lat);
    load_samples_free(&w->join);
    memset(w, 0, sizeof *w);
}
