/* host_seat.c — seats: joining with or without a token, leaving, the grace
 * period and its countdown, the computer standing in, the creator's start
 * and computer seats (host_internal.h). */
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

HostConnInfo *seat_conn(Host *h, HostConn conn)
{
    for (int i = 0; i < h->nconns; i++) {
        if (h->conns[i].conn == conn)
            return &h->conns[i];
    }
    return NULL;
}

static void seat_drop(Host *h, HostConn conn, NetDisconnectReason why)
{
    for (int i = 0; i < h->nconns; i++) {
        if (h->conns[i].conn == conn) {
            h->conns[i] = h->conns[--h->nconns];
            break;
        }
    }
    send_log(h, "connection %u dropped: %s", (unsigned)conn, net_bye_text(why));
    h->out.drop(h->out.ctx, conn, why);
}

static void seat_welcome(Host *h, HostTable *t, int s, HostConn conn)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_WELCOME;
    NetWelcome *w = &m->u.welcome;
    memcpy(w->table, t->id, sizeof w->table);
    w->seat = (int8_t)s;
    memcpy(w->token, t->seat[s].token, sizeof w->token);
    w->ai_seed = game_seat_ai_seed(t->cfg.seed, s);
    w->rules = t->rules;
    w->creator = conn == t->creator;
    send_msg(h, conn, m);
}

static void seat_refresh_due(HostTable *t, uint64_t now_ms)
{
    t->seats_due = UINT64_MAX;
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].state == NET_SEAT_AWAY)
            t->seats_due = now_ms + HOST_SEATS_REFRESH_MS;
    }
}

/* conn takes seat s of t: WELCOME, its whole view, then everyone's SEATS. */
static void seat_take(Host *h, HostTable *t, int s, HostConnInfo *ci, uint64_t now_ms)
{
    HostSeat *seat = &t->seat[s];
    seat->conn = ci->conn;
    seat->state = NET_SEAT_HERE;
    seat->grace_end = 0;
    ci->table = t;
    ci->seat = s;
    seat_welcome(h, t, s, ci->conn);
    play_claim_check(h, t, now_ms); /* a restored table's window opens once someone is back */
    send_view(h, t, s);
    seat_refresh_due(t, now_ms);
    send_seats(h, t, now_ms);
}

static int seat_by_token(const HostTable *t, const char *token)
{
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].token[0] && strcmp(t->seat[s].token, token) == 0)
            return s;
    }
    return -1;
}

static void seat_return(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms)
{
    int s = seat_by_token(t, j->token);
    if (s < 0) {
        seat_drop(h, ci->conn, NET_BYE_NO_SEAT);
        return;
    }
    HostConn old = t->seat[s].conn;
    HostConn conn = ci->conn;
    if (old != 0 && old != conn) {
        t->seat[s].conn = 0;
        seat_drop(h, old, NET_BYE_REPLACED);
        ci = seat_conn(h, conn); /* the drop may have moved it */
    }
    send_log(h, "table %s: seat %d is back on connection %u", t->id, s, (unsigned)conn);
    seat_take(h, t, s, ci, now_ms);
}

static int seat_free(const HostTable *t, int wanted)
{
    if (wanted >= 0) {
        bool ok = wanted < t->cfg.players && host_seat_is_person(t->seat[wanted].kind) &&
                  t->seat[wanted].state == NET_SEAT_EMPTY;
        return ok ? wanted : -1;
    }
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].kind == NET_SEAT_NET && t->seat[s].state == NET_SEAT_EMPTY)
            return s;
    }
    return -1;
}

static void seat_new(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms)
{
    int s = seat_free(t, j->seat);
    if (s < 0) {
        seat_drop(h, ci->conn, NET_BYE_NO_SEAT);
        return;
    }
    HostSeat *seat = &t->seat[s];
    if (!host_rand_token(h, seat->token)) {
        send_log(h, "table %s: no randomness for a token", t->id);
        seat_drop(h, ci->conn, NET_BYE_NO_SEAT);
        return;
    }
    memcpy(seat->name, j->name, sizeof seat->name);
    seat->state = NET_SEAT_HERE; /* taken, as the journal keeps it */
    t->seats_dirty = true;
    send_journal(h, t);
    if (!play_keep_now(h, t, now_ms)) { /* a token is told only once it is kept */
        seat->state = NET_SEAT_EMPTY;
        seat->token[0] = '\0';
        seat->name[0] = '\0';
        send_log(h, "table %s: seat %d cannot be kept now; the joiner is to come back", t->id, s);
        seat_drop(h, ci->conn, NET_BYE_FULL); /* a client comes back after a while */
        return;
    }
    send_log(h, "table %s: connection %u takes seat %d", t->id, (unsigned)ci->conn, s);
    seat_take(h, t, s, ci, now_ms);
    table_autostart(h, t, now_ms);
}

void seat_join(Host *h, HostConn conn, const NetJoin *j, uint64_t now_ms)
{
    HostConnInfo *ci = seat_conn(h, conn);
    HostTable *t = table_find(h, j->table);
    if (!ci)
        return;
    if (!t || t->over) {
        seat_drop(h, conn, NET_BYE_NO_TABLE);
        return;
    }
    if (ci->table) {
        send_refused(h, conn, NET_MSG_JOIN, NET_REFUSE_BAD_CONFIG, t->move_no,
                     N_("This connection already holds a seat."));
        return;
    }
    if (t->waiting) { /* its view is the kept one, and the next update fits it */
        play_flush(h, now_ms);
        ci = seat_conn(h, conn);
    }
    if (j->token[0])
        seat_return(h, t, ci, j, now_ms);
    else
        seat_new(h, t, ci, j, now_ms);
}

void seat_leave(Host *h, HostConnInfo *ci, uint64_t now_ms)
{
    HostTable *t = ci->table;
    HostSeat *seat = &t->seat[ci->seat];
    seat->conn = 0;
    ci->table = NULL;
    if (t->over)
        return;
    seat->state = NET_SEAT_AWAY;
    seat->grace_end = now_ms + h->grace_ms;
    send_log(h, "table %s: seat %d is away, %u ms of grace", t->id, ci->seat,
             (unsigned)h->grace_ms);
    seat_refresh_due(t, now_ms);
    send_seats(h, t, now_ms);
}

void seat_tick(Host *h, HostTable *t, uint64_t now_ms)
{
    bool changed = false;
    for (int s = 0; s < t->cfg.players; s++) {
        HostSeat *seat = &t->seat[s];
        if (seat->state == NET_SEAT_AWAY && seat->grace_end <= now_ms) {
            seat->state = NET_SEAT_STAND_IN;
            changed = true;
            send_log(h, "table %s: seat %d's grace is over; the computer plays it", t->id, s);
        }
    }
    if (changed || t->seats_due <= now_ms) {
        seat_refresh_due(t, now_ms);
        send_seats(h, t, now_ms);
    }
}

/* ---- the creator's requests ---- */

static HostTable *seat_creators_table(Host *h, HostConn conn)
{
    HostTable *t = NULL;
    HostConnInfo *ci = seat_conn(h, conn);
    if (ci && ci->table)
        t = ci->table;
    for (int i = h->ntables - 1; !t && i >= 0; i--) {
        if (h->tables[i]->creator == conn)
            t = h->tables[i];
    }
    return t && t->creator == conn && !t->over ? t : NULL;
}

void seat_start(Host *h, HostConn conn, uint64_t now_ms)
{
    HostTable *t = seat_creators_table(h, conn);
    if (!t) {
        send_refused(h, conn, NET_MSG_START, NET_REFUSE_NOT_CREATOR, 0,
                     N_("Only the table's creator may start it."));
        return;
    }
    bool filled = true;
    for (int s = 0; s < t->cfg.players; s++)
        filled = filled && t->seat[s].state != NET_SEAT_EMPTY;
    if (!filled || t->started) {
        send_refused(h, conn, NET_MSG_START, NET_REFUSE_NOT_READY, t->move_no,
                     t->started ? N_("The match has already started.")
                                : N_("Every seat needs a player first."));
        return;
    }
    play_start(h, t, now_ms);
}

void seat_give_ai(Host *h, HostConn conn, int s, uint8_t kind, uint64_t now_ms)
{
    HostTable *t = seat_creators_table(h, conn);
    if (!t) {
        send_refused(h, conn, NET_MSG_SEAT_AI, NET_REFUSE_NOT_CREATOR, 0,
                     N_("Only the table's creator may seat a computer."));
        return;
    }
    AiLevel level = kind == NET_SEAT_RANDOM   ? AI_RANDOM
                    : kind == NET_SEAT_STRONG ? AI_STRONG
                                              : AI_GREEDY;
    if (s < 0 || s >= t->cfg.players || t->seat[s].state != NET_SEAT_EMPTY || t->started) {
        send_refused(h, conn, NET_MSG_SEAT_AI, NET_REFUSE_NOT_READY, t->move_no,
                     N_("That seat is not free."));
        return;
    }
    HostSeat *seat = &t->seat[s];
    seat->ai = play_new_ai(t, s, level);
    if (!seat->ai)
        return;
    seat->kind = level == AI_RANDOM   ? NET_SEAT_RANDOM
                 : level == AI_STRONG ? NET_SEAT_STRONG
                                      : NET_SEAT_GREEDY;
    seat->state = NET_SEAT_HERE;
    t->rules.seat_kind[s] = seat->kind;
    t->seats_dirty = true;
    send_journal(h, t);
    send_seats(h, t, now_ms);
    table_autostart(h, t, now_ms);
}
