/* host_send.c — the host's messages to its connections, its log lines and
 * its journal writes (host_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

void send_log(Host *h, const char *fmt, ...)
{
    if (!h->out.log)
        return;
    char line[HOST_LOG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    h->out.log(h->out.ctx, line);
}

void send_msg(Host *h, HostConn conn, const NetMsg *msg)
{
    if (conn != 0)
        h->out.send(h->out.ctx, conn, msg);
}

void send_refused(Host *h, HostConn conn, NetMsgType what, NetReason why, uint32_t move_no,
                  const char *reason)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_REFUSED;
    m->u.refused.what = (uint8_t)what;
    m->u.refused.refusal = (uint8_t)why;
    m->u.refused.move_no = move_no;
    snprintf(m->u.refused.reason, sizeof m->u.refused.reason, "%s", reason ? reason : "");
    h->refused++;
    send_msg(h, conn, m);
}

bool host_seat_is_person(uint8_t kind)
{
    return kind == NET_SEAT_NET || kind == NET_SEAT_LOCAL;
}

bool host_seat_is_computer(const HostSeat *s)
{
    return !host_seat_is_person(s->kind) || s->state == NET_SEAT_STAND_IN;
}

bool host_table_person_here(const HostTable *t)
{
    for (int s = 0; s < t->cfg.players; s++) {
        if (host_seat_is_person(t->seat[s].kind) && t->seat[s].conn != 0)
            return true;
    }
    return false;
}

bool host_table_waiting(const HostTable *t)
{
    return !t->over && (!t->started || !host_table_person_here(t));
}

uint32_t host_told_move_no(const HostTable *t)
{
    /* The start waiting for the journal is no move: the number stays. */
    return t->waiting && t->untold.type != MOVE_NONE ? t->move_no - 1 : t->move_no;
}

void send_view(Host *h, HostTable *t, int seat)
{
    HostConn conn = t->seat[seat].conn;
    if (conn == 0)
        return;
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_VIEW;
    NetView *v = &m->u.view;
    /* While a move waits for the journal, the game as it was last told:
     * nothing is told before it is kept (host.h). */
    const Game *g = t->waiting ? t->told : t->game;
    v->move_no = host_told_move_no(t);
    if (game_observe(g, seat, &v->view) != CEKI_OK) {
        send_log(h, "table %s: seat %d's view could not be made", t->id, seat);
        return;
    }
    v->hash = net_view_hash(&v->view);
    bool started = t->started && !(t->waiting && t->untold.type == MOVE_NONE); /* as told */
    if (started && game_to_move(g) == seat) {
        int n = game_legal_moves(g, v->moves, GAME_MAX_MOVES);
        v->nmoves = (uint16_t)(n > GAME_MAX_MOVES ? GAME_MAX_MOVES : n);
    }
    send_claim_window(h, t, &v->claim);
    clock_state(t, h->now_ms, &v->clock);
    send_standings(t, &v->standings);
    send_msg(h, conn, m);
}

void send_standings(const HostTable *t, NetStandings *out)
{
    memset(out, 0, sizeof *out);
    int rounds = t->rounds_scored;
    if (t->waiting && rounds > 0 && t->scored_move_no == t->move_no)
        rounds--; /* the round the untold move scored */
    if (rounds <= 0)
        return;
    int shown = rounds < NET_VIEW_ROUNDS ? rounds : NET_VIEW_ROUNDS;
    out->rounds = (uint16_t)rounds;
    out->shown = (uint8_t)shown;
    out->players = (uint8_t)t->cfg.players;
    for (int k = 0; k < shown; k++) {
        int r = rounds - shown + 1 + k;
        memcpy(out->score[k], t->round_scores[(r - 1) % NET_VIEW_ROUNDS], sizeof out->score[k]);
    }
}

void send_watch_view(Host *h, HostTable *t, HostConn conn)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_VIEW;
    NetView *v = &m->u.view;
    /* While a move waits for the journal, the game as it was last told, as
     * a seat's view (a spectator coming then learns nothing not yet kept). */
    const Game *g = t->waiting ? t->told : t->game;
    v->move_no = host_told_move_no(t);
    if (game_observe(g, GAME_SPECTATOR, &v->view) != CEKI_OK) {
        send_log(h, "table %s: a spectator's view could not be made", t->id);
        return;
    }
    v->hash = net_view_hash(&v->view);
    send_claim_window(h, t, &v->claim);
    clock_state(t, h->now_ms, &v->clock);
    send_standings(t, &v->standings);
    send_msg(h, conn, m);
}

void send_watchers(Host *h, const HostTable *t, const NetMsg *m)
{
    for (int i = 0; i < t->nwatchers; i++)
        send_msg(h, t->watchers[i].conn, m);
}

void send_claim_window(const Host *h, const HostTable *t, NetClaimWindow *out)
{
    memset(out, 0, sizeof *out);
    if (t->claim_seat < 0 || t->claim_move_no != t->move_no || t->waiting)
        return;
    out->open = true;
    out->seat = (int8_t)t->claim_seat;
    out->card = t->claim_card;
    out->window_ms = h->claim_ms;
    out->left_ms = t->claim_end > h->now_ms ? (uint32_t)(t->claim_end - h->now_ms) : 0;
    if (out->left_ms > out->window_ms)
        out->left_ms = out->window_ms;
}

void send_seats(Host *h, HostTable *t, uint64_t now_ms)
{
#ifndef CEKI_HOST_FAULT_STAND_IN_EARLY /* planted for tests/sim: a clock's stand-in told unkept */
    if (t->waiting) { /* the seats as that move left them: told with it, once kept */
        t->seats_tell = true;
        return;
    }
#endif
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_SEATS;
    NetSeats *ns = &m->u.seats;
    ns->players = (uint8_t)t->cfg.players;
    ns->started = t->started;
    for (int s = 0; s < t->cfg.players; s++) {
        const HostSeat *seat = &t->seat[s];
        ns->seat[s].kind = seat->kind;
        ns->seat[s].state = seat->state;
        if (seat->state == NET_SEAT_STAND_IN) /* a stand-in always says why */
            ns->seat[s].stand_in = seat->stand_in ? seat->stand_in : (uint8_t)NET_STAND_IN_AWAY;
        if (seat->state == NET_SEAT_AWAY && seat->grace_end > now_ms)
            ns->seat[s].grace_ms = (uint32_t)(seat->grace_end - now_ms);
        memcpy(ns->seat[s].name, seat->name, sizeof ns->seat[s].name);
        ns->seat[s].clock_moves =
            seat->clock_moves < NET_CLOCK_STALLED ? seat->clock_moves : NET_CLOCK_STALLED;
    }
    clock_state(t, now_ms, &ns->clock);
    ns->nwatchers = (uint8_t)(t->nwatchers < NET_MAX_WATCHERS ? t->nwatchers : NET_MAX_WATCHERS);
    for (int i = 0; i < ns->nwatchers; i++)
        memcpy(ns->watcher[i], t->watchers[i].name, sizeof ns->watcher[i]);
    for (int s = 0; s < t->cfg.players; s++)
        send_msg(h, t->seat[s].conn, m);
    send_watchers(h, t, m);
}

void send_journal(Host *h, HostTable *t)
{
    if (h->journal)
        t->journal_due = 0;
}
