/* test_host.c — the authoritative host (src/host), in process.
 *
 * The host's outbox is a fake that encodes every message with the real
 * codec, checks it against a mirror game the test replays beside the host
 * (the host's seed is fixed with allow_seed, so the test knows the deal),
 * and hands the decoded message to a fake client. Time is a fake clock.
 * The clients are "bots": each keeps its view from the host's VIEW and
 * UPDATE messages (deltas checked by hash, the view checked against the
 * mirror) and chooses with a greedy player seeded with the WELCOME's
 * ai_seed on game_from_view of that view; their moves must be `ceki-cli match`'s, which the test
 * plays directly on a real game with the same players.
 *
 * Every loop is bounded in count (and the match loop in time too).
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

#include "ai.h"
#include "game.h"
#include "host.h"
#include "host_test_support.h"
#include "proto.h"
#include "record.h"

#define T_CREATOR 1u       /* the connection that makes tables */
#define T_WATCHER 2u       /* a spectator's connection */
#define T_FIRST_BOT 10u    /* bots' connections are numbered from here */
#define T_MAX_MOVES 20000  /* moves of one match, at most */
#define T_MAX_STEPS 200000 /* driver steps of one match, at most */
#define T_MAX_SECONDS 120  /* wall time of one match, at most */
#define T_GRACE_MS 10000u
#define T_SEATS_EVERY_MS 5000u /* the countdown is told at least this often */
#define T_CLAIM_MS 10000u      /* the claim window of the claim tests */
#define T_SEED_BASE 0x9E3779B97F4A7C15ull

typedef struct Bot {
    HostConn conn; /* 0: not connected */
    HtsSeat s;     /* its seat, view, moves, player and record chunks */
    char token[NET_TOKEN_LEN + 1];
    bool record; /* the whole record came, and it is the game's */
    int bye;     /* the last NetReason it was dropped with, -1 none */
    long msgs, seats_msgs, away_seen, stand_in_seen, chats, sent;
    bool started; /* the last SEATS said the match is on */
    NetRefused refused;
    long refusals;
    NetClaimWindow claim; /* as the last VIEW or UPDATE told it */
    NetClockState clock;  /* likewise */
    bool stalled;         /* it never moves (t_step leaves it out) */
    bool creator;         /* its last WELCOME said it is the table's creator */
    NetSeats seats;       /* the last SEATS */
} Bot;

typedef struct World {
    Host *h;
    uint64_t now;
    GameConfig cfg;
    Game *mirror;                /* the host's game as the test replays it */
    Bot bot[CEKI_MAX_SEATS + 2]; /* the seats' bots, and a twin or a stranger */
    int nbots;
    char table[NET_TABLE_ID_MAX + 1];
    HostConn next_conn;
    NetMsg *in;  /* decoded message being handled */
    NetMsg *out; /* message being sent to the host */
    Observation *obs;
    uint8_t *bytes_a, *bytes_b;
    NetRefused creator_refused; /* what the creator's connection was last told */
    long creator_refusals;
    NetTables tables;
    long bytes[NET_MSG_TYPE_COUNT], count[NET_MSG_TYPE_COUNT]; /* sent, by type */
    long logs_left_out, logs_retry, logs_differ;               /* the host's log lines saying so */
    uint32_t claim_ms;                                         /* the host's claim window */
    uint32_t clock_ms;      /* the tables' clock: this each decision (0: none), */
    uint32_t bank_ms;       /* and this bank */
    long claims_told;       /* VIEWs and UPDATEs that told an open claim window */
    uint8_t watch;          /* the tables' NetWatch */
    long watch_views;       /* VIEWs the spectator's connection got, each the mirror's */
    uint32_t watch_move_no; /* ... the last one's move */
} World;

/* ---- checks made on every message the host sends ---- */

static int t_mirror_moves(const World *w);

static Bot *t_bot_of(World *w, HostConn conn)
{
    for (int i = 0; i < w->nbots; i++) {
        if (w->bot[i].conn == conn)
            return &w->bot[i];
    }
    return NULL;
}

/* The connected bot sitting at seat, or NULL. */
static Bot *t_bot_of_seat(World *w, int seat)
{
    for (int i = 0; i < w->nbots; i++) {
        if (w->bot[i].conn && w->bot[i].s.seat == seat)
            return &w->bot[i];
    }
    return NULL;
}

/* The mirror catches up with an update's move. */
static void t_mirror_follow(World *w, const NetUpdate *u)
{
    int count = 0;
    game_history(w->mirror, &count);
    if ((uint32_t)count + 1 == u->move_no)
        assert_int_equal(game_apply(w->mirror, &u->move), CEKI_OK);
    game_history(w->mirror, &count);
    assert_int_equal((uint32_t)count, u->move_no);
}

/* seat's view in the mirror, as canonical bytes in w->bytes_b. */
static size_t t_mirror_view(World *w, int seat)
{
    assert_int_equal(game_observe(w->mirror, seat, w->obs), CEKI_OK);
    size_t len = net_view_bytes(w->obs, w->bytes_b, NET_MAX_PACKET);
    assert_true(len > 0);
    return len;
}

static void t_check_moves(World *w, int seat, const Move *moves, int n)
{
    Move legal[GAME_MAX_MOVES];
    int k =
        game_to_move(w->mirror) == seat ? game_legal_moves(w->mirror, legal, GAME_MAX_MOVES) : 0;
    if (n == 0)
        return; /* not yet started, or not this seat's turn */
    assert_int_equal(n, k);
    for (int i = 0; i < n; i++)
        assert_true(move_equal(&moves[i], &legal[i]));
}

/* A claim window told is the core's: the seat it waits for may claim
 * that card now, and it is a bot's (a person's), never a computer's. */
static void t_check_claim(World *w, const NetClaimWindow *c)
{
    if (!c->open)
        return;
    w->claims_told++;
    assert_true(w->claim_ms > 0);
    assert_int_equal(c->window_ms, w->claim_ms);
    assert_true(c->left_ms <= c->window_ms);
    assert_int_equal(game_to_move(w->mirror), c->seat);
    assert_non_null(t_bot_of_seat(w, c->seat));
    Move legal[GAME_MAX_MOVES];
    int n = game_legal_moves(w->mirror, legal, GAME_MAX_MOVES);
    bool found = false;
    for (int i = 0; i < n && i < GAME_MAX_MOVES; i++)
        found = found || (legal[i].type == MOVE_CLAIM && legal[i].card == c->card);
    assert_true(found);
}

/* A VIEW is exactly the seat's observation now: nothing more. */
static void t_check_view(World *w, const Bot *b, const NetView *v)
{
    size_t want = t_mirror_view(w, b->s.seat);
    size_t got = net_view_bytes(&v->view, w->bytes_a, NET_MAX_PACKET);
    assert_int_equal(got, want);
    assert_memory_equal(w->bytes_a, w->bytes_b, got);
    assert_true(v->hash == net_view_hash(&v->view));
    t_check_moves(w, b->s.seat, v->moves, v->nmoves);
    t_check_claim(w, &v->claim);
}

/* An UPDATE's events are the core's for that seat (hidden cards as backs),
 * and no other seat's dealt card shows; its hash is the seat's view. */
static void t_check_update(World *w, const Bot *b, const NetUpdate *u)
{
    t_mirror_follow(w, u);
    int n = 0;
    const GameEvent *events = game_events(w->mirror, &n);
    GameEvent *want = malloc(sizeof *want * (size_t)(n > 0 ? n : 1));
    assert_non_null(want);
    int k = game_events_for_seat(w->mirror, events, n, b->s.seat, want);
    assert_int_equal(u->nevents, k);
    for (int i = 0; i < k; i++) {
        const GameEvent *e = &u->events[i];
        assert_memory_equal(e, &want[i], sizeof *e);
        if (e->type == EV_DEAL_HAND && e->seat != b->s.seat)
            assert_int_equal(e->card, CARD_NONE);
        if (e->type == EV_PEEK && e->seat >= 0 && e->seat != b->s.seat)
            assert_int_equal(e->card, CARD_NONE);
    }
    free(want);
    t_mirror_view(w, b->s.seat);
    assert_true(u->hash == net_view_hash(w->obs));
    /* The move names only cards the seat sees once it is made. */
    assert_true(u->move.card == CARD_NONE || hts_obs_names(w->obs, u->move.card));
    assert_true(u->move.target == CARD_NONE || hts_obs_names(w->obs, u->move.target));
    t_check_moves(w, b->s.seat, u->moves, u->nmoves);
    t_check_claim(w, &u->claim);
}

/* ---- the bots' side ---- */

static void t_same_moves(const Game *a, const Game *b)
{
    int differ = hts_moves_differ_at(a, b);
    if (differ >= 0)
        fail_msg("move %d differs", differ);
}

static void t_bot_update(Bot *b, const NetUpdate *u)
{
    Observation *next = malloc(sizeof *next);
    assert_non_null(next);
    assert_true(hts_seat_apply_update(&b->s, u, next)); /* a view, the delta, its hash */
    free(next);
}

static void t_bot_seats(Bot *b, const NetSeats *s)
{
    b->seats = *s;
    for (int i = 0; i < s->players; i++) /* a stand-in always says why, and only a stand-in */
        assert_true((s->seat[i].state == NET_SEAT_STAND_IN) ==
                    (s->seat[i].stand_in != NET_STAND_IN_NONE));
    b->seats_msgs++;
    b->started = s->started;
    for (int i = 0; i < s->players; i++) {
        b->away_seen += s->seat[i].state == NET_SEAT_AWAY && s->seat[i].grace_ms > 0;
        b->stand_in_seen += s->seat[i].state == NET_SEAT_STAND_IN;
    }
}

static void t_bot_welcome(World *w, Bot *b, const NetWelcome *wl)
{
    assert_string_equal(wl->table, w->table);
    assert_true(wl->ai_seed == game_seat_ai_seed(w->cfg.seed, wl->seat));
    assert_true(wl->ai_seed != w->cfg.seed);
    if (b->token[0]) { /* back with its token: the same seat */
        assert_int_equal(wl->seat, b->s.seat);
        assert_string_equal(wl->token, b->token);
    }
    memcpy(b->token, wl->token, sizeof b->token);
    assert_int_equal(strlen(b->token), NET_TOKEN_LEN);
    b->creator = wl->creator;
    assert_true(hts_seat_welcome(&b->s, wl, AI_GREEDY));
}

static void t_bot_record(World *w, Bot *b, const NetRecord *r)
{
    assert_true(game_match_over(w->mirror)); /* the seed goes out with the record only */
    assert_false(b->record);
    assert_int_equal(net_record_join(&b->s.record_join, r), NET_OK);
    if (!net_record_join_done(&b->s.record_join))
        return;
    char err[RECORD_ERROR_MAX] = "";
    Game *g = hts_record_game(&b->s.record_join, err, sizeof err);
    if (!g)
        fail_msg("the record does not read: %s", err);
    t_same_moves(g, w->mirror);
    game_destroy(g);
    b->record = true;
}

/* Every clock a seat is told is the table's: on exactly when it has one,
 * no more time than a move has (with the break after a round's end),
 * no bank above the table's. */
static void t_check_clock(const World *w, const NetClockState *c)
{
    assert_int_equal(c->on, w->clock_ms > 0);
    if (!c->on)
        return;
    assert_int_equal(c->players, w->cfg.players);
    assert_true(c->running >= -1 && c->running < w->cfg.players);
    assert_true(c->move_left_ms <= w->clock_ms + NET_CLOCK_ROUND_BREAK_MS);
    assert_true(c->running >= 0 || c->move_left_ms == 0);
    for (int s = 0; s < c->players; s++)
        assert_true(c->bank_ms[s] <= w->bank_ms);
}

static void t_bot_handle(World *w, Bot *b, const NetMsg *m)
{
    b->msgs++;
    if (m->type == NET_MSG_VIEW || m->type == NET_MSG_UPDATE || m->type == NET_MSG_SEATS)
        t_check_clock(w, m->type == NET_MSG_VIEW     ? &m->u.view.clock
                         : m->type == NET_MSG_UPDATE ? &m->u.update.clock
                                                     : &m->u.seats.clock);
    switch ((NetMsgType)m->type) {
    case NET_MSG_WELCOME: t_bot_welcome(w, b, &m->u.welcome); break;
    case NET_MSG_VIEW:
        t_check_view(w, b, &m->u.view);
        hts_seat_take_view(&b->s, &m->u.view);
        b->claim = m->u.view.claim;
        b->clock = m->u.view.clock;
        break;
    case NET_MSG_UPDATE:
        t_check_update(w, b, &m->u.update);
        t_bot_update(b, &m->u.update);
        b->claim = m->u.update.claim;
        b->clock = m->u.update.clock;
        break;
    case NET_MSG_SEATS:
        t_bot_seats(b, &m->u.seats);
        b->clock = m->u.seats.clock;
        break;
    case NET_MSG_REFUSED:
        b->refused = m->u.refused;
        b->refusals++;
        break;
    case NET_MSG_RECORD: t_bot_record(w, b, &m->u.record); break;
    case NET_MSG_CHAT:
        assert_string_equal(m->u.chat.text, "selamat sore");
        b->chats++;
        break;
    default: break;
    }
}

/* ---- the fake outbox ---- */

static void t_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    World *w = ctx;
    uint8_t *buf = malloc(NET_MAX_PACKET);
    assert_non_null(buf);
    size_t len = net_encode(msg, buf, NET_MAX_PACKET);
    assert_true(len > 0);
    assert_int_equal(net_decode(buf, len, w->in), NET_OK);
    w->bytes[w->in->type] += (long)len;
    w->count[w->in->type]++;
    if (w->in->type != NET_MSG_RECORD)
        assert_false(hts_holds_seed(w->cfg.seed, buf, len)); /* in either byte order */
    free(buf);
    if (conn == T_CREATOR) {
        if (w->in->type == NET_MSG_CREATED)
            memcpy(w->table, w->in->u.created.table, sizeof w->table);
        if (w->in->type == NET_MSG_REFUSED)
            w->creator_refused = w->in->u.refused, w->creator_refusals++;
        if (w->in->type == NET_MSG_TABLES)
            w->tables = w->in->u.tables;
        if (!t_bot_of(w, conn))
            return; /* else the creator sits too: a bot's */
    }
    if (conn == T_WATCHER && w->in->type == NET_MSG_VIEW) {
        /* A spectator's view is what every seat sees of the game as told. */
        t_mirror_view(w, GAME_SPECTATOR);
        assert_int_equal(w->in->u.view.hash, net_view_hash(w->obs));
        assert_int_equal(w->in->u.view.move_no, (uint32_t)t_mirror_moves(w));
        w->watch_move_no = w->in->u.view.move_no;
        w->watch_views++;
        return;
    }
    Bot *b = t_bot_of(w, conn);
    if (b)
        t_bot_handle(w, b, w->in);
}

static void t_drop(void *ctx, HostConn conn, NetReason why)
{
    World *w = ctx;
    Bot *b = t_bot_of(w, conn);
    if (b) {
        b->bye = (int)why;
        b->conn = 0;
    }
}

static void t_log(void *ctx, const char *line)
{
    World *w = ctx; /* print_message("host: %s\n", line) to watch it */
    w->logs_left_out += strstr(line, "left out") != NULL;
    w->logs_retry += strstr(line, "trying again") != NULL;
    w->logs_differ += strstr(line, "chose differently") != NULL;
}

/* The host's side of a client's message: encoded and decoded on the way. */
static void t_to_host(World *w, HostConn conn, const NetMsg *m)
{
    uint8_t buf[NET_MAX_PACKET];
    size_t len = net_encode(m, buf, sizeof buf);
    assert_true(len > 0);
    assert_int_equal(net_decode(buf, len, w->out), NET_OK);
    host_received(w->h, conn, w->out, w->now);
}

/* ---- setting up ---- */

static Host *t_host(World *w, const char *data_dir)
{
    HostOptions opt = {
        .data_dir = data_dir, .grace_ms = T_GRACE_MS, .allow_seed = true, .claim_ms = w->claim_ms};
    HostOutbox out = {w, t_send, t_drop, t_log};
    char err[256] = "";
    Host *h = host_create(&opt, &out, w->now, err, sizeof err);
    if (!h)
        print_error("host_create: %s\n", err);
    assert_non_null(h);
    return h;
}

/* A world for match k of variant v (k > 0: another seed and player count). */
static void t_world_init_match(World *w, VariantId v, const char *data_dir, int k)
{
    memset(w, 0, sizeof *w);
    w->in = malloc(sizeof *w->in);
    w->out = malloc(sizeof *w->out);
    w->obs = malloc(sizeof *w->obs);
    w->bytes_a = malloc(NET_MAX_PACKET);
    w->bytes_b = malloc(NET_MAX_PACKET);
    assert_true(w->in && w->out && w->obs && w->bytes_a && w->bytes_b);
    w->now = 1000;
    w->cfg = game_config_default(v, T_SEED_BASE ^ ((uint64_t)v * 0x100000001B3ull) ^
                                        ((uint64_t)k * 0xC2B2AE3D27D4EB4Full));
    const VariantDesc *d = variant_get(v);
    GameConfig other = w->cfg;
    other.players = d->min_players + k % (d->max_players - d->min_players + 1);
    if (k > 0 && game_config_check(&other) == CEKI_OK) /* else the default count */
        w->cfg = other;
    w->mirror = game_create(&w->cfg, NULL);
    assert_non_null(w->mirror);
    w->next_conn = T_FIRST_BOT;
    w->h = t_host(w, data_dir);
    for (int i = 0; i < CEKI_MAX_SEATS + 2; i++)
        w->bot[i].bye = -1;
}

static void t_world_init(World *w, VariantId v, const char *data_dir)
{
    t_world_init_match(w, v, data_dir, 0);
}

static void t_world_free(World *w)
{
    host_destroy(w->h);
    for (int i = 0; i < CEKI_MAX_SEATS + 2; i++) {
        hts_seat_free(&w->bot[i].s);
    }
    game_destroy(w->mirror);
    free(w->in);
    free(w->out);
    free(w->obs);
    free(w->bytes_a);
    free(w->bytes_b);
}

/* The creator's NET_MSG_CREATE: kinds[s] per seat, the test's seed. */
static NetMsg *t_create_msg(const World *w, const uint8_t *kinds, bool autostart)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_CREATE;
    NetCreate *c = &m->u.create;
    c->rules.variant = (uint8_t)w->cfg.variant;
    c->rules.players = (uint8_t)w->cfg.players;
    c->rules.options = w->cfg.options;
    c->rules.rounds = (uint16_t)w->cfg.rounds;
    c->rules.stakes = (uint8_t)w->cfg.stakes;
    for (int s = 0; s < w->cfg.players; s++)
        c->rules.seat_kind[s] = kinds ? kinds[s] : NET_SEAT_NET;
    c->has_seed = true;
    c->seed = w->cfg.seed;
    c->autostart = autostart;
    c->open = true;
    c->rules.clock.move_ms = w->clock_ms;
    c->rules.clock.bank_ms = w->bank_ms;
    c->rules.watch = w->watch;
    snprintf(c->name, sizeof c->name, "creator");
    return m;
}

/* The creator makes the table and stays. */
static void t_create_keep(World *w, const uint8_t *kinds)
{
    NetMsg *m = t_create_msg(w, kinds, true);
    host_connected(w->h, T_CREATOR, w->now);
    w->table[0] = '\0';
    t_to_host(w, T_CREATOR, m);
    assert_int_equal(strlen(w->table), 8);
    free(m);
}

/* The creator makes the table and leaves. */
static void t_create(World *w, const uint8_t *kinds)
{
    t_create_keep(w, kinds);
    host_disconnected(w->h, T_CREATOR, w->now);
}

/* Bot b joins (with its token when it has one) on connection conn. */
static void t_join_on(World *w, Bot *b, HostConn conn)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_JOIN;
    memcpy(m->u.join.table, w->table, sizeof m->u.join.table);
    memcpy(m->u.join.token, b->token, sizeof m->u.join.token);
    m->u.join.seat = -1;
    snprintf(m->u.join.name, sizeof m->u.join.name, "bot %d", (int)(b - w->bot));
    b->conn = conn;
    b->bye = -1;
    t_to_host(w, b->conn, m);
    free(m);
}

/* Bot b joins (with its token when it has one) on a new connection. */
static void t_join(World *w, Bot *b)
{
    HostConn conn = w->next_conn++;
    host_connected(w->h, conn, w->now);
    t_join_on(w, b, conn);
}

static void t_join_all(World *w, int n)
{
    w->nbots = n;
    for (int i = 0; i < n; i++) {
        t_join(w, &w->bot[i]);
        assert_int_equal(w->bot[i].s.seat, i); /* the first free net seat */
        assert_true(w->bot[i].s.have_view);
    }
}

/* ---- playing ---- */

/* Whether b is to move; if so its move (chosen on the rebuilt game). */
static bool t_bot_choose(World *w, Bot *b, Move *out)
{
    if (!b->conn || !hts_seat_to_move(&b->s))
        return false;
    CekiStatus st = hts_seat_choose(&b->s, &w->cfg, out); /* on what arrived, nothing more */
    if (st != CEKI_OK)
        fail_msg("seat %d could not choose: %s", b->s.seat, ceki_status_text(st));
    assert_true(hts_seat_listed(&b->s, out));
    return true;
}

static void t_send_move(World *w, Bot *b, uint32_t move_no, const Move *mv)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_MOVE;
    m->u.move.move_no = move_no;
    m->u.move.move = *mv;
    t_to_host(w, b->conn, m);
    free(m);
}

static int t_mirror_moves(const World *w)
{
    int n = 0;
    game_history(w->mirror, &n);
    return n;
}

/* One step: each bot to move moves, the clock goes on, the host ticks.
 * Returns whether the match is over (every connected bot has the record). */
static bool t_step(World *w, uint64_t ms)
{
    for (int i = 0; i < w->nbots; i++) {
        Bot *b = &w->bot[i];
        Move mv;
        if (!b->stalled && t_bot_choose(w, b, &mv)) {
            b->s.nmoves = 0;
            b->sent++;
            t_send_move(w, b, b->s.move_no, &mv);
        }
    }
    w->now += ms;
    host_tick(w->h, w->now);
    return game_match_over(w->mirror);
}

/* Plays until the match is over or `stop_at` moves were made. */
static void t_play(World *w, int stop_at)
{
    double start = hts_seconds();
    for (int step = 0; step < T_MAX_STEPS; step++) {
        if (t_step(w, 1) || t_mirror_moves(w) >= stop_at)
            return;
        assert_true(hts_seconds() - start < T_MAX_SECONDS);
    }
    fail_msg("the match did not end in %d steps", T_MAX_STEPS);
}

/* What `ceki-cli match` plays with greedy players on every seat. */
static Game *t_direct_match(const GameConfig *cfg)
{
    Game *g = hts_play_cli_match(cfg, T_MAX_MOVES);
    assert_non_null(g);
    return g;
}

static void t_all_recorded(World *w)
{
    for (int i = 0; i < w->nbots; i++) {
        if (w->bot[i].conn)
            assert_true(w->bot[i].record);
    }
}

/* ---- the tests ---- */

/* Matches a variant plays in test_bots_play_the_match: 1, or CEKI_HOST_MATCHES
 * (a soak: e.g. 200, each with its own seed and player count). */
static int t_matches(void)
{
    const char *env = getenv("CEKI_HOST_MATCHES");
    int n = env ? atoi(env) : 1;
    return n >= 1 && n <= 100000 ? n : 1;
}

static void t_bots_play(VariantId v, int k)
{
    World w;
    t_world_init_match(&w, v, NULL, k);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.moves, t_mirror_moves(&w));
    assert_int_equal(c.refused, 0);
    assert_int_equal(c.resyncs, 0);
    if (k == 0)
        print_message(
            "%-18s %5d moves; UPDATE %4.0f bytes a seat a move, VIEW %5.0f, RECORD %5ld\n",
            game_variant(w.mirror)->key, t_mirror_moves(&w),
            (double)w.bytes[NET_MSG_UPDATE] / (double)w.count[NET_MSG_UPDATE],
            (double)w.bytes[NET_MSG_VIEW] / (double)w.count[NET_MSG_VIEW],
            w.bytes[NET_MSG_RECORD] / (w.count[NET_MSG_RECORD] ? w.count[NET_MSG_RECORD] : 1));
    t_world_free(&w);
}

/* Every variant: a table of network bots plays ceki-cli match's game. */
static void test_bots_play_the_match(void **state)
{
    (void)state;
    int n = t_matches();
    for (int v = 0; v < VARIANT_COUNT; v++) {
        for (int k = 0; k < n; k++)
            t_bots_play((VariantId)v, k);
    }
}

static void t_resync_bytes(World *w, Bot *b, size_t *len)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_RESYNC;
    b->s.have_view = false;
    t_to_host(w, b->conn, m);
    assert_true(b->s.have_view);
    *len = net_view_bytes(&b->s.view, w->bytes_a, NET_MAX_PACKET);
    free(m);
}

/* The move is refused with `why`, and nothing changes. */
static void t_refused(World *w, Bot *b, uint32_t move_no, const Move *mv, NetReason why)
{
    HostCounts before, after;
    host_counts(w->h, &before);
    size_t len0 = 0, len1 = 0;
    t_resync_bytes(w, b, &len0);
    uint8_t *view0 = malloc(len0);
    assert_non_null(view0);
    memcpy(view0, w->bytes_a, len0);
    long refusals = b->refusals;
    t_send_move(w, b, move_no, mv);
    assert_int_equal(b->refusals, refusals + 1);
    assert_int_equal(b->refused.refusal, why);
    assert_int_equal(b->refused.what, NET_MSG_MOVE);
    assert_true(b->refused.reason[0] != '\0');
    host_counts(w->h, &after);
    assert_int_equal(after.moves, before.moves);
    t_resync_bytes(w, b, &len1);
    assert_int_equal(len0, len1);
    assert_memory_equal(view0, w->bytes_a, len0);
    free(view0);
}

/* A move for another seat, out of turn, stale, illegal or unseated. */
static void test_bad_moves_are_refused(void **state)
{
    (void)state;
    World w;
    t_world_init(&w, VARIANT_THOTHIT, NULL);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, 7);
    int seat = game_to_move(w.mirror);
    Bot *mover = &w.bot[seat], *other = &w.bot[(seat + 1) % w.cfg.players];
    assert_true(mover->s.nmoves > 0); /* a listed move: its player is not asked */
    Move mv = mover->s.moves[0];
    uint32_t no = mover->s.move_no;
    t_refused(&w, other, no, &mv, NET_REASON_NOT_YOUR_TURN); /* another seat's move */
    Move own = mv;
    own.seat = (uint8_t)other->s.seat;
    t_refused(&w, other, no, &own, NET_REASON_NOT_YOUR_TURN); /* out of turn */
    t_refused(&w, mover, no - 1, &mv, NET_REASON_STALE);
    Move bad = mv;
    bad.type = MOVE_DRAW_STOCK; /* not a move of this game */
    t_refused(&w, mover, no, &bad, NET_REASON_ILLEGAL);
    /* A connection without a seat. */
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_MOVE;
    m->u.move.move_no = no;
    m->u.move.move = mv;
    host_connected(w.h, 99, w.now);
    HostCounts c0, c1;
    host_counts(w.h, &c0);
    t_to_host(&w, 99, m);
    host_counts(w.h, &c1);
    assert_int_equal(c1.refused, c0.refused + 1);
    assert_int_equal(c1.moves, c0.moves);
    host_disconnected(w.h, 99, w.now);
    free(m);
    host_counts(w.h, &c1);
    assert_int_equal(c1.resyncs, 8); /* two a refusal above */
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    /* A peer that goes on sending what is refused is dropped, with a reason. */
    for (int i = 0; i < 1000 && w.bot[0].conn; i++)
        t_send_move(&w, &w.bot[0], 0, &mv);
    assert_int_equal(w.bot[0].bye, NET_REASON_ABUSE);
    t_world_free(&w);
}

/* A bot that leaves and comes back with its token has its seat and view. */
static void test_token_brings_the_seat_back(void **state)
{
    (void)state;
    World w;
    t_world_init(&w, VARIANT_TOTIT, NULL);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, 25);
    Bot *b = &w.bot[1];
    Observation *held = malloc(sizeof *held);
    assert_non_null(held);
    *held = b->s.view;
    host_disconnected(w.h, b->conn, w.now);
    b->conn = 0;
    assert_true(w.bot[0].away_seen > 0); /* the others see the countdown */
    w.now += T_GRACE_MS / 2;
    host_tick(w.h, w.now);
    t_join(&w, b);
    assert_true(b->s.have_view);
    size_t a = net_view_bytes(held, w.bytes_a, NET_MAX_PACKET);
    size_t c = net_view_bytes(&b->s.view, w.bytes_b, NET_MAX_PACKET);
    assert_int_equal(a, c);
    assert_memory_equal(w.bytes_a, w.bytes_b, a);
    free(held);
    /* The same token on another connection replaces the first. */
    HostConn first = b->conn;
    Bot twin = *b; /* shares b's player until its welcome */
    w.bot[w.nbots] = twin;
    Bot *tb = &w.bot[w.nbots++];
    t_join(&w, tb);
    assert_int_equal(tb->s.seat, b->s.seat);
    assert_int_equal(b->bye, NET_REASON_REPLACED);
    assert_int_equal(b->conn, 0);
    w.nbots--;
    b->conn = tb->conn;
    b->s = tb->s; /* its view and moves, and the player its welcome made */
    memset(&tb->s, 0, sizeof tb->s);
    tb->conn = 0;
    assert_true(first != b->conn);
    /* An unknown token is refused. */
    Bot stranger;
    memset(&stranger, 0, sizeof stranger);
    memset(stranger.token, 'a', NET_TOKEN_LEN);
    w.bot[w.nbots++] = stranger;
    t_join(&w, &w.bot[w.nbots - 1]);
    assert_int_equal(w.bot[w.nbots - 1].bye, NET_REASON_NO_SEAT);
    assert_int_equal(w.bot[w.nbots - 1].msgs, 0);
    w.nbots--;
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    t_world_free(&w);
}

/* Removes the journal's files and its directory. */
static void t_remove_dir(const char *dir)
{
    static const char *const files[] = {"ceki-server.db", "ceki-server.db-wal",
                                        "ceki-server.db-shm"};
    char path[256];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    assert_int_equal(rmdir(dir), 0);
}

/* Ticks the clock a second at a time until bot b sees a stand-in. */
static void t_wait_stand_in(World *w, Bot *b)
{
    b->stand_in_seen = 0;
    for (int i = 0; i < 20 && b->stand_in_seen == 0; i++) {
        w->now += 1000;
        host_tick(w->h, w->now);
    }
    assert_true(b->stand_in_seen > 0);
}

/* A bot gone past the grace period: the computer plays its seat until the
 * bot comes back, and the match ends. With a data_dir, the host is made
 * again midway (the seat is away again, then stood in for again). Returns
 * the match's moves. */
static Game *t_grace_match(const char *dir)
{
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, 10);
    Bot *gone = &w.bot[2];
    long seats0 = w.bot[0].seats_msgs;
    host_disconnected(w.h, gone->conn, w.now);
    gone->conn = 0;
    assert_true(host_next_due(w.h) > w.now);
    assert_true(host_next_due(w.h) <= w.now + T_SEATS_EVERY_MS);
    t_wait_stand_in(&w, &w.bot[0]);
    /* Told when it started and ended, and in between at least every
     * T_SEATS_EVERY_MS. */
    assert_true(w.bot[0].seats_msgs - seats0 >= 2 + T_GRACE_MS / T_SEATS_EVERY_MS - 1);
    t_play(&w, 60);
    if (dir) {
        host_destroy(w.h);
        w.h = t_host(&w, dir);
        t_join(&w, &w.bot[0]);
        t_join(&w, &w.bot[1]);
        t_wait_stand_in(&w, &w.bot[0]);
    }
    /* Back with its token: the seat is its own again from its next turn. */
    t_play(&w, 90);
    long sent = gone->sent;
    t_join(&w, gone);
    assert_int_equal(gone->s.seat, 2);
    t_play(&w, T_MAX_MOVES);
    assert_true(gone->sent > sent);
    assert_true(game_match_over(w.mirror));
    t_all_recorded(&w);
    assert_int_equal(w.logs_differ, 0);
    Game *moves = game_clone(w.mirror, true);
    t_world_free(&w);
    return moves;
}

static void t_remove_dir(const char *dir);

/* The stand-in plays the seat to the end, and a host made again midway
 * brings the stand-in back as it was: the same moves either way. */
static void test_grace_then_the_computer(void **state)
{
    (void)state;
    Game *straight = t_grace_match(NULL);
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    Game *restarted = t_grace_match(dir);
    t_remove_dir(dir);
    t_same_moves(straight, restarted);
    game_destroy(straight);
    game_destroy(restarted);
}

/* A host made again on the same data_dir has the table at the same move,
 * and the match ends as it would have. */
static void test_journal_brings_tables_back(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_KINGS, dir);
    uint8_t kinds[CEKI_MAX_SEATS] = {NET_SEAT_NET, NET_SEAT_GREEDY, NET_SEAT_NET,
                                     NET_SEAT_NET, NET_SEAT_NET,    NET_SEAT_NET};
    t_create(&w, kinds);
    w.nbots = w.cfg.players;
    t_join(&w, &w.bot[0]);
    for (int i = 2; i < w.cfg.players; i++)
        t_join(&w, &w.bot[i]);
    w.bot[1].conn = 0; /* the host's computer sits there */
    t_play(&w, 30);
    int at = t_mirror_moves(&w);
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.tables, 1);
    assert_int_equal(c.seats_connected, 0);
    for (int i = 0; i < w.cfg.players; i++) {
        if (i == 1)
            continue;
        w.bot[i].s.have_view = false;
        t_join(&w, &w.bot[i]);
        assert_true(w.bot[i].s.have_view);
        assert_int_equal(w.bot[i].s.move_no, (uint32_t)at);
    }
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    assert_int_equal(w.logs_differ, 0); /* the computer's player came back as it was */
    t_world_free(&w);
    t_remove_dir(dir);
}

/* The journal's schema as the first host wrote it (user_version 0): none
 * of the columns added since (host_journal.c's journal_new_columns). */
static const char t_first_schema[] =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE host_table(id TEXT PRIMARY KEY, made INTEGER, variant INTEGER,"
    " players INTEGER, options INTEGER, rounds INTEGER, stakes INTEGER, seed INTEGER,"
    " autostart INTEGER, started INTEGER, over INTEGER);"
    "CREATE TABLE host_seat(tbl TEXT, seat INTEGER, kind INTEGER, taken INTEGER,"
    " token TEXT, name TEXT, PRIMARY KEY(tbl, seat));"
    "CREATE TABLE host_move(tbl TEXT, no INTEGER, seat INTEGER, type INTEGER,"
    " card INTEGER, target INTEGER, flags INTEGER, by_ai INTEGER, PRIMARY KEY(tbl, no));";

static sqlite3 *t_open_journal(const char *dir);
static int t_journal_moves(sqlite3 *db);

/* Today's journal in dir, rows and all, rewritten in the first schema. */
static void t_journal_to_first_schema(const char *dir)
{
    char old[256], today[256], sql[1024];
    snprintf(old, sizeof old, "%s/first.db", dir);
    snprintf(today, sizeof today, "%s/ceki-server.db", dir);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(old, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, t_first_schema, NULL, NULL, NULL), SQLITE_OK);
    snprintf(sql, sizeof sql,
             "ATTACH '%s' AS today;"
             "INSERT INTO host_table SELECT id, made, variant, players, options, rounds,"
             " stakes, seed, autostart, started, over FROM today.host_table;"
             "INSERT INTO host_seat SELECT tbl, seat, kind, taken, token, name"
             " FROM today.host_seat;"
             "INSERT INTO host_move SELECT tbl, no, seat, type, card, target, flags, by_ai"
             " FROM today.host_move;"
             "DETACH today;",
             today);
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("the first schema's journal: %s", err ? err : "?");
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    static const char *const files[] = {"ceki-server.db", "ceki-server.db-wal",
                                        "ceki-server.db-shm"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    assert_int_equal(rename(old, today), 0);
}

static int t_journal_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* A journal an older host wrote, with a table mid-match: today's host adds
 * the columns it lacks and has the table back at the same move, each seat
 * its kind (the computer plays on as it was) and its token (each bot comes
 * back to its own seat with it), and the match ends as it would have. */
static void test_older_journal_comes_back(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_KINGS, dir);
    uint8_t kinds[CEKI_MAX_SEATS] = {NET_SEAT_NET, NET_SEAT_GREEDY, NET_SEAT_NET,
                                     NET_SEAT_NET, NET_SEAT_NET,    NET_SEAT_NET};
    t_create(&w, kinds);
    w.nbots = w.cfg.players;
    t_join(&w, &w.bot[0]);
    for (int i = 2; i < w.cfg.players; i++)
        t_join(&w, &w.bot[i]);
    w.bot[1].conn = 0; /* the host's computer sits there */
    t_play(&w, 30);
    int at = t_mirror_moves(&w);
    assert_true(at >= 30 && !game_match_over(w.mirror));
    host_destroy(w.h);
    t_journal_to_first_schema(dir);
    sqlite3 *db = t_open_journal(dir);
    assert_int_equal(t_journal_int(db, "PRAGMA user_version"), 0);
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM pragma_table_info('host_move')"
                                       " WHERE name = 'bank'"),
                     0);
    assert_int_equal(t_journal_moves(db), at);
    sqlite3_close(db);

    w.h = t_host(&w, dir);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.tables, 1);
    for (int i = 0; i < w.cfg.players; i++) {
        if (i == 1)
            continue;
        w.bot[i].s.have_view = false;
        t_join(&w, &w.bot[i]);
        assert_int_equal(w.bot[i].bye, -1); /* its token is still its seat's */
        assert_int_equal(w.bot[i].s.seat, i);
        assert_true(w.bot[i].s.have_view);
        assert_int_equal(w.bot[i].s.move_no, (uint32_t)at);
    }
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    assert_int_equal(w.logs_differ, 0);
    t_world_free(&w);
    db = t_open_journal(dir); /* now of today's schema, and said so */
    assert_int_equal(t_journal_int(db, "PRAGMA user_version"), 3);
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM pragma_table_info('host_move')"
                                       " WHERE name = 'bank'"),
                     1);
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM pragma_table_info('host_seat')"
                                       " WHERE name IN ('bank', 'creator')"),
                     2);
    sqlite3_close(db);
    t_remove_dir(dir);
}

/* ---- Kowah's claim window ---- */

/* A Kowah world whose host gives people claim_ms to claim; kinds as in
 * t_create (NULL: every seat a bot's). */
static void t_claim_world(World *w, const char *data_dir, const uint8_t *kinds)
{
    t_world_init(w, VARIANT_KOWAH, data_dir);
    host_destroy(w->h);
    w->claim_ms = T_CLAIM_MS;
    w->clock_ms = 2 * T_CLAIM_MS; /* a turn clock too: the claim window times a claim */
    w->h = t_host(w, data_dir);
    t_create(w, kinds);
    w->nbots = w->cfg.players;
    for (int i = 0; i < w->cfg.players; i++) {
        if (!kinds || kinds[i] == NET_SEAT_NET)
            t_join(w, &w->bot[i]);
    }
}

/* The claim move among the bot's listed ones, or NULL. */
static const Move *t_claim_listed(const Bot *b)
{
    for (int i = 0; b->conn && i < b->s.nmoves; i++) {
        if (b->s.moves[i].type == MOVE_CLAIM)
            return &b->s.moves[i];
    }
    return NULL;
}

/* Plays until a bot is asked to claim (it has not answered yet); that bot. */
static Bot *t_play_to_claim(World *w)
{
    for (int step = 0; step < T_MAX_STEPS && !game_match_over(w->mirror); step++) {
        for (int i = 0; i < w->nbots; i++) {
            if (t_claim_listed(&w->bot[i]))
                return &w->bot[i];
        }
        t_step(w, 1);
    }
    fail_msg("no bot was asked to claim in this match");
    return NULL;
}

/* Every seat was told the window of b's claim, whole: the same seat, card,
 * window, and all of it left (told at the moment it opened). */
static void t_all_told_claim(World *w, const Bot *b)
{
    const Move *claim = t_claim_listed(b);
    assert_non_null(claim);
    for (int i = 0; i < w->nbots; i++) {
        const Bot *o = &w->bot[i];
        if (!o->conn)
            continue;
        assert_true(o->claim.open);
        assert_int_equal(o->claim.seat, b->s.seat);
        assert_int_equal(o->claim.card, claim->card);
        assert_int_equal(o->claim.window_ms, T_CLAIM_MS);
        assert_int_equal(o->claim.left_ms, T_CLAIM_MS);
        assert_true(o->clock.on);
        assert_int_equal(o->clock.running, -1); /* the turn clock stands aside */
        if (o != b)
            assert_null(t_claim_listed(o)); /* only the seat asked may claim */
    }
}

/* The last move of the mirror: its type and seat. */
static void t_last_move_is(const World *w, MoveType type, int seat)
{
    int n = 0;
    const Move *moves = game_history(w->mirror, &n);
    assert_true(n > 0);
    assert_int_equal(moves[n - 1].type, type);
    assert_int_equal(moves[n - 1].seat, seat);
}

/* A person who lets the window run out passes: not a moment before, and
 * as a move like any other (journalled: a host made again replays it); a
 * claim sent after it is refused and changes nothing. */
static void test_claim_window_runs_out(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_claim_world(&w, dir, NULL);
    Bot *b = t_play_to_claim(&w);
    t_all_told_claim(&w, b);
    uint64_t opened = w.now;
    assert_true(host_next_due(w.h) == opened + T_CLAIM_MS);
    Move claim = *t_claim_listed(b);
    uint32_t asked_at = b->s.move_no;
    int at = t_mirror_moves(&w);
    w.now = opened + T_CLAIM_MS - 1;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at); /* still thinking */
    w.now = opened + T_CLAIM_MS;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at + 1);
    t_last_move_is(&w, MOVE_PASS, b->s.seat);
    assert_true(!b->claim.open || b->claim.seat != b->s.seat);
    t_refused(&w, b, asked_at, &claim,
              game_to_move(w.mirror) == b->s.seat ? NET_REASON_STALE : NET_REASON_NOT_YOUR_TURN);
    /* The host made again has the pass in its journal. */
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    size_t len = 0;
    char *text = host_table_record(w.h, w.table, &len);
    assert_non_null(text);
    Game *back = NULL;
    char err[RECORD_ERROR_MAX] = "";
    assert_int_equal(record_read_text(text, len, &back, err, sizeof err), CEKI_OK);
    t_same_moves(back, w.mirror);
    game_destroy(back);
    free(text);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A host made again while a person may claim opens the window afresh when
 * the seats are back (each told it whole), and passes when it runs out. */
static void test_claim_window_after_a_restart(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_claim_world(&w, dir, NULL);
    Bot *b = t_play_to_claim(&w);
    int at = t_mirror_moves(&w);
    host_destroy(w.h);
    w.now += 5000;
    w.h = t_host(&w, dir);
    assert_true(host_next_due(w.h) > w.now); /* nobody back: no window runs */
    for (int i = 0; i < w.nbots; i++) {
        w.bot[i].claim.open = false;
        w.bot[i].s.have_view = false;
        t_join(&w, &w.bot[i]);
    }
    t_all_told_claim(&w, b);
    uint64_t opened = w.now;
    w.now = opened + T_CLAIM_MS - 1;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at);
    w.now = opened + T_CLAIM_MS;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at + 1);
    t_last_move_is(&w, MOVE_PASS, b->s.seat);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A claim in time, a moment before the window closes, wins the hand; the
 * match then plays on as the bots choose. */
static void test_claim_in_time_wins(void **state)
{
    (void)state;
    World w;
    t_claim_world(&w, NULL, NULL);
    Bot *b = t_play_to_claim(&w);
    t_all_told_claim(&w, b);
    uint64_t opened = w.now;
    Move claim = *t_claim_listed(b);
    w.now = opened + T_CLAIM_MS - 1;
    host_tick(w.h, w.now);
    t_send_move(&w, b, b->s.move_no, &claim);
    host_tick(w.h, w.now);
    t_last_move_is(&w, MOVE_CLAIM, b->s.seat);
    assert_true(game_round_over(w.mirror));
    for (int i = 0; i < w.nbots; i++)
        assert_false(w.bot[i].claim.open); /* closed for everyone */
    t_play(&w, T_MAX_MOVES);
    t_all_recorded(&w);
    t_world_free(&w);
}

/* Bots that answer at once play exactly ceki-cli match's game with the
 * window on, and were told windows; a computer asked to claim answers at
 * once and no window is told for it. */
static void test_claim_window_leaves_quick_play_alone(void **state)
{
    (void)state;
    World w;
    t_claim_world(&w, NULL, NULL);
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    assert_true(w.claims_told > 0);
    t_world_free(&w);
    /* Computers in every seat but one: windows only ever for the bot. */
    uint8_t kinds[CEKI_MAX_SEATS] = {NET_SEAT_NET,    NET_SEAT_GREEDY, NET_SEAT_GREEDY,
                                     NET_SEAT_GREEDY, NET_SEAT_GREEDY, NET_SEAT_GREEDY};
    t_claim_world(&w, NULL, kinds);
    t_play(&w, T_MAX_MOVES); /* t_check_claim: a window is a bot's seat's */
    Game *direct2 = t_direct_match(&w.cfg);
    t_same_moves(direct2, w.mirror);
    game_destroy(direct2);
    t_world_free(&w);
}

/* The creator's message of `type` (a start, a list) to the host. */
static void t_creator_says(World *w, uint8_t type)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = type;
    t_to_host(w, T_CREATOR, m);
    free(m);
}

static void t_creator_refused(World *w, NetMsg *m, NetReason why)
{
    long before = w->creator_refusals;
    HostCounts c0, c1;
    host_counts(w->h, &c0);
    host_received(w->h, T_CREATOR, m, w->now); /* as an in-process client: no codec between */
    host_counts(w->h, &c1);
    assert_int_equal(w->creator_refusals, before + 1);
    assert_int_equal(w->creator_refused.refusal, why);
    assert_true(w->creator_refused.reason[0] != '\0');
    assert_int_equal(c1.tables, c0.tables);
}

/* Tables the rules do not allow, a fixed seed on a host that does not
 * allow it, the list, a start too early or by someone else, a computer
 * given a seat, chat: then the match plays as ceki-cli match's. */
static void test_tables_made_listed_started(void **state)
{
    (void)state;
    World w;
    t_world_init(&w, VARIANT_THOTHIT, NULL);
    host_connected(w.h, T_CREATOR, w.now);
    NetMsg *m = t_create_msg(&w, NULL, false);
    m->u.create.rules.players = 9;
    t_creator_refused(&w, m, NET_REASON_BAD_CONFIG);
    m->u.create.rules.players = (uint8_t)w.cfg.players;
    m->u.create.rules.seat_kind[1] = NET_SEAT_KIND_COUNT;
    t_creator_refused(&w, m, NET_REASON_BAD_CONFIG);
    m->u.create.rules.seat_kind[1] = NET_SEAT_NET;
    host_destroy(w.h); /* a host that draws its own seeds */
    HostOptions opt = {.grace_ms = T_GRACE_MS};
    HostOutbox out = {&w, t_send, t_drop, t_log};
    char err[128] = "";
    w.h = host_create(&opt, &out, w.now, err, sizeof err);
    assert_non_null(w.h);
    host_connected(w.h, T_CREATOR, w.now);
    t_creator_refused(&w, m, NET_REASON_BAD_CONFIG);
    host_destroy(w.h);
    w.h = t_host(&w, NULL);
    host_connected(w.h, T_CREATOR, w.now);
    t_to_host(&w, T_CREATOR, m); /* no autostart */
    assert_int_equal(strlen(w.table), 8);
    t_creator_says(&w, NET_MSG_LIST);
    assert_int_equal(w.tables.count, 1);
    assert_string_equal(w.tables.table[0].table, w.table);
    assert_int_equal(w.tables.table[0].free_seats, w.cfg.players);
    assert_false(w.tables.table[0].started);
    NetMsg start = {.type = NET_MSG_START};
    t_creator_refused(&w, &start, NET_REASON_NOT_READY); /* nobody sits yet */
    w.nbots = w.cfg.players - 1;
    for (int i = 0; i < w.nbots; i++)
        t_join(&w, &w.bot[i]);
    t_to_host(&w, w.bot[0].conn, &start);
    assert_int_equal(w.bot[0].refused.refusal, NET_REASON_NOT_CREATOR);
    NetMsg seat_ai = {.type = NET_MSG_SEAT_AI};
    seat_ai.u.seat_ai.seat = (int8_t)(w.cfg.players - 1);
    seat_ai.u.seat_ai.kind = NET_SEAT_GREEDY;
    t_to_host(&w, T_CREATOR, &seat_ai);
    assert_false(w.bot[0].started);
    t_creator_says(&w, NET_MSG_START);
    assert_false(w.bot[0].started); /* told once it is kept, at the next tick */
    host_tick(w.h, w.now);
    assert_true(w.bot[0].started);
    t_creator_says(&w, NET_MSG_LIST);
    assert_int_equal(w.tables.count, 1);
    assert_true(w.tables.table[0].started);
    assert_int_equal(w.tables.table[0].free_seats, 0);
    NetMsg chat = {.type = NET_MSG_CHAT};
    snprintf(chat.u.chat.text, sizeof chat.u.chat.text, "selamat sore");
    t_to_host(&w, w.bot[0].conn, &chat);
    assert_int_equal(w.bot[1].chats, 1);
    t_to_host(&w, w.bot[0].conn, &chat); /* too soon */
    assert_int_equal(w.bot[0].refused.refusal, NET_REASON_CHAT_FAST);
    assert_int_equal(w.bot[1].chats, 1);
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    free(m);
    t_world_free(&w);
}

/* A journal whose moves no longer replay: the host starts, says so, and
 * leaves that table out; its people are told there is no such table. */
static void test_damaged_journal_leaves_the_table_out(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, 12);
    host_destroy(w.h);
    w.h = NULL;
    char path[256];
    snprintf(path, sizeof path, "%s/ceki-server.db", dir);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db, "UPDATE host_move SET type = 99 WHERE no = 5", NULL, NULL, NULL),
        SQLITE_OK);
    assert_int_equal(sqlite3_changes(db), 1);
    sqlite3_close(db);
    w.h = t_host(&w, dir);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.tables, 0);
    assert_true(w.logs_left_out > 0);
    t_join(&w, &w.bot[0]);
    assert_int_equal(w.bot[0].bye, NET_REASON_NO_TABLE);
    t_world_free(&w);
    t_remove_dir(dir);
}

static sqlite3 *t_open_journal(const char *dir)
{
    char path[256];
    snprintf(path, sizeof path, "%s/ceki-server.db", dir);
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    return db;
}

static int t_journal_moves(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM host_move", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* Journal writes that fail are said and tried again until they are kept;
 * a move is told only once it is kept (in an UPDATE, and in the VIEW of a
 * resync or of a seat taken back meanwhile), so none is lost, and a host
 * made again has them all. */
static void test_failed_journal_writes_are_kept_later(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    w.watch = NET_WATCH_PUBLIC;
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    t_play(&w, 5);
    int kept = t_mirror_moves(&w);
    sqlite3 *db = t_open_journal(dir);
    assert_int_equal(t_journal_moves(db), kept);
    const char *refuse = "CREATE TRIGGER t_no BEFORE INSERT ON host_move"
                         " BEGIN SELECT RAISE(ABORT, 'the disk said no'); END;";
    assert_int_equal(sqlite3_exec(db, refuse, NULL, NULL, NULL), SQLITE_OK);
    /* The next move is made but not kept: nobody is told of it, the host
     * says so and tries again, and the match waits. */
    HostCounts c;
    for (int i = 0; i < 50; i++)
        t_step(&w, 100);
    host_counts(w.h, &c);
    assert_int_equal(c.moves, kept + 1);
    assert_int_equal(t_mirror_moves(&w), kept);
    assert_true(w.logs_retry >= 2);
    assert_int_equal(t_journal_moves(db), kept);
    /* Nothing is due before the retry: a host's loop does not spin on it. */
    assert_true(host_next_due(w.h) > w.now);
    /* Meanwhile a resync and a seat taken back show the game as told, not
     * the move that waits (t_check_view holds every VIEW to the mirror,
     * which has only what was told). */
    NetMsg *resync = calloc(1, sizeof *resync);
    assert_non_null(resync);
    resync->type = NET_MSG_RESYNC;
    t_to_host(&w, w.bot[0].conn, resync);
    free(resync);
    assert_int_equal(w.bot[0].s.move_no, (uint32_t)kept);
    host_disconnected(w.h, w.bot[1].conn, w.now);
    t_join(&w, &w.bot[1]);
    assert_int_equal(w.bot[1].s.move_no, (uint32_t)kept);
    /* So does a spectator's first view. */
    NetMsg *watch = calloc(1, sizeof *watch);
    assert_non_null(watch);
    watch->type = NET_MSG_JOIN;
    memcpy(watch->u.join.table, w.table, sizeof watch->u.join.table);
    watch->u.join.seat = -1;
    watch->u.join.watch = true;
    snprintf(watch->u.join.name, sizeof watch->u.join.name, "watcher");
    host_connected(w.h, T_WATCHER, w.now);
    t_to_host(&w, T_WATCHER, watch);
    free(watch);
    assert_int_equal(w.watch_views, 1);
    assert_int_equal(w.watch_move_no, (uint32_t)kept);
    host_disconnected(w.h, T_WATCHER, w.now);
    /* The disk works again: the move is kept, then told. */
    assert_int_equal(sqlite3_exec(db, "DROP TRIGGER t_no", NULL, NULL, NULL), SQLITE_OK);
    t_step(&w, 2000);
    assert_int_equal(t_journal_moves(db), kept + 1);
    assert_int_equal(t_mirror_moves(&w), kept + 1);
    t_play(&w, kept + 10);
    int at = t_mirror_moves(&w);
    host_tick(w.h, w.now);
    assert_int_equal(t_journal_moves(db), at);
    sqlite3_close(db);
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++) {
        t_join(&w, &w.bot[i]);
        assert_int_equal(w.bot[i].s.move_no, (uint32_t)at);
    }
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A table's id and a seat's token are kept before they are told: a host
 * killed right after a CREATED and a WELCOME, before any tick of its loop,
 * has the table, the seat and its token when it comes back, and the token
 * takes the seat again. */
static void test_seat_is_kept_before_it_is_told(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    host_kill(w.h); /* as kill -9 leaves it: no flush, no tick */
    w.h = t_host(&w, dir);
    w.nbots = 1;
    Bot *b = &w.bot[0];
    t_join(&w, b);
    assert_int_equal(b->bye, -1); /* the table is there */
    assert_int_equal(strlen(b->token), NET_TOKEN_LEN);
    host_kill(w.h);
    w.h = t_host(&w, dir);
    int seat = b->s.seat;
    t_join(&w, b);
    assert_int_equal(b->bye, -1);
    assert_int_equal(b->s.seat, seat);
    assert_true(b->s.have_view);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* The start is kept before it is told, and a table the journal has filled
 * but not started starts when it is back: a host killed right after the
 * last seat was taken plays the match, ceki-cli match's, once the people
 * come back. */
static void test_start_is_kept_before_it_is_told(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players); /* the last one starts it */
    host_kill(w.h);
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++) {
        t_join(&w, &w.bot[i]);
        assert_int_equal(w.bot[i].bye, -1);
    }
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_all_recorded(&w);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A match's end is told only once its last move is kept: while the last
 * move waits for a journal that cannot write, a newcomer is sent away to
 * come back later (NET_REASON_FULL), not told the match is over; once the
 * move is kept, the match is over for everyone. */
static void test_over_is_told_once_kept(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    Game *direct = t_direct_match(&w.cfg);
    int last = 0;
    (void)game_history(direct, &last);
    t_play(&w, last - 1);
    assert_int_equal(t_mirror_moves(&w), last - 1);
    sqlite3 *db = t_open_journal(dir);
    const char *refuse = "CREATE TRIGGER t_no BEFORE INSERT ON host_move"
                         " BEGIN SELECT RAISE(ABORT, 'the disk said no'); END;";
    assert_int_equal(sqlite3_exec(db, refuse, NULL, NULL, NULL), SQLITE_OK);
    HostCounts c;
    for (int i = 0; i < 50; i++)
        t_step(&w, 100);
    host_counts(w.h, &c);
    assert_int_equal(c.moves, last); /* made, not kept, not told */
    assert_int_equal(t_mirror_moves(&w), last - 1);
    Bot *newcomer = &w.bot[w.nbots++];
    t_join(&w, newcomer);
    assert_int_equal(newcomer->bye, NET_REASON_FULL);
    assert_int_equal(sqlite3_exec(db, "DROP TRIGGER t_no", NULL, NULL, NULL), SQLITE_OK);
    t_step(&w, 2000);
    assert_int_equal(t_journal_moves(db), last);
    assert_true(game_match_over(w.mirror));
    t_join(&w, newcomer);
    assert_int_equal(newcomer->bye, NET_REASON_CLOSED_OVER);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    sqlite3_close(db);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A creator who sits at its own table (the app's host does) and comes back
 * with its seat's token is the creator again: after its connection
 * dropped, and after a host made again from its journal. It starts the
 * table; a friend coming back with their token is no creator. */
static void test_creator_back_with_its_seat(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    NetMsg *m = t_create_msg(&w, NULL, false);
    host_connected(w.h, T_CREATOR, w.now);
    t_to_host(&w, T_CREATOR, m);
    free(m);
    w.nbots = w.cfg.players;
    Bot *me = &w.bot[0];
    t_join_on(&w, me, T_CREATOR);
    assert_true(me->creator);
    assert_int_equal(me->s.seat, 0);
    for (int i = 1; i < w.nbots; i++) {
        t_join(&w, &w.bot[i]);
        assert_false(w.bot[i].creator);
    }
    host_disconnected(w.h, T_CREATOR, w.now); /* its connection dropped */
    me->conn = 0;
    t_join(&w, me);
    assert_int_equal(me->bye, -1);
    assert_true(me->creator);
    host_kill(w.h); /* and the host killed in the waiting room */
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++) {
        t_join(&w, &w.bot[i]);
        assert_int_equal(w.bot[i].bye, -1);
        assert_int_equal(w.bot[i].creator, i == 0);
    }
    NetMsg start = {.type = NET_MSG_START};
    t_to_host(&w, w.bot[1].conn, &start);
    assert_int_equal(w.bot[1].refused.refusal, NET_REASON_NOT_CREATOR);
    long refusals = me->refusals;
    t_to_host(&w, me->conn, &start);
    assert_int_equal(me->refusals, refusals);
    host_tick(w.h, w.now);
    assert_true(w.bot[1].started);
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A host that kept a match's end but went before the finished table left
 * its journal (killed between the two writes): every host made again after
 * it tells the seats the match is over, not that there is no such table. */
static void test_over_kept_through_restarts(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_world_init(&w, VARIANT_THOTHIT, dir);
    t_create(&w, NULL);
    t_join_all(&w, w.cfg.players);
    sqlite3 *db = t_open_journal(dir);
    const char *refuse = "CREATE TRIGGER t_no BEFORE DELETE ON host_table"
                         " BEGIN SELECT RAISE(ABORT, 'the disk said no'); END;";
    assert_int_equal(sqlite3_exec(db, refuse, NULL, NULL, NULL), SQLITE_OK);
    t_play(&w, T_MAX_MOVES);
    assert_true(game_match_over(w.mirror));
    for (int i = 0; i < 50; i++)
        t_step(&w, 100);
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM host_table WHERE over <> 0"), 1);
    assert_int_equal(sqlite3_exec(db, "DROP TRIGGER t_no", NULL, NULL, NULL), SQLITE_OK);
    for (int again = 0; again < 2; again++) {
        host_kill(w.h);
        w.h = t_host(&w, dir);
        for (int i = 0; i < w.nbots; i++) {
            t_join(&w, &w.bot[i]);
            assert_int_equal(w.bot[i].bye, NET_REASON_CLOSED_OVER);
        }
    }
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM host_seat"), 0);
    assert_int_equal(t_journal_int(db, "SELECT COUNT(*) FROM host_move"), 0);
    sqlite3_close(db);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* ---- the turn clock and stand-ins asked for ---- */

#define T_CLOCK_MS 2000u  /* the clock tests' move time, */
#define T_BANK_MS 4000u   /* and bank */
#define T_AWAY_MS 500u    /* into a decision when its person goes */
#define T_STALL_MS 60000u /* a table without a clock waits at least this long for nobody */

/* A Thit-Thit world whose tables have the clock move_ms + bank_ms (0: none);
 * the creator stays connected; every seat a bot's, bot 2 never moving. */
static void t_clock_world(World *w, const char *dir, uint32_t move_ms, uint32_t bank_ms)
{
    t_world_init(w, VARIANT_THOTHIT, dir);
    w->clock_ms = move_ms;
    w->bank_ms = bank_ms;
    t_create_keep(w, NULL);
    t_join_all(w, w->cfg.players);
    w->bot[2].stalled = true;
}

/* Plays until bot b is to move and told so. */
static void t_play_to_turn_of(World *w, const Bot *b)
{
    for (int step = 0; step < T_MAX_STEPS && !game_match_over(w->mirror); step++) {
        if (game_to_move(w->mirror) == b->s.seat && hts_seat_to_move(&b->s))
            return;
        t_step(w, 1);
    }
    fail_msg("seat %d was never to move", b->s.seat);
}

/* Every connected bot was last told that seat's decision runs with left ms
 * of its move time and bank ms of its bank. */
static void t_all_told_clock(World *w, int seat, uint32_t left, uint32_t bank)
{
    for (int i = 0; i < w->nbots; i++) {
        const Bot *o = &w->bot[i];
        if (!o->conn)
            continue;
        assert_true(o->clock.on);
        assert_int_equal(o->clock.running, seat);
        assert_int_equal(o->clock.move_left_ms, left);
        assert_int_equal(o->clock.bank_ms[seat], bank);
    }
}

/* The clock runs out for bot b's decision told at now with bank ms left:
 * not a moment before (the host wakes before only to keep the bank as it
 * runs down, each HOST_BANK_KEEP_MS of it), then the computer moves for it. */
static void t_clock_runs_out(World *w, const Bot *b, uint32_t bank)
{
    t_all_told_clock(w, b->s.seat, T_CLOCK_MS, bank);
    uint64_t due = w->now + T_CLOCK_MS + bank;
    int at = t_mirror_moves(w);
    for (int i = 0; i < (int)(T_BANK_MS / 1000u) + 1 && host_next_due(w->h) < due; i++) {
        uint64_t keep = host_next_due(w->h);
        assert_true(keep > w->now && keep >= due - bank);
        w->now = keep;
        host_tick(w->h, w->now);
        assert_int_equal(t_mirror_moves(w), at);
    }
    assert_true(host_next_due(w->h) == due);
    w->now = due - 1;
    host_tick(w->h, w->now);
    assert_int_equal(t_mirror_moves(w), at);
    w->now = due;
    host_tick(w->h, w->now);
    assert_int_equal(t_mirror_moves(w), at + 1);
    int n = 0;
    assert_int_equal(game_history(w->mirror, &n)[n - 1].seat, b->s.seat);
}

/* Bot b's STAND_IN (seat, on) to the host; refused with why (NONE: not). */
static void t_ask_stand_in(World *w, HostConn conn, int seat, bool on, NetReason why)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_STAND_IN;
    m->u.stand_in.seat = (int8_t)seat;
    m->u.stand_in.on = on;
    Bot *b = t_bot_of(w, conn);
    long before = b ? b->refusals : w->creator_refusals;
    t_to_host(w, conn, m);
    long after = b ? b->refusals : w->creator_refusals;
    NetRefused *r = b ? &b->refused : &w->creator_refused;
    assert_int_equal(after, before + (why != NET_REASON_NONE));
    if (why != NET_REASON_NONE) {
        assert_int_equal(r->what, NET_MSG_STAND_IN);
        assert_int_equal(r->refusal, why);
        assert_true(r->reason[0] != '\0');
    }
    free(m);
}

/* Every connected bot was last told seat's state, why and clock moves. */
static void t_all_told_seat(World *w, int seat, NetSeatState state, NetStandIn why, int clock_moves)
{
    for (int i = 0; i < w->nbots; i++) {
        const Bot *o = &w->bot[i];
        if (!o->conn)
            continue;
        assert_int_equal(o->seats.seat[seat].state, state);
        assert_int_equal(o->seats.seat[seat].stand_in, why);
        assert_int_equal(o->seats.seat[seat].clock_moves, clock_moves);
    }
}

/* A decision counts down; its person away stops it (the grace runs
 * instead) and back, it runs on from what was left. */
static void t_clock_stops_while_away(World *w, Bot *b)
{
    w->now += T_AWAY_MS;
    host_tick(w->h, w->now);
    host_disconnected(w->h, b->conn, w->now);
    b->conn = 0;
    assert_true(host_next_due(w->h) > w->now + T_CLOCK_MS); /* only the grace's countdown */
    w->now += T_GRACE_MS / 2;
    host_tick(w->h, w->now);
    t_join(w, b);
    t_all_told_clock(w, b->s.seat, T_CLOCK_MS - T_AWAY_MS, 0);
    assert_true(host_next_due(w->h) == w->now + T_CLOCK_MS - T_AWAY_MS);
    w->now += T_CLOCK_MS - T_AWAY_MS;
    host_tick(w->h, w->now);
}

/* A seat that never moves: its move time, then its bank, then the
 * computer moves for it; three such moves make it a stand-in and the match
 * ends. The clock counts down in every message, stops while its person is
 * away, and a host made again midway keeps the bank and the count. */
static void test_clock_moves_for_a_silent_seat(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_clock_world(&w, dir, T_CLOCK_MS, T_BANK_MS);
    Bot *b = &w.bot[2];
    t_ask_stand_in(&w, T_CREATOR, 2, true, NET_REASON_HAS_CLOCK);
    t_play_to_turn_of(&w, b);
    long seats = w.bot[0].seats_msgs;
    t_clock_runs_out(&w, b, T_BANK_MS);
    assert_true(w.bot[0].seats_msgs > seats);
    t_all_told_seat(&w, 2, NET_SEAT_HERE, NET_STAND_IN_NONE, 1);
    /* Made again: the bank spent and the count kept. */
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++)
        t_join(&w, &w.bot[i]);
    t_all_told_seat(&w, 2, NET_SEAT_HERE, NET_STAND_IN_NONE, 1);
    t_play_to_turn_of(&w, b);
    t_clock_stops_while_away(&w, b);
    t_all_told_seat(&w, 2, NET_SEAT_HERE, NET_STAND_IN_NONE, 2);
    t_play_to_turn_of(&w, b);
    t_clock_runs_out(&w, b, 0);
    t_all_told_seat(&w, 2, NET_SEAT_STAND_IN, NET_STAND_IN_CLOCK, NET_CLOCK_STALLED);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.clock_moves, 2); /* this host's; the first was the one before */
    t_play(&w, T_MAX_MOVES);
    t_all_recorded(&w);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* The host made again from its journal while a person's decision runs in
 * their bank: the bank comes back as it stood (the journal keeps it as it
 * runs, within HOST_BANK_KEEP_MS), not as their last move left it, so a
 * restart refills nobody's bank; the decision has its whole move time
 * again. A decision stopped in the bank by its person going away keeps
 * what it took too. The others' banks, never touched, stay whole. */
static void test_clock_bank_kept_across_a_restart(void **state)
{
    (void)state;
    char dir[] = "/tmp/ceki-host-XXXXXX";
    assert_non_null(mkdtemp(dir));
    World w;
    t_clock_world(&w, dir, T_CLOCK_MS, T_BANK_MS);
    Bot *b = &w.bot[2];
    t_play_to_turn_of(&w, b);
    t_all_told_clock(&w, 2, T_CLOCK_MS, T_BANK_MS);
    w.now += T_CLOCK_MS + 1500; /* 1.5 s into the bank */
    host_tick(w.h, w.now);
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++)
        t_join(&w, &w.bot[i]);
    t_all_told_clock(&w, 2, T_CLOCK_MS, T_BANK_MS - 1500);
    for (int i = 0; i < w.nbots; i++)
        assert_int_equal(w.bot[i].clock.bank_ms[0], T_BANK_MS);
    /* Away 1 s into the bank: the decision stops, what it took is kept. */
    w.now += T_CLOCK_MS + 1000;
    host_tick(w.h, w.now);
    host_disconnected(w.h, b->conn, w.now);
    b->conn = 0;
    host_tick(w.h, w.now);
    host_destroy(w.h);
    w.h = t_host(&w, dir);
    for (int i = 0; i < w.nbots; i++)
        t_join(&w, &w.bot[i]);
    t_all_told_clock(&w, 2, T_CLOCK_MS, T_BANK_MS - 2500);
    t_clock_runs_out(&w, b, T_BANK_MS - 2500);
    t_all_told_seat(&w, 2, NET_SEAT_HERE, NET_STAND_IN_NONE, 1);
    t_world_free(&w);
    t_remove_dir(dir);
}

/* A round's end gives each seat's next decision NET_CLOCK_ROUND_BREAK_MS
 * more, once: the host deals on at once, and a person reading the round's
 * results should not be spending their bank. Their next decision in the
 * same round has its move time only. */
static void test_clock_break_after_a_round(void **state)
{
    (void)state;
    World w;
    t_clock_world(&w, NULL, T_CLOCK_MS, T_BANK_MS);
    Bot *b = &w.bot[2];
    b->stalled = false;
    for (int step = 0; step < T_MAX_STEPS && game_round_number(w.mirror) < 2; step++)
        assert_false(t_step(&w, 1));
    assert_int_equal(game_round_number(w.mirror), 2);
    b->stalled = true;
    t_play_to_turn_of(&w, b);
    t_all_told_clock(&w, 2, T_CLOCK_MS + NET_CLOCK_ROUND_BREAK_MS, T_BANK_MS);
    int at = t_mirror_moves(&w);
    /* The break and the move time pass: the bank is whole. */
    w.now += T_CLOCK_MS + NET_CLOCK_ROUND_BREAK_MS;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at);
    w.now += T_BANK_MS;
    host_tick(w.h, w.now);
    assert_int_equal(t_mirror_moves(&w), at + 1); /* the clock moved for it */
    t_play_to_turn_of(&w, b);
    assert_int_equal(game_round_number(w.mirror), 2);
    t_all_told_clock(&w, 2, T_CLOCK_MS, 0); /* the same round: no break again */
    t_world_free(&w);
}

/* Bots that move at once never run out of time, and play ceki-cli match's
 * game with the clock on. */
static void test_clock_leaves_quick_play_alone(void **state)
{
    (void)state;
    World w;
    t_clock_world(&w, NULL, T_CLOCK_MS, T_BANK_MS);
    w.bot[2].stalled = false;
    t_play(&w, T_MAX_MOVES);
    Game *direct = t_direct_match(&w.cfg);
    t_same_moves(direct, w.mirror);
    game_destroy(direct);
    HostCounts c;
    host_counts(w.h, &c);
    assert_int_equal(c.clock_moves, 0);
    t_world_free(&w);
}

/* Who may ask for a stand-in, and when (host.h, "Stand-ins asked for"). */
static void t_stand_in_refusals(World *w)
{
    t_ask_stand_in(w, w->bot[0].conn, 1, true, NET_REASON_NOT_CREATOR);
    t_ask_stand_in(w, w->bot[0].conn, 1, false, NET_REASON_NOT_YOUR_SEAT);
    t_ask_stand_in(w, T_CREATOR, 1, false, NET_REASON_NOT_YOUR_SEAT);
    t_ask_stand_in(w, T_CREATOR, CEKI_MAX_SEATS - 1, true, NET_REASON_NO_PERSON);
    t_ask_stand_in(w, w->bot[0].conn, 0, false, NET_REASON_NONE); /* as it is: nothing changes */
    t_all_told_seat(w, 0, NET_SEAT_HERE, NET_STAND_IN_NONE, 0);
}

/* At a table without a clock a silent seat stops the match until the
 * creator hands it to the computer; a person asks the computer to play
 * their own seat and takes it back. */
static void test_stand_in_asked_for(void **state)
{
    (void)state;
    World w;
    t_world_init(&w, VARIANT_THOTHIT, NULL);
    t_create_keep(&w, NULL);
    w.nbots = w.cfg.players;
    t_join(&w, &w.bot[0]);
    t_ask_stand_in(&w, T_CREATOR, 0, true, NET_REASON_NOT_READY);
    Bot *stranger = &w.bot[w.cfg.players]; /* at no table */
    w.nbots = w.cfg.players + 1;
    stranger->conn = w.next_conn++;
    host_connected(w.h, stranger->conn, w.now);
    t_ask_stand_in(&w, stranger->conn, 0, true, NET_REASON_NOT_SEATED);
    host_disconnected(w.h, stranger->conn, w.now);
    stranger->conn = 0;
    for (int i = 1; i < w.cfg.players; i++)
        t_join(&w, &w.bot[i]);
    w.bot[2].stalled = true;
    t_stand_in_refusals(&w);
    t_play_to_turn_of(&w, &w.bot[2]);
    int at = t_mirror_moves(&w);
    for (uint64_t waited = 0; waited < T_STALL_MS; waited += T_SEATS_EVERY_MS)
        t_step(&w, T_SEATS_EVERY_MS);
    assert_int_equal(t_mirror_moves(&w), at); /* nobody moves for it */
    t_ask_stand_in(&w, T_CREATOR, 2, true, NET_REASON_NONE);
    t_all_told_seat(&w, 2, NET_SEAT_STAND_IN, NET_STAND_IN_CREATOR, 0);
    t_play(&w, at + 10);
    assert_true(t_mirror_moves(&w) >= at + 10);
    /* Its own wish: the computer plays seat 1 until it asks off. */
    w.bot[1].stalled = true;
    t_ask_stand_in(&w, w.bot[1].conn, 1, true, NET_REASON_NONE);
    t_all_told_seat(&w, 1, NET_SEAT_STAND_IN, NET_STAND_IN_OWN, 0);
    long sent = w.bot[1].sent;
    t_play(&w, at + 30);
    assert_int_equal(w.bot[1].sent, sent);
    t_ask_stand_in(&w, w.bot[1].conn, 1, false, NET_REASON_NONE);
    t_all_told_seat(&w, 1, NET_SEAT_HERE, NET_STAND_IN_NONE, 0);
    w.bot[1].stalled = false;
    t_play(&w, T_MAX_MOVES);
    assert_true(w.bot[1].sent > sent);
    t_all_recorded(&w);
    t_world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bots_play_the_match),
        cmocka_unit_test(test_bad_moves_are_refused),
        cmocka_unit_test(test_token_brings_the_seat_back),
        cmocka_unit_test(test_grace_then_the_computer),
        cmocka_unit_test(test_journal_brings_tables_back),
        cmocka_unit_test(test_older_journal_comes_back),
        cmocka_unit_test(test_claim_window_runs_out),
        cmocka_unit_test(test_claim_in_time_wins),
        cmocka_unit_test(test_claim_window_after_a_restart),
        cmocka_unit_test(test_claim_window_leaves_quick_play_alone),
        cmocka_unit_test(test_tables_made_listed_started),
        cmocka_unit_test(test_damaged_journal_leaves_the_table_out),
        cmocka_unit_test(test_over_kept_through_restarts),
        cmocka_unit_test(test_creator_back_with_its_seat),
        cmocka_unit_test(test_failed_journal_writes_are_kept_later),
        cmocka_unit_test(test_clock_moves_for_a_silent_seat),
        cmocka_unit_test(test_clock_bank_kept_across_a_restart),
        cmocka_unit_test(test_clock_break_after_a_round),
        cmocka_unit_test(test_clock_leaves_quick_play_alone),
        cmocka_unit_test(test_stand_in_asked_for),
        cmocka_unit_test(test_seat_is_kept_before_it_is_told),
        cmocka_unit_test(test_start_is_kept_before_it_is_told),
        cmocka_unit_test(test_over_is_told_once_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
