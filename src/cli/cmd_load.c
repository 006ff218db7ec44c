/* cmd_load.c — `ceki-cli load` (contract in cli_netcmd.h): many tables of
 * network bots from one process, and what the server's answers cost. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "cli_args.h"
#include "cli_net.h"
#include "cli_netcmd.h"
#include "cli_util.h"

#define LOAD_TABLES_MAX 1300L /* seats stay under the transport's limit */
#define LOAD_SECONDS_MAX 86400L
#define LOAD_THINK_MAX_MS 600000L
#define LOAD_DEFAULT_SECONDS 30L
#define LOAD_POLL_MS 1u
#define LOAD_EVENTS_PER_ROUND 4096
#define LOAD_NO_SEAT (-1)
#define LOAD_DELETED (-2)

typedef struct LoadArgs {
    const char *connect;
    const VariantDesc *v;
    long tables, think_ms, seconds;
} LoadArgs;

/* One table: its seats are seat[first .. first + players). */
typedef struct LoadTable {
    int first;
    bool waiting_id; /* a CREATE is out for it */
    bool pending;    /* a move sent, not yet received by every seat */
    uint32_t pending_no;
    uint64_t pending_at;
    int pending_got;
} LoadTable;

typedef struct LoadSeat {
    BotSeat b;
    NetConn conn;
    int table;
} LoadSeat;

typedef struct ConnSlot {
    NetConn conn; /* 0: never used */
    int seat;     /* LOAD_DELETED: used, then forgotten */
} ConnSlot;

typedef struct Load {
    LoadArgs a;
    int players, nseats;
    NetClient *c;
    NetConn control;
    LoadTable *table;
    LoadSeat *seat;
    ConnSlot *map;
    size_t map_cap;
    NetMsg *msg, *reply;
    uint32_t *lat;
    size_t nlat, lat_cap;
    long moves, resyncs, finished, lost;
} Load;

static int load_usage(const char *why)
{
    fprintf(stderr, "ceki-cli: load: %s\n", why);
    fprintf(stderr, "usage: ceki-cli load --connect HOST:PORT --tables N --variant V "
                    "[--think MS] [--seconds S]\n");
    return 2;
}

static int parse_one(LoadArgs *a, const char *arg, const char *val)
{
    if (strcmp(arg, "--connect") == 0)
        a->connect = val;
    else if (strcmp(arg, "--variant") == 0)
        return (a->v = cli_find_variant(val)) ? 0 : 2;
    else if (strcmp(arg, "--tables") == 0)
        return cli_parse_long(val, 1, LOAD_TABLES_MAX, &a->tables)
                   ? 0
                   : load_usage("--tables takes 1 to 1300");
    else if (strcmp(arg, "--think") == 0)
        return cli_parse_long(val, 0, LOAD_THINK_MAX_MS, &a->think_ms)
                   ? 0
                   : load_usage("--think takes milliseconds (0 to 600000)");
    else if (strcmp(arg, "--seconds") == 0)
        return cli_parse_long(val, 1, LOAD_SECONDS_MAX, &a->seconds)
                   ? 0
                   : load_usage("--seconds takes 1 to 86400");
    else {
        fprintf(stderr, "ceki-cli: load: unexpected argument '%s'\n", arg);
        return 2;
    }
    return 0;
}

static int parse_load_args(int argc, char **argv, LoadArgs *a)
{
    a->seconds = LOAD_DEFAULT_SECONDS;
    int st = 0;
    for (int i = 1; i < argc && st == 0; i += 2)
        st = i + 1 < argc ? parse_one(a, argv[i], argv[i + 1])
                          : load_usage("an option lacks its value");
    if (st == 0 && (!a->connect || !a->v || a->tables == 0))
        st = load_usage("needs --connect HOST:PORT, --tables N and --variant V");
    return st;
}

/* ---- connections to seats ---- */

static size_t map_home(const Load *l, NetConn conn)
{
    return (size_t)(conn * 2654435761u) & (l->map_cap - 1);
}

static void map_put(Load *l, NetConn conn, int seat)
{
    size_t i = map_home(l, conn);
    for (size_t k = 0; k < l->map_cap; k++, i = (i + 1) & (l->map_cap - 1)) {
        if (l->map[i].conn == 0 || l->map[i].seat == LOAD_DELETED || l->map[i].conn == conn) {
            l->map[i].conn = conn;
            l->map[i].seat = seat;
            return;
        }
    }
}

static ConnSlot *map_find(Load *l, NetConn conn)
{
    size_t i = map_home(l, conn);
    for (size_t k = 0; k < l->map_cap && l->map[i].conn != 0; k++, i = (i + 1) & (l->map_cap - 1)) {
        if (l->map[i].conn == conn && l->map[i].seat != LOAD_DELETED)
            return &l->map[i];
    }
    return NULL;
}

/* ---- tables ---- */

typedef struct LoadQueue {
    int *slot; /* tables waiting for their id, in the order asked */
    int head, count, cap;
} LoadQueue;

static bool load_ask_table(Load *l, LoadQueue *q, int t)
{
    NetMsg *m = l->reply;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATE;
    NetCreate *c = &m->u.create;
    c->rules.variant = (uint8_t)l->a.v->id;
    c->rules.players = (uint8_t)l->players;
    c->autostart = true;
    snprintf(c->name, sizeof c->name, "ceki-cli load");
    if (!net_client_send(l->c, l->control, m) || q->count == q->cap)
        return false;
    q->slot[(q->head + q->count++) % q->cap] = t;
    l->table[t].waiting_id = true;
    return true;
}

/* The table got its id: a connection for each of its seats. */
static void load_seat_table(Load *l, int t, const char *id)
{
    LoadTable *lt = &l->table[t];
    lt->waiting_id = false;
    lt->pending = false;
    for (int s = lt->first; s < lt->first + l->players; s++) {
        LoadSeat *ls = &l->seat[s];
        botseat_free(&ls->b);
        botseat_init(&ls->b, AI_GREEDY, (uint32_t)l->a.think_ms);
        snprintf(ls->b.table, sizeof ls->b.table, "%s", id);
        char err[128] = "";
        ls->conn = net_client_connect(l->c, l->a.connect, err, sizeof err);
        if (ls->conn)
            map_put(l, ls->conn, s);
        else
            l->lost++;
    }
}

static void load_drop_seat(Load *l, LoadSeat *ls)
{
    ConnSlot *slot = map_find(l, ls->conn);
    if (slot)
        slot->seat = LOAD_DELETED;
    if (ls->conn && net_client_connected(l->c, ls->conn))
        net_client_disconnect(l->c, ls->conn, NET_BYE_LEAVING);
    ls->conn = 0;
}

/* Every seat has the record: the table makes way for a new one. */
static void load_table_over(Load *l, LoadQueue *q, int t)
{
    const LoadTable *lt = &l->table[t];
    for (int s = lt->first; s < lt->first + l->players; s++) {
        if (!l->seat[s].b.over)
            return;
    }
    for (int s = lt->first; s < lt->first + l->players; s++)
        load_drop_seat(l, &l->seat[s]);
    l->finished++;
    load_ask_table(l, q, t);
}

static void load_note_latency(Load *l, uint64_t ms)
{
    if (l->nlat == l->lat_cap) {
        size_t cap = l->lat_cap ? l->lat_cap * 2 : 4096;
        uint32_t *grown = realloc(l->lat, cap * sizeof *grown);
        if (!grown)
            return;
        l->lat = grown;
        l->lat_cap = cap;
    }
    l->lat[l->nlat++] = (uint32_t)ms;
}

/* An update reached one seat: the move it carries is measured once every
 * seat of the table has it. */
static void load_update(Load *l, int s, const NetUpdate *u, uint64_t now)
{
    LoadTable *lt = &l->table[l->seat[s].table];
    if (s == lt->first && u->move.type != MOVE_NONE)
        l->moves++;
    if (!lt->pending || u->move_no != lt->pending_no + 1)
        return;
    if (++lt->pending_got == l->players) {
        load_note_latency(l, now - lt->pending_at);
        lt->pending = false;
    }
}

/* ---- the loop ---- */

static bool load_control(Load *l, LoadQueue *q, const NetEvent *ev)
{
    if (ev->kind == NET_EVENT_DISCONNECT) {
        fprintf(stderr, "ceki-cli: load: the server closed the connection: %s\n",
                net_bye_text(ev->reason));
        return false;
    }
    if (ev->kind != NET_EVENT_MESSAGE)
        return true;
    if (l->msg->type == NET_MSG_REFUSED) {
        fprintf(stderr, "ceki-cli: load: the server refused a table: %s\n",
                l->msg->u.refused.reason);
        return false;
    }
    if (l->msg->type == NET_MSG_CREATED && q->count > 0) {
        int t = q->slot[q->head];
        q->head = (q->head + 1) % q->cap;
        q->count--;
        load_seat_table(l, t, l->msg->u.created);
    }
    return true;
}

static void load_seat_event(Load *l, LoadQueue *q, int s, const NetEvent *ev, uint64_t now)
{
    LoadSeat *ls = &l->seat[s];
    if (ev->kind == NET_EVENT_CONNECT) {
        botseat_join_msg(&ls->b, ls->b.table, l->reply);
        net_client_send(l->c, ls->conn, l->reply);
    } else if (ev->kind == NET_EVENT_DISCONNECT) {
        ConnSlot *slot = map_find(l, ls->conn);
        if (slot)
            slot->seat = LOAD_DELETED;
        ls->conn = 0;
        l->lost++;
    } else if (ev->kind == NET_EVENT_MESSAGE) {
        long before = ls->b.resyncs;
        if (botseat_receive(&ls->b, l->msg, now, l->reply))
            net_client_send(l->c, ls->conn, l->reply);
        l->resyncs += ls->b.resyncs - before;
        if (l->msg->type == NET_MSG_UPDATE)
            load_update(l, s, &l->msg->u.update, now);
        if (l->msg->type == NET_MSG_RECORD && ls->b.over)
            load_table_over(l, q, ls->table);
    }
}

static bool load_events(Load *l, LoadQueue *q)
{
    NetEvent ev;
    uint32_t wait = LOAD_POLL_MS;
    for (int n = 0; n < LOAD_EVENTS_PER_ROUND; n++, wait = 0) {
        memset(&ev, 0, sizeof ev);
        if (!net_client_poll(l->c, wait, &ev, l->msg))
            return true;
        uint64_t now = cli_now_ms();
        if (ev.conn == l->control) {
            if (!load_control(l, q, &ev))
                return false;
            continue;
        }
        ConnSlot *slot = map_find(l, ev.conn);
        if (slot && slot->seat >= 0)
            load_seat_event(l, q, slot->seat, &ev, now);
    }
    return true;
}

/* The seats whose think time is over move; what they sent leaves in one
 * flush (a flush visits every connection), and each such move's latency
 * counts from then. */
static void load_moves(Load *l, int *moved)
{
    uint64_t now = cli_now_ms();
    int n = 0;
    for (int s = 0; s < l->nseats; s++) {
        LoadSeat *ls = &l->seat[s];
        if (!ls->conn || !botseat_due(&ls->b, now, l->reply))
            continue;
        LoadTable *lt = &l->table[ls->table];
        lt->pending = true;
        lt->pending_no = l->reply->u.move.move_no;
        lt->pending_got = 0;
        net_client_send(l->c, ls->conn, l->reply);
        moved[n++] = ls->table;
    }
    if (n == 0)
        return;
    net_client_flush(l->c);
    now = cli_now_ms(); /* the moves have left */
    for (int i = 0; i < n; i++)
        l->table[moved[i]].pending_at = now;
}

/* ---- the report ---- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint32_t percentile(const uint32_t *v, size_t n, int pct)
{
    if (n == 0)
        return 0;
    size_t i = (n * (size_t)pct + 99) / 100;
    return v[i == 0 ? 0 : i - 1];
}

static void load_report(Load *l, double seconds)
{
    qsort(l->lat, l->nlat, sizeof *l->lat, cmp_u32);
    NetStats st = net_client_stats(l->c);
    printf("tables %ld, seats %d, finished matches %ld, seats lost %ld\n", l->a.tables, l->nseats,
           l->finished, l->lost);
    printf("moves %ld in %.1f s: %.1f per second\n", l->moves, seconds,
           seconds > 0 ? (double)l->moves / seconds : 0.0);
    printf("resyncs %ld\n", l->resyncs);
    printf("latency p50 %u ms p99 %u ms max %u ms\n", percentile(l->lat, l->nlat, 50),
           percentile(l->lat, l->nlat, 99), l->nlat ? l->lat[l->nlat - 1] : 0);
    printf("bytes received per move per seat %.0f\n",
           l->moves ? (double)st.recv_bytes / ((double)l->moves * l->players) : 0.0);
}

/* ---- setting up ---- */

static bool load_open(Load *l, LoadQueue *q)
{
    l->players = cli_default_players(l->a.v);
    l->nseats = (int)l->a.tables * l->players;
    l->map_cap = 1;
    while (l->map_cap < (size_t)l->nseats * 4)
        l->map_cap *= 2;
    l->table = calloc((size_t)l->a.tables, sizeof *l->table);
    l->seat = calloc((size_t)l->nseats, sizeof *l->seat);
    l->map = calloc(l->map_cap, sizeof *l->map);
    l->msg = malloc(sizeof *l->msg);
    l->reply = malloc(sizeof *l->reply);
    q->cap = (int)l->a.tables;
    q->slot = calloc((size_t)q->cap, sizeof *q->slot);
    if (!l->table || !l->seat || !l->map || !l->msg || !l->reply || !q->slot)
        return false;
    for (int s = 0; s < l->nseats; s++) {
        l->seat[s].table = s / l->players;
        botseat_init(&l->seat[s].b, AI_GREEDY, (uint32_t)l->a.think_ms);
    }
    for (int t = 0; t < l->a.tables; t++)
        l->table[t].first = t * l->players;
    l->c = cli_net_client("load", l->nseats + 1);
    l->control = l->c ? cli_net_connect("load", l->c, l->a.connect) : 0;
    for (int t = 0; l->control && t < l->a.tables; t++) {
        if (!load_ask_table(l, q, t))
            return false;
    }
    return l->control != 0;
}

static void load_close(Load *l, LoadQueue *q)
{
    for (int s = 0; l->seat && s < l->nseats; s++)
        botseat_free(&l->seat[s].b);
    if (l->c)
        net_client_destroy(l->c);
    free(l->table);
    free(l->seat);
    free(l->map);
    free(l->msg);
    free(l->reply);
    free(l->lat);
    free(q->slot);
}

int cli_cmd_load(int argc, char **argv)
{
    Load l;
    LoadQueue q;
    memset(&l, 0, sizeof l);
    memset(&q, 0, sizeof q);
    int st = parse_load_args(argc, argv, &l.a);
    if (st != 0)
        return st;
    bool ok = load_open(&l, &q);
    int *moved = calloc((size_t)l.nseats + 1, sizeof *moved);
    ok = ok && moved;
    uint64_t start = cli_now_ms(), end = start + (uint64_t)l.a.seconds * 1000u;
    while (ok && cli_now_ms() < end) {
        ok = load_events(&l, &q);
        load_moves(&l, moved);
    }
    if (ok)
        load_report(&l, (double)(cli_now_ms() - start) / 1000.0);
    load_close(&l, &q);
    free(moved);
    return ok ? 0 : 1;
}
