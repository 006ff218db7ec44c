/* sim_kinds.c — the kinds of client (sim_kinds.h), one row each:
 * - bot: ceki-cli bot's seat client (src/cli/botseat.c), as cmd_bot.c
 *   drives it;
 * - feed: the app's seat feed (src/app/feed/seat_feed.c) with a computer
 *   player choosing as the bot does (game_from_view of its view, reseeded
 *   by move number), retrying a refused move as a person would;
 * - rogue: a bot that plays its seat and between its moves sends what it
 *   should not (sim_mischief.c);
 * - stranger: a connection with no seat that only sends what it should not;
 * - creator: makes its table (the seed fixed, as ceki-cli table --seed
 *   does; open, or private with a key it hands to the table's people),
 *   gives the seats planned for computers to them, and starts the table
 *   when it does not start by itself, then leaves.
 * The hostile crews' kinds (sim_crew.c) come back at once whatever they
 * were told, until their time is up:
 * - idler: connects and says nothing, or asks for the list once and then
 *   nothing (what a connection hoarder does);
 * - tabler: makes open tables nobody comes to, as fast as it can;
 * - guesser: asks for a seat at a private table with keys it guesses, or
 *   at any table with tokens it guesses.
 * Each decides on its own clock (client_now). */
#include <stdlib.h>
#include <string.h>

#include "sim_kinds.h"

#define KIND_ITERATIONS 1000 /* ceki-cli match's budget for a searching player */
#define KIND_RETRY_MS 1000u  /* a person tries a refused move again */
#define KIND_POLL_MS 1000u   /* the creator looks at the tables */
#define KIND_MISCHIEF_MIN_MS 200u
#define KIND_MISCHIEF_MAX_MS 8000u

const char *kind_table_id(const World *w, const SimClient *c)
{
    return c->table >= 0 ? w->table[c->table].id : "";
}

/* The key c was handed with its invitation ("" for an open table). */
static const char *kind_table_key(const World *w, const SimClient *c)
{
    return c->table >= 0 ? w->table[c->table].key : "";
}

static KindState *kind_new(World *w, SimClient *c)
{
    KindState *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->out = calloc(1, sizeof *st->out);
    if (!st->out) {
        free(st);
        return NULL;
    }
    st->w = w;
    st->c = c;
    st->feed_sent = KIND_NO_MOVE;
    st->feed_due = SIM_NEVER;
    st->mischief_at = SIM_NEVER;
    st->poll_at = SIM_NEVER;
    c->st = st;
    return st;
}

static void kind_stop(SimClient *c)
{
    KindState *st = c->st;
    if (!st)
        return;
    if (st->bot_made)
        botseat_free(&st->bot);
    seat_feed_destroy(st->feed);
    ai_destroy(st->ai);
    free(st->out);
    free(st);
    c->st = NULL;
}

static void kind_join(World *w, SimClient *c, const char *name)
{
    KindState *st = c->st;
    NetMsg *m = st->out;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_JOIN;
    snprintf(m->u.join.table, sizeof m->u.join.table, "%s", kind_table_id(w, c));
    snprintf(m->u.join.token, sizeof m->u.join.token, "%s", c->token);
    snprintf(m->u.join.key, sizeof m->u.join.key, "%s", c->token[0] ? "" : kind_table_key(w, c));
    m->u.join.seat = -1;
    snprintf(m->u.join.name, sizeof m->u.join.name, "%s-%s", name, ai_level_key(c->level));
    client_send(w, c, m);
}

/* A refused JOIN ends a client without a seat, as ceki-cli bot and the app
 * give up; one it already holds a seat at (a rogue's second JOIN) is not. */
static bool kind_join_refused(World *w, SimClient *c, const NetMsg *m, bool seated)
{
    if (m->type != NET_MSG_REFUSED || m->u.refused.what != NET_MSG_JOIN || seated)
        return false;
    client_end(w, c, "the host refused the seat");
    return true;
}

static uint64_t kind_min(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* Its link is up (it may send). */
static bool kind_up(const World *w, const SimClient *c)
{
    const SimLink *l = c->link ? net_link(w, c->link) : NULL;
    return l && l->client_open;
}

/* ---- bot ---- */

static bool bot_start(World *w, SimClient *c)
{
    KindState *st = kind_new(w, c);
    if (!st || !botseat_init(&st->bot, c->level, c->think_ms)) {
        if (st)
            st->bot_made = true;
        kind_stop(c);
        return false;
    }
    st->bot_made = true;
    snprintf(st->bot.token, sizeof st->bot.token, "%s", c->token);
    return true;
}

static void bot_up(World *w, SimClient *c)
{
    KindState *st = c->st;
    botseat_join_msg(&st->bot, kind_table_id(w, c), kind_table_key(w, c), st->out);
    client_send(w, c, st->out);
}

static void bot_try_move(World *w, SimClient *c)
{
    KindState *st = c->st;
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (!l || !l->client_open || !botseat_due(&st->bot, client_now(w, c), st->out))
        return;
    st->last_move = st->out->u.move.move;
    st->last_move_no = st->out->u.move.move_no;
    st->has_last = true;
    c->own_move = st->last_move;
    c->own_no = st->last_move_no;
    c->has_own = true;
    client_send(w, c, st->out);
}

static void bot_msg(World *w, SimClient *c, const NetMsg *m)
{
    KindState *st = c->st;
    if (kind_join_refused(w, c, m, st->bot.welcomed))
        return;
    st->bot.think_ms = world_think_ms(c, client_now(w, c));
    if (botseat_receive(&st->bot, m, client_now(w, c), w->reply))
        client_send(w, c, w->reply);
    bot_try_move(w, c);
}

static void bot_lost(World *w, SimClient *c)
{
    (void)w;
    botseat_lost(&((KindState *)c->st)->bot);
}

/* When the bot sends its move (botseat_due's own test of whether it will). */
static uint64_t bot_due(const World *w, const SimClient *c)
{
    (void)w;
    const BotSeat *b = &((const KindState *)c->st)->bot;
    bool will = b->failed == CEKI_OK && b->have_view && b->synced && !b->over && b->nmoves > 0 &&
                b->view->to_move == b->seat && b->move_sent != b->move_no;
    return will && b->move_timed ? b->move_due_ms : SIM_NEVER;
}

static void bot_act(World *w, SimClient *c)
{
    bot_try_move(w, c);
}

static const Observation *bot_view(const SimClient *c, uint32_t *move_no, bool *exact)
{
    const BotSeat *b = &((const KindState *)c->st)->bot;
    *move_no = b->move_no;
    *exact = true;
    return b->have_view ? b->view : NULL;
}

static const char *bot_record(const SimClient *c, size_t *len)
{
    const BotSeat *b = c->st ? &((const KindState *)c->st)->bot : NULL;
    *len = b && b->record ? strlen(b->record) : 0;
    return b ? b->record : NULL;
}

static bool bot_finished(const SimClient *c)
{
    return c->st && ((const KindState *)c->st)->bot.over;
}

/* The live transcript agrees with the record's (botseat_finish). */
static bool bot_end_check(World *w, SimClient *c)
{
    KindState *st = c->st;
    if (!st || !st->bot.over)
        return true;
    char err[160] = "";
    char *text = botseat_finish(&st->bot, err, sizeof err);
    if (!text) {
        sim_fail(w, "transcript", "client %d's transcript: %s", c->index, err);
        return false;
    }
    free(text);
    return true;
}

const SimClientKind sim_kind_bot = {.key = "bot",
                                    .seated = true,
                                    .honest = true,
                                    .start = bot_start,
                                    .stop = kind_stop,
                                    .up = bot_up,
                                    .msg = bot_msg,
                                    .lost = bot_lost,
                                    .due = bot_due,
                                    .act = bot_act,
                                    .view = bot_view,
                                    .record = bot_record,
                                    .finished = bot_finished,
                                    .end_check = bot_end_check};

/* ---- rogue: a bot that also misbehaves ---- */

static bool rogue_start(World *w, SimClient *c)
{
    if (!bot_start(w, c))
        return false;
    KindState *st = c->st;
    st->mischief_at =
        client_now(w, c) + sim_rng_range(&c->rng, KIND_MISCHIEF_MIN_MS, KIND_MISCHIEF_MAX_MS);
    return true;
}

static uint64_t rogue_due(const World *w, const SimClient *c)
{
    const KindState *st = c->st;
    uint64_t hostile = kind_min(st->mischief_at, c->hand_at);
    return kind_min(bot_due(w, c), kind_up(w, c) ? hostile : SIM_NEVER);
}

/* A rogue asks for another's seat to be handed to the computer (or taken
 * back from it), which only the creator, or that seat's person, may. */
static void rogue_hand_over(World *w, SimClient *c, KindState *st)
{
    const SimTable *t = &w->table[c->table];
    c->hand_at = client_now(w, c) + world_hand_gap(c);
    if (!st->bot.welcomed || st->bot.seat < 0 || t->cfg.players < 2)
        return;
    uint32_t other = (uint32_t)sim_rng_below(&c->hand_rng, (uint32_t)t->cfg.players - 1u);
    memset(st->out, 0, sizeof *st->out);
    st->out->type = NET_MSG_STAND_IN;
    st->out->u.stand_in.seat =
        (int8_t)(((uint32_t)st->bot.seat + 1u + other) % (uint32_t)t->cfg.players);
    st->out->u.stand_in.on = sim_rng_chance(&c->hand_rng, 800);
    client_send(w, c, st->out);
    if (w->trace)
        fprintf(w->trace, "%8llu client %d: asks seat %d %s the computer\n",
                (unsigned long long)w->now, c->index, st->out->u.stand_in.seat,
                st->out->u.stand_in.on ? "to" : "from");
}

static void rogue_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    bot_try_move(w, c);
    if (kind_up(w, c) && client_now(w, c) >= st->mischief_at)
        mischief_act(w, c, st);
    if (kind_up(w, c) && client_now(w, c) >= c->hand_at)
        rogue_hand_over(w, c, st);
}

const SimClientKind sim_kind_rogue = {.key = "rogue",
                                      .seated = true,
                                      .honest = true, /* it misbehaves, but guesses nothing */
                                      .start = rogue_start,
                                      .stop = kind_stop,
                                      .up = bot_up,
                                      .msg = bot_msg,
                                      .lost = bot_lost,
                                      .due = rogue_due,
                                      .act = rogue_act,
                                      .view = bot_view,
                                      .record = bot_record,
                                      .finished = bot_finished,
                                      .end_check = bot_end_check};

/* ---- feed: the app's seat feed ---- */

static bool feed_link_send(void *ctx, uint32_t conn, const NetMsg *msg)
{
    (void)conn;
    KindState *st = ctx;
    client_send(st->w, st->c, msg);
    return true;
}

static bool feed_start(World *w, SimClient *c)
{
    KindState *st = kind_new(w, c);
    if (!st)
        return false;
    SeatFeedLink link = {st, 0, feed_link_send};
    st->feed = seat_feed_create(&link);
    if (!st->feed) {
        kind_stop(c);
        return false;
    }
    return true;
}

static void feed_up(World *w, SimClient *c)
{
    kind_join(w, c, "feed");
}

/* The feed's seat is to move on the view it holds, and nothing is sent for it yet. */
static bool feed_to_move(const KindState *st)
{
    const Observation *v = seat_feed_view(st->feed);
    int n = 0;
    const Move *moves = seat_feed_moves(st->feed, &n);
    int seat = seat_feed_seat(st->feed);
    return v && n > 0 && seat >= 0 && v->to_move == seat && moves[0].seat == seat &&
           seat_feed_record(st->feed, NULL) == NULL && st->feed_sent != seat_feed_move_no(st->feed);
}

static void feed_msg(World *w, SimClient *c, const NetMsg *m)
{
    KindState *st = c->st;
    if (kind_join_refused(w, c, m, seat_feed_seat(st->feed) >= 0))
        return;
    if (m->type == NET_MSG_WELCOME && !st->ai) {
        st->ai = ai_create(c->level, m->u.welcome.ai_seed);
        if (st->ai)
            ai_set_budget_iterations(st->ai, KIND_ITERATIONS);
    }
    seat_feed_receive(st->feed, m);
    NetRefused no;
    uint64_t now = client_now(w, c);
    if (seat_feed_take_refusal(st->feed, &no) && no.what == NET_MSG_MOVE) {
        st->feed_sent = KIND_NO_MOVE; /* tried again in a moment, as a person would */
        st->feed_due = now + KIND_RETRY_MS;
    }
    if (feed_to_move(st) && st->feed_due == SIM_NEVER)
        st->feed_due = now + world_think_ms(c, now);
}

static CekiStatus feed_choose(KindState *st, Move *out)
{
    const Observation *v = seat_feed_view(st->feed);
    int n = 0;
    const Move *moves = seat_feed_moves(st->feed, &n);
    if (v->phase == PHASE_ROUND_OVER || n == 1) {
        *out = moves[0]; /* the forced step, as ceki-cli match takes it */
        return CEKI_OK;
    }
    GameConfig cfg = botseat_config(seat_feed_rules(st->feed));
    CekiStatus status = CEKI_OK;
    Game *g = st->ai ? game_from_view(&cfg, v, &status) : NULL;
    if (!g)
        return status == CEKI_OK ? CEKI_ERR_IMPOSSIBLE : status;
    ai_reseed(st->ai, seat_feed_ai_seed(st->feed), seat_feed_move_no(st->feed));
    status = ai_choose(st->ai, g, seat_feed_seat(st->feed), out);
    game_destroy(g);
    return status;
}

static void feed_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    if (!kind_up(w, c) || st->feed_due == SIM_NEVER || client_now(w, c) < st->feed_due)
        return;
    st->feed_due = SIM_NEVER;
    if (!feed_to_move(st))
        return;
    Move m;
    memset(&m, 0, sizeof m);
    CekiStatus status = feed_choose(st, &m);
    if (status != CEKI_OK) {
        sim_fail(w, "client-choice", "client %d (feed) could not choose from its view: %s",
                 c->index, ceki_status_text(status));
        return;
    }
    st->feed_sent = seat_feed_move_no(st->feed);
    c->own_move = m;
    c->own_no = st->feed_sent;
    c->has_own = true;
    seat_feed_send_move(st->feed, &m);
}

static void feed_lost(World *w, SimClient *c)
{
    (void)w;
    KindState *st = c->st;
    st->feed_sent = KIND_NO_MOVE;
    st->feed_due = SIM_NEVER;
}

static uint64_t feed_due(const World *w, const SimClient *c)
{
    return kind_up(w, c) ? ((const KindState *)c->st)->feed_due : SIM_NEVER;
}

static const Observation *feed_view(const SimClient *c, uint32_t *move_no, bool *exact)
{
    const KindState *st = c->st;
    *move_no = seat_feed_move_no(st->feed);
    *exact = false; /* an update with no delta moves its number before the view follows */
    return seat_feed_view(st->feed);
}

static const char *feed_record(const SimClient *c, size_t *len)
{
    const KindState *st = c->st;
    return st ? seat_feed_record(st->feed, len) : NULL;
}

static bool feed_finished(const SimClient *c)
{
    return c->st && seat_feed_record(((const KindState *)c->st)->feed, NULL) != NULL;
}

static bool kind_no_end_check(World *w, SimClient *c)
{
    (void)w;
    (void)c;
    return true;
}

const SimClientKind sim_kind_feed = {.key = "feed",
                                     .seated = true,
                                     .honest = true,
                                     .start = feed_start,
                                     .stop = kind_stop,
                                     .up = feed_up,
                                     .msg = feed_msg,
                                     .lost = feed_lost,
                                     .due = feed_due,
                                     .act = feed_act,
                                     .view = feed_view,
                                     .record = feed_record,
                                     .finished = feed_finished,
                                     .end_check = kind_no_end_check};

/* ---- no seat: creator and stranger ---- */

static bool plain_start(World *w, SimClient *c)
{
    return kind_new(w, c) != NULL;
}

static void plain_lost(World *w, SimClient *c)
{
    (void)w;
    (void)c;
}

static const Observation *plain_view(const SimClient *c, uint32_t *move_no, bool *exact)
{
    (void)c;
    *move_no = 0;
    *exact = true;
    return NULL;
}

static const char *plain_record(const SimClient *c, size_t *len)
{
    (void)c;
    *len = 0;
    return NULL;
}

static void creator_up(World *w, SimClient *c)
{
    KindState *st = c->st;
    const SimTable *t = &w->table[c->table];
    if (t->id[0]) { /* a new connection is no table's creator: its part is over */
        st->job_done = true;
        st->stay_over = true;
        return;
    }
    NetMsg *m = st->out;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATE;
    m->u.create.rules = t->rules;
    m->u.create.has_seed = true;
    m->u.create.seed = t->cfg.seed;
    m->u.create.autostart = t->autostart;
    m->u.create.open = t->open;
    snprintf(m->u.create.name, sizeof m->u.create.name, "creator");
    client_send(w, c, m);
}

static void creator_seat_ai(World *w, SimClient *c)
{
    KindState *st = c->st;
    const SimTable *t = &w->table[c->table];
    for (int s = 0; s < t->cfg.players; s++) {
        if (!t->ai_seat[s])
            continue;
        memset(st->out, 0, sizeof *st->out);
        st->out->type = NET_MSG_SEAT_AI;
        st->out->u.seat_ai.seat = (int8_t)s;
        st->out->u.seat_ai.kind = t->level[s] == AI_RANDOM ? NET_SEAT_RANDOM : NET_SEAT_GREEDY;
        client_send(w, c, st->out);
    }
}

/* The tables listed: its own not there and not started means every seat
 * is taken (host_table.c lists no full table before it starts). */
static void creator_tables(World *w, SimClient *c, const NetTables *nt)
{
    KindState *st = c->st;
    const SimTable *t = &w->table[c->table];
    for (int i = 0; i < nt->count; i++) {
        if (strcmp(nt->table[i].table, t->id) != 0)
            continue;
        st->job_done = nt->table[i].started;
        return;
    }
    memset(st->out, 0, sizeof *st->out);
    st->out->type = NET_MSG_START;
    client_send(w, c, st->out);
}

/* What a creator that stays sees of its table as a spectator. */
static void creator_watch_msg(World *w, SimClient *c, const NetMsg *m)
{
    KindState *st = c->st;
    uint64_t now = client_now(w, c);
    uint32_t no = st->seen_no;
    if (m->type == NET_MSG_WELCOME) {
        st->watching = m->u.welcome.seat < 0;
        st->poll_at = now + KIND_POLL_MS;
    } else if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_JOIN) {
        st->stay_over = true; /* it may not watch after all */
    } else if (m->type == NET_MSG_VIEW) {
        no = m->u.view.move_no;
    } else if (m->type == NET_MSG_UPDATE) {
        no = m->u.update.move_no;
    } else if (m->type == NET_MSG_SEATS) {
        for (int s = 0; s < m->u.seats.players && s < CEKI_MAX_SEATS; s++)
            st->seat_state[s] = m->u.seats.seat[s].state;
    } else if (m->type == NET_MSG_RECORD) {
        st->stay_over = true; /* the match is over */
    }
    if (no != st->seen_no || st->seen_at == 0) {
        st->seen_no = no;
        st->seen_at = now;
    }
    (void)w;
}

/* A creator that watches: a person's decision that has waited its
 * handover time goes to the computer (once a move). */
static void creator_hand_over(World *w, SimClient *c)
{
    KindState *st = c->st;
    const SimTable *t = &w->table[c->table];
    uint64_t now = client_now(w, c);
    if (t->over_told || t->over_host || t->closed != NET_REASON_NONE) {
        st->stay_over = true;
        return;
    }
    int s = t->mirror && t->mirrored == st->seen_no ? game_to_move(t->mirror) : -1;
    if (s < 0 || s >= t->cfg.players || t->rules.seat_kind[s] != NET_SEAT_NET || t->ai_seat[s] ||
        st->seat_state[s] == NET_SEAT_STAND_IN || st->asked_no == st->seen_no + 1u ||
        now < st->seen_at + t->handover_ms)
        return;
    st->asked_no = st->seen_no + 1u;
    memset(st->out, 0, sizeof *st->out);
    st->out->type = NET_MSG_STAND_IN;
    st->out->u.stand_in.seat = (int8_t)s;
    st->out->u.stand_in.on = true;
    client_send(w, c, st->out);
    if (w->trace)
        fprintf(w->trace, "%8llu client %d: the creator hands seat %d to the computer\n",
                (unsigned long long)w->now, c->index, s);
}

static void creator_msg(World *w, SimClient *c, const NetMsg *m)
{
    KindState *st = c->st;
    const SimTable *t = &w->table[c->table];
    uint64_t now = client_now(w, c);
    if (st->watch_sent) {
        creator_watch_msg(w, c, m);
        return;
    }
    if (m->type == NET_MSG_CREATED) {
        creator_seat_ai(w, c);
        st->job_done = t->autostart;
        st->poll_at = t->autostart ? SIM_NEVER : now + KIND_POLL_MS;
    } else if (m->type == NET_MSG_TABLES && !st->job_done) {
        creator_tables(w, c, &m->u.tables);
    } else if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_CREATE) {
        client_end(w, c, "the host refused the table");
    } else if (m->type == NET_MSG_REFUSED && m->u.refused.what == NET_MSG_START &&
               m->u.refused.refusal == NET_REASON_NOT_CREATOR) {
        st->job_done = true; /* it is no longer the creator: nobody can start the table */
    }
}

/* It stays to watch its table once its job is done. */
static bool creator_staying(const World *w, const SimClient *c)
{
    const KindState *st = c->st;
    return st->job_done && !st->stay_over && w->table[c->table].creator_stays;
}

static uint64_t creator_due(const World *w, const SimClient *c)
{
    const KindState *st = c->st;
    if (creator_staying(w, c) && kind_up(w, c))
        return st->watch_sent ? (st->watching ? st->poll_at : SIM_NEVER) : client_now(w, c);
    return st->job_done || !kind_up(w, c) ? SIM_NEVER : st->poll_at;
}

static void creator_watch(World *w, SimClient *c)
{
    KindState *st = c->st;
    uint64_t now = client_now(w, c);
    if (!st->watch_sent) {
        st->watch_sent = true;
        NetMsg *m = st->out;
        memset(m, 0, sizeof *m);
        m->type = NET_MSG_JOIN;
        snprintf(m->u.join.table, sizeof m->u.join.table, "%s", kind_table_id(w, c));
        snprintf(m->u.join.key, sizeof m->u.join.key, "%s", kind_table_key(w, c));
        m->u.join.seat = -1;
        m->u.join.watch = true;
        snprintf(m->u.join.name, sizeof m->u.join.name, "creator");
        client_send(w, c, m);
        return;
    }
    if (!st->watching || now < st->poll_at)
        return;
    st->poll_at = now + KIND_POLL_MS;
    creator_hand_over(w, c);
}

static void creator_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    uint64_t now = client_now(w, c);
    if (creator_staying(w, c) && kind_up(w, c)) {
        creator_watch(w, c);
        return;
    }
    if (st->job_done || !kind_up(w, c) || now < st->poll_at)
        return;
    st->poll_at = now + KIND_POLL_MS;
    memset(st->out, 0, sizeof *st->out);
    st->out->type = NET_MSG_LIST;
    client_send(w, c, st->out);
}

static bool creator_finished(const SimClient *c)
{
    const KindState *st = c->st;
    return st && st->job_done && (st->stay_over || !st->w->table[c->table].creator_stays);
}

const SimClientKind sim_kind_creator = {.key = "creator",
                                        .seated = false,
                                        .honest = true,
                                        .start = plain_start,
                                        .stop = kind_stop,
                                        .up = creator_up,
                                        .msg = creator_msg,
                                        .lost = plain_lost,
                                        .due = creator_due,
                                        .act = creator_act,
                                        .view = plain_view,
                                        .record = plain_record,
                                        .finished = creator_finished,
                                        .end_check = kind_no_end_check};

static bool stranger_start(World *w, SimClient *c)
{
    KindState *st = kind_new(w, c);
    if (!st)
        return false;
    st->acts_left = (long)sim_rng_range(&c->rng, 3, 40);
    st->mischief_at = client_now(w, c);
    return true;
}

static void stranger_up(World *w, SimClient *c)
{
    (void)w;
    (void)c;
}

static void stranger_msg(World *w, SimClient *c, const NetMsg *m)
{
    (void)w;
    (void)c;
    (void)m;
}

static uint64_t stranger_due(const World *w, const SimClient *c)
{
    const KindState *st = c->st;
    return kind_up(w, c) && st->acts_left > 0 ? st->mischief_at : SIM_NEVER;
}

static void stranger_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (!l || !l->client_open || client_now(w, c) < st->mischief_at || st->acts_left <= 0)
        return;
    mischief_act(w, c, st);
    if (--st->acts_left == 0) {
        net_client_close(w, l, true);
        c->link = 0;
        client_end(w, c, "finished");
    }
}

static bool stranger_finished(const SimClient *c)
{
    return c->st && ((const KindState *)c->st)->acts_left <= 0;
}

const SimClientKind sim_kind_stranger = {.key = "stranger",
                                         .seated = false,
                                         .honest = false,
                                         .start = stranger_start,
                                         .stop = kind_stop,
                                         .up = stranger_up,
                                         .msg = stranger_msg,
                                         .lost = plain_lost,
                                         .due = stranger_due,
                                         .act = stranger_act,
                                         .view = plain_view,
                                         .record = plain_record,
                                         .finished = stranger_finished,
                                         .end_check = kind_no_end_check};

/* ---- the hostile crews' kinds ---- */

static bool crew_start(World *w, SimClient *c)
{
    KindState *st = kind_new(w, c);
    if (!st)
        return false;
    st->gap_ms = c->act_gap_ms;
    st->talks = c->talks;
    st->act_at = SIM_NEVER;
    return true;
}

static uint64_t crew_due(const World *w, const SimClient *c)
{
    const KindState *st = c->st;
    return kind_up(w, c) ? st->act_at : SIM_NEVER;
}

static bool crew_never_finished(const SimClient *c)
{
    (void)c;
    return false; /* it stops at its quit_at */
}

static void crew_silent(World *w, SimClient *c, const NetMsg *m)
{
    (void)w;
    (void)c;
    (void)m;
}

static void crew_nothing(World *w, SimClient *c)
{
    (void)w;
    (void)c;
}

/* idler: says nothing, or asks for the list once, then nothing. */
static void idler_up(World *w, SimClient *c)
{
    KindState *st = c->st;
    if (!st->talks)
        return;
    memset(st->out, 0, sizeof *st->out);
    st->out->type = NET_MSG_LIST;
    client_send(w, c, st->out);
}

static uint64_t idler_due(const World *w, const SimClient *c)
{
    (void)w;
    (void)c;
    return SIM_NEVER;
}

const SimClientKind sim_kind_idler = {.key = "idler",
                                      .seated = false,
                                      .honest = false,
                                      .start = crew_start,
                                      .stop = kind_stop,
                                      .up = idler_up,
                                      .msg = crew_silent,
                                      .lost = plain_lost,
                                      .due = idler_due,
                                      .act = crew_nothing,
                                      .view = plain_view,
                                      .record = plain_record,
                                      .finished = crew_never_finished,
                                      .end_check = kind_no_end_check};

/* tabler: an open table of the world's rules nobody will sit at, every gap. */
static void tabler_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    uint64_t now = client_now(w, c);
    if (!kind_up(w, c) || now < st->act_at)
        return;
    st->act_at = now + st->gap_ms;
    NetMsg *m = st->out;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATE;
    m->u.create.rules = w->table[sim_rng_below(&c->rng, (uint32_t)w->ntables)].rules;
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        m->u.create.rules.seat_kind[s] = NET_SEAT_NET;
    m->u.create.autostart = true;
    m->u.create.open = sim_rng_chance(&c->rng, 700);
    snprintf(m->u.create.name, sizeof m->u.create.name, "flood %u", sim_rng_below(&c->rng, 100));
    w->stats.mischief++;
    client_send(w, c, m);
}

static void tabler_up(World *w, SimClient *c)
{
    ((KindState *)c->st)->act_at = client_now(w, c);
    tabler_act(w, c);
}

const SimClientKind sim_kind_tabler = {.key = "tabler",
                                       .seated = false,
                                       .honest = false,
                                       .start = crew_start,
                                       .stop = kind_stop,
                                       .up = tabler_up,
                                       .msg = crew_silent,
                                       .lost = plain_lost,
                                       .due = crew_due,
                                       .act = tabler_act,
                                       .view = plain_view,
                                       .record = plain_record,
                                       .finished = crew_never_finished,
                                       .end_check = kind_no_end_check};

/* A private table of the world the host has made, at random (NULL: none). */
static const SimTable *guesser_target(World *w, SimClient *c)
{
    int pick[SIM_MAX_TABLES], n = 0;
    for (int i = 0; i < w->ntables; i++) {
        if (!w->table[i].open && w->table[i].id[0] && w->table[i].host == c->host)
            pick[n++] = i;
    }
    return n ? &w->table[pick[sim_rng_below(&c->rng, (uint32_t)n)]] : NULL;
}

/* guesser: a JOIN with a guessed key at a private table (or none at all),
 * or with a guessed token at any table, every gap. */
static void guesser_act(World *w, SimClient *c)
{
    KindState *st = c->st;
    uint64_t now = client_now(w, c);
    if (!kind_up(w, c) || now < st->act_at)
        return;
    st->act_at = now + st->gap_ms;
    const SimTable *t = guesser_target(w, c);
    bool token = !t || sim_rng_chance(&c->rng, 200);
    if (!t)
        t = &w->table[sim_rng_below(&c->rng, (uint32_t)w->ntables)];
    if (!t->id[0])
        return;
    NetMsg *m = st->out;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_JOIN;
    snprintf(m->u.join.table, sizeof m->u.join.table, "%s", t->id);
    char *guess = token ? m->u.join.token : m->u.join.key;
    int len = token ? NET_TOKEN_LEN : sim_rng_chance(&c->rng, 150) ? 0 : NET_KEY_LEN;
    for (int i = 0; i < len; i++)
        guess[i] = "0123456789abcdef"[sim_rng_below(&c->rng, 16)];
    m->u.join.seat = -1;
    snprintf(m->u.join.name, sizeof m->u.join.name, "guess");
    w->stats.mischief++;
    client_send(w, c, m);
}

static void guesser_up(World *w, SimClient *c)
{
    ((KindState *)c->st)->act_at = client_now(w, c);
    guesser_act(w, c);
}

const SimClientKind sim_kind_guesser = {.key = "guesser",
                                        .seated = false,
                                        .honest = false,
                                        .start = crew_start,
                                        .stop = kind_stop,
                                        .up = guesser_up,
                                        .msg = crew_silent,
                                        .lost = plain_lost,
                                        .due = crew_due,
                                        .act = guesser_act,
                                        .view = plain_view,
                                        .record = plain_record,
                                        .finished = crew_never_finished,
                                        .end_check = kind_no_end_check};
