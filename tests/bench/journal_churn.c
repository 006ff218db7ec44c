/* journal_churn — what the host's journal holds after many tables were
 * made and finished (a benchmark, by hand; tests/bench/net_attack.sh runs
 * it):
 *
 *   journal_churn DATA_DIR [TABLES] [AT_ONCE]
 *
 * The host (src/host) in process with its journal in DATA_DIR (which must
 * be empty): TABLES tables of Thothit (default 10,000), AT_ONCE at a time
 * (default 200), each of three network seats played to its end by greedy
 * players choosing on the view that reached them (host_test_support.h);
 * as one table ends its seats leave and a new one is made. Prints the
 * tables finished, the moves, the live tables the host still holds, the
 * journal's files' bytes (the database, its WAL and shared memory) at the
 * end and at their largest, and the wall time.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host.h"
#include "host_test_support.h"

#define CHURN_PLAYERS 3
#define CHURN_AT_ONCE_MAX 1000
#define CHURN_STEPS_MAX 100000000L
#define CHURN_SIZE_EVERY 1000 /* steps between two looks at the journal's size */
#define CHURN_PATH_MAX 4096

typedef struct ChurnSeat {
    HtsSeat s;
    bool done; /* the whole record came */
} ChurnSeat;

typedef struct ChurnTable {
    char id[NET_TABLE_ID_MAX + 1];
    HostConn conn[CHURN_PLAYERS];
    ChurnSeat seat[CHURN_PLAYERS];
    bool live;
} ChurnTable;

typedef struct Churn {
    Host *h;
    uint64_t now;
    HostConn next_conn;
    ChurnTable *t;
    int at_once;
    char created[NET_TABLE_ID_MAX + 1];
    long finished, made, moves, bad;
    Observation next;
    NetMsg msg;
    GameConfig cfg;
} Churn;

static ChurnSeat *churn_seat(Churn *c, HostConn conn)
{
    for (int i = 0; i < c->at_once; i++) {
        for (int s = 0; s < CHURN_PLAYERS; s++) {
            if (c->t[i].live && c->t[i].conn[s] == conn)
                return &c->t[i].seat[s];
        }
    }
    return NULL;
}

static void churn_send(void *ctx, HostConn conn, const NetMsg *m)
{
    Churn *c = ctx;
    if (m->type == NET_MSG_CREATED) {
        snprintf(c->created, sizeof c->created, "%s", m->u.created.table);
        return;
    }
    ChurnSeat *cs = churn_seat(c, conn);
    if (!cs)
        return;
    if (m->type == NET_MSG_WELCOME && !hts_seat_welcome(&cs->s, &m->u.welcome, AI_GREEDY))
        c->bad++;
    else if (m->type == NET_MSG_VIEW)
        hts_seat_take_view(&cs->s, &m->u.view);
    else if (m->type == NET_MSG_UPDATE && !hts_seat_apply_update(&cs->s, &m->u.update, &c->next))
        c->bad++;
    else if (m->type == NET_MSG_RECORD &&
             net_record_join(&cs->s.record_join, &m->u.record) == NET_OK)
        cs->done = net_record_join_done(&cs->s.record_join);
}

static void churn_drop(void *ctx, HostConn conn, NetReason why)
{
    Churn *c = ctx;
    (void)conn, (void)why;
    c->bad++;
}

static void churn_to_host(Churn *c, HostConn conn)
{
    host_received(c->h, conn, &c->msg, c->now);
}

/* Table slot i gets a new table and its three seats. */
static void churn_open(Churn *c, int i)
{
    ChurnTable *t = &c->t[i];
    for (int s = 0; s < CHURN_PLAYERS; s++)
        hts_seat_free(&t->seat[s].s);
    memset(t, 0, sizeof *t);
    HostConn maker = c->next_conn++;
    host_connected(c->h, maker, c->now);
    memset(&c->msg, 0, sizeof c->msg);
    c->msg.type = NET_MSG_CREATE;
    c->msg.u.create.rules.variant = (uint8_t)VARIANT_THOTHIT;
    c->msg.u.create.rules.players = CHURN_PLAYERS;
    c->msg.u.create.autostart = true;
    c->msg.u.create.open = true;
    c->created[0] = '\0';
    churn_to_host(c, maker);
    host_disconnected(c->h, maker, c->now);
    snprintf(t->id, sizeof t->id, "%s", c->created);
    t->live = t->id[0] != '\0';
    c->made += t->live;
    for (int s = 0; t->live && s < CHURN_PLAYERS; s++) {
        t->conn[s] = c->next_conn++;
        host_connected(c->h, t->conn[s], c->now);
        memset(&c->msg, 0, sizeof c->msg);
        c->msg.type = NET_MSG_JOIN;
        snprintf(c->msg.u.join.table, sizeof c->msg.u.join.table, "%s", t->id);
        c->msg.u.join.seat = -1;
        churn_to_host(c, t->conn[s]);
    }
}

/* The seats of table slot i that are to move move; true once it is over. */
static bool churn_play(Churn *c, int i)
{
    ChurnTable *t = &c->t[i];
    bool over = true;
    for (int s = 0; s < CHURN_PLAYERS; s++) {
        ChurnSeat *cs = &t->seat[s];
        over = over && cs->done;
        Move m;
        if (cs->done || !hts_seat_to_move(&cs->s) ||
            hts_seat_choose(&cs->s, &c->cfg, &m) != CEKI_OK)
            continue;
        cs->s.nmoves = 0;
        memset(&c->msg, 0, sizeof c->msg);
        c->msg.type = NET_MSG_MOVE;
        c->msg.u.move.move_no = cs->s.move_no;
        c->msg.u.move.move = m;
        churn_to_host(c, t->conn[s]);
        c->moves++;
    }
    return over;
}

static long churn_file_bytes(const char *dir, const char *name)
{
    char path[CHURN_PATH_MAX];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

static long churn_journal_bytes(const char *dir)
{
    return churn_file_bytes(dir, "ceki-server.db") + churn_file_bytes(dir, "ceki-server.db-wal") +
           churn_file_bytes(dir, "ceki-server.db-shm");
}

static void churn_run(Churn *c, long tables, const char *dir, long *peak)
{
    double start = hts_seconds();
    for (int i = 0; i < c->at_once && c->made < tables; i++)
        churn_open(c, i);
    for (long step = 0; step < CHURN_STEPS_MAX && c->finished < tables; step++) {
        for (int i = 0; i < c->at_once; i++) {
            if (!c->t[i].live || !churn_play(c, i))
                continue;
            for (int s = 0; s < CHURN_PLAYERS; s++)
                host_disconnected(c->h, c->t[i].conn[s], c->now);
            c->t[i].live = false;
            c->finished++;
            if (c->made < tables)
                churn_open(c, i);
        }
        c->now++;
        host_tick(c->h, c->now);
        if (step % CHURN_SIZE_EVERY == 0) {
            long b = churn_journal_bytes(dir);
            *peak = b > *peak ? b : *peak;
        }
    }
    HostCounts hc;
    host_counts(c->h, &hc);
    long end = churn_journal_bytes(dir);
    *peak = end > *peak ? end : *peak;
    printf("tables finished %ld of %ld made, moves %ld, problems %ld; the host holds %d tables\n",
           c->finished, c->made, c->moves, c->bad, hc.tables);
    printf("journal: %ld bytes at the end, %ld at most; %.1f s\n", end, *peak,
           hts_seconds() - start);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: journal_churn DATA_DIR [TABLES] [AT_ONCE]\n");
        return 2;
    }
    static Churn c;
    long tables = argc > 2 ? atol(argv[2]) : 10000;
    c.at_once = argc > 3 ? atoi(argv[3]) : 200;
    if (tables < 1 || c.at_once < 1 || c.at_once > CHURN_AT_ONCE_MAX)
        return 2;
    c.cfg = game_config_default(VARIANT_THOTHIT, 0); /* as the host reads the CREATE */
    c.cfg.players = CHURN_PLAYERS;
    c.cfg.options = 0;
    c.cfg.rounds = 0;
    c.cfg.stakes = 0;
    c.t = calloc((size_t)c.at_once, sizeof *c.t);
    c.next_conn = 1;
    HostOptions opt = {.data_dir = argv[1]};
    HostOutbox out = {&c, churn_send, churn_drop, NULL};
    char err[256] = "";
    c.h = c.t ? host_create(&opt, &out, 0, err, sizeof err) : NULL;
    if (!c.h) {
        fprintf(stderr, "journal_churn: %s\n", err);
        return 1;
    }
    long peak = 0;
    churn_run(&c, tables, argv[1], &peak);
    host_destroy(c.h);
    printf("journal after the host closed: %ld bytes\n", churn_journal_bytes(argv[1]));
    for (int i = 0; i < c.at_once; i++)
        for (int s = 0; s < CHURN_PLAYERS; s++)
            hts_seat_free(&c.t[i].seat[s].s);
    free(c.t);
    return 0;
}
