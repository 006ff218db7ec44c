/* host_watch.c — spectators: joining a table that takes them (with a
 * private table's key), within their caps, leaving, and their chat, which
 * reaches only the other spectators until the match is over (host.h,
 * "Spectators"; host_internal.h). What a spectator is sent as the match
 * goes on is host_play.c's and host_send.c's: the same messages as a seat,
 * seen from GAME_SPECTATOR. */
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

/* Why ci may not watch t (NET_REASON_NONE: it may), with the sentence. */
static NetReason watch_refusal(const Host *h, const HostTable *t, const HostConnInfo *ci,
                               const char **why)
{
    bool creator = ci->conn == t->creator;
    *why = N_("This connection already holds a seat.");
    if (ci->table)
        return NET_REASON_SEATED;
    *why = N_("This table takes no spectators.");
    if (t->watch == NET_WATCH_NONE && !creator)
        return NET_REASON_NO_WATCHING;
    NetReason r = admit_watch(h, ci, t);
    *why = net_reason_text(r);
    return r;
}

/* Whether j opens t's door to a spectator: an open table, its key, or its
 * creator (who knows the key). */
static bool watch_key_fits(const HostTable *t, const HostConnInfo *ci, const NetJoin *j)
{
    if (t->open || ci->conn == t->creator)
        return true;
    return strlen(j->key) == NET_KEY_LEN && host_secret_equal(j->key, t->key, NET_KEY_LEN);
}

static bool watch_add(HostTable *t, HostConn conn, const char *name)
{
    if (t->nwatchers == t->watchers_cap) {
        int cap = t->watchers_cap ? t->watchers_cap * 2 : 4;
        HostWatcher *w = realloc(t->watchers, (size_t)cap * sizeof *w);
        if (!w)
            return false;
        t->watchers = w;
        t->watchers_cap = cap;
    }
    HostWatcher *w = &t->watchers[t->nwatchers];
    memset(w, 0, sizeof *w);
    w->conn = conn;
    table_fit_name(t, -1, t->nwatchers, name, w->name);
    t->nwatchers++;
    return true;
}

static void watch_welcome(Host *h, const HostTable *t, HostConn conn)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_WELCOME;
    NetWelcome *w = &m->u.welcome;
    memcpy(w->table, t->id, sizeof w->table);
    w->seat = -1;
    w->rules = t->rules;
    w->creator = conn == t->creator;
    memcpy(w->key, t->key, sizeof w->key);
    send_msg(h, conn, m);
}

void watch_join(Host *h, HostTable *t, HostConnInfo *ci, const NetJoin *j, uint64_t now_ms)
{
    HostConn conn = ci->conn;
    if (!watch_key_fits(t, ci, j)) {
        if (!admit_wrong(h, ci->addr, now_ms)) /* cut off: dropped already */
            send_refused(h, conn, NET_MSG_JOIN, NET_REASON_WRONG_KEY, t->move_no,
                         net_reason_text(NET_REASON_WRONG_KEY));
        return;
    }
    const char *why = "";
    NetReason r = watch_refusal(h, t, ci, &why);
    if (r == NET_REASON_NONE && !watch_add(t, conn, j->name)) {
        r = NET_REASON_BUSY;
        why = net_reason_text(r);
    }
    if (r != NET_REASON_NONE) {
        send_refused(h, conn, NET_MSG_JOIN, r, t->move_no, why);
        return;
    }
    admit_sit(h, ci, t, -1);
    send_log(h, "table %s: connection %u watches (%d spectators)", t->id, (unsigned)conn,
             t->nwatchers);
    watch_welcome(h, t, conn);
    send_watch_view(h, t, conn);
    play_hands_to(h, t, conn);
    send_seats(h, t, now_ms);
}

void watch_leave(Host *h, HostConnInfo *ci, uint64_t now_ms)
{
    HostTable *t = ci->table;
    admit_stand(h, ci, now_ms);
    int kept = 0;
    for (int i = 0; i < t->nwatchers; i++) {
        if (t->watchers[i].conn != ci->conn)
            t->watchers[kept++] = t->watchers[i];
    }
    t->nwatchers = kept;
    send_log(h, "table %s: connection %u watches no more", t->id, (unsigned)ci->conn);
    if (!t->over)
        send_seats(h, t, now_ms);
}

void watch_chat(Host *h, HostConnInfo *ci, NetMsg *line)
{
    HostTable *t = ci->table;
    line->u.chat.seat = -1;
    for (int i = 0; i < t->nwatchers; i++) {
        if (t->watchers[i].conn == ci->conn)
            memcpy(line->u.chat.name, t->watchers[i].name, sizeof line->u.chat.name);
    }
    send_watchers(h, t, line);
    for (int s = 0; t->over && s < t->cfg.players; s++) /* the match over, everyone hears */
        send_msg(h, t->seat[s].conn, line);
}
