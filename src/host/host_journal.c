/* host_journal.c — every table of the host in one SQLite file,
 * data_dir/ceki-server.db (host_internal.h).
 *
 * A small journal of the host's own, not src/app/store: that store speaks
 * the app's language (its messages go through the app's translations) and
 * keeps a person's games; this one keeps tables: each table's row (rules,
 * seed, whether it started or is over), its seats (kind, token, name) and
 * its moves. WAL with synchronous=FULL, so a move whose transaction
 * committed survives kill -9 and a power cut; a busy timeout for a second
 * reader (sqlite3 on the command line).
 *
 * Group commit off the loop: host_play.c copies what the journal lacks of
 * every table changed since the last batch into one batch and hands it to
 * the journal's thread, which writes it in one transaction (one fsync for
 * all of them: 1.9 ms typical, 10.7 ms at p99 on this machine's shared
 * disk) while the loop goes on; the loop collects the outcome at a later
 * tick and only then tells the moves. At most one batch is in flight; the
 * next collects meanwhile. The connection is opened and the tables read
 * back in the caller's thread; once the thread runs (journal_start) the
 * connection is the thread's alone. Without the thread (it could not
 * start), journal_submit writes in the caller's thread.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host_internal.h"

#define JOURNAL_FILE "ceki-server.db"
#define JOURNAL_BUSY_MS 5000
#define JOURNAL_PATH_MAX 4096

#define JOURNAL_ERR_MAX 256
#define JOURNAL_BATCH_ROWS_MIN 64
#define JOURNAL_BATCH_MOVES_MIN 256
#define JOURNAL_NS_PER_MS 1000000L
#define JOURNAL_NS_PER_S 1000000000L

/* What a batch holds of one table: a copy, since the loop goes on. */
typedef struct JournalRow {
    char id[NET_TABLE_ID_MAX + 1];
    GameConfig cfg;
    bool autostart, started, over;
    bool put_row, put_seats;
    HostSavedSeat seat[CEKI_MAX_SEATS];
    int first_move, nmoves; /* moves first_move.. are the batch's moves[at..] */
    size_t at;
} JournalRow;

typedef struct JournalMove {
    Move move;
    uint8_t by_ai;
} JournalMove;

/* Who holds the batch: the loop while JOURNAL_IDLE (filling it) and
 * JOURNAL_DONE (reading the outcome), the thread while JOURNAL_BUSY. */
typedef enum JournalStage { JOURNAL_IDLE, JOURNAL_BUSY, JOURNAL_DONE } JournalStage;

struct HostJournal {
    sqlite3 *db;
    sqlite3_stmt *put_row, *put_seat, *put_move; /* prepared once */
    JournalRow *rows;
    int nrows, rows_cap;
    JournalMove *moves;
    size_t nmoves, moves_cap;
    bool threaded;
    bool handed; /* the loop's own: a batch submitted and not collected yet */
    /* Under lock while the thread runs: */
    bool quit, kept; /* kept: the outcome of the batch done */
    JournalStage stage;
    char err[JOURNAL_ERR_MAX];
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
};

static const char journal_put_row_sql[] =
    "INSERT INTO host_table(id, made, variant, players, options, rounds, stakes, seed,"
    " autostart, started, over) VALUES(?1, (SELECT COUNT(*) FROM host_table), ?2, ?3, ?4, ?5,"
    " ?6, ?7, ?8, ?9, ?10) ON CONFLICT(id) DO UPDATE SET started = ?9, over = ?10";
static const char journal_put_seat_sql[] =
    "INSERT OR REPLACE INTO host_seat(tbl, seat, kind, taken, token, name)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6)";
static const char journal_put_move_sql[] =
    "INSERT OR REPLACE INTO host_move(tbl, no, seat, type, card, target, flags, by_ai)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

static const char journal_schema[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "CREATE TABLE IF NOT EXISTS host_table(id TEXT PRIMARY KEY, made INTEGER, variant INTEGER,"
    " players INTEGER, options INTEGER, rounds INTEGER, stakes INTEGER, seed INTEGER,"
    " autostart INTEGER, started INTEGER, over INTEGER);"
    "CREATE TABLE IF NOT EXISTS host_seat(tbl TEXT, seat INTEGER, kind INTEGER, taken INTEGER,"
    " token TEXT, name TEXT, PRIMARY KEY(tbl, seat));"
    "CREATE TABLE IF NOT EXISTS host_move(tbl TEXT, no INTEGER, seat INTEGER, type INTEGER,"
    " card INTEGER, target INTEGER, flags INTEGER, by_ai INTEGER, PRIMARY KEY(tbl, no));";

static void journal_error(sqlite3 *db, const char *what, char *err, size_t err_size)
{
    if (err && err_size)
        snprintf(err, err_size, "the journal could not %s: %s", what,
                 db ? sqlite3_errmsg(db) : "out of memory");
}

HostJournal *journal_open(const char *data_dir, char *err, size_t err_size)
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
    pthread_mutex_init(&j->lock, NULL);
    pthread_cond_init(&j->wake, NULL);
    pthread_cond_init(&j->done, NULL);
    int rc = sqlite3_open_v2(path, &j->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_busy_timeout(j->db, JOURNAL_BUSY_MS);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(j->db, journal_schema, NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_row_sql, -1, &j->put_row, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_seat_sql, -1, &j->put_seat, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(j->db, journal_put_move_sql, -1, &j->put_move, NULL);
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
    if (j->threaded) { /* the batch in flight is written first */
        pthread_mutex_lock(&j->lock);
        j->quit = true;
        pthread_cond_signal(&j->wake);
        pthread_mutex_unlock(&j->lock);
        pthread_join(j->thread, NULL);
    }
    pthread_cond_destroy(&j->wake);
    pthread_cond_destroy(&j->done);
    pthread_mutex_destroy(&j->lock);
    free(j->rows);
    free(j->moves);
    sqlite3_finalize(j->put_row);
    sqlite3_finalize(j->put_seat);
    sqlite3_finalize(j->put_move);
    sqlite3_close(j->db);
    free(j);
}

/* ---- the batch, filled by the loop ---- */

static bool journal_grow(void **buf, size_t *cap, size_t need, size_t size, size_t least)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : least;
    while (n < need)
        n *= 2;
    void *grown = realloc(*buf, n * size);
    if (!grown)
        return false;
    *buf = grown;
    *cap = n;
    return true;
}

static void journal_copy_seats(JournalRow *r, const HostTable *t)
{
    for (int s = 0; s < t->cfg.players; s++) {
        const HostSeat *seat = &t->seat[s];
        r->seat[s].kind = seat->kind;
        r->seat[s].taken = seat->state != NET_SEAT_EMPTY;
        memcpy(r->seat[s].token, seat->token, sizeof r->seat[s].token);
        memcpy(r->seat[s].name, seat->name, sizeof r->seat[s].name);
    }
}

bool journal_batch_add(HostJournal *j, const HostTable *t)
{
    if (j->handed)
        return false;
    int count = 0;
    const Move *moves = game_history(t->game, &count);
    int first = (int)t->moves_kept, n = count > first ? count - first : 0;
    size_t rows_cap = (size_t)j->rows_cap;
    if (!journal_grow((void **)&j->rows, &rows_cap, (size_t)j->nrows + 1, sizeof *j->rows,
                      JOURNAL_BATCH_ROWS_MIN) ||
        !journal_grow((void **)&j->moves, &j->moves_cap, j->nmoves + (size_t)n, sizeof *j->moves,
                      JOURNAL_BATCH_MOVES_MIN))
        return false;
    j->rows_cap = (int)rows_cap;
    JournalRow *r = &j->rows[j->nrows++];
    memset(r, 0, sizeof *r);
    memcpy(r->id, t->id, sizeof r->id);
    r->cfg = t->cfg;
    r->autostart = t->autostart;
    r->started = t->started;
    r->over = t->over;
    r->put_row = !t->kept_row || t->kept_started != t->started || t->kept_over != t->over;
    r->put_seats = t->seats_dirty || !t->kept_row;
    if (r->put_seats)
        journal_copy_seats(r, t);
    r->first_move = first;
    r->nmoves = n;
    r->at = j->nmoves;
    for (int i = 0; i < n; i++) {
        j->moves[j->nmoves].move = moves[first + i];
        j->moves[j->nmoves++].by_ai = t->by_ai[first + i];
    }
    return true;
}

/* ---- writing, in the journal's thread ---- */

static bool journal_step(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE;
}

static bool journal_put_row(HostJournal *j, const JournalRow *r)
{
    sqlite3_stmt *st = j->put_row;
    sqlite3_bind_text(st, 1, r->id, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, (int)r->cfg.variant);
    sqlite3_bind_int(st, 3, r->cfg.players);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)r->cfg.options);
    sqlite3_bind_int(st, 5, r->cfg.rounds);
    sqlite3_bind_int(st, 6, (int)r->cfg.stakes);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)r->cfg.seed); /* read back as uint64_t */
    sqlite3_bind_int(st, 8, r->autostart);
    sqlite3_bind_int(st, 9, r->started);
    sqlite3_bind_int(st, 10, r->over);
    return journal_step(st);
}

static bool journal_put_seats(HostJournal *j, const JournalRow *r)
{
    sqlite3_stmt *st = j->put_seat;
    for (int s = 0; s < r->cfg.players; s++) {
        const HostSavedSeat *seat = &r->seat[s];
        sqlite3_bind_text(st, 1, r->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, s);
        sqlite3_bind_int(st, 3, seat->kind);
        sqlite3_bind_int(st, 4, seat->taken);
        sqlite3_bind_text(st, 5, seat->token, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 6, seat->name, -1, SQLITE_STATIC);
        if (!journal_step(st))
            return false;
    }
    return true;
}

static bool journal_put_moves(HostJournal *j, const JournalRow *r)
{
    sqlite3_stmt *st = j->put_move;
    bool ok = true;
    for (int i = 0; ok && i < r->nmoves; i++) {
        const JournalMove *jm = &j->moves[r->at + (size_t)i];
        const Move *m = &jm->move;
        sqlite3_bind_text(st, 1, r->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, r->first_move + i);
        sqlite3_bind_int(st, 3, m->seat);
        sqlite3_bind_int(st, 4, m->type);
        sqlite3_bind_int(st, 5, m->card);
        sqlite3_bind_int(st, 6, m->target);
        sqlite3_bind_int(st, 7, m->flags);
        sqlite3_bind_int(st, 8, jm->by_ai);
        ok = journal_step(st);
    }
    return ok;
}

/* The batch in one transaction; false with j->err when it is not kept. */
static bool journal_write(HostJournal *j)
{
    if (sqlite3_exec(j->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        journal_error(j->db, "begin a write", j->err, sizeof j->err);
        return false;
    }
    bool ok = true;
    for (int i = 0; ok && i < j->nrows; i++) {
        const JournalRow *r = &j->rows[i];
        ok = (!r->put_row || journal_put_row(j, r)) && (!r->put_seats || journal_put_seats(j, r)) &&
             journal_put_moves(j, r);
    }
    if (!ok)
        journal_error(j->db, "write a table", j->err, sizeof j->err);
    if (ok && sqlite3_exec(j->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return true;
    if (ok)
        journal_error(j->db, "commit", j->err, sizeof j->err);
    sqlite3_exec(j->db, "ROLLBACK", NULL, NULL, NULL);
    return false;
}

static void *journal_thread(void *arg)
{
    HostJournal *j = arg;
    pthread_mutex_lock(&j->lock);
    for (;;) {
        while (j->stage != JOURNAL_BUSY && !j->quit)
            pthread_cond_wait(&j->wake, &j->lock);
        if (j->stage != JOURNAL_BUSY)
            break; /* told to stop, nothing in hand */
        pthread_mutex_unlock(&j->lock);
        bool kept = journal_write(j);
        pthread_mutex_lock(&j->lock);
        j->kept = kept;
        j->stage = JOURNAL_DONE;
        pthread_cond_broadcast(&j->done);
    }
    pthread_mutex_unlock(&j->lock);
    return NULL;
}

bool journal_start(HostJournal *j)
{
    if (!j->threaded)
        j->threaded = pthread_create(&j->thread, NULL, journal_thread, j) == 0;
    return j->threaded;
}

/* ---- handing over and collecting, in the loop ---- */

void journal_submit(HostJournal *j)
{
    if (j->handed || j->nrows == 0)
        return;
    j->handed = true;
    j->err[0] = '\0';
    if (!j->threaded) {
        j->kept = journal_write(j);
        j->stage = JOURNAL_DONE;
        return;
    }
    pthread_mutex_lock(&j->lock);
    j->stage = JOURNAL_BUSY;
    pthread_cond_signal(&j->wake);
    pthread_mutex_unlock(&j->lock);
}

bool journal_handed(const HostJournal *j)
{
    return j->handed;
}

bool journal_busy(HostJournal *j)
{
    pthread_mutex_lock(&j->lock);
    bool busy = j->stage == JOURNAL_BUSY;
    pthread_mutex_unlock(&j->lock);
    return busy;
}

/* Until the batch is done or `deadline` (CLOCK_REALTIME) has passed. */
static void journal_wait_until(HostJournal *j, const struct timespec *deadline)
{
    pthread_mutex_lock(&j->lock);
    int rc = 0;
    while (j->stage == JOURNAL_BUSY && rc == 0)
        rc = pthread_cond_timedwait(&j->done, &j->lock, deadline);
    pthread_mutex_unlock(&j->lock);
}

bool journal_wait(HostJournal *j, uint32_t max_ms)
{
    struct timespec deadline = {0, 0};
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += (time_t)(max_ms / 1000u);
    deadline.tv_nsec += (long)(max_ms % 1000u) * JOURNAL_NS_PER_MS;
    if (deadline.tv_nsec >= JOURNAL_NS_PER_S) {
        deadline.tv_sec++;
        deadline.tv_nsec -= JOURNAL_NS_PER_S;
    }
    journal_wait_until(j, &deadline);
    return !journal_busy(j);
}

int journal_collect(HostJournal *j, char *err, size_t err_size)
{
    if (!j->handed || journal_busy(j))
        return 0;
    j->handed = false;
    if (!j->kept)
        snprintf(err, err_size, "%s", j->err);
    pthread_mutex_lock(&j->lock);
    j->stage = JOURNAL_IDLE;
    pthread_mutex_unlock(&j->lock);
    j->nrows = 0;
    j->nmoves = 0;
    return j->kept ? 1 : -1;
}

/* ---- reading ---- */

static bool journal_read_seats(sqlite3 *db, HostSavedTable *saved)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT seat, kind, taken, token, name FROM host_seat WHERE tbl = ?1";
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, saved->id, -1, SQLITE_STATIC);
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
    }
    sqlite3_finalize(st);
    return ok;
}

static bool journal_read_moves(sqlite3 *db, HostSavedTable *saved)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT no, seat, type, card, target, flags, by_ai FROM host_move"
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
            if (moves)
                saved->moves = moves;
            if (by)
                saved->by_ai = by;
            ok = moves && by;
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
        saved->by_ai[saved->nmoves++] = (uint8_t)(sqlite3_column_int(st, 6) != 0);
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
}

bool journal_load(HostJournal *j, HostSavedFn fn, void *ctx, int *skipped, char *err,
                  size_t err_size)
{
    sqlite3_stmt *st = NULL;
    const char *sql = "SELECT id, variant, players, options, rounds, stakes, seed, autostart,"
                      " started FROM host_table WHERE over = 0 ORDER BY made";
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
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        journal_error(j->db, "be read to its end", err, err_size);
        return false;
    }
    return true;
}
