/* host_seat.c — seats: joining with a key, with a token or at an open
 * table, the names they show, leaving, the grace period and its countdown,
 * the computer standing in (after the grace, or asked for), the creator's
 * start and computer seats (host_internal.h). */
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

static void seat_drop(Host *h, HostConn conn, NetReason why)
{
    admit_drop(h, conn, why);
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
    memcpy(w->key, t->key, sizeof w->key);
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

/* Whether seat s is played by the computer for some other reason than its
 * person being away: it stays so when they come and go. */
static bool seat_stood_in_kept(const HostSeat *s)
{
    return s->state == NET_SEAT_STAND_IN && s->stand_in != NET_STAND_IN_AWAY;
}

/* conn takes seat s of t: WELCOME, its whole view, then everyone's SEATS. */
static void seat_take(Host *h, HostTable *t, int s, HostConnInfo *ci, uint64_t now_ms)
{
    HostSeat *seat = &t->seat[s];
    seat->conn = ci->conn;
    if (!seat_stood_in_kept(seat)) {
        seat->state = NET_SEAT_HERE;
        seat->stand_in = NET_STAND_IN_NONE;
    }
    seat->grace_end = 0;
    admit_sit(h, ci, t, s);
    table_idle_touch(h, t, now_ms, true);
    seat_welcome(h, t, s, ci->conn);
    play_claim_check(h, t, now_ms); /* a restored table's window opens once someone is back */
    clock_check(t, now_ms);         /* their decision's time runs again */
    send_view(h, t, s);
    seat_refresh_due(t, now_ms);
    send_seats(h, t, now_ms);
}

/* The seat whose token this is, or -1; every seat's token is compared
 * whole, in constant time (the codec lets only whole tokens through). */
static int seat_by_token(const HostTable *t, const char *token)
{
    int found = -1;
    for (int s = 0; s < t->cfg.players; s++) {
        bool same = strlen(t->seat[s].token) == NET_TOKEN_LEN && strlen(token) == NET_TOKEN_LEN &&
                    host_secret_equal(t->seat[s].token, token, NET_TOKEN_LEN);
        found = same ? s : found;
    }
    return found;
}

/* A wrong key or token from ci: counted against its address; refused (a
 * wrong key) or dropped (a wrong token) unless the address was cut off,
 * which dropped it already. */
static void seat_wrong(Host *h, const HostTable *t, HostConnInfo *ci, bool key, uint64_t now_ms)
{
    HostConn conn = ci->conn;
    if (admit_wrong(h, ci->addr, now_ms))
        return;
    if (key)
        send_refused(h, conn, NET_MSG_JOIN, NET_REASON_WRONG_KEY, t->move_no,
                     net_reason_text(NET_REASON_WRONG_KEY));
    else
        seat_drop(h, conn, NET_REASON_NO_SEAT);
}

static void seat_return(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms)
{
    int s = seat_by_token(t, j->token);
    if (s < 0) {
        seat_wrong(h, t, ci, false, now_ms);
        return;
    }
    HostConn old = t->seat[s].conn;
    HostConn conn = ci->conn;
    if (s == t->creator_seat && t->creator != conn) {
        t->creator = conn; /* the creator is back (a dropped connection, a host made again) */
        send_log(h, "table %s: its creator is back at seat %d", t->id, s);
    }
    if (old != 0 && old != conn) {
        t->seat[s].conn = 0;
        HostConnInfo *was = admit_conn(h, old);
        if (was)
            admit_stand(h, was, now_ms);
        seat_drop(h, old, NET_REASON_REPLACED);
        ci = admit_conn(h, conn); /* the drop may have moved it */
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

/* The name seat s shows: what the client sent, cleaned, and numbered when
 * another seat shows it already. */
static void seat_name(HostTable *t, int s, const char *sent)
{
    table_fit_name(t, s, -1, sent, t->seat[s].name);
}

/* Whether j opens t's door: an open table, or the key. */
static bool seat_key_fits(const HostTable *t, const NetJoin *j)
{
    if (t->open)
        return true;
    return strlen(j->key) == NET_KEY_LEN && host_secret_equal(j->key, t->key, NET_KEY_LEN);
}

static void seat_new(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms)
{
    if (!seat_key_fits(t, j)) {
        seat_wrong(h, t, ci, true, now_ms);
        return;
    }
    int s = seat_free(t, j->seat);
    if (s < 0) {
        seat_drop(h, ci->conn, NET_REASON_NO_SEAT);
        return;
    }
    HostSeat *seat = &t->seat[s];
    if (!host_rand_token(h, seat->token)) {
        send_log(h, "table %s: no randomness for a token", t->id);
        seat_drop(h, ci->conn, NET_REASON_NO_SEAT);
        return;
    }
    seat_name(t, s, j->name);
    seat->state = NET_SEAT_HERE; /* taken, as the journal keeps it */
    bool by_creator = ci->conn == t->creator && t->creator_seat < 0;
    if (by_creator)
        t->creator_seat = (int8_t)s; /* kept with the seat: its token makes the creator again */
    t->seats_dirty = true;
    send_journal(h, t);
    if (!play_keep_now(h, t, now_ms)) { /* a token is told only once it is kept */
        seat->state = NET_SEAT_EMPTY;
        seat->token[0] = '\0';
        seat->name[0] = '\0';
        if (by_creator)
            t->creator_seat = -1;
        send_log(h, "table %s: seat %d cannot be kept now; the joiner is to come back", t->id, s);
        seat_drop(h, ci->conn, NET_REASON_FULL); /* a client comes back after a while */
        return;
    }
    send_log(h, "table %s: connection %u takes seat %d", t->id, (unsigned)ci->conn, s);
    seat_take(h, t, s, ci, now_ms);
    table_autostart(h, t, now_ms);
}

void seat_join(Host *h, HostConn conn, const NetJoin *j, uint64_t now_ms)
{
    HostConnInfo *ci = admit_conn(h, conn);
    HostTable *t = table_find(h, j->table);
    if (!ci)
        return;
    if (t && t->over && !play_keep_now(h, t, now_ms)) {
        /* The end is told only once the last move is kept; the joiner is
         * to come back (a host killed now has the match still on). */
        send_log(h, "table %s: its last move cannot be kept now; the joiner is to come back",
                 t->id);
        seat_drop(h, conn, NET_REASON_FULL);
        return;
    }
    if (!t || t->over) {
        NetReason closed = t ? NET_REASON_CLOSED_OVER : table_closed_why(h, j->table);
        seat_drop(h, conn, closed != NET_REASON_NONE ? closed : NET_REASON_NO_TABLE);
        return;
    }
    if (ci->watching && !j->watch)
        watch_leave(h, ci, now_ms); /* a spectator who takes a seat watches no more */
    if (ci->table) {
        send_refused(h, conn, NET_MSG_JOIN, NET_REASON_SEATED, t->move_no,
                     N_("This connection already holds a seat."));
        return;
    }
    if (t->waiting) { /* its view is the kept one, and the next update fits it */
        play_flush(h, now_ms);
        ci = admit_conn(h, conn);
    }
    if (j->watch)
        watch_join(h, t, ci, j, now_ms);
    else if (j->token[0])
        seat_return(h, t, ci, j, now_ms);
    else
        seat_new(h, t, ci, j, now_ms);
}

void seat_leave(Host *h, HostConnInfo *ci, uint64_t now_ms)
{
    HostTable *t = ci->table;
    HostSeat *seat = &t->seat[ci->seat];
    seat->conn = 0;
    int s = ci->seat;
    admit_stand(h, ci, now_ms);
    if (t->over)
        return;
    if (seat_stood_in_kept(seat)) {
        send_log(h, "table %s: seat %d, played by the computer, has left", t->id, s);
    } else {
        seat->state = NET_SEAT_AWAY;
        seat->grace_end = now_ms + h->grace_ms;
        send_log(h, "table %s: seat %d is away, %u ms of grace", t->id, s, (unsigned)h->grace_ms);
    }
    clock_check(t, now_ms); /* away, their time stops */
    table_idle_touch(h, t, now_ms, false);
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
            seat->stand_in = NET_STAND_IN_AWAY;
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
    HostConnInfo *ci = admit_conn(h, conn);
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
        send_refused(h, conn, NET_MSG_START, NET_REASON_NOT_CREATOR, 0,
                     N_("Only the table's creator may start it."));
        return;
    }
    bool filled = true;
    for (int s = 0; s < t->cfg.players; s++)
        filled = filled && t->seat[s].state != NET_SEAT_EMPTY;
    if (!filled || t->started) {
        send_refused(h, conn, NET_MSG_START, NET_REASON_NOT_READY, t->move_no,
                     t->started ? N_("The match has already started.")
                                : N_("Every seat needs a player first."));
        return;
    }
    play_start(h, t, now_ms);
    table_idle_touch(h, t, now_ms, false);
}

void seat_give_ai(Host *h, HostConn conn, int s, uint8_t kind, uint64_t now_ms)
{
    HostTable *t = seat_creators_table(h, conn);
    if (!t) {
        send_refused(h, conn, NET_MSG_SEAT_AI, NET_REASON_NOT_CREATOR, 0,
                     N_("Only the table's creator may seat a computer."));
        return;
    }
    AiLevel level = kind == NET_SEAT_RANDOM   ? AI_RANDOM
                    : kind == NET_SEAT_STRONG ? AI_STRONG
                                              : AI_GREEDY;
    if (s < 0 || s >= t->cfg.players || t->seat[s].state != NET_SEAT_EMPTY || t->started) {
        send_refused(h, conn, NET_MSG_SEAT_AI, NET_REASON_NOT_READY, t->move_no,
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
    table_idle_touch(h, t, now_ms, true);
    table_autostart(h, t, now_ms);
}

/* ---- stand-ins asked for (host.h) ---- */

/* Seat s of t is played by the computer from now, for `why`; false (and
 * the seat as it was) when the journal cannot keep that now: a handover
 * is told only once it is kept, so a restarted host has every one told. */
static bool seat_stand_in_on(Host *h, HostTable *t, int s, NetStandIn why, uint64_t now_ms)
{
    HostSeat *seat = &t->seat[s];
    if (seat->state != NET_SEAT_STAND_IN) {
        uint8_t was_state = seat->state, was_why = seat->stand_in;
        uint64_t was_grace = seat->grace_end;
        seat->state = NET_SEAT_STAND_IN;
        seat->stand_in = (uint8_t)why;
        seat->grace_end = 0;
        t->seats_dirty = true;
        send_journal(h, t);
        if (!play_keep_now(h, t, now_ms)) {
            seat->state = was_state; /* written again as it was once the journal takes it */
            seat->stand_in = was_why;
            seat->grace_end = was_grace;
            send_log(h, "table %s: seat %d's handover cannot be kept now", t->id, s);
            return false;
        }
        send_log(h, "table %s: the computer plays seat %d (%s)", t->id, s,
                 why == NET_STAND_IN_OWN ? "its person asked" : "the creator handed it over");
    }
    clock_check(t, now_ms);
    seat_refresh_due(t, now_ms);
    send_seats(h, t, now_ms);
    return true;
}

bool seat_take_back(Host *h, HostTable *t, int s, uint64_t now_ms)
{
    HostSeat *seat = &t->seat[s];
    if (seat_stood_in_kept(seat)) {
        uint8_t was_why = seat->stand_in, was_moves = seat->clock_moves;
        seat->state = NET_SEAT_HERE;
        seat->stand_in = NET_STAND_IN_NONE;
        seat->clock_moves = 0;
        t->seats_dirty = true;
        send_journal(h, t);
#ifndef CEKI_HOST_FAULT_TAKE_BACK_EARLY     /* planted for tests/sim: told before it is kept */
        if (!play_keep_now(h, t, now_ms)) { /* told only once kept, as a handover is */
            seat->state = NET_SEAT_STAND_IN;
            seat->stand_in = was_why;
            seat->clock_moves = was_moves;
            send_log(h, "table %s: seat %d cannot be taken back now", t->id, s);
            return false;
        }
#else
        (void)was_why;
        (void)was_moves;
#endif
        send_log(h, "table %s: seat %d's person plays it again", t->id, s);
    }
    clock_check(t, now_ms);
    send_seats(h, t, now_ms);
    return true;
}

/* Why conn may not ask for ask on t (NET_REASON_NONE: it may), and how. */
static NetReason seat_stand_in_refusal(const HostTable *t, const HostConnInfo *ci,
                                       const NetStandInAsk *ask, const char **why)
{
    bool creator = ci->conn == t->creator;
    bool own = ci->table == t && !ci->watching && ci->seat == ask->seat;
#ifdef CEKI_HOST_FAULT_ANY_HANDOVER /* planted for tests/sim: any seat hands another's over */
    creator = creator || (ci->table == t && !ci->watching);
#endif
    *why = N_("A spectator cannot hand a seat to the computer.");
    if (ci->watching && !creator)
        return NET_REASON_WATCHING;
    *why = N_("The match is not being played now.");
    if (!t->started || t->over)
        return NET_REASON_NOT_READY;
    const HostSeat *seat = ask->seat < t->cfg.players ? &t->seat[ask->seat] : NULL;
    *why = N_("No person holds that seat.");
    if (!seat || !host_seat_is_person(seat->kind) || seat->state == NET_SEAT_EMPTY)
        return NET_REASON_NO_PERSON;
    *why = N_("Only its own player takes a seat back.");
    if (!ask->on && !own)
        return NET_REASON_NOT_YOUR_SEAT;
    *why = N_("Only the table's creator may hand another's seat to the computer.");
    if (ask->on && !own && !creator)
        return NET_REASON_NOT_CREATOR;
    *why = N_("This table has a clock: it hands a stalled seat to the computer itself.");
    if (ask->on && !own && clock_on(t))
        return NET_REASON_HAS_CLOCK;
    return NET_REASON_NONE;
}

void seat_stand_in(Host *h, HostConn conn, const NetStandInAsk *ask, uint64_t now_ms)
{
    HostConnInfo *ci = admit_conn(h, conn);
    HostTable *t = ci && ci->table ? ci->table : seat_creators_table(h, conn);
    if (!ci || !t) {
        send_refused(h, conn, NET_MSG_STAND_IN, NET_REASON_NOT_SEATED, 0,
                     N_("Take a seat before you hand it to the computer."));
        return;
    }
    const char *why = "";
    NetReason r = seat_stand_in_refusal(t, ci, ask, &why);
    if (r != NET_REASON_NONE) {
        send_refused(h, conn, NET_MSG_STAND_IN, r, t->move_no, why);
        return;
    }
    bool own = ci->table == t && !ci->watching && ci->seat == ask->seat;
    if (t->waiting) /* judged on the position the seats know */
        play_flush(h, now_ms);
    if (ask->on) {
        if (!seat_stand_in_on(h, t, ask->seat, own ? NET_STAND_IN_OWN : NET_STAND_IN_CREATOR,
                              now_ms))
            send_refused(h, conn, NET_MSG_STAND_IN, NET_REASON_NOT_READY, t->move_no,
                         N_("The server cannot keep that just now; ask again in a moment."));
    } else if (!seat_take_back(h, t, ask->seat, now_ms))
        send_refused(h, conn, NET_MSG_STAND_IN, NET_REASON_NOT_READY, t->move_no,
                     N_("The server cannot keep that just now; ask again in a moment."));
}
