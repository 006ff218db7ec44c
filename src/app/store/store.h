/* store.h — the player's data in one SQLite database: the games
 * in progress, the statistics as one row per finished round and match, and
 * the finished games kept to watch again.
 *
 * Why SQLite: every change is one transaction, committed in WAL mode with
 * synchronous=FULL, so a kill -9 or a power cut between two moves loses at
 * most the move in flight; several copies of the program may write at once
 * (a busy timeout makes one wait for the other); the replays are an index,
 * so nothing scans a folder. The rules core never sees it.
 *
 * Contract
 * - store_open never returns NULL but for lack of memory. A path of NULL
 *   or ":memory:" gives a store in memory (tests, screenshots). Copies that
 *   open one file at once take turns (a lock beside it, store_lock.h), and a
 *   file another copy keeps busy (locked, switching to WAL, making its
 *   tables) is tried again, the busy handler waiting in each try, at most
 *   STORE_BUSY_MS in all: a lock held for a moment is never taken for an
 *   unreadable file. A file that cannot be used gives a store in memory
 *   too, and a sentence for the player in notice[]: an *unreadable* file
 *   (not a regular file, no permission, an I/O error) is left exactly as it
 *   was; a *damaged* one (not a database, or failing PRAGMA integrity_check)
 *   is kept aside with file_keep_aside (never over an earlier kept copy)
 *   together with its WAL, and a new database is made in its place; a file
 *   still busy after all the tries is said as busy.
 * - A store in memory because its file was unreadable or busy tries the
 *   file again (briefly) before each write. Once it opens, everything kept
 *   in memory so far (games in progress, rounds, matches, replays) is moved
 *   into it in one transaction, and from then on the store is the file's:
 *   store_persistent turns true. (A damaged file that could not be kept
 *   aside is not tried again.)
 * - Every write is one transaction: on failure (a full disk, a file that
 *   became unwritable, another copy holding the lock past the timeout)
 *   nothing of it is kept, the earlier data stays whole, and err[] says what
 *   went wrong in words for the player.
 * - Games in progress: one row per match (its id, a 32-digit hex string the
 *   session makes), with its variant, its round, the time of its last move
 *   and the save text (save_file.h). The program keeps one
 *   per variant: starting a new game of a variant asks first, then drops
 *   the old one (store_game_drop_variant), never one open in another copy.
 *   A lesson (a guided first game) in progress is a row of its own kind:
 *   never listed, replaced or dropped as a game, and a game never as one.
 * - A game is open in one copy at a time: store_game_hold takes it for this
 *   store (a lock per game beside the database that ends when the store is
 *   closed or the program ends, killed or not); false when another copy
 *   (another Store, in another process or this one) has it. Such a game is
 *   marked open_elsewhere in store_games. A store in memory holds every
 *   game it is asked to (its holds are taken on the file if it opens).
 * - Statistics: a round row is keyed by (match, round) and a match row by
 *   match, and inserted with OR IGNORE: a round replayed after a crash, or
 *   recorded by two copies, is counted once. store_stats folds the rows, in
 *   the order they were added, onto a base (the counts a stats.txt of an
 *   earlier version held, migrated once); every figure the statistics
 *   screen shows comes from there.
 * - Replays: the record text (a "ceki-replay" save file) with what the list
 *   shows (variant, players, moves, when it ended, whether it reads), keyed
 *   by match so one game is kept once; after each insert the oldest beyond
 *   the cap are deleted in the same transaction.
 * - A record over STORE_MAX_RECORD bytes is refused.
 */
#ifndef CEKI_APP_STORE_H
#define CEKI_APP_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "stats.h"

#define STORE_FILE "ceki.db"
#define STORE_ID_LEN 32             /* hex digits of a match id */
#define STORE_MAX_RECORD (4u << 20) /* a whole match's record is a few kB */
#define STORE_REPLAYS_DEFAULT 1000  /* kept unless the setting says otherwise */
#define STORE_BUSY_MS 5000          /* how long a write, or opening, waits for another copy */

typedef struct Store Store;

Store *store_open(const char *path, char *notice, size_t notice_size);
void store_close(Store *st);
/* Whether the store is a file (false: in memory, nothing kept on exit). */
bool store_persistent(const Store *st);

/* Several changes as one: everything between begin and commit is kept
 * together or not at all (a kill in between keeps none of it). Writes in
 * between nest inside it. commit false (with the reason) when it failed,
 * and then nothing of it was kept. */
bool store_begin(Store *st, char *err, size_t err_size);
bool store_commit(Store *st, char *err, size_t err_size);

/* ---- games in progress ---------------------------------------------------- */

typedef struct StoreGame {
    char match[STORE_ID_LEN + 1];
    char variant[24];
    int round;           /* the round (Kowah: hand) it is in, from 1 */
    int64_t updated;     /* seconds since 1970 */
    bool open_elsewhere; /* another copy has it open (store_game_hold) */
} StoreGame;

bool store_game_put(Store *st, const char *match, const char *variant, int round, const char *text,
                    size_t len, char *err, size_t err_size);
/* A lesson in progress (a guided first game): a row as a game's, but kept
 * apart from the games. Every store_game_* call taking a match id works on
 * a lesson's row too. */
bool store_lesson_put(Store *st, const char *match, const char *variant, int round,
                      const char *text, size_t len, char *err, size_t err_size);
/* The games in progress of one variant (NULL: all), newest first; returns
 * how many (at most max). Lessons are never among them. */
int store_games(Store *st, const char *variant, StoreGame *out, int max);
/* The lessons in progress, as store_games lists the games. */
int store_lessons(Store *st, const char *variant, StoreGame *out, int max);
/* A game's save text (malloc'd, NUL-terminated) or NULL. */
char *store_game_text(Store *st, const char *match, size_t *len);
bool store_game_drop(Store *st, const char *match, char *err, size_t err_size);
/* A game in progress that does not read: moved to the replays as damaged
 * (kept and listed, never offered to resume again), in one transaction. */
bool store_game_set_aside(Store *st, const char *match, char *err, size_t err_size);
/* Drops the games in progress of a variant, but those open in another copy
 * (and its lesson: a lesson is never a game). */
bool store_game_drop_variant(Store *st, const char *variant, char *err, size_t err_size);
/* Takes a game for this copy (true: it is this store's until let go or
 * closed); false when another copy has it open. */
bool store_game_hold(Store *st, const char *match);
/* Lets a game this store holds go (nothing when it holds none). */
void store_game_let_go(Store *st, const char *match);
/* Whether another copy has the game open (never one this store holds). */
bool store_game_open_elsewhere(Store *st, const char *match);

/* ---- the ticket of a network table ------------------------------------------- */

/* What brings the player back to a network match in progress after the
 * program was closed or killed: the host's address, the table, the seat's
 * token, whether this program hosted it. One at a time: putting one
 * replaces the last; it is dropped when the match is over. Its text fields
 * are as net_table.h limits them (host 64, table 16, token 32). */
typedef struct StoreTicket {
    char host[65];
    int port;
    char table[17];
    char token[33];
    bool hosting;
    char variant[24];
    int64_t updated; /* seconds since 1970 */
} StoreTicket;
bool store_ticket_put(Store *st, const StoreTicket *t, char *err, size_t err_size);
/* false when there is none. */
bool store_ticket_get(Store *st, StoreTicket *out);
bool store_ticket_drop(Store *st, char *err, size_t err_size);

/* Whom a match was played against (networked matches count with
 * the opponents' kinds): other people and computers, kept once per match
 * (the first put stays); its rounds and match rows are found by the same
 * match id. get: false when the match has none kept (a game on this
 * computer before schema 2). */
bool store_opponents_put(Store *st, const char *match, int people, int computers, char *err,
                         size_t err_size);
bool store_opponents_get(Store *st, const char *match, int *people, int *computers);

/* ---- statistics ------------------------------------------------------------ */

/* level: 0..STATS_LEVELS-1, or -1 when not known. */
bool store_add_round(Store *st, const char *match, int round, const char *variant, int level,
                     int score, bool won, char *err, size_t err_size);
bool store_add_match(Store *st, const char *match, const char *variant, int level, bool won,
                     bool staked, int units, char *err, size_t err_size);
/* The statistics: the base with every row folded on. Rows of games this
 * version does not know are skipped. */
bool store_stats(Store *st, Stats *out, char *err, size_t err_size);
/* The statistics of some games only: those against computers alone (games
 * on this computer, a network table's with no other person, and the base:
 * an earlier version's counts, all of them games on this computer), or
 * those against people (a network table with at least one other person,
 * as store_opponents_put kept it). STORE_AGAINST_ALL is store_stats. */
typedef enum StoreAgainst {
    STORE_AGAINST_ALL = 0,
    STORE_AGAINST_COMPUTERS,
    STORE_AGAINST_PEOPLE,
    STORE_AGAINST_COUNT
} StoreAgainst;
bool store_stats_against(Store *st, StoreAgainst who, Stats *out, char *err, size_t err_size);
/* Forgets a variant's counts (NULL: every variant's), rows and base. */
bool store_stats_reset(Store *st, const char *variant, char *err, size_t err_size);
/* How many round and match rows there are (tests, the crash test). */
int store_count_rounds(Store *st);
int store_count_matches(Store *st);

/* ---- replays --------------------------------------------------------------- */

typedef struct StoreReplay {
    int64_t id;
    char variant[24];
    int64_t finished; /* seconds since 1970 */
    int players, moves;
    bool damaged; /* kept, but it does not read as a game */
} StoreReplay;

/* Keeps a finished game (once per match), then prunes to `cap` records
 * (cap <= 0: no limit). */
bool store_replay_put(Store *st, const char *match, const char *variant, int players, int moves,
                      bool damaged, int64_t finished, const char *text, size_t len, int cap,
                      char *err, size_t err_size);
/* The replays newest first, from `offset`; returns how many (at most max). */
int store_replays(Store *st, StoreReplay *out, int max, int offset);
int store_replay_count(Store *st);
bool store_replay_exists(Store *st, const char *match);
char *store_replay_text(Store *st, int64_t id, size_t *len);
bool store_replay_prune(Store *st, int cap, char *err, size_t err_size);

/* ---- moving the files of earlier versions in ------------------------------- */

typedef struct StoreMigration {
    const char *stats_path; /* stats.txt */
    const char *save_path;  /* current-game.txt */
    const char *replay_dir; /* replays/ */
} StoreMigration;

/* Once per database (remembered in it): the counts of stats_path become the
 * base, the saved game a game in progress, each record in replay_dir a
 * replay (a damaged one listed as damaged), all in one transaction. The
 * files are left where they are, unchanged. A stats file that does not
 * parse is kept aside as stats_open does and said in notice[]; a stats
 * file or saved game that cannot be read (permission, not a regular file)
 * stops the migration, said in notice[], to be tried on the next start (a
 * replay record that cannot be read is left out). Returns
 * false (and nothing moved, to be tried on the next start) when the
 * transaction failed. */
bool store_migrate(Store *st, const StoreMigration *from, char *notice, size_t notice_size);

#endif
