/* sim_mischief.c — hostile acts (sim_kinds.h): one row each, what the
 * protocol lets a client send, sent at the wrong time, for the wrong seat,
 * or too often. A row says whether it needs a seat (a rogue's) or fits a
 * connection without one (a stranger's), and how many times in a row it
 * may be sent. */
#include <string.h>

#include "sim_kinds.h"

#define MISCHIEF_GAP_MIN_MS 100u
#define MISCHIEF_GAP_MAX_MS 6000u
#define MISCHIEF_TRIES 4 /* rows drawn before the act is skipped for now */

typedef struct Mischief {
    const char *key;
    bool seated, unseated; /* fits a client with a seat, without one */
    int repeat_max;        /* sent 1..repeat_max times at once */
    /* Fills m; false when the act makes no sense now. */
    bool (*make)(World *w, SimClient *c, KindState *st, NetMsg *m);
} Mischief;

static void mischief_clear(NetMsg *m, NetMsgType type)
{
    memset(m, 0, sizeof *m);
    m->type = (uint8_t)type;
}

/* A legal move of the seat to move in a game made from the rogue's view
 * (the others' hands guessed): for that seat, or stamped with its own. */
static bool mischief_guess(World *w, SimClient *c, KindState *st, NetMsg *m, bool own_seat)
{
    (void)w;
    const BotSeat *b = &st->bot;
    if (!b->have_view || b->view->to_move < 0 || b->view->to_move == b->seat)
        return false;
    CekiStatus status = CEKI_OK;
    Game *g = game_from_view(&b->cfg, b->view, &status);
    if (!g)
        return false;
    Move moves[GAME_MAX_MOVES];
    int n = game_legal_moves(g, moves, GAME_MAX_MOVES);
    game_destroy(g);
    if (n <= 0)
        return false;
    mischief_clear(m, NET_MSG_MOVE);
    m->u.move.move_no = b->move_no;
    m->u.move.move = moves[sim_rng_below(&c->rng, (uint32_t)(n < GAME_MAX_MOVES ? n : 1))];
    if (own_seat)
        m->u.move.move.seat = (uint8_t)b->seat;
    return true;
}

static bool mk_other_seat(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    return mischief_guess(w, c, st, m, false);
}

static bool mk_out_of_turn(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    return mischief_guess(w, c, st, m, true);
}

static bool mk_stale(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)c;
    if (!st->has_last)
        return false;
    mischief_clear(m, NET_MSG_MOVE);
    m->u.move.move_no = st->last_move_no;
    m->u.move.move = st->last_move;
    return true;
}

static bool mk_wrong_number(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    const BotSeat *b = &st->bot;
    if (!b->have_view || b->nmoves == 0 || b->view->to_move != b->seat)
        return false;
    mischief_clear(m, NET_MSG_MOVE);
    uint32_t off = sim_rng_range(&c->rng, 1, 3);
    m->u.move.move_no =
        sim_rng_chance(&c->rng, 500) || b->move_no < off ? b->move_no + off : b->move_no - off;
    m->u.move.move = b->moves[sim_rng_below(&c->rng, (uint32_t)b->nmoves)];
    return true;
}

static bool mk_illegal(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    const BotSeat *b = &st->bot;
    if (!b->have_view || b->nmoves == 0 || b->view->pool_count == 0)
        return false;
    mischief_clear(m, NET_MSG_MOVE);
    m->u.move.move_no = b->move_no;
    m->u.move.move = b->moves[0];
    m->u.move.move.card = b->view->pool[sim_rng_below(&c->rng, (uint32_t)b->view->pool_count)];
    return !move_equal(&m->u.move.move, &b->moves[0]);
}

static bool mk_resync(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)c;
    (void)st;
    mischief_clear(m, NET_MSG_RESYNC);
    return true;
}

static bool mk_chat(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)st;
    mischief_clear(m, NET_MSG_CHAT);
    snprintf(m->u.chat.text, sizeof m->u.chat.text, "sugeng %u", sim_rng_below(&c->rng, 1000));
    return true;
}

static bool mk_start(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)c;
    (void)st;
    mischief_clear(m, NET_MSG_START);
    return true;
}

static bool mk_seat_ai(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)st;
    mischief_clear(m, NET_MSG_SEAT_AI);
    int players = c->table >= 0 ? w->table[c->table].cfg.players : CEKI_MAX_SEATS;
    m->u.seat_ai.seat = (int8_t)sim_rng_below(&c->rng, (uint32_t)players);
    m->u.seat_ai.kind = (uint8_t)sim_rng_range(&c->rng, NET_SEAT_RANDOM, NET_SEAT_GREEDY);
    return true;
}

static bool mk_join_again(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)st;
    mischief_clear(m, NET_MSG_JOIN);
    snprintf(m->u.join.table, sizeof m->u.join.table, "%s", kind_table_id(w, c));
    snprintf(m->u.join.token, sizeof m->u.join.token, "%s", c->token);
    m->u.join.seat = -1;
    return true;
}

/* A table that is not there, or one that is with a token guessed. */
static bool mk_join_guess(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)st;
    mischief_clear(m, NET_MSG_JOIN);
    const char *id = w->table[sim_rng_below(&c->rng, (uint32_t)w->ntables)].id;
    bool real = id[0] && sim_rng_chance(&c->rng, 600);
    snprintf(m->u.join.table, sizeof m->u.join.table, "%s", real ? id : "Nowhere1");
    for (int i = 0; i < NET_TOKEN_LEN; i++)
        m->u.join.token[i] = "0123456789abcdef"[sim_rng_below(&c->rng, 16)];
    m->u.join.seat = (int8_t)(sim_rng_below(&c->rng, CEKI_MAX_SEATS + 1) - 1);
    return true;
}

static bool mk_list(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)c;
    (void)st;
    mischief_clear(m, NET_MSG_LIST);
    return true;
}

/* A table of as many players as the codec carries, which no game allows
 * (or, now and then, one that is fine, dealt by the host). */
static bool mk_create(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)st;
    mischief_clear(m, NET_MSG_CREATE);
    const SimTable *t = &w->table[sim_rng_below(&c->rng, (uint32_t)w->ntables)];
    m->u.create.rules = t->rules;
    if (!sim_rng_chance(&c->rng, 200))
        m->u.create.rules.players = CEKI_MAX_SEATS;
    m->u.create.rules.options |= sim_rng_chance(&c->rng, 500) ? 0x80u : 0;
    m->u.create.autostart = sim_rng_chance(&c->rng, 500);
    return true;
}

static bool mk_move_unseated(World *w, SimClient *c, KindState *st, NetMsg *m)
{
    (void)w;
    (void)st;
    mischief_clear(m, NET_MSG_MOVE);
    m->u.move.move_no = sim_rng_below(&c->rng, 50);
    m->u.move.move.type = MOVE_TURN;
    m->u.move.move.card = CARD_NONE;
    m->u.move.move.target = CARD_NONE;
    return true;
}

static const Mischief mischiefs[] = {
    {"other-seat", true, false, 2, mk_other_seat},
    {"out-of-turn", true, false, 2, mk_out_of_turn},
    {"stale", true, false, 3, mk_stale},
    {"wrong-number", true, false, 2, mk_wrong_number},
    {"illegal", true, false, 2, mk_illegal},
    {"resync", true, true, 8, mk_resync},
    {"chat", true, true, 6, mk_chat},
    {"start", true, true, 2, mk_start},
    {"seat-ai", true, true, 2, mk_seat_ai},
    {"join-again", true, false, 2, mk_join_again},
    {"join-guess", false, true, 3, mk_join_guess},
    {"list", true, true, 3, mk_list},
    {"create", true, true, 2, mk_create},
    {"move-unseated", false, true, 3, mk_move_unseated},
};

void mischief_act(World *w, SimClient *c, KindState *st)
{
    int rows = (int)(sizeof mischiefs / sizeof mischiefs[0]);
    bool seated = c->kind->seated;
    for (int tries = 0; tries < MISCHIEF_TRIES; tries++) {
        const Mischief *row = &mischiefs[sim_rng_below(&c->rng, (uint32_t)rows)];
        if (seated ? !row->seated : !row->unseated)
            continue;
        if (!row->make(w, c, st, st->out))
            continue;
        int times = (int)sim_rng_range(&c->rng, 1, (uint64_t)row->repeat_max);
        for (int i = 0; i < times; i++)
            client_send(w, c, st->out);
        w->stats.mischief++;
        if (w->trace)
            fprintf(w->trace, "%8llu client %d: mischief %s x%d\n", (unsigned long long)w->now,
                    c->index, row->key, times);
        break;
    }
    st->mischief_at =
        client_now(w, c) + sim_rng_range(&c->rng, MISCHIEF_GAP_MIN_MS, MISCHIEF_GAP_MAX_MS);
}
