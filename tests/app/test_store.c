/* The store (store.h): games in progress by match and variant; statistics
 * as rows, a round or match counted once however often it is recorded,
 * folded onto a migrated base; replays kept once, listed newest first,
 * pruned to the cap; the files of earlier versions moved in once; a damaged
 * database kept aside (never over an earlier kept copy), an unusable path
 * left alone; two stores on one file (two copies of the program). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sqlite3.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "journal.h"
#include "session.h"
#include "settings.h"
#include "stats.h"
#include "store.h"
#include "test_support.h"

static const char ID_A[] = "0123456789abcdef0123456789abcdef";
static const char ID_B[] = "fedcba9876543210fedcba9876543210";

#define TRIALS_CI 20      /* a few seconds in CI; CEKI_STORE_TRIALS=1000 to soak */
#define TRIALS_MAX 100000 /* the most CEKI_STORE_TRIALS may ask */
#define TRIAL_SECONDS 30  /* a copy that has not finished by then is killed */

static Store *memory_store(void)
{
    char notice[400];
    Store *st = store_open(NULL, notice, sizeof notice);
    assert_non_null(st);
    assert_string_equal(notice, "");
    assert_false(store_persistent(st));
    return st;
}

static void test_games_in_progress(void **state)
{
    (void)state;
    Store *st = memory_store();
    char err[200];
    assert_true(store_game_put(st, ID_A, "thothit", 1, "text one", 8, err, sizeof err));
    assert_true(store_game_put(st, ID_B, "pei", 2, "text two", 8, err, sizeof err));
    /* The same match again: its row is replaced, not doubled. */
    assert_true(store_game_put(st, ID_A, "thothit", 2, "text three", 10, err, sizeof err));
    StoreGame g[4];
    assert_int_equal(store_games(st, NULL, g, 4), 2);
    assert_int_equal(store_games(st, "thothit", g, 4), 1);
    assert_int_equal(g[0].round, 2);
    assert_string_equal(g[0].match, ID_A);
    size_t len = 0;
    char *text = store_game_text(st, ID_A, &len);
    assert_non_null(text);
    assert_int_equal(len, 10);
    assert_string_equal(text, "text three");
    free(text);
    assert_null(store_game_text(st, "no such match", &len));
    assert_true(store_game_drop_variant(st, "thothit", err, sizeof err));
    assert_int_equal(store_games(st, NULL, g, 4), 1);
    assert_true(store_game_drop(st, ID_B, err, sizeof err));
    assert_int_equal(store_games(st, NULL, g, 4), 0);
    store_close(st);
}

static void test_rows_count_once(void **state)
{
    (void)state;
    Store *st = memory_store();
    char err[200];
    for (int twice = 0; twice < 2; twice++) {
        assert_true(store_add_round(st, ID_A, 1, "thothit", 2, 120, true, err, sizeof err));
        assert_true(store_add_round(st, ID_A, 2, "thothit", 2, 40, false, err, sizeof err));
        assert_true(store_add_match(st, ID_A, "thothit", 2, true, false, 0, err, sizeof err));
    }
    assert_true(store_add_round(st, ID_B, 1, "pei", -1, -3, false, err, sizeof err));
    assert_true(store_add_match(st, ID_B, "pei", -1, false, true, -9, err, sizeof err));
    assert_true(store_add_round(st, ID_B, 2, "a-later-game", 0, 5, true, err, sizeof err));
    assert_int_equal(store_count_rounds(st), 4);
    assert_int_equal(store_count_matches(st), 2);
    Stats s, want;
    assert_true(store_stats(st, &s, err, sizeof err));
    stats_clear(&want);
    stats_add_round(&want, VARIANT_THOTHIT, 2, 120, true);
    stats_add_round(&want, VARIANT_THOTHIT, 2, 40, false);
    stats_add_match(&want, VARIANT_THOTHIT, 2, true, false, 0);
    stats_add_round(&want, VARIANT_PEI, -1, -3, false);
    stats_add_match(&want, VARIANT_PEI, -1, false, true, -9);
    assert_true(stats_equal(&s, &want));
    assert_int_equal(s.v[VARIANT_THOTHIT].best_round, 120);
    assert_int_equal(s.lv[VARIANT_THOTHIT][2].matches_won, 1);
    assert_int_equal((int)s.v[VARIANT_PEI].units, -9);
    /* Forgetting one game leaves the others. */
    assert_true(store_stats_reset(st, "thothit", err, sizeof err));
    assert_true(store_stats(st, &s, err, sizeof err));
    assert_int_equal(s.v[VARIANT_THOTHIT].rounds, 0);
    assert_int_equal(s.v[VARIANT_PEI].rounds, 1);
    assert_true(store_stats_reset(st, NULL, err, sizeof err));
    assert_true(store_stats(st, &s, err, sizeof err));
    assert_false(stats_any(&s));
    store_close(st);
}

static void test_replays_kept_once_and_pruned(void **state)
{
    (void)state;
    Store *st = memory_store();
    char err[200], id[SAVE_MATCH_ID_LEN + 1];
    for (int i = 0; i < 30; i++) {
        snprintf(id, sizeof id, "%032x", i);
        char text[32];
        int n = snprintf(text, sizeof text, "record %d", i);
        assert_true(store_replay_put(st, id, "kowah", 3, 40 + i, i == 7, 1000 + i, text, (size_t)n,
                                     25, err, sizeof err));
        /* The same game again (a match archived twice) is one record. */
        assert_true(store_replay_put(st, id, "kowah", 3, 40 + i, i == 7, 1000 + i, text, (size_t)n,
                                     25, err, sizeof err));
    }
    assert_int_equal(store_replay_count(st), 25); /* the five oldest went */
    StoreReplay r[10];
    assert_int_equal(store_replays(st, r, 10, 0), 10);
    assert_int_equal(r[0].finished, 1029); /* newest first */
    assert_int_equal(r[0].moves, 69);
    assert_int_equal(store_replays(st, r, 10, 20), 5);
    assert_int_equal(r[4].finished, 1005);
    assert_int_equal(store_replays(st, r, 10, 22), 3);
    assert_true(r[2].damaged == false);
    assert_int_equal(store_replays(st, r, 10, 0), 10);
    size_t len = 0;
    char *text = store_replay_text(st, r[3].id, &len);
    assert_non_null(text);
    assert_string_equal(text, "record 26");
    free(text);
    assert_true(store_replay_prune(st, 3, err, sizeof err));
    assert_int_equal(store_replay_count(st), 3);
    store_close(st);
}

/* Writes a small Thothit game's save and replay texts through a session. */
static Session *small_game(int moves)
{
    GameConfig cfg = game_config_default(VARIANT_THOTHIT, 77);
    SessionSeats seats = {.human = {true}, .level = {AI_GREEDY, AI_GREEDY, AI_GREEDY}};
    Session *s = session_create(&cfg, &seats, NULL);
    assert_non_null(s);
    for (int i = 0; i < moves; i++) {
        Move legal[256];
        int n = session_legal_moves(s, legal, 256);
        assert_true(n > 0);
        assert_int_equal(session_apply(s, &legal[0], NULL), CEKI_OK);
    }
    return s;
}

static void write_session(const Session *s, SaveKind kind, const char *path)
{
    size_t len = 0;
    char *text = session_text(s, kind, &len);
    assert_non_null(text);
    test_write_file(path, text, len);
    free(text);
}

static void test_migrates_old_files_once(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-migrate");
    char stats_path[600], save_path[600], replays[600], path[700], db[600];
    snprintf(stats_path, sizeof stats_path, "%s/stats.txt", dir);
    snprintf(save_path, sizeof save_path, "%s/current-game.txt", dir);
    snprintf(replays, sizeof replays, "%s/replays", dir);
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    mkdir(replays, 0755);
    Stats old;
    stats_clear(&old);
    stats_add_round(&old, VARIANT_KOWAH, 1, 1, true);
    stats_add_match(&old, VARIANT_KOWAH, 1, true, false, 0);
    char err[200];
    assert_true(stats_save(stats_path, &old, err, sizeof err));
    Session *s = small_game(5);
    write_session(s, SAVE_KIND_SAVE, save_path);
    snprintf(path, sizeof path, "%s/2026-01-01-120000-thothit.txt", replays);
    write_session(s, SAVE_KIND_REPLAY, path);
    snprintf(path, sizeof path, "%s/2026-01-02-120000-thothit.txt", replays);
    test_write_file(path, "# ceki-replay 1\nnot a record\n", 29);
    char notice[400];
    Store *st = store_open(db, notice, sizeof notice);
    assert_true(store_persistent(st));
    StoreMigration from = {stats_path, save_path, replays};
    assert_true(store_migrate(st, &from, notice, sizeof notice));
    assert_string_equal(notice, "");
    StoreGame g[2];
    assert_int_equal(store_games(st, "thothit", g, 2), 1);
    assert_string_equal(g[0].match, session_match_id(s));
    assert_int_equal(store_replay_count(st), 2);
    StoreReplay r[2];
    assert_int_equal(store_replays(st, r, 2, 0), 2);
    assert_true(r[0].damaged != r[1].damaged); /* the broken one is listed, as damaged */
    /* New rounds fold onto the migrated counts. */
    assert_true(store_add_round(st, ID_A, 1, "kowah", 1, 1, false, err, sizeof err));
    Stats now;
    assert_true(store_stats(st, &now, err, sizeof err));
    assert_int_equal(now.v[VARIANT_KOWAH].rounds, 2);
    assert_int_equal(now.v[VARIANT_KOWAH].matches_won, 1);
    /* Once only: the old files stay where they were, and are not read again. */
    assert_true(test_file_exists(stats_path));
    assert_true(store_migrate(st, &from, notice, sizeof notice));
    assert_int_equal(store_replay_count(st), 2);
    store_close(st);
    session_destroy(s);
}

static void test_damaged_database_kept_aside(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-damaged");
    char db[600], kept[700];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    char notice[400], err[200];
    for (int round = 1; round <= 2; round++) {
        /* Garbage where the database should be, twice: the second damage
         * never overwrites the first kept copy. */
        char junk[4096];
        memset(junk, 'x', sizeof junk);
        junk[0] = (char)('0' + round);
        test_write_file(db, junk, sizeof junk);
        Store *st = store_open(db, notice, sizeof notice);
        assert_non_null(st);
        assert_true(store_persistent(st));
        assert_non_null(strstr(notice, "damaged"));
        assert_true(store_game_put(st, ID_A, "pei", 1, "x", 1, err, sizeof err));
        store_close(st);
        snprintf(kept, sizeof kept, round == 1 ? "%s.damaged" : "%s.damaged-2", db);
        char buf[8];
        assert_int_equal(test_read_file(kept, buf, sizeof buf), 7);
        assert_int_equal(buf[0], '0' + round);
    }
    /* A database that reads is opened as it is. */
    Store *st = store_open(db, notice, sizeof notice);
    assert_string_equal(notice, "");
    StoreGame g[1];
    assert_int_equal(store_games(st, NULL, g, 1), 1);
    store_close(st);
}

static void test_unusable_path_left_alone(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-unusable");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    mkdir(db, 0755); /* a directory where the file should be */
    Store *st = store_open(db, notice, sizeof notice);
    assert_non_null(st);
    assert_false(store_persistent(st));
    assert_non_null(strstr(notice, "not a regular file"));
    assert_true(store_game_put(st, ID_A, "pei", 1, "x", 1, err, sizeof err)); /* in memory */
    store_close(st);
    struct stat sb;
    assert_int_equal(stat(db, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode));
    if (geteuid() != 0) {
        /* Without permission to read (root reads anything). */
        char locked[600];
        snprintf(locked, sizeof locked, "%s/locked.db", dir);
        Store *good = store_open(locked, notice, sizeof notice);
        assert_true(store_game_put(good, ID_A, "pei", 1, "x", 1, err, sizeof err));
        store_close(good);
        chmod(locked, 0);
        st = store_open(locked, notice, sizeof notice);
        assert_false(store_persistent(st));
        assert_non_null(strstr(notice, "left as it is"));
        store_close(st);
        chmod(locked, 0644);
        st = store_open(locked, notice, sizeof notice);
        StoreGame g[1];
        assert_int_equal(store_games(st, NULL, g, 1), 1); /* untouched */
        store_close(st);
    }
}

/* Settings and an earlier version's statistics that cannot be read (a
 * directory; without permission, as a user other than root) are told
 * apart from damaged ones and left exactly where they are. */
static void test_unreadable_files_left_alone(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-unreadable-files");
    char settings[600], stats[600], why[300], notice[400], kept[700];
    snprintf(settings, sizeof settings, "%s/settings.txt", dir);
    snprintf(stats, sizeof stats, "%s/stats.txt", dir);
    mkdir(settings, 0755);
    mkdir(stats, 0755);
    Settings s;
    assert_int_equal(settings_load(settings, &s, why, sizeof why), SETTINGS_UNREADABLE);
    assert_non_null(strstr(why, "not a regular file"));
    Stats st;
    stats_clear(&st);
    assert_int_equal(stats_open(stats, &st, notice, sizeof notice), STATS_UNREADABLE);
    assert_non_null(strstr(notice, "left as it is"));
    snprintf(kept, sizeof kept, "%s.damaged", stats);
    assert_false(test_file_exists(kept));
    rmdir(settings);
    rmdir(stats);
    if (geteuid() == 0) {
        return; /* root reads anything */
    }
    test_write_file(settings, "anim_speed=fast\n", 16);
    Stats some;
    stats_clear(&some);
    stats_add_round(&some, VARIANT_PEI, -1, 5, true);
    assert_true(stats_save(stats, &some, why, sizeof why));
    chmod(settings, 0);
    chmod(stats, 0);
    assert_int_equal(settings_load(settings, &s, why, sizeof why), SETTINGS_UNREADABLE);
    assert_int_equal(stats_open(stats, &st, notice, sizeof notice), STATS_UNREADABLE);
    assert_false(test_file_exists(kept));
    /* The store does not take them in yet: next time, when they read. */
    char db[600];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    Store *store = store_open(db, notice, sizeof notice);
    StoreMigration from = {stats, NULL, NULL};
    assert_true(store_migrate(store, &from, notice, sizeof notice));
    assert_non_null(strstr(notice, "left as it is"));
    chmod(stats, 0644);
    assert_true(store_migrate(store, &from, notice, sizeof notice));
    char err[200];
    assert_true(store_stats(store, &st, err, sizeof err));
    assert_int_equal(st.v[VARIANT_PEI].rounds, 1);
    store_close(store);
    chmod(settings, 0644);
}

/* Two processes record 200 rounds each into one file at once: every row
 * is there afterwards and the statistics read. */
static void test_two_copies_at_once(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-two");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    pid_t kids[2]; /* both start on no file at all */
    for (int k = 0; k < 2; k++) {
        kids[k] = fork();
        assert_true(kids[k] >= 0);
        if (kids[k] == 0) {
            Store *st = store_open(db, notice, sizeof notice);
            char id[SAVE_MATCH_ID_LEN + 1];
            int bad = 0;
            for (int i = 0; i < 200; i++) {
                if (i % 10 == 0) { /* a copy starting while the other writes */
                    store_close(st);
                    st = store_open(db, notice, sizeof notice);
                    bad += notice[0] != '\0' || !store_persistent(st);
                }
                snprintf(id, sizeof id, "%031x%d", i, k);
                bad += !store_add_round(st, id, 1, "thothit", 1, i, i % 2, err, sizeof err);
                char text[16];
                snprintf(text, sizeof text, "game %d", i);
                bad += !store_game_put(st, id, "thothit", 1, text, strlen(text), err, sizeof err);
            }
            store_close(st);
            _exit(bad == 0 ? 0 : 1);
        }
    }
    for (int k = 0; k < 2; k++) {
        int status = 0;
        assert_int_equal(waitpid(kids[k], &status, 0), kids[k]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    Store *st = store_open(db, notice, sizeof notice);
    assert_string_equal(notice, "");
    assert_int_equal(store_count_rounds(st), 400);
    Stats s;
    assert_true(store_stats(st, &s, err, sizeof err));
    assert_int_equal(s.v[VARIANT_THOTHIT].rounds, 400);
    assert_int_equal(s.v[VARIANT_THOTHIT].rounds_won, 200);
    store_close(st);
}

/* A file that cannot be opened at start is tried again before each write:
 * once it opens, what was kept in memory so far goes into it and the store
 * is the file's from then on. */
static void test_retried_before_each_write(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-retried");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    mkdir(db, 0755); /* in the way at start */
    Store *st = store_open(db, notice, sizeof notice);
    assert_false(store_persistent(st));
    assert_non_null(strstr(notice, "not a regular file"));
    assert_true(store_game_put(st, ID_A, "pei", 2, "first", 5, err, sizeof err));
    assert_true(store_add_round(st, ID_A, 1, "pei", -1, 7, true, err, sizeof err));
    assert_false(store_persistent(st)); /* still in the way: in memory */
    struct stat sb;
    assert_int_equal(stat(db, &sb), 0);
    assert_true(S_ISDIR(sb.st_mode)); /* left as it was */
    assert_int_equal(rmdir(db), 0);
    assert_true(store_game_put(st, ID_B, "kowah", 1, "second", 6, err, sizeof err));
    assert_true(store_persistent(st));
    assert_true(store_add_match(st, ID_A, "pei", -1, true, false, 0, err, sizeof err));
    store_close(st);
    /* Everything is in the file: what came before it opened too. */
    st = store_open(db, notice, sizeof notice);
    assert_string_equal(notice, "");
    StoreGame g[3];
    assert_int_equal(store_games(st, NULL, g, 3), 2);
    size_t len = 0;
    char *text = store_game_text(st, ID_A, &len);
    assert_non_null(text);
    assert_string_equal(text, "first");
    free(text);
    assert_int_equal(store_count_rounds(st), 1);
    assert_int_equal(store_count_matches(st), 1);
    store_close(st);
}

/* A game is open in one store at a time: another store on the same file
 * (another copy) neither takes it nor drops it with its variant's games,
 * and takes it once the first lets it go or is closed. */
static void test_game_open_in_one_copy(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-held");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    Store *a = store_open(db, notice, sizeof notice);
    Store *b = store_open(db, notice, sizeof notice);
    assert_true(store_persistent(a) && store_persistent(b));
    assert_true(store_game_hold(a, ID_A));
    assert_true(store_game_hold(a, ID_A)); /* again: still a's */
    assert_true(store_game_put(a, ID_A, "thothit", 1, "a's", 3, err, sizeof err));
    assert_true(store_game_put(b, ID_B, "thothit", 1, "b's", 3, err, sizeof err));
    assert_false(store_game_hold(b, ID_A));
    assert_true(store_game_open_elsewhere(b, ID_A));
    assert_false(store_game_open_elsewhere(a, ID_A)); /* a's own */
    assert_false(store_game_open_elsewhere(b, ID_B));
    StoreGame g[3];
    assert_int_equal(store_games(b, NULL, g, 3), 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(g[i].open_elsewhere, strcmp(g[i].match, ID_A) == 0);
    }
    /* b's new game of that variant drops b's old one, never a's. */
    assert_true(store_game_drop_variant(b, "thothit", err, sizeof err));
    assert_int_equal(store_games(b, NULL, g, 3), 1);
    assert_string_equal(g[0].match, ID_A);
    store_game_let_go(a, ID_A);
    assert_false(store_game_open_elsewhere(b, ID_A));
    assert_true(store_game_hold(b, ID_A));
    assert_false(store_game_hold(a, ID_A)); /* now b's */
    store_close(b);                         /* closing lets go too */
    assert_true(store_game_hold(a, ID_A));
    store_close(a);
}

/* A copy killed with SIGKILL holds nothing any more. */
static void test_killed_copy_lets_go(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-killed");
    char db[600], notice[400];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t kid = fork();
    assert_true(kid >= 0);
    if (kid == 0) {
        alarm(TRIAL_SECONDS); /* never outlives the test */
        close(ready[0]);
        Store *st = store_open(db, notice, sizeof notice);
        char held = store_game_hold(st, ID_A) ? 'y' : 'n';
        if (write(ready[1], &held, 1) != 1) {
            _exit(1);
        }
        pause(); /* until killed */
        _exit(0);
    }
    close(ready[1]);
    char held = 0;
    assert_int_equal(read(ready[0], &held, 1), 1);
    close(ready[0]);
    assert_int_equal(held, 'y');
    Store *st = store_open(db, notice, sizeof notice);
    assert_true(store_game_open_elsewhere(st, ID_A));
    assert_false(store_game_hold(st, ID_A));
    assert_int_equal(kill(kid, SIGKILL), 0);
    int status = 0;
    assert_int_equal(waitpid(kid, &status, 0), kid);
    assert_true(WIFSIGNALED(status));
    assert_false(store_game_open_elsewhere(st, ID_A));
    assert_true(store_game_hold(st, ID_A));
    store_close(st);
}

/* A session of Totit with one move made (journal_write keeps it). */
static Session *one_move_session(uint64_t seed)
{
    GameConfig cfg = game_config_default(VARIANT_TOTIT, seed);
    Session *s = test_session_new(&cfg);
    Move m;
    assert_true(game_legal_moves(session_game(s), &m, 1) >= 1);
    const char *why = NULL;
    assert_int_equal(session_apply(s, &m, &why), CEKI_OK);
    return s;
}

/* The journal: a game another copy writes is neither offered, resumed nor
 * written here, and stays as that copy keeps it. */
static void test_journal_keeps_to_its_copy(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-journal-held");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    Store *first = store_open(db, notice, sizeof notice);
    Store *second = store_open(db, notice, sizeof notice);
    Session *s = one_move_session(5);
    const char *match = session_match_id(s);
    assert_true(journal_write(first, s, 0, err, sizeof err));
    StoreGame g;
    assert_false(journal_newest(second, "totit", &g));
    assert_true(journal_newest_elsewhere(second, NULL, &g));
    assert_string_equal(g.match, match);
    assert_null(journal_resume(second, match, err, sizeof err));
    assert_non_null(strstr(err, "another window"));
    assert_false(journal_write(second, s, 0, err, sizeof err));
    assert_non_null(strstr(err, "another window"));
    assert_true(journal_newest(first, "totit", &g)); /* the first's, untouched */
    assert_string_equal(g.match, match);
    assert_int_equal(store_replay_count(first), 0);
    /* The first leaves its table: the second may take it up. */
    journal_leave(first, s);
    Session *taken = journal_resume(second, match, err, sizeof err);
    assert_non_null(taken);
    assert_false(journal_newest(first, NULL, &g));
    session_destroy(taken);
    session_destroy(s);
    store_close(second);
    store_close(first);
}

/* The first move the host lists, made; the session's events taken as the
 * table would take them. */
static void guided_move(Session *s)
{
    Move m;
    const char *why = NULL;
    assert_true(session_legal_moves(s, &m, 1) >= 1);
    CekiStatus applied = session_apply(s, &m, &why);
    if (applied != CEKI_OK) {
        fail_msg("a move was refused: %s", why != NULL ? why : "?");
    }
    GameEvent ev[64];
    for (int i = 0; i < 1000 && session_take_events(s, ev, 64) > 0; i++) {
    }
}

/* A guided first game is kept while it runs: after the program ends
 * mid-lesson it is resumed, guided again, at the same move; its finished
 * match leaves nothing among the replays. */
static void test_guided_game_kept_while_it_runs(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-journal-guided");
    char db[600], notice[400], err[200];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    Store *st = store_open(db, notice, sizeof notice);
    GameConfig cfg = game_config_default(VARIANT_TOTIT, 14);
    SessionSeats seats = {.reseed_each_move = true};
    for (int i = 0; i < CEKI_MAX_SEATS; i++) {
        seats.human[i] = true; /* every move made here, as the guide and the person would */
    }
    CekiStatus status = CEKI_ERR_ARG;
    Session *s = session_create(&cfg, &seats, &status);
    assert_int_equal(status, CEKI_OK);
    for (int i = 0; i < 3; i++) {
        guided_move(s);
    }
    assert_true(journal_write(st, s, 0, err, sizeof err));
    store_close(st); /* the program ends (a kill leaves the same row) */

    st = store_open(db, notice, sizeof notice);
    StoreGame g;
    assert_false(journal_newest(st, NULL, &g)); /* a lesson, never a game to resume */
    assert_int_equal(store_games(st, NULL, &g, 1), 0);
    assert_true(journal_lesson(st, "totit", &g));
    assert_false(journal_lesson(st, "thothit", &g)); /* of its own game only */
    assert_true(journal_lesson(st, "totit", &g));
    Session *back = journal_resume(st, g.match, err, sizeof err);
    assert_non_null(back);
    assert_true(session_seats(back)->reseed_each_move); /* guided again */
    assert_int_equal(session_moves(back), 3);
    assert_string_equal(session_match_id(back), session_match_id(s));
    /* Played to the end of the match: the row goes, and no replay is kept. */
    int bound = 0;
    while (!game_match_over(session_game(back)) && bound++ < 5000) {
        guided_move(back);
    }
    assert_true(game_match_over(session_game(back)));
    assert_true(journal_write(st, back, 10, err, sizeof err));
    assert_false(journal_newest(st, NULL, &g));
    assert_false(journal_lesson(st, "totit", &g));
    assert_int_equal(store_replay_count(st), 0);
    session_destroy(back);
    session_destroy(s);
    store_close(st);
}

/* A game and a lesson of one variant: each listed only as what it is, a
 * new game of the variant (store_game_drop_variant) drops the game and
 * never the lesson. */
static void test_lessons_kept_apart_from_games(void **state)
{
    (void)state;
    Store *st = memory_store();
    char err[200];
    assert_true(store_game_put(st, ID_A, "pei", 2, "game", 4, err, sizeof err));
    assert_true(store_lesson_put(st, ID_B, "pei", 1, "lesson", 6, err, sizeof err));
    StoreGame g[4];
    assert_int_equal(store_games(st, NULL, g, 4), 1);
    assert_string_equal(g[0].match, ID_A);
    assert_int_equal(store_lessons(st, "pei", g, 4), 1);
    assert_string_equal(g[0].match, ID_B);
    assert_int_equal(store_lessons(st, "kowah", g, 4), 0);
    /* A lesson's row written again stays a lesson. */
    assert_true(store_lesson_put(st, ID_B, "pei", 1, "lesson 2", 8, err, sizeof err));
    assert_int_equal(store_games(st, "pei", g, 4), 1);
    assert_true(store_game_drop_variant(st, "pei", err, sizeof err));
    assert_int_equal(store_games(st, "pei", g, 4), 0);
    assert_int_equal(store_lessons(st, "pei", g, 4), 1);
    size_t len = 0;
    char *text = store_game_text(st, ID_B, &len);
    assert_non_null(text);
    assert_string_equal(text, "lesson 2");
    free(text);
    store_close(st);
}

/* A database of the version before lessons (its games table without the
 * column, a guided game among the games): opened, the guided game is a
 * lesson and the other game still a game. */
static void test_older_database_gives_its_lessons_apart(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-lessons-older");
    char db[600], notice[400];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    sqlite3 *old = NULL;
    assert_int_equal(sqlite3_open(db, &old), SQLITE_OK);
    char sql[800];
    snprintf(sql, sizeof sql,
             "CREATE TABLE games(match TEXT PRIMARY KEY, variant TEXT NOT NULL,"
             " round INTEGER NOT NULL, updated INTEGER NOT NULL, record TEXT NOT NULL);"
             "INSERT INTO games VALUES('%s', 'pei', 1, 1, '# ceki-save 1' || char(10) ||"
             " '# guided 1' || char(10) || 'moves');"
             "INSERT INTO games VALUES('%s', 'pei', 3, 2, '# ceki-save 1' || char(10) ||"
             " '# guided 0' || char(10) || 'moves');"
             "PRAGMA user_version=2;",
             ID_A, ID_B);
    assert_int_equal(sqlite3_exec(old, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(old);
    Store *st = store_open(db, notice, sizeof notice);
    assert_string_equal(notice, "");
    StoreGame g[4];
    assert_int_equal(store_games(st, NULL, g, 4), 1);
    assert_string_equal(g[0].match, ID_B);
    assert_int_equal(g[0].round, 3);
    assert_int_equal(store_lessons(st, NULL, g, 4), 1);
    assert_string_equal(g[0].match, ID_A);
    store_close(st);
}

/* ---- two copies opening a new profile at the same instant ---------------- */

static int trial_count(void)
{
    const char *env = getenv("CEKI_STORE_TRIALS");
    long n = env != NULL ? strtol(env, NULL, 10) : 0;
    return n > 0 && n <= TRIALS_MAX ? (int)n : TRIALS_CI;
}

/* One copy: waits for the start (the pipe closed), opens the store, keeps
 * a game in progress and a round of its own. Exits 0 when all of it was
 * kept in the file and nothing was said; else says what to stderr. */
static void open_as_copy(const char *db, int start, int k)
{
    alarm(TRIAL_SECONDS);
    char byte = 0, notice[400] = "", err[200] = "";
    while (read(start, &byte, 1) > 0) {
    }
    Store *st = store_open(db, notice, sizeof notice);
    bool ok = st != NULL && store_persistent(st) && notice[0] == '\0';
    if (!ok) {
        fprintf(stderr, "copy %d: store_open: %s\n", k, notice);
    }
    char id[SAVE_MATCH_ID_LEN + 1];
    snprintf(id, sizeof id, "%031x%d", 7, k);
    if (ok && !store_game_put(st, id, "thothit", 1, "game", 4, err, sizeof err)) {
        fprintf(stderr, "copy %d: store_game_put: %s\n", k, err);
        ok = false;
    }
    if (ok && !store_add_round(st, id, 1, "kowah", 1, 10, true, err, sizeof err)) {
        fprintf(stderr, "copy %d: store_add_round: %s\n", k, err);
        ok = false;
    }
    store_close(st);
    _exit(ok ? 0 : 1);
}

/* Removes a trial's database and what SQLite keeps beside it. */
static void remove_db(const char *db)
{
    static const char *const tails[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        char path[700];
        snprintf(path, sizeof path, "%s%s", db, tails[i]);
        unlink(path);
    }
}

/* One trial; whether both copies kept everything. */
static bool open_together(const char *db)
{
    remove_db(db);
    int start[2];
    assert_int_equal(pipe(start), 0);
    pid_t kids[2];
    for (int k = 0; k < 2; k++) {
        kids[k] = fork();
        assert_true(kids[k] >= 0);
        if (kids[k] == 0) {
            close(start[1]);
            open_as_copy(db, start[0], k);
        }
    }
    close(start[0]);
    close(start[1]); /* both go */
    bool ok = true;
    for (int k = 0; k < 2; k++) {
        int status = 0;
        assert_int_equal(waitpid(kids[k], &status, 0), kids[k]);
        ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    char notice[400];
    Store *st = store_open(db, notice, sizeof notice);
    StoreGame g[3];
    ok = ok && notice[0] == '\0' && store_games(st, NULL, g, 3) == 2 && store_count_rounds(st) == 2;
    store_close(st);
    return ok;
}

/* Two copies started together on a new profile (a double-click on the
 * launcher) both keep what they write, every time. Measured with
 * CEKI_STORE_TRIALS=1000, one `yes` per core and a machine loaded beside
 * it: 11 of 1,000 failed before the copies took turns at opening and a busy
 * file was tried again; 0 of 1,000 after (the whole suite 211 s). */
static void test_open_new_profile_together(void **state)
{
    (void)state;
    const char *dir = test_temp_dir("store-together");
    char db[600];
    snprintf(db, sizeof db, "%s/%s", dir, STORE_FILE);
    int trials = trial_count(), failed = 0;
    for (int i = 0; i < trials; i++) {
        failed += !open_together(db);
    }
    printf("two copies on a new profile: %d trials, %d failed\n", trials, failed);
    assert_int_equal(failed, 0);
}

static void test_oversized_record_refused(void **state)
{
    (void)state;
    Store *st = memory_store();
    char err[200];
    size_t big = STORE_MAX_RECORD + 1;
    char *text = malloc(big);
    assert_non_null(text);
    memset(text, 'a', big);
    assert_false(store_game_put(st, ID_A, "pei", 1, text, big, err, sizeof err));
    assert_non_null(strstr(err, "too long"));
    assert_false(store_replay_put(st, ID_A, "pei", 3, 1, false, 0, text, big, 0, err, sizeof err));
    free(text);
    StoreGame g[1];
    assert_int_equal(store_games(st, NULL, g, 1), 0);
    assert_int_equal(store_replay_count(st), 0);
    store_close(st);
}

int main(void)
{
    setenv("LANGUAGE", "en", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games_in_progress),
        cmocka_unit_test(test_rows_count_once),
        cmocka_unit_test(test_replays_kept_once_and_pruned),
        cmocka_unit_test(test_migrates_old_files_once),
        cmocka_unit_test(test_damaged_database_kept_aside),
        cmocka_unit_test(test_unusable_path_left_alone),
        cmocka_unit_test(test_unreadable_files_left_alone),
        cmocka_unit_test(test_two_copies_at_once),
        cmocka_unit_test(test_open_new_profile_together),
        cmocka_unit_test(test_retried_before_each_write),
        cmocka_unit_test(test_game_open_in_one_copy),
        cmocka_unit_test(test_killed_copy_lets_go),
        cmocka_unit_test(test_journal_keeps_to_its_copy),
        cmocka_unit_test(test_guided_game_kept_while_it_runs),
        cmocka_unit_test(test_lessons_kept_apart_from_games),
        cmocka_unit_test(test_older_database_gives_its_lessons_apart),
        cmocka_unit_test(test_oversized_record_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
