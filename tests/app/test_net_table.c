/* The app at a network table (net_table.h) over 127.0.0.1, on ports the
 * system chooses: a host in the test with two joiners plays a whole match;
 * a joiner closed mid-round and joined again with its ticket has the same
 * seat, move and hand; a host closed mid-round and hosted again from its
 * folder has its joiners back by themselves; chat goes around; addresses,
 * invites and bad addresses; a join nobody answers gives up in its time
 * and says why. Every wait is bounded in polls and in time. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "args.h"
#include "host.h"
#include "net_table.h"
#include "net_ticket.h"
#include "session.h"
#include "store.h"
#include "test_support.h"

#define WAIT_MS 30000u    /* the longest one step may take */
#define WAIT_POLLS 200000 /* and the most polls it may take */
#define POLL_PAUSE_NS 500000L
#define MID_ROUND_MOVES 5u
#define TABLES 3
#define ERR_MAX 256
#define FIRST_ANSWER_MS NET_TABLE_NO_ANSWER_MS /* a first seat's longest wait (net_table.h) */
#define CLOCK_START_MS 5000u                   /* the clock given to the join's first poll */

typedef struct Seat {
    NetTable *t;
    uint32_t sent; /* 1 + the move number a move was last sent for; 0: none */
} Seat;

typedef bool (*Cond)(Seat *s, int n, void *ctx);

/* A ceki-server in the test: the transport and the host with a server's
 * admission rules, as ceki-server runs them, polled with the tables. */
typedef struct TestServer {
    NetServer *net;
    Host *host;
    NetMsg *msg;
} TestServer;

static TestServer *polled_server; /* polled by run_until while set */

static uint32_t now_ms(void);

static void ts_send(void *ctx, HostConn conn, const NetMsg *m)
{
    net_server_send(((TestServer *)ctx)->net, conn, m);
}

static void ts_drop(void *ctx, HostConn conn, NetReason why)
{
    net_server_drop(((TestServer *)ctx)->net, conn, why);
}

static NetReason ts_admit(void *ctx, uint32_t addr)
{
    TestServer *ts = ctx;
    return ts->host != NULL ? host_admit(ts->host, addr, now_ms()) : NET_REASON_BUSY;
}

static void ts_open(TestServer *ts, const HostLimits *limits)
{
    memset(ts, 0, sizeof *ts);
    char err[ERR_MAX] = "";
    NetServerOptions so = {.bind = "127.0.0.1",
                           .max_peers = 64,
                           .timeout_ms = NET_PEER_TIMEOUT_MIN_MS,
                           .admit = ts_admit,
                           .admit_ctx = ts};
    ts->msg = calloc(1, sizeof *ts->msg);
    assert_non_null(ts->msg);
    ts->net = net_server_create(&so, err, sizeof err);
    assert_non_null(ts->net);
    net_server_set_timeouts(ts->net, NET_PEER_TIMEOUT_MIN_MS,
                            NET_PEER_TIMEOUT_MAX_MS); /* as ceki-server */
    HostOptions ho = {.limits = limits, .allow_seed = true};
    HostOutbox out = {ts, ts_send, ts_drop, NULL};
    ts->host = host_create(&ho, &out, now_ms(), err, sizeof err);
    assert_non_null(ts->host);
    polled_server = ts;
}

static void ts_poll(TestServer *ts)
{
    NetEvent ev;
    uint64_t now = now_ms();
    for (int n = 0; n < 256; n++) {
        memset(&ev, 0, sizeof ev);
        if (!net_server_poll(ts->net, 0, &ev, ts->msg)) {
            break;
        }
        if (ev.kind == NET_EVENT_CONNECT) {
            host_connected_from(ts->host, ev.conn, ev.addr, now);
        } else if (ev.kind == NET_EVENT_MESSAGE) {
            host_received(ts->host, ev.conn, ts->msg, now);
        } else if (ev.kind == NET_EVENT_DISCONNECT) {
            host_disconnected(ts->host, ev.conn, now);
        }
    }
    host_tick(ts->host, now);
    net_server_flush(ts->net);
}

static void ts_close(TestServer *ts)
{
    polled_server = NULL;
    host_destroy(ts->host);
    net_server_destroy(ts->net);
    free(ts->msg);
}

static NetAddress ts_address(const TestServer *ts)
{
    NetAddress a;
    memset(&a, 0, sizeof a);
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    a.port = net_server_port(ts->net);
    return a;
}

static uint32_t now_ms(void)
{
    struct timespec ts = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u);
}

/* The seat's first legal move, once per move number, when it is to move. */
static void play_one(Seat *s)
{
    SeatFeed *f = net_table_feed(s->t);
    int n = 0;
    const Move *moves = seat_feed_moves(f, &n);
    if (f == NULL || n == 0 || net_table_state(s->t) != NET_TABLE_PLAYING ||
        s->sent == seat_feed_move_no(f) + 1) {
        return;
    }
    if (seat_feed_send_move(f, &moves[0])) {
        s->sent = seat_feed_move_no(f) + 1;
    }
}

/* Polls every table (and plays, with `play`) until cond holds. */
static bool run_until(Seat *s, int n, bool play, Cond cond, void *ctx)
{
    uint32_t start = now_ms();
    struct timespec pause = {0, POLL_PAUSE_NS};
    for (int i = 0; i < WAIT_POLLS && now_ms() - start < WAIT_MS; i++) {
        if (polled_server != NULL) {
            ts_poll(polled_server);
        }
        for (int k = 0; k < n; k++) {
            net_table_poll(s[k].t, now_ms());
            if (play) {
                play_one(&s[k]);
            }
        }
        if (cond(s, n, ctx)) {
            return true;
        }
        nanosleep(&pause, NULL);
    }
    return false;
}

static bool all_seated(Seat *s, int n, void *ctx)
{
    (void)ctx;
    for (int k = 0; k < n; k++) {
        const NetSeats *seats = net_table_seats(s[k].t);
        if (net_table_feed(s[k].t) == NULL || !seat_feed_has_view(net_table_feed(s[k].t))) {
            return false;
        }
        for (int p = 0; p < seats->players; p++) {
            if (seats->seat[p].state != NET_SEAT_HERE) {
                return false;
            }
        }
        if (seats->players == 0) {
            return false;
        }
    }
    return true;
}

static bool all_in_state(Seat *s, int n, void *ctx)
{
    NetTableState want = *(const NetTableState *)ctx;
    for (int k = 0; k < n; k++) {
        if (net_table_state(s[k].t) != want) {
            return false;
        }
    }
    return true;
}

/* Every feed at move number *ctx or past it. */
static bool all_at_move(Seat *s, int n, void *ctx)
{
    uint32_t want = *(const uint32_t *)ctx;
    for (int k = 0; k < n; k++) {
        SeatFeed *f = net_table_feed(s[k].t);
        if (f == NULL || seat_feed_move_no(f) < want) {
            return false;
        }
    }
    return true;
}

static NetHostOptions host_options(const char *data_dir)
{
    NetHostOptions o;
    memset(&o, 0, sizeof o);
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 1);
    o.rules.variant = (uint8_t)cfg.variant;
    o.rules.players = TABLES;
    o.rules.options = cfg.options;
    o.rules.rounds = 1;
    o.rules.stakes = (uint8_t)cfg.stakes;
    o.rules.seat_kind[0] = NET_SEAT_LOCAL;
    o.rules.seat_kind[1] = NET_SEAT_NET;
    o.rules.seat_kind[2] = NET_SEAT_NET;
    o.any_port = true;
    o.bind = "127.0.0.1";
    o.data_dir = data_dir;
    o.has_seed = true;
    o.seed = 2024;
    snprintf(o.name, sizeof o.name, "Sri");
    return o;
}

/* A seat at the host's table by its invite (a private table's carries its
 * key), on 127.0.0.1. */
static NetTable *join_table(const NetTable *host, const char *token, const char *name)
{
    NetAddress a;
    char invite[NET_ADDRESS_INVITE_MAX], err[ERR_MAX] = "";
    assert_true(net_table_invite(host, invite, sizeof invite));
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    assert_int_equal(a.port, net_table_port(host));
    NetTable *t = net_table_join(&a, token, name, err, sizeof err);
    assert_non_null(t);
    return t;
}

/* A host and two joiners, seated, for a match of `rounds`; started. */
static void open_three_rounds(Seat s[TABLES], const char *data_dir, int rounds)
{
    memset(s, 0, sizeof(Seat) * TABLES);
    NetHostOptions o = host_options(data_dir);
    o.rules.rounds = (uint16_t)rounds;
    char err[ERR_MAX] = "";
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    assert_true(net_table_is_host(s[0].t));
    assert_int_equal(net_table_state(s[0].t), NET_TABLE_WAITING);
    s[1].t = join_table(s[0].t, NULL, "Budi");
    s[2].t = join_table(s[0].t, NULL, "Wati");
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    NetTableState waiting = NET_TABLE_WAITING;
    assert_true(all_in_state(s, TABLES, &waiting));
    assert_true(net_table_start(s[0].t));
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(run_until(s, TABLES, false, all_in_state, &playing));
}

/* A host and two joiners, seated, for a match of one round; started. */
static void open_three(Seat s[TABLES], const char *data_dir)
{
    open_three_rounds(s, data_dir, 1);
}

/* Plays to the end: every window has the same record. */
static void finish(Seat s[TABLES])
{
    NetTableState over = NET_TABLE_OVER;
    assert_true(run_until(s, TABLES, true, all_in_state, &over));
    size_t len0 = 0, len = 0;
    const char *rec0 = seat_feed_record(net_table_feed(s[0].t), &len0);
    assert_non_null(rec0);
    assert_true(seat_feed_move_no(net_table_feed(s[0].t)) > 2 * MID_ROUND_MOVES);
    for (int k = 1; k < TABLES; k++) {
        const char *rec = seat_feed_record(net_table_feed(s[k].t), &len);
        assert_non_null(rec);
        assert_int_equal(len, len0);
        assert_memory_equal(rec, rec0, len0);
    }
}

static void close_all_two(Seat s[2])
{
    for (int k = 1; k >= 0; k--) {
        net_table_destroy(s[k].t);
        s[k].t = NULL;
    }
}

static void close_all(Seat s[TABLES])
{
    for (int k = TABLES - 1; k >= 0; k--) {
        net_table_destroy(s[k].t);
        s[k].t = NULL;
    }
}

static void test_whole_match(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    int seen[TABLES] = {0};
    for (int k = 0; k < TABLES; k++) {
        int seat = seat_feed_seat(net_table_feed(s[k].t));
        assert_in_range(seat, 0, TABLES - 1);
        seen[seat]++;
        assert_string_equal(net_table_seats(s[k].t)->seat[1].name, "Budi");
    }
    assert_int_equal(seat_feed_seat(net_table_feed(s[0].t)), 0);
    for (int k = 0; k < TABLES; k++) {
        assert_int_equal(seen[k], 1);
    }
    finish(s);
    close_all(s);
}

/* What a seat holds now: its seat, move number and hand. */
typedef struct Snapshot {
    int seat;
    uint32_t move_no;
    int hand_count;
    Card hand[OBS_MAX_HAND];
} Snapshot;

static Snapshot snapshot(NetTable *t)
{
    Snapshot sn;
    memset(&sn, 0, sizeof sn);
    SeatFeed *f = net_table_feed(t);
    assert_non_null(f);
    const Observation *o = seat_feed_view(f);
    assert_non_null(o);
    sn.seat = seat_feed_seat(f);
    sn.move_no = seat_feed_move_no(f);
    sn.hand_count = o->hand_count[sn.seat];
    memcpy(sn.hand, o->hand, sizeof sn.hand);
    return sn;
}

static bool seat_away(Seat *s, int n, void *ctx)
{
    (void)n;
    int seat = *(const int *)ctx;
    return net_table_seats(s[0].t)->seat[seat].state == NET_SEAT_AWAY;
}

static bool seat_stood_in(Seat *s, int n, void *ctx)
{
    int seat = *(const int *)ctx;
    for (int k = 0; k < n; k++) {
        const NetSeat *st = &net_table_seats(s[k].t)->seat[seat];
        if (st->state != NET_SEAT_STAND_IN || st->stand_in != NET_STAND_IN_OWN) {
            return false;
        }
    }
    return true;
}

/* A friend asks the computer to play their own seat; every window's seats
 * say so; the match still plays to its end with the same record. The
 * host's own person asks it too. */
static void test_stand_in_own(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    assert_true(net_table_stand_in(s[2].t, true));
    int seat = seat_feed_seat(net_table_feed(s[2].t));
    assert_true(run_until(s, TABLES, false, seat_stood_in, &seat));
    assert_true(net_table_stand_in(s[0].t, true));
    seat = 0;
    assert_true(run_until(s, TABLES, false, seat_stood_in, &seat));
    assert_false(net_table_stand_in(NULL, true));
    finish(s);
    close_all(s);
}

static void test_joiner_rejoins(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    uint32_t mid = MID_ROUND_MOVES;
    assert_true(run_until(s, TABLES, true, all_at_move, &mid));
    /* Settle: everyone has every update of the last move sent. */
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    Snapshot before = snapshot(s[2].t);
    NetTicket tk;
    assert_true(net_table_ticket(s[2].t, &tk));
    assert_false(tk.hosting);
    assert_true(strlen(tk.token) == NET_TOKEN_LEN);
    net_table_destroy(s[2].t);
    s[2].t = NULL;
    assert_true(run_until(s, 2, false, seat_away, &before.seat));
    s[2].t = net_table_join(&tk.address, tk.token, "Wati", NULL, 0);
    s[2].sent = 0;
    assert_non_null(s[2].t);
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(run_until(s, TABLES, false, all_in_state, &playing));
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    Snapshot after = snapshot(s[2].t);
    assert_int_equal(after.seat, before.seat);
    assert_int_equal(after.move_no, before.move_no);
    assert_int_equal(after.hand_count, before.hand_count);
    assert_memory_equal(after.hand, before.hand, sizeof after.hand);
    finish(s);
    close_all(s);
}

/* The round scores the last seat saw as they came (ScoresSeen), until its
 * view is in round `want`. */
typedef struct ScoresSeen {
    int want;
    int scored[CEKI_MAX_SEATS];
    int count;
} ScoresSeen;

static bool last_seat_in_round(Seat *s, int n, void *ctx)
{
    ScoresSeen *seen = ctx;
    SeatFeed *f = net_table_feed(s[n - 1].t);
    GameEvent ev[64];
    int k = 0;
    while (f != NULL && (k = seat_feed_take_events(f, ev, 64)) > 0) {
        for (int i = 0; i < k; i++) {
            if (ev[i].type == EV_ROUND_SCORED && ev[i].seat >= 0 && ev[i].seat < CEKI_MAX_SEATS) {
                seen->scored[ev[i].seat] = ev[i].value;
                seen->count++;
            }
        }
    }
    return f != NULL && seat_feed_has_view(f) && seat_feed_view(f)->round >= seen->want;
}

/* A seat that comes back after the first round of two sees that round's
 * scores in its standings, as it saw them when the round was scored (not
 * only the totals). */
static void test_rejoin_keeps_round_scores(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three_rounds(s, NULL, 2);
    ScoresSeen seen;
    memset(&seen, 0, sizeof seen);
    seen.want = 2;
    assert_true(run_until(s, TABLES, true, last_seat_in_round, &seen));
    assert_true(seen.count > 0);
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    NetTicket tk;
    assert_true(net_table_ticket(s[2].t, &tk));
    int seat = seat_feed_seat(net_table_feed(s[2].t));
    net_table_destroy(s[2].t);
    s[2].t = NULL;
    assert_true(run_until(s, 2, false, seat_away, &seat));
    s[2].t = net_table_join(&tk.address, tk.token, "Wati", NULL, 0);
    s[2].sent = 0;
    assert_non_null(s[2].t);
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    SessionSeats seats;
    memset(&seats, 0, sizeof seats);
    CekiStatus st = CEKI_OK;
    Session *ss = session_create_net(s[2].t, &seats, &st);
    assert_non_null(ss);
    s[2].t = NULL; /* the session's now */
    assert_int_equal(session_rounds_scored(ss), 1);
    for (int p = 0; p < TABLES; p++) {
        assert_int_equal(session_round_score(ss, 1, p), seen.scored[p]);
    }
    session_destroy(ss);
    close_all_two(s);
}

/* The host's program gone (kill -9 leaves the journal as this does) and
 * hosted again from its ticket on the same port, once both joiners see
 * it gone; s[0] is the new host. */
static void host_gone_and_back(Seat s[TABLES], const char *dir)
{
    NetTicket tk;
    assert_true(net_table_ticket(s[0].t, &tk));
    assert_true(tk.hosting);
    NetHostOptions o = host_options(dir);
    o.any_port = false;
    o.port = net_table_port(s[0].t);
    net_table_destroy(s[0].t);
    s[0].t = NULL;
    NetTableState gone = NET_TABLE_HOST_GONE;
    assert_true(run_until(s + 1, 2, false, all_in_state, &gone));
    assert_string_not_equal(net_table_error(s[1].t), "");
    char err[ERR_MAX] = "";
    s[0].t = net_table_resume(&o, &tk, err, sizeof err);
    if (s[0].t == NULL) {
        fail_msg("net_table_resume: %s", err);
    }
    s[0].sent = 0;
}

static void test_host_resumes(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("net_table_host");
    Seat s[TABLES];
    open_three(s, dir);
    uint32_t mid = MID_ROUND_MOVES;
    assert_true(run_until(s, TABLES, true, all_at_move, &mid));
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    Snapshot before[TABLES];
    for (int k = 0; k < TABLES; k++) {
        before[k] = snapshot(s[k].t);
    }
    host_gone_and_back(s, dir);
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(run_until(s, TABLES, false, all_in_state, &playing));
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    for (int k = 0; k < TABLES; k++) {
        Snapshot after = snapshot(s[k].t);
        assert_int_equal(after.seat, before[k].seat);
        assert_int_equal(after.move_no, before[k].move_no);
        assert_memory_equal(after.hand, before[k].hand, sizeof after.hand);
    }
    finish(s);
    close_all(s);
}

/* The host's program gone while its friends wait in the room (kill -9
 * leaves the journal as this does): hosted again from its ticket, it is
 * the table's creator again, its friends come back to their seats, and
 * its Start plays the match. */
static void test_host_resumes_waiting_room(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("net_table_host_room");
    Seat s[TABLES];
    memset(s, 0, sizeof s);
    NetHostOptions o = host_options(dir);
    char err[ERR_MAX] = "";
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    s[1].t = join_table(s[0].t, NULL, "Budi");
    s[2].t = join_table(s[0].t, NULL, "Wati");
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    assert_true(net_table_is_creator(s[0].t));
    host_gone_and_back(s, dir);
    NetTableState waiting = NET_TABLE_WAITING;
    assert_true(run_until(s, TABLES, false, all_in_state, &waiting));
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    assert_true(net_table_is_creator(s[0].t));
    assert_false(net_table_is_creator(s[1].t));
    assert_true(net_table_start(s[0].t));
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(run_until(s, TABLES, false, all_in_state, &playing));
    finish(s);
    close_all(s);
}

static bool chat_heard(Seat *s, int n, void *ctx)
{
    int *heard = ctx;
    NetChat got[4];
    for (int k = 0; k < n; k++) {
        int m = net_table_take_chat(s[k].t, got, 4);
        for (int i = 0; i < m; i++) {
            heard[k * 2 + (strcmp(got[i].text, "sugeng enjing") == 0 ? 0 : 1)]++;
        }
    }
    for (int i = 0; i < n * 2; i++) {
        if (heard[i] < 1) {
            return false;
        }
    }
    return true;
}

static void test_chat(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    assert_true(net_table_say(s[0].t, "sugeng enjing"));
    assert_true(net_table_say(s[2].t, "apa kabar"));
    char too_long[NET_CHAT_MAX + 2];
    memset(too_long, 'a', sizeof too_long - 1);
    too_long[sizeof too_long - 1] = '\0';
    assert_false(net_table_say(s[1].t, too_long));
    assert_false(net_table_say(s[1].t, ""));
    int heard[TABLES * 2] = {0};
    assert_true(run_until(s, TABLES, false, chat_heard, heard));
    for (int i = 0; i < TABLES * 2; i++) {
        assert_int_equal(heard[i], 1);
    }
    close_all(s);
}

/* A friend whose program stops answering without a word (killed, or its
 * machine gone: here its table is simply no longer polled, so its ENet
 * host sends nothing, not even acknowledgements) is seen away by the host,
 * and by the other friend's window, within SILENT_BOUND_MS. The loop is
 * bounded by polls and by that time; the seconds it took are printed (the
 * host's notice, measured). Polled again, the friend
 * comes back to the same seat within its grace, not kicked. */
#define SILENT_BOUND_MS 7000u /* a fixed 10 s timeout took 10.7 s here; these take 3.1 s */
static void test_silent_friend_seen_away(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    int seat = seat_feed_seat(net_table_feed(s[2].t));
    const NetSeats *seen = net_table_seats(s[1].t);
    uint32_t start = now_ms(), took = 0;
    struct timespec pause = {0, POLL_PAUSE_NS};
    bool away = false;
    for (int i = 0; i < WAIT_POLLS && !away && now_ms() - start < SILENT_BOUND_MS; i++) {
        net_table_poll(s[0].t, now_ms()); /* s[2] is never polled: silent */
        net_table_poll(s[1].t, now_ms());
        away = net_table_seats(s[0].t)->seat[seat].state == NET_SEAT_AWAY &&
               seen->seat[seat].state == NET_SEAT_AWAY;
        took = now_ms() - start;
        nanosleep(&pause, NULL);
    }
    print_message("a silent friend seen away after %.1f s\n", took / 1000.0);
    assert_int_equal(net_table_seats(s[0].t)->seat[seat].state, NET_SEAT_AWAY);
    assert_int_equal(seen->seat[seat].state, NET_SEAT_AWAY);
    assert_true(net_table_seats(s[0].t)->seat[seat].grace_ms > 0);
    /* Heard again: the same seat, here, the match going on. */
    assert_true(run_until(s, TABLES, false, all_seated, NULL));
    assert_int_equal(seat_feed_seat(net_table_feed(s[2].t)), seat);
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(all_in_state(s, TABLES, &playing));
    close_all(s);
}

static void test_addresses(void **state)
{
    (void)state;
    NetAddress a;
    char err[ERR_MAX] = "";
    assert_true(net_address_parse("192.168.1.20:7157", &a, err, sizeof err));
    assert_string_equal(a.host, "192.168.1.20");
    assert_int_equal(a.port, 7157);
    assert_string_equal(a.table, "");
    assert_true(net_address_parse(" ceki://host-1.example:80/AB-3/ ", &a, err, sizeof err));
    assert_string_equal(a.host, "host-1.example");
    assert_int_equal(a.port, 80);
    assert_string_equal(a.table, "AB-3");
    char buf[NET_ADDRESS_INVITE_MAX];
    net_address_format_invite(&a, buf, sizeof buf);
    assert_string_equal(buf, "ceki://host-1.example:80/AB-3");
    /* A private table's invite: its key, kept in lower case, and written back. */
    assert_true(net_address_parse("ceki://10.1.2.3:7157/t9?key=0123456789ABCDEF0123456789abcdef",
                                  &a, err, sizeof err));
    assert_string_equal(a.table, "t9");
    assert_string_equal(a.key, "0123456789abcdef0123456789abcdef");
    net_address_format_invite(&a, buf, sizeof buf);
    assert_string_equal(buf, "ceki://10.1.2.3:7157/t9?key=0123456789abcdef0123456789abcdef");
    assert_true(net_address_parse("10.1.2.3:7157/t9/?key=0123456789abcdef0123456789abcdef/", &a,
                                  err, sizeof err));
    assert_string_equal(a.key, "0123456789abcdef0123456789abcdef");
    assert_true(net_address_parse("10.1.2.3:7157/t9", &a, err, sizeof err));
    assert_string_equal(a.key, "");
    static const char *const bad_keys[] = {
        "ceki://h:1/t?key=0123",                               /* cut short */
        "ceki://h:1/t?key=0123456789abcdef0123456789abcdefff", /* too long */
        "ceki://h:1/t?key=0123456789abcdef0123456789abcdeg",   /* not hex */
        "ceki://h:1/t?pin=0123456789abcdef0123456789abcdef",   /* not a key */
        "ceki://h:1/?key=0123456789abcdef0123456789abcdef",    /* no table */
    };
    for (size_t i = 0; i < sizeof bad_keys / sizeof bad_keys[0]; i++) {
        NetAddress keep = a;
        assert_false(net_address_parse(bad_keys[i], &a, err, sizeof err));
        assert_non_null(strstr(err, "key"));
        assert_memory_equal(&keep, &a, sizeof a);
    }
    assert_true(net_address_parse(" ceki://host-1.example:80/AB-3/ ", &a, err, sizeof err));
    static const char *const bad[] = {"",          "nonsense",         "host:",
                                      ":7157",     "host:99999",       "host:0",
                                      "host:12x",  "ceki://host:7157", "ceki://host:7157/",
                                      "ho st:1/a", "host:1/no_such!",  "host:1/ABCDEFGHIJKLMNOPQ"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        NetAddress keep = a;
        err[0] = '\0';
        assert_false(net_address_parse(bad[i], &a, err, sizeof err));
        assert_true(strlen(err) > 10);
        assert_memory_equal(&keep, &a, sizeof a);
    }
    NetAddress none;
    memset(&none, 0, sizeof none);
    err[0] = '\0';
    assert_null(net_table_join(&none, NULL, "x", err, sizeof err));
    assert_true(err[0] != '\0');
}

static bool last_failed(Seat *s, int n, void *ctx)
{
    (void)ctx;
    return net_table_state(s[n - 1].t) == NET_TABLE_FAILED;
}

/* The host's addresses (loopback last), its invite, and a join to a table
 * that is not there: a clear sentence. */
static void test_invite_and_no_table(void **state)
{
    (void)state;
    NetHostOptions o = host_options(NULL);
    char err[ERR_MAX] = "";
    Seat s[2];
    memset(s, 0, sizeof s);
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    char addr[NET_TABLE_ADDRESSES_MAX][NET_ADDR_TEXT_MAX];
    int n = net_table_addresses(s[0].t, addr, NET_TABLE_ADDRESSES_MAX);
    assert_true(n >= 1);
    assert_true(strncmp(addr[n - 1], "127.", 4) == 0);
    char invite[128];
    assert_true(net_table_invite(s[0].t, invite, sizeof invite));
    NetAddress a;
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    assert_int_equal(a.port, net_table_port(s[0].t));
    NetTicket tk;
    assert_true(net_table_ticket(s[0].t, &tk));
    assert_string_equal(a.table, tk.address.table);
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    snprintf(a.table, sizeof a.table, "NOPE");
    s[1].t = net_table_join(&a, NULL, "Budi", err, sizeof err);
    assert_non_null(s[1].t);
    assert_true(run_until(s, 2, false, last_failed, NULL));
    assert_true(strlen(net_table_error(s[1].t)) > 10);
    net_table_destroy(s[1].t);
    net_table_destroy(s[0].t);
}

/* ---- private tables, a server, the bounded wait, refusals -------------------- */

/* The join of `a` by a new seat, until it is seated or fails. */
static NetTable *join_at(const NetAddress *a, const char *name)
{
    char err[ERR_MAX] = "";
    NetTable *t = net_table_join(a, NULL, name, err, sizeof err);
    assert_non_null(t);
    return t;
}

static bool last_seated_or_failed(Seat *s, int n, void *ctx)
{
    (void)ctx;
    NetTableState st = net_table_state(s[n - 1].t);
    return st == NET_TABLE_FAILED || (st == NET_TABLE_WAITING && net_table_seat(s[n - 1].t) >= 0);
}

/* A table hosted private: its invite carries its key and seats a friend;
 * its id alone is refused in the words for a missing key, a wrong key in
 * the words for a wrong one; it is private to every seat. */
static void test_private_hosted(void **state)
{
    (void)state;
    NetHostOptions o = host_options(NULL);
    char err[ERR_MAX] = "", invite[NET_ADDRESS_INVITE_MAX];
    Seat s[2];
    memset(s, 0, sizeof s);
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    assert_true(net_table_is_private(s[0].t));
    assert_true(net_table_is_creator(s[0].t));
    assert_true(net_table_invite(s[0].t, invite, sizeof invite));
    NetAddress a;
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    assert_int_equal(strlen(a.key), NET_KEY_LEN);
    snprintf(a.host, sizeof a.host, "127.0.0.1");

    NetAddress none = a, wrong = a;
    none.key[0] = '\0';
    wrong.key[0] = wrong.key[0] == '0' ? '1' : '0';
    const struct {
        const NetAddress *at;
        bool key;
    } refused[] = {{&none, false}, {&wrong, true}};
    for (size_t i = 0; i < 2; i++) {
        s[1].t = join_at(refused[i].at, "Budi");
        assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
        assert_int_equal(net_table_state(s[1].t), NET_TABLE_FAILED);
        assert_int_equal(net_table_failure(s[1].t), NET_TABLE_FAIL_REFUSED);
        assert_int_equal(net_table_refusal(s[1].t), NET_REASON_WRONG_KEY);
        assert_string_equal(net_table_error(s[1].t),
                            net_table_reason_text(NET_REASON_WRONG_KEY, refused[i].key));
        net_table_destroy(s[1].t);
    }
    assert_string_not_equal(net_table_reason_text(NET_REASON_WRONG_KEY, false),
                            net_table_reason_text(NET_REASON_WRONG_KEY, true));
    s[1].t = join_at(&a, "Budi");
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_state(s[1].t), NET_TABLE_WAITING);
    assert_true(net_table_is_private(s[1].t));
    assert_false(net_table_is_creator(s[1].t));
    char again[NET_ADDRESS_INVITE_MAX];
    assert_true(net_table_invite(s[1].t, again, sizeof again));
    assert_non_null(strstr(again, a.key)); /* a friend may pass it on */
    close_all_two(s);
}

/* A private table made on a server from the app: the person seated as
 * its creator, its invite with the key seats a friend, a window without
 * the key is refused with the words for it, nothing is listed; the
 * creator gives the last seat to a computer and starts. The same made
 * open is listed, and joined from the list. */
static void test_made_on_server(void **state)
{
    (void)state;
    TestServer ts;
    HostLimits lim = host_limits_default(64);
    ts_open(&ts, &lim);
    NetAddress at = ts_address(&ts);
    NetHostOptions o = host_options(NULL);
    o.rules.seat_kind[2] = NET_SEAT_NET;
    char err[ERR_MAX] = "", invite[NET_ADDRESS_INVITE_MAX];
    Seat s[3];
    memset(s, 0, sizeof s);
    s[0].t = net_table_make_on(&at, &o, err, sizeof err);
    assert_non_null(s[0].t);
    assert_true(run_until(s, 1, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_state(s[0].t), NET_TABLE_WAITING);
    assert_false(net_table_is_host(s[0].t));
    assert_true(net_table_is_creator(s[0].t));
    assert_int_equal(net_table_seat(s[0].t), 0);
    assert_string_equal(net_table_seats(s[0].t)->seat[0].name, "Sri");
    assert_true(net_table_invite(s[0].t, invite, sizeof invite));
    NetAddress a;
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    assert_int_equal(a.port, at.port);
    assert_int_equal(strlen(a.key), NET_KEY_LEN);
    NetAddress keyless = a;
    keyless.key[0] = '\0';
    s[1].t = join_at(&keyless, "Tono");
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_refusal(s[1].t), NET_REASON_WRONG_KEY);
    assert_string_equal(net_table_error(s[1].t),
                        net_table_reason_text(NET_REASON_WRONG_KEY, false));
    net_table_destroy(s[1].t);
    s[1].t = join_at(&at, "Tono"); /* the server's list: nothing of the private table */
    NetTableState choosing = NET_TABLE_CHOOSING;
    assert_true(run_until(&s[1], 1, false, all_in_state, &choosing));
    for (int i = 0; i < 200 && net_table_tables(s[1].t) == NULL; i++) {
        run_until(&s[1], 1, false, all_in_state, &choosing);
    }
    assert_non_null(net_table_tables(s[1].t));
    assert_int_equal(net_table_tables(s[1].t)->count, 0);
    net_table_destroy(s[1].t);
    s[1].t = join_at(&a, "Budi");
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_seat(s[1].t), 1);
    assert_false(net_table_is_creator(s[1].t));
    assert_false(net_table_seat_ai(s[1].t, 2, NET_SEAT_GREEDY) &&
                 net_table_seats(s[0].t)->seat[2].state != NET_SEAT_EMPTY);
    assert_true(net_table_seat_ai(s[0].t, 2, NET_SEAT_GREEDY));
    assert_true(run_until(s, 2, false, all_seated, NULL));
    assert_true(net_table_start(s[0].t));
    NetTableState playing = NET_TABLE_PLAYING;
    assert_true(run_until(s, 2, false, all_in_state, &playing));
    close_all_two(s);

    /* Open: listed, and taken from the list. */
    o.open = true;
    s[0].t = net_table_make_on(&at, &o, err, sizeof err);
    assert_true(run_until(s, 1, false, last_seated_or_failed, NULL));
    assert_false(net_table_is_private(s[0].t));
    s[1].t = join_at(&at, "Budi");
    assert_true(run_until(&s[1], 1, false, all_in_state, &choosing));
    for (int i = 0;
         i < 200 && (net_table_tables(s[1].t) == NULL || net_table_tables(s[1].t)->count == 0);
         i++) {
        net_table_list(s[1].t);
        run_until(s, 2, false, all_in_state, &choosing);
    }
    assert_int_equal(net_table_tables(s[1].t)->count, 1);
    assert_true(net_table_pick(s[1].t, net_table_tables(s[1].t)->table[0].table));
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_state(s[1].t), NET_TABLE_WAITING);
    close_all_two(s);
    ts_close(&ts);
}

/* The server's refusals reach the window as words: tables made too fast
 * (an address may make one, then one every minute), a table that is not
 * there. */
static void test_server_refusals(void **state)
{
    (void)state;
    TestServer ts;
    HostLimits lim = host_limits_default(64);
    lim.addr_tables = 1;
    lim.addr_table_ms = 60000;
    ts_open(&ts, &lim);
    NetAddress at = ts_address(&ts);
    NetHostOptions o = host_options(NULL);
    char err[ERR_MAX] = "";
    Seat s[2];
    memset(s, 0, sizeof s);
    s[0].t = net_table_make_on(&at, &o, err, sizeof err);
    assert_true(run_until(s, 1, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_state(s[0].t), NET_TABLE_WAITING);
    s[1].t = net_table_make_on(&at, &o, err, sizeof err);
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_state(s[1].t), NET_TABLE_FAILED);
    assert_int_equal(net_table_refusal(s[1].t), NET_REASON_TABLES_FAST);
    assert_string_equal(net_table_error(s[1].t),
                        net_table_reason_text(NET_REASON_TABLES_FAST, false));
    net_table_destroy(s[1].t);
    NetAddress gone = at;
    snprintf(gone.table, sizeof gone.table, "NOPE");
    s[1].t = join_at(&gone, "Budi");
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_failure(s[1].t), NET_TABLE_FAIL_REFUSED);
    assert_int_equal(net_table_refusal(s[1].t), NET_REASON_NO_TABLE);
    close_all_two(s);
    ts_close(&ts);
}

/* ---- a spectator --------------------------------------------------------- */

#define WATCHER (TABLES) /* the spectator's place in the Seat array */
#define SPECTATOR_LINE "saking penonton"

static NetTable *watch_table(const NetTable *host, const char *name)
{
    NetAddress a;
    char invite[NET_ADDRESS_INVITE_MAX], err[ERR_MAX] = "";
    assert_true(net_table_invite(host, invite, sizeof invite));
    assert_true(net_address_parse(invite, &a, err, sizeof err));
    snprintf(a.host, sizeof a.host, "127.0.0.1");
    NetTable *t = net_table_watch(&a, name, err, sizeof err);
    assert_non_null(t);
    return t;
}

/* The spectator as it must be at every poll: seat -1, the view every seat
 * sees, no moves, and a round's hands only once that round is over. */
static void check_spectator(NetTable *t)
{
    SeatFeed *f = net_table_feed(t);
    const Observation *o = seat_feed_view(f);
    int n = 0;
    seat_feed_moves(f, &n);
    assert_int_equal(n, 0);
    assert_true(o == NULL || o->seat == GAME_SPECTATOR);
    const NetHands *h = seat_feed_hands(f, NULL);
    if (h != NULL && o != NULL) {
        bool over = o->phase == PHASE_ROUND_OVER || o->phase == PHASE_MATCH_OVER;
        assert_true((int)h->round < o->round || ((int)h->round == o->round && over));
    }
}

static bool watched_to_the_end(Seat *s, int n, void *ctx)
{
    (void)ctx;
    check_spectator(s[n - 1].t);
    NetTableState over = NET_TABLE_OVER;
    return all_in_state(s, n, &over);
}

/* The spectator heard its own line; *ctx counts the seats' lines of it. */
static bool spectator_heard(Seat *s, int n, void *ctx)
{
    int *seats_heard = ctx;
    NetChat got[4];
    bool heard = false;
    for (int k = 0; k < n; k++) {
        int m = net_table_take_chat(s[k].t, got, 4);
        for (int i = 0; i < m; i++) {
            bool it = strcmp(got[i].text, SPECTATOR_LINE) == 0;
            assert_true(!it || got[i].seat == -1);
            heard = heard || (it && k == n - 1);
            *seats_heard += it && k < n - 1;
        }
    }
    return heard;
}

/* Polls everything a while; *ctx counts down. */
static bool polls_done(Seat *s, int n, void *ctx)
{
    int *left = ctx;
    return spectator_heard(s, n, &left[1]) ? true : --left[0] <= 0;
}

/* A spectator at a table that shows hands a round late follows a two-round
 * match from start to end: it holds no seat and no ticket, never has a
 * move, sees each round's hands only after that round, its chat reaches
 * no seat while the match is played, and it ends with the seats' record
 * and standings. */
static void test_spectator_follows_match(void **state)
{
    (void)state;
    Seat s[TABLES + 1];
    memset(s, 0, sizeof s);
    NetHostOptions o = host_options(NULL);
    o.rules.rounds = 2;
    o.rules.watch = NET_WATCH_HANDS_LATE;
    char err[ERR_MAX] = "";
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    s[1].t = join_table(s[0].t, NULL, "Budi");
    s[2].t = join_table(s[0].t, NULL, "Wati");
    s[WATCHER].t = watch_table(s[0].t, "Tono");
    assert_true(run_until(s, TABLES + 1, false, all_seated, NULL));
    assert_true(net_table_watching(s[WATCHER].t));
    assert_false(net_table_watching(s[1].t));
    assert_int_equal(net_table_seat(s[WATCHER].t), -1);
    NetTicket ticket;
    assert_false(net_table_ticket(s[WATCHER].t, &ticket));
    assert_int_equal(net_table_seats(s[0].t)->nwatchers, 1);
    assert_string_equal(net_table_seats(s[0].t)->watcher[0], "Tono");
    assert_true(net_table_start(s[0].t));
    assert_true(net_table_say(s[WATCHER].t, SPECTATOR_LINE));
    int counts[2] = {400, 0}; /* polls left; the seats' lines of it */
    assert_true(run_until(s, TABLES + 1, false, polls_done, counts));
    assert_true(counts[0] > 0); /* the spectator heard it before the polls ran out */
    int more[2] = {200, 0};
    run_until(s, TABLES + 1, false, polls_done, more);
    assert_int_equal(counts[1] + more[1], 0); /* no seat heard it */
    assert_true(run_until(s, TABLES + 1, true, watched_to_the_end, NULL));
    size_t len0 = 0, len = 0;
    const char *rec0 = seat_feed_record(net_table_feed(s[0].t), &len0);
    const char *rec = seat_feed_record(net_table_feed(s[WATCHER].t), &len);
    assert_non_null(rec);
    assert_int_equal(len, len0);
    assert_memory_equal(rec, rec0, len0);
    const Observation *seat0 = seat_feed_view(net_table_feed(s[0].t));
    const Observation *watched = seat_feed_view(net_table_feed(s[WATCHER].t));
    assert_memory_equal(watched->match_score, seat0->match_score, sizeof seat0->match_score);
    assert_memory_equal(watched->match_winner, seat0->match_winner, sizeof seat0->match_winner);
    const NetHands *h = seat_feed_hands(net_table_feed(s[WATCHER].t), NULL);
    assert_non_null(h);
    assert_int_equal(h->round, seat0->round);
    assert_null(seat_feed_hands(net_table_feed(s[1].t), NULL));
    for (int k = TABLES; k >= 0; k--) {
        net_table_destroy(s[k].t);
    }
}

/* A table that takes no spectators refuses one, in the person's words. */
static void test_spectator_refused(void **state)
{
    (void)state;
    Seat s[2];
    memset(s, 0, sizeof s);
    NetHostOptions o = host_options(NULL);
    o.rules.watch = NET_WATCH_NONE;
    char err[ERR_MAX] = "";
    s[0].t = net_table_host(&o, err, sizeof err);
    assert_non_null(s[0].t);
    s[1].t = watch_table(s[0].t, "Tono");
    assert_true(run_until(s, 2, false, last_seated_or_failed, NULL));
    assert_int_equal(net_table_failure(s[1].t), NET_TABLE_FAIL_REFUSED);
    assert_int_equal(net_table_refusal(s[1].t), NET_REASON_NO_WATCHING);
    assert_string_equal(net_table_error(s[1].t),
                        net_table_reason_text(NET_REASON_NO_WATCHING, true));
    assert_int_equal(net_table_seats(s[0].t)->nwatchers, 0);
    close_all_two(s);
}

/* A join to a port where a socket takes everything and answers nothing (a
 * router that lets nobody in looks so from outside): still connecting a
 * moment before its time is up, then failed, in words that name the
 * address, the router in the way and the port to forward. The table's
 * clock is the one given to its polls. */
/* A UDP socket on 127.0.0.1 that takes everything and answers nothing;
 * *a is its address, with a table id. */
static int silent_socket(NetAddress *a)
{
    int sock = socket(AF_INET, SOCK_DGRAM, 0);
    assert_true(sock >= 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof sa;
    assert_int_equal(bind(sock, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(getsockname(sock, (struct sockaddr *)&sa, &len), 0);
    memset(a, 0, sizeof *a);
    snprintf(a->host, sizeof a->host, "127.0.0.1");
    a->port = ntohs(sa.sin_port);
    snprintf(a->table, sizeof a->table, "AbCdEfGh");
    return sock;
}

static void test_nobody_answers(void **state)
{
    (void)state;
    NetAddress a;
    int sock = silent_socket(&a);
    char err[ERR_MAX] = "";
    NetTable *t = net_table_join(&a, NULL, "Budi", err, sizeof err);
    assert_non_null(t);
    net_table_poll(t, CLOCK_START_MS);
    assert_int_equal(net_table_wait_left_ms(t), FIRST_ANSWER_MS);
    net_table_poll(t, CLOCK_START_MS + FIRST_ANSWER_MS - 1);
    assert_int_equal(net_table_state(t), NET_TABLE_CONNECTING);
    assert_int_equal(net_table_wait_left_ms(t), 1);
    net_table_poll(t, CLOCK_START_MS + FIRST_ANSWER_MS);
    assert_int_equal(net_table_state(t), NET_TABLE_FAILED);
    assert_int_equal(net_table_failure(t), NET_TABLE_FAIL_NO_ANSWER);
    assert_int_equal(net_table_wait_left_ms(t), 0);
    char want[64];
    snprintf(want, sizeof want, "Nobody answered at 127.0.0.1:%u.", (unsigned)a.port);
    const char *said = net_table_error(t);
    assert_non_null(strstr(said, want));
    assert_non_null(strstr(said, "router"));
    assert_non_null(strstr(said, "server"));
    snprintf(want, sizeof want, "forward port %u", (unsigned)a.port);
    assert_non_null(strstr(said, want));
    net_table_destroy(t);
    close(sock);
}

/* Going back to a seat (with its token) at a host that has quit: it is
 * tried again meanwhile, still connecting a moment before its time is
 * up, then failed in words that name the table's address and say its host
 * may have closed it. */
static void test_rejoin_nobody_answers(void **state)
{
    (void)state;
    NetAddress a;
    int sock = silent_socket(&a);
    char err[ERR_MAX] = "";
    NetTable *t = net_table_join(&a, "0123456789abcdef", "Budi", err, sizeof err);
    assert_non_null(t);
    for (uint32_t ms = 0; ms < FIRST_ANSWER_MS; ms += FIRST_ANSWER_MS / 8) {
        net_table_poll(t, CLOCK_START_MS + ms);
        assert_int_equal(net_table_state(t), NET_TABLE_CONNECTING);
    }
    net_table_poll(t, CLOCK_START_MS + FIRST_ANSWER_MS - 1);
    assert_int_equal(net_table_state(t), NET_TABLE_CONNECTING);
    assert_int_equal(net_table_wait_left_ms(t), 1); /* the same countdown as a new join's */
    net_table_poll(t, CLOCK_START_MS + FIRST_ANSWER_MS);
    assert_int_equal(net_table_state(t), NET_TABLE_FAILED);
    assert_int_equal(net_table_failure(t), NET_TABLE_FAIL_NO_ANSWER);
    assert_int_equal(net_table_wait_left_ms(t), 0);
    char want[96];
    snprintf(want, sizeof want,
             "The table at 127.0.0.1:%u does not answer; its host may have closed it.",
             (unsigned)a.port);
    assert_string_equal(net_table_error(t), want);
    net_table_destroy(t);
    close(sock);
}

/* ---- sessions at a network table (session_create_net) ---------------------- */

/* One step of a session whose computer plays the person's seat: its own
 * move thought and sent, another seat's taken in once it came. */
static void session_step(Session *ss)
{
    session_poll(ss);
    const Game *g = session_game(ss);
    int to = game_to_move(g);
    if (to < 0 || game_match_over(g)) {
        return;
    }
    Move m;
    bool hint = false;
    if (to == session_viewer(ss) && game_round_over(g)) {
        if (session_legal_moves(ss, &m, 1) == 1) {
            session_apply(ss, &m, NULL);
        }
        return;
    }
    if (!session_thinking(ss)) {
        session_think_start(ss, false);
    }
    if (session_think_poll(ss, &m, &hint) && !hint) {
        session_apply(ss, &m, NULL);
    }
}

static bool sessions_over(Session **ss, int n)
{
    for (int k = 0; k < n; k++) {
        if (!game_match_over(session_game(ss[k])) || !session_has_record(ss[k])) {
            return false;
        }
    }
    return true;
}

/* The host of the sessions' test, played in a thread of its own (a
 * session waits for the host's answer to its move, so the host must be
 * served meanwhile): polled, its seat's first legal move made, until told
 * to stop (or WAIT_MS). */
typedef struct HostRun {
    Seat seat;
    SDL_atomic_t stop;
} HostRun;

static int host_main(void *data)
{
    HostRun *h = data;
    uint32_t start = now_ms();
    struct timespec pause = {0, POLL_PAUSE_NS};
    for (int i = 0; i < WAIT_POLLS && now_ms() - start < WAIT_MS && !SDL_AtomicGet(&h->stop); i++) {
        net_table_poll(h->seat.t, now_ms());
        play_one(&h->seat);
        nanosleep(&pause, NULL);
    }
    return 0;
}

/* The joiners play a whole match as sessions from their network tables'
 * feeds, the host in a thread: the same record in the three, the same
 * standings, the others' seats named as the host numbers them. */
static void test_sessions_play(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    Session *ss[TABLES - 1];
    SessionSeats seats;
    memset(&seats, 0, sizeof seats);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.level[i] = AI_GREEDY;
    }
    for (int k = 1; k < TABLES; k++) {
        CekiStatus st = CEKI_OK;
        ss[k - 1] = session_create_net(s[k].t, &seats, &st);
        assert_non_null(ss[k - 1]);
        assert_ptr_equal(session_net_table(ss[k - 1]), s[k].t);
        s[k].t = NULL; /* the session's now */
        assert_int_equal(session_viewer(ss[k - 1]), k);
        assert_false(session_can_undo(ss[k - 1]));
    }
    char name[64];
    session_seat_name(ss[0], 2, name, sizeof name);
    assert_string_equal(name, "Wati");
    int people = -1, computers = -1;
    assert_true(session_opponents(ss[0], &people, &computers));
    assert_int_equal(people, 2);
    assert_int_equal(computers, 0);
    for (int seat = 0; seat < TABLES; seat++) { /* people all: none tagged as a computer */
        AiLevel level = AI_LEVEL_COUNT;
        assert_false(session_seat_computer(ss[0], seat, &level));
        assert_false(session_seat_computer(ss[1], seat, &level));
        assert_int_equal(level, AI_LEVEL_COUNT);
    }
    HostRun host;
    memset(&host, 0, sizeof host);
    host.seat = s[0];
    SDL_Thread *th = SDL_CreateThread(host_main, "host", &host);
    assert_non_null(th);
    uint32_t start = now_ms();
    struct timespec pause = {0, POLL_PAUSE_NS};
    for (int i = 0; i < WAIT_POLLS && now_ms() - start < WAIT_MS && !sessions_over(ss, 2); i++) {
        session_step(ss[0]);
        session_step(ss[1]);
        nanosleep(&pause, NULL);
    }
    SDL_AtomicSet(&host.stop, 1);
    SDL_WaitThread(th, NULL);
    assert_true(sessions_over(ss, 2));
    size_t len0 = 0, len = 0;
    const char *rec0 = seat_feed_record(net_table_feed(s[0].t), &len0);
    assert_non_null(rec0);
    Observation a, b;
    assert_int_equal(game_observe(session_game(ss[0]), 0, &a), CEKI_OK);
    assert_int_equal(game_observe(session_game(ss[1]), 0, &b), CEKI_OK);
    assert_memory_equal(a.match_score, b.match_score, sizeof a.match_score);
    for (int k = 0; k < 2; k++) {
        const char *rec = seat_feed_record(net_table_feed(session_net_table(ss[k])), &len);
        assert_int_equal(len, len0);
        assert_memory_equal(rec, rec0, len0);
        assert_int_equal(session_moves(ss[k]), (int)seat_feed_move_no(net_table_feed(s[0].t)));
        char *text = session_text(ss[k], SAVE_KIND_REPLAY, &len);
        assert_non_null(text);
        free(text);
        session_destroy(ss[k]);
    }
    net_table_destroy(s[0].t);
}

/* A joiner's own seat played by the host's computer, as the menu's "Let
 * the computer play for me" asks: its window takes in every move the host
 * makes for that seat, however many came between two looks, and none is
 * refused (the session said "Not possible now." after each of them when
 * the next seat's move had come with it: the window was seen saying so
 * at every turn of a friend who had asked). */
static void test_stand_in_own_taken_in(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    assert_true(net_table_stand_in(s[1].t, true));
    int seat = 1;
    assert_true(run_until(s, TABLES, false, seat_stood_in, &seat));
    SessionSeats seats;
    memset(&seats, 0, sizeof seats);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = true; /* as the app's session at a network table */
        seats.level[i] = AI_GREEDY;
    }
    CekiStatus st = CEKI_OK;
    Session *ss = session_create_net(s[1].t, &seats, &st);
    assert_non_null(ss);
    s[1].t = NULL;                                   /* the session's now */
    session_set_stand_in(ss, seat, true, AI_GREEDY); /* as the host's seats say */
    int taken = 0, refused = 0;
    const char *why = NULL;
    uint32_t start = now_ms();
    struct timespec pause = {0, POLL_PAUSE_NS};
    for (int i = 0;
         i < WAIT_POLLS && now_ms() - start < WAIT_MS && !game_match_over(session_game(ss)); i++) {
        for (int k = 0; k < TABLES; k += 2) {
            net_table_poll(s[k].t, now_ms());
            play_one(&s[k]);
        }
        if (i % 8 != 0) { /* the window looks now and then: moves pile up meanwhile */
            nanosleep(&pause, NULL);
            continue;
        }
        session_poll(ss);
        Move m;
        bool hint = false;
        if (!session_thinking(ss)) {
            session_think_start(ss, false);
        }
        if (session_think_poll(ss, &m, &hint) && !hint) {
            /* The window holds it for the pause between moves while the
             * session goes on taking in what the host made for the seat. */
            for (int k = 0; k < TABLES; k += 2) {
                net_table_poll(s[k].t, now_ms());
            }
            session_poll(ss);
            CekiStatus got = session_apply(ss, &m, &why);
            taken += got == CEKI_OK && m.seat == seat;
            if (got != CEKI_OK) {
                print_message("refused: %s\n", why != NULL ? why : "?");
                refused++;
            }
        }
        nanosleep(&pause, NULL);
    }
    assert_true(game_match_over(session_game(ss)));
    assert_int_equal(refused, 0);
    assert_true(taken > 0);
    const SeatFeed *f = net_table_feed(session_net_table(ss));
    assert_int_equal(session_moves(ss), (int)seat_feed_move_no(f));
    session_destroy(ss);
    close_all(s);
}

/* Polls the host and the other joiner (s[0], s[2]), playing their moves
 * with `play`, and the session, until cond holds (or WAIT_MS). */
typedef bool (*SessionCond)(Session *ss, Seat *s);

static bool run_session_until(Seat *s, Session *ss, bool play, SessionCond cond)
{
    uint32_t start = now_ms();
    struct timespec pause = {0, POLL_PAUSE_NS};
    for (int i = 0; i < WAIT_POLLS && now_ms() - start < WAIT_MS; i++) {
        for (int k = 0; k < TABLES; k += 2) {
            net_table_poll(s[k].t, now_ms());
            if (play) {
                play_one(&s[k]);
            }
        }
        session_poll(ss);
        if (cond(ss, s)) {
            return true;
        }
        nanosleep(&pause, NULL);
    }
    return false;
}

static bool session_to_move(Session *ss, Seat *s)
{
    (void)s;
    Move m;
    return game_to_move(session_game(ss)) == session_viewer(ss) &&
           session_legal_moves(ss, &m, 1) > 0;
}

static int late_moves_before;

static bool session_took_late_move(Session *ss, Seat *s)
{
    (void)s;
    return session_moves(ss) > late_moves_before;
}

/* A person's move the host answers only after the session stopped waiting
 * (the host killed and back, a slow link): when it comes it is taken in
 * as theirs, not as one the host made for them, so the table goes on
 * making their stock turns (the two-windows test stopped there: the
 * joiner's table waited for a person who had just moved). */
static void test_late_answer_is_own_move(void **state)
{
    (void)state;
    Seat s[TABLES];
    open_three(s, NULL);
    SessionSeats seats;
    memset(&seats, 0, sizeof seats);
    CekiStatus st = CEKI_OK;
    Session *ss = session_create_net(s[1].t, &seats, &st);
    assert_non_null(ss);
    s[1].t = NULL;                     /* the session's now */
    session_set_net_answer_ms(ss, 20); /* the host is not polled meanwhile */
    assert_true(run_session_until(s, ss, true, session_to_move));
    Move m;
    assert_true(session_legal_moves(ss, &m, 1) > 0);
    late_moves_before = session_moves(ss);
    const char *why = NULL;
    assert_int_equal(session_apply(ss, &m, &why), CEKI_ERR_STATE);
    assert_non_null(why);
    assert_int_equal(session_moves(ss), late_moves_before);
    assert_true(run_session_until(s, ss, false, session_took_late_move));
    assert_int_equal(session_moves(ss), late_moves_before + 1);
    int n = 0;
    const Move *h = session_history(ss, &n);
    assert_true(move_equal(&h[n - 1], &m));
    assert_false(session_host_moved_own(ss));
    session_destroy(ss);
    net_table_destroy(s[0].t);
    net_table_destroy(s[2].t);
}

/* ---- the ticket kept, and the command line ----------------------------------- */

static void test_ticket_kept(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("net_ticket");
    char path[1024];
    snprintf(path, sizeof path, "%s/ceki.db", dir);
    char notice[300] = "", err[ERR_MAX] = "";
    Store *st = store_open(path, notice, sizeof notice);
    assert_non_null(st);
    NetTicket t, back;
    assert_false(net_ticket_load(st, &back));
    memset(&t, 0, sizeof t);
    assert_true(net_address_parse("ceki://10.0.0.7:7157/Tb-9", &t.address, err, sizeof err));
    memset(t.token, 'a', NET_TOKEN_LEN);
    t.hosting = true;
    assert_true(net_ticket_save(st, &t, "pei", err, sizeof err));
    store_close(st);
    st = store_open(path, notice, sizeof notice); /* kept in the file */
    assert_true(net_ticket_load(st, &back));
    assert_memory_equal(&back, &t, sizeof t);
    NetAddress at = t.address;
    assert_true(net_ticket_at(&back, &at));
    at.port = 7158; /* another port, another table */
    assert_false(net_ticket_at(&back, &at));
    at = t.address;
    snprintf(at.table, sizeof at.table, "Tb-8");
    assert_false(net_ticket_at(&back, &at));
    char caption[128];
    net_ticket_caption(&back, caption, sizeof caption); /* this computer's own table */
    assert_string_equal(caption, "Your own table, hosted here on port 7157");
    t.hosting = false; /* one at a time: the last replaces it */
    assert_true(net_ticket_save(st, &t, "pei", err, sizeof err));
    assert_true(net_ticket_load(st, &back));
    assert_false(back.hosting);
    net_ticket_caption(&back, caption, sizeof caption); /* a friend's */
    assert_string_equal(caption, "Rejoin the table at 10.0.0.7");
    net_ticket_forget(st);
    assert_false(net_ticket_load(st, &back));
    int people = -1, computers = -1;
    assert_false(store_opponents_get(st, "m1", &people, &computers));
    assert_true(store_opponents_put(st, "m1", 1, 1, err, sizeof err));
    assert_true(store_opponents_put(st, "m1", 0, 2, err, sizeof err)); /* the first stays */
    assert_true(store_opponents_get(st, "m1", &people, &computers));
    assert_int_equal(people, 1);
    assert_int_equal(computers, 1);
    store_close(st);
    /* A store of schema 1 (no tickets, no opponents) gets them on opening. */
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DROP TABLE tickets; DROP TABLE opponents;"
                                  " PRAGMA user_version=1;",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    st = store_open(path, notice, sizeof notice);
    assert_true(store_persistent(st));
    assert_true(net_ticket_save(st, &t, "pei", err, sizeof err));
    assert_true(net_ticket_load(st, &back));
    assert_true(store_opponents_put(st, "m2", 2, 0, err, sizeof err));
    store_close(st);
}

static bool parse(AppArgs *a, const char *line, char *err, size_t err_size)
{
    static char copy[512]; /* the parsed AppArgs point into it until the next parse */
    char *argv[32];
    int argc = 0;
    snprintf(copy, sizeof copy, "ceki %s", line);
    for (char *tok = strtok(copy, " "); tok != NULL && argc < 32; tok = strtok(NULL, " ")) {
        argv[argc++] = tok;
    }
    return args_parse(argc, argv, a, err, err_size);
}

static void test_command_line(void **state)
{
    (void)state;
    AppArgs a;
    char err[ERR_MAX] = "";
    assert_true(parse(&a,
                      "--host --port 7200 --variant pei --seats you,friend,greedy --autoplay "
                      "--as-person --exit-at-end",
                      err, sizeof err));
    assert_true(a.host && args_network(&a));
    assert_int_equal(a.port, 7200);
    assert_int_equal(a.players, 3);
    assert_int_equal(a.seat_kind[0], NET_SEAT_LOCAL);
    assert_int_equal(a.seat_kind[1], NET_SEAT_NET);
    assert_int_equal(a.seat_kind[2], NET_SEAT_GREEDY);
    assert_true(parse(&a, "--join 127.0.0.1:7200 --autoplay", err, sizeof err));
    assert_string_equal(a.join, "127.0.0.1:7200");
    assert_true(parse(&a, "ceki://127.0.0.1:7200/AbC", err, sizeof err));
    assert_string_equal(a.join, "ceki://127.0.0.1:7200/AbC");
    assert_true(parse(&a, "--rejoin", err, sizeof err));
    assert_true(a.rejoin);
    assert_true(parse(&a, "--host --server 127.0.0.1:7300 --private --seats you,friend,greedy", err,
                      sizeof err));
    assert_string_equal(a.server, "127.0.0.1:7300");
    assert_true(a.private_table);
    assert_true(parse(&a, "ceki://127.0.0.1:7200/AbC?key=0123456789abcdef0123456789abcdef", err,
                      sizeof err));
    assert_non_null(strstr(a.join, "?key="));
    static const char *const bad[] = {
        "--host --join 1.2.3.4:5",
        "--join nowhere",
        "--host --seats you,you",
        "--host --seats friend,greedy",
        "--host --seats you,cat",
        "--port 80",
        "--host --port 0",
        "--host --port 70000",
        "--host --seats you,friend --players 4",
        "ceki://1.2.3.4:5",
        "--server 1.2.3.4:5",
        "--private",
        "--host --server 1.2.3.4:5/t1",
        "--host --server 1.2.3.4:5 --port 7000",
        "ceki://1.2.3.4:5/t?key=12",
        "--host --seats you,friend,friend,friend,friend,friend,friend",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_false(parse(&a, bad[i], err, sizeof err));
        assert_true(strlen(err) > 10);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_addresses),
        cmocka_unit_test(test_invite_and_no_table),
        cmocka_unit_test(test_whole_match),
        cmocka_unit_test(test_joiner_rejoins),
        cmocka_unit_test(test_rejoin_keeps_round_scores),
        cmocka_unit_test(test_host_resumes),
        cmocka_unit_test(test_host_resumes_waiting_room),
        cmocka_unit_test(test_chat),
        cmocka_unit_test(test_silent_friend_seen_away),
        cmocka_unit_test(test_sessions_play),
        cmocka_unit_test(test_late_answer_is_own_move),
        cmocka_unit_test(test_ticket_kept),
        cmocka_unit_test(test_command_line),
        cmocka_unit_test(test_private_hosted),
        cmocka_unit_test(test_made_on_server),
        cmocka_unit_test(test_nobody_answers),
        cmocka_unit_test(test_rejoin_nobody_answers),
        cmocka_unit_test(test_server_refusals),
        cmocka_unit_test(test_stand_in_own),
        cmocka_unit_test(test_stand_in_own_taken_in),
        cmocka_unit_test(test_spectator_follows_match),
        cmocka_unit_test(test_spectator_refused),
    };
    /* $CEKI_TEST_FILTER: only the tests it matches (as test_table). */
    const char *only = getenv("CEKI_TEST_FILTER");
    if (only != NULL && only[0] != '\0') {
        cmocka_set_test_filter(only);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
