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
 * has no key and a private one has one, a name is within its characters. */
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
        size_t chars = 0;
        for (const char *p = name; *p; p++)
            chars += ((unsigned char)*p & 0xC0u) != 0x80u;
        FUZZ_CHECK(chars <= NET_NAME_CHARS);
    }
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
