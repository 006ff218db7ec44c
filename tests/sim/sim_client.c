/* sim_client.c — a client as a process (sim.h): it starts, connects,
 * comes back after a lost connection as `ceki-cli bot` does (cmd_bot.c: a
 * backoff that doubles from 100 ms to 2 s, for at most 150 s), takes a
 * disconnect it cannot mend as its end, may be killed and started again
 * with only its token file, or may go for good. What it says and does on a
 * link is its kind's (sim_kinds.c). */
#include <stdio.h>
#include <string.h>

#include "sim.h"

#define CLIENT_BACKOFF_FIRST_MS 100u
#define CLIENT_BACKOFF_MAX_MS 2000u
#define CLIENT_RETRY_MS 150000u   /* CLI_BOT_RETRY_MS */
#define CLIENT_WAIT_TABLE_MS 500u /* a client not yet invited looks again */

uint64_t client_now(const World *w, const SimClient *c)
{
    int64_t t = (int64_t)w->now + c->clock_offset;
    return t < 0 ? 0 : (uint64_t)t;
}

void client_end(World *w, SimClient *c, const char *why)
{
    if (c->done)
        return;
    c->done = true;
    snprintf(c->end, sizeof c->end, "%s", why);
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (l && !l->client_gone)
        net_client_close(w, l, true); /* the process ends, saying so */
    c->link = 0;
    if (w->trace)
        fprintf(w->trace, "%8llu client %d (%s): ends: %s\n", (unsigned long long)w->now, c->index,
                c->kind->key, why);
}

void client_start(World *w, SimClient *c)
{
    if (c->alive || c->done)
        return;
    if (!c->kind->start(w, c)) {
        sim_fail(w, "sim", "client %d could not start", c->index);
        return;
    }
    c->alive = true;
    c->got_record = false; /* a new process holds nothing but its token */
    c->backoff = CLIENT_BACKOFF_FIRST_MS;
    c->lost_at = 0;
    c->next_try = 0;
    net_connect(w, c);
}

void client_send(World *w, SimClient *c, const NetMsg *m)
{
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (!l || !l->client_open)
        return;
    c->sent++;
    net_send(w, l, SIM_TO_HOST, m);
}

void client_on_up(World *w, SimClient *c, SimLink *l)
{
    if (!c->alive || l->id != c->link)
        return;
    c->joined_with_token = c->token[0] != '\0';
    c->kind->up(w, c);
}

void client_on_msg(World *w, SimClient *c, SimLink *l, const NetMsg *m)
{
    if (!c->alive || l->id != c->link)
        return;
    if (m->type == NET_MSG_WELCOME) { /* its token file, written whole (cmd_bot.c) */
        snprintf(c->token, sizeof c->token, "%s", m->u.welcome.token);
        c->seat = m->u.welcome.seat;
        if (c->lost_at)
            c->reconnects++;
        c->lost_at = 0;
        c->backoff = CLIENT_BACKOFF_FIRST_MS;
    }
    const NetRecord *r = &m->u.record;
    if (m->type == NET_MSG_RECORD && r->offset + r->len == r->total)
        c->got_record = true;
    c->viewed = c->viewed || m->type == NET_MSG_VIEW || m->type == NET_MSG_UPDATE;
    c->kind->msg(w, c, m);
    if (c->kind->finished(c) && !c->done) { /* it leaves, as the bot does at the end */
        net_client_close(w, l, true);
        c->link = 0;
        client_end(w, c, "finished");
    }
}

/* A disconnect the client cannot mend by coming back (cmd_bot.c's
 * bye_is_final); a hostile client (retry_ms) takes none as final. */
static bool client_bye_final(const SimClient *c, NetReason why)
{
    if (c->retry_ms)
        return false;
    return why == NET_REASON_VERSION || why == NET_REASON_NO_TABLE || why == NET_REASON_NO_SEAT ||
           why == NET_REASON_REPLACED || why == NET_REASON_GARBAGE || why == NET_REASON_ABUSE ||
           why == NET_REASON_CUT_OFF ||
           (why >= NET_REASON_CLOSED_EMPTY && why <= NET_REASON_CLOSED_OVER);
}

/* A seat's token refused, or its table gone, while the table plays on. */
static void client_check_refusal(World *w, SimClient *c, NetReason why)
{
    if (!c->kind->seated || !c->joined_with_token || c->table < 0)
        return;
    const SimTable *t = &w->table[c->table];
    if (t->over_told || t->over_host || t->closed != NET_REASON_NONE)
        return; /* a finished match's table may leave, and an idle one be closed */
    if (why == NET_REASON_NO_SEAT)
        sim_fail(w, "token-refused",
                 "client %d came back to table %d with its seat's token and was refused", c->index,
                 t->index);
    else if (why == NET_REASON_NO_TABLE)
        sim_fail(w, "table-lost", "client %d came back to table %d, which the host no longer has",
                 c->index, t->index);
}

void client_on_bye(World *w, SimClient *c, SimLink *l, NetReason why)
{
    if (!c->alive || l->id != c->link)
        return;
    c->link = 0;
    c->kind->lost(w, c);
    if (c->kind->finished(c)) {
        client_end(w, c, "finished");
        return;
    }
    if (client_bye_final(c, why)) {
        client_check_refusal(w, c, why);
        char line[96];
        snprintf(line, sizeof line, "dropped: %s", net_reason_text(why));
        client_end(w, c, line);
        return;
    }
    uint64_t now = client_now(w, c);
    if (c->retry_ms) {
        c->next_try = now + c->retry_ms;
        return;
    }
    if (c->lost_at == 0)
        c->lost_at = now;
    c->next_try = now + c->backoff;
    c->backoff = c->backoff * 2 < CLIENT_BACKOFF_MAX_MS ? c->backoff * 2 : CLIENT_BACKOFF_MAX_MS;
}

#define CLIENT_AWAY_WAIT_MS 1000u /* a person who would step away before the match is on */

/* A person who steps away asks the computer to play their seat (once the
 * match is on and it holds its seat) and makes no move for a while. */
static void client_step_away(World *w, SimClient *c, uint64_t now)
{
    const SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (!c->alive || now < c->away_at)
        return;
    if (!l || !l->client_open || c->seat < 0 || !w->table[c->table].started) {
        c->away_at = now + CLIENT_AWAY_WAIT_MS; /* not yet: in a moment */
        return;
    }
    NetMsg *m = w->reply;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_STAND_IN;
    m->u.stand_in.seat = (int8_t)c->seat;
    m->u.stand_in.on = true;
    client_send(w, c, m);
    c->away_at = SIM_NEVER;
    c->away_until = now + c->away_ms;
    if (w->trace)
        fprintf(w->trace, "%8llu client %d: steps away from seat %d for %u ms\n",
                (unsigned long long)w->now, c->index, c->seat, (unsigned)c->away_ms);
}

void client_wake(World *w, SimClient *c)
{
    if (c->done)
        return;
    uint64_t now = client_now(w, c);
    if (now >= c->quit_at) {
        client_end(w, c, "finished");
        return;
    }
    if (!c->alive) {
        if (now < c->next_try)
            return;
        if ((c->kind->seated || c->kind->watches) && w->table[c->table].id[0] == '\0')
            c->next_try = now + CLIENT_WAIT_TABLE_MS; /* not yet invited */
        else
            client_start(w, c);
        return;
    }
    if (c->link == 0 && c->lost_at && now - c->lost_at > CLIENT_RETRY_MS) {
        client_end(w, c, "the server stayed out of reach");
        return;
    }
    if (c->link == 0 && now >= c->next_try)
        net_connect(w, c);
    c->kind->act(w, c);
    client_step_away(w, c, now);
}

void client_kill(World *w, SimClient *c, uint64_t down_ms)
{
    if (!c->alive || c->done)
        return;
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (l)
        net_client_close(w, l, false);
    c->link = 0;
    c->kind->stop(c);
    c->alive = false;
    if (down_ms == SIM_NEVER) {
        w->stats.gone++;
        client_end(w, c, "gone for good");
        return;
    }
    w->stats.client_restarts++;
    c->restarts++;
    c->next_try = client_now(w, c) + down_ms; /* it starts again then */
    client_reschedule(w, c);
}

void client_net_down(World *w, SimClient *c, uint64_t down_ms)
{
    c->net_down = true;
    c->net_back = w->now + down_ms;
    SimLink *l = c->link ? net_link(w, c->link) : NULL;
    if (l)
        net_cut(w, l);
}

/* The world time of the client's next wish (SIM_NEVER: none). */
static uint64_t client_due_world(const World *w, const SimClient *c)
{
    if (c->done)
        return SIM_NEVER;
    uint64_t due = c->alive ? c->kind->due(w, c) : c->next_try;
    if (c->alive && c->link && c->away_at < due)
        due = c->away_at;
    if (c->quit_at < due)
        due = c->quit_at;
    if (c->alive && c->link == 0 && c->next_try < due)
        due = c->next_try;
    if (c->link == 0 && c->lost_at && c->lost_at + CLIENT_RETRY_MS + 1 < due)
        due = c->lost_at + CLIENT_RETRY_MS + 1;
    if (due == SIM_NEVER)
        return due;
    int64_t t = (int64_t)due - c->clock_offset;
    return t <= (int64_t)w->now ? w->now : (uint64_t)t;
}

void client_reschedule(World *w, SimClient *c)
{
    if (c->net_down && w->now >= c->net_back)
        c->net_down = false;
    uint64_t at = client_due_world(w, c);
    if (c->net_down && c->link == 0 && at < c->net_back && at != SIM_NEVER)
        at = c->net_back; /* nothing to try before its network is back */
    if (at <= w->now && c->wake_at == w->now)
        at = w->now + 1; /* it woke in this very step: the next is a moment later */
    if (at == SIM_NEVER || (at >= c->wake_at && c->wake_at > w->now))
        return;
    c->wake_at = at;
    c->wake_gen++;
    SimEvent e;
    memset(&e, 0, sizeof e);
    e.kind = SIM_EV_CLIENT;
    e.a = (uint32_t)c->index;
    e.gen = c->wake_gen;
    sim_at(w, at - w->now, &e);
}

void client_free(SimClient *c)
{
    if (c->alive && c->kind)
        c->kind->stop(c);
    c->alive = false;
}
