/* fuzz_net — the network message decoder (src/net/proto.h).
 *
 * The input is one message as it comes off the wire. net_decode either
 * refuses it with a reason and leaves the message it was given untouched,
 * or accepts it; then encoding what it read gives back exactly the input
 * (one encoding per message) and decoding that gives the same message.
 * A VIEW's view must have canonical bytes and a hash, and the delta from it
 * to itself must apply to it; an UPDATE's delta is applied to a real view:
 * refused with that view untouched, or giving a view that encodes. The
 * fields bounded beyond their bytes hold: a refusal's reason is one of the
 * list with a sentence, a token or key is empty or whole, an open table
 * has no key and a private one has one, a name is within its characters;
 * a clock is none or within its bounds and its running seat one of its
 * players, a stand-in has its reason and only a stand-in has one, a
 * spectator (a JOIN to watch, a WELCOME or view of seat -1) holds no
 * token, no player's seed, no hand, peek or draw; the hands shown late are
 * real cards within a hand's size. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "proto.h"

#define FUZZ_CHECK(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);           \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#define PATTERN 0x5a

/* Large values live here rather than on the stack (a NetMsg is ~16 kB). */
static NetMsg msg, again, pristine;
static uint8_t bytes[NET_MAX_PACKET];
static Observation base, out, out_pristine;
static bool base_ready;

/* A real view to apply deltas to: Thothit, some moves in. */
static void make_base(void)
{
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 28);
    Game *g = game_create(&cfg, NULL);
    FUZZ_CHECK(g != NULL);
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; i < 5 && !game_match_over(g); i++) {
        FUZZ_CHECK(game_legal_moves(g, moves, GAME_MAX_MOVES) > 0);
        FUZZ_CHECK(game_apply(g, &moves[0]) == CEKI_OK);
    }
    FUZZ_CHECK(game_observe(g, 0, &base) == CEKI_OK);
    game_destroy(g);
    base_ready = true;
}

static void check_view(const Observation *v)
{
    size_t n = net_view_bytes(v, bytes, sizeof bytes);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(net_view_hash(v) == net_view_hash(v));
    size_t d = net_view_delta(v, v, bytes, sizeof bytes);
    FUZZ_CHECK(d > 0);
    FUZZ_CHECK(net_view_apply_delta(v, bytes, d, &out));
    FUZZ_CHECK(memcmp(&out, v, sizeof out) == 0);
}

static void check_delta(const uint8_t *delta, size_t len)
{
    if (!base_ready)
        make_base();
    memset(&out, PATTERN, sizeof out);
    memset(&out_pristine, PATTERN, sizeof out_pristine);
    if (!net_view_apply_delta(&base, delta, len, &out)) {
        FUZZ_CHECK(memcmp(&out, &out_pristine, sizeof out) == 0);
        return;
    }
    FUZZ_CHECK(net_view_bytes(&out, bytes, sizeof bytes) > 0);
}

/* Whether s is empty or a whole secret (a token or a key). */
static bool secret_ok(const char *s)
{
    size_t n = strlen(s);
    return n == 0 || n == NET_TOKEN_LEN;
}

static size_t chars_of(const char *s)
{
    size_t chars = 0;
    for (const char *p = s; *p; p++)
        chars += ((unsigned char)*p & 0xC0u) != 0x80u;
    return chars;
}

static void check_clock_rule(const NetClock *k)
{
    if (k->move_ms == 0)
        FUZZ_CHECK(k->bank_ms == 0);
    else
        FUZZ_CHECK(k->move_ms >= NET_CLOCK_MOVE_MIN_MS && k->move_ms <= NET_CLOCK_MOVE_MAX_MS &&
                   k->bank_ms <= NET_CLOCK_BANK_MAX_MS);
}

static void check_clock(const NetClockState *k)
{
    if (!k->on)
        return;
    FUZZ_CHECK(k->players >= 1 && k->players <= CEKI_MAX_SEATS);
    FUZZ_CHECK(k->running >= -1 && k->running < k->players);
    FUZZ_CHECK(k->move_left_ms <= NET_CLOCK_MOVE_MAX_MS && (k->running >= 0 || !k->move_left_ms));
    for (int s = 0; s < k->players; s++)
        FUZZ_CHECK(k->bank_ms[s] <= NET_CLOCK_BANK_MAX_MS);
}

static void check_seats(const NetSeats *s)
{
    for (int i = 0; i < s->players; i++) {
        const NetSeat *seat = &s->seat[i];
        FUZZ_CHECK((seat->state == NET_SEAT_STAND_IN) == (seat->stand_in != NET_STAND_IN_NONE));
        FUZZ_CHECK(seat->stand_in < NET_STAND_IN_COUNT && seat->clock_moves <= NET_CLOCK_STALLED);
    }
    check_clock(&s->clock);
    FUZZ_CHECK(s->nwatchers <= NET_MAX_WATCHERS);
    for (int i = 0; i < s->nwatchers; i++)
        FUZZ_CHECK(chars_of(s->watcher[i]) <= NET_NAME_CHARS);
}

static void check_hands(const NetHands *h)
{
    FUZZ_CHECK(h->round >= 1 && h->players >= 1 && h->players <= CEKI_MAX_SEATS);
    for (int s = 0; s < h->players; s++) {
        FUZZ_CHECK(h->count[s] <= OBS_MAX_HAND);
        for (int i = 0; i < h->count[s]; i++)
            FUZZ_CHECK(h->cards[s][i] != CARD_NONE);
    }
}

/* What a spectator holds: no token, no seed, no hand, no peek, no draw. */
static void check_spectator(const NetMsg *m)
{
    if (m->type == NET_MSG_JOIN && m->u.join.watch)
        FUZZ_CHECK(m->u.join.token[0] == '\0' && m->u.join.seat == -1);
    if (m->type == NET_MSG_WELCOME && m->u.welcome.seat < 0)
        FUZZ_CHECK(m->u.welcome.token[0] == '\0' && m->u.welcome.ai_seed == 0);
    if (m->type == NET_MSG_VIEW && m->u.view.view.seat < 0)
        FUZZ_CHECK(m->u.view.view.seat == GAME_SPECTATOR && m->u.view.view.peek == CARD_NONE &&
                   m->u.view.view.drawn == CARD_NONE);
}

/* The new fields: clocks, stand-ins, spectators, the hands shown late. */
static void check_watch_fields(const NetMsg *m)
{
    check_spectator(m);
    if (m->type == NET_MSG_CREATE)
        check_clock_rule(&m->u.create.rules.clock);
    if (m->type == NET_MSG_WELCOME)
        check_clock_rule(&m->u.welcome.rules.clock);
    if (m->type == NET_MSG_SEATS)
        check_seats(&m->u.seats);
    if (m->type == NET_MSG_VIEW)
        check_clock(&m->u.view.clock);
    if (m->type == NET_MSG_UPDATE)
        check_clock(&m->u.update.clock);
    if (m->type == NET_MSG_HANDS)
        check_hands(&m->u.hands);
    if (m->type == NET_MSG_CHAT)
        FUZZ_CHECK(chars_of(m->u.chat.name) <= NET_NAME_CHARS);
}

/* The fields the decoder bounds beyond their bytes: reasons of the one
 * list, whole secrets, an open table without a key, names in characters. */
static void check_fields(const NetMsg *m)
{
    if (m->type == NET_MSG_REFUSED) {
        FUZZ_CHECK(m->u.refused.refusal < NET_REASON_COUNT);
        FUZZ_CHECK(net_reason_text((NetReason)m->u.refused.refusal)[0] != '\0');
    }
    if (m->type == NET_MSG_CREATED) {
        FUZZ_CHECK(m->u.created.open == (m->u.created.key[0] == '\0'));
        FUZZ_CHECK(secret_ok(m->u.created.key));
    }
    if (m->type == NET_MSG_JOIN)
        FUZZ_CHECK(secret_ok(m->u.join.key) && secret_ok(m->u.join.token));
    if (m->type == NET_MSG_WELCOME)
        FUZZ_CHECK(secret_ok(m->u.welcome.key) && secret_ok(m->u.welcome.token));
    if (m->type == NET_MSG_CREATE || m->type == NET_MSG_JOIN) {
        const char *name = m->type == NET_MSG_CREATE ? m->u.create.name : m->u.join.name;
        FUZZ_CHECK(chars_of(name) <= NET_NAME_CHARS);
    }
    check_watch_fields(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    memset(&msg, PATTERN, sizeof msg);
    memset(&pristine, PATTERN, sizeof pristine);
    NetStatus st = net_decode(data, size, &msg);
    if (st != NET_OK) {
        FUZZ_CHECK(st > NET_OK && st < NET_ERR_SPACE);
        FUZZ_CHECK(memcmp(&msg, &pristine, sizeof msg) == 0);
        return 0;
    }
    FUZZ_CHECK(msg.type > NET_MSG_NONE && msg.type < NET_MSG_TYPE_COUNT);
    size_t n = net_encode(&msg, bytes, sizeof bytes);
    FUZZ_CHECK(n == size);
    FUZZ_CHECK(memcmp(bytes, data, size) == 0);
    FUZZ_CHECK(net_decode(bytes, n, &again) == NET_OK);
    FUZZ_CHECK(memcmp(&again, &msg, sizeof msg) == 0);
    check_fields(&msg);
    if (msg.type == NET_MSG_VIEW)
        check_view(&msg.u.view.view);
    if (msg.type == NET_MSG_UPDATE)
        check_delta(msg.u.update.delta, msg.u.update.delta_len);
    return 0;
}
