/* test_admit.c — the host's admission rules, tables' limits and life,
 * private tables and the names it lets show (host.h), in process with a
 * fake outbox and a fake clock, so every deadline is met to the
 * millisecond and nothing waits.
 *
 * Connections come from addresses as a transport brings them (host_admit
 * first, then host_connected_from); each message the host sends is kept
 * in a short summary per connection (the last refusal, welcome, created,
 * chat, whether it was dropped and why). A seat that has to play does so
 * with a greedy player on the view that reached it (host_test_support.h).
 * Every loop is bounded in count.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "host.h"
#include "host_test_support.h"
#include "proto.h"

#define A_ADDR 0x7f000002u /* 127.0.0.2 */
#define B_ADDR 0x7f000003u /* 127.0.0.3 */
#define C_ADDR 0x7f000004u
#define A_CONNS_MAX 1024
#define A_IDLE_MS 5000u
#define A_STEPS_MAX 100000
#define A_MAX_CONNS 4000

typedef struct Conn {
    HostConn id;
    HostAddr addr;
    bool live, dropped;
    NetReason bye;
    NetRefused refused;
    long refusals;
    bool welcomed, created;
    NetWelcome welcome;
    NetCreated made;
    NetTables tables;
    NetSeats seats;
    char chat[NET_CHAT_MAX * 4 + 1];
    long chats;
    HtsSeat s;
    bool record;
} Conn;

typedef struct W {
    Host *h;
    uint64_t now;
    Conn c[A_CONNS_MAX];
    int n;
    NetMsg *msg;
    Observation *next;
    GameConfig cfg;
    HostLimits limits;
    uint8_t watch; /* NetWatch of the tables w_create asks for */
} W;

static Conn *w_conn(W *w, HostConn id)
{
    for (int i = 0; i < w->n; i++) {
        if (w->c[i].id == id)
            return &w->c[i];
    }
    return NULL;
}

static void w_keep(Conn *c, const NetMsg *m, W *w)
{
    switch ((NetMsgType)m->type) {
    case NET_MSG_REFUSED:
        c->refused = m->u.refused;
        c->refusals++;
        break;
    case NET_MSG_WELCOME:
        c->welcome = m->u.welcome;
        c->welcomed = true;
        if (m->u.welcome.seat >= 0)
            assert_true(hts_seat_welcome(&c->s, &m->u.welcome, AI_GREEDY));
        break;
    case NET_MSG_CREATED:
        c->made = m->u.created;
        c->created = true;
        break;
    case NET_MSG_TABLES: c->tables = m->u.tables; break;
    case NET_MSG_SEATS: c->seats = m->u.seats; break;
    case NET_MSG_CHAT:
        memcpy(c->chat, m->u.chat.text, sizeof c->chat);
        c->chats++;
        break;
    case NET_MSG_VIEW: hts_seat_take_view(&c->s, &m->u.view); break;
    case NET_MSG_UPDATE: assert_true(hts_seat_apply_update(&c->s, &m->u.update, w->next)); break;
    case NET_MSG_RECORD:
        assert_int_equal(net_record_join(&c->s.record_join, &m->u.record), NET_OK);
        c->record = net_record_join_done(&c->s.record_join);
        break;
    default: break;
    }
}

static void w_send(void *ctx, HostConn conn, const NetMsg *m)
{
    W *w = ctx;
    Conn *c = w_conn(w, conn);
    assert_non_null(c);
    assert_true(c->live); /* never a message to a connection it let go */
    w_keep(c, m, w);
}

static void w_drop(void *ctx, HostConn conn, NetReason why)
{
    W *w = ctx;
    Conn *c = w_conn(w, conn);
    assert_non_null(c);
    assert_true(c->live); /* dropped once */
    c->live = false;
    c->dropped = true;
    c->bye = why;
}

/* A host with the default limits (limited) or none; tune, when given,
 * changes the limits first. */
static void w_open_tuned(W *w, uint32_t idle_ms, const char *data_dir, bool limited,
                         void (*tune)(HostLimits *))
{
    memset(w, 0, sizeof *w);
    w->msg = calloc(1, sizeof *w->msg);
    w->next = malloc(sizeof *w->next);
    assert_true(w->msg && w->next);
    w->now = 1000;
    w->limits = host_limits_default(A_MAX_CONNS);
    if (tune)
        tune(&w->limits);
    HostOptions opt = {.data_dir = data_dir,
                       .allow_seed = true,
                       .limits = limited ? &w->limits : NULL,
                       .table_idle_ms = idle_ms,
                       .max_tables = 100};
    HostOutbox out = {w, w_send, w_drop, NULL};
    char err[256] = "";
    w->h = host_create(&opt, &out, w->now, err, sizeof err);
    assert_non_null(w->h);
    w->cfg = game_config_default(VARIANT_THOTHIT, 0x5EED);
    w->cfg.players = 3;
}

static void w_open(W *w, uint32_t idle_ms, const char *data_dir, bool limited)
{
    w_open_tuned(w, idle_ms, data_dir, limited, NULL);
}

static void w_close(W *w)
{
    host_destroy(w->h);
    for (int i = 0; i < w->n; i++)
        hts_seat_free(&w->c[i].s);
    free(w->msg);
    free(w->next);
}

/* A connection from addr as a transport makes it: admitted, then known.
 * NULL, with the reason in *why, when it is refused before it exists. */
static Conn *w_connect(W *w, HostAddr addr, NetReason *why)
{
    NetReason r = host_admit(w->h, addr, w->now);
    if (why)
        *why = r;
    if (r != NET_REASON_NONE)
        return NULL;
    assert_true(w->n < A_CONNS_MAX);
    Conn *c = &w->c[w->n];
    memset(c, 0, sizeof *c);
    c->id = (HostConn)(100 + w->n++);
    c->addr = addr;
    c->live = true;
    host_connected_from(w->h, c->id, addr, w->now);
    return c;
}

static void w_to_host(W *w, Conn *c)
{
    host_received(w->h, c->id, w->msg, w->now);
}

static void w_tick(W *w, uint64_t ms)
{
    w->now += ms;
    host_tick(w->h, w->now);
}

static void w_list(W *w, Conn *c)
{
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = NET_MSG_LIST;
    w_to_host(w, c);
}

/* c asks for a table of kinds (NULL: all net), open or private. */
static void w_create(W *w, Conn *c, const uint8_t *kinds, bool open)
{
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = NET_MSG_CREATE;
    NetCreate *cr = &w->msg->u.create;
    cr->rules.variant = (uint8_t)w->cfg.variant;
    cr->rules.players = (uint8_t)w->cfg.players;
    for (int s = 0; s < w->cfg.players; s++)
        cr->rules.seat_kind[s] = kinds ? kinds[s] : NET_SEAT_NET;
    cr->has_seed = true;
    cr->seed = w->cfg.seed;
    cr->autostart = true;
    cr->open = open;
    cr->rules.watch = w->watch;
    c->created = false;
    w_to_host(w, c);
}

static void w_join(W *w, Conn *c, const char *table, const char *token, const char *key,
                   const char *name)
{
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = NET_MSG_JOIN;
    snprintf(w->msg->u.join.table, sizeof w->msg->u.join.table, "%s", table);
    snprintf(w->msg->u.join.token, sizeof w->msg->u.join.token, "%s", token ? token : "");
    snprintf(w->msg->u.join.key, sizeof w->msg->u.join.key, "%s", key ? key : "");
    snprintf(w->msg->u.join.name, sizeof w->msg->u.join.name, "%s", name ? name : "");
    w->msg->u.join.seat = -1;
    w_to_host(w, c);
}

/* A table made by a connection from addr, which then leaves: its id. */
static void w_table(W *w, HostAddr addr, const uint8_t *kinds, bool open, NetCreated *out)
{
    Conn *maker = w_connect(w, addr, NULL);
    assert_non_null(maker);
    w_create(w, maker, kinds, open);
    assert_true(maker->created);
    *out = maker->made;
    host_disconnected(w->h, maker->id, w->now);
    maker->live = false;
}

static HostCounts w_counts(const W *w)
{
    HostCounts hc;
    host_counts(w->h, &hc);
    return hc;
}

/* c moves if it is to move (a greedy choice on its view); whether it did. */
static bool w_move(W *w, Conn *c)
{
    Move m;
    if (!c->live || !hts_seat_to_move(&c->s) || hts_seat_choose(&c->s, &w->cfg, &m) != CEKI_OK)
        return false;
    c->s.nmoves = 0;
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = NET_MSG_MOVE;
    w->msg->u.move.move_no = c->s.move_no;
    w->msg->u.move.move = m;
    w_to_host(w, c);
    return true;
}

/* The seats of conns move until each has the record (bounded). */
static void w_play(W *w, Conn **seats, int n)
{
    for (int step = 0; step < A_STEPS_MAX; step++) {
        bool all = true;
        for (int i = 0; i < n; i++) {
            all = all && (seats[i]->record || !seats[i]->live);
            w_move(w, seats[i]);
        }
        if (all)
            return;
        w_tick(w, 1);
    }
    fail_msg("the match did not end in %d steps", A_STEPS_MAX);
}

/* ---- admission ---- */

static void test_hello_and_lobby_deadlines(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    Conn *quiet = w_connect(&w, A_ADDR, NULL);
    Conn *lister = w_connect(&w, A_ADDR, NULL);
    host_connected(w.h, 99, w.now); /* this machine's own: no deadline */
    w.c[w.n++] = (Conn){.id = 99, .live = true};
    w_list(&w, lister);
    w_tick(&w, w.limits.hello_ms - 1);
    assert_true(quiet->live);
    w_tick(&w, 1);
    assert_true(quiet->dropped);
    assert_int_equal(quiet->bye, NET_REASON_HELLO_LATE);
    assert_true(lister->live); /* it spoke: a minute at no table */
    assert_int_equal(host_next_due(w.h), 1000 + w.limits.lobby_ms);
    w.now = 1000 + w.limits.lobby_ms - 1;
    host_tick(w.h, w.now);
    assert_true(lister->live);
    w_tick(&w, 1);
    assert_int_equal(lister->bye, NET_REASON_LOBBY_IDLE);
    w_tick(&w, 10 * w.limits.lobby_ms);
    assert_true(w_conn(&w, 99)->live);
    assert_int_equal(w_counts(&w).lobby, 0);
    w_close(&w);
}

static void test_an_address_waits_in_the_lobby_only_so_much(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    for (int i = 0; i < w.limits.addr_lobby_max; i++)
        assert_non_null(w_connect(&w, A_ADDR, NULL));
    NetReason why = NET_REASON_NONE;
    assert_null(w_connect(&w, A_ADDR, &why));
    assert_int_equal(why, NET_REASON_ADDRESS_BUSY);
    assert_non_null(w_connect(&w, B_ADDR, NULL)); /* another address is not held up */
    assert_int_equal(w_counts(&w).lobby, w.limits.addr_lobby_max + 1);
    /* new connections of an address: this many at once, then one every addr_connect_ms */
    for (int i = 0; i < w.limits.addr_connects - 1; i++)
        assert_int_equal(host_admit(w.h, C_ADDR, w.now), NET_REASON_NONE);
    assert_int_equal(host_admit(w.h, C_ADDR, w.now), NET_REASON_NONE);
    assert_int_equal(host_admit(w.h, C_ADDR, w.now), NET_REASON_TOO_FAST);
    w.now += w.limits.addr_connect_ms;
    assert_int_equal(host_admit(w.h, C_ADDR, w.now), NET_REASON_NONE);
    assert_int_equal(host_admit(w.h, C_ADDR, w.now), NET_REASON_TOO_FAST);
    w_close(&w);
}

static void test_lobby_room_is_kept_for_players(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    int made = 0;
    HostAddr addr = 0x0a000001u;
    NetReason why = NET_REASON_NONE;
    for (int i = 0; i < A_CONNS_MAX - 8 && why == NET_REASON_NONE; i++) {
        if (w_connect(&w, addr + (HostAddr)(i / 8), &why))
            made++;
    }
    assert_int_equal(why, NET_REASON_BUSY);
    assert_int_equal(made, A_MAX_CONNS / 4);
    assert_int_equal(w_counts(&w).lobby, A_MAX_CONNS / 4);
    w_close(&w);
}

/* 200 people behind one address, seated at 67 tables, all play: what is
 * seated is never counted against the address. */
static void test_shared_address_all_play(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    static const uint8_t one_computer[3] = {NET_SEAT_NET, NET_SEAT_NET, NET_SEAT_GREEDY};
    enum { TABLES = 67, PEOPLE = 200 };
    char ids[TABLES][NET_TABLE_ID_MAX + 1];
    for (int t = 0; t < TABLES; t++) {
        NetCreated made;
        w_table(&w, 0x0b000000u + (HostAddr)t, t == TABLES - 1 ? one_computer : NULL, true, &made);
        memcpy(ids[t], made.table, sizeof ids[t]);
    }
    static Conn *seats[PEOPLE];
    for (int p = 0; p < PEOPLE; p++) {
        NetReason why = NET_REASON_NONE;
        Conn *c = NULL;
        for (int tries = 0; !c && tries < 100; tries++) {
            c = w_connect(&w, A_ADDR, &why);
            if (!c)
                w.now += w.limits.addr_connect_ms; /* as a client tries again */
        }
        assert_non_null(c);
        w_join(&w, c, ids[p / 3], NULL, NULL, "pupil");
        assert_true(c->welcomed);
        seats[p] = c;
    }
    HostCounts hc = w_counts(&w);
    assert_int_equal(hc.seats_connected, PEOPLE);
    assert_int_equal(hc.lobby, 0);
    assert_int_equal(hc.tables_live, TABLES);
    w_play(&w, seats, PEOPLE);
    for (int p = 0; p < PEOPLE; p++)
        assert_true(seats[p]->record && seats[p]->live);
    hc = w_counts(&w);
    assert_int_equal(hc.tables, 0);
    assert_int_equal(hc.closed_over, TABLES);
    assert_int_equal(hc.lobby, PEOPLE); /* at no table again, each with a minute */
    w_close(&w);
}

/* ---- tables' limits ---- */

static void test_table_limits(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    Conn *c = w_connect(&w, A_ADDR, NULL);
    int made = 0;
    for (int i = 0; i < 50; i++) {
        w_create(&w, c, NULL, true);
        made += c->created;
    }
    assert_int_equal(made, w.limits.addr_waiting);
    assert_int_equal(c->refused.refusal, NET_REASON_TABLES_WAITING);
    assert_string_equal(c->refused.reason, net_reason_text(NET_REASON_TABLES_WAITING));
    assert_true(c->live); /* a refusal: its connection stays (the refusals in a row aside) */
    assert_int_equal(w_counts(&w).tables, w.limits.addr_waiting);
    /* tables played are not waiting: C's are played at once, and the rate
     * stops C at addr_tables at once */
    Conn *d = w_connect(&w, C_ADDR, NULL);
    static const uint8_t mine[3] = {NET_SEAT_NET, NET_SEAT_GREEDY, NET_SEAT_GREEDY};
    made = 0;
    for (int i = 0; i < w.limits.addr_tables + 5; i++) {
        w_create(&w, d, mine, true);
        if (!d->created)
            break;
        made++;
        Conn *p = w_connect(&w, 0x0c000000u + (HostAddr)i, NULL); /* it is played at once */
        w_join(&w, p, d->made.table, NULL, NULL, "p");
        assert_true(p->welcomed);
    }
    assert_int_equal(made, w.limits.addr_tables);
    assert_int_equal(d->refused.refusal, NET_REASON_TABLES_FAST);
    w.now += w.limits.addr_table_ms;
    w_create(&w, d, mine, true);
    assert_true(d->created);
    /* a table of computers alone is refused */
    Conn *b = w_connect(&w, B_ADDR, NULL);
    static const uint8_t none[3] = {NET_SEAT_GREEDY, NET_SEAT_GREEDY, NET_SEAT_GREEDY};
    w_create(&w, b, none, true);
    assert_int_equal(b->refused.refusal, NET_REASON_BAD_CONFIG);
    assert_false(b->created);
    w_close(&w);
}

static void test_trusted_address_is_not_limited(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    host_destroy(w.h);
    HostAddr trusted[1] = {A_ADDR};
    HostOptions opt = {.allow_seed = true,
                       .limits = &w.limits,
                       .trusted = trusted,
                       .ntrusted = 1,
                       .max_tables = 2 * w.limits.addr_waiting};
    HostOutbox out = {&w, w_send, w_drop, NULL};
    char err[256] = "";
    w.h = host_create(&opt, &out, w.now, err, sizeof err);
    assert_non_null(w.h);
    for (int i = 0; i < 3 * w.limits.addr_connects; i++)
        assert_non_null(w_connect(&w, A_ADDR, NULL));
    for (int i = 0; i < 2 * w.limits.addr_waiting; i++) {
        w_create(&w, &w.c[0], NULL, true);
        assert_true(w.c[0].created);
    }
    w_create(&w, &w.c[0], NULL, true); /* the server's own cap holds for everyone */
    assert_int_equal(w.c[0].refused.refusal, NET_REASON_TABLES_FULL);
    w_tick(&w, 2 * w.limits.lobby_ms);
    assert_true(w.c[1].live);
    w_close(&w);
}

/* ---- tables' life ---- */

static void test_idle_tables_close_and_say_why(void **state)
{
    (void)state;
    static W w;
    w_open(&w, A_IDLE_MS, NULL, true);
    NetCreated empty, unstarted, abandoned;
    static const uint8_t with_computers[3] = {NET_SEAT_NET, NET_SEAT_GREEDY, NET_SEAT_GREEDY};
    w_table(&w, A_ADDR, NULL, true, &empty);
    w_table(&w, A_ADDR, NULL, true, &unstarted);
    w_table(&w, A_ADDR, with_computers, true, &abandoned);
    Conn *waiting = w_connect(&w, B_ADDR, NULL);
    w_join(&w, waiting, unstarted.table, NULL, NULL, "early");
    Conn *player = w_connect(&w, B_ADDR, NULL);
    w_join(&w, player, abandoned.table, NULL, NULL, "gone");
    assert_true(waiting->welcomed && player->welcomed);
    char token[NET_TOKEN_LEN + 1];
    memcpy(token, player->welcome.token, sizeof token);
    bool moved = false; /* its first moves: then a computer is to move */
    for (int i = 0; i < 200; i++) {
        if (w_move(&w, player)) {
            moved = true;
        } else if (moved && player->s.have_view && player->s.view.to_move != player->s.seat) {
            break;
        }
        w_tick(&w, 1);
    }
    assert_true(moved);
    host_disconnected(w.h, player->id, w.now); /* the match would run with nobody here */
    player->live = false;
    uint64_t left_at = w.now;
    long moves = w_counts(&w).moves;
    w_tick(&w, 1000 + A_IDLE_MS - 1 - w.now); /* the empty and the waiting one: 1 ms left */
    assert_int_equal(w_counts(&w).tables, 3);
    assert_int_equal(w_counts(&w).moves, moves); /* computers do not play for nobody */
    w_tick(&w, 1);
    assert_int_equal(waiting->bye, NET_REASON_CLOSED_UNSTARTED);
    assert_int_equal(w_counts(&w).tables, 1);
    w_tick(&w, left_at + A_IDLE_MS - 1 - w.now);
    assert_int_equal(w_counts(&w).tables, 1);
    w_tick(&w, 1);
    assert_int_equal(w_counts(&w).tables, 0);
    assert_int_equal(w_counts(&w).closed_idle, 3);
    /* a token (or anyone) coming back to a closed table is told why */
    struct {
        const char *id;
        NetReason why;
    } back[] = {{empty.table, NET_REASON_CLOSED_EMPTY},
                {unstarted.table, NET_REASON_CLOSED_UNSTARTED},
                {abandoned.table, NET_REASON_CLOSED_ABANDONED}};
    for (size_t i = 0; i < sizeof back / sizeof back[0]; i++) {
        Conn *c = w_connect(&w, C_ADDR, NULL);
        w_join(&w, c, back[i].id, token, NULL, NULL);
        assert_int_equal(c->bye, back[i].why);
    }
    Conn *c = w_connect(&w, C_ADDR, NULL);
    w_join(&w, c, "NoSuchOne", NULL, NULL, NULL);
    assert_int_equal(c->bye, NET_REASON_NO_TABLE);
    w_close(&w);
}

/* A finished match leaves memory and the journal once its record is out;
 * a restarted host brings back only what lives, with its idle time left. */
static void test_journal_holds_only_live_tables(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-admit-XXXXXX";
    assert_non_null(mkdtemp(dir));
    static W w;
    w_open(&w, 60000u, dir, true);
    static const uint8_t with_computers[3] = {NET_SEAT_NET, NET_SEAT_GREEDY, NET_SEAT_GREEDY};
    NetCreated done, left;
    w_table(&w, A_ADDR, with_computers, true, &done);
    Conn *p = w_connect(&w, B_ADDR, NULL);
    w_join(&w, p, done.table, NULL, NULL, "Sari");
    Conn *seats[1] = {p};
    w_play(&w, seats, 1);
    w_tick(&w, 1); /* the closed table's rows leave at the next write */
    assert_int_equal(w_counts(&w).tables, 0);
    assert_int_equal(w_counts(&w).closed_over, 1);
    w_table(&w, A_ADDR, NULL, false, &left);
    w_tick(&w, 20000); /* `left` has 40 s of its minute left */
    w_close(&w);
    char path[512];
    snprintf(path, sizeof path, "%s/ceki-server.db", dir);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT (SELECT COUNT(*) FROM host_table),"
                                        " (SELECT COUNT(*) FROM host_move), idle_left"
                                        " FROM host_table",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 1);
    assert_int_equal(sqlite3_column_int(st, 1), 0); /* no finished match's moves */
    assert_int_equal(sqlite3_column_int(st, 2), 40000);
    sqlite3_finalize(st);
    sqlite3_close(db);
    /* back on another clock: the private table, its key, 40 s more */
    static W again;
    w_open(&again, 60000u, dir, true);
    assert_int_equal(w_counts(&again).tables, 1);
    assert_int_equal(host_next_due(again.h), again.now + 40000);
    Conn *c = w_connect(&again, C_ADDR, NULL);
    w_join(&again, c, left.table, NULL, left.key, "Dewi");
    assert_true(c->welcomed);
    assert_string_equal(c->welcome.key, left.key);
    host_disconnected(again.h, c->id, again.now);
    c->live = false;
    w_tick(&again, 59999); /* a seat taken: a fresh minute from then */
    assert_int_equal(w_counts(&again).tables, 1);
    w_tick(&again, 1);
    assert_int_equal(w_counts(&again).tables, 0);
    w_close(&again);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* ---- private tables ---- */

static void test_private_tables_need_their_key(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    NetCreated t;
    w_table(&w, A_ADDR, NULL, false, &t);
    assert_false(t.open);
    assert_int_equal(strlen(t.key), NET_KEY_LEN);
    NetCreated other;
    w_table(&w, A_ADDR, NULL, false, &other);
    assert_string_not_equal(t.key, other.key);
    Conn *lister = w_connect(&w, B_ADDR, NULL);
    w_list(&w, lister);
    assert_int_equal(lister->tables.count, 0); /* never listed */
    Conn *guess = w_connect(&w, B_ADDR, NULL);
    w_join(&w, guess, t.table, NULL, NULL, "no key");
    assert_int_equal(guess->refused.refusal, NET_REASON_WRONG_KEY);
    char wrong[NET_KEY_LEN + 1];
    memcpy(wrong, t.key, sizeof wrong);
    wrong[NET_KEY_LEN - 1] = wrong[NET_KEY_LEN - 1] == '0' ? '1' : '0'; /* all but the last right */
    w_join(&w, guess, t.table, NULL, wrong, "almost");
    assert_int_equal(guess->refused.refusal, NET_REASON_WRONG_KEY);
    assert_false(guess->welcomed);
    assert_int_equal(w_counts(&w).seats_connected, 0); /* nothing changed */
    Conn *friend = w_connect(&w, C_ADDR, NULL);
    w_join(&w, friend, t.table, NULL, t.key, "friend");
    assert_true(friend->welcomed);
    assert_string_equal(friend->welcome.key, t.key);
    /* with its token a seat comes back without the key */
    char token[NET_TOKEN_LEN + 1];
    memcpy(token, friend->welcome.token, sizeof token);
    host_disconnected(w.h, friend->id, w.now);
    friend->live = false;
    Conn *back = w_connect(&w, C_ADDR, NULL);
    w_join(&w, back, t.table, token, NULL, NULL);
    assert_true(back->welcomed);
    w_close(&w);
}

/* 10,000 wrong keys from one address: none gets in, the address is cut
 * off (its connections at no table dropped, new ones refused), others
 * are not, and after cut_off_ms it may try again. */
static void test_guessing_address_is_cut_off(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, true);
    NetCreated t;
    w_table(&w, B_ADDR, NULL, false, &t);
    Conn *waiting = w_connect(&w, A_ADDR, NULL); /* another of A's, at no table */
    w_list(&w, waiting);
    Conn *guess = w_connect(&w, A_ADDR, NULL);
    long tries = 0, refused_after = 0;
    for (long i = 0; i < 10000; i++) {
        char key[NET_KEY_LEN + 1];
        snprintf(key, sizeof key, "%016lx%016lx", (unsigned long)i, 0x5eedul);
        if (!guess || !guess->live) {
            NetReason why = NET_REASON_NONE;
            guess = w_connect(&w, A_ADDR, &why);
            refused_after += guess == NULL;
            if (!guess) {
                assert_int_equal(why, NET_REASON_CUT_OFF);
                continue;
            }
        }
        w_join(&w, guess, t.table, NULL, key, "guess");
        tries++;
        assert_false(guess->welcomed);
    }
    assert_int_equal(tries, w.limits.addr_wrong + 1); /* then the address was cut off */
    assert_true(refused_after > 9000);
    assert_int_equal(waiting->bye, NET_REASON_CUT_OFF);
    assert_int_equal(w_counts(&w).cut_off, 1);
    assert_non_null(w_connect(&w, C_ADDR, NULL)); /* another address is not */
    w.now += w.limits.cut_off_ms;
    assert_int_equal(host_admit(w.h, A_ADDR, w.now), NET_REASON_NONE);
    /* a token nobody holds counts as a wrong key */
    long wrong = w_counts(&w).wrong_keys;
    Conn *forged = w_connect(&w, C_ADDR, NULL);
    w_join(&w, forged, t.table, "00000000000000000000000000000000", NULL, NULL);
    assert_int_equal(forged->bye, NET_REASON_NO_SEAT);
    assert_int_equal(w_counts(&w).wrong_keys, wrong + 1);
    w_close(&w);
}

/* ---- names and chat ---- */

static void test_names_are_cleaned_and_told_apart(void **state)
{
    (void)state;
    static W w;
    w_open(&w, 0, NULL, false);
    w.cfg = game_config_default(VARIANT_THOTHIT_KUNA, 3);
    w.cfg.players = 6;
    NetCreated t;
    w_table(&w, 0, NULL, true, &t);
    static const char *const sent[6] = {
        "  Ayu\xe2\x80\xae"
        "dewi ",           /* a right-to-left override, spaces around */
        "A\xe2\x80\x8byu", /* a zero-width space inside */
        "\xc2\xa0"
        "ayu", /* a no-break space before */
        "Bu\xc2\xad"
        "di\xef\xbb\xbf",                        /* a soft hyphen, a byte order mark */
        "\xe2\x80\x8b\xe2\x81\xa0\xe2\x80\x8d",  /* nothing that shows */
        "Sri   \xe2\x81\xa7Rahayu\xe2\x81\xa9"}; /* a run of spaces, an isolate */
    static const char *const shown[6] = {"Ayudewi", "Ayu", "ayu 2", "Budi", "", "Sri Rahayu"};
    Conn *c[6];
    for (int i = 0; i < 6; i++) {
        c[i] = w_connect(&w, 0, NULL);
        w_join(&w, c[i], t.table, NULL, NULL, sent[i]);
        assert_true(c[i]->welcomed);
    }
    for (int i = 0; i < 6; i++)
        assert_string_equal(c[5]->seats.seat[i].name, shown[i]);
    /* a name as long as a name may be, twice: the second shortened to fit its number */
    w.cfg = game_config_default(VARIANT_THOTHIT, 3);
    w.cfg.players = 3;
    NetCreated u;
    w_table(&w, 0, NULL, true, &u);
    Conn *d[2];
    for (int i = 0; i < 2; i++) {
        d[i] = w_connect(&w, 0, NULL);
        w_join(&w, d[i], u.table, NULL, NULL, "abcdefghijklmnopqrstuvwx");
    }
    assert_string_equal(d[1]->seats.seat[0].name, "abcdefghijklmnopqrstuvwx");
    assert_string_equal(d[1]->seats.seat[1].name, "abcdefghijklmnopqrstuv 2");
    /* chat: what does not show is taken out; a line of nothing else is refused */
    memset(w.msg, 0, sizeof *w.msg);
    w.msg->type = NET_MSG_CHAT;
    snprintf(w.msg->u.chat.text, sizeof w.msg->u.chat.text,
             "\xe2\x80\xae"
             "halo \xe2\x80\x8b semua");
    w_to_host(&w, d[0]);
    assert_string_equal(d[1]->chat, "halo semua");
    w.now += HOST_CHAT_GAP_MS;
    snprintf(w.msg->u.chat.text, sizeof w.msg->u.chat.text, "\xe2\x80\x8b\xe2\x80\x8c");
    w_to_host(&w, d[0]);
    assert_int_equal(d[0]->refused.refusal, NET_REASON_BAD_TEXT);
    assert_int_equal(d[1]->chats, 1);
    /* and a chat flood: HOST_CHAT_BURST lines, then one every HOST_CHAT_EVERY_MS */
    long said = d[1]->chats;
    for (int i = 0; i < 50; i++) {
        w.now += HOST_CHAT_GAP_MS;
        snprintf(w.msg->u.chat.text, sizeof w.msg->u.chat.text, "line %d", i);
        w.msg->type = NET_MSG_CHAT;
        w_to_host(&w, d[0]);
    }
    long through = d[1]->chats - said;
    assert_true(through >= HOST_CHAT_BURST - 1 &&
                through <= HOST_CHAT_BURST + 50 * HOST_CHAT_GAP_MS / HOST_CHAT_EVERY_MS + 1);
    assert_int_equal(d[0]->refused.refusal, NET_REASON_CHAT_FAST);
    w_close(&w);
}

/* ---- spectators ---- */

#define A_ADDR_WATCH 2  /* the spectator test's caps: from one address, */
#define A_TABLE_WATCH 3 /* and at one table */

static void w_tune_watch(HostLimits *l)
{
    l->addr_watch_max = A_ADDR_WATCH;
    l->table_watch_max = A_TABLE_WATCH;
}

/* A new connection from addr asks to watch table (key: a private one's);
 * it is refused with why (NET_REASON_NONE: welcomed with no seat). */
static Conn *w_watch(W *w, HostAddr addr, const char *table, const char *key, NetReason why)
{
    Conn *c = w_connect(w, addr, NULL);
    assert_non_null(c);
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = NET_MSG_JOIN;
    snprintf(w->msg->u.join.table, sizeof w->msg->u.join.table, "%s", table);
    snprintf(w->msg->u.join.key, sizeof w->msg->u.join.key, "%s", key ? key : "");
    snprintf(w->msg->u.join.name, sizeof w->msg->u.join.name, "watcher");
    w->msg->u.join.seat = -1;
    w->msg->u.join.watch = true;
    w_to_host(w, c);
    if (why != NET_REASON_NONE) {
        assert_false(c->welcomed);
        assert_int_equal(c->refused.refusal, why);
        return c;
    }
    assert_true(c->welcomed);
    assert_int_equal(c->welcome.seat, -1);
    assert_string_equal(c->welcome.token, "");
    assert_true(c->welcome.ai_seed == 0);
    assert_int_equal(c->s.view.seat, GAME_SPECTATOR);
    assert_int_equal(c->s.nmoves, 0);
    return c;
}

/* c's message of type (a move, a stand-in, a start) is refused with why. */
static void w_refused(W *w, Conn *c, uint8_t type, NetReason why)
{
    memset(w->msg, 0, sizeof *w->msg);
    w->msg->type = type;
    if (type == NET_MSG_STAND_IN)
        w->msg->u.stand_in.on = true;
    long before = c->refusals;
    w_to_host(w, c);
    assert_int_equal(c->refusals, before + 1);
    assert_int_equal(c->refused.refusal, why);
}

/* Who may watch, within the caps: per address, per table, a table that
 * takes none, a private one's key. */
static void t_watch_caps(W *w, NetCreated *open, Conn *watchers[A_TABLE_WATCH])
{
    w->watch = NET_WATCH_PUBLIC;
    w_table(w, A_ADDR, NULL, true, open);
    watchers[0] = w_watch(w, B_ADDR, open->table, NULL, NET_REASON_NONE);
    watchers[1] = w_watch(w, B_ADDR, open->table, NULL, NET_REASON_NONE);
    w_watch(w, B_ADDR, open->table, NULL, NET_REASON_ADDRESS_WATCHING);
    watchers[2] = w_watch(w, C_ADDR, open->table, NULL, NET_REASON_NONE);
    w_watch(w, C_ADDR, open->table, NULL, NET_REASON_WATCHERS_FULL);
    assert_int_equal(w_counts(w).watchers, A_TABLE_WATCH);
    assert_int_equal(watchers[2]->seats.nwatchers, A_TABLE_WATCH);
    assert_string_equal(watchers[2]->seats.watcher[1], "watcher 2"); /* numbered apart */
    w->watch = NET_WATCH_NONE;
    NetCreated none;
    w_table(w, A_ADDR, NULL, true, &none);
    w_watch(w, C_ADDR, none.table, NULL, NET_REASON_NO_WATCHING);
    w->watch = NET_WATCH_PUBLIC;
    NetCreated private_table;
    w_table(w, A_ADDR, NULL, false, &private_table);
    w_watch(w, C_ADDR, private_table.table, NULL, NET_REASON_WRONG_KEY);
    Conn *friend = w_watch(w, C_ADDR, private_table.table, private_table.key, NET_REASON_NONE);
    host_disconnected(w->h, friend->id, w->now); /* gone: no longer counted */
    friend->live = false;
}

/* Spectators are capped and kept apart: they cannot move, start or hand a
 * seat over, one who leaves makes room, one who takes a seat watches no
 * more, and they follow the match to its record. */
static void test_spectators_are_capped_and_kept_apart(void **state)
{
    (void)state;
    static W w;
    w_open_tuned(&w, 0, NULL, true, w_tune_watch);
    NetCreated t;
    Conn *watchers[A_TABLE_WATCH];
    t_watch_caps(&w, &t, watchers);
    assert_int_equal(w_counts(&w).watchers, A_TABLE_WATCH);
    w_refused(&w, watchers[0], NET_MSG_MOVE, NET_REASON_WATCHING);
    w_refused(&w, watchers[0], NET_MSG_STAND_IN, NET_REASON_WATCHING);
    w_refused(&w, watchers[0], NET_MSG_START, NET_REASON_NOT_CREATOR);
    host_disconnected(w.h, watchers[1]->id, w.now);
    watchers[1]->live = false;
    Conn *again = w_watch(&w, B_ADDR, t.table, NULL, NET_REASON_NONE);
    /* A spectator who takes a seat watches no more. */
    w_join(&w, watchers[2], t.table, NULL, NULL, "player");
    assert_true(watchers[2]->welcome.seat >= 0);
    assert_int_equal(w_counts(&w).watchers, A_TABLE_WATCH - 1);
    Conn *seats[3] = {watchers[2], w_connect(&w, A_ADDR, NULL), w_connect(&w, C_ADDR, NULL)};
    w_join(&w, seats[1], t.table, NULL, NULL, "second");
    w_join(&w, seats[2], t.table, NULL, NULL, "third");
    w_play(&w, seats, 3);
    for (int i = 0; i < 20 && !(watchers[0]->record && again->record); i++)
        w_tick(&w, 1);
    assert_true(watchers[0]->record && again->record);
    assert_true(watchers[0]->s.have_view);
    w_close(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hello_and_lobby_deadlines),
        cmocka_unit_test(test_an_address_waits_in_the_lobby_only_so_much),
        cmocka_unit_test(test_lobby_room_is_kept_for_players),
        cmocka_unit_test(test_shared_address_all_play),
        cmocka_unit_test(test_table_limits),
        cmocka_unit_test(test_trusted_address_is_not_limited),
        cmocka_unit_test(test_idle_tables_close_and_say_why),
        cmocka_unit_test(test_journal_holds_only_live_tables),
        cmocka_unit_test(test_private_tables_need_their_key),
        cmocka_unit_test(test_guessing_address_is_cut_off),
        cmocka_unit_test(test_names_are_cleaned_and_told_apart),
        cmocka_unit_test(test_spectators_are_capped_and_kept_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
