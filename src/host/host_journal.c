/* host_journal.c — every table of the host in one SQLite file,
 * data_dir/ceki-server.db (host_internal.h).
 *
 * A small journal of the host's own, not src/app/store: that store speaks
 * the app's language (its messages go through the app's translations) and
 * keeps a person's games; this one keeps tables: each table's row (rules,
 * seed, whether it started or is over, the address that made it, whether
 * it is open and its key, the idle time it has left, its clock and who may
 * watch), its seats (kind, token, name, why the computer plays it when it
 * was asked to or the clock made it so, the turn clock's bank as it ran
 * down) and its moves (who made each: a
 * person, a computer, or the clock for a person; the bank its mover had
 * left). It holds live tables: a table closed or finished leaves it
 * (journal_delete_table). A finished one an older host left in it (gone as
 * it closed it) loses its seats and moves when a host starts; its row
 * stays, so every later host too answers its seats that the match is over
 * (journal_clear_finished). WAL with synchronous=FULL, so a move whose
 * transaction committed survives kill -9 and a power cut; a busy timeout for a second reader
 * (sqlite3 on the command line). host_play.c writes every table changed since the last flush in one
 * transaction (a commit costs an fsync: 6.8 ms measured here, so one per move would cap a host near
 * 150 moves a second in all).
 */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"

#define JOURNAL_FILE "ceki-server.db"
#define JOURNAL_BUSY_MS 5000
#define JOURNAL_PATH_MAX 4096

struct HostJournal {
    sqlite3 *db;
    sqlite3_stmt *put_row, *put_seat, *put_move, *put_idle, *del[3]; /* prepared once */
};

static const char journal_put_row_sql[] =
    "INSERT INTO host_table(id, made, variant, players, options, rounds, stakes, seed,"
    " autostart, started, over, owner, open, key, clock_move, clock_bank, watch) VALUES(?1,"
    " (SELECT COALESCE(MAX(made), -1) + 1 FROM host_table), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,"
    " ?11, ?12, ?13, ?14, ?15, ?16) ON CONFLICT(id) DO UPDATE SET started = ?9, over = ?10";
static const char journal_put_idle_sql[] = "UPDATE host_table SET idle_left = ?2 WHERE id = ?1";
static const char *const journal_del_sql[3] = {"DELETE FROM host_move WHERE tbl = ?1",
                                               "DELETE FROM host_seat WHERE tbl = ?1",
                                               "DELETE FROM host_table WHERE id = ?1"};
/* Columns a journal of an older host lacks, added when it is opened; a
 * journal whose user_version is JOURNAL_VERSION has them all (so a host's
 * start, which opens its journal, does not try them again each time). A
 * new column goes here and raises JOURNAL_VERSION. */
#define JOURNAL_VERSION 3
#define JOURNAL_TEXT(x) #x
#define JOURNAL_VERSION_SQL(v) "PRAGMA user_version=" JOURNAL_TEXT(v)
static const char journal_set_version[] = JOURNAL_VERSION_SQL(JOURNAL_VERSION);
static const char *const journal_new_columns[] = {
    "ALTER TABLE host_table ADD COLUMN owner INTEGER DEFAULT 0",
    "ALTER TABLE host_table ADD COLUMN open INTEGER DEFAULT 1",
    "ALTER TABLE host_table ADD COLUMN key TEXT DEFAULT ''",
    "ALTER TABLE host_table ADD COLUMN idle_left INTEGER DEFAULT -1",
    "ALTER TABLE host_table ADD COLUMN clock_move INTEGER DEFAULT 0",
    "ALTER TABLE host_table ADD COLUMN clock_bank INTEGER DEFAULT 0",
    "ALTER TABLE host_table ADD COLUMN watch INTEGER DEFAULT 0",
    "ALTER TABLE host_seat ADD COLUMN stand_in INTEGER DEFAULT 0",
    "ALTER TABLE host_move ADD COLUMN bank INTEGER DEFAULT -1",
    "ALTER TABLE host_seat ADD COLUMN bank INTEGER DEFAULT -1",
    "ALTER TABLE host_seat ADD COLUMN creator INTEGER DEFAULT 0"};
/* A finished table's moves and seats go; its row stays, the newest
 * HOST_CLOSED_KEPT of them, so every later host remembers it over too. */
#define JOURNAL_NUMBER(x) JOURNAL_TEXT(x)
#define JOURNAL_KEPT_OVER JOURNAL_NUMBER(HOST_CLOSED_KEPT)
static const char journal_clear_over[] =
    "DELETE FROM host_move WHERE tbl IN (SELECT id FROM host_table WHERE over <> 0);"
    "DELETE FROM host_seat WHERE tbl IN (SELECT id FROM host_table WHERE over <> 0);"
    "DELETE FROM host_table WHERE over <> 0 AND id NOT IN (SELECT id FROM host_table"
    " WHERE over <> 0 ORDER BY made DESC LIMIT " JOURNAL_KEPT_OVER ");";
static const char journal_put_seat_sql[] =
    "INSERT OR REPLACE INTO host_seat(tbl, seat, kind, taken, token, name, stand_in, bank,"
    " creator) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";
static const char journal_put_move_sql[] =
    "INSERT OR REPLACE INTO host_move(tbl, no, seat, type, card, target, flags, by_ai, bank)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

static const char journal_schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "PRAGMA wal_autocheckpoint=100;" /* a WAL of at most ~400 KB: a restart's recovery reads less */
    "CREATE TABLE IF NOT EXISTS host_table(id TEXT PRIMARY KEY, made INTEGER, variant INTEGER,"
    " players INTEGER, options INTEGER, rounds INTEGER, stakes INTEGER, seed INTEGER,"
    " autostart INTEGER, started INTEGER, over INTEGER, owner INTEGER DEFAULT 0,"
    " open INTEGER DEFAULT 1, key TEXT DEFAULT '', idle_left INTEGER DEFAULT -1,"
    " clock_move INTEGER DEFAULT 0, clock_bank INTEGER DEFAULT 0, watch INTEGER DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS host_seat(tbl TEXT, seat INTEGER, kind INTEGER, taken INTEGER,"
    " token TEXT, name TEXT, stand_in INTEGER DEFAULT 0, bank INTEGER DEFAULT -1,"
    " creator INTEGER DEFAULT 0, PRIMARY KEY(tbl, seat));"
    "CREATE TABLE IF NOT EXISTS host_move(tbl TEXT, no INTEGER, seat INTEGER, type INTEGER,"
    " card INTEGER, target INTEGER, flags INTEGER, by_ai INTEGER, bank INTEGER DEFAULT -1,"
    " PRIMARY KEY(tbl, no));";

static void journal_error(sqlite3 *db, const char *what, char *err, size_t err_size)
{
    if (err && err_size)
        snprintf(err, err_size, "the journal could not %s: %s", what,
                 db ? sqlite3_errmsg(db) : "out of memory");
}

static int journal_prepare(HostJournal *j)
{
    int rc = sqlite3_prepare_v2(j->db, journal_put_row_sql, -1, &j->put_row, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_seat_sql, -1, &j->put_seat, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_move_sql, -1, &j->put_move, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_idle_sql, -1, &j->put_idle, NULL);
    for (int i = 0; rc == SQLITE_OK && i < 3; i++)
        rc = sqlite3_prepare_v2(j->db, journal_del_sql[i], -1, &j->del[i], NULL);
    return rc;
}

/* The journal's user_version (0 for one made before there was one). */
static int journal_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int version = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        version = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return version;
}

HostJournal *journal_open(const char *data_dir, const char *vfs, char *err, size_t err_size)
{
    char path[JOURNAL_PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", data_dir, JOURNAL_FILE) >= (int)sizeof path) {
        snprintf(err, err_size, "the data directory's name is too long");
        return NULL;
    }
    HostJournal *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    int rc = sqlite3_open_v2(path, &j->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, vfs);
    if (rc == SQLITE_OK)
        rc = sqlite3_busy_timeout(j->db, JOURNAL_BUSY_MS);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(j->db, journal_schema, NULL, NULL, NULL);
    if (rc == SQLITE_OK && journal_version(j->db) < JOURNAL_VERSION) {
        for (size_t i = 0; i < sizeof journal_new_columns / sizeof *journal_new_columns; i++)
            sqlite3_exec(j->db, journal_new_columns[i], NULL, NULL,
                         NULL); /* there already: fails */
        rc = sqlite3_exec(j->db, journal_set_version, NULL, NULL, NULL);
    }
    if (rc == SQLITE_OK)
        rc = journal_prepare(j);
    if (rc != SQLITE_OK) {
        journal_error(j->db, "be opened", err, err_size);
        journal_close(j);
        return NULL;
    }
    return j;
}

void journal_close(HostJournal *j)
{
    if (!j)
        return;
    sqlite3_finalize(j->put_row);
    sqlite3_finalize(j->put_seat);
    sqlite3_finalize(j->put_move);
    sqlite3_finalize(j->put_idle);
    for (int i = 0; i < 3; i++)
        sqlite3_finalize(j->del[i]);
    sqlite3_close(j->db);
    free(j);
}

/* ---- writing ---- */

static bool journal_step(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE;
}

static bool journal_put_row(HostJournal *j, const HostTable *t)
{
    sqlite3_stmt *st = j->put_row;
    sqlite3_bind_text(st, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, (int)t->cfg.variant);
    sqlite3_bind_int(st, 3, t->cfg.players);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)t->cfg.options);
    sqlite3_bind_int(st, 5, t->cfg.rounds);
    sqlite3_bind_int(st, 6, (int)t->cfg.stakes);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)t->cfg.seed); /* read back as uint64_t */
    sqlite3_bind_int(st, 8, t->autostart);
    sqlite3_bind_int(st, 9, t->started);
    sqlite3_bind_int(st, 10, t->over);
    sqlite3_bind_int64(st, 11, (sqlite3_int64)t->owner);
    sqlite3_bind_int(st, 12, t->open);
    sqlite3_bind_text(st, 13, t->key, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 14, (sqlite3_int64)t->clock.move_ms);
    sqlite3_bind_int64(st, 15, (sqlite3_int64)t->clock.bank_ms);
    sqlite3_bind_int(st, 16, t->watch);
    return journal_step(st);
}

/* The idle time t has left from now (-1: not idle). */
static bool journal_put_idle(HostJournal *j, const HostTable *t, uint64_t now_ms)
{
    sqlite3_int64 left = -1;
    if (t->idle_why != NET_REASON_NONE)
        left = t->idle_end > now_ms ? (sqlite3_int64)(t->idle_end - now_ms) : 0;
    sqlite3_bind_text(j->put_idle, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(j->put_idle, 2, left);
    return journal_step(j->put_idle);
}

bool journal_delete_table(HostJournal *j, const char *id, char *err, size_t err_size)
{
    for (int i = 0; i < 3; i++) {
        sqlite3_bind_text(j->del[i], 1, id, -1, SQLITE_STATIC);
        if (!journal_step(j->del[i])) {
            journal_error(j->db, "take a table out", err, err_size);
            return false;
        }
    }
    return true;
}

static bool journal_put_seats(HostJournal *j, const HostTable *t, uint64_t now_ms)
{
    sqlite3_stmt *st = j->put_seat;
    for (int s = 0; s < t->cfg.players; s++) {
        const HostSeat *seat = &t->seat[s];
        sqlite3_bind_text(st, 1, t->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, s);
        sqlite3_bind_int(st, 3, seat->kind);
        sqlite3_bind_int(st, 4, seat->state != NET_SEAT_EMPTY);
        sqlite3_bind_text(st, 5, seat->token, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 6, seat->name, -1, SQLITE_STATIC);
        bool kept = seat->state == NET_SEAT_STAND_IN && seat->stand_in != NET_STAND_IN_AWAY;
        sqlite3_bind_int(st, 7, kept ? seat->stand_in : NET_STAND_IN_NONE);
        bool banked = clock_on(t) && host_seat_is_person(seat->kind);
        sqlite3_bind_int64(st, 8, banked ? (sqlite3_int64)clock_bank_now(t, s, now_ms) : -1);
        sqlite3_bind_int(st, 9, s == t->creator_seat);
        if (!journal_step(st))
            return false;
    }
    return true;
}

static bool journal_put_moves(HostJournal *j, const HostTable *t)
{
    int count = 0;
    const Move *moves = game_history(t->game, &count);
    sqlite3_stmt *st = j->put_move;
    bool ok = true;
    for (int i = (int)t->moves_kept; ok && i < count; i++) {
        const Move *m = &moves[i];
        sqlite3_bind_text(st, 1, t->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_int(st, 3, m->seat);
        sqlite3_bind_int(st, 4, m->type);
        sqlite3_bind_int(st, 5, m->card);
        sqlite3_bind_int(st, 6, m->target);
        sqlite3_bind_int(st, 7, m->flags);
        sqlite3_bind_int(st, 8, t->by_ai[i]);
        uint32_t bank = t->bank_left[i];
        sqlite3_bind_int64(st, 9, bank == HOST_NO_BANK ? -1 : (sqlite3_int64)bank);
        ok = journal_step(st);
    }
    return ok;
}

bool journal_begin(HostJournal *j, char *err, size_t err_size)
{
    if (sqlite3_exec(j->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK)
        return true;
    journal_error(j->db, "begin a write", err, err_size);
    return false;
}

bool journal_put_table(HostJournal *j, const HostTable *t, uint64_t now_ms, char *err,
                       size_t err_size)
{
    bool ok = true;
    if (!t->kept_row || t->kept_started != t->started || t->kept_over != t->over)
        ok = journal_put_row(j, t);
    if (ok && (t->idle_dirty || !t->kept_row))
        ok = journal_put_idle(j, t, now_ms);
    if (ok && (t->seats_dirty || t->bank_dirty || !t->kept_row))
        ok = journal_put_seats(j, t, now_ms);
    if (ok)
        ok = journal_put_moves(j, t);
    if (!ok)
        journal_error(j->db, "write a table", err, err_size);
    return ok;
}

bool journal_commit(HostJournal *j, bool keep, char *err, size_t err_size)
{
    if (keep && sqlite3_exec(j->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return true;
    if (keep)
        journal_error(j->db, "commit", err, err_size);
    sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
    return false;
}

/* ---- reading ---- */

static bool journal_read_seats(sqlite3 *db, HostSavedTable *saved)
{
    sqlite3_stmt *st = NULL;
    const char *sql =
        "SELECT seat, kind, taken, token, name, stand_in, bank, creator FROM host_seat"
        " WHERE tbl = ?1";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, saved->id, -1, SQLITE_STATIC);
    for (int s = 0; s < CEKI_MAX_SEATS; s++)
        saved->seat[s].bank = HOST_NO_BANK; /* a seat without a row has none kept */
    bool ok = true;
    while (ok && sqlite3_step(st) == SQLITE_ROW) {
        int s = sqlite3_column_int(st, 0), kind = sqlite3_column_int(st, 1);
        const unsigned char *token = sqlite3_column_text(st, 3);
        const unsigned char *name = sqlite3_column_text(st, 4);
        ok = s >= 0 && s < saved->cfg.players && kind >= 0 && kind < NET_SEAT_KIND_COUNT;
        if (!ok)
            break;
        HostSavedSeat *seat = &saved->seat[s];
        seat->kind = (uint8_t)kind;
        seat->taken = sqlite3_column_int(st, 2) != 0;
        snprintf(seat->token, sizeof seat->token, "%s", token ? (const char *)token : "");
        snprintf(seat->name, sizeof seat->name, "%s", name ? (const char *)name : "");
        int why = sqlite3_column_int(st, 5);
        bool kept =
            why == NET_STAND_IN_CLOCK || why == NET_STAND_IN_CREATOR || why == NET_STAND_IN_OWN;
        seat->stand_in = (uint8_t)(kept ? why : NET_STAND_IN_NONE);
        sqlite3_int64 bank = sqlite3_column_int64(st, 6); /* NULL or -1: none kept */
        seat->bank = bank < 0 || bank > NET_CLOCK_BANK_MAX_MS ? HOST_NO_BANK : (uint32_t)bank;
        seat->creator = sqlite3_column_int(st, 7) != 0;
    }
    sqlite3_finalize(st);
    return ok;
}

static bool journal_read_moves(sqlite3 *db, HostSavedTable *saved)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT no, seat, type, card, target, flags, by_ai, bank FROM host_move"
                      " WHERE tbl = ?1 ORDER BY no";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, saved->id, -1, SQLITE_STATIC);
    bool ok = true;
    int cap = 0;
    while (ok && sqlite3_step(st) == SQLITE_ROW) {
        if (saved->nmoves == cap) {
            cap = cap ? cap * 2 : 256;
            Move *moves = realloc(saved->moves, (size_t)cap * sizeof *moves);
            uint8_t *by = moves ? realloc(saved->by_ai, (size_t)cap) : NULL;
            uint32_t *bank = by ? realloc(saved->bank_left, (size_t)cap * sizeof *bank) : NULL;
            if (moves)
                saved->moves = moves;
            if (by)
                saved->by_ai = by;
            if (bank)
                saved->bank_left = bank;
            ok = moves && by && bank;
        }
        /* Moves are numbered from 0 without a gap: a gap is a damaged journal. */
        ok = ok && sqlite3_column_int(st, 0) == saved->nmoves;
        if (!ok)
            break;
        Move *m = &saved->moves[saved->nmoves];
        m->seat = (uint8_t)sqlite3_column_int(st, 1);
        m->type = (uint8_t)sqlite3_column_int(st, 2);
        m->card = (Card)sqlite3_column_int(st, 3);
        m->target = (Card)sqlite3_column_int(st, 4);
        m->flags = (uint8_t)sqlite3_column_int(st, 5);
        int by = sqlite3_column_int(st, 6);
        sqlite3_int64 bank = sqlite3_column_int64(st, 7);
        saved->by_ai[saved->nmoves] = (uint8_t)(by == HOST_BY_CLOCK    ? HOST_BY_CLOCK
                                                : by != HOST_BY_PERSON ? HOST_BY_COMPUTER
                                                                       : HOST_BY_PERSON);
        saved->bank_left[saved->nmoves++] =
            bank < 0 || bank > NET_CLOCK_BANK_MAX_MS ? HOST_NO_BANK : (uint32_t)bank;
    }
    sqlite3_finalize(st);
    return ok;
}

static void journal_read_row(sqlite3_stmt *st, HostSavedTable *saved)
{
    const unsigned char *id = sqlite3_column_text(st, 0);
    snprintf(saved->id, sizeof saved->id, "%s", id ? (const char *)id : "");
    saved->cfg.variant = (VariantId)sqlite3_column_int(st, 1);
    saved->cfg.players = sqlite3_column_int(st, 2);
    saved->cfg.options = (uint32_t)sqlite3_column_int64(st, 3);
    saved->cfg.rounds = sqlite3_column_int(st, 4);
    saved->cfg.stakes = (StakeScheme)sqlite3_column_int(st, 5);
    saved->cfg.seed = (uint64_t)sqlite3_column_int64(st, 6);
    saved->autostart = sqlite3_column_int(st, 7) != 0;
    saved->started = sqlite3_column_int(st, 8) != 0;
    saved->owner = (HostAddr)sqlite3_column_int64(st, 9);
    saved->open = sqlite3_column_type(st, 10) == SQLITE_NULL || sqlite3_column_int(st, 10) != 0;
    const unsigned char *key = sqlite3_column_text(st, 11);
    snprintf(saved->key, sizeof saved->key, "%s", key ? (const char *)key : "");
    saved->idle_left =
        sqlite3_column_type(st, 12) == SQLITE_NULL ? -1 : (int64_t)sqlite3_column_int64(st, 12);
    sqlite3_int64 move = sqlite3_column_int64(st, 13), bank = sqlite3_column_int64(st, 14);
    bool clock = move >= NET_CLOCK_MOVE_MIN_MS && move <= NET_CLOCK_MOVE_MAX_MS && bank >= 0 &&
                 bank <= NET_CLOCK_BANK_MAX_MS;
    saved->clock.move_ms = clock ? (uint32_t)move : 0; /* a clock out of bounds: none */
    saved->clock.bank_ms = clock ? (uint32_t)bank : 0;
    int watch = sqlite3_column_int(st, 15);
    saved->watch = (uint8_t)(watch > 0 && watch < NET_WATCH_COUNT ? watch : NET_WATCH_NONE);
}

bool journal_load(HostJournal *j, HostSavedFn fn, void *ctx, int *skipped, char *err,
                  size_t err_size)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT id, variant, players, options, rounds, stakes, seed, autostart,"
                      " started, owner, open, key, idle_left, clock_move, clock_bank, watch"
                      " FROM host_table WHERE over = 0"
                      " ORDER BY made";
    if (sqlite3_prepare_v2(j->db, sql, -1, &st, NULL) != SQLITE_OK) {
        journal_error(j->db, "be read", err, err_size);
        return false;
    }
    *skipped = 0;
    int rc = SQLITE_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        HostSavedTable saved;
        memset(&saved, 0, sizeof saved);
        journal_read_row(st, &saved);
        /* A table that does not read is left out; the others come back. */
        if (saved.cfg.players > 0 && saved.cfg.players <= CEKI_MAX_SEATS &&
            journal_read_seats(j->db, &saved) && journal_read_moves(j->db, &saved))
            fn(ctx, &saved);
        else
            (*skipped)++;
        free(saved.moves);
        free(saved.by_ai);
        free(saved.bank_left);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        journal_error(j->db, "be read to its end", err, err_size);
        return false;
    }
    return true;
}

bool journal_clear_finished(HostJournal *j, HostFinishedFn fn, void *ctx, char *err,
                            size_t err_size)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(j->db, "SELECT id FROM host_table WHERE over <> 0 ORDER BY made",
                                -1, &st, NULL);
    while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        if (id != NULL && strlen(id) <= NET_TABLE_ID_MAX)
            fn(ctx, id);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_DONE)
        rc = sqlite3_exec(j->db, journal_clear_over, NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        journal_error(j->db, "be read", err, err_size);
        return false;
    }
    return true;
}
