/* host_restore.c — the tables of the journal back in a new host: each
 * dealt again from its seed and its moves replayed through the core (each
 * mover's bank and the clock's moves in a row with them; each bank then as
 * its seat's row kept it, when that is less), its people away
 * with their grace running, or played by the computer when they had asked
 * it or the clock had made it so, its idle time left running again
 * (host_internal.h). */
#include <stdio.h>
#include <string.h>

#include "host_internal.h"

typedef struct RestoreCtx {
    Host *h;
    uint64_t now_ms;
    int tables, failed, finished;
} RestoreCtx;

static void restore_seats(HostTable *t, const HostSavedTable *saved, const RestoreCtx *rc)
{
    for (int s = 0; s < t->cfg.players; s++) {
        const HostSavedSeat *from = &saved->seat[s];
        HostSeat *seat = &t->seat[s];
        seat->kind = from->kind;
        t->rules.seat_kind[s] = from->kind;
#ifdef CEKI_HOST_FAULT_FORGET_TOKEN /* planted for tests/sim: the seat's token is lost */
        memset(seat->token, 0, sizeof seat->token);
#else
        memcpy(seat->token, from->token, sizeof seat->token);
#endif
        memcpy(seat->name, from->name, sizeof seat->name);
        if (from->creator && from->taken)
            t->creator_seat = (int8_t)s;
        if (!host_seat_is_person(seat->kind)) {
            seat->state = NET_SEAT_HERE;
        } else if (from->taken && from->stand_in != NET_STAND_IN_NONE) {
            seat->state = NET_SEAT_STAND_IN; /* as before: until its person moves */
            seat->stand_in = from->stand_in;
        } else if (from->taken) {
            seat->state = NET_SEAT_AWAY;
            seat->grace_end = rc->now_ms + rc->h->grace_ms;
            t->seats_due = rc->now_ms + HOST_SEATS_REFRESH_MS;
        } else {
            seat->state = NET_SEAT_EMPTY;
        }
    }
}

/* Each bank as the journal last kept it: its seat's row, written as it ran
 * down, or its last move's (replayed), whichever is less (a bank only
 * ever goes down, so the lesser is the later). */
static void restore_banks(HostTable *t, const HostSavedTable *saved)
{
    for (int s = 0; s < t->cfg.players; s++) {
        HostSeat *seat = &t->seat[s];
        uint32_t kept = saved->seat[s].bank;
        if (clock_on(t) && kept != HOST_NO_BANK && kept < seat->bank_ms)
            seat->bank_ms = kept;
        seat->bank_kept = seat->bank_ms;
    }
}

/* The table of `saved`, at its last move; NULL when it does not replay. */
static HostTable *restore_table(const HostSavedTable *saved, RestoreCtx *rc)
{
    if (game_config_check(&saved->cfg) != CEKI_OK)
        return NULL;
    HostTable *t = table_new(&saved->cfg, saved->id);
    if (!t)
        return NULL;
    t->autostart = saved->autostart;
    t->started = saved->started;
    t->owner = saved->owner;
    table_set_watch(t, &saved->clock, saved->watch);
    t->open = saved->open || saved->key[0] == '\0';
    memcpy(t->key, t->open ? "" : saved->key, t->open ? 1 : sizeof t->key);
    restore_seats(t, saved, rc);
    bool ok = play_deal(rc->h, t);
    for (int i = 0; ok && i < saved->nmoves; i++)
        ok = play_replay(rc->h, t, &saved->moves[i], (HostBy)saved->by_ai[i],
                         saved->bank_left[i]) == CEKI_OK;
    if (!ok) {
        send_log(rc->h, "table %s: the journal's move %u does not replay; the table is left out",
                 saved->id, (unsigned)t->move_no);
        table_free(t);
        return NULL;
    }
    restore_banks(t, saved);
    t->kept_row = true;
    t->kept_started = t->started;
    t->moves_kept = t->move_no;
    t->over = game_match_over(t->game);
    table_idle_resume(rc->h, t, rc->now_ms, saved->idle_left);
    return t;
}

static void restore_one(void *ctx, const HostSavedTable *saved)
{
    RestoreCtx *rc = ctx;
    HostTable *t = restore_table(saved, rc);
    if (t && table_add(rc->h, t)) {
        rc->tables++;
        send_log(rc->h, "table %s: back at move %u", t->id, (unsigned)t->move_no);
        table_autostart(rc->h, t, rc->now_ms); /* filled, when its start was not kept */
    } else {
        rc->failed++;
    }
}

/* A match the journal holds over (the last host went as it closed it):
 * its seats coming back hear it is over, as they would have from it. */
static void restore_finished(void *ctx, const char *id)
{
    RestoreCtx *rc = ctx;
    table_remember(rc->h, id, NET_REASON_CLOSED_OVER);
    rc->finished++;
}

bool restore_tables(Host *h, uint64_t now_ms, char *err, size_t err_size)
{
    RestoreCtx rc = {h, now_ms, 0, 0, 0};
    int skipped = 0;
    if (!journal_clear_finished(h->journal, restore_finished, &rc, err, err_size) ||
        !journal_load(h->journal, restore_one, &rc, &skipped, err, err_size))
        return false;
    rc.failed += skipped;
    if (rc.tables + rc.failed > 0)
        send_log(h, "%d tables back from the journal, %d left out", rc.tables, rc.failed);
    if (rc.finished > 0)
        send_log(h, "%d finished matches in the journal: their seats are told they are over",
                 rc.finished);
    return true;
}
