/* host_table.c — tables: made by NET_MSG_CREATE within the limits of the
 * address asking, listed by NET_MSG_LIST when open, closed when idle or
 * finished (host.h, "Tables' life"; host_internal.h); the names their
 * seats and spectators show. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

#define TABLE_ID_TRIES 16 /* ids drawn before giving up on a free one */

HostTable *table_new(const GameConfig *cfg, const char *id)
{
    HostTable *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cfg = *cfg;
    snprintf(t->id, sizeof t->id, "%s", id);
    t->rules.variant = (uint8_t)cfg->variant;
    t->rules.players = (uint8_t)cfg->players;
    t->rules.options = cfg->options;
    t->rules.rounds = (uint16_t)cfg->rounds;
    t->rules.stakes = (uint8_t)cfg->stakes;
    t->seats_due = UINT64_MAX;
    t->journal_due = UINT64_MAX;
    t->claim_seat = -1;
    t->creator_seat = -1;
    t->claim_card = CARD_NONE;
    t->claim_end = UINT64_MAX;
    t->idle_end = UINT64_MAX;
    t->open = true;
    clock_reset(t);
    return t;
}

void table_set_watch(HostTable *t, const NetClock *clock, uint8_t watch)
{
    t->clock = *clock;
    t->rules.clock = *clock;
    t->watch = watch < NET_WATCH_COUNT ? watch : NET_WATCH_NONE;
    t->rules.watch = t->watch;
    clock_reset(t);
}

void table_free(HostTable *t)
{
    if (!t)
        return;
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        ai_destroy(t->seat[s].ai);
    game_destroy(t->game);
    game_destroy(t->told);
    free(t->by_ai);
    free(t->bank_left);
    free(t->watchers);
    free(t);
}

bool table_add(Host *h, HostTable *t)
{
    if (h->ntables == h->tables_cap) {
        int cap = h->tables_cap ? h->tables_cap * 2 : 16;
        HostTable **tables = realloc(h->tables, (size_t)cap * sizeof *tables);
        if (!tables) {
            table_free(t);
            return false;
        }
        h->tables = tables;
        h->tables_cap = cap;
    }
    h->tables[h->ntables++] = t;
    return true;
}

NetReason table_closed_why(const Host *h, const char *id)
{
    for (int i = 0; i < h->nclosed; i++) {
        if (strcmp(h->closed[i].id, id) == 0)
            return (NetReason)h->closed[i].why;
    }
    return NET_REASON_NONE;
}

HostTable *table_find(Host *h, const char *id)
{
    for (int i = 0; i < h->ntables; i++) {
        if (strcmp(h->tables[i]->id, id) == 0)
            return h->tables[i];
    }
    return NULL;
}

static int table_free_seats(const HostTable *t)
{
    int n = 0;
    for (int s = 0; s < t->cfg.players; s++)
        n += t->seat[s].kind == NET_SEAT_NET && t->seat[s].state == NET_SEAT_EMPTY;
    return n;
}

/* ---- creating ---- */

/* The rules of c as a GameConfig; false with a sentence when the rules do
 * not allow them. */
/* Whether a table's clock and spectators are within their bounds (the
 * codec checks them on the wire; a host in the app gets them unchecked). */
static bool table_watch_ok(const NetTableRules *r)
{
    const NetClock *k = &r->clock;
    bool clock = (k->move_ms == 0 && k->bank_ms == 0) ||
                 (k->move_ms >= NET_CLOCK_MOVE_MIN_MS && k->move_ms <= NET_CLOCK_MOVE_MAX_MS &&
                  k->bank_ms <= NET_CLOCK_BANK_MAX_MS);
    return clock && r->watch < NET_WATCH_COUNT;
}

static bool table_config(const Host *h, const NetCreate *c, GameConfig *cfg, const char **why)
{
    const NetTableRules *r = &c->rules;
    *why = N_("The rules do not allow that table.");
    if (r->variant >= VARIANT_COUNT || r->stakes >= STAKES_COUNT)
        return false;
    if (!table_watch_ok(r)) {
        *why = N_("That clock or choice of spectators is not one a table may have.");
        return false;
    }
    *cfg = game_config_default((VariantId)r->variant, 0);
    cfg->players = r->players;
    cfg->options = r->options;
    cfg->rounds = r->rounds;
    cfg->stakes = (StakeScheme)r->stakes;
    if (game_config_check(cfg) != CEKI_OK)
        return false;
    bool person = false;
    for (int s = 0; s < r->players; s++) {
        if (r->seat_kind[s] >= NET_SEAT_KIND_COUNT)
            return false;
        person = person || host_seat_is_person(r->seat_kind[s]);
    }
    if (!person) {
        *why = N_("A table needs a seat for a person.");
        return false;
    }
    if (c->has_seed && !h->allow_seed) {
        *why = N_("This server does not let a table fix its deal.");
        return false;
    }
    uint8_t b[HOST_SEED_BYTES] = {0};
    if (!c->has_seed && !host_rand_bytes(h, b, sizeof b)) {
        *why = N_("The server could not draw a deal; try again.");
        return false;
    }
    cfg->seed = c->has_seed ? c->seed : 0;
    for (int i = 0; !c->has_seed && i < HOST_SEED_BYTES; i++)
        cfg->seed = cfg->seed << 8 | b[i];
    return true;
}

static bool table_new_id(Host *h, char id[NET_TABLE_ID_MAX + 1])
{
    for (int i = 0; i < TABLE_ID_TRIES; i++) {
        if (!host_rand_table_id(h, id))
            return false;
        if (!table_find(h, id) && table_closed_why(h, id) == NET_REASON_NONE)
            return true;
    }
    return false;
}

/* Every seat has someone (a person here or away, or a computer). */
static bool table_filled(const HostTable *t)
{
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].state == NET_SEAT_EMPTY)
            return false;
    }
    return true;
}

void table_autostart(Host *h, HostTable *t, uint64_t now_ms)
{
    if (t->autostart && !t->started && table_filled(t)) {
        play_start(h, t, now_ms);
        table_idle_touch(h, t, now_ms, false);
    }
}

static HostTable *table_make(Host *h, const NetCreate *c, const GameConfig *cfg)
{
    char id[NET_TABLE_ID_MAX + 1] = "";
    if (!table_new_id(h, id))
        return NULL;
    HostTable *t = table_new(cfg, id);
    if (!t)
        return NULL;
    t->autostart = c->autostart;
    t->open = c->open;
    table_set_watch(t, &c->rules.clock, c->rules.watch);
    if (!t->open && !host_rand_key(h, t->key)) {
        table_free(t);
        return NULL;
    }
    for (int s = 0; s < cfg->players; s++) {
        t->seat[s].kind = c->rules.seat_kind[s];
        t->rules.seat_kind[s] = c->rules.seat_kind[s];
        t->seat[s].state = host_seat_is_person(t->seat[s].kind) ? NET_SEAT_EMPTY : NET_SEAT_HERE;
    }
    if (!play_deal(h, t)) {
        table_free(t);
        return NULL;
    }
    return table_add(h, t) ? t : NULL;
}

/* Why conn (from addr) may not have a table now, with the sentence; NONE
 * with *cfg filled when it may. */
static NetReason table_refusal(Host *h, HostAddr addr, const NetCreate *c, GameConfig *cfg,
                               const char **why, uint64_t now_ms)
{
    if (h->max_tables > 0 && h->ntables >= h->max_tables) {
        *why = net_reason_text(NET_REASON_TABLES_FULL);
        return NET_REASON_TABLES_FULL;
    }
    if (!table_config(h, c, cfg, why))
        return NET_REASON_BAD_CONFIG;
    NetReason r = admit_table(h, addr, now_ms);
    *why = net_reason_text(r);
    return r;
}

static void table_send_created(Host *h, HostConn conn, const HostTable *t)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATED;
    memcpy(m->u.created.table, t->id, sizeof t->id);
    m->u.created.open = t->open;
    memcpy(m->u.created.key, t->key, sizeof t->key);
    send_msg(h, conn, m);
}

void table_create(Host *h, HostConn conn, HostAddr addr, const NetCreate *c, uint64_t now_ms)
{
    GameConfig cfg;
    const char *why = "";
    NetReason r = table_refusal(h, addr, c, &cfg, &why, now_ms);
    if (r != NET_REASON_NONE) {
        send_refused(h, conn, NET_MSG_CREATE, r, 0, why);
        return;
    }
    HostTable *t = table_make(h, c, &cfg);
    if (!t) {
        send_log(h, "a table could not be made (out of memory or randomness)");
        send_refused(h, conn, NET_MSG_CREATE, NET_REASON_BAD_CONFIG, 0,
                     N_("The server could not set that table up; try again."));
        return;
    }
    t->creator = conn;
    t->owner = admit_limited(h, addr) ? addr : 0;
    send_journal(h, t);
    if (!play_keep_now(h, t, now_ms)) { /* an id is told only once it is kept */
        h->ntables--;                   /* t was the last added */
        table_free(t);
        send_refused(h, conn, NET_MSG_CREATE, NET_REASON_BAD_CONFIG, 0,
                     N_("The server could not set that table up; try again."));
        return;
    }
    send_log(h, "table %s: made by connection %u (%s, %d seats, %s)", t->id, (unsigned)conn,
             game_variant(t->game)->key, cfg.players, t->open ? "open" : "private");
    table_send_created(h, conn, t);
    table_idle_touch(h, t, now_ms, true);
    table_autostart(h, t, now_ms);
}

/* ---- names ---- */

/* Whether another seat or spectator of t than (seat, watcher) shows name. */
static bool table_name_taken(const HostTable *t, int seat, int watcher, const char *name)
{
    for (int o = 0; o < t->cfg.players; o++) {
        if (o != seat && host_text_same_name(t->seat[o].name, name))
            return true;
    }
    for (int w = 0; w < t->nwatchers; w++) {
        if (w != watcher && host_text_same_name(t->watchers[w].name, name))
            return true;
    }
    return false;
}

void table_fit_name(const HostTable *t, int seat, int watcher, const char *sent,
                    char out[NET_NAME_MAX + 1])
{
    char base[NET_NAME_MAX + 1], name[NET_NAME_MAX + 1];
    host_text_clean(sent, base, sizeof base, NET_NAME_CHARS);
    memcpy(name, base, sizeof name);
    for (int n = 2; name[0] && n <= CEKI_MAX_SEATS + NET_MAX_WATCHERS + 1; n++) {
        if (!table_name_taken(t, seat, watcher, name))
            break;
        host_text_numbered(base, n, name, sizeof name);
    }
    memcpy(out, name, NET_NAME_MAX + 1);
}

/* ---- listing, sweeping, what is due ---- */

void table_list(Host *h, HostConn conn)
{
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_TABLES;
    NetTables *nt = &m->u.tables;
    for (int i = 0; i < h->ntables && nt->count < NET_MAX_TABLES_LISTED; i++) {
        const HostTable *t = h->tables[i];
        int free_seats = table_free_seats(t);
        if (!t->open || t->over || (!t->started && free_seats == 0))
            continue;
        NetTableEntry *e = &nt->table[nt->count++];
        memcpy(e->table, t->id, sizeof e->table);
        e->rules = t->rules;
        e->free_seats = (uint8_t)free_seats;
        e->started = t->started;
        e->watchers = (uint8_t)(t->nwatchers < NET_MAX_WATCHERS ? t->nwatchers : NET_MAX_WATCHERS);
    }
    send_msg(h, conn, m);
}

/* ---- idleness ---- */

/* Why t would be closed if it stayed as it is (NET_REASON_NONE: it would not). */
static NetReason table_idle_kind(const Host *h, const HostTable *t)
{
    if (h->table_idle_ms == 0 || t->over)
        return NET_REASON_NONE;
    if (t->started)
        return host_table_person_here(t) ? NET_REASON_NONE : NET_REASON_CLOSED_ABANDONED;
    for (int s = 0; s < t->cfg.players; s++) {
        if (host_seat_is_person(t->seat[s].kind) && t->seat[s].state != NET_SEAT_EMPTY)
            return NET_REASON_CLOSED_UNSTARTED;
    }
    return NET_REASON_CLOSED_EMPTY;
}

void table_idle_touch(Host *h, HostTable *t, uint64_t now_ms, bool reset)
{
    NetReason why = table_idle_kind(h, t);
    if (why == NET_REASON_NONE) {
        t->idle_dirty = t->idle_dirty || t->idle_why != NET_REASON_NONE;
        t->idle_why = NET_REASON_NONE;
        t->idle_end = UINT64_MAX;
        return;
    }
    if (why == t->idle_why && !reset)
        return;
    t->idle_why = (uint8_t)why;
    t->idle_end = now_ms + h->table_idle_ms;
    t->idle_dirty = true;
}

void table_idle_resume(Host *h, HostTable *t, uint64_t now_ms, int64_t left_ms)
{
    table_idle_touch(h, t, now_ms, true);
    if (t->idle_why != NET_REASON_NONE && left_ms >= 0 && (uint64_t)left_ms < h->table_idle_ms)
        t->idle_end = now_ms + (uint64_t)left_ms;
    t->idle_dirty = false; /* the journal holds it */
}

void table_idle_save(Host *h, uint64_t now_ms, bool all)
{
    if (!all && now_ms < h->idle_save_at)
        return;
    h->idle_save_at = now_ms + HOST_IDLE_SAVE_MS;
    for (int i = 0; i < h->ntables; i++) {
        HostTable *t = h->tables[i];
        if (t->idle_why != NET_REASON_NONE || t->idle_dirty) {
            t->idle_dirty = true;
            send_journal(h, t);
        }
    }
}

/* ---- closing ---- */

void table_remember(Host *h, const char *id, NetReason why)
{
    if (!h->closed && !(h->closed = calloc(HOST_CLOSED_KEPT, sizeof *h->closed)))
        return; /* out of memory: a token for it is told there is no such table */
    HostClosed *c = &h->closed[h->closed_next];
    snprintf(c->id, sizeof c->id, "%s", id);
    c->why = (uint8_t)why;
    h->closed_next = (h->closed_next + 1) % HOST_CLOSED_KEPT;
    h->nclosed += h->nclosed < HOST_CLOSED_KEPT;
}

/* Asks for t's rows to leave the journal at the next flush. */
static void table_doom(Host *h, const HostTable *t)
{
    if (!h->journal || !t->kept_row)
        return;
    if (h->ndoomed == h->doomed_cap) {
        int cap = h->doomed_cap ? h->doomed_cap * 2 : 16;
        char(*d)[NET_TABLE_ID_MAX + 1] = realloc(h->doomed, (size_t)cap * sizeof *d);
        if (!d) {
            send_log(h, "table %s: out of memory; it stays in the journal", t->id);
            return;
        }
        h->doomed = d;
        h->doomed_cap = cap;
    }
    memcpy(h->doomed[h->ndoomed++], t->id, sizeof t->id);
}

/* t leaves: its seated connections are dropped with why (drop) or stay
 * at no table; it is remembered, taken out of the journal, freed by the caller. */
static void table_close(Host *h, HostTable *t, NetReason why, bool drop, uint64_t now_ms)
{
    send_log(h, "table %s: closed: %s", t->id, net_reason_text(why));
    for (int s = 0; s < t->cfg.players; s++) {
        HostConn conn = t->seat[s].conn;
        HostConnInfo *ci = conn ? admit_conn(h, conn) : NULL;
        t->seat[s].conn = 0;
        if (!ci)
            continue;
        admit_stand(h, ci, now_ms);
        if (drop)
            admit_drop(h, conn, why);
    }
    for (int i = 0; i < t->nwatchers; i++) {
        HostConnInfo *ci = admit_conn(h, t->watchers[i].conn);
        if (ci)
            admit_stand(h, ci, now_ms);
        if (ci && drop)
            admit_drop(h, t->watchers[i].conn, why);
    }
    t->nwatchers = 0;
    for (int i = 0; i < h->nconns; i++) {
        if (h->conns[i].table == t) /* none should be: every seat and spectator was let go */
            admit_stand(h, &h->conns[i], now_ms);
    }
    table_remember(h, t->id, why);
    table_doom(h, t);
    if (why == NET_REASON_CLOSED_OVER)
        h->closed_over++;
    else
        h->closed_idle++;
}

/* Whether a connection of this machine sits at t (the app reads its record). */
static bool table_local_here(const Host *h, const HostTable *t)
{
    for (int i = 0; i < h->nconns; i++) {
        if (h->conns[i].table == t && h->conns[i].addr == 0)
            return true;
    }
    return false;
}

/* Why t is closed now (NET_REASON_NONE: it stays). */
static NetReason table_ends(const Host *h, const HostTable *t, uint64_t now_ms)
{
    if (t->waiting || t->journal_due != UINT64_MAX)
        return NET_REASON_NONE; /* what it holds is not kept and told yet */
    if (t->over)
        return table_local_here(h, t) ? NET_REASON_NONE : NET_REASON_CLOSED_OVER;
    return t->idle_end <= now_ms ? (NetReason)t->idle_why : NET_REASON_NONE;
}

void table_sweep(Host *h, uint64_t now_ms)
{
    int kept = 0;
    for (int i = 0; i < h->ntables; i++) {
        HostTable *t = h->tables[i];
        NetReason why = table_ends(h, t, now_ms);
        if (why == NET_REASON_NONE) {
            h->tables[kept++] = t;
            continue;
        }
        table_close(h, t, why, why != NET_REASON_CLOSED_OVER, now_ms);
        table_free(t);
    }
    h->ntables = kept;
}

uint64_t table_due(const HostTable *t)
{
    /* A move waiting is told at the next tick without a journal, else once
     * its write is due (at once, or the retry of one that failed). */
    if ((t->waiting && t->journal_due == UINT64_MAX) || play_computer_due(t))
        return 0;
    uint64_t due = t->journal_due < t->seats_due ? t->journal_due : t->seats_due;
    if (t->idle_end < due)
        due = t->idle_end;
    if (t->claim_seat >= 0 && t->claim_end < due)
        due = t->claim_end;
    uint64_t clock = clock_due(t);
    if (clock < due)
        due = clock;
    uint64_t keep = t->journal_due == UINT64_MAX ? clock_keep_due(t) : UINT64_MAX;
    if (keep < due)
        due = keep;
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].state == NET_SEAT_AWAY && t->seat[s].grace_end < due)
            due = t->seat[s].grace_end;
    }
    return due;
}
