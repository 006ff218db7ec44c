/* host.c — the host's face (host.h): creation, the connections, the
 * dispatch of what they send, the clock's ticks. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "record.h"

static void host_free(Host *h)
{
    for (int i = 0; i < h->ntables; i++)
        table_free(h->tables[i]);
    free(h->tables);
    free(h->conns);
    admit_free(h);
    free(h->closed);
    free(h->doomed);
    journal_close(h->journal);
    free(h->before);
    free(h->after);
    free(h->msg);
    free(h->data_dir);
    free(h->journal_vfs);
    free(h);
}

/* A copy of text in *out (NULL stays NULL); false when out of memory. */
static bool host_copy_text(const char *text, char **out)
{
    if (!text)
        return true;
    size_t len = strlen(text);
    *out = malloc(len + 1);
    if (*out)
        memcpy(*out, text, len + 1);
    return *out != NULL;
}

static bool host_alloc(Host *h, const HostOptions *opt)
{
    h->msg = malloc(sizeof *h->msg);
    h->after = malloc(sizeof *h->after);
    h->before = malloc(sizeof *h->before);
    bool ok = h->msg && h->after && h->before;
    ok = host_copy_text(opt->data_dir, &h->data_dir) && ok;
    return host_copy_text(opt->journal_vfs, &h->journal_vfs) && ok;
}

Host *host_create(const HostOptions *opt, const HostOutbox *out, uint64_t now_ms, char *err,
                  size_t err_size)
{
    if (!opt || !out || !out->send || !out->drop) {
        snprintf(err, err_size, "the host needs its options and an outbox");
        return NULL;
    }
    Host *h = calloc(1, sizeof *h);
    if (!h || !host_alloc(h, opt)) {
        snprintf(err, err_size, "out of memory");
        if (h)
            host_free(h);
        return NULL;
    }
    h->out = *out;
    h->rand_bytes = opt->rand_bytes;
    h->rand_ctx = opt->rand_ctx;
    h->now_ms = now_ms;
    h->grace_ms = opt->grace_ms ? opt->grace_ms : HOST_GRACE_MS_DEFAULT;
    h->claim_ms = opt->claim_ms > NET_CLAIM_MS_MAX ? NET_CLAIM_MS_MAX : opt->claim_ms;
    h->allow_seed = opt->allow_seed;
    h->max_tables = opt->max_tables;
    h->table_idle_ms = opt->table_idle_ms;
    h->idle_save_at = now_ms + HOST_IDLE_SAVE_MS;
    if (!admit_init(h, opt)) {
        snprintf(err, err_size, "out of memory");
        host_free(h);
        return NULL;
    }
    if (h->data_dir) {
        h->journal = journal_open(h->data_dir, h->journal_vfs, err, err_size);
        if (!h->journal || !restore_tables(h, now_ms, err, err_size)) {
            host_free(h);
            return NULL;
        }
    }
    return h;
}

void host_destroy(Host *h)
{
    if (!h)
        return;
    table_idle_save(h, h->now_ms, true); /* each idle table's time left */
    play_flush(h, h->now_ms);            /* what is applied is kept and told */
    host_free(h);
}

void host_kill(Host *h)
{
    if (h)
        host_free(h); /* no flush: what is applied and not kept is lost */
}

/* ---- connections ---- */

/* conn known from now (addr 0: this machine's own); false when it could
 * not be (dropped with a reason). */
static bool host_connect_any(Host *h, HostConn conn, HostAddr addr, uint64_t now_ms)
{
    h->now_ms = now_ms;
    if (conn == 0 || admit_conn(h, conn))
        return true;
    NetReason why = admit_check(h, addr, now_ms, false);
    if (why == NET_REASON_NONE && !admit_add(h, conn, addr, now_ms))
        why = NET_REASON_FULL;
    if (why == NET_REASON_NONE)
        return true;
    h->turned_away++;
    send_log(h, "connection %u refused: %s", (unsigned)conn, net_reason_text(why));
    h->out.drop(h->out.ctx, conn, why);
    return false;
}

void host_connected(Host *h, HostConn conn, uint64_t now_ms)
{
    host_connect_any(h, conn, 0, now_ms);
}

void host_connected_from(Host *h, HostConn conn, HostAddr addr, uint64_t now_ms)
{
    host_connect_any(h, conn, addr, now_ms);
}

NetReason host_admit(Host *h, HostAddr addr, uint64_t now_ms)
{
    h->now_ms = now_ms;
    NetReason why = admit_check(h, addr, now_ms, true);
    h->turned_away += why != NET_REASON_NONE;
    return why;
}

/* ci's seat is away, or its spectator gone, as its connection goes. */
static void host_leave_table(Host *h, HostConnInfo *ci, uint64_t now_ms)
{
    if (ci->watching)
        watch_leave(h, ci, now_ms);
    else if (ci->table)
        seat_leave(h, ci, now_ms);
}

void host_disconnected(Host *h, HostConn conn, uint64_t now_ms)
{
    HostConnInfo *ci = admit_conn(h, conn);
    if (!ci)
        return;
    host_leave_table(h, ci, now_ms);
    admit_remove(h, ci);
    for (int i = 0; i < h->ntables; i++) {
        if (h->tables[i]->creator == conn) /* a later connection of that number is not it */
            h->tables[i]->creator = 0;
    }
    table_sweep(h, now_ms);
}

/* ---- what a connection sends ---- */

/* Why a seated connection's move is refused (NULL: it is not), and how. */
static const char *host_move_refusal(const HostTable *t, int seat, const NetMove *nm,
                                     NetReason *how)
{
#ifdef CEKI_HOST_FAULT_OTHER_SEAT /* planted for tests/sim: the move's seat is believed */
    seat = nm->move.seat;
#endif
    *how = NET_REASON_NOT_YOUR_TURN;
    if (!t->started || t->over)
        return N_("The match is not being played now.");
    if (nm->move.seat != seat)
        return N_("That move is another seat's.");
    if (game_to_move(t->game) != seat)
        return N_("It is not your turn.");
    *how = NET_REASON_STALE;
    if (nm->move_no != t->move_no)
        return N_("That move answers an earlier position.");
    *how = NET_REASON_ILLEGAL;
    if (!game_is_legal(t->game, &nm->move))
        return game_explain_illegal(t->game, &nm->move);
    return NULL;
}

static void host_move(Host *h, HostConnInfo *ci, const NetMove *nm, uint64_t now_ms)
{
    HostTable *t = ci->table;
    if (!t) {
        send_refused(h, ci->conn, NET_MSG_MOVE, NET_REASON_NOT_SEATED, 0,
                     N_("Take a seat before you move."));
        return;
    }
    if (ci->watching) {
        send_refused(h, ci->conn, NET_MSG_MOVE, NET_REASON_WATCHING, t->move_no,
                     N_("A spectator does not move."));
        return;
    }
    HostSeat *seat = &t->seat[ci->seat];
    if (seat->state == NET_SEAT_STAND_IN && seat->stand_in != NET_STAND_IN_AWAY) {
        if (t->waiting)
            play_flush(h, now_ms); /* the seats learn it back after the move they were told */
        if (!seat_take_back(h, t, ci->seat, now_ms)) {
            send_refused(h, ci->conn, NET_MSG_MOVE, NET_REASON_NOT_READY, t->move_no,
                         N_("The server cannot keep that just now; ask again in a moment."));
            return;
        }
    }
    NetReason how = NET_REASON_NONE;
    const char *why = host_move_refusal(t, ci->seat, nm, &how);
    if (why && t->waiting) { /* judged on the position the seat knows */
        play_flush(h, now_ms);
        why = host_move_refusal(t, ci->seat, nm, &how);
    }
    if (why) {
        send_refused(h, ci->conn, NET_MSG_MOVE, how, t->move_no, why);
        return;
    }
    CekiStatus st = play_apply(h, t, &nm->move, false);
    if (st != CEKI_OK)
        send_refused(h, ci->conn, NET_MSG_MOVE, NET_REASON_ILLEGAL, t->move_no,
                     ceki_status_text(st));
}

static void host_resync(Host *h, HostConnInfo *ci, uint64_t now_ms)
{
    if (!ci->table) {
        send_refused(h, ci->conn, NET_MSG_RESYNC, NET_REASON_NOT_SEATED, 0,
                     N_("Take a seat before you ask for the table."));
        return;
    }
    h->resyncs++;
    HostConn conn = ci->conn;
    HostTable *t = ci->table;
    int seat = ci->seat;
    bool watching = ci->watching;
    if (t->waiting)
        play_flush(h, now_ms); /* the view and the updates after it agree */
    if (watching)
        send_watch_view(h, t, conn);
    else if (t->seat[seat].conn == conn)
        send_view(h, t, seat);
}

static void host_chat(Host *h, HostConnInfo *ci, const NetChat *chat, uint64_t now_ms)
{
    HostTable *t = ci->table;
    if (!t) {
        send_refused(h, ci->conn, NET_MSG_CHAT, NET_REASON_NOT_SEATED, 0,
                     N_("Take a seat before you talk."));
        return;
    }
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CHAT;
    if (host_text_clean(chat->text, m->u.chat.text, sizeof m->u.chat.text, NET_CHAT_MAX) == 0) {
        send_refused(h, ci->conn, NET_MSG_CHAT, NET_REASON_BAD_TEXT, t->move_no,
                     net_reason_text(NET_REASON_BAD_TEXT));
        return;
    }
    if (!admit_chat(ci, now_ms)) {
        send_refused(h, ci->conn, NET_MSG_CHAT, NET_REASON_CHAT_FAST, t->move_no,
                     N_("Not so fast: wait a moment before the next line."));
        return;
    }
    if (ci->watching) {
        watch_chat(h, ci, m);
        return;
    }
    m->u.chat.seat = (int8_t)ci->seat;
    memcpy(m->u.chat.name, t->seat[ci->seat].name, sizeof m->u.chat.name);
    for (int s = 0; s < t->cfg.players; s++)
        send_msg(h, t->seat[s].conn, m);
    send_watchers(h, t, m);
}

static void host_pong(Host *h, HostConn conn, const NetPing *ping)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_PONG;
    m->u.ping = *ping;
    send_msg(h, conn, m);
}

/* false: a message no client sends (the connection is dropped). */
static bool host_dispatch(Host *h, HostConnInfo *ci, const NetMsg *msg, uint64_t now_ms)
{
    switch ((NetMsgType)msg->type) {
    case NET_MSG_CREATE: table_create(h, ci->conn, ci->addr, &msg->u.create, now_ms); return true;
    case NET_MSG_LIST: table_list(h, ci->conn); return true;
    case NET_MSG_JOIN: seat_join(h, ci->conn, &msg->u.join, now_ms); return true;
    case NET_MSG_MOVE: host_move(h, ci, &msg->u.move, now_ms); return true;
    case NET_MSG_RESYNC: host_resync(h, ci, now_ms); return true;
    case NET_MSG_START: seat_start(h, ci->conn, now_ms); return true;
    case NET_MSG_SEAT_AI:
        seat_give_ai(h, ci->conn, msg->u.seat_ai.seat, msg->u.seat_ai.kind, now_ms);
        return true;
    case NET_MSG_STAND_IN: seat_stand_in(h, ci->conn, &msg->u.stand_in, now_ms); return true;
    case NET_MSG_CHAT: host_chat(h, ci, &msg->u.chat, now_ms); return true;
    case NET_MSG_PING: host_pong(h, ci->conn, &msg->u.ping); return true;
    case NET_MSG_PONG: return true;
    default: return false;
    }
}

void host_received(Host *h, HostConn conn, const NetMsg *msg, uint64_t now_ms)
{
    h->now_ms = now_ms;
    HostConnInfo *ci = admit_conn(h, conn);
    if (!ci) {
        host_connected(h, conn, now_ms);
        ci = admit_conn(h, conn);
        if (!ci)
            return;
    }
    if (msg->type == NET_MSG_CREATE || msg->type == NET_MSG_LIST || msg->type == NET_MSG_JOIN)
        admit_hello(h, ci, now_ms);
    long refused = h->refused;
    if (!host_dispatch(h, ci, msg, now_ms)) {
        host_leave_table(h, ci, now_ms);
        admit_remove(h, ci);
        send_log(h, "connection %u dropped: it sent a host's message", (unsigned)conn);
        h->out.drop(h->out.ctx, conn, NET_REASON_GARBAGE);
        return;
    }
    ci = admit_conn(h, conn); /* a drop may have moved or removed it */
    if (!ci)
        return;
    ci->refusals = h->refused > refused ? ci->refusals + 1 : 0;
    if (ci->refusals > HOST_REFUSALS_MAX) {
        send_log(h, "connection %u dropped: %d refused messages in a row", (unsigned)conn,
                 ci->refusals);
        host_disconnected(h, conn, now_ms);
        h->out.drop(h->out.ctx, conn, NET_REASON_ABUSE);
    }
}

/* ---- the clock ---- */

void host_tick(Host *h, uint64_t now_ms)
{
    h->now_ms = now_ms;
    admit_tick(h, now_ms);
    for (int i = 0; i < h->ntables; i++) {
        HostTable *t = h->tables[i];
        seat_tick(h, t, now_ms);
        if (play_computer_due(t))
            play_computer_move(h, t);
        else if (!play_claim_expire(h, t, now_ms))
            play_clock_expire(h, t, now_ms);
        play_bank_keep(h, t, now_ms);
    }
    table_idle_save(h, now_ms, false);
    play_flush(h, now_ms);
    table_sweep(h, now_ms);
}

uint64_t host_next_due(const Host *h)
{
    uint64_t due = admit_due(h);
    for (int i = 0; i < h->ntables; i++) {
        uint64_t d = table_due(h->tables[i]);
        if (d < due)
            due = d;
    }
    return due;
}

void host_counts(const Host *h, HostCounts *out)
{
    memset(out, 0, sizeof *out);
    out->tables = h->ntables;
    for (int i = 0; i < h->ntables; i++)
        out->tables_live += h->tables[i]->started && !h->tables[i]->over;
    for (int i = 0; i < h->nconns; i++)
        out->seats_connected += h->conns[i].table != NULL && !h->conns[i].watching;
    out->watchers = h->watching;
    out->clock_moves = h->clock_moves;
    out->conns = h->nconns;
    out->lobby = h->lobby;
    out->addresses = h->naddrs;
    for (int i = 0; i < h->addrs_cap; i++)
        out->cut_off += h->addrs[i].addr != 0 && h->addrs[i].cut_until > h->now_ms;
    out->closed_idle = h->closed_idle;
    out->closed_over = h->closed_over;
    out->turned_away = h->turned_away;
    out->wrong_keys = h->wrong_keys;
    out->moves = h->moves;
    out->refused = h->refused;
    out->resyncs = h->resyncs;
}

char *host_table_record(const Host *h, const char *table, size_t *len)
{
    const HostTable *t = NULL;
    for (int i = 0; h && table && i < h->ntables && !t; i++) {
        if (strcmp(h->tables[i]->id, table) == 0)
            t = h->tables[i];
    }
    if (!t || !t->game || !len)
        return NULL;
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f)
        return NULL;
    CekiStatus st = record_write(t->game, f);
    if (fclose(f) != 0 || st != CEKI_OK) {
        free(text);
        return NULL;
    }
    *len = n;
    return text;
}
