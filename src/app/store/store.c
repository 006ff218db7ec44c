/* store.c — the player's data in SQLite (store.h). No SDL. */
#define _POSIX_C_SOURCE 200809L
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef _WIN32
#include <dirent.h>
#endif

#include "file_load.h"
#include "i18n.h"
#include "save_file.h"
#include "session.h"
#include "settings.h"
#include "store_lock.h"

/* 1: games, rounds, matches, stats_base, replays; 2: + tickets (network
 * tables); 3: games gain `lesson` (a guided first game, kept apart from the
 * player's games).
 * Every table is made IF NOT EXISTS, so an older database gets the new
 * ones on its first open and keeps everything it had (add_lesson_column
 * gives an older games table its column). */
#define SCHEMA_VERSION 3

#define OPEN_TRIES 24        /* tries at opening a busy file, at most STORE_BUSY_MS in all */
#define OPEN_PAUSE_MS 4      /* the first pause between them, doubled up to ... */
#define OPEN_PAUSE_MAX_MS 64 /* ... this */
#define OPEN_MIN_WAIT_MS 50  /* the least busy timeout of one try */
#define RETRY_MS 250         /* how long a write waits for a file that could not be opened */
#define HOLD_NAME_MAX 48     /* "game-" and a match id */

/* A game this copy has open (store_game_hold). */
typedef struct Hold {
    char match[STORE_ID_LEN + 1];
    int fd; /* its lock (store_lock.h); < 0 while in memory or where no lock can be made */
} Hold;

struct Store {
    sqlite3 *db;
    bool persistent;
    bool retry; /* in memory for now: the file is tried again before each write */
    int depth;  /* transactions open: the outer one BEGIN, inner ones SAVEPOINT */
    char *path; /* the file (NULL: in memory only) */
    Hold *holds;
    int nholds, cap_holds;
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS games(match TEXT PRIMARY KEY, variant TEXT NOT NULL,"
    " round INTEGER NOT NULL, updated INTEGER NOT NULL, record TEXT NOT NULL,"
    " lesson INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS rounds(match TEXT NOT NULL, round INTEGER NOT NULL,"
    " variant TEXT NOT NULL, level INTEGER NOT NULL, score INTEGER NOT NULL,"
    " won INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY(match, round));"
    "CREATE TABLE IF NOT EXISTS matches(match TEXT PRIMARY KEY, variant TEXT NOT NULL,"
    " level INTEGER NOT NULL, won INTEGER NOT NULL, staked INTEGER NOT NULL,"
    " units INTEGER NOT NULL, at INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS stats_base(id INTEGER PRIMARY KEY CHECK(id = 1),"
    " text TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS replays(id INTEGER PRIMARY KEY, match TEXT NOT NULL UNIQUE,"
    " variant TEXT NOT NULL, finished INTEGER NOT NULL, players INTEGER NOT NULL,"
    " moves INTEGER NOT NULL, damaged INTEGER NOT NULL, record TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS replays_by_time ON replays(finished, id);"
    "CREATE TABLE IF NOT EXISTS tickets(id INTEGER PRIMARY KEY CHECK(id = 1), host TEXT NOT NULL,"
    " port INTEGER NOT NULL, tableid TEXT NOT NULL, token TEXT NOT NULL,"
    " hosting INTEGER NOT NULL, variant TEXT NOT NULL, updated INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS opponents(match TEXT PRIMARY KEY, people INTEGER NOT NULL,"
    " computers INTEGER NOT NULL);";

/* ---- errors in the player's words ----------------------------------------- */

static void say_db(Store *st, int rc, char *err, size_t err_size)
{
    int code = rc & 0xff;
    switch (code) {
    case SQLITE_FULL: say_into(err, err_size, _("the disk is full")); break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_CANTOPEN: say_into(err, err_size, _("the data file cannot be written")); break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        say_into(err, err_size, _("another copy of Ceki kept the data file busy"));
        break;
    case SQLITE_IOERR: say_into(err, err_size, _("the disk reported a write error")); break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB: say_into(err, err_size, _("the data file is damaged")); break;
    default:
        say_into(err, err_size, _("the data file reported an error (%s)"),
                 st != NULL && st->db != NULL ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
        break;
    }
}

static int exec(Store *st, const char *sql)
{
    return sqlite3_exec(st->db, sql, NULL, NULL, NULL);
}

/* A prepared statement; NULL (and *rc set) on failure. */
static sqlite3_stmt *prep(Store *st, const char *sql, int *rc)
{
    sqlite3_stmt *q = NULL;
    *rc = sqlite3_prepare_v2(st->db, sql, -1, &q, NULL);
    return *rc == SQLITE_OK ? q : NULL;
}

static int64_t now_seconds(void)
{
    return (int64_t)time(NULL);
}

static int run_bound(Store *st, const char *sql, const char *types, ...);
static void hold_lock(Store *st, Hold *h);

/* ---- opening ---------------------------------------------------------------- */

/* SQL's open_elsewhere(match): whether another copy has that game open. */
static void sql_open_elsewhere(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    Store *st = sqlite3_user_data(ctx);
    sqlite3_result_int(ctx,
                       store_game_open_elsewhere(st, (const char *)sqlite3_value_text(argv[0])));
}

/* A games table of an earlier version gains its lesson column, and the
 * guided games it kept among the games (their save's "# guided 1" line,
 * save_file.h) become lessons. Run again on a database an earlier version
 * wrote to since, it marks what that version put in. */
static int add_lesson_column(Store *st)
{
    sqlite3_stmt *q = NULL;
    bool has = false;
    int rc = sqlite3_prepare_v2(st->db, "PRAGMA table_info(games)", -1, &q, NULL);
    while (rc == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        has = has || strcmp((const char *)sqlite3_column_text(q, 1), "lesson") == 0;
    }
    sqlite3_finalize(q);
    if (rc == SQLITE_OK && !has) {
        rc = exec(st, "ALTER TABLE games ADD COLUMN lesson INTEGER NOT NULL DEFAULT 0");
    }
    if (rc == SQLITE_OK) {
        rc = exec(st, "UPDATE games SET lesson = 1 WHERE lesson = 0 AND"
                      " instr(char(10) || record, char(10) || '# guided 1' || char(10)) > 0");
    }
    return rc;
}

static bool setup_db(Store *st)
{
    sqlite3_create_function(st->db, "open_elsewhere", 1, SQLITE_UTF8, st, sql_open_elsewhere, NULL,
                            NULL);
    if (st->persistent) {
        sqlite3_stmt *q = NULL;
        int rc = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode=WAL", -1, &q, NULL);
        if (rc == SQLITE_OK) {
            rc = sqlite3_step(q);
        }
        sqlite3_finalize(q);
        if (rc != SQLITE_ROW) {
            return false;
        }
        if (exec(st, "PRAGMA synchronous=FULL") != SQLITE_OK) {
            return false;
        }
    }
    /* Nothing is written when the tables are there (a full disk still opens). */
    sqlite3_stmt *v = NULL;
    int version = sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &v, NULL) == SQLITE_OK &&
                          sqlite3_step(v) == SQLITE_ROW
                      ? sqlite3_column_int(v, 0)
                      : -1;
    sqlite3_finalize(v);
    if (version == SCHEMA_VERSION) {
        return true;
    }
    /* Taken as a write transaction, so two copies starting at once make the
     * tables one after the other. */
    if (exec(st, "BEGIN IMMEDIATE") != SQLITE_OK) {
        return false;
    }
    int rc = exec(st, SCHEMA);
    if (rc == SQLITE_OK) {
        rc = add_lesson_column(st);
    }
    if (rc == SQLITE_OK) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version=%d", SCHEMA_VERSION);
        rc = exec(st, sql);
    }
    if (rc != SQLITE_OK) {
        exec(st, "ROLLBACK");
        return false;
    }
    return exec(st, "COMMIT") == SQLITE_OK;
}

/* Whether the database reads whole: PRAGMA integrity_check says "ok". */
static bool db_whole(Store *st)
{
    sqlite3_stmt *q = NULL;
    bool ok = sqlite3_prepare_v2(st->db, "PRAGMA integrity_check", -1, &q, NULL) == SQLITE_OK &&
              sqlite3_step(q) == SQLITE_ROW &&
              strcmp((const char *)sqlite3_column_text(q, 0), "ok") == 0;
    sqlite3_finalize(q);
    return ok;
}

/* A new database in memory on st (st->db closed before). */
static bool memory_db(Store *st)
{
    st->persistent = false;
    if (sqlite3_open(":memory:", &st->db) != SQLITE_OK || !setup_db(st)) {
        sqlite3_close(st->db);
        st->db = NULL;
        return false;
    }
    sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
    return true;
}

static Store *open_memory(void)
{
    Store *st = calloc(1, sizeof *st);
    if (st != NULL && !memory_db(st)) {
        free(st);
        st = NULL;
    }
    return st;
}

typedef enum Opened { OPENED, OPEN_DAMAGED, OPEN_UNREADABLE, OPEN_BUSY } Opened;

static bool busy_code(int code)
{
    code &= 0xff;
    return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

/* One try at the file, waiting up to wait_ms for another copy's lock. */
static Opened try_open(Store *st, const char *path, int wait_ms)
{
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        int code = rc & 0xff;
        return busy_code(code)                                   ? OPEN_BUSY
               : code == SQLITE_NOTADB || code == SQLITE_CORRUPT ? OPEN_DAMAGED
                                                                 : OPEN_UNREADABLE;
    }
    st->persistent = true;
    sqlite3_busy_timeout(st->db, wait_ms); /* another copy may be writing */
    if (!db_whole(st)) {
        int code = sqlite3_errcode(st->db) & 0xff;
        return busy_code(code)                                   ? OPEN_BUSY
               : code == SQLITE_IOERR || code == SQLITE_CANTOPEN ? OPEN_UNREADABLE
                                                                 : OPEN_DAMAGED;
    }
    bool set = setup_db(st);
    sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
    if (!set) {
        int code = sqlite3_errcode(st->db) & 0xff;
        return busy_code(code)                                   ? OPEN_BUSY
               : code == SQLITE_NOTADB || code == SQLITE_CORRUPT ? OPEN_DAMAGED
                                                                 : OPEN_UNREADABLE;
    }
    return OPENED;
}

static void close_db(Store *st)
{
    sqlite3_close(st->db);
    st->db = NULL;
    st->persistent = false;
}

/* The file, tried again while another copy keeps it busy (switching it to
 * WAL, making its tables, a checkpoint): at most OPEN_TRIES times and
 * budget_ms in all. On failure st->db is left open to say why. */
static Opened open_file(Store *st, const char *path, int budget_ms)
{
    int64_t until = lock_clock_ms() + budget_ms;
    int pause = OPEN_PAUSE_MS;
    Opened result = OPEN_BUSY;
    for (int i = 0; i < OPEN_TRIES; i++) {
        int left = (int)(until - lock_clock_ms());
        result = try_open(st, path, left > OPEN_MIN_WAIT_MS ? left : OPEN_MIN_WAIT_MS);
        if (result != OPEN_BUSY || lock_clock_ms() >= until || i + 1 == OPEN_TRIES) {
            break;
        }
        close_db(st);
        lock_sleep_ms(pause);
        pause = pause * 2 < OPEN_PAUSE_MAX_MS ? pause * 2 : OPEN_PAUSE_MAX_MS;
    }
    return result;
}

/* Why a path cannot be used at all, before SQLite touches it ("" when it
 * is a regular file that reads and writes, or is not there yet). */
static void unusable_db(const char *path, char *why, size_t size)
{
    why[0] = '\0';
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (errno != ENOENT) {
            say_into(why, size, "%s", strerror(errno));
        }
        return;
    }
    if (!S_ISREG(sb.st_mode)) {
        say_into(why, size, _("it is not a regular file"));
        return;
    }
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        say_into(why, size, "%s", strerror(errno));
        return;
    }
    char byte;
    if (sb.st_size > 0 && read(fd, &byte, 1) != 1) {
        say_into(why, size, _("it could not be read"));
    }
    close(fd);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Damaged: kept aside with its log, then a new one; false (the file left
 * as it is) when it could not be kept aside or the new one not made. */
static bool renew_damaged(Store *st, const char *path, char *notice, size_t notice_size)
{
    close_db(st);
    char kept[1200] = "", wal[1200], kept_wal[1300];
    bool aside = file_keep_aside(path, kept, sizeof kept);
    snprintf(wal, sizeof wal, "%s-wal", path);
    if (aside && access(wal, F_OK) == 0) {
        snprintf(kept_wal, sizeof kept_wal, "%s-wal", kept);
        if (rename(wal, kept_wal) != 0) {
            file_keep_aside(wal, kept_wal, sizeof kept_wal);
        }
    }
    snprintf(wal, sizeof wal, "%s-shm", path);
    if (aside) {
        remove(wal); /* only an index of the log; SQLite makes it anew */
    }
    if (aside && open_file(st, path, STORE_BUSY_MS) == OPENED) {
        say_into(notice, notice_size,
                 _("Your games and statistics were damaged; the file was kept as %.200s and a "
                   "new one was started."),
                 base_name(kept));
        return true;
    }
    say_into(notice, notice_size,
             _("Your games and statistics (%.300s) are damaged and could not be kept aside; the "
               "file was left as it is and nothing will be kept this time."),
             path);
    return false;
}

/* The store goes on in memory; with `retry`, the file is tried again before
 * each write (store_retry_file). NULL when even that fails. */
static Store *go_on_in_memory(Store *st, bool retry)
{
    close_db(st);
    if (!memory_db(st)) {
        store_close(st);
        return NULL;
    }
    st->retry = retry;
    return st;
}

static Store *new_store(const char *path)
{
    Store *st = calloc(1, sizeof *st);
    if (st != NULL && (st->path = strdup(path)) == NULL) {
        free(st);
        st = NULL;
    }
    return st;
}

/* The file opened, copies that start at once taking turns ("locks/opening",
 * store_lock.h): one makes a new file whole while the other waits, so no
 * copy ever sees a file half made. */
static Opened open_in_turn(Store *st, const char *path, char *notice, size_t notice_size)
{
    char gate_path[1200];
    int gate = lock_path(path, "opening", gate_path, sizeof gate_path)
                   ? lock_take_within(gate_path, STORE_BUSY_MS)
                   : LOCK_NONE;
    Opened result = open_file(st, path, STORE_BUSY_MS);
    if (result == OPEN_DAMAGED && renew_damaged(st, path, notice, notice_size)) {
        result = OPENED;
    }
    lock_drop(gate, gate_path, false);
    return result;
}

Store *store_open(const char *path, char *notice, size_t notice_size)
{
    if (notice != NULL && notice_size > 0) {
        notice[0] = '\0';
    }
    if (path == NULL || strcmp(path, ":memory:") == 0) {
        return open_memory();
    }
    char why[200];
    Store *st = new_store(path);
    if (st == NULL) {
        return NULL;
    }
    unusable_db(path, why, sizeof why);
    Opened result = why[0] != '\0' ? OPEN_UNREADABLE : open_in_turn(st, path, notice, notice_size);
    if (result == OPENED) {
        return st;
    }
    if (result == OPEN_BUSY) {
        say_into(notice, notice_size,
                 _("Another copy of Ceki keeps your games and statistics (%.300s) busy; what you "
                   "play is kept as soon as it lets go."),
                 path);
    } else if (result == OPEN_UNREADABLE) {
        if (why[0] == '\0') {
            say_db(st, st->db != NULL ? sqlite3_extended_errcode(st->db) : SQLITE_CANTOPEN, why,
                   sizeof why);
        }
        say_into(notice, notice_size,
                 _("Your games and statistics (%.300s) could not be opened: %.120s. The file was "
                   "left as it is; nothing will be kept this time."),
                 path, why);
    }
    return go_on_in_memory(st, result != OPEN_DAMAGED);
}

/* ---- a file that could not be opened, tried again -------------------------------- */

/* What was kept in memory goes into the file (attached to the memory
 * database), in one transaction. */
static bool move_into_file(Store *st)
{
    static const char *const moves[] = {
        "INSERT OR REPLACE INTO disk.games(match, variant, round, updated, record, lesson)"
        " SELECT match, variant, round, updated, record, lesson FROM main.games",
        "INSERT OR REPLACE INTO disk.tickets SELECT * FROM main.tickets",
        "INSERT OR IGNORE INTO disk.opponents SELECT * FROM main.opponents",
        "INSERT OR IGNORE INTO disk.rounds SELECT * FROM main.rounds",
        "INSERT OR IGNORE INTO disk.matches SELECT * FROM main.matches",
        "INSERT OR IGNORE INTO disk.replays(match, variant, finished, players, moves, damaged,"
        " record) SELECT match, variant, finished, players, moves, damaged, record"
        " FROM main.replays ORDER BY id",
    };
    if (run_bound(st, "ATTACH DATABASE ?1 AS disk", "t", st->path) != SQLITE_OK) {
        return false;
    }
    int rc = exec(st, "PRAGMA disk.synchronous=FULL");
    if (rc == SQLITE_OK) {
        rc = exec(st, "BEGIN IMMEDIATE");
    }
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof moves / sizeof moves[0]; i++) {
        rc = exec(st, moves[i]);
    }
    if (rc == SQLITE_OK) {
        rc = exec(st, "COMMIT");
    }
    if (rc != SQLITE_OK) {
        exec(st, "ROLLBACK");
    }
    exec(st, "DETACH DATABASE disk");
    return rc == SQLITE_OK;
}

/* Before a write of a store that went on in memory: the file once more
 * (briefly: a play never waits long). Once it opens, what was kept in
 * memory is moved in and the store is the file's from then on. */
static void store_retry_file(Store *st)
{
    if (st->persistent || !st->retry || st->depth > 0 || st->path == NULL) {
        return;
    }
    char why[200];
    unusable_db(st->path, why, sizeof why);
    Store file = {0};
    if (why[0] != '\0' || open_file(&file, st->path, RETRY_MS) != OPENED) {
        close_db(&file);
        return;
    }
    st->retry = false; /* the moving's own writes do not come back here */
    sqlite3_busy_timeout(st->db, RETRY_MS);
    bool moved = move_into_file(st);
    sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
    if (!moved) {
        st->retry = true;
        close_db(&file);
        return;
    }
    sqlite3_close(st->db);
    st->db = file.db;
    st->persistent = true;
    st->retry = false;
    sqlite3_create_function(st->db, "open_elsewhere", 1, SQLITE_UTF8, st, sql_open_elsewhere, NULL,
                            NULL);
    for (int i = 0; i < st->nholds; i++) {
        hold_lock(st, &st->holds[i]);
    }
}

void store_close(Store *st)
{
    if (st != NULL) {
        while (st->nholds > 0) {
            store_game_let_go(st, st->holds[0].match);
        }
        sqlite3_close(st->db);
        free(st->holds);
        free(st->path);
        free(st);
    }
}

bool store_persistent(const Store *st)
{
    return st != NULL && st->persistent;
}

/* ---- one write ----------------------------------------------------------------- */

/* Runs a statement with text (t) and integer (i) parameters in the order of
 * the format: "tti" binds text, text, integer. */
static int run_bound(Store *st, const char *sql, const char *types, ...)
{
    store_retry_file(st);
    int rc = SQLITE_OK;
    sqlite3_stmt *q = prep(st, sql, &rc);
    if (q == NULL) {
        return rc;
    }
    va_list ap;
    va_start(ap, types);
    for (int i = 0; types[i] != '\0' && rc == SQLITE_OK; i++) {
        if (types[i] == 't') {
            const char *text = va_arg(ap, const char *);
            rc = sqlite3_bind_text(q, i + 1, text, -1, SQLITE_STATIC);
        } else if (types[i] == 'b') { /* text with its length */
            const char *text = va_arg(ap, const char *);
            size_t len = va_arg(ap, size_t);
            rc = sqlite3_bind_text64(q, i + 1, text, len, SQLITE_STATIC, SQLITE_UTF8);
        } else {
            rc = sqlite3_bind_int64(q, i + 1, va_arg(ap, int64_t));
        }
    }
    va_end(ap);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(q);
        rc = rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
    }
    sqlite3_finalize(q);
    return rc;
}

static bool finish(Store *st, int rc, char *err, size_t err_size)
{
    if (rc != SQLITE_OK) {
        say_db(st, rc, err, err_size);
        return false;
    }
    return true;
}

static bool begin(Store *st, char *err, size_t err_size)
{
    store_retry_file(st);
    if (!finish(st, exec(st, st->depth > 0 ? "SAVEPOINT inner" : "BEGIN IMMEDIATE"), err,
                err_size)) {
        return false;
    }
    st->depth++;
    return true;
}

static bool commit(Store *st, int rc, char *err, size_t err_size)
{
    bool inner = st->depth > 1;
    if (rc == SQLITE_OK) {
        rc = exec(st, inner ? "RELEASE inner" : "COMMIT");
    }
    if (rc != SQLITE_OK) {
        say_db(st, rc, err, err_size);
        if (inner) {
            exec(st, "ROLLBACK TO inner");
            exec(st, "RELEASE inner");
        } else {
            exec(st, "ROLLBACK");
        }
    }
    st->depth--;
    return rc == SQLITE_OK;
}

bool store_begin(Store *st, char *err, size_t err_size)
{
    return st != NULL && begin(st, err, err_size);
}

bool store_commit(Store *st, char *err, size_t err_size)
{
    return st != NULL && st->depth > 0 && commit(st, SQLITE_OK, err, err_size);
}

/* ---- games in progress ------------------------------------------------------------ */

/* A game's or a lesson's row, put or brought up to date (a match is one
 * or the other from its first write on). */
static bool put_game(Store *st, const char *match, const char *variant, int round, bool lesson,
                     const char *text, size_t len, char *err, size_t err_size)
{
    if (st == NULL || match == NULL || variant == NULL || text == NULL) {
        say_into(err, err_size, _("nothing to save"));
        return false;
    }
    if (len > STORE_MAX_RECORD) {
        say_into(err, err_size, _("the game is too long to keep"));
        return false;
    }
    int rc = run_bound(st,
                       "INSERT INTO games(match, variant, round, updated, record, lesson)"
                       " VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(match) DO UPDATE SET"
                       " round = ?3, updated = ?4, record = ?5",
                       "ttiibi", match, variant, (int64_t)round, (int64_t)now_seconds(), text, len,
                       (int64_t)lesson);
    return finish(st, rc, err, err_size);
}

bool store_game_put(Store *st, const char *match, const char *variant, int round, const char *text,
                    size_t len, char *err, size_t err_size)
{
    return put_game(st, match, variant, round, false, text, len, err, err_size);
}

bool store_lesson_put(Store *st, const char *match, const char *variant, int round,
                      const char *text, size_t len, char *err, size_t err_size)
{
    return put_game(st, match, variant, round, true, text, len, err, err_size);
}

/* The rows of games (lesson false) or of lessons, newest first. */
static int list_games(Store *st, const char *variant, bool lesson, StoreGame *out, int max)
{
    if (st == NULL || out == NULL || max <= 0) {
        return 0;
    }
    int rc = SQLITE_OK;
    sqlite3_stmt *q = prep(st,
                           "SELECT match, variant, round, updated, open_elsewhere(match) FROM games"
                           " WHERE (?1 IS NULL OR variant = ?1) AND lesson = ?2"
                           " ORDER BY updated DESC, rowid DESC",
                           &rc);
    if (q == NULL) {
        return 0;
    }
    sqlite3_bind_text(q, 1, variant, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, lesson ? 1 : 0);
    int n = 0;
    while (n < max && sqlite3_step(q) == SQLITE_ROW) {
        StoreGame *g = &out[n++];
        snprintf(g->match, sizeof g->match, "%s", (const char *)sqlite3_column_text(q, 0));
        snprintf(g->variant, sizeof g->variant, "%s", (const char *)sqlite3_column_text(q, 1));
        g->round = sqlite3_column_int(q, 2);
        g->updated = sqlite3_column_int64(q, 3);
        g->open_elsewhere = sqlite3_column_int(q, 4) != 0;
    }
    sqlite3_finalize(q);
    return n;
}

int store_games(Store *st, const char *variant, StoreGame *out, int max)
{
    return list_games(st, variant, false, out, max);
}

int store_lessons(Store *st, const char *variant, StoreGame *out, int max)
{
    return list_games(st, variant, true, out, max);
}

/* The text column of one row, copied and NUL-terminated. */
static char *column_copy(sqlite3_stmt *q, int col, size_t *len)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    size_t n = (size_t)sqlite3_column_bytes(q, col);
    char *copy = t != NULL && n <= STORE_MAX_RECORD ? malloc(n + 1) : NULL;
    if (copy != NULL) {
        memcpy(copy, t, n);
        copy[n] = '\0';
        if (len != NULL) {
            *len = n;
        }
    }
    return copy;
}

static char *text_of(Store *st, const char *sql, const char *key, int64_t id, size_t *len)
{
    int rc = SQLITE_OK;
    sqlite3_stmt *q = st != NULL ? prep(st, sql, &rc) : NULL;
    if (q == NULL) {
        return NULL;
    }
    if (key != NULL) {
        sqlite3_bind_text(q, 1, key, -1, SQLITE_STATIC);
    } else {
        sqlite3_bind_int64(q, 1, id);
    }
    char *text = sqlite3_step(q) == SQLITE_ROW ? column_copy(q, 0, len) : NULL;
    sqlite3_finalize(q);
    return text;
}

char *store_game_text(Store *st, const char *match, size_t *len)
{
    return match != NULL ? text_of(st, "SELECT record FROM games WHERE match = ?1", match, 0, len)
                         : NULL;
}

bool store_game_drop(Store *st, const char *match, char *err, size_t err_size)
{
    if (st == NULL || match == NULL) {
        return false;
    }
    return finish(st, run_bound(st, "DELETE FROM games WHERE match = ?1", "t", match), err,
                  err_size);
}

/* ---- the ticket of a network table --------------------------------------- */

bool store_ticket_put(Store *st, const StoreTicket *t, char *err, size_t err_size)
{
    if (st == NULL || t == NULL || t->host[0] == '\0' || t->token[0] == '\0') {
        say_into(err, err_size, _("nothing to save"));
        return false;
    }
    int rc = run_bound(st,
                       "INSERT OR REPLACE INTO tickets(id, host, port, tableid, token, hosting,"
                       " variant, updated) VALUES(1, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                       "tittiti", t->host, (int64_t)t->port, t->table, t->token,
                       (int64_t)t->hosting, t->variant, (int64_t)time(NULL));
    return finish(st, rc, err, err_size);
}

bool store_ticket_get(Store *st, StoreTicket *out)
{
    if (st == NULL || out == NULL) {
        return false;
    }
    int rc = SQLITE_OK;
    sqlite3_stmt *q = prep(st,
                           "SELECT host, port, tableid, token, hosting, variant, updated"
                           " FROM tickets WHERE id = 1",
                           &rc);
    bool found = q != NULL && sqlite3_step(q) == SQLITE_ROW;
    if (found) {
        memset(out, 0, sizeof *out);
        snprintf(out->host, sizeof out->host, "%s", (const char *)sqlite3_column_text(q, 0));
        out->port = sqlite3_column_int(q, 1);
        snprintf(out->table, sizeof out->table, "%s", (const char *)sqlite3_column_text(q, 2));
        snprintf(out->token, sizeof out->token, "%s", (const char *)sqlite3_column_text(q, 3));
        out->hosting = sqlite3_column_int(q, 4) != 0;
        snprintf(out->variant, sizeof out->variant, "%s", (const char *)sqlite3_column_text(q, 5));
        out->updated = sqlite3_column_int64(q, 6);
    }
    sqlite3_finalize(q);
    return found;
}

bool store_ticket_drop(Store *st, char *err, size_t err_size)
{
    if (st == NULL) {
        return false;
    }
    return finish(st, run_bound(st, "DELETE FROM tickets", ""), err, err_size);
}

bool store_opponents_put(Store *st, const char *match, int people, int computers, char *err,
                         size_t err_size)
{
    if (st == NULL || match == NULL || people < 0 || computers < 0) {
        say_into(err, err_size, _("nothing to save"));
        return false;
    }
    int rc = run_bound(
        st, "INSERT OR IGNORE INTO opponents(match, people, computers) VALUES(?1, ?2, ?3)", "tii",
        match, (int64_t)people, (int64_t)computers);
    return finish(st, rc, err, err_size);
}

bool store_opponents_get(Store *st, const char *match, int *people, int *computers)
{
    int rc = SQLITE_OK;
    sqlite3_stmt *q =
        st != NULL && match != NULL
            ? prep(st, "SELECT people, computers FROM opponents WHERE match = ?1", &rc)
            : NULL;
    if (q != NULL) {
        sqlite3_bind_text(q, 1, match, -1, SQLITE_STATIC);
    }
    bool found = q != NULL && sqlite3_step(q) == SQLITE_ROW;
    if (found && people != NULL) {
        *people = sqlite3_column_int(q, 0);
    }
    if (found && computers != NULL) {
        *computers = sqlite3_column_int(q, 1);
    }
    sqlite3_finalize(q);
    return found;
}

bool store_game_set_aside(Store *st, const char *match, char *err, size_t err_size)
{
    if (st == NULL || match == NULL || !begin(st, err, err_size)) {
        return false;
    }
    int rc = run_bound(st,
                       "INSERT OR IGNORE INTO replays(match, variant, finished, players, moves,"
                       " damaged, record) SELECT match, variant, updated, 0, 0, 1, record"
                       " FROM games WHERE match = ?1",
                       "t", match);
    if (rc == SQLITE_OK) {
        rc = run_bound(st, "DELETE FROM games WHERE match = ?1", "t", match);
    }
    return commit(st, rc, err, err_size);
}

bool store_game_drop_variant(Store *st, const char *variant, char *err, size_t err_size)
{
    if (st == NULL || variant == NULL) {
        return false;
    }
    return finish(st,
                  run_bound(st,
                            "DELETE FROM games WHERE variant = ?1 AND lesson = 0"
                            " AND NOT open_elsewhere(match)",
                            "t", variant),
                  err, err_size);
}

/* ---- games open in this copy ------------------------------------------------------ */

/* The lock file of a game: "locks/game-<match>" beside the database; false
 * for an id that is not hex digits (never a path of its own). */
static bool hold_path(const Store *st, const char *match, char *out, size_t size)
{
    size_t n = match != NULL ? strlen(match) : 0;
    if (st->path == NULL || n == 0 || n > STORE_ID_LEN || strspn(match, "0123456789abcdef") != n) {
        return false;
    }
    char name[HOLD_NAME_MAX];
    snprintf(name, sizeof name, "game-%s", match);
    return lock_path(st->path, name, out, size);
}

static void hold_lock(Store *st, Hold *h)
{
    char path[1200];
    if (h->fd < 0 && st->persistent && hold_path(st, h->match, path, sizeof path)) {
        int fd = lock_take(path);
        h->fd = fd >= 0 ? fd : -1;
    }
}

static Hold *hold_find(Store *st, const char *match)
{
    for (int i = 0; match != NULL && i < st->nholds; i++) {
        if (strcmp(st->holds[i].match, match) == 0) {
            return &st->holds[i];
        }
    }
    return NULL;
}

bool store_game_hold(Store *st, const char *match)
{
    if (st == NULL || match == NULL || strlen(match) > STORE_ID_LEN) {
        return false;
    }
    if (hold_find(st, match) != NULL) {
        return true;
    }
    char path[1200];
    int fd = -1;
    if (st->persistent && hold_path(st, match, path, sizeof path)) {
        fd = lock_take(path);
        if (fd == LOCK_HELD) {
            return false;
        }
    }
    if (st->nholds == st->cap_holds) {
        int cap = st->cap_holds > 0 ? st->cap_holds * 2 : 4;
        Hold *more = realloc(st->holds, (size_t)cap * sizeof *more);
        if (more == NULL) {
            lock_drop(fd, path, true);
            return false;
        }
        st->holds = more;
        st->cap_holds = cap;
    }
    Hold *h = &st->holds[st->nholds++];
    snprintf(h->match, sizeof h->match, "%s", match);
    h->fd = fd >= 0 ? fd : -1;
    return true;
}

void store_game_let_go(Store *st, const char *match)
{
    Hold *h = st != NULL ? hold_find(st, match) : NULL;
    if (h == NULL) {
        return;
    }
    char path[1200];
    lock_drop(h->fd, hold_path(st, h->match, path, sizeof path) ? path : NULL, true);
    *h = st->holds[--st->nholds];
}

bool store_game_open_elsewhere(Store *st, const char *match)
{
    char path[1200];
    return st != NULL && st->persistent && hold_find(st, match) == NULL &&
           hold_path(st, match, path, sizeof path) && lock_held_elsewhere(path);
}

/* ---- statistics ---------------------------------------------------------------------- */

bool store_add_round(Store *st, const char *match, int round, const char *variant, int level,
                     int score, bool won, char *err, size_t err_size)
{
    if (st == NULL || match == NULL || variant == NULL) {
        return false;
    }
    int rc = run_bound(st,
                       "INSERT OR IGNORE INTO rounds(match, round, variant, level, score, won, at)"
                       " VALUES(?, ?, ?, ?, ?, ?, ?)",
                       "titiiii", match, (int64_t)round, variant, (int64_t)level, (int64_t)score,
                       (int64_t)won, (int64_t)now_seconds());
    return finish(st, rc, err, err_size);
}

bool store_add_match(Store *st, const char *match, const char *variant, int level, bool won,
                     bool staked, int units, char *err, size_t err_size)
{
    if (st == NULL || match == NULL || variant == NULL) {
        return false;
    }
    int rc =
        run_bound(st,
                  "INSERT OR IGNORE INTO matches(match, variant, level, won, staked, units, at)"
                  " VALUES(?, ?, ?, ?, ?, ?, ?)",
                  "ttiiiii", match, variant, (int64_t)level, (int64_t)won, (int64_t)staked,
                  (int64_t)units, (int64_t)now_seconds());
    return finish(st, rc, err, err_size);
}

static bool read_base(Store *st, Stats *out)
{
    stats_clear(out);
    size_t len = 0;
    char *text = text_of(st, "SELECT text FROM stats_base WHERE id = ?1", NULL, 1, &len);
    if (text == NULL) {
        return true;
    }
    char why[200];
    bool ok = stats_parse(text, len, out, why, sizeof why);
    free(text);
    return ok;
}

static bool write_base(Store *st, const Stats *s, int *rc)
{
    char buf[STATS_MAX_FILE];
    size_t n = stats_format(s, buf, sizeof buf);
    if (n >= sizeof buf) {
        *rc = SQLITE_TOOBIG;
        return false;
    }
    *rc = run_bound(st, "INSERT OR REPLACE INTO stats_base(id, text) VALUES(1, ?)", "b", buf, n);
    return *rc == SQLITE_OK;
}

static int level_of(sqlite3_stmt *q, int col)
{
    int level = sqlite3_column_int(q, col);
    return level >= 0 && level < STATS_LEVELS ? level : -1;
}

/* Adds every row a query gives (variant, level, then the counts) to *s;
 * SQLITE_DONE when all were read. */
static int fold(Store *st, Stats *s, const char *sql, bool matches)
{
    int rc = SQLITE_OK;
    sqlite3_stmt *q = prep(st, sql, &rc);
    while (q != NULL && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const VariantDesc *v = variant_find((const char *)sqlite3_column_text(q, 0));
        int level = level_of(q, 1), a = sqlite3_column_int(q, 2), b = sqlite3_column_int(q, 3);
        if (v == NULL) {
            continue; /* a game of a later version */
        }
        if (matches) {
            stats_add_match(s, v->id, level, a != 0, b != 0, sqlite3_column_int(q, 4));
        } else {
            stats_add_round(s, v->id, level, a, b != 0);
        }
    }
    sqlite3_finalize(q);
    return rc;
}

bool store_stats(Store *st, Stats *out, char *err, size_t err_size)
{
    return store_stats_against(st, STORE_AGAINST_ALL, out, err, err_size);
}

/* The rows of some games only, by the people the match's opponents row
 * counts (a match without one was played on this computer). */
static const char *const against_rounds[STORE_AGAINST_COUNT] = {
    "SELECT variant, level, score, won, 0 FROM rounds ORDER BY rowid",
    "SELECT r.variant, r.level, r.score, r.won, 0 FROM rounds r LEFT JOIN opponents o"
    " ON o.match = r.match WHERE coalesce(o.people, 0) = 0 ORDER BY r.rowid",
    "SELECT r.variant, r.level, r.score, r.won, 0 FROM rounds r JOIN opponents o"
    " ON o.match = r.match WHERE o.people > 0 ORDER BY r.rowid",
};
static const char *const against_matches[STORE_AGAINST_COUNT] = {
    "SELECT variant, level, won, staked, units FROM matches ORDER BY rowid",
    "SELECT m.variant, m.level, m.won, m.staked, m.units FROM matches m LEFT JOIN opponents o"
    " ON o.match = m.match WHERE coalesce(o.people, 0) = 0 ORDER BY m.rowid",
    "SELECT m.variant, m.level, m.won, m.staked, m.units FROM matches m JOIN opponents o"
    " ON o.match = m.match WHERE o.people > 0 ORDER BY m.rowid",
};

bool store_stats_against(Store *st, StoreAgainst who, Stats *out, char *err, size_t err_size)
{
    if (st == NULL || out == NULL || (unsigned)who >= STORE_AGAINST_COUNT) {
        return false;
    }
    Stats s;
    if (!read_base(st, &s)) {
        say_into(err, err_size, _("the data file is damaged"));
        return false;
    }
    if (who == STORE_AGAINST_PEOPLE) {
        stats_clear(&s); /* the base is an earlier version's: games on this computer */
    }
    int rc = fold(st, &s, against_rounds[who], false);
    if (rc == SQLITE_DONE) {
        rc = fold(st, &s, against_matches[who], true);
    }
    if (rc != SQLITE_DONE) {
        say_db(st, rc, err, err_size);
        return false;
    }
    *out = s;
    return true;
}

bool store_stats_reset(Store *st, const char *variant, char *err, size_t err_size)
{
    if (st == NULL || !begin(st, err, err_size)) {
        return false;
    }
    Stats base;
    int rc = read_base(st, &base) ? SQLITE_OK : SQLITE_CORRUPT;
    const VariantDesc *v = variant != NULL ? variant_find(variant) : NULL;
    if (variant == NULL) {
        stats_clear(&base);
    } else if (v != NULL) {
        memset(&base.v[v->id], 0, sizeof base.v[v->id]);
        memset(&base.lv[v->id], 0, sizeof base.lv[v->id]);
    }
    if (rc == SQLITE_OK) {
        write_base(st, &base, &rc);
    }
    if (rc == SQLITE_OK) {
        rc = run_bound(st, "DELETE FROM rounds WHERE ?1 IS NULL OR variant = ?1", "t", variant);
    }
    if (rc == SQLITE_OK) {
        rc = run_bound(st, "DELETE FROM matches WHERE ?1 IS NULL OR variant = ?1", "t", variant);
    }
    return commit(st, rc, err, err_size);
}

static int count_of(Store *st, const char *sql)
{
    int rc = SQLITE_OK;
    sqlite3_stmt *q = st != NULL ? prep(st, sql, &rc) : NULL;
    int n = q != NULL && sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int(q, 0) : 0;
    sqlite3_finalize(q);
    return n;
}

int store_count_rounds(Store *st)
{
    return count_of(st, "SELECT count(*) FROM rounds");
}

int store_count_matches(Store *st)
{
    return count_of(st, "SELECT count(*) FROM matches");
}

/* ---- replays ---------------------------------------------------------------------------- */

static int prune(Store *st, int cap)
{
    if (cap <= 0) {
        return SQLITE_OK;
    }
    return run_bound(st,
                     "DELETE FROM replays WHERE id IN (SELECT id FROM replays"
                     " ORDER BY finished DESC, id DESC LIMIT -1 OFFSET ?)",
                     "i", (int64_t)cap);
}

static int put_replay(Store *st, const char *match, const char *variant, int players, int moves,
                      bool damaged, int64_t finished, const char *text, size_t len)
{
    return run_bound(st,
                     "INSERT OR IGNORE INTO replays(match, variant, finished, players, moves,"
                     " damaged, record) VALUES(?, ?, ?, ?, ?, ?, ?)",
                     "ttiiiib", match, variant, finished, (int64_t)players, (int64_t)moves,
                     (int64_t)damaged, text, len);
}

bool store_replay_put(Store *st, const char *match, const char *variant, int players, int moves,
                      bool damaged, int64_t finished, const char *text, size_t len, int cap,
                      char *err, size_t err_size)
{
    if (st == NULL || match == NULL || variant == NULL || text == NULL) {
        return false;
    }
    if (len > STORE_MAX_RECORD) {
        say_into(err, err_size, _("the game is too long to keep"));
        return false;
    }
    if (!begin(st, err, err_size)) {
        return false;
    }
    int rc = put_replay(st, match, variant, players, moves, damaged,
                        finished > 0 ? finished : now_seconds(), text, len);
    if (rc == SQLITE_OK) {
        rc = prune(st, cap);
    }
    return commit(st, rc, err, err_size);
}

int store_replays(Store *st, StoreReplay *out, int max, int offset)
{
    if (st == NULL || out == NULL || max <= 0) {
        return 0;
    }
    int rc = SQLITE_OK;
    sqlite3_stmt *q = prep(st,
                           "SELECT id, variant, finished, players, moves, damaged FROM replays"
                           " ORDER BY finished DESC, id DESC LIMIT ?1 OFFSET ?2",
                           &rc);
    if (q == NULL) {
        return 0;
    }
    sqlite3_bind_int(q, 1, max);
    sqlite3_bind_int(q, 2, offset > 0 ? offset : 0);
    int n = 0;
    while (n < max && sqlite3_step(q) == SQLITE_ROW) {
        StoreReplay *r = &out[n++];
        r->id = sqlite3_column_int64(q, 0);
        snprintf(r->variant, sizeof r->variant, "%s", (const char *)sqlite3_column_text(q, 1));
        r->finished = sqlite3_column_int64(q, 2);
        r->players = sqlite3_column_int(q, 3);
        r->moves = sqlite3_column_int(q, 4);
        r->damaged = sqlite3_column_int(q, 5) != 0;
    }
    sqlite3_finalize(q);
    return n;
}

bool store_replay_exists(Store *st, const char *match)
{
    int rc = SQLITE_OK;
    sqlite3_stmt *q = st != NULL ? prep(st, "SELECT 1 FROM replays WHERE match = ?1", &rc) : NULL;
    if (q == NULL) {
        return false;
    }
    sqlite3_bind_text(q, 1, match, -1, SQLITE_STATIC);
    bool found = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    return found;
}

int store_replay_count(Store *st)
{
    return count_of(st, "SELECT count(*) FROM replays");
}

char *store_replay_text(Store *st, int64_t id, size_t *len)
{
    return text_of(st, "SELECT record FROM replays WHERE id = ?1", NULL, id, len);
}

bool store_replay_prune(Store *st, int cap, char *err, size_t err_size)
{
    return st != NULL && finish(st, prune(st, cap), err, err_size);
}

/* ---- migration ------------------------------------------------------------------------------ */

static bool migrated(Store *st)
{
    return count_of(st, "SELECT count(*) FROM meta WHERE key = 'migrated'") > 0;
}

/* A whole record file (file_load: NUL-terminated, capped); NULL when
 * missing or unusable. */
static char *slurp(const char *path, size_t *len)
{
    return path != NULL ? file_load(path, STORE_MAX_RECORD, len, NULL, 0) : NULL;
}

/* An unreadable file (no permission, not a regular file) is not moved in
 * and the migration waits for a later start: it may be whole. */
#define MIGRATE_LATER SQLITE_CANTOPEN

static int migrate_stats(Store *st, const char *path, char *notice, size_t notice_size)
{
    Stats s;
    stats_clear(&s);
    StatsLoad r = path != NULL ? stats_open(path, &s, notice, notice_size) : STATS_MISSING;
    if (r == STATS_UNREADABLE) {
        return MIGRATE_LATER;
    }
    if (r != STATS_LOADED) {
        return SQLITE_OK; /* none, or damaged: kept aside and said by stats_open */
    }
    int rc = SQLITE_OK;
    write_base(st, &s, &rc);
    return rc;
}

static bool unreadable(const char *path)
{
    struct stat sb;
    return path != NULL && stat(path, &sb) == 0 &&
           (!S_ISREG(sb.st_mode) || access(path, R_OK) != 0);
}

static int migrate_save(Store *st, const char *path)
{
    if (unreadable(path)) {
        return MIGRATE_LATER;
    }
    size_t len = 0;
    char *text = slurp(path, &len);
    if (text == NULL) {
        return SQLITE_OK;
    }
    char err[200];
    Session *s = session_from_text(text, len, true, err, sizeof err);
    int rc = SQLITE_OK;
    if (s != NULL && !game_match_over(session_game(s))) {
        const Game *g = session_game(s);
        rc = run_bound(st,
                       "INSERT OR IGNORE INTO games(match, variant, round, updated, record, lesson)"
                       " VALUES(?, ?, ?, ?, ?, ?)",
                       "ttiibi", session_match_id(s), game_variant(g)->key,
                       (int64_t)game_round_number(g), (int64_t)now_seconds(), text, len,
                       (int64_t)session_seats(s)->reseed_each_move);
    }
    session_destroy(s);
    free(text);
    return rc;
}

/* One record file of replays/: kept as it reads, or as damaged. */
static int migrate_record(Store *st, const char *path)
{
    size_t len = 0;
    char *text = slurp(path, &len);
    if (text == NULL) {
        return SQLITE_OK;
    }
    struct stat sb;
    int64_t finished = stat(path, &sb) == 0 ? (int64_t)sb.st_mtime : now_seconds();
    char err[200];
    Session *s = session_from_text(text, len, false, err, sizeof err);
    int rc;
    if (s != NULL) {
        const Game *g = session_game(s);
        int moves = 0;
        game_history(g, &moves);
        rc = put_replay(st, session_match_id(s), game_variant(g)->key, game_players(g), moves,
                        false, finished, text, len);
    } else {
        char id[SAVE_MATCH_ID_LEN + 1];
        save_file_derive_id(text, len, id);
        rc = put_replay(st, id, "", 0, 0, true, finished, text, len);
    }
    session_destroy(s);
    free(text);
    return rc;
}

static int migrate_replays(Store *st, const char *dir)
{
    int rc = SQLITE_OK;
#ifndef _WIN32
    DIR *d = dir != NULL ? opendir(dir) : NULL;
    struct dirent *de = NULL;
    while (d != NULL && rc == SQLITE_OK && (de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".txt") != 0) {
            continue;
        }
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        rc = migrate_record(st, path);
    }
    if (d != NULL) {
        closedir(d);
    }
#else
    (void)st, (void)dir;
#endif
    return rc;
}

bool store_migrate(Store *st, const StoreMigration *from, char *notice, size_t notice_size)
{
    if (notice != NULL && notice_size > 0) {
        notice[0] = '\0';
    }
    if (st == NULL || from == NULL || migrated(st)) {
        return true;
    }
    char err[200];
    if (!begin(st, err, sizeof err)) {
        return false;
    }
    if (migrated(st)) { /* another copy did it while this one waited */
        return commit(st, SQLITE_OK, err, sizeof err);
    }
    int rc = migrate_stats(st, from->stats_path, notice, notice_size);
    if (rc == SQLITE_OK) {
        rc = migrate_save(st, from->save_path);
    }
    if (rc == SQLITE_OK) {
        rc = migrate_replays(st, from->replay_dir);
    }
    if (rc == SQLITE_OK) {
        rc = exec(st, "INSERT INTO meta(key, value) VALUES('migrated', '1')");
    }
    if (rc == MIGRATE_LATER) {
        commit(st, rc, err, sizeof err); /* rolls back */
        if (notice != NULL && notice[0] == '\0') {
            say_into(notice, notice_size,
                     _("A file of an earlier version could not be read; it was left as it is "
                       "and will be moved in when it can be read."));
        }
        return true;
    }
    return commit(st, rc, err, sizeof err);
}
