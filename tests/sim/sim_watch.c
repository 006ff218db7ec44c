/* sim_watch.c — spectators (host.h, "Spectators"): a `watcher` joins its
 * table to watch and keeps the table's view as a spectator's client would
 * (the VIEW, then each UPDATE's delta, a RESYNC when one does not fit); a
 * `peeker` watches too and between the host's words sends what a spectator
 * may not: moves, stand-in requests, chat. What the host must answer is
 * checked here (a join refused or let in as the table's rules say, a move or
 * stand-in refused as a spectator's); what it sends them, in sim_check.c. */
#include <stdlib.h>
#include <string.h>

#include "net_view.h"
#include "sim.h"

#define WATCH_ACT_MIN_MS 300u
#define WATCH_ACT_MAX_MS 6000u
#define WATCH_ACTS 3 /* a peeker's kinds of act: a move, a stand-in, a chat line */

typedef struct WatchState {
    Observation view;
    bool have_view, welcomed, over;
    uint32_t move_no;
    uint64_t act_at;
    long chats;
    NetMsg out;
} WatchState;

static bool watch_start(World *w, SimClient *c)
{
    (void)w;
    WatchState *st = calloc(1, sizeof *st);
    if (!st)
        return false;
    st->act_at = SIM_NEVER;
    c->st = st;
    return true;
}

static void watch_stop(SimClient *c)
{
    free(c->st);
    c->st = NULL;
}

static void watch_up(World *w, SimClient *c)
{
    WatchState *st = c->st;
    const SimTable *t = &w->table[c->table];
    NetMsg *m = &st->out;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_JOIN;
    snprintf(m->u.join.table, sizeof m->u.join.table, "%s", t->id);
    snprintf(m->u.join.key, sizeof m->u.join.key, "%s", t->key);
    snprintf(m->u.join.name, sizeof m->u.join.name, "%s%d", c->kind->key, c->index);
    m->u.join.seat = -1;
    m->u.join.watch = true;
    st->have_view = false;
    client_send(w, c, m);
}

static void watch_resync(World *w, SimClient *c)
{
    WatchState *st = c->st;
    st->have_view = false;
    memset(&st->out, 0, sizeof st->out);
    st->out.type = NET_MSG_RESYNC;
    client_send(w, c, &st->out);
}

static void watch_update(World *w, SimClient *c, const NetUpdate *u)
{
    WatchState *st = c->st;
    if (!st->have_view)
        return; /* a VIEW is on its way */
    if (u->move.type == MOVE_NONE && u->move_no == st->move_no)
        return; /* the start: the view is the same */
    Observation *next = malloc(sizeof *next);
    bool ok = next && u->move_no == st->move_no + 1 && u->delta_len > 0 &&
              net_view_apply_delta(&st->view, u->delta, u->delta_len, next) &&
              net_view_hash(next) == u->hash;
    if (ok) {
        st->view = *next;
        st->move_no = u->move_no;
    }
    free(next);
    if (!ok)
        watch_resync(w, c);
}

/* The host's answer to its JOIN: let in only where the table takes
 * spectators, refused as one that takes none where it does not. */
static void watch_refused(World *w, SimClient *c, const NetRefused *no)
{
    const SimTable *t = &w->table[c->table];
    if (no->what == NET_MSG_JOIN) {
        if (t->rules.watch != NET_WATCH_NONE && no->refusal == NET_REASON_NO_WATCHING)
            sim_fail(w, "watch-refused", "table %d takes spectators; client %d was refused",
                     t->index, c->index);
        else if (t->rules.watch == NET_WATCH_NONE && no->refusal != NET_REASON_NO_WATCHING &&
                 no->refusal != NET_REASON_BUSY)
            sim_fail(w, "watch-refused-why",
                     "table %d takes no spectators; client %d was refused for reason %d", t->index,
                     c->index, no->refusal);
        client_end(w, c, "the host refused to let it watch");
    } else if ((no->what == NET_MSG_MOVE || no->what == NET_MSG_STAND_IN) &&
               no->refusal != NET_REASON_WATCHING && no->refusal != NET_REASON_NOT_READY &&
               no->refusal != NET_REASON_NOT_SEATED) {
        sim_fail(w, "watch-refusal", "client %d, a spectator, was refused a %s for reason %d",
                 c->index, no->what == NET_MSG_MOVE ? "move" : "stand-in", no->refusal);
    }
}

static void watch_msg(World *w, SimClient *c, const NetMsg *m)
{
    WatchState *st = c->st;
    switch (m->type) {
    case NET_MSG_WELCOME:
        if (m->u.welcome.seat >= 0)
            sim_fail(w, "watch-seated", "client %d asked to watch and was given seat %d", c->index,
                     m->u.welcome.seat);
        st->welcomed = true;
        if (c->kind->honest)
            break;
        st->act_at = client_now(w, c) + sim_rng_range(&c->rng, WATCH_ACT_MIN_MS, WATCH_ACT_MAX_MS);
        break;
    case NET_MSG_VIEW:
        st->view = m->u.view.view;
        st->move_no = m->u.view.move_no;
        st->have_view = true;
        break;
    case NET_MSG_UPDATE: watch_update(w, c, &m->u.update); break;
    case NET_MSG_REFUSED: watch_refused(w, c, &m->u.refused); break;
    case NET_MSG_RECORD:
        st->over = st->over || m->u.record.offset + m->u.record.len >= m->u.record.total;
        break;
    default: break;
    }
}

static void watch_lost(World *w, SimClient *c)
{
    (void)w;
    WatchState *st = c->st;
    st->have_view = false;
    st->welcomed = false;
    st->act_at = SIM_NEVER;
}

static uint64_t watch_due(const World *w, const SimClient *c)
{
    (void)w;
    const WatchState *st = c->st;
    return st->welcomed ? st->act_at : SIM_NEVER;
}

/* A peeker's act: a move for the seat to move, a stand-in for seat 0, or
 * a chat line (which must reach no seat before the match is over). */
static void watch_act(World *w, SimClient *c)
{
    WatchState *st = c->st;
    NetMsg *m = &st->out;
    memset(m, 0, sizeof *m);
    uint32_t k = sim_rng_below(&c->rng, WATCH_ACTS);
    if (k == 0) {
        m->type = NET_MSG_MOVE;
        m->u.move.move_no = st->move_no;
        m->u.move.move.type = MOVE_PASS;
        m->u.move.move.seat = st->have_view && st->view.to_move >= 0 ? st->view.to_move : 0;
    } else if (k == 1) {
        m->type = NET_MSG_STAND_IN;
        m->u.stand_in.seat = 0;
        m->u.stand_in.on = true;
    } else {
        m->type = NET_MSG_CHAT;
        snprintf(m->u.chat.text, sizeof m->u.chat.text, "%s %ld", SIM_WATCH_CHAT, st->chats++);
    }
    client_send(w, c, m);
    st->act_at = client_now(w, c) + sim_rng_range(&c->rng, WATCH_ACT_MIN_MS, WATCH_ACT_MAX_MS);
}

static const Observation *watch_view(const SimClient *c, uint32_t *move_no, bool *exact)
{
    const WatchState *st = c->st;
    *move_no = st->move_no;
    *exact = true;
    return st->have_view ? &st->view : NULL;
}

static const char *watch_record(const SimClient *c, size_t *len)
{
    (void)c;
    *len = 0;
    return NULL;
}

static bool watch_finished(const SimClient *c)
{
    return c->st && ((const WatchState *)c->st)->over;
}

static bool watch_end_check(World *w, SimClient *c)
{
    (void)w;
    (void)c;
    return true;
}

/* The two kinds differ in their key and in whether they behave (a peeker
 * acts once welcomed). */
#define WATCH_KIND(name, behaves)                                                                  \
    {                                                                                              \
        .key = (name), .honest = (behaves), .watches = true, .start = watch_start,                 \
        .stop = watch_stop, .up = watch_up, .msg = watch_msg, .lost = watch_lost,                  \
        .due = watch_due, .act = watch_act, .view = watch_view, .record = watch_record,            \
        .finished = watch_finished, .end_check = watch_end_check                                   \
    }

const SimClientKind sim_kind_watcher = WATCH_KIND("watcher", true);
const SimClientKind sim_kind_peeker = WATCH_KIND("peeker", false);
