/* sim_oracle.c — what the simulator holds true of each table (sim.h): the
 * game as far as the host told it (the mirror, dealt from the table's own
 * seed and moved on by the host's own history), every seat's view hash at
 * every move told, and who made each move. */
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "sim.h"

#define ORACLE_FIRST 256

HostTable *oracle_host_table(const SimHost *sh, const char *id)
{
    if (!sh->h || !id[0])
        return NULL;
    for (int i = 0; i < sh->h->ntables; i++) {
        if (strcmp(sh->h->tables[i]->id, id) == 0)
            return sh->h->tables[i];
    }
    return NULL;
}

SimTable *oracle_table(World *w, int host, const char *id)
{
    for (int i = 0; id[0] && i < w->ntables; i++) {
        if (w->table[i].host == host && strcmp(w->table[i].id, id) == 0)
            return &w->table[i];
    }
    return NULL;
}

/* The truth's columns: every seat's, then a spectator's. */
static size_t oracle_columns(const SimTable *t)
{
    return (size_t)t->cfg.players + 1;
}

uint64_t oracle_truth(const SimTable *t, uint32_t k, int s)
{
    size_t col = s < 0 ? (size_t)t->cfg.players : (size_t)s;
    return k <= t->mirrored ? t->truth[(size_t)k * oracle_columns(t) + col] : 0;
}

/* Every seat's view hash, and a spectator's, at the mirror's move now. */
static bool oracle_keep_truth(World *w, SimTable *t)
{
    size_t need = ((size_t)t->mirrored + 1) * oracle_columns(t);
    if (need > t->truth_cap) {
        size_t cap = t->truth_cap ? t->truth_cap * 2 : ORACLE_FIRST;
        while (cap < need)
            cap *= 2;
        uint64_t *truth = realloc(t->truth, cap * sizeof *truth);
        if (!truth)
            return false;
        t->truth = truth;
        t->truth_cap = cap;
    }
    for (int s = 0; s <= t->cfg.players; s++) {
        if (game_observe(t->mirror, s < t->cfg.players ? s : GAME_SPECTATOR, w->obs) != CEKI_OK)
            return false;
        t->truth[(size_t)t->mirrored * oracle_columns(t) + (size_t)s] = net_view_hash(w->obs);
    }
    return true;
}

bool oracle_init(World *w, SimTable *t)
{
    t->mirror = game_create(&t->cfg, NULL);
    t->claim_seat = -1;
    for (int s = 0; s < CEKI_MAX_SEATS; s++) {
        t->holder[s] = -1;
        t->away_since[s] = SIM_NEVER;
    }
    return t->mirror && oracle_keep_truth(w, t);
}

bool oracle_advance(World *w, SimTable *t, uint32_t moves)
{
    if (moves <= t->mirrored)
        return true;
    const HostTable *ht = oracle_host_table(&w->host[t->host], t->id);
    int n = 0;
    const Move *hist = ht ? game_history(ht->game, &n) : NULL;
    if (!hist || (uint32_t)n < moves) {
        sim_fail(w, "told-unmade", "table %d: move %u was told, the host's game has %d", t->index,
                 (unsigned)moves, n);
        return false;
    }
    while (t->mirrored < moves) {
        if (game_apply(t->mirror, &hist[t->mirrored]) != CEKI_OK) {
            sim_fail(w, "mirror", "table %d: the host's move %u does not apply to its own deal",
                     t->index, (unsigned)t->mirrored);
            return false;
        }
        t->mirrored++;
        if (!oracle_keep_truth(w, t)) {
            sim_fail(w, "sim", "table %d: no view of move %u", t->index, (unsigned)t->mirrored);
            return false;
        }
    }
    return true;
}

bool oracle_rewind(World *w, SimTable *t)
{
    if (t->mirrored <= t->told)
        return true;
    Game *g = game_create(&t->cfg, NULL);
    const Move *hist = game_history(t->mirror, NULL);
    bool ok = g != NULL;
    for (uint32_t i = 0; ok && i < t->told; i++)
        ok = game_apply(g, &hist[i]) == CEKI_OK;
    if (!ok) {
        game_destroy(g);
        sim_fail(w, "sim", "table %d: the mirror does not go back to move %u", t->index,
                 (unsigned)t->told);
        return false;
    }
    game_destroy(t->mirror);
    t->mirror = g;
    t->mirrored = t->told;
    return true;
}

/* The level the host's stand-ins play t at: its strongest computer seat's,
 * else greedy (host_play.c, play_table_level; asked of the seats as the
 * host holds them, computers given by the creator included). */
static AiLevel oracle_table_level(const HostTable *ht)
{
    AiLevel level = AI_LEVEL_COUNT;
    for (int s = 0; s < ht->cfg.players; s++) {
        uint8_t k = ht->seat[s].kind;
        AiLevel l = k == NET_SEAT_RANDOM   ? AI_RANDOM
                    : k == NET_SEAT_GREEDY ? AI_GREEDY
                    : k == NET_SEAT_STRONG ? AI_STRONG
                                           : AI_LEVEL_COUNT;
        if (l != AI_LEVEL_COUNT && (level == AI_LEVEL_COUNT || l > level))
            level = l;
    }
    return level == AI_LEVEL_COUNT ? AI_GREEDY : level;
}

void oracle_note_move(World *w, SimTable *t, uint32_t i, SimMover who, int seat)
{
    if (i >= t->made_cap) {
        size_t cap = t->made_cap ? t->made_cap * 2 : ORACLE_FIRST;
        while (cap <= i)
            cap *= 2;
        uint8_t *made = realloc(t->made_by, cap);
        if (!made) {
            sim_fail(w, "sim", "out of memory for the moves' makers");
            return;
        }
        t->made_by = made;
        t->made_cap = cap;
    }
    bool stands = who != SIM_BY_EXPIRY && who != SIM_BY_FOUL;
    /* The clock's move is the computer's at the table's level, as a stand-in's
     * (host.h): the seat's own choice when that is the seat's player's level. */
    if (who == SIM_BY_CLOCK)
        w->stats.clock_moves++;
    if (who == SIM_BY_STAND_IN || who == SIM_BY_CLOCK) {
        const HostTable *ht = oracle_host_table(&w->host[t->host], t->id);
        stands = ht && oracle_table_level(ht) == t->level[seat];
        w->stats.stand_in_moves += who == SIM_BY_STAND_IN;
    }
    if (who == SIM_BY_EXPIRY)
        w->stats.expiries++;
    t->made_by[i] = (uint8_t)((uint8_t)who | (stands ? 0 : SIM_MOVER_CHANGED));
    t->applied = i + 1;
    t->moved_at = w->now;
}

void oracle_seat_gone(World *w, SimHost *sh, const SimLink *l)
{
    if (l->table < 0 || l->watching)
        return;
    SimTable *t = &w->table[l->table];
    if (t->holder_link[l->seat] != l->id)
        return;
    t->holder_link[l->seat] = 0;
    t->away_since[l->seat] = host_sim_now(w, sh);
}

void oracle_free(SimTable *t)
{
    game_destroy(t->mirror);
    free(t->truth);
    free(t->made_by);
    free(t->record);
    t->mirror = NULL;
    t->truth = NULL;
    t->made_by = NULL;
    t->record = NULL;
}
