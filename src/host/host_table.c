/* host_table.c — tables: made by NET_MSG_CREATE, listed by NET_MSG_LIST,
 * freed once over with nobody left at them (host_internal.h). */
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
    t->claim_card = CARD_NONE;
    t->claim_end = UINT64_MAX;
    return t;
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
static bool table_config(const Host *h, const NetCreate *c, GameConfig *cfg, const char **why)
{
    const NetTableRules *r = &c->rules;
    *why = N_("The rules do not allow that table.");
    if (r->variant >= VARIANT_COUNT || r->stakes >= STAKES_COUNT)
        return false;
    *cfg = game_config_default((VariantId)r->variant, 0);
    cfg->players = r->players;
    cfg->options = r->options;
    cfg->rounds = r->rounds;
    cfg->stakes = (StakeScheme)r->stakes;
    if (game_config_check(cfg) != CEKI_OK)
        return false;
    for (int s = 0; s < r->players; s++) {
        if (r->seat_kind[s] >= NET_SEAT_KIND_COUNT)
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
        if (!table_find(h, id))
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
    if (t->autostart && !t->started && table_filled(t))
        play_start(h, t, now_ms);
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

void table_create(Host *h, HostConn conn, const NetCreate *c, uint64_t now_ms)
{
    GameConfig cfg;
    const char *why = "";
    if (h->max_tables > 0 && h->ntables >= h->max_tables) {
        send_refused(h, conn, NET_MSG_CREATE, NET_REFUSE_BAD_CONFIG, 0,
                     N_("The server holds as many tables as it can."));
        return;
    }
    if (!table_config(h, c, &cfg, &why)) {
        send_refused(h, conn, NET_MSG_CREATE, NET_REFUSE_BAD_CONFIG, 0, why);
        return;
    }
    HostTable *t = table_make(h, c, &cfg);
    if (!t) {
        send_log(h, "a table could not be made (out of memory or randomness)");
        send_refused(h, conn, NET_MSG_CREATE, NET_REFUSE_BAD_CONFIG, 0,
                     N_("The server could not set that table up; try again."));
        return;
    }
    t->creator = conn;
    send_journal(h, t);
    if (!play_keep_now(h, t, now_ms)) { /* an id is told only once it is kept */
        h->ntables--;                   /* t was the last added */
        table_free(t);
        send_refused(h, conn, NET_MSG_CREATE, NET_REFUSE_BAD_CONFIG, 0,
                     N_("The server could not set that table up; try again."));
        return;
    }
    send_log(h, "table %s: made by connection %u (%s, %d seats)", t->id, (unsigned)conn,
             game_variant(t->game)->key, cfg.players);
    NetMsg *m = h->msg;
    memset(m, 0, sizeof *m);
    m->type = NET_MSG_CREATED;
    memcpy(m->u.created, t->id, sizeof t->id);
    send_msg(h, conn, m);
    table_autostart(h, t, now_ms);
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
        if (t->over || (!t->started && free_seats == 0))
            continue;
        NetTableEntry *e = &nt->table[nt->count++];
        memcpy(e->table, t->id, sizeof e->table);
        e->rules = t->rules;
        e->free_seats = (uint8_t)free_seats;
        e->started = t->started;
    }
    send_msg(h, conn, m);
}

static bool table_deserted(const HostTable *t)
{
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].conn != 0)
            return false;
    }
    return t->over && !t->waiting && t->journal_due == UINT64_MAX;
}

void table_sweep(Host *h)
{
    int kept = 0;
    for (int i = 0; i < h->ntables; i++) {
        if (table_deserted(h->tables[i]))
            table_free(h->tables[i]);
        else
            h->tables[kept++] = h->tables[i];
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
    if (t->claim_seat >= 0 && t->claim_end < due)
        due = t->claim_end;
    for (int s = 0; s < t->cfg.players; s++) {
        if (t->seat[s].state == NET_SEAT_AWAY && t->seat[s].grace_end < due)
            due = t->seat[s].grace_end;
    }
    return due;
}
