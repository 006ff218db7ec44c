/* test_leak.c — nothing hidden leaks to a seat, in process.
 *
 * Whole matches of every variant run through the real host (src/host) with
 * a fake outbox: every message the host sends is encoded and decoded with
 * the real codec, and what the seat receives is checked against the host's
 * own game at that very moment (reached through host_internal.h, so the
 * reference is the game the host plays, not a copy):
 * - every card a message names (a VIEW's view and moves, an UPDATE's move,
 *   events, moves and the view its delta makes) is one that game_observe of
 *   that seat shows, before or after the move (its public history
 *   included); a VIEW and a delta's result are byte for byte that
 *   observation; an UPDATE's events are game_events_for_seat's;
 * - no message but NET_MSG_RECORD carries the seed: none names it, and the
 *   raw bytes of every other message hold its 8 bytes in neither byte
 *   order; the record comes only once the match is over;
 * - WELCOME, SEATS and CHAT carry only what was given (rules, names, text);
 * - once a match, a seat that sends the mover's move (another seat's) and
 *   one that sends a move of its own out of turn are refused, and the
 *   table's move number and every seat's view hash stay as they were.
 * Two spectators watch every match, one from before the start and one from
 * midway; every other table shows them the hands a round late. What they
 * get is checked as a seat's is, seen from GAME_SPECTATOR: their VIEW and
 * the delta's result are game_observe of GAME_SPECTATOR byte for byte, their
 * events game_events_for_seat's, every card they are named one that
 * observation shows, no moves listed, no seed before the record; HANDS only
 * at a table that shows them, only of a round that is over, each once, and
 * the hands as dealt; their chat reaches no seat before the match is over;
 * a spectator's move is refused and changes nothing.
 * The seats are network bots choosing on game_from_view of the view they
 * were sent: random players mostly (fast), greedy every LEAK_GREEDY_EVERY
 * matches (and in the last, when there are fewer). CEKI_LEAK_MATCHES
 * (environment) sets the matches per variant, LEAK_MATCHES_CI by default
 * (CI's sanitizer pass runs fewer, .ci/sanitize); the soak_leak target
 * runs 200.
 *
 * Every loop is bounded in count, and every match in time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai.h"
#include "game.h"
#include "host.h"
#include "host_internal.h"
#include "host_test_support.h"
#include "proto.h"
#include "record.h"

#define LEAK_MATCHES_CI 10     /* matches of each variant in ctest */
#define LEAK_MATCHES_MAX 10000 /* what CEKI_LEAK_MATCHES may ask */
#define LEAK_GREEDY_EVERY 10   /* every tenth match has greedy players */
#define LEAK_CREATOR 1u
#define LEAK_FIRST_BOT 10u
#define LEAK_MAX_STEPS 100000 /* driver steps of one match */
#define LEAK_MAX_SECONDS 120  /* wall time of one match */
#define LEAK_PROBE_SPAN 40    /* the refusal probe comes within this many moves */
#define LEAK_CHAT "sugeng dalu"
#define LEAK_WATCH_CHAT "kula nonton" /* a spectator's, during the match */
#define LEAK_AFTER_CHAT "matur nuwun" /* a spectator's, once it is over */
#define LEAK_WATCHERS 2
#define LEAK_FIRST_WATCHER 100u
#define LEAK_LATE_MOVE 30 /* the second spectator comes at this move, or at round 2 */
#define LEAK_SEED_MIX 0xD1B54A32D192ED03ull

typedef struct LeakBot {
    HostConn conn;
    HtsSeat s; /* its seat, view, moves, player and record chunks */
    long updates, refusals, chats;
    NetRefused refused;
    long record_chunks;
    bool record;   /* the whole record came, and it is the table's */
    bool watching; /* a spectator (s.seat GAME_SPECTATOR) */
    long watch_chats, after_chats;
    int hands_round; /* the last round whose hands it was shown (0: none) */
    long hands;      /* HANDS received */
} LeakBot;

typedef struct Leak {
    Host *h;
    uint64_t now;
    GameConfig cfg;
    AiLevel level;
    uint8_t watch;       /* NetWatch of the table */
    NetTableRules rules; /* as created */
    LeakBot bot[CEKI_MAX_SEATS];
    int nbots;
    LeakBot watcher[LEAK_WATCHERS];
    int nwatchers;
    char table[NET_TABLE_ID_MAX + 1];
    NetMsg *in, *out;
    Observation *before, *after, *next;
    uint8_t *buf, *bytes_a, *bytes_b;
    GameEvent *events;
    long messages, cards; /* messages decoded, cards checked */
    long logs_no_record;  /* the host's lines saying it sent no record */
    int probes;           /* refusal probes made */
} Leak;

/* ---- the host's own table ---- */

static HostTable *leak_table(const Leak *w)
{
    assert_int_equal(w->h->ntables, 1);
    return w->h->tables[0];
}

static int leak_moves_made(const Leak *w)
{
    int n = 0;
    game_history(leak_table(w)->game, &n);
    return n;
}

/* ---- what a seat may see ---- */

/* c is CARD_NONE or shown to the seat before or after the move. */
static void leak_check_card(Leak *w, Card c, const Observation *before, const Observation *after,
                            const char *what, int kind)
{
    if (c == CARD_NONE)
        return;
    w->cards++;
    bool seen = hts_obs_names(after, c) || (before && hts_obs_names(before, c));
    if (!seen)
        fail_msg("%s (%d) named card %d to seat %d, who may not see it (move %d)", what, kind,
                 (int)c, after->seat, after->history.count);
}

static void leak_check_moves(Leak *w, const Move *moves, int n, const Observation *before,
                             const Observation *after)
{
    for (int i = 0; i < n; i++) {
        leak_check_card(w, moves[i].card, before, after, "a move", moves[i].type);
        leak_check_card(w, moves[i].target, before, after, "a move", moves[i].type);
    }
}

/* The draws made face up for all before a deal (seats, roles, dealer),
 * Kings' cuts and the King cards won: shown to every seat, though no
 * Observation keeps them. */
static bool leak_public_unkept(uint8_t type)
{
    return type == EV_CEREMONY_CARD || type == EV_CUT || type == EV_KING_WON;
}

/* Pèi's payments, dice and packets carry numbers in their card fields. */
static bool leak_numbers_only(uint8_t type)
{
    return type == EV_STAKE_PAID || type == EV_DICE || type == EV_PACKET;
}

/* Every card an update's events name is one the seat sees before or after
 * the move; a public card no Observation keeps is the same for every seat. */
static void leak_check_events(Leak *w, const NetUpdate *u, const Observation *before, int seat)
{
    const HostTable *t = leak_table(w);
    int n = 0;
    const GameEvent *events = game_events(t->game, &n);
    GameEvent *other = w->events + NET_MAX_EVENTS;
    int k = game_events_for_seat(t->game, events, n, (seat + 1) % w->cfg.players, other);
    assert_int_equal(k, u->nevents);
    for (int i = 0; i < u->nevents; i++) {
        const GameEvent *e = &u->events[i];
        if (leak_numbers_only(e->type))
            continue;
        if (leak_public_unkept(e->type)) {
            assert_int_equal(e->card, other[i].card);
            assert_int_equal(e->card2, other[i].card2);
            continue;
        }
        leak_check_card(w, e->card, before, w->after, "an event", e->type);
        leak_check_card(w, e->card2, before, w->after, "an event", e->type);
    }
}

/* view's canonical bytes equal the seat's observation's (in w->after). */
static void leak_check_same_view(Leak *w, const Observation *view)
{
    size_t a = net_view_bytes(view, w->bytes_a, NET_MAX_PACKET);
    size_t b = net_view_bytes(w->after, w->bytes_b, NET_MAX_PACKET);
    assert_true(a > 0);
    assert_int_equal(a, b);
    assert_memory_equal(w->bytes_a, w->bytes_b, a);
}

/* ---- the seed ---- */

/* ---- each message a seat receives ---- */

static void leak_on_welcome(Leak *w, LeakBot *b, const NetWelcome *wl)
{
    const HostTable *t = leak_table(w);
    assert_string_equal(wl->table, w->table);
    if (b->watching) { /* no seat, no token, no seed of any kind */
        assert_int_equal(wl->seat, -1);
        assert_string_equal(wl->token, "");
        assert_true(wl->ai_seed == 0);
        assert_memory_equal(&wl->rules, &w->rules, sizeof wl->rules);
        assert_false(wl->creator);
        b->s.seat = GAME_SPECTATOR;
        return;
    }
    assert_true(wl->ai_seed == game_seat_ai_seed(t->cfg.seed, wl->seat));
    assert_true(wl->ai_seed != t->cfg.seed);
    assert_memory_equal(&wl->rules, &w->rules, sizeof wl->rules);
    assert_false(wl->creator);
    assert_true(hts_seat_welcome(&b->s, wl, w->level));
}

static void leak_on_seats(const Leak *w, const NetSeats *s)
{
    assert_int_equal(s->players, w->cfg.players);
    char want[NET_NAME_MAX + 1];
    for (int i = 0; i < s->players; i++) {
        assert_int_equal(s->seat[i].kind, NET_SEAT_NET);
        if (s->seat[i].state == NET_SEAT_EMPTY)
            continue;
        snprintf(want, sizeof want, "seat %d", i);
        assert_string_equal(s->seat[i].name, want);
    }
    assert_int_equal(s->nwatchers, leak_table(w)->nwatchers);
    for (int i = 0; i < s->nwatchers; i++) {
        snprintf(want, sizeof want, "watcher %d", i);
        assert_string_equal(s->watcher[i], want);
    }
}

static void leak_on_view(Leak *w, LeakBot *b, const NetView *v)
{
    const HostTable *t = leak_table(w);
    assert_false(t->waiting);
    assert_int_equal(v->move_no, t->move_no);
    assert_int_equal(game_observe(t->game, b->s.seat, w->after), CEKI_OK);
    leak_check_same_view(w, &v->view);
    assert_true(v->hash == net_view_hash(w->after));
    leak_check_moves(w, v->moves, v->nmoves, NULL, w->after);
    if (b->watching)
        assert_int_equal(v->nmoves, 0);
    hts_seat_take_view(&b->s, v);
}

static void leak_on_update(Leak *w, LeakBot *b, const NetUpdate *u)
{
    const HostTable *t = leak_table(w);
    assert_int_equal(u->move_no, t->move_no);
    assert_int_equal(leak_moves_made(w), (int)u->move_no);
    assert_int_equal(game_observe(t->game, b->s.seat, w->after), CEKI_OK);
    const Observation *before = NULL;
    if (t->told) {
        assert_int_equal(game_observe(t->told, b->s.seat, w->before), CEKI_OK);
        before = w->before;
    }
    int n = 0;
    const GameEvent *events = game_events(t->game, &n);
    int k = game_events_for_seat(t->game, events, n, b->s.seat, w->events);
    assert_int_equal(u->nevents, k);
    for (int i = 0; i < k; i++)
        assert_memory_equal(&u->events[i], &w->events[i], sizeof w->events[i]);
    leak_check_events(w, u, before, b->s.seat);
    leak_check_moves(w, &u->move, 1, before, w->after);
    leak_check_moves(w, u->moves, u->nmoves, before, w->after);
    if (b->watching)
        assert_int_equal(u->nmoves, 0);
    /* The delta makes exactly the seat's observation, nothing more. */
    assert_true(hts_seat_apply_update(&b->s, u, w->next)); /* a view, the delta, its hash */
    leak_check_same_view(w, &b->s.view);
    b->updates++;
}

/* A chunk of the record: each follows the one before; once the last is in,
 * the whole text reads as the table's game. */
static void leak_on_record(Leak *w, LeakBot *b, const NetRecord *r)
{
    const HostTable *t = leak_table(w);
    assert_true(t->over);
    assert_true(game_match_over(t->game));
    assert_false(b->record);
    assert_int_equal(net_record_join(&b->s.record_join, r), NET_OK);
    b->record_chunks++;
    if (!net_record_join_done(&b->s.record_join))
        return;
    char err[RECORD_ERROR_MAX] = "";
    Game *g = hts_record_game(&b->s.record_join, err, sizeof err);
    if (!g)
        fail_msg("the record does not read: %s", err);
    assert_true(game_config(g)->seed == t->cfg.seed);
    assert_int_equal(hts_moves_differ_at(g, t->game), -1);
    game_destroy(g);
    b->record = true;
}

/* A round's hands: only at a table that shows them, only once that round
 * is over (checked here on the host's game, not by the core's rule), each
 * round once and in order, and the hands as they were dealt. */
static void leak_on_hands(Leak *w, LeakBot *b, const NetHands *nh)
{
    const HostTable *t = leak_table(w);
    assert_true(b->watching);
    assert_int_equal(t->watch, NET_WATCH_HANDS_LATE);
    int round = game_round_number(t->game);
    bool over = game_round_over(t->game) || game_match_over(t->game);
    assert_true(nh->round >= 1);
    assert_true(nh->round < round || (nh->round == round && over));
    assert_true(nh->round > b->hands_round);
    RoundHands *rh = malloc(sizeof *rh);
    assert_non_null(rh);
    assert_int_equal(game_round_hands(t->game, nh->round, rh), CEKI_OK);
    assert_int_equal(nh->players, rh->players);
    for (int s = 0; s < rh->players; s++) {
        assert_int_equal(nh->count[s], rh->count[s]);
        assert_memory_equal(nh->cards[s], rh->hand[s], (size_t)rh->count[s]);
    }
    free(rh);
    b->hands_round = nh->round;
    b->hands++;
}

/* A line of chat: a seat's reaches everyone; a spectator's reaches the
 * seats only once the match is over. */
static void leak_on_chat(const Leak *w, LeakBot *b, const NetChat *c)
{
    if (strcmp(c->text, LEAK_CHAT) == 0) {
        b->chats++;
    } else if (strcmp(c->text, LEAK_WATCH_CHAT) == 0) {
        assert_true(b->watching); /* no seat hears it during the match */
        assert_int_equal(c->seat, -1);
        assert_string_equal(c->name, "watcher 0");
        b->watch_chats++;
    } else {
        assert_string_equal(c->text, LEAK_AFTER_CHAT);
        assert_true(leak_table(w)->over);
        b->after_chats++;
    }
}

static void leak_on_message(Leak *w, LeakBot *b, const NetMsg *m)
{
    switch ((NetMsgType)m->type) {
    case NET_MSG_WELCOME: leak_on_welcome(w, b, &m->u.welcome); break;
    case NET_MSG_SEATS: leak_on_seats(w, &m->u.seats); break;
    case NET_MSG_VIEW: leak_on_view(w, b, &m->u.view); break;
    case NET_MSG_UPDATE: leak_on_update(w, b, &m->u.update); break;
    case NET_MSG_RECORD: leak_on_record(w, b, &m->u.record); break;
    case NET_MSG_REFUSED:
        b->refused = m->u.refused;
        b->refusals++;
        break;
    case NET_MSG_CHAT: leak_on_chat(w, b, &m->u.chat); break;
    case NET_MSG_HANDS: leak_on_hands(w, b, &m->u.hands); break;
    default: fail_msg("seat %d was sent a message of type %d", b->s.seat, (int)m->type);
    }
}

/* ---- the fake outbox ---- */

static LeakBot *leak_bot_of(Leak *w, HostConn conn)
{
    for (int i = 0; i < w->nbots; i++) {
        if (w->bot[i].conn == conn)
            return &w->bot[i];
    }
    for (int i = 0; i < w->nwatchers; i++) {
        if (w->watcher[i].conn == conn)
            return &w->watcher[i];
    }
    return NULL;
}

static void leak_send(void *ctx, HostConn conn, const NetMsg *msg)
{
    Leak *w = ctx;
    size_t len = net_encode(msg, w->buf, NET_MAX_PACKET);
    assert_true(len > 0);
    assert_int_equal(net_decode(w->buf, len, w->in), NET_OK);
    w->messages++;
    if (w->in->type != NET_MSG_RECORD)
        assert_false(hts_holds_seed(w->cfg.seed, w->buf, len)); /* in either byte order */
    if (conn == LEAK_CREATOR) {
        if (w->in->type == NET_MSG_CREATED)
            memcpy(w->table, w->in->u.created.table, sizeof w->table);
        return;
    }
    LeakBot *b = leak_bot_of(w, conn);
    assert_non_null(b);
    leak_on_message(w, b, w->in);
}

static void leak_drop(void *ctx, HostConn conn, NetReason why)
{
    (void)ctx;
    fail_msg("connection %u dropped (%s)", (unsigned)conn, net_reason_text(why));
}

static void leak_log(void *ctx, const char *line)
{
    Leak *w = ctx; /* print_message("host: %s\n", line) to watch it */
    w->logs_no_record += strstr(line, "the record is not sent") != NULL;
}

/* A client's message to the host, through the codec. */
static void leak_to_host(Leak *w, HostConn conn, const NetMsg *m)
{
    size_t len = net_encode(m, w->buf, NET_MAX_PACKET);
    assert_true(len > 0);
    assert_int_equal(net_decode(w->buf, len, w->out), NET_OK);
    host_received(w->h, conn, w->out, w->now);
}

/* ---- a match ---- */

static uint64_t leak_seed(int variant, int match)
{
    uint64_t z = (uint64_t)(variant + 1) * LEAK_SEED_MIX + (uint64_t)match;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; /* splitmix64's finish */
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void leak_init(Leak *w, VariantId v, int match, AiLevel level)
{
    memset(w, 0, sizeof *w);
    w->in = malloc(sizeof *w->in);
    w->out = malloc(sizeof *w->out);
    w->before = malloc(sizeof *w->before);
    w->after = malloc(sizeof *w->after);
    w->next = malloc(sizeof *w->next);
    w->buf = malloc(NET_MAX_PACKET);
    w->bytes_a = malloc(NET_MAX_PACKET);
    w->bytes_b = malloc(NET_MAX_PACKET);
    w->events = malloc(sizeof *w->events * NET_MAX_EVENTS * 2);
    assert_true(w->in && w->out && w->before && w->after && w->next && w->buf && w->bytes_a &&
                w->bytes_b && w->events);
    w->now = 1000;
    w->cfg = game_config_default(v, leak_seed((int)v, match));
    w->level = level;
    HostOptions opt = {.allow_seed = true}; /* no claim limit: bots answer at once */
    HostOutbox out = {w, leak_send, leak_drop, leak_log};
    char err[256] = "";
    w->h = host_create(&opt, &out, w->now, err, sizeof err);
    if (!w->h)
        fail_msg("host_create: %s", err);
}

static void leak_free(Leak *w)
{
    host_destroy(w->h);
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        hts_seat_free(&w->bot[i].s);
    }
    for (int i = 0; i < LEAK_WATCHERS; i++)
        hts_seat_free(&w->watcher[i].s);
    free(w->in);
    free(w->out);
    free(w->before);
    free(w->after);
    free(w->next);
    free(w->buf);
    free(w->bytes_a);
    free(w->bytes_b);
    free(w->events);
}

/* One more spectator joins (its name numbered as it comes). */
static void leak_watch(Leak *w)
{
    assert_true(w->nwatchers < LEAK_WATCHERS);
    LeakBot *b = &w->watcher[w->nwatchers];
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_JOIN;
    memcpy(m->u.join.table, w->table, sizeof m->u.join.table);
    m->u.join.seat = -1;
    m->u.join.watch = true;
    snprintf(m->u.join.name, sizeof m->u.join.name, "watcher %d", w->nwatchers);
    b->conn = LEAK_FIRST_WATCHER + (HostConn)w->nwatchers;
    b->watching = true;
    b->s.seat = GAME_SPECTATOR;
    w->nwatchers++;
    host_connected(w->h, b->conn, w->now);
    leak_to_host(w, b->conn, m);
    assert_true(b->s.have_view);
    free(m);
}

/* The creator makes the table (the test's seed, every seat a network
 * seat, starting once they are filled) and leaves; the bots sit down. */
static void leak_seat_everyone(Leak *w)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_CREATE;
    NetTableRules *r = &m->u.create.rules;
    r->variant = (uint8_t)w->cfg.variant;
    r->players = (uint8_t)w->cfg.players;
    r->options = w->cfg.options;
    r->rounds = (uint16_t)w->cfg.rounds;
    r->stakes = (uint8_t)w->cfg.stakes;
    r->watch = w->watch;
    w->rules = *r;
    m->u.create.has_seed = true;
    m->u.create.seed = w->cfg.seed;
    m->u.create.autostart = true;
    m->u.create.open = true;
    snprintf(m->u.create.name, sizeof m->u.create.name, "creator");
    host_connected(w->h, LEAK_CREATOR, w->now);
    leak_to_host(w, LEAK_CREATOR, m);
    assert_true(w->table[0] != '\0');
    host_disconnected(w->h, LEAK_CREATOR, w->now);
    leak_watch(w);
    w->nbots = w->cfg.players;
    for (int i = 0; i < w->nbots; i++) {
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_JOIN;
        memcpy(m->u.join.table, w->table, sizeof m->u.join.table);
        m->u.join.seat = (int8_t)i;
        snprintf(m->u.join.name, sizeof m->u.join.name, "seat %d", i);
        w->bot[i].conn = LEAK_FIRST_BOT + (HostConn)i;
        host_connected(w->h, w->bot[i].conn, w->now);
        leak_to_host(w, w->bot[i].conn, m);
        assert_int_equal(w->bot[i].s.seat, i);
        assert_true(w->bot[i].s.have_view);
    }
    host_tick(w->h, w->now);
    free(m);
}

static void leak_send_move(Leak *w, LeakBot *b, uint32_t move_no, const Move *mv)
{
    NetMsg *m = calloc(1, sizeof *m);
    assert_non_null(m);
    m->type = NET_MSG_MOVE;
    m->u.move.move_no = move_no;
    m->u.move.move = *mv;
    leak_to_host(w, b->conn, m);
    free(m);
}

/* Every seat's view hash on the host's game, and its move number. */
static uint32_t leak_hashes(Leak *w, uint64_t hash[CEKI_MAX_SEATS])
{
    const HostTable *t = leak_table(w);
    for (int s = 0; s < w->cfg.players; s++) {
        assert_int_equal(game_observe(t->game, s, w->after), CEKI_OK);
        hash[s] = net_view_hash(w->after);
    }
    return t->move_no;
}

/* Another seat's move and a move out of turn: refused, nothing changes. */
static void leak_probe(Leak *w, LeakBot *mover)
{
    LeakBot *other = &w->bot[(mover->s.seat + 1) % w->nbots];
    if (other == mover || mover->s.nmoves == 0)
        return;
    uint64_t h0[CEKI_MAX_SEATS] = {0}, h1[CEKI_MAX_SEATS] = {0};
    uint32_t no0 = leak_hashes(w, h0);
    long refusals = other->refusals, updates = other->updates;
    Move theirs = mover->s.moves[0], mine = mover->s.moves[0];
    mine.seat = (uint8_t)other->s.seat;
    leak_send_move(w, other, mover->s.move_no, &theirs);
    assert_int_equal(other->refusals, refusals + 1);
    assert_int_equal(other->refused.refusal, NET_REASON_NOT_YOUR_TURN);
    leak_send_move(w, other, mover->s.move_no, &mine);
    assert_int_equal(other->refusals, refusals + 2);
    assert_int_equal(other->refused.refusal, NET_REASON_NOT_YOUR_TURN);
    LeakBot *watcher = &w->watcher[0];
    long watcher_refusals = watcher->refusals;
    leak_send_move(w, watcher, mover->s.move_no, &theirs);
    assert_int_equal(watcher->refusals, watcher_refusals + 1);
    assert_int_equal(watcher->refused.refusal, NET_REASON_WATCHING);
    w->now++;
    host_tick(w->h, w->now);
    assert_int_equal(other->updates, updates);
    assert_int_equal(leak_hashes(w, h1), no0);
    assert_memory_equal(h0, h1, sizeof h0);
    w->probes++;
}

/* The bot to move moves; the clock goes on and the host ticks. */
static void leak_step(Leak *w, int probe_at)
{
    for (int i = 0; i < w->nbots; i++) {
        LeakBot *b = &w->bot[i];
        if (!hts_seat_to_move(&b->s))
            continue;
        if ((int)b->s.move_no == probe_at)
            leak_probe(w, b);
        Move mv;
        CekiStatus st = hts_seat_choose(&b->s, &w->cfg, &mv);
        if (st != CEKI_OK)
            fail_msg("seat %d could not choose: %s", b->s.seat, ceki_status_text(st));
        b->s.nmoves = 0;
        leak_send_move(w, b, b->s.move_no, &mv);
    }
    w->now++;
    host_tick(w->h, w->now);
}

/* One whole match; returns its moves. */
/* Every LEAK_GREEDY_EVERY-th match has greedy players, and the last one
 * when there are fewer matches (CEKI_LEAK_MATCHES), so greedy seats are
 * always among them. */
static AiLevel leak_level(int match, int matches)
{
    bool greedy = match % LEAK_GREEDY_EVERY == LEAK_GREEDY_EVERY - 1 ||
                  (matches < LEAK_GREEDY_EVERY && match == matches - 1);
    return greedy ? AI_GREEDY : AI_RANDOM;
}

/* conn says text at the table. */
static void leak_say(Leak *w, HostConn conn, const char *text)
{
    NetMsg chat = {.type = NET_MSG_CHAT};
    snprintf(chat.u.chat.text, sizeof chat.u.chat.text, "%s", text);
    leak_to_host(w, conn, &chat);
}

/* The match to its end; the second spectator comes in the middle (at round
 * 2, or at LEAK_LATE_MOVE in a match of one round) and is shown the hands
 * of the last round over, if any, as it comes. */
static void leak_play(Leak *w, int match)
{
    int probe_at = 1 + match % LEAK_PROBE_SPAN;
    double start = hts_seconds();
    for (int step = 0; step < LEAK_MAX_STEPS && !leak_table(w)->over; step++) {
        leak_step(w, probe_at);
        const HostTable *t = leak_table(w);
        if (w->nwatchers < LEAK_WATCHERS && !t->waiting &&
            (game_round_number(t->game) >= 2 || t->move_no >= LEAK_LATE_MOVE)) {
            leak_watch(w);
            bool shown = t->watch == NET_WATCH_HANDS_LATE &&
                         (game_round_number(t->game) >= 2 || game_round_over(t->game));
            assert_int_equal(w->watcher[1].hands, shown);
        }
        if (hts_seconds() - start > LEAK_MAX_SECONDS)
            fail_msg("%s match %d took over %d s", game_variant(leak_table(w)->game)->key, match,
                     LEAK_MAX_SECONDS);
    }
    assert_true(leak_table(w)->over);
    assert_int_equal(w->probes, 1);
    host_tick(w->h, w->now + 1);
}

/* What the spectators got by the end: the record, the chat as it may
 * reach them, every round's hands at a table that shows them. */
static void leak_check_watchers(const Leak *w)
{
    const HostTable *t = leak_table(w);
    int rounds = game_round_number(t->game);
    assert_int_equal(w->nwatchers, LEAK_WATCHERS);
    for (int i = 0; i < w->nwatchers; i++) {
        const LeakBot *b = &w->watcher[i];
        assert_true(b->record);
        assert_int_equal(b->record_chunks, w->bot[0].record_chunks);
        assert_int_equal(b->chats, i == 0);       /* the seat's line, said before the second came */
        assert_int_equal(b->watch_chats, i == 0); /* its own line, to spectators only */
        assert_int_equal(b->after_chats, 1);
        assert_int_equal(b->refusals, i == 0); /* its move */
        if (t->watch != NET_WATCH_HANDS_LATE) {
            assert_int_equal(b->hands, 0);
            continue;
        }
        assert_int_equal(b->hands_round, rounds);
        if (i == 0)
            assert_int_equal(b->hands, rounds);
    }
}

static int leak_match(VariantId v, int match, AiLevel level, long *messages, long *cards,
                      long *record_chunks)
{
    Leak *w = malloc(sizeof *w);
    assert_non_null(w);
    leak_init(w, v, match, level);
    w->watch = match % 2 ? NET_WATCH_HANDS_LATE : NET_WATCH_PUBLIC;
    leak_seat_everyone(w);
    /* One chat line: every other seat gets it as it was said; a
     * spectator's reaches the spectators only. */
    leak_say(w, w->bot[0].conn, LEAK_CHAT);
    leak_say(w, w->watcher[0].conn, LEAK_WATCH_CHAT);
    leak_play(w, match);
    leak_say(w, w->watcher[1].conn, LEAK_AFTER_CHAT); /* over: everyone hears it */
    /* Every seat has the whole record, whatever its length. */
    assert_int_equal(w->logs_no_record, 0);
    for (int i = 0; i < w->nbots; i++) {
        assert_true(w->bot[i].record);
        assert_int_equal(w->bot[i].record_chunks, w->bot[0].record_chunks);
        assert_int_equal(w->bot[i].chats, 1); /* the one who said it too */
        assert_int_equal(w->bot[i].watch_chats, 0);
        assert_int_equal(w->bot[i].after_chats, 1);
    }
    leak_check_watchers(w);
    *record_chunks += w->bot[0].record_chunks;
    HostCounts c;
    host_counts(w->h, &c);
    int moves = leak_moves_made(w);
    assert_int_equal(c.moves, moves);
    assert_int_equal(c.watchers, LEAK_WATCHERS);
    *messages += w->messages;
    *cards += w->cards;
    leak_free(w);
    free(w);
    return moves;
}

static int leak_matches(void)
{
    const char *env = getenv("CEKI_LEAK_MATCHES");
    if (!env || !*env)
        return LEAK_MATCHES_CI;
    char *end = NULL;
    long n = strtol(env, &end, 10);
    if (*end || n < 1 || n > LEAK_MATCHES_MAX)
        fail_msg("CEKI_LEAK_MATCHES: '%s' is not 1..%d", env, LEAK_MATCHES_MAX);
    return (int)n;
}

static void test_nothing_hidden_leaks(void **state)
{
    (void)state;
    int matches = leak_matches();
    for (int v = 0; v < VARIANT_COUNT; v++) {
        long moves = 0, messages = 0, cards = 0, chunks = 0;
        double start = hts_seconds();
        for (int i = 0; i < matches; i++)
            moves +=
                leak_match((VariantId)v, i, leak_level(i, matches), &messages, &cards, &chunks);
        GameConfig cfg = game_config_default((VariantId)v, 1);
        Game *g = game_create(&cfg, NULL);
        assert_non_null(g);
        print_message("%-18s %4d matches %7ld moves %8ld messages %9ld cards checked %4ld record "
                      "chunks %6.2f s\n",
                      game_variant(g)->key, matches, moves, messages, cards, chunks,
                      hts_seconds() - start);
        game_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nothing_hidden_leaks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
