/* proto.c — the messages of network play, encoded and decoded (proto.h).
 *
 * Layout (little-endian, fixed-width numbers; net_codec.h):
 *   u8 NET_PROTOCOL_VERSION, u8 NetMsgType, then the body of that type.
 * Texts are a u16 byte length and that many bytes of UTF-8 (no NUL). A
 * list is its count, then that many items; only what a list holds is
 * written. Bools are one byte, 0 or 1. Each message has exactly one
 * encoding: decoding and encoding again gives the same bytes.
 *
 *   CREATE   rules, bool has_seed, u64 seed, bool autostart, text name, bool open
 *   LIST, RESYNC, START   (no body)
 *   JOIN     text table, text token, i8 seat (-1: any), text name, text key, bool watch
 *            (watch: no token, seat -1)
 *   MOVE     u32 move_no, move
 *   SEAT_AI  i8 seat, u8 kind
 *   STAND_IN i8 seat, bool on
 *   CREATED  text table, bool open, text key (empty when open, else NET_KEY_LEN hex digits)
 *   TABLES   u8 count, then per table: text table, rules, u8 free_seats, bool started,
 *            u8 watchers
 *   WELCOME  text table, i8 seat (-1: a spectator, with no token and ai_seed 0), text token,
 *            u64 ai_seed, rules, bool creator, text key
 *   SEATS    u8 players, bool started, then per seat: u8 kind, u8 state, u32 grace_ms,
 *            text name, u8 stand_in, u8 clock_moves; then clock, u8 nwatchers, their names
 *   VIEW     u32 move_no, u64 hash, view (proto_view.c), u16 nmoves, moves, claim, clock,
 *            u16 rounds scored, u8 shown (min(rounds, NET_VIEW_ROUNDS)), u8 players
 *            (0 exactly when no round is scored), then per round shown, oldest first:
 *            i32 score per player
 *   UPDATE   u32 move_no, u64 hash, move, u16 nevents, events, u16 delta_len, delta,
 *            u16 nmoves, moves, claim, clock
 *   REFUSED  u8 what, u8 refusal (NetReason), u32 move_no, text reason
 *   RECORD   u32 total, u32 offset, text chunk (lines; proto.h)
 *   CHAT     i8 seat, text, text name
 *   HANDS    u16 round (from 1), u8 players, then per seat: u8 count, that many cards
 *   PING, PONG  u32 stamp_ms
 * A name is at most NET_NAME_MAX bytes and NET_NAME_CHARS characters; a
 * token or a key is empty or exactly 32 hex digits.
 * where rules = u8 variant, u8 players, u32 options, u16 rounds, u8 stakes,
 * u8 seat_kind per player, u32 clock move_ms, u32 clock bank_ms, u8 watch;
 * move = u8 type, u8 seat, u8 card, u8 target, u8 flags; event = u8 type,
 * i8 seat, u8 card, u8 card2, i32 value; claim = bool open, and when open
 * i8 seat, u8 card, u32 left_ms, u32 window_ms; clock = bool on, and when
 * on i8 running (-1: none), u32 move_left_ms (0 when none runs), u8
 * players, u32 bank_ms per player. A stand-in's reason is NONE exactly when
 * the seat's state is not NET_SEAT_STAND_IN.
 */
#include "proto.h"

#include <string.h>

#include "net_codec.h"
#include "proto_view.h"

#define PROTO_HEAD_BYTES 2

/* A table's clock: none (both 0), or a move time within its bounds and a
 * bank at most the largest. */
static void proto_io_clock_rule(Codec *c, NetClock *k)
{
    uint32_t move = codec_io_u32(c, &k->move_ms);
    uint32_t bank = codec_io_u32(c, &k->bank_ms);
    bool none = move == 0 && bank == 0;
    codec_require(c, none || (move >= NET_CLOCK_MOVE_MIN_MS && move <= NET_CLOCK_MOVE_MAX_MS &&
                              bank <= NET_CLOCK_BANK_MAX_MS));
}

static void proto_io_rules(Codec *c, NetTableRules *r)
{
    codec_io_u8(c, &r->variant, VARIANT_COUNT - 1);
    uint8_t players = codec_io_u8(c, &r->players, CEKI_MAX_SEATS);
    codec_require(c, players >= 1);
    codec_io_u32(c, &r->options);
    codec_io_u16(c, &r->rounds, UINT16_MAX);
    codec_io_u8(c, &r->stakes, STAKES_COUNT - 1);
    for (int s = 0; s < players && codec_ok(c); s++)
        codec_io_u8(c, &r->seat_kind[s], NET_SEAT_KIND_COUNT - 1);
    proto_io_clock_rule(c, &r->clock);
    codec_io_u8(c, &r->watch, NET_WATCH_COUNT - 1);
}

/* The clock as it stands: none, or the running seat (one of the players,
 * or -1 with no move time left), its move time left and each bank. */
static void proto_io_clock(Codec *c, NetClockState *k)
{
    if (!codec_io_bool(c, &k->on))
        return;
    int running = codec_io_i8(c, &k->running, -1, CEKI_MAX_SEATS - 1);
    uint32_t left = codec_io_u32(c, &k->move_left_ms);
    uint8_t players = codec_io_u8(c, &k->players, CEKI_MAX_SEATS);
    codec_require(c, players >= 1 && running < players && left <= NET_CLOCK_MOVE_MAX_MS &&
                         (running >= 0 || left == 0));
    for (int s = 0; s < players && codec_ok(c); s++) {
        uint32_t bank = codec_io_u32(c, &k->bank_ms[s]);
        codec_require(c, bank <= NET_CLOCK_BANK_MAX_MS);
    }
}

static void proto_io_move(Codec *c, Move *m)
{
    codec_io_u8(c, &m->type, MOVE_PASS);
    codec_io_u8(c, &m->seat, CEKI_MAX_SEATS - 1);
    codec_io_card(c, &m->card, true);
    codec_io_card(c, &m->target, true);
    codec_io_u8(c, &m->flags, MOVE_FLAG_FORFEIT);
}

static void proto_io_moves(Codec *c, uint16_t *n, Move *moves)
{
    uint16_t count = codec_io_u16(c, n, GAME_MAX_MOVES);
    for (int i = 0; i < count && codec_ok(c); i++)
        proto_io_move(c, &moves[i]);
}

static void proto_io_event(Codec *c, GameEvent *e)
{
    codec_io_u8(c, &e->type, EV_HAND_DRAWN);
    codec_io_i8(c, &e->seat, -1, CEKI_MAX_SEATS - 1);
    codec_io_card(c, &e->card, true);
    codec_io_card(c, &e->card2, true);
    codec_io_i32(c, &e->value);
}

static void proto_io_claim(Codec *c, NetClaimWindow *w)
{
    if (!codec_io_bool(c, &w->open))
        return;
    codec_io_i8(c, &w->seat, 0, CEKI_MAX_SEATS - 1);
    codec_io_card(c, &w->card, false);
    uint32_t left = codec_io_u32(c, &w->left_ms);
    uint32_t window = codec_io_u32(c, &w->window_ms);
    codec_require(c, window > 0 && window <= NET_CLAIM_MS_MAX && left <= window);
}

static void proto_io_create(Codec *c, NetCreate *m)
{
    proto_io_rules(c, &m->rules);
    codec_io_bool(c, &m->has_seed);
    codec_io_u64(c, &m->seed);
    codec_io_bool(c, &m->autostart);
    codec_io_text(c, m->name, NET_NAME_MAX, NET_NAME_CHARS, CODEC_TEXT_LINE);
    codec_io_bool(c, &m->open);
}

static void proto_io_join(Codec *c, NetJoin *m)
{
    codec_io_text(c, m->table, NET_TABLE_ID_MAX, 0, CODEC_TEXT_ID);
    size_t token = codec_io_text(c, m->token, NET_TOKEN_LEN, 0, CODEC_TEXT_TOKEN);
    int seat = codec_io_i8(c, &m->seat, -1, CEKI_MAX_SEATS - 1);
    codec_io_text(c, m->name, NET_NAME_MAX, NET_NAME_CHARS, CODEC_TEXT_LINE);
    codec_io_text(c, m->key, NET_KEY_LEN, 0, CODEC_TEXT_TOKEN);
    if (codec_io_bool(c, &m->watch))
        codec_require(c, token == 0 && seat == -1);
}

static void proto_io_created(Codec *c, NetCreated *m)
{
    codec_io_text(c, m->table, NET_TABLE_ID_MAX, 0, CODEC_TEXT_ID);
    bool open = codec_io_bool(c, &m->open);
    size_t key = codec_io_text(c, m->key, NET_KEY_LEN, 0, CODEC_TEXT_TOKEN);
    codec_require(c, open == (key == 0));
}

static void proto_io_seat_ai(Codec *c, NetSeatAi *m)
{
    codec_io_i8(c, &m->seat, 0, CEKI_MAX_SEATS - 1);
    uint8_t kind = codec_io_u8(c, &m->kind, NET_SEAT_STRONG);
    codec_require(c, kind >= NET_SEAT_RANDOM);
}

static void proto_io_stand_in(Codec *c, NetStandInAsk *m)
{
    codec_io_i8(c, &m->seat, 0, CEKI_MAX_SEATS - 1);
    codec_io_bool(c, &m->on);
}

static void proto_io_tables(Codec *c, NetTables *m)
{
    uint8_t count = codec_io_u8(c, &m->count, NET_MAX_TABLES_LISTED);
    for (int i = 0; i < count && codec_ok(c); i++) {
        NetTableEntry *t = &m->table[i];
        codec_io_text(c, t->table, NET_TABLE_ID_MAX, 0, CODEC_TEXT_ID);
        proto_io_rules(c, &t->rules);
        codec_io_u8(c, &t->free_seats, CEKI_MAX_SEATS);
        codec_io_bool(c, &t->started);
        codec_io_u8(c, &t->watchers, NET_MAX_WATCHERS);
    }
}

static void proto_io_welcome(Codec *c, NetWelcome *m)
{
    codec_io_text(c, m->table, NET_TABLE_ID_MAX, 0, CODEC_TEXT_ID);
    int seat = codec_io_i8(c, &m->seat, -1, CEKI_MAX_SEATS - 1);
    size_t token = codec_io_text(c, m->token, NET_TOKEN_LEN, 0, CODEC_TEXT_TOKEN);
    uint64_t ai_seed = codec_io_u64(c, &m->ai_seed);
    codec_require(c, seat >= 0 || (token == 0 && ai_seed == 0)); /* a spectator has neither */
    proto_io_rules(c, &m->rules);
    codec_io_bool(c, &m->creator);
    codec_io_text(c, m->key, NET_KEY_LEN, 0, CODEC_TEXT_TOKEN);
}

static void proto_io_seat(Codec *c, NetSeat *seat)
{
    codec_io_u8(c, &seat->kind, NET_SEAT_KIND_COUNT - 1);
    uint8_t state = codec_io_u8(c, &seat->state, NET_SEAT_STAND_IN);
    codec_io_u32(c, &seat->grace_ms);
    codec_io_text(c, seat->name, NET_NAME_MAX, NET_NAME_CHARS, CODEC_TEXT_LINE);
    uint8_t why = codec_io_u8(c, &seat->stand_in, NET_STAND_IN_COUNT - 1);
    codec_require(c, (state == NET_SEAT_STAND_IN) == (why != NET_STAND_IN_NONE));
    codec_io_u8(c, &seat->clock_moves, NET_CLOCK_STALLED);
}

static void proto_io_seats(Codec *c, NetSeats *m)
{
    uint8_t players = codec_io_u8(c, &m->players, CEKI_MAX_SEATS);
    codec_require(c, players >= 1);
    codec_io_bool(c, &m->started);
    for (int s = 0; s < players && codec_ok(c); s++)
        proto_io_seat(c, &m->seat[s]);
    proto_io_clock(c, &m->clock);
    uint8_t watchers = codec_io_u8(c, &m->nwatchers, NET_MAX_WATCHERS);
    for (int i = 0; i < watchers && codec_ok(c); i++)
        codec_io_text(c, m->watcher[i], NET_NAME_MAX, NET_NAME_CHARS, CODEC_TEXT_LINE);
}

/* The standings round by round: exactly the latest rounds that fit, each
 * with a score per player. */
static void proto_io_standings(Codec *c, NetStandings *st)
{
    uint16_t rounds = codec_io_u16(c, &st->rounds, UINT16_MAX);
    uint8_t shown = codec_io_u8(c, &st->shown, NET_VIEW_ROUNDS);
    uint8_t players = codec_io_u8(c, &st->players, CEKI_MAX_SEATS);
    codec_require(c, shown == (rounds < NET_VIEW_ROUNDS ? rounds : NET_VIEW_ROUNDS));
    codec_require(c, (rounds == 0) == (players == 0));
    for (int r = 0; r < shown && codec_ok(c); r++) {
        for (int s = 0; s < players && codec_ok(c); s++)
            codec_io_i32(c, &st->score[r][s]);
    }
}

static void proto_io_view(Codec *c, NetView *m)
{
    codec_io_u32(c, &m->move_no);
    codec_io_u64(c, &m->hash);
    view_io(c, &m->view, NULL);
    proto_io_moves(c, &m->nmoves, m->moves);
    proto_io_claim(c, &m->claim);
    proto_io_clock(c, &m->clock);
    proto_io_standings(c, &m->standings);
}

static void proto_io_update(Codec *c, NetUpdate *m)
{
    codec_io_u32(c, &m->move_no);
    codec_io_u64(c, &m->hash);
    proto_io_move(c, &m->move);
    uint16_t nevents = codec_io_u16(c, &m->nevents, NET_MAX_EVENTS);
    for (int i = 0; i < nevents && codec_ok(c); i++)
        proto_io_event(c, &m->events[i]);
    uint16_t delta = codec_io_u16(c, &m->delta_len, (uint16_t)sizeof m->delta);
    codec_io_bytes(c, m->delta, delta);
    proto_io_moves(c, &m->nmoves, m->moves);
    proto_io_claim(c, &m->claim);
    proto_io_clock(c, &m->clock);
}

static void proto_io_refused(Codec *c, NetRefused *m)
{
    uint8_t what = codec_io_u8(c, &m->what, NET_MSG_TYPE_COUNT - 1);
    codec_require(c, what != NET_MSG_NONE);
    codec_io_u8(c, &m->refusal, NET_REASON_COUNT - 1);
    codec_io_u32(c, &m->move_no);
    codec_io_text(c, m->reason, NET_REASON_MAX, 0, CODEC_TEXT_LINE);
}

static void proto_io_record(Codec *c, NetRecord *m)
{
    if (c->mode == CODEC_WRITE)
        codec_require(c, m->len < sizeof m->text && m->text[m->len] == '\0');
    uint32_t total = codec_io_u32(c, &m->total);
    uint32_t offset = codec_io_u32(c, &m->offset);
    codec_require(c, total >= 1 && total <= NET_RECORD_MAX && offset < total);
    size_t n = codec_io_text(c, m->text, NET_RECORD_CHUNK, 0, CODEC_TEXT_LINES);
    codec_require(c, n >= 1 && n <= total - offset);
    if (c->mode == CODEC_WRITE)
        codec_require(c, n == m->len);
    if (codec_storing(c))
        m->len = (uint16_t)n;
}

static void proto_io_chat(Codec *c, NetChat *m)
{
    codec_io_i8(c, &m->seat, -1, CEKI_MAX_SEATS - 1);
    codec_io_text(c, m->text, NET_CHAT_MAX * 4, NET_CHAT_MAX, CODEC_TEXT_LINE);
    codec_io_text(c, m->name, NET_NAME_MAX, NET_NAME_CHARS, CODEC_TEXT_LINE);
}

static void proto_io_hands(Codec *c, NetHands *m)
{
    uint16_t round = codec_io_u16(c, &m->round, UINT16_MAX);
    uint8_t players = codec_io_u8(c, &m->players, CEKI_MAX_SEATS);
    codec_require(c, round >= 1 && players >= 1);
    for (int s = 0; s < players && codec_ok(c); s++) {
        uint8_t n = codec_io_u8(c, &m->count[s], OBS_MAX_HAND);
        for (int i = 0; i < n && codec_ok(c); i++)
            codec_io_card(c, &m->cards[s][i], false);
    }
}

/* The body of a message of this type. A CHECK pass never touches *m (it
 * only takes the addresses of its fields). */
static void proto_io_body(Codec *c, NetMsg *m, uint8_t type)
{
    switch ((NetMsgType)type) {
    case NET_MSG_CREATE: proto_io_create(c, &m->u.create); break;
    case NET_MSG_JOIN: proto_io_join(c, &m->u.join); break;
    case NET_MSG_MOVE:
        codec_io_u32(c, &m->u.move.move_no);
        proto_io_move(c, &m->u.move.move);
        break;
    case NET_MSG_SEAT_AI: proto_io_seat_ai(c, &m->u.seat_ai); break;
    case NET_MSG_STAND_IN: proto_io_stand_in(c, &m->u.stand_in); break;
    case NET_MSG_HANDS: proto_io_hands(c, &m->u.hands); break;
    case NET_MSG_CREATED: proto_io_created(c, &m->u.created); break;
    case NET_MSG_TABLES: proto_io_tables(c, &m->u.tables); break;
    case NET_MSG_WELCOME: proto_io_welcome(c, &m->u.welcome); break;
    case NET_MSG_SEATS: proto_io_seats(c, &m->u.seats); break;
    case NET_MSG_VIEW: proto_io_view(c, &m->u.view); break;
    case NET_MSG_UPDATE: proto_io_update(c, &m->u.update); break;
    case NET_MSG_REFUSED: proto_io_refused(c, &m->u.refused); break;
    case NET_MSG_RECORD: proto_io_record(c, &m->u.record); break;
    case NET_MSG_CHAT: proto_io_chat(c, &m->u.chat); break;
    case NET_MSG_PING:
    case NET_MSG_PONG: codec_io_u32(c, &m->u.ping.stamp_ms); break;
    case NET_MSG_LIST:
    case NET_MSG_RESYNC:
    case NET_MSG_START: break;
    case NET_MSG_NONE:
    case NET_MSG_TYPE_COUNT: codec_fail(c, NET_ERR_TYPE); break;
    }
}

size_t net_encode(const NetMsg *msg, uint8_t *buf, size_t cap)
{
    if (!msg || !buf || msg->type == NET_MSG_NONE || msg->type >= NET_MSG_TYPE_COUNT ||
        cap < PROTO_HEAD_BYTES)
        return 0;
    buf[0] = (uint8_t)NET_PROTOCOL_VERSION;
    buf[1] = msg->type;
    Codec c = codec_writer(buf, cap);
    c.pos = PROTO_HEAD_BYTES;
    proto_io_body(&c, (NetMsg *)msg, msg->type); /* a WRITE pass only reads it */
    return codec_ok(&c) ? c.pos : 0;
}

NetStatus net_decode(const uint8_t *buf, size_t len, NetMsg *out)
{
    if (!buf || !out || len < PROTO_HEAD_BYTES)
        return NET_ERR_SHORT;
    if (len > NET_MAX_PACKET)
        return NET_ERR_LONG;
    if (buf[0] != NET_PROTOCOL_VERSION || buf[1] == NET_MSG_NONE || buf[1] >= NET_MSG_TYPE_COUNT)
        return NET_ERR_TYPE;
    Codec check = codec_reader(buf, len, CODEC_CHECK);
    check.pos = PROTO_HEAD_BYTES;
    proto_io_body(&check, out, buf[1]); /* *out stays untouched */
    if (!codec_ok(&check))
        return check.status;
    if (check.pos != len)
        return NET_ERR_LONG;
    memset(out, 0, sizeof *out);
    out->type = buf[1];
    Codec read = codec_reader(buf, len, CODEC_READ);
    read.pos = PROTO_HEAD_BYTES;
    proto_io_body(&read, out, buf[1]);
    return NET_OK;
}

/* The reasons of spectators and stand-ins (net_reason_text). */
static const char *net_reason_text_watch(NetReason r)
{
    switch (r) {
    case NET_REASON_NO_WATCHING: return N_("This table takes no spectators.");
    case NET_REASON_WATCHERS_FULL: return N_("This table has as many spectators as it takes.");
    case NET_REASON_ADDRESS_WATCHING:
        return N_("Your network has as many spectators as it may; try again later.");
    case NET_REASON_WATCHING: return N_("A spectator cannot do that.");
    case NET_REASON_NO_PERSON: return N_("No person holds that seat.");
    case NET_REASON_HAS_CLOCK:
        return N_("This table has a clock: it hands a stalled seat to the computer itself.");
    case NET_REASON_NOT_YOUR_SEAT: return N_("Only its own player takes a seat back.");
    default: return N_("The connection was closed.");
    }
}

/* The reasons of a table closed and of a refused message (net_reason_text). */
static const char *net_reason_text_more(NetReason r)
{
    switch (r) {
    case NET_REASON_CLOSED_EMPTY: return N_("The table was closed: nobody sat at it.");
    case NET_REASON_CLOSED_UNSTARTED: return N_("The table was closed: its match never started.");
    case NET_REASON_CLOSED_ABANDONED:
        return N_("The table was closed: everyone had left its match.");
    case NET_REASON_CLOSED_OVER: return N_("The match at that table is over.");
    case NET_REASON_NOT_SEATED: return N_("Take a seat first.");
    case NET_REASON_NOT_YOUR_TURN: return N_("It is not your turn.");
    case NET_REASON_ILLEGAL: return N_("The rules do not allow that move.");
    case NET_REASON_STALE: return N_("That move answers an earlier position.");
    case NET_REASON_BAD_CONFIG: return N_("The rules do not allow that table.");
    case NET_REASON_NOT_CREATOR: return N_("Only the table's creator may do that.");
    case NET_REASON_NOT_READY: return N_("The table is not ready for that.");
    case NET_REASON_CHAT_FAST: return N_("Not so fast: wait a moment before the next line.");
    case NET_REASON_WRONG_KEY: return N_("That table is private, and the key is wrong or missing.");
    case NET_REASON_TABLES_FAST:
        return N_("Too many tables made from your network; try again in a minute.");
    case NET_REASON_TABLES_WAITING:
        return N_("Your network has enough tables waiting; start or leave one first.");
    case NET_REASON_TABLES_FULL: return N_("The server holds as many tables as it can.");
    case NET_REASON_SEATED: return N_("This connection already holds a seat.");
    case NET_REASON_BAD_TEXT: return N_("That line has nothing that shows.");
    default: return net_reason_text_watch(r);
    }
}

const char *net_status_text(NetStatus st)
{
    switch (st) {
    case NET_OK: return N_("the message is well formed");
    case NET_ERR_SHORT: return N_("the message ends too soon");
    case NET_ERR_LONG: return N_("the message has bytes past its end");
    case NET_ERR_TYPE: return N_("the message is of an unknown kind or version");
    case NET_ERR_RANGE: return N_("the message holds a number out of range");
    case NET_ERR_TEXT: return N_("the message holds a text that is not clean UTF-8");
    case NET_ERR_SPACE: return N_("the message does not fit");
    }
    return N_("the message is not understood");
}

const char *net_reason_text(NetReason r)
{
    switch (r) {
    case NET_REASON_NONE: return N_("The connection was lost.");
    case NET_REASON_LEAVING: return N_("The other side left.");
    case NET_REASON_VERSION: return N_("The other side speaks another version of the protocol.");
    case NET_REASON_GARBAGE: return N_("A message could not be read.");
    case NET_REASON_ABUSE: return N_("Too many refused messages, or sent too fast.");
    case NET_REASON_FULL: return N_("The server has no room for another player.");
    case NET_REASON_SHUTDOWN: return N_("The server is shutting down.");
    case NET_REASON_NO_TABLE: return N_("There is no such table.");
    case NET_REASON_NO_SEAT: return N_("No seat is free, or the seat token is unknown.");
    case NET_REASON_REPLACED: return N_("The seat was taken back from another connection.");
    case NET_REASON_HELLO_LATE: return N_("Nothing was asked soon after connecting.");
    case NET_REASON_LOBBY_IDLE: return N_("You were at no table for too long.");
    case NET_REASON_BUSY: return N_("This server is busy; try again in a minute.");
    case NET_REASON_ADDRESS_BUSY:
        return N_("Too many connections from your network are waiting; try again in a minute.");
    case NET_REASON_TOO_FAST:
        return N_("Too many new connections from your network; try again in a few seconds.");
    case NET_REASON_CUT_OFF: return N_("Your network is shut out for a while after wrong keys.");
    default: return net_reason_text_more(r);
    }
}
